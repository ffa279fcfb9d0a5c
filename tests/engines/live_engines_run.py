"""Live play between Firefox ESR and Chromium (issue 56): two people on two "devices", one in
Firefox (driven by tests/engines/client.py over WebDriver BiDi), one in Chromium (Playwright),
connected through the app's own invitation and answer — run inside a network namespace of its own
with no ICE server configured (test_live_engines.py starts it there, as tests/browser/test_live.py
starts live_run.py), both browsers started inside it by this script.

First Firefox hosts and Chromium's player is the friend: a game by clicks with a clock, a draw
offered and declined by a move, the friend's resignation, a rematch. Then the other way round:
Chromium hosts, Firefox's player accepts the invitation, and a draw offered from Firefox is
accepted in Chromium. Last, Firefox opens not the app but tests/browser/live_hostile_peer.html and,
from it, sends the app in Chromium messages larger than the app takes (oversized_from_firefox).

Run as ``python -m tests.engines.live_engines_run OUT.json``; it writes what it saw to OUT.json,
with the error that stopped it, if any. The devices (FirefoxDevice, ChromiumDevice: the same few
actions in either browser) serve tests/browser/live_benchmark.py too."""
import json
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.conftest import ARTIFACTS, CHROMIUM, Server, square_centre
from tests.browser.live_hostile_run import FRAME, PEER_PAGE, STATE, WATCH, served_copy
from tests.browser.live_run import LIVE_FLAGS
from tests.engines import client
from tests.engines.conftest import ENGINE_WAIT_S, engine_ready, shot, square


class FirefoxDevice:
    """A person's device in Firefox ESR: the app's page in a Firefox of its own (a fresh profile)."""

    kind = "firefox"

    def __init__(self, workdir, name):
        self.name = name
        self.browser = client.launch("firefox", workdir)
        self.browser.set_viewport(1280, 800)

    @property
    def version(self):
        return self.browser.version

    def open(self, url, engine=True):
        self.browser.goto(url)
        if engine:
            engine_ready(self.browser)

    def evaluate(self, fn, *args):
        return self.browser.call(fn, *args)

    def wait(self, fn, *args, timeout=30):
        return self.browser.wait(fn, *args, timeout=timeout, every=0.05)

    def click(self, selector):
        self.browser.click_element(selector)

    def choose(self, selector, value):
        """Pick ``value`` in a <select>, as a person's choice reaches the page (input, change)."""
        self.evaluate("""(selector, value) => {
            const select = document.querySelector(selector);
            select.value = value;
            select.dispatchEvent(new Event('input', { bubbles: true }));
            select.dispatchEvent(new Event('change', { bubbles: true }));
        }""", selector, value)

    def type(self, selector, text):
        """Type ``text`` into a field with the keyboard (real key input, a key at a time)."""
        self.click(selector)
        keys = []
        for ch in text:
            keys += [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch}]
        ff = self.browser
        ff.send("input.performActions", {"context": ff.context, "actions": [
            {"type": "key", "id": "keyboard", "actions": keys}]})
        ff.send("input.releaseActions", {"context": ff.context})

    def value(self, selector):
        return self.evaluate("(s) => document.querySelector(s).value", selector)

    def text(self, selector):
        return self.evaluate("(s) => document.querySelector(s).innerText", selector)

    def click_square(self, name):
        self.browser.click(*square(self.browser, name))

    def screenshot(self, name):
        shot(self.browser, name)

    def errors(self):
        return self.browser.page_errors() or []

    def close(self):
        self.browser.close()


class ChromiumDevice:
    """A person's device in Chromium: a browser context of its own (its own storage)."""

    kind = "chromium"

    def __init__(self, browser, name):
        self.name = name
        self.version = f"Chromium {browser.version}"
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.context.new_page()
        self.page_errors = []
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))

    def open(self, url, engine=True):
        self.page.goto(url)
        if engine:
            self.page.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_WAIT_S * 1000)

    def evaluate(self, fn, *args):
        # Playwright passes one argument: the function is given them spread, as client.call does.
        return self.page.evaluate(f"(args) => ({fn})(...args)", list(args))

    def wait(self, fn, *args, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(fn, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: waited {timeout} s for: {fn[:100]}")
            self.page.wait_for_timeout(50)

    def click(self, selector):
        self.page.click(selector)

    def choose(self, selector, value):
        self.page.select_option(selector, value)

    def type(self, selector, text):
        self.page.fill(selector, text)

    def value(self, selector):
        return self.page.input_value(selector)

    def text(self, selector):
        return self.page.inner_text(selector)

    def click_square(self, name):
        board = self.page.locator("#board")
        self.page.mouse.click(*square_centre(board, name, board.get_attribute("data-flipped") == "true"))

    def screenshot(self, name):
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"engines-live-{self.name}-{name}.png"))

    def errors(self):
        return list(self.page_errors)

    def close(self):
        self.context.close()


# ---- what a person does ---------------------------------------------------------------------------

def plies(device):
    return int(device.evaluate("() => document.body.dataset.plies || '0'"))


def wait_plies(device, n, timeout=30):
    device.wait("(n) => Number(document.body.dataset.plies) === n", n, timeout=timeout)


def move(mover, other, frm, to, count):
    """``mover`` plays frm-to by clicks; both boards then show ``count`` plies."""
    mover.click_square(frm)
    mover.click_square(to)
    for device in (mover, other):
        wait_plies(device, count)


def notice(device):
    return device.evaluate("() => document.getElementById('notice').hidden ? ''"
                           " : document.getElementById('notice-text').textContent")


def notice_says(device, words, timeout=30):
    device.wait("(w) => !document.getElementById('notice').hidden && "
                "document.getElementById('notice-text').textContent.toLowerCase().includes(w)",
                words.lower(), timeout=timeout)


def link_shown(device, key):
    device.wait("(k) => document.getElementById('live-link')?.value.includes(k)", key)


def saved(device):
    return device.evaluate("() => JSON.parse(localStorage.getItem('jetan.saved')).game")


def over(device):
    device.wait("() => document.getElementById('status').classList.contains('over')", timeout=20)


def invite(host, side="black", clock="5+3"):
    """The host: New game → a friend on another device, live, with ``clock``, playing ``side``;
    the invitation link."""
    host.click("#new-game-button")
    host.click("input[name=opponent][value=live]")
    host.choose("select[name=clock]", clock)
    host.choose("select[name=colour]", side)
    host.click("#start-button")
    link_shown(host, "#live=")
    return host.value("#live-link")


def connect(host, guest, invitation, seen):
    """The friend opens the invitation, accepts, answers; the host pastes the answer; both are
    connected. Notes what each saw."""
    guest.open(invitation, engine=False)
    guest.wait("() => document.getElementById('live-dialog')?.open", timeout=30)
    seen["offer"] = guest.text("#live-text")
    guest.wait("() => document.body.dataset.engine === 'ready'", timeout=ENGINE_WAIT_S)
    guest.click("#live-accept")
    link_shown(guest, "#live-answer=")
    answer = guest.value("#live-link")
    seen["invitation length"], seen["answer length"] = len(invitation), len(answer)
    host.type("#live-answer", answer)
    started = time.monotonic()
    host.click("#live-take")
    for device in (host, guest):
        device.wait("() => !document.getElementById('live-dialog').open", timeout=30)
        notice_says(device, "connected")
    seen["connected after (s)"] = round(time.monotonic() - started, 2)


def firefox_hosts(ff, cr, seen, _server):
    """Firefox's player invites, Chromium's is the friend: a whole short game by clicks with a
    clock, a draw offered and declined, the friend's resignation, a rematch."""
    invitation = invite(ff, "black")
    ff.screenshot("live-invitation")
    connect(ff, cr, invitation, seen)
    seen["steps"].append("connected")
    move(ff, cr, "d2", "d3", 1)
    move(cr, ff, "g9", "g8", 2)
    move(ff, cr, "e2", "e3", 3)
    move(cr, ff, "c9", "c8", 4)
    seen["steps"].append("moved")
    seen["clocks"] = [saved(d)["clock"] for d in (ff, cr)]
    seen["clocks shown"] = [d.evaluate("() => [...document.querySelectorAll('.clock:not([hidden])')]"
                                       ".map((c) => c.innerText)") for d in (ff, cr)]
    # A draw offered from Firefox, declined by Chromium's player moving on.
    ff.click("#draw-button")
    notice_says(cr, "draw")
    seen["draw offer"] = notice(cr)
    move(ff, cr, "f2", "f3", 5)
    move(cr, ff, "b9", "b8", 6)
    seen["steps"].append("draw declined")
    # The friend (Chromium) resigns: the same result on both boards.
    for _ in range(2):
        cr.click("#resign-button")
    for d in (ff, cr):
        over(d)
    seen["results"] = [d.text("#status") for d in (ff, cr)]
    seen["records"] = [saved(d)["moves"] for d in (ff, cr)]
    seen["endings"] = [{k: saved(d).get(k) for k in ("resigned", "agreed", "flagged")} for d in (ff, cr)]
    ff.screenshot("live-resigned")
    seen["steps"].append("resigned")
    # A rematch, colours swapped: offered in Firefox, accepted in Chromium.
    ff.click("#rematch-button")
    notice_says(cr, "rematch")
    cr.click("#notice-action")
    for d in (ff, cr):
        d.wait("() => document.body.dataset.plies === '0'", timeout=30)
    seen["rematch sides"] = [saved(d)["live"]["side"] for d in (ff, cr)]
    move(cr, ff, "d2", "d3", 1)                 # Chromium's player now has Black
    move(ff, cr, "g9", "g8", 2)
    seen["rematch records"] = [saved(d)["moves"] for d in (ff, cr)]
    seen["steps"].append("rematch")


def chromium_hosts(ff, cr, seen, _server):
    """The other way round: Chromium's player invites (playing Orange), Firefox's accepts; a draw
    offered from Firefox is accepted in Chromium: the same result on both boards."""
    invitation = invite(cr, "orange", "10+5")
    connect(cr, ff, invitation, seen)
    seen["steps"].append("connected")
    move(ff, cr, "d2", "d3", 1)                 # Firefox's player has Black
    move(cr, ff, "g9", "g8", 2)
    move(ff, cr, "e2", "e3", 3)
    move(cr, ff, "c9", "c8", 4)
    seen["steps"].append("moved")
    seen["clocks"] = [saved(d)["clock"] for d in (ff, cr)]
    ff.click("#draw-button")
    notice_says(cr, "draw")
    seen["draw offer"] = notice(cr)
    cr.click("#notice-action")                  # "Accept the draw"
    for d in (ff, cr):
        over(d)
    seen["results"] = [d.text("#status") for d in (ff, cr)]
    seen["records"] = [saved(d)["moves"] for d in (ff, cr)]
    seen["endings"] = [{k: saved(d).get(k) for k in ("resigned", "agreed", "flagged")} for d in (ff, cr)]
    ff.screenshot("live-drawn")
    seen["steps"].append("drawn")


def oversized_from_firefox(ff, cr, seen, server):
    """Messages larger than any the app sends, from a hostile peer in Firefox (not the app:
    tests/browser/live_hostile_peer.html) that claims the app takes messages of up to 1 GB, so
    that Firefox's channel sends them (Chromium's sends none over 256 KB, whatever it is told):
    each that arrives must be refused by the app with a sentence, the game as it was, the page
    answering."""
    invitation = invite(cr, "black", "")
    ff.open(server.url + PEER_PAGE.name, engine=False)
    ff.wait("() => document.body.dataset.ready === 'true'")
    answer = ff.evaluate("(link) => peer.answer(link, { claimedLimit: 1073741823 })", invitation)
    cr.type("#live-answer", answer)
    cr.click("#live-take")
    ff.wait("() => peer.open && peer.inbox.some((m) => m.type === 'hello')", timeout=30)
    game = ff.evaluate("() => peer.greet()")["game"]
    notice_says(cr, "connected")
    seen["channel's limit in firefox"] = ff.evaluate("() => peer.maxMessageSize")
    cr.evaluate(WATCH)
    seen["sent"] = []
    for size in (256 * 1024 + 1, 1024 * 1024, 4 * 1024 * 1024, 10 * 1024 * 1024):
        before = cr.evaluate(STATE)
        cr.evaluate("() => { window.noticeLog.length = 0; }")
        began = time.monotonic()
        move = {"type": "move", "game": game, "ply": 1, "from": 84, "to": 74, "time": None, "hash": "00" * 32}
        refused = ff.evaluate("(m, n) => peer.padded(m, n)", move, size)
        try:
            cr.wait("() => window.noticeLog.some((t) => t.includes('far larger than any this app sends'))",
                    timeout=20 if size < 10 * 1024 * 1024 else 10)
        except TimeoutError:
            pass
        after = cr.evaluate(STATE)
        seen["sent"].append({
            "bytes": size, "refused by the channel": refused,
            "notices": cr.evaluate("() => window.noticeLog"),
            "still in firefox's buffer": ff.evaluate("() => peer.channel.bufferedAmount"),
            "after (s)": round(time.monotonic() - began, 1), "unchanged": before == after, "state": after,
            "frame ms": round(cr.evaluate(FRAME), 1),
            "connection": ff.evaluate("() => [peer.channel.readyState, peer.pc.connectionState]")})
    seen["steps"].append("oversized")


def run(out):
    seen = {}
    folder = Path(tempfile.mkdtemp(prefix="jetan-live-engines-"))
    server = Server(served_copy(folder, [PEER_PAGE]))
    ff = None
    started = time.monotonic()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=LIVE_FLAGS)
        try:
            # One browser loads the app at a time: Firefox's engine first, then Chromium's.
            ff = FirefoxDevice(folder / "firefox", "firefox")
            ff.open(server.url)
            cr = ChromiumDevice(chromium, "chromium")
            cr.open(server.url)
            seen["versions"] = [ff.version, cr.version]
            seen["engines ready after (s)"] = round(time.monotonic() - started, 1)
            for name, scenario in (("firefox hosts", firefox_hosts), ("chromium hosts", chromium_hosts),
                                   ("oversized from firefox", oversized_from_firefox)):
                part = seen[name] = {"steps": []}
                began = time.monotonic()
                scenario(ff, cr, part, server)
                part["took (s)"] = round(time.monotonic() - began, 1)
                part["errors"] = [*ff.errors(), *cr.errors()]
        except Exception:          # what stopped it, for the test to show
            seen["error"] = traceback.format_exc()
        finally:
            if ff is not None:
                ff.close()
            chromium.close()
            server.stop()
            shutil.rmtree(folder, ignore_errors=True)
    seen["took (s)"] = round(time.monotonic() - started, 1)
    with open(out, "w") as f:
        json.dump(seen, f, indent=1)


if __name__ == "__main__":
    run(sys.argv[1])
