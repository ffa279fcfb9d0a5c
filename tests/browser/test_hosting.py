"""The app as a visitor first meets it on a host: served by `build.sh serve`'s own server
(py_engine/webbuild/serve.py: brotli, revalidated files) from a sub-folder, in a fresh browser
profile on disk. It starts, plays a move against the engine, its service worker keeps every file
for offline play, and each file crosses the wire once (docs/architecture.md, "The service worker"); then,
the server gone, a reload still plays."""
import collections
import json
import shutil
import tempfile
import threading

import pytest

from py_engine.webbuild import serve
from tests.browser.conftest import CHROMIUM, DIST, FLAGS, wait_until
from tests.browser.pages import click, wait_plies

pytestmark = pytest.mark.browser

# What a first visit may download, everything counted (docs/benchmarks.md, "Size and releases").
FIRST_VISIT_BYTES = 5_000_000


class CountingHandler(serve.Handler):
    """serve.py's handler, noting the size of each body it sends (a 304 sends none)."""

    sent = collections.defaultdict(list)

    def copyfile(self, source, outputfile):
        data = source.read()
        path = self.path.split("?")[0]
        CountingHandler.sent[path + "index.html" if path.endswith("/") else path].append(len(data))
        outputfile.write(data)


def precached_files():
    """How many files precache.js tells the service worker to keep."""
    text = (DIST / "precache.js").read_text()
    return len(json.loads(text.split("self.PRECACHE = ", 1)[1].rstrip().rstrip(";"))["files"])


def test_a_first_visit_from_a_sub_folder_downloads_each_file_once_and_plays_offline(browser, tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "jetan").symlink_to(DIST)
    CountingHandler.sent.clear()
    httpd = serve.server(0, str(tmp_path), CountingHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    profile = tempfile.mkdtemp(prefix="jetan-visitor-")
    # A profile on disk, as a visitor's is: an in-memory one's HTTP cache keeps no file as large as
    # the runtime's, so its service worker would download that again.
    context = browser.browser_type.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=FLAGS, viewport={"width": 1280, "height": 800})
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/games/jetan/"
        page = context.new_page()
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
        wanted = precached_files()
        wait_until(page, """async (wanted) => (await navigator.serviceWorker.getRegistration())?.active
            && (await (await caches.open("jetan-files")).keys()).length >= wanted""", wanted, timeout=90)
        twice = {path: sizes for path, sizes in CountingHandler.sent.items() if len(sizes) > 1}
        assert not twice, f"downloaded more than once: {twice}"
        total = sum(map(sum, CountingHandler.sent.values()))
        assert total <= FIRST_VISIT_BYTES, f"a first visit downloaded {total:,} bytes"
        httpd.shutdown()                                        # offline
        page.reload()
        page.wait_for_selector("body[data-engine=ready]", timeout=60000)
        wait_plies(page, 2)
        click(page, "e2")
        click(page, "e3")
        wait_plies(page, 4, timeout=60000)
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
        httpd.server_close()
