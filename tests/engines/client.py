"""A small WebDriver client for the engines tier: Firefox ESR over WebDriver BiDi (the browser's own
BiDi server, ``--remote-debugging-port``: no geckodriver), WebKitGTK over classic WebDriver
(Debian's ``WebKitWebDriver`` driving ``MiniBrowser`` on an Xvfb display), and Chromium over
classic WebDriver too when Debian's ``chromedriver`` is installed.

Every browser offers the same few things the tests need — ``goto``, ``call`` (a JavaScript
function, awaited, its value back through JSON), ``wait``, real pointer input at a point of the
viewport (``click``, ``tap``), ``set_viewport``, ``screenshot`` — and every WebDriver command is
sent with a time limit and, if unanswered within it, sent once more (WebKitWebDriver sometimes
never answers a navigation or a script; in a hand run, sending it again was enough). Each retry is
reported to ``Browser.retried``.

Only the Python standard library is used, plus ``websockets`` (pinned in requirements.txt) for
BiDi, imported when Firefox starts: this module imports anywhere (pytest's doctest collection).
"""
from __future__ import annotations

import base64
import contextlib
import glob
import http.client
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

COMMAND_TIMEOUT_S = 30          # any command: a script (a wait polls), an action, a screenshot
NAVIGATION_TIMEOUT_S = 30       # a navigation: loading a page, not waiting for the engine
RETRIES = 1                     # a command unanswered in its time is sent once more


class WebDriverError(RuntimeError):
    """The driver answered with an error (its code and message)."""


class ScriptError(WebDriverError):
    """The page's JavaScript threw."""


class CommandTimeout(WebDriverError):
    """A command went unanswered, twice."""


class DriverTimeout(WebDriverError):
    """A classic driver gave up on a command itself (a page load or a script past its limit)."""


class BrowserCrashed(WebDriverError):
    """The browser's page process ended, and the session with it: WebKitWebDriver's "session
    deleted because of page crash or hang" (seen now and then in WebKitGTK 2.50, on older builds
    of the app too: its web process aborting inside GLib, as the kernel's log shows)."""


def wrapped(fn):
    """The JavaScript side of ``call``: the function ``fn`` (source) called with arguments that
    cross as JSON text, its value awaited and sent back as JSON text, so that neither protocol's
    own value serialisation matters (and no eval: a page's CSP could forbid it)."""
    return (f"async (args) => {{ const v = await ({fn})(...JSON.parse(args));"
            " return v === undefined ? 'null' : JSON.stringify(v); }")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_process(proc, grace_s=5):
    """End a process this module started (its own process group: a browser's children too)."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(grace_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(grace_s)


class Browser:
    """What the tests use; the subclasses speak the protocols."""

    name = "?"
    version = "?"
    viewport = None                     # (width, height) as set_viewport left it
    retried = None                      # called with a line for each command sent again

    def _retrying(self, what):
        if self.retried:
            self.retried(f"{self.name}: {what}; sent again")

    # ---- made of the protocol's primitives ----
    def call(self, fn, *args, timeout=COMMAND_TIMEOUT_S):
        """Run the JavaScript function ``fn`` (its source) with ``args`` in the page, await its
        value, and return it (through JSON)."""
        return json.loads(self._call_json(fn, json.dumps(args), timeout))

    def wait(self, fn, *args, timeout=60, every=0.2):
        """Call ``fn`` until it returns something truthy, and return that. (A poll only reads,
        so one whose answer the driver garbled is simply polled again: WebKitWebDriver now and
        then answers "Could not parse script result".)"""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.call(fn, *args)
            except WebDriverError as err:
                if "Could not parse script result" not in str(err):
                    raise
                self._retrying("a poll's answer could not be parsed")
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: waited {timeout} s for: {fn[:100]}")
            time.sleep(every)

    def centre(self, selector, timeout=60):
        """The centre of the first element ``selector`` matches, in viewport pixels (scrolled
        into view first), once it is there and visible, as a person waits to see it before
        pressing it (and Playwright's clicks do: a press at (0, 0) on a list the page had not
        yet shown once failed a test in CI)."""
        return self.wait("""(selector) => {
            const e = document.querySelector(selector);
            if (!e || !e.checkVisibility()) return null;
            e.scrollIntoView({ block: "center", inline: "center" });
            const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];
        }""", selector, timeout=timeout)

    def click_element(self, selector):
        self.click(*self.centre(selector))

    def screenshot(self, path):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_bytes(base64.b64decode(self._screenshot_base64()))

    # ---- each protocol's own ----
    def goto(self, url):
        raise NotImplementedError

    def reload(self):
        raise NotImplementedError

    def _call_json(self, fn, args_json, timeout):
        raise NotImplementedError

    def pointer(self, kind, steps):
        """Real pointer input: ``kind`` "mouse" or "touch"; ``steps`` of ("move", x, y),
        ("down",), ("up",), ("pause", ms), x and y in viewport pixels."""
        raise NotImplementedError

    def set_viewport(self, width, height, touch=False):
        """The page's viewport in CSS pixels (device pixel ratio 1), or as near as the browser's
        window allows (``viewport`` says which); ``touch``: emulate a touch screen too where the
        protocol can (navigator.maxTouchPoints). Returns whether it did. (Touch input itself is
        ``tap``, whatever this says.)"""
        raise NotImplementedError

    def page_errors(self):
        """Uncaught errors of the page since the last goto, where the browser reports them
        (None where it cannot)."""
        return None

    def _screenshot_base64(self):
        raise NotImplementedError

    def close(self):
        raise NotImplementedError

    @contextlib.contextmanager
    def in_frame(self, index):
        """``call`` runs in the page's ``index``-th frame (of any origin) meanwhile."""
        raise NotImplementedError
        yield

    def relaunch(self):
        """Close this browser and start it afresh, in place: for a browser that has stopped
        answering altogether (seen in WebKitGTK: every navigation then times out)."""
        self.close()
        type(self).__init__(self, *self.launched_with)

    # ---- input ----
    def click(self, x, y):
        self.pointer("mouse", [("move", x, y), ("down",), ("up",)])

    def tap(self, x, y):
        self.pointer("touch", [("move", x, y), ("down",), ("pause", 50), ("up",)])


def _actions(kind, steps):
    """W3C pointer actions (the same in BiDi and classic WebDriver)."""
    out = []
    for step in steps:
        if step[0] == "move":
            out.append({"type": "pointerMove", "x": round(step[1]), "y": round(step[2]),
                        "origin": "viewport", "duration": 0 if kind == "mouse" else 20})
        elif step[0] == "down":
            out.append({"type": "pointerDown", "button": 0})
        elif step[0] == "up":
            out.append({"type": "pointerUp", "button": 0})
        else:
            out.append({"type": "pause", "duration": step[1]})
    return [{"type": "pointer", "id": kind, "parameters": {"pointerType": kind}, "actions": out}]


# ---------------------------------------------------------------------------------------------
# Firefox over WebDriver BiDi

FIREFOX_PREFS = {
    # Quiet and offline: no first-run pages, updates, telemetry, remote settings or safe browsing
    # (the machine has no internet; Firefox's own "recommended" automation prefs do the rest).
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.blockedURIs.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "browser.newtabpage.enabled": False,
    "media.autoplay.default": 0,
}


class Firefox(Browser):
    """Firefox ESR started headless with its WebDriver BiDi server, driven over one websocket."""

    name = "firefox"

    def __init__(self, workdir, binary="/usr/bin/firefox-esr"):
        from websockets.sync.client import connect      # pinned: tests/engines/requirements.txt

        self.launched_with = (workdir, binary)
        self.proc = None
        self.exits = contextlib.ExitStack()     # the websocket
        self.touch_override = None      # emulation.setTouchOverride: not known yet
        self.ids = itertools.count(1)
        self.events = []
        self.left_realms = set()          # the realms of the page the last navigation left
        profile = Path(workdir) / "profile"
        profile.mkdir(parents=True, exist_ok=True)
        (profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()))
        self.log_path = Path(workdir) / "firefox.log"
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [binary, "--headless", "--no-remote", "--profile", str(profile),
                 "--remote-debugging-port=0", "about:blank"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True, env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"))
        try:
            url = self._listening(60)
            self.ws = self.exits.enter_context(connect(url + "/session", max_size=None, open_timeout=30))
            caps = self.send("session.new", {"capabilities": {}})["capabilities"]
            self.version = f"Firefox {caps['browserVersion']}"
            self.context = self.send("browsingContext.getTree", {"maxDepth": 0})["contexts"][0]["context"]
            self.send("session.subscribe", {"events": ["log.entryAdded"]})
        except BaseException:
            self.close()
            raise

    def _listening(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.log_path.read_text(errors="replace").splitlines():
                if line.startswith("WebDriver BiDi listening on "):
                    return line.split()[-1]
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        raise WebDriverError(f"firefox did not start its BiDi server: {self.log_path.read_text()[-2000:]}")

    def send(self, method, params, timeout=COMMAND_TIMEOUT_S, retries=RETRIES):
        """One BiDi command; unanswered within ``timeout`` it is sent once more (a late answer to
        the first is then ignored), unless ``retries`` is 0."""
        for _attempt in range(retries + 1):
            id_ = next(self.ids)
            self.ws.send(json.dumps({"id": id_, "method": method, "params": params}))
            deadline = time.monotonic() + timeout
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                try:
                    message = json.loads(self.ws.recv(timeout=left))
                except TimeoutError:
                    break
                if message.get("type") == "event":
                    self.events.append(message)
                elif message.get("id") == id_:
                    if message.get("type") == "error":
                        raise WebDriverError(f"{method}: {message.get('error')}: {message.get('message')}")
                    return message["result"]
            if _attempt < retries:
                self._retrying(f"{method} unanswered in {timeout} s")
        raise CommandTimeout(f"firefox: {method} unanswered in {timeout} s, {retries + 1} times")

    def _leave_page(self):
        """Forget the page's log, and note its realms: Firefox logs a request the navigation cut
        short ("A ServiceWorker intercepted the request and encountered an unexpected error",
        the app's service worker answering it) after the navigation has begun, in the realm of
        the page left, which is not the next page's error."""
        self.events.clear()
        realms = self.send("script.getRealms", {"context": self.context})["realms"]
        self.left_realms = {realm["realm"] for realm in realms}

    def goto(self, url):
        self._leave_page()
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"},
                  timeout=NAVIGATION_TIMEOUT_S)

    def reload(self):
        self._leave_page()
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"},
                  timeout=NAVIGATION_TIMEOUT_S)

    def _call_json(self, fn, args_json, timeout):
        result = self.send("script.callFunction", {
            "functionDeclaration": wrapped(fn), "awaitPromise": True, "target": {"context": self.context},
            "arguments": [{"type": "string", "value": args_json}]},
            timeout=timeout, retries=0)
        if result["type"] == "exception":
            raise ScriptError(result["exceptionDetails"]["text"])
        return result["result"].get("value", "null")

    def pointer(self, kind, steps):
        self.send("input.performActions", {"context": self.context, "actions": _actions(kind, steps)})
        self.send("input.releaseActions", {"context": self.context})

    def set_viewport(self, width, height, touch=False):
        self.viewport = (width, height)
        self.send("browsingContext.setViewport", {"context": self.context,
                                                  "viewport": {"width": width, "height": height},
                                                  "devicePixelRatio": 1})
        if self.touch_override is False:
            return False
        try:
            self.send("emulation.setTouchOverride", {"maxTouchPoints": 5 if touch else None,
                                                     "contexts": [self.context]})
            self.touch_override = True
        except WebDriverError:          # Firefox ESR 153: "unknown command"
            self.touch_override = False
        return touch and self.touch_override

    @contextlib.contextmanager
    def in_frame(self, index):
        top = self.context
        tree = self.send("browsingContext.getTree", {"root": top})["contexts"][0]
        self.context = tree["children"][index]["context"]
        try:
            yield
        finally:
            self.context = top

    def page_errors(self):
        return [e["params"].get("text") for e in self.events
                if e.get("method") == "log.entryAdded" and e["params"].get("type") == "javascript"
                and e["params"].get("source", {}).get("realm") not in self.left_realms]

    def _screenshot_base64(self):
        return self.send("browsingContext.captureScreenshot", {"context": self.context})["data"]

    def close(self):
        try:
            if getattr(self, "ws", None) is not None:
                try:
                    self.send("browser.close", {}, timeout=10)
                except Exception:
                    pass
            self.exits.close()
        finally:
            if self.proc is not None:
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    pass
                stop_process(self.proc)


# ---------------------------------------------------------------------------------------------
# Classic WebDriver: WebKitWebDriver (WebKitGTK's MiniBrowser on Xvfb), chromedriver

class Classic(Browser):
    """A classic (HTTP) WebDriver session with a driver process this object started."""

    MARGIN_S = 10                       # past the driver's own limit: it has had its chance

    def __init__(self, driver_cmd, capabilities, env=None):
        self.procs = []
        self.session = None
        self.port = free_port()
        self.procs.append(subprocess.Popen(
            [*driver_cmd, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            stdin=subprocess.DEVNULL, start_new_session=True, env=env))
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if self._http("GET", "/status", None, 5).get("ready", True):
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline or self.procs[-1].poll() is not None:
                    raise WebDriverError(f"{driver_cmd[0]} did not start")
                time.sleep(0.2)
            reply = self._http("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}}, 90)
            self.session = reply["sessionId"]
            caps = reply["capabilities"]
            self.version = f"{caps.get('browserName')} {caps.get('browserVersion')}"
            self.command("POST", "timeouts", {"script": COMMAND_TIMEOUT_S * 1000,
                                              "pageLoad": NAVIGATION_TIMEOUT_S * 1000})
            self.script_timeout = COMMAND_TIMEOUT_S
        except BaseException:
            self.close()
            raise

    def _http(self, method, path, body, timeout):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"Content-Type": "application/json; charset=utf-8"})
            reply = json.loads(conn.getresponse().read() or b"{}")
        finally:
            conn.close()
        value = reply.get("value") if isinstance(reply, dict) else None
        if isinstance(value, dict) and "error" in value:
            error = {"javascript error": ScriptError, "timeout": DriverTimeout,
                     "script timeout": DriverTimeout}.get(value["error"], WebDriverError)
            if value["error"] == "invalid session id" and "page crash or hang" in value.get("message", ""):
                error = BrowserCrashed
            raise error(f"{method} {path}: {value['error']}: {value.get('message', '')[:500]}")
        return value

    def command(self, method, what, body=None, timeout=COMMAND_TIMEOUT_S, retries=RETRIES):
        """One command of this session, sent once more (unless ``retries`` is 0) if it goes
        unanswered: if the driver gives up on it itself (its limits for scripts and page loads
        are ``timeout``: "timeout", "script timeout"), or never answers at all within ``timeout``
        and a margin."""
        path = f"/session/{self.session}/{what}"
        for _attempt in range(retries + 1):
            try:
                return self._http(method, path, body, timeout + self.MARGIN_S)
            except (TimeoutError, socket.timeout):
                why = f"no answer in {timeout + self.MARGIN_S} s"
            except DriverTimeout as e:
                why = str(e)
            if _attempt < retries:
                self._retrying(f"{method} {what}: {why}")
        raise CommandTimeout(f"{self.name}: {method} {what} unanswered, {retries + 1} times: {why}")

    def goto(self, url):
        self.command("POST", "url", {"url": url}, timeout=NAVIGATION_TIMEOUT_S)

    def reload(self):
        self.command("POST", "refresh", {}, timeout=NAVIGATION_TIMEOUT_S)

    def _call_json(self, fn, args_json, timeout):
        # A script is never sent twice: the first may have done its work (played a move) and
        # only been slow to say so. The driver's own limit for it is the call's.
        if timeout != self.script_timeout:
            self.command("POST", "timeouts", {"script": timeout * 1000})
            self.script_timeout = timeout
        return self.command("POST", "execute/sync", {
            "script": f"return ({wrapped(fn)})(arguments[0]);", "args": [args_json]},
            timeout=timeout, retries=0)

    def pointer(self, kind, steps):
        self.command("POST", "actions", {"actions": _actions(kind, steps)})
        self.command("DELETE", "actions")

    def set_viewport(self, width, height, touch=False):
        # The window holds the browser's own bars: size it, measure the page, size it again. A
        # window may not shrink below its bars' width (MiniBrowser: 447 px): then the viewport is
        # as narrow as it gets, and self.viewport says so.
        want = [width, height]
        window = list(want)
        for _ in range(4):
            got = self.command("POST", "window/rect", {"width": window[0], "height": window[1]})
            got = [got["width"], got["height"]]
            inner = self._inner(got)
            nearest = [got[i] if got[i] > window[i] else want[i] + got[i] - inner[i] for i in (0, 1)]
            if inner == want or nearest == got:
                break
            window = nearest
        self.viewport = tuple(inner)
        return False                    # classic WebDriver has no touch emulation

    @contextlib.contextmanager
    def in_frame(self, index):
        self.command("POST", "frame", {"id": index})
        try:
            yield
        finally:
            self.command("POST", "frame/parent", {})

    def _inner(self, window, timeout=5):
        """The page's viewport once the window has taken the size ``window`` (a resize may
        reach the page a moment after the driver has answered): the first reading that holds
        while the window reports that size, or that holds for a quarter of a second (headless
        Chromium reports a window no narrower than 500 px around a narrower page)."""
        deadline = time.monotonic() + timeout
        readings = []
        while True:
            sizes = self.call("() => [outerWidth, outerHeight, innerWidth, innerHeight]")
            readings = [r for r in readings if r == sizes] + [sizes]
            if (len(readings) >= 2 and sizes[:2] == window) or len(readings) >= 5 \
                    or time.monotonic() > deadline:
                return sizes[2:]
            time.sleep(0.05)

    def _screenshot_base64(self):
        return self.command("GET", "screenshot")

    def close(self):
        try:
            if self.session is not None:
                try:
                    self._http("DELETE", f"/session/{self.session}", None, 15)
                except Exception:
                    pass
        finally:
            for proc in reversed(self.procs):
                stop_process(proc)


def minibrowser():
    found = glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")
    return found[0] if found else None


class WebKit(Classic):
    """WebKitGTK's MiniBrowser through WebKitWebDriver, on an Xvfb display of its own."""

    name = "webkit"

    def __init__(self, workdir):
        self.launched_with = (workdir,)
        self.xvfb = None
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24",
                                      "-nolisten", "tcp"], pass_fds=[write], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(write)
        number = b""
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n"):
                chunk = pipe.read(1)
                if not chunk:
                    stop_process(self.xvfb)
                    raise WebDriverError("Xvfb did not start")
                number += chunk
        # Painted on the CPU (Skia's CPU renderer): the counterpart of Chromium's --disable-gpu.
        # Otherwise WebKitGTK paints with OpenGL, which on a machine without a GPU (Xvfb here) is
        # Mesa's llvmpipe: a frame every 20-50 ms, taking the second core from the engine
        # (docs/testing.md, "Every browser"). A phone or a desktop with a GPU paints in hardware.
        env = dict(os.environ, DISPLAY=f":{number.decode().strip()}", WEBKIT_SKIA_ENABLE_CPU_RENDERING="1")
        try:
            # Media plays only from a touch, a click or a key, as in Safari (on by default there,
            # off in MiniBrowser): the sounds' test needs it.
            super().__init__(["WebKitWebDriver"], {"webkitgtk:browserOptions": {
                "binary": minibrowser(),
                "args": ["--automation", "--media-playback-requires-user-gesture=true"]}}, env=env)
        except BaseException:
            stop_process(self.xvfb)
            raise
        self.procs.insert(0, self.xvfb)
        self.version = f"WebKitGTK {self.version.split()[-1]} (MiniBrowser)"


class Chromium(Classic):
    """Debian's chromium through Debian's chromedriver (package chromium-driver), headless."""

    name = "chromium"

    def __init__(self, workdir):
        self.launched_with = (workdir,)
        profile = Path(workdir) / "chromium-profile"
        super().__init__([shutil.which("chromedriver")], {"goog:chromeOptions": {
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     f"--user-data-dir={profile}", "--window-size=1280,800"]}})
        self.version = f"Chromium {self.version.split()[-1]}"


ENGINES = {"firefox": Firefox, "webkit": WebKit, "chromium": Chromium}


def missing(name):
    """Why ``name`` cannot run here (None if it can)."""
    if name not in ENGINES:
        return f"no engine {name!r} (JETAN_ENGINES takes {', '.join(ENGINES)})"
    need = {"firefox": ["/usr/bin/firefox-esr"],
            "webkit": [shutil.which("WebKitWebDriver"), minibrowser(), shutil.which("Xvfb")],
            "chromium": ["/usr/bin/chromium", shutil.which("chromedriver")]}[name]
    if not all(p and os.path.exists(p) for p in need):
        return f"{name} is not installed: run tests/engines/install.sh"
    if name == "firefox":
        try:
            import websockets  # noqa: F401
        except ImportError:
            return "the websockets client is not installed: run tests/engines/install.sh"
    return None


def launch(name, workdir):
    return ENGINES[name](workdir)
