"""An installable app (issue 11): the manifest and icons leave Chromium no installability errors,
every page links the manifest, and a new build replacing the old one says so on the page."""
import json
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.browser.conftest import ARTIFACTS, CHROMIUM, DIST, FLAGS, Server, wait_until

pytestmark = pytest.mark.browser

PAGES = ["index.html", "embed.html", "embed-guide.html", "rules.html"]


def wait_for_service_worker(page):
    wait_until(page, "() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)


def test_the_manifest_names_icons_that_exist():
    manifest = json.loads((DIST / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"] and manifest["display"] == "standalone"
    assert manifest["start_url"] and manifest["theme_color"] and manifest["background_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        png = (DIST / icon["src"]).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]
    for name in PAGES:
        assert '<link rel="manifest" href="manifest.webmanifest">' in (DIST / name).read_text()


# A home-screen icon's pixels: its size, and how many are not fully opaque.
ICON_PIXELS = """async (href) => {
    const image = new Image();
    image.src = href;
    await image.decode();
    const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let clear = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] < 255) clear += 1;
    return { width: image.naturalWidth, height: image.naturalHeight, clear };
}"""


def test_every_installable_page_names_an_ios_home_screen_icon(page, server):
    """Safari on an iPhone adds a page to the home screen with its apple-touch-icon (older ones
    read no manifest icons) and fills what is transparent with black: so each page that links
    the manifest names one, square, at least 180 px (an iPhone's size), and opaque — the
    maskable icon, whose corners iOS rounds itself; and the icon's name, the manifest's short
    one (iOS would otherwise cut the page's title short under the icon)."""
    short_name = json.loads((DIST / "manifest.webmanifest").read_text())["short_name"]
    pages = sorted(p.name for p in DIST.glob("*.html") if 'rel="manifest"' in p.read_text())
    assert {"index.html", "learn.html", "puzzles.html"} <= set(pages)
    for name in pages:
        page.goto(server.url + name, wait_until="domcontentloaded")
        href = page.evaluate("() => document.querySelector('link[rel=apple-touch-icon]')?.href ?? null")
        assert href, f"{name} names no apple-touch-icon"
        icon = page.evaluate(ICON_PIXELS, href)
        assert icon["width"] == icon["height"] >= 180 and icon["clear"] == 0, (name, icon)
        title = page.locator("meta[name=apple-mobile-web-app-title]").get_attribute("content")
        assert title == short_name, name


def test_chromium_reports_no_installability_errors(browser, server):
    with tempfile.TemporaryDirectory() as profile:
        # Installability is judged for a real (persistent) profile, as a visitor's would be.
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS, viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            page.goto(server.url)
            wait_for_service_worker(page)
            cdp = context.new_cdp_session(page)
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == []
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"].endswith("manifest.webmanifest") and not manifest["errors"]
        finally:
            context.close()


def test_a_new_version_says_so_and_keeps_the_game(browser):
    """A deploy while a visitor has the app: the next visit's page says a new version is ready,
    and reloading runs it with the saved game intact."""
    folder = Path(tempfile.mkdtemp())
    shutil.copytree(DIST, folder, dirs_exist_ok=True)
    own = Server(folder)
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(own.url)
        wait_for_service_worker(page)
        page.wait_for_selector("body[data-engine=ready]", timeout=120000)
        page.fill("#move-input", "d2-d3")
        page.press("#move-input", "Enter")
        page.wait_for_selector("body[data-plies='2']", timeout=60000)
        # A new build: the precache list names another version.
        precache = folder / "precache.js"
        precache.write_text(precache.read_text().replace('"version": "', '"version": "next-', 1))
        page.reload()
        page.wait_for_selector("body[data-update=ready]", timeout=60000)
        assert "new version" in page.locator("#notice-text").inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "new-version-notice.png"))
        page.click("#notice-action")
        page.wait_for_selector("body[data-engine=ready]", timeout=120000)
        assert page.locator("body").get_attribute("data-update") is None
        # One cache of files, each under its current revision; the memory snapshots are this
        # build's (build-info.js did not change here) or none.
        names = page.evaluate("caches.keys()")
        snapshots = ("jetan-snapshot-", "jetan-runtime-")
        assert [n for n in names if not n.startswith(snapshots)] == ["jetan-files"]
        manifest = json.loads(precache.read_text().split("=", 1)[1].rstrip().rstrip(";"))
        kept = page.evaluate("async () => (await (await caches.open('jetan-files')).keys())"
                             ".map((r) => r.url)")
        # Every file of the list, and of the files kept as a page fetches one (the catalogues:
        # the page's own language's), none other.
        listed = {f"{own.url}{name}?rev={rev}" for name, rev in manifest["files"]}
        on_demand = {f"{own.url}{name}?rev={rev}" for name, rev in manifest.get("onDemand", [])}
        assert len(kept) == len(set(kept)) and listed <= set(kept) <= listed | on_demand, sorted(kept)
        info = (folder / "build-info.js").read_text()
        build = json.loads(info.split("=", 1)[1].rstrip().rstrip(";"))
        assert {n for n in names if n.startswith(snapshots)} <= \
            {"jetan-snapshot-" + build["engine"], "jetan-runtime-" + build["runtime"]}
        page.wait_for_selector("body[data-plies='2']", timeout=60000)
    finally:
        context.close()
        own.stop()
        shutil.rmtree(folder, ignore_errors=True)
