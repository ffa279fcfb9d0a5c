"""A language costs a visit only its own words: a German reader's first visit fetches the German
catalogue and no other, the service worker keeps it though it is not on the install list, and the
page speaks German offline."""
import collections
import tempfile
import threading

import pytest

from py_engine.webbuild import serve
from tests.browser.conftest import CHROMIUM, DIST, FLAGS, wait_until
from tests.browser.pages import click, wait_plies

pytestmark = pytest.mark.browser


class CountingHandler(serve.Handler):
    """serve.py's handler, noting each body it sends (a 304 sends none)."""

    sent = collections.defaultdict(list)

    def copyfile(self, source, outputfile):
        data = source.read()
        CountingHandler.sent[self.path.split("?")[0]].append(len(data))
        outputfile.write(data)


def test_a_german_visit_fetches_only_the_german_words_and_keeps_them_offline(browser, tmp_path):
    CountingHandler.sent.clear()
    httpd = serve.server(0, str(DIST), CountingHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    context = browser.browser_type.launch_persistent_context(
        tempfile.mkdtemp(prefix="jetan-german-"), executable_path=CHROMIUM, args=FLAGS, locale="de-DE",
        viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/")
        page.wait_for_selector("body[data-engine=ready]", timeout=90000)
        assert page.evaluate("document.documentElement.lang") == "de"
        click(page, "d2")
        click(page, "d3")
        wait_plies(page, 2, timeout=60000)
        fetched = sorted(path for path in CountingHandler.sent if path.startswith("/i18n/"))
        assert fetched == ["/i18n/de.json"], fetched
        wait_until(page, """async () => (await navigator.serviceWorker.getRegistration())?.active
            && (await (await caches.open("jetan-files")).keys()).some((r) => r.url.includes("/i18n/de."))""",
                   timeout=90)
        httpd.shutdown()                                        # offline
        page.reload()
        page.wait_for_selector("body[data-engine=ready]", timeout=60000)
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.locator("#new-game-button").inner_text() != "New game"
    finally:
        context.close()
        httpd.server_close()
