"""Live play with a friend on another device (issue 56), in Debian's chromium: two browser
contexts with storage of their own connect through the app's own invitation and answer, play a
game with a clock, decline a draw, resign, play a rematch, and, one side reloaded, connect again
from the game and end with one record — inside a network namespace of their own, with no ICE
server configured, so that no packet leaves it (../shared/WEBRTC-NOTES.md's recipe). The
scenario is live_run.py's; two friends who read different languages, live_words_run.py's."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

# A private link inside a new network namespace, with a default route: without one Chromium
# gathers no address at all. Packets to anywhere else go into veth1 and are dropped there.
NAMESPACE = """ip link set lo up
ip link add veth0 type veth peer name veth1
ip addr add 10.99.0.1/24 dev veth0
ip link set veth0 up; ip link set veth1 up
ip route add default dev veth0
exec "$0" "$@"
"""


def in_namespace(*command):
    """Run ``command`` inside a network namespace of its own; returns the finished process."""
    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"):
        pytest.skip("a network namespace needs root, unshare and ip")
    return subprocess.run(["unshare", "-n", "sh", "-c", NAMESPACE, *command], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def scenario(module, folder):
    """What the scenario script ``module`` saw, run inside a network namespace of its own (its
    JSON in ``folder``); the error that stopped it, if any, fails the test."""
    out = folder / "seen.json"
    run = in_namespace(sys.executable, "-m", module, str(out))
    assert out.exists(), run.stdout[-3000:] + run.stderr[-3000:]
    seen = json.loads(out.read_text())
    assert "error" not in seen, seen.get("error")
    return seen


def test_two_devices_play_a_live_game_from_one_invitation(tmp_path):
    seen = scenario("tests.browser.live_run", tmp_path)
    assert seen["steps"] == ["invited", "connected", "moved", "draw declined", "resigned", "rematch",
                             "reconnected", "played on against the engine",
                             "no connection: by correspondence"]
    assert seen["played on alone"]
    # No connection: said in words, and the same game goes on by correspondence links.
    assert "Nothing is lost" in seen["no connection"]
    # On a phone the answer, its QR code and every control fit at 390 px, each 44 px or more.
    assert seen["phone"] == {"wide": 390, "small": [], "qr": True}, seen["phone"]
    link, game = seen["by correspondence"]
    assert "#1;" in link and game["correspondence"] and "live" not in game
    assert "You play Orange" in seen["offer"] and "5 minutes" in seen["offer"]
    assert seen["invitation length"] < 300 and seen["answer length"] < 300
    assert "you can close this one" in seen["answer tab"]
    host, guest = seen["results"]
    assert host == guest and "resigned" in host
    assert seen["records"][0] == seen["records"][1] and len(seen["records"][0]) == 6
    assert seen["rematch sides"] == ["orange", "black"]
    for clock in seen["clocks"]:
        assert clock["initial"] == 300000 and clock["increment"] == 3000
    # Both boards believe the same clocks (the mover's device's time, carried with each move).
    for side in ("black", "orange"):
        assert abs(seen["clocks"][0][side] - seen["clocks"][1][side]) < 1000, seen["clocks"]
    # One side reloaded mid-game and reconnected from the game: the two records are one.
    assert "go on with your live game" in seen["reconnect offer"]
    mine, theirs = seen["records after reconnecting"]
    assert mine == theirs == ["d2-d3", "g9-g8", "e2-e3"]
    assert not seen["errors"]


def test_two_friends_each_read_the_live_game_in_their_own_language(tmp_path):
    """The host reads English, the friend German (live_words_run.py): one invitation that carries
    no language, each device's dialog and notices in its reader's, the same game on both."""
    seen = scenario("tests.browser.live_words_run", tmp_path)
    assert seen["steps"] == ["offered and answered", "connected", "played", "invited in German"]
    assert "lang=" not in seen["invitation"]
    host = seen["host invites"]
    assert host["lang"] == "en" and host["title"] == "Play a friend, live"
    assert "You play Black" in host["text"]
    offer = seen["offer"]
    assert offer["lang"] == "de" and offer["title"] == "Eine Live-Partie"
    assert offer["text"] == ("Dein Gegenüber lädt dich zu einer Live-Partie ein: die Standardregeln, je 5 "
                             "Minuten Bedenkzeit und 3 Sekunden pro Zug. Du spielst Orange.")
    assert offer["buttons"] == ["Annehmen", "Schließen"], offer["buttons"]
    answer = seen["answer"]
    assert answer["title"] == "Deine Antwort"
    assert answer["text"].startswith("Schick diese Antwort an dein Gegenüber")
    assert answer["labels"] == ["Der Link"] and {"Kopieren", "Schließen"} <= set(answer["buttons"])
    assert answer["qr"] == "Der Link als QR-Code, zum Scannen mit dem Handy"
    # On the phone, in German: nothing wider than the screen or cut, every control 44 px or more.
    invite = seen["invite"]
    assert invite["title"] == "Live gegen Freunde spielen" and "Du spielst Schwarz." in invite["text"]
    assert invite["labels"] == ["Der Link", "Die Antwort deines Gegenübers (füge sie hier ein oder öffne "
                                            "sie in diesem Browser)"]
    assert {"Kopieren", "Verbinden", "Schließen"} <= set(invite["buttons"])
    for look in (seen["offer"], answer, seen["answer in German again"], invite):
        assert look["wide"] <= 390 and look["small"] == [], look
        assert look["cut"] == [] and look["outside"] == [], look
    assert seen["answer at 1280"]["cut"] == [] and seen["answer at 1280"]["outside"] == []
    # The open dialog follows a switch of language, and back.
    english = seen["answer in English"]
    assert english["lang"] == "en" and english["title"] == "Your answer" and english["labels"] == ["The link"]
    assert english["text"].startswith("Send this answer back to your friend") and "Copy" in english["buttons"]
    assert seen["answer in German again"]["text"] == answer["text"]
    assert seen["connected"] == ["Your friend is connected: the game goes on.",
                                 "Dein Gegenüber ist verbunden: Die Partie geht weiter."]
    assert seen["draw offer"] == ["Dein Gegenüber bietet Remis an.", "Remis annehmen"]
    mine, theirs = seen["records"]
    assert mine == theirs == ["d2-d3", "g9-g8", "e2-e3", "c9-c8"]
    assert not seen["errors"]
