"""A hostile peer against the app's live game, run inside a network namespace of its own
(test_live_hostile.py starts it there, as test_live.py starts live_run.py): a Chromium page of the
app hosts a live game, and on the other side is not the app but live_hostile_peer.html — a small
script page served beside a copy of dist/ — that answers the app's invitation with an
RTCPeerConnection of its own (a data channel made as peer.js makes it: negotiated, id 0), greets
the app as live.js expects a friend's device to, and then sends what no friend's app would: a move
out of turn, an illegal move, a forged position hash, a move with the wrong number, the largest
message the channel carries and larger ones, a flood, unknown versions, types and games, garbage
and bytes that are not text. After each the script notes what the host's notice bar said, whether
its game changed, its page errors, and how fast the page still answers.

Run as ``python -m tests.browser.live_hostile_run OUT.json``; it writes what it saw to OUT.json,
with the error that stopped it, if any."""
import json
import re
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

from playwright.sync_api import sync_playwright

from py_engine import facade
from tests.browser.conftest import CHROMIUM, Server, square_centre, wait_until
from tests.browser.live_run import LIVE_FLAGS, NO_ICE_SERVERS, invite, notice_says, saved
from tests.engines.conftest import copy_of_dist

PEER_PAGE = Path(__file__).with_name("live_hostile_peer.html")


def sq(name):
    """A square's index as the protocol numbers them ("d2" → 13)."""
    return "abcdefghij".index(name[0]) + 10 * (int(name[1:]) - 1)


def served_copy(into, extra=()):
    """A copy of dist/ whose js/live-config.js configures no ICE server (its revision in
    precache.js made to match, its compressed copies dropped), with the files ``extra`` beside
    index.html: every page the browsers load in the namespace, one origin."""
    import hashlib
    dist = copy_of_dist(Path(into) / "dist")
    config = dist / "js" / "live-config.js"
    config.write_text(NO_ICE_SERVERS)
    for suffix in (".br", ".gz"):
        config.with_name(config.name + suffix).unlink(missing_ok=True)
    revision = hashlib.sha256(NO_ICE_SERVERS.encode()).hexdigest()[:16]
    precache = dist / "precache.js"
    precache.write_text(re.sub(r'\["js/live-config\.js", "\w+"\]', f'["js/live-config.js", "{revision}"]',
                               precache.read_text()))
    for suffix in (".br", ".gz"):
        precache.with_name(precache.name + suffix).unlink(missing_ok=True)
    for path in extra:
        shutil.copy(path, dist / Path(path).name)
    return dist


def hash_after(moves):
    """The hash a move message carries of the position after ``moves`` from the standard start:
    SHA-256 of the position string the engine gives (the app's engine is this same Python, in
    Pyodide)."""
    import hashlib
    reply = facade.handle({"op": "state", "rules": "", "start": "start", "moves": moves})
    position = reply["state"]["position"]
    return hashlib.sha256(position.encode()).hexdigest()


# What the host page is watched for: every text its notice bar shows (a MutationObserver, so
# that a sentence said twice is seen twice), and how long a click on a button takes to change
# the page and reach the screen (from the press to the next frame after the change).
WATCH = """() => {
    window.noticeLog = [];
    const notice = document.getElementById('notice-text');
    window.noticeAt = performance.now();
    new MutationObserver(() => {
        window.noticeLog.push(notice.textContent);
        window.noticeAt = performance.now();
    }).observe(notice, { childList: true, characterData: true, subtree: true });
    window.clickLog = [];
    let pressed = null;
    document.getElementById('flip-button')
        .addEventListener('pointerdown', () => { pressed = performance.now(); }, true);
    new MutationObserver(() => {
        if (pressed === null) return;
        const at = pressed;
        pressed = null;
        requestAnimationFrame(() => window.clickLog.push(performance.now() - at));
    }).observe(document.getElementById('board'), { attributes: true, attributeFilter: ['data-flipped'] });
    return true;
}"""

# A frame's round trip: from now to the next frame painted and a task after it (ms).
FRAME = """async () => {
    const t0 = performance.now();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t0;
}"""

STATE = """() => ({ plies: document.body.dataset.plies,
    moves: [...document.querySelectorAll('#moves button')].map((b) => b.textContent),
    saved: JSON.parse(localStorage.getItem('jetan.saved')).game.moves,
    status: document.getElementById('status').textContent })"""


def responsive(host):
    """How the host's page answers now: a frame's round trip, and a real click on the flip button
    until the board shows it flipped and the frame after (ms, measured in the page); flipped back."""
    frame = host.evaluate(FRAME)
    clicks = []
    for _ in range(2):
        count = host.evaluate("window.clickLog.length")
        host.click("#flip-button")
        wait_until(host, f"() => window.clickLog.length > {count}", timeout=10)
        clicks.append(host.evaluate("window.clickLog.at(-1)"))
    return {"frame ms": round(frame, 1), "click ms": round(max(clicks), 1)}


def run(out):
    seen = {"tricks": []}
    folder = Path(tempfile.mkdtemp(prefix="jetan-hostile-"))
    server = Server(served_copy(folder, [PEER_PAGE]))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LIVE_FLAGS)
        try:
            host_context = browser.new_context(viewport={"width": 1280, "height": 800})
            host = host_context.new_page()
            host.errors = []
            host.on("pageerror", lambda e: host.errors.append(str(e)))
            host.goto(server.url)
            host.wait_for_selector("body[data-engine=ready]", timeout=120000)
            # The host: New game → a friend on another device, live, 5+3, playing Black.
            invitation = invite(host)
            # The hostile peer: a page of its own (storage of its own), not the app.
            peer = browser.new_context().new_page()
            peer.errors = []
            peer.on("pageerror", lambda e: peer.errors.append(str(e)))
            peer.goto(server.url + PEER_PAGE.name)
            peer.wait_for_selector("body[data-ready=true]")
            answer = peer.evaluate("(link) => peer.answer(link)", invitation)
            host.fill("#live-answer", answer)
            host.click("#live-take")
            wait_until(peer, "() => peer.open && peer.inbox.some((m) => m.type === 'hello')", timeout=30)
            hello = peer.evaluate("() => peer.greet()")
            notice_says(host, "connected")
            wait_until(host, "() => !document.getElementById('live-dialog').open", timeout=10)
            seen["hello"] = hello
            seen["max message size"] = peer.evaluate("() => peer.maxMessageSize")
            seen["connected"] = host.inner_text("#notice-text")
            game = hello["game"]
            host.evaluate(WATCH)

            def move(**fields):
                return {"type": "move", "game": game, "ply": 2, "from": sq("e9"), "to": sq("e8"),
                        "time": 290000, "hash": "00" * 32, **fields}

            def trick(name, send, arg=None, expect=None, settle_ms=300):
                """Send something hostile (``send``: the peer page's function, given ``arg``);
                note what the host's notice said (waiting for ``expect``, a regular expression),
                whether its game changed, its errors, and how fast its page answers."""
                before = host.evaluate(STATE)
                errors = len(host.errors)
                host.evaluate("window.noticeLog.length = 0")
                sent = peer.evaluate(send, arg)
                peer.evaluate("() => peer.drained()")
                if expect and sent is None:         # (a text the channel refused never arrives)
                    try:
                        wait_until(host, "(e) => window.noticeLog.some((t) => new RegExp(e).test(t))", expect,
                                   timeout=10)
                    except TimeoutError:
                        pass
                host.wait_for_timeout(settle_ms)
                # Whatever the peer sent has been dealt with: no move of its is being played, and
                # the notice bar has said nothing new for half a second.
                wait_until(host, "() => document.body.dataset.pending !== 'true'"
                                 " && performance.now() - window.noticeAt > 500", timeout=60)
                after = host.evaluate(STATE)
                seen["tricks"].append({
                    "name": name, "sent": sent, "expect": expect,
                    "notices": host.evaluate("window.noticeLog"),
                    "unchanged": before == after, "before": before, "after": after,
                    "page errors": host.errors[errors:], **responsive(host)})

            # Before any move, Black (the host) is to move: a move of Orange's is out of turn.
            trick("a move out of turn", "(m) => peer.say(m)", move(ply=1), "when it was not their turn")
            # The host moves: Orange's turn.
            flipped = host.locator("#board").get_attribute("data-flipped") == "true"
            for square in ("d2", "d3"):
                host.mouse.click(*square_centre(host.locator("#board"), square, flipped))
            wait_until(host, "() => document.body.dataset.plies === '1'", timeout=30)
            wait_until(peer, "() => peer.inbox.some((m) => m.type === 'move' && m.ply === 1)", timeout=30)
            seen["host's move"] = peer.evaluate("() => peer.inbox.find((m) => m.type === 'move')")
            trick("an illegal move", "(m) => peer.say(m)", move(to=sq("e5")),
                  r"engine refuses \(.+\); it was ignored, and the game is as it was\.$")
            trick("a forged position hash", "(m) => peer.say(m)", move(),
                  "another position than it does here")
            trick("a move with the wrong number", "(m) => peer.say(m)",
                  move(ply=5, hash=hash_after(["d2-d3", "e9-e8"])), "sent move 5 when this game has 1 move")
            # The largest message the channel carries: an illegal move, padded to the limit.
            size = seen["max message size"]
            trick("the largest message the channel carries (an illegal move padded)",
                  "([m, n]) => peer.padded(m, n)", [move(to=sq("e5")), size], "engine refuses")
            trick("one byte more than the channel carries", "([m, n]) => peer.padded(m, n)",
                  [move(to=sq("e5")), size + 1], "far larger than any this app sends")
            trick("10 MB", "([m, n]) => peer.padded(m, n)", [move(to=sq("e5")), 10 * 1024 * 1024],
                  "far larger than any this app sends")
            trick("unknown version 2", "(m) => peer.say(m, 2)", move(), "version 2")
            trick("no version at all", "(m) => peer.say(m, 'one')", move(), "no version this app knows")
            trick("garbage", "(t) => peer.raw(t)", "}{ garbage", "not a message of this app")
            trick("a JSON array", "(t) => peer.raw(t)", "[1, 2, 3]", "not a message of this app")
            trick("an unknown type", "(m) => peer.say(m)", {"type": "checkmate", "game": game},
                  "does not know")
            trick("a damaged field", "(m) => peer.say(m)", move(**{"from": "e9"}), "damaged message")
            trick("another game's resignation", "(m) => peer.say(m)",
                  {"type": "resign", "game": "ffffffffffffffff", "ply": 1}, "about another game")
            trick("a draw accepted that was never offered", "(m) => peer.say(m)",
                  {"type": "draw", "game": game, "ply": 1, "act": "accept"}, "did not make")
            trick("bytes that are not text", "(n) => peer.binary(n)", 1000, "not a message of this app")
            trick("a flood: 400 messages at once", "([m, n]) => peer.flood(m, n)",
                  [{"type": "ack", "game": game, "ply": 1}, 400], "faster than a game needs", settle_ms=1000)
            # A flood is said once, and again after 10 s without one (live.js's FLOOD_QUIET_MS).
            host.wait_for_timeout(10500)
            trick("a flood of the largest messages: 50 illegal moves of 256 KB at once",
                  "([m, size, n]) => peer.floodPadded(m, size, n)", [move(to=sq("e5")), size, 50],
                  "engine refuses|faster than a game needs", settle_ms=1000)
            # The bucket fills again (20 a second): two seconds on, the friend is heard again.
            host.wait_for_timeout(2500)
            # Nothing lost: a legal move with its true hash is played, and acknowledged; the
            # host's next move reaches the peer.
            count = host.evaluate("window.noticeLog.length")
            peer.evaluate("(m) => peer.say(m)", move(hash=hash_after(["d2-d3", "e9-e8"])))
            wait_until(host, "() => document.body.dataset.plies === '2'", timeout=30)
            wait_until(peer, "() => peer.inbox.some((m) => m.type === 'ack' && m.ply === 2)", timeout=30)
            for square in ("e2", "e3"):
                host.mouse.click(*square_centre(host.locator("#board"), square, flipped))
            wait_until(peer, "() => peer.inbox.some((m) => m.type === 'move' && m.ply === 3)", timeout=30)
            seen["after"] = {"state": host.evaluate(STATE), "saved": saved(host)["moves"],
                             "notices": host.evaluate(f"window.noticeLog.slice({count})"),
                             "peer heard": peer.evaluate(
                                 "() => peer.inbox.map((m) => m.type + ' ' + (m.ply ?? ''))")}
            seen["send errors"] = peer.evaluate("() => peer.sendErrors")
            host.screenshot(path="test-artifacts/live-hostile-host.png")
            seen["errors"] = [*host.errors, *peer.errors]
        except Exception:          # what stopped it, for the test to show
            seen["error"] = traceback.format_exc()
        finally:
            browser.close()
            server.stop()
            shutil.rmtree(folder, ignore_errors=True)
    with open(out, "w") as f:
        json.dump(seen, f, indent=1)


if __name__ == "__main__":
    started = time.monotonic()
    run(sys.argv[1])
    print(f"live_hostile_run: {time.monotonic() - started:.1f} s")
