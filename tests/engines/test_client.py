"""The engines tier's WebDriver client against fake drivers (no browser; quick): a command left
unanswered is sent once more, and a command unanswered twice is an error, never a hang."""
import contextlib
import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.engines import client

pytestmark = pytest.mark.engines


@contextlib.contextmanager
def classic_driver(silent_times, gives_up=False, error=None):
    """A fake classic WebDriver whose first ``silent_times`` commands never get an answer (in
    time), or (``gives_up``) get the driver's own "timeout" error, or the error ``error``; the
    others answer {"value": <count so far>}."""
    calls = []

    class Driver(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            calls.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            value = len(calls)
            if len(calls) <= silent_times:
                if error:
                    value = error
                elif not gives_up:
                    time.sleep(1.5)         # the client has given up by then
                    return
                else:
                    value = {"error": "timeout", "message": "page load timed out"}
            body = json.dumps({"value": value}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Driver)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    session = object.__new__(client.Classic)
    session.port, session.session, session.name = httpd.server_address[1], "fake", "fake"
    session.MARGIN_S = 0
    try:
        yield session, calls
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_classic_command_unanswered_is_sent_once_more():
    with classic_driver(silent_times=1) as (session, calls):
        assert session.command("POST", "url", {"url": "http://x/"}, timeout=0.3) == 2
        assert calls == [{"url": "http://x/"}] * 2


def test_a_classic_command_the_driver_gave_up_on_is_sent_once_more():
    with classic_driver(silent_times=1, gives_up=True) as (session, calls):
        assert session.command("POST", "url", {"url": "http://x/"}, timeout=0.3) == 2


def test_a_crashed_page_is_its_own_error_and_not_sent_again():
    crash = {"error": "invalid session id", "message": "session deleted because of page crash or hang."}
    with classic_driver(silent_times=1, error=crash) as (session, calls):
        with pytest.raises(client.BrowserCrashed):
            session.command("POST", "url", {"url": "http://x/"}, timeout=0.3)
        assert len(calls) == 1


def test_a_classic_command_unanswered_twice_is_an_error():
    with classic_driver(silent_times=2) as (session, calls):
        with pytest.raises(client.CommandTimeout):
            session.command("POST", "url", {"url": "http://x/"}, timeout=0.3)
        assert len(calls) == 2


def test_a_bidi_command_unanswered_is_sent_once_more():
    pytest.importorskip("websockets")
    from websockets.sync.client import connect
    from websockets.sync.server import serve

    seen = []

    def handler(ws):
        for text in ws:
            message = json.loads(text)
            seen.append(message)
            ws.send(json.dumps({"type": "event", "method": "log.entryAdded", "params": {}}))
            if len(seen) > 1:               # the first goes unanswered
                ws.send(json.dumps({"type": "success", "id": message["id"], "result": {"n": len(seen)}}))

    with serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        firefox = object.__new__(client.Firefox)
        firefox.ids, firefox.events = itertools.count(1), []
        with connect(f"ws://127.0.0.1:{port}") as firefox.ws:
            assert firefox.send("browsingContext.navigate", {"url": "x"}, timeout=0.3) == {"n": 2}
            # A late answer to the first try would be ignored; events are kept.
            assert [m["params"] for m in seen] == [{"url": "x"}] * 2
            assert len(firefox.events) == 2
        server.shutdown()


def test_a_request_the_navigation_cut_short_is_the_page_lefts_not_the_next_pages_error():
    pytest.importorskip("websockets")
    from websockets.sync.client import connect
    from websockets.sync.server import serve

    def logged(realm, text):
        return json.dumps({"type": "event", "method": "log.entryAdded",
                           "params": {"type": "javascript", "text": text, "source": {"realm": realm}}})

    def handler(ws):
        for text in ws:
            message = json.loads(text)
            result = {}
            if message["method"] == "script.getRealms":
                result = {"realms": [{"realm": "left"}]}
            elif message["method"] == "browsingContext.navigate":
                # Firefox logs the request cut short after the navigation has begun.
                ws.send(logged("left", "Failed to load 'worker.js'. A ServiceWorker intercepted the request"))
                ws.send(logged("next", "TypeError: the next page's own"))
            ws.send(json.dumps({"type": "success", "id": message["id"], "result": result}))

    with serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        firefox = object.__new__(client.Firefox)
        firefox.ids, firefox.events, firefox.context = itertools.count(1), [], "top"
        with connect(f"ws://127.0.0.1:{port}") as firefox.ws:
            firefox.goto("x")
            assert firefox.page_errors() == ["TypeError: the next page's own"]
        server.shutdown()


def test_a_poll_whose_answer_the_driver_garbled_is_polled_again():
    """WebKitWebDriver now and then answers a script with "Could not parse script result": a
    wait() polls again (a poll only reads); any other error still stops it."""
    class Flaky(client.Browser):
        name = "flaky"

        def __init__(self, errors):
            self.errors, self.polls, self.lines = list(errors), 0, []
            self.retried = self.lines.append

        def call(self, fn, *args, timeout=client.COMMAND_TIMEOUT_S):
            self.polls += 1
            if self.errors:
                raise client.WebDriverError(self.errors.pop(0))
            return self.polls >= 3 and "ready"

    garbled = "POST /session/1/execute/sync: unknown error: Could not parse script result"
    browser = Flaky([garbled])
    assert browser.wait("() => ready", every=0) == "ready" and browser.polls == 3
    assert browser.lines == ["flaky: a poll's answer could not be parsed; sent again"]
    with pytest.raises(client.WebDriverError, match="no such window"):
        Flaky(["no such window"]).wait("() => ready", every=0)
