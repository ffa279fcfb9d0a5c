"""Two people playing a live game on two "devices" — two Chromium contexts with storage of their
own — connected through the app's own invitation and answer, run inside a network namespace of
its own (test_live.py starts it there: every packet stays inside, no ICE server is configured).

Run as ``python -m tests.browser.live_run OUT.json``; it writes what it saw to OUT.json, with
the error that stopped it, if any. A script, not a test, because the browsers must start inside
the namespace, and pytest's own browser (conftest.py) lives outside it."""
import json
import sys
import time
import traceback

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, FLAGS, Server, square_centre, wait_until

# No ICE server: the browsers find each other on the namespace's own link.
NO_ICE_SERVERS = ("export const ICE_SERVERS = [];\nexport const GATHER_MS = 3000;\n"
                  "export const CONNECT_MS = 30000;\n")
# Plain addresses rather than mDNS names: nothing to resolve inside the namespace.
LIVE_FLAGS = [*FLAGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]


# A phone: 390×844, touch.
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def device(browser, server, name, config=NO_ICE_SERVERS, size=None, locale=None):
    """A person's device: a browser context of its own (``size``: PHONE, or 1280×800; ``locale``:
    its language, e.g. "de-DE", else the browser's, en-US), the app open and its engine ready."""
    context = browser.new_context(**(size or {"viewport": {"width": 1280, "height": 800}}),
                                  **({"locale": locale} if locale else {}))
    context.route("**/js/live-config.js",
                  lambda route: route.fulfill(body=config, content_type="text/javascript"))
    page = context.new_page()
    page.errors = []
    page.name = name
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url)
    page.wait_for_selector("body[data-engine=ready]", timeout=120000)
    return page


def click(page, square):
    flipped = page.locator("#board").get_attribute("data-flipped") == "true"
    page.mouse.click(*square_centre(page.locator("#board"), square, flipped))


def plies(page):
    return int(page.evaluate("document.body.dataset.plies || '0'"))


def move(mover, other, frm, to, count):
    """``mover`` plays frm-to by clicks; both boards then show ``count`` plies."""
    click(mover, frm)
    click(mover, to)
    for page in (mover, other):
        wait_until(page, f"() => Number(document.body.dataset.plies) === {count}", timeout=30)


def notice(page):
    return page.evaluate("document.getElementById('notice').hidden ? ''"
                         " : document.getElementById('notice-text').textContent")


def invite(host, clock="5+3", colour="black"):
    """The host starts a live game (New game → a friend on another device) with ``clock``,
    playing ``colour``; returns the invitation's link. (On a phone, New game is in the Menu.)"""
    if host.locator("#menu-button").is_visible():
        host.click("#menu-button")
    host.click("#new-game-button")
    host.check("input[name=opponent][value=live]")
    host.select_option("select[name=clock]", clock)
    host.select_option("select[name=colour]", colour)
    host.click("#start-button")
    link_shown(host, "#live=")
    return host.input_value("#live-link")


def link_shown(page, key):
    """Wait until the live dialog shows a link with ``key`` ("#live=", "#live-answer=")."""
    wait_until(page, f"() => document.getElementById('live-link')?.value.includes('{key}')", timeout=30)


def notice_says(page, words):
    """Wait until the notice bar says ``words`` (in any case)."""
    wait_until(page, "(w) => document.getElementById('notice-text').textContent.toLowerCase().includes(w)",
               words.lower(), timeout=30)


def no_connection(browser, server, seen):
    """An answer whose device is gone before the host takes it: no connection within the time
    allowed (3 s here), said in words, and the same game goes on by correspondence links."""
    host = device(browser, server, "host", NO_ICE_SERVERS.replace("30000", "3000"))
    guest = device(browser, server, "guest", size=PHONE)
    guest.goto(invite(host, clock=""))
    guest.wait_for_selector("#live-dialog[open]")
    guest.tap("#live-accept")
    link_shown(guest, "#live-answer=")
    guest.wait_for_timeout(300)           # the QR code drawn
    guest.screenshot(path="test-artifacts/live-answer-phone.png")
    seen["phone"] = guest.evaluate("""() => ({
        wide: document.documentElement.scrollWidth,
        small: [...document.querySelectorAll('#live-dialog button, #live-dialog input')]
            .filter((e) => e.offsetParent && e.getBoundingClientRect().height < 44)
            .map((e) => e.id || e.textContent),
        qr: document.getElementById('live-qr').getBoundingClientRect().right <= innerWidth })""")
    answer = guest.input_value("#live-link")
    guest.close()
    host.fill("#live-answer", answer)
    host.click("#live-take")
    notice_says(host, "no connection could be made")
    seen["no connection"] = notice(host)
    host.click("#notice-action")                                 # Play by correspondence
    host.wait_for_selector("#share-dialog[open]")
    seen["by correspondence"] = [host.input_value("#share-correspondence"), saved(host)]
    seen["errors"] += host.errors
    seen["steps"].append("no connection: by correspondence")


def saved(page):
    """The game the page saved."""
    return page.evaluate("JSON.parse(localStorage.getItem('jetan.saved')).game")


def run(out):
    seen = {"steps": []}
    server = Server()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LIVE_FLAGS)
        try:
            host, guest = device(browser, server, "host"), device(browser, server, "guest")
            # The host: New game → a friend on another device, live, 5+3, playing Black.
            invitation = invite(host)
            host.wait_for_timeout(300)          # the QR code drawn
            host.screenshot(path="test-artifacts/live-invitation.png")
            seen["invitation length"] = len(invitation)
            seen["steps"].append("invited")
            # The friend opens it, sees the game offered, accepts, and gets an answer to send back.
            guest.goto(invitation)
            guest.wait_for_selector("#live-dialog[open]")
            guest.screenshot(path="test-artifacts/live-offered.png")
            seen["offer"] = guest.inner_text("#live-text")
            guest.wait_for_selector("body[data-engine=ready]", timeout=120000)
            guest.click("#live-accept")
            link_shown(guest, "#live-answer=")
            answer = guest.input_value("#live-link")
            guest.screenshot(path="test-artifacts/live-answer.png")
            seen["answer length"] = len(answer)
            # The host opens it in another tab of the same browser: it reaches the inviting tab, and
            # both boards are connected (the reconnection below pastes it instead).
            started = time.monotonic()
            other_tab = host.context.new_page()
            other_tab.goto(answer)
            notice_says(other_tab, "passed to your game in your other tab")
            seen["answer tab"] = notice(other_tab)
            other_tab.close()
            for page in (host, guest):
                wait_until(page, "() => !document.getElementById('live-dialog').open", timeout=30)
                notice_says(page, "connected")
            seen["connected after (s)"] = round(time.monotonic() - started, 2)
            seen["steps"].append("connected")
            # A game by clicks, each move on both boards.
            move(host, guest, "d2", "d3", 1)
            move(guest, host, "g9", "g8", 2)
            move(host, guest, "e2", "e3", 3)
            move(guest, host, "c9", "c8", 4)
            seen["steps"].append("moved")
            seen["clocks"] = [saved(page)["clock"] for page in (host, guest)]
            # A draw offered and declined by a move.
            host.click("#draw-button")
            notice_says(guest, "draw")
            seen["draw offer"] = notice(guest)
            move(host, guest, "f2", "f3", 5)
            move(guest, host, "b9", "b8", 6)
            seen["steps"].append("draw declined")
            # The friend resigns: the same result on both boards.
            for _ in range(2):
                guest.click("#resign-button")
            for page in (host, guest):
                wait_until(page, "() => document.getElementById('status').classList.contains('over')",
                           timeout=20)
            seen["results"] = [page.inner_text("#status") for page in (host, guest)]
            seen["records"] = [saved(page)["moves"] for page in (host, guest)]
            seen["steps"].append("resigned")
            # A rematch, colours swapped.
            host.click("#rematch-button")
            notice_says(guest, "rematch")
            guest.click("#notice-action")
            for page in (host, guest):
                wait_until(page, "() => document.body.dataset.plies === '0'", timeout=30)
            seen["rematch sides"] = [saved(page)["live"]["side"] for page in (host, guest)]
            move(guest, host, "d2", "d3", 1)
            seen["steps"].append("rematch")
            # The friend's tab reloads mid-game: the game is there, and a fresh invitation from it
            # (opened by the host's tab) connects the two again; the games are joined.
            guest.reload()
            guest.wait_for_selector("body[data-engine=ready]", timeout=120000)
            wait_until(guest, "() => document.body.dataset.plies === '1'", timeout=30)
            notice_says(guest, "fresh invitation")
            guest.click("#notice-action")                            # Invite again
            link_shown(guest, "#live=")
            host.goto(guest.input_value("#live-link"))
            host.wait_for_selector("#live-dialog[open]")
            seen["reconnect offer"] = host.inner_text("#live-text")
            host.click("#live-accept")
            link_shown(host, "#live-answer=")
            guest.fill("#live-answer", host.input_value("#live-link"))
            guest.click("#live-take")
            for page in (host, guest):
                wait_until(page, "() => !document.getElementById('live-dialog').open", timeout=30)
                notice_says(page, "connected")
            move(host, guest, "g9", "g8", 2)
            move(guest, host, "e2", "e3", 3)
            seen["records after reconnecting"] = [saved(page)["moves"] for page in (host, guest)]
            seen["steps"].append("reconnected")
            # The friend's device goes away for good: the host plays on against the engine.
            guest.close()
            notice_says(host, "dropped")
            host.click("#take-on-button")
            host.click("#who-plays-orange")                         # the host plays Orange
            wait_until(host, "() => document.body.dataset.vsEngine === 'true'", timeout=30)
            click(host, "c9")
            click(host, "c8")
            # The engine may answer between two looks: the move and its answer, together.
            wait_until(host, "() => document.body.dataset.plies === '5'", timeout=60)
            seen["played on alone"] = "live" not in saved(host)
            seen["steps"].append("played on against the engine")
            host.screenshot(path="test-artifacts/live-host.png")
            seen["errors"] = [*host.errors, *guest.errors]
            no_connection(browser, server, seen)
        except Exception:          # what stopped it, for the test to show, with each page as it was
            seen["error"] = traceback.format_exc()
            for i, page in enumerate(page for context in browser.contexts for page in context.pages):
                page.screenshot(path=f"test-artifacts/live-failed-{i}.png")
        finally:
            browser.close()
            server.stop()
    with open(out, "w") as f:
        json.dump(seen, f, indent=1)


if __name__ == "__main__":
    run(sys.argv[1])
