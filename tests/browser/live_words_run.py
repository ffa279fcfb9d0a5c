"""Two friends who read different languages play one live game (issue 57): the host's browser in
English, the friend's in German (a Chromium context with locale de-DE, a phone at 390×844), both
connected through the app's own invitation and answer, run inside a network namespace of its own
as live_run.py's scenario is (test_live.py starts it there: no packet leaves it, no ICE server).

Each device says the game in its reader's language — the invitation the friend opens, the
answer, the notices — from one invitation that carries no language, and the game agrees. The
German dialog is measured on the phone at each step — the offer, the answer, and an invitation
of the friend's own — (nothing wider than the screen or cut, every control 44 px or more) and
photographed at 390×844 and 1280×800 (test-artifacts/live-*-de-*.png); the dialog follows a
switch of language while it is open.

Run as ``python -m tests.browser.live_words_run OUT.json``; it writes what it saw to OUT.json."""
import json
import sys
import traceback

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, Server
from tests.browser.live_run import (LIVE_FLAGS, PHONE, device, invite, link_shown, move, notice, notice_says,
                                    saved)

# What a dialog's words and controls look like on the page: any control under 44 px, anything
# wider than the screen, any text cut (wider than its box), and the dialog's words.
MEASURE = """() => {
    const dialog = document.getElementById('live-dialog');
    const shown = [...dialog.querySelectorAll('*')].filter((e) => e.offsetParent !== null);
    const text = (id) => document.getElementById(id).innerText;
    const name = (e) => e.id || e.tagName + ':' + e.textContent.slice(0, 40);
    const box = (e) => e.getBoundingClientRect();
    const outside = (e) => box(e).right > innerWidth + 1 || box(e).left < -1;
    return {
        wide: document.documentElement.scrollWidth, screen: innerWidth,
        small: shown.filter((e) => ['BUTTON', 'INPUT'].includes(e.tagName)
                                   && e.getBoundingClientRect().height < 44).map(name),
        cut: shown.filter((e) => e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'INPUT').map(name),
        outside: shown.filter(outside).map(name),
        title: text('live-title'), text: text('live-text'),
        buttons: shown.filter((e) => e.tagName === 'BUTTON').map((e) => e.textContent),
        labels: shown.filter((e) => e.matches('label > span:first-child')).map((e) => e.textContent),
        qr: document.getElementById('live-qr').getAttribute('aria-label'),
        lang: document.documentElement.lang,
    };
}"""

SWITCH = "(lang) => import('./js/i18n.js').then((i18n) => i18n.useLanguage(lang))"


def run(out):
    seen = {"steps": [], "errors": []}
    server = Server()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LIVE_FLAGS)
        try:
            host = device(browser, server, "host")
            friend = device(browser, server, "friend", size=PHONE, locale="de-DE")
            invitation = invite(host)
            seen["host invites"] = host.evaluate(MEASURE)
            seen["invitation"] = invitation
            # The friend opens it: the game offered, in German.
            friend.goto(invitation)
            friend.wait_for_selector("#live-dialog[open]")
            friend.wait_for_selector("body[data-engine=ready]", timeout=120000)
            seen["offer"] = friend.evaluate(MEASURE)
            friend.screenshot(path="test-artifacts/live-offer-de-phone.png")
            friend.tap("#live-accept")
            link_shown(friend, "#live-answer=")
            friend.wait_for_timeout(300)                 # the QR code drawn
            seen["answer"] = friend.evaluate(MEASURE)
            friend.screenshot(path="test-artifacts/live-answer-de-phone.png")
            # A switch of language while the dialog is open: it says the same in English, then
            # in German again.
            friend.evaluate(SWITCH, "en")
            seen["answer in English"] = friend.evaluate(MEASURE)
            friend.evaluate(SWITCH, "de")
            seen["answer in German again"] = friend.evaluate(MEASURE)
            friend.set_viewport_size({"width": 1280, "height": 800})
            friend.wait_for_timeout(300)
            friend.screenshot(path="test-artifacts/live-answer-de-desktop.png")
            seen["answer at 1280"] = friend.evaluate(MEASURE)
            friend.set_viewport_size(PHONE["viewport"])
            seen["steps"].append("offered and answered")
            # The host pastes the answer: both connected, each told in their language.
            host.fill("#live-answer", friend.input_value("#live-link"))
            host.click("#live-take")
            notice_says(host, "your friend is connected")
            notice_says(friend, "dein gegenüber ist verbunden")
            seen["connected"] = [notice(host), notice(friend)]
            seen["steps"].append("connected")
            move(host, friend, "d2", "d3", 1)
            move(friend, host, "g9", "g8", 2)
            # A draw offered in English reaches the friend in German, with its button.
            host.click("#draw-button")
            notice_says(friend, "remis")
            seen["draw offer"] = [notice(friend), friend.inner_text("#notice-action")]
            friend.screenshot(path="test-artifacts/live-notice-de-phone.png")
            move(host, friend, "e2", "e3", 3)
            move(friend, host, "c9", "c8", 4)
            seen["steps"].append("played")
            seen["records"] = [saved(page)["moves"] for page in (host, friend)]
            # The friend invites in turn (a new game): the dialog's longest step, in German.
            invite(friend)
            friend.wait_for_timeout(300)                 # the QR code drawn
            seen["invite"] = friend.evaluate(MEASURE)
            friend.screenshot(path="test-artifacts/live-invite-de-phone.png")
            seen["steps"].append("invited in German")
            seen["errors"] = [*host.errors, *friend.errors]
        except Exception:          # what stopped it, with each page as it was
            seen["error"] = traceback.format_exc()
            for i, page in enumerate(page for context in browser.contexts for page in context.pages):
                page.screenshot(path=f"test-artifacts/live-words-failed-{i}.png")
        finally:
            browser.close()
            server.stop()
    with open(out, "w") as f:
        json.dump(seen, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    run(sys.argv[1])
