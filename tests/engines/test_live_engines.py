"""Live play between Firefox ESR and Chromium (issue 56), and what WebKitGTK says of it.

Firefox–Chromium: two people on two "devices", one in each browser, connected through the app's
own invitation and answer inside a network namespace of their own with no ICE server configured
(tests/browser/test_live.py's recipe), both ways round — Firefox inviting (a game with a clock,
a draw declined, a resignation, a rematch), then Chromium inviting (a draw agreed). The scenario
is live_engines_run.py's: the browsers must start inside the namespace, so that script starts
its own Firefox there, never this tier's (conftest.py's ``browser``, which is module-scoped and
so closed before this module begins: only one Firefox loads the app at a time, and the check
below makes sure of it).

WebKitGTK: Debian's build has no RTCPeerConnection at all, so no live game can be played there;
the page says so, in words, to a visitor who opens an invitation or tries to invite.

Also here, since only Firefox can send them: messages larger than the app takes. Chromium's
channel sends nothing over 256 KB (tests/browser/test_live_hostile.py), but Firefox's sends what
the other side claims to take, so a hostile peer in Firefox (tests/browser/live_hostile_peer.html,
not the app) that claims 1 GB gets larger messages to the app in Chromium."""
import os
from pathlib import Path

import pytest

from tests.browser.test_live import scenario
from tests.engines import client
from tests.engines.conftest import ENGINES, engine_ready, new_visitor, no_page_errors, shot

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.engines]

ROOT = Path(__file__).resolve().parents[2]
SDP_OFFER = ROOT / "tests" / "web" / "data" / "sdp" / "chromium-offer-ipv4.sdp"


def firefoxes_of_this_process():
    """The Firefox processes this test process started and that still run (conftest's ``browser``
    of an earlier module, had it not been closed)."""
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                name = (entry / "comm").read_text().strip()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append((int(entry.name), name))
    found, todo = [], [os.getpid()]
    while todo:
        for pid, name in children.get(todo.pop(), []):
            todo.append(pid)
            if "firefox" in name.lower():
                found.append((pid, name))
    return found


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    if "firefox" not in ENGINES:
        pytest.skip("Firefox is not among this run's engines (JETAN_ENGINES)")
    why = client.missing("firefox")
    if why:
        pytest.skip(why)
    # This tier's own Firefox is module-scoped: none may be running while this one loads the app.
    assert not firefoxes_of_this_process(), firefoxes_of_this_process()
    return scenario("tests.engines.live_engines_run", tmp_path_factory.mktemp("live-engines"))


def test_firefox_invites_and_chromium_plays_a_whole_live_game(seen):
    part = seen["firefox hosts"]
    assert part["steps"] == ["connected", "moved", "draw declined", "resigned", "rematch"]
    assert "You play Orange" in part["offer"] and "5 minutes" in part["offer"]
    assert part["invitation length"] < 300 and part["answer length"] < 300
    # The same result on both boards, and the same record.
    firefox, chromium = part["results"]
    assert firefox == chromium and "resigned" in firefox, part["results"]
    assert part["endings"][0] == part["endings"][1] and part["endings"][0]["resigned"] == "orange"
    assert part["records"][0] == part["records"][1] and len(part["records"][0]) == 6
    # Both believe the same clocks: the mover's time, carried with each move, the increment added.
    for clock in part["clocks"]:
        assert clock["initial"] == 300000 and clock["increment"] == 3000
    for side in ("black", "orange"):
        assert abs(part["clocks"][0][side] - part["clocks"][1][side]) < 1000, part["clocks"]
    assert all(len(shown) == 2 for shown in part["clocks shown"]), part["clocks shown"]
    assert "draw" in part["draw offer"]
    # The rematch, colours swapped, played on both boards.
    assert part["rematch sides"] == ["orange", "black"]
    assert part["rematch records"][0] == part["rematch records"][1] == ["d2-d3", "g9-g8"]
    assert not part["errors"], part["errors"]


def test_chromium_invites_and_firefox_accepts_a_draw_offered_from_it(seen):
    part = seen["chromium hosts"]
    assert part["steps"] == ["connected", "moved", "drawn"]
    assert "You play Black" in part["offer"] and "10 minutes" in part["offer"]
    firefox, chromium = part["results"]
    assert firefox == chromium and "agreement" in firefox.lower(), part["results"]
    assert part["endings"][0] == part["endings"][1] and part["endings"][0]["agreed"] is True
    assert part["records"][0] == part["records"][1] and len(part["records"][0]) == 4
    for side in ("black", "orange"):
        assert abs(part["clocks"][0][side] - part["clocks"][1][side]) < 1000, part["clocks"]
    assert not part["errors"], part["errors"]


LARGER = "Your friend's device sent a message far larger than any this app sends; it was ignored."


def test_messages_larger_than_the_app_takes_are_refused_with_a_sentence(seen):
    """From a hostile peer in Firefox that told its channel the app takes 1 GB: 256 KB + 1, 1 MB
    and 4 MB arrive, and the app refuses each with a sentence; 10 MB never arrives (it stays in
    Firefox's send buffer: Chromium's end of the channel does not take it in). Either way the
    game is as it was, the connection stands and the page answers."""
    part = seen["oversized from firefox"]
    assert part["steps"] == ["oversized"]
    assert part["channel's limit in firefox"] > 256 * 1024
    for sent in part["sent"]:
        assert sent["refused by the channel"] is None, sent
        assert sent["unchanged"] and sent["state"]["plies"] == "0" and sent["state"]["saved"] == [], sent
        assert sent["connection"] == ["open", "connected"], sent
        assert sent["frame ms"] < 300, sent
        if sent["bytes"] <= 4 * 1024 * 1024:
            assert sent["notices"] == [LARGER] and sent["still in firefox's buffer"] == 0, sent
        else:
            assert sent["notices"] == [LARGER] or \
                (sent["notices"] == [] and sent["still in firefox's buffer"] == sent["bytes"]), sent
    assert not part["errors"], part["errors"]


@pytest.fixture
def webkit(tmp_path):
    """A WebKitGTK of its own for the one test (closed before any other test begins)."""
    if "webkit" not in ENGINES:
        pytest.skip("WebKitGTK is not among this run's engines (JETAN_ENGINES)")
    why = client.missing("webkit")
    if why:
        pytest.skip(why)
    browser = client.launch("webkit", tmp_path)
    yield browser
    browser.close()


# An invitation as the app writes one (its own codec, in the page: no connection is made).
INVITATION = """async (sdp) => {
    const codec = await import(new URL('js/invitation.js', location.href).href);
    return codec.encodeInvitation({ id: '0123456789abcdef',
        connection: codec.compactDescription({ type: 'offer', sdp }),
        game: { rules: '', start: 'start', hostSide: 'black',
                clock: { initial: 300000, increment: 3000 } } });
}"""
NOTICE = """() => !document.getElementById('notice').hidden
    && document.getElementById('notice-text').textContent"""


def test_webkitgtk_says_in_words_that_it_cannot_play_live(webkit, server):
    assert webkit.call("() => typeof RTCPeerConnection") == "undefined"
    new_visitor(webkit, server.url)
    webkit.set_viewport(1280, 800)
    webkit.goto(server.url + "index.html")
    invitation = webkit.call(INVITATION, SDP_OFFER.read_text())
    assert invitation.startswith("#live=")
    # A friend's invitation opened here.
    webkit.goto(server.url + "index.html" + invitation)
    said = webkit.wait(NOTICE, timeout=60)
    assert said == ("This browser cannot make live connections (it has no WebRTC). "
                    "Ask your friend to play by correspondence links."), said
    assert not webkit.call("() => document.getElementById('live-dialog')?.open ?? false")
    shot(webkit, "live-invited")
    # Inviting from here (once the engine is ready: the dialog starts no game before):
    # New game → a friend on another device, live.
    engine_ready(webkit)
    webkit.click_element("#notice-close")
    webkit.click_element("#new-game-button")
    webkit.click_element("input[name=opponent][value=live]")
    webkit.click_element("#start-button")
    said = webkit.wait(NOTICE, timeout=60)
    assert said == ("This browser cannot make live connections (it has no WebRTC). "
                    "Play by correspondence links instead."), said
    no_page_errors(webkit)
