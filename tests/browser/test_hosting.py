"""The app served by `build.sh serve`'s own server (py_engine/webbuild/serve.py) from a sub-folder, as a
host might put it: it starts, plays a move against the engine, and its files are revalidated."""
import threading

import pytest

from py_engine.webbuild import serve
from tests.browser.conftest import DIST
from tests.browser.pages import click, wait_plies

pytestmark = pytest.mark.browser


def test_the_app_plays_from_a_sub_folder(page, tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "jetan").symlink_to(DIST)
    httpd = serve.server(0, str(tmp_path))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/games/jetan/"
        headers = []
        page.on("response", lambda r: headers.append((r.url, r.status, r.headers.get("cache-control"))))
        page.goto(url)
        page.wait_for_selector("body[data-engine=ready]", timeout=90000)
        click(page, "d2")
        click(page, "d3")
        wait_plies(page, 2, timeout=60000)                     # the engine answered
        ours = [h for h in headers if h[0].startswith(url)]
        assert ours and all(status in (200, 304) for _, status, _ in ours)
        assert all(cache == "no-cache" for _, status, cache in ours if status == 200)
    finally:
        httpd.shutdown()
        httpd.server_close()
