"""Audits of the built app: axe-core finds nothing on any page, at 1280×800 and on a phone
(390×844), and Lighthouse's mobile audit of index.html scores at least 0.97 in every category.

axe-core and Lighthouse are the pinned dev dependencies of package.json (npm ci installs them);
Lighthouse runs under Node through tests/browser/audits.mjs, in the same Debian chromium."""
import json
import os
import shutil
import statistics
import subprocess
import threading

import pytest

from py_engine.webbuild import serve
from tests.browser.conftest import ARTIFACTS, CHROMIUM, DIST, ROOT, wait_until, warm_page
from tests.browser.pages import open_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AUDITS = ROOT / "tests" / "browser" / "audits.mjs"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
SIZES = {
    "desktop": dict(viewport={"width": 1280, "height": 800}),
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                  device_scale_factor=2),
}
THOAT = "pc8/10/10/10/10/4T5/10/10/10/C8P b - 0 1"      # a Black Thoat on e5


def app(page, server):
    open_app(page, server, saved=None)               # a first visit: no saved game


def dialog(button, name):
    def show(page, server):
        app(page, server)
        if page.locator("#menu-button").is_visible():     # on a phone the buttons are in the menu
            page.locator("#menu-button").click()
        page.locator(button).click()
        page.wait_for_selector(f"#{name}[open]")
    return show


def visit(path, ready):
    def show(page, server):
        page.goto(server.url + path)
        page.wait_for_load_state("load")
        if ready:
            wait_until(page, ready, timeout=90)
    return show


# Each page of the app, as a person first sees it (once whatever it loads has come).
PAGES = {
    "index": app,
    "new-game-dialog": dialog("#new-game-button", "new-game-dialog"),
    "share-dialog": dialog("#share-button", "share-dialog"),
    "learn": visit("learn.html", "() => document.getElementById('lesson-title')?.textContent"),
    "puzzles": visit("puzzles.html", "() => window.jetanPuzzles && window.jetanPuzzles.verdict !== null"),
    "rules": visit("rules.html", None),
    "embed": visit("embed.html?interactive#moves=d2-d3,g9-g8,e2-e3",
                   "() => document.querySelector('jetan-board')?.dataset.ply === '3'"),
    "embed-guide": visit("embed-guide.html", None),
    "diagram": visit("diagram.html#position=" + THOAT.replace(" ", "%20") +
                     "&arrows=e5g7:red&marks=g7&title=The%20Thoat",
                     "() => document.body.dataset.pictured === 'true'"),
    # With no title of its own, still one heading (axe: page-has-heading-one).
    "diagram-untitled": visit("diagram.html#position=" + THOAT.replace(" ", "%20"),
                              "() => document.body.dataset.pictured === 'true'"),
}


def describe(violations):
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
        for node in v["nodes"]:
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {node['target']}: {summary[:300]}")
    return "\n".join(lines)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_nothing(browser, server, name, size, kept_snapshot):
    assert AXE.exists(), f"{AXE} is missing: run `npm ci`"
    page = warm_page(browser, server, kept_snapshot, **SIZES[size])
    context = page.context
    try:
        PAGES[name](page, server)
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("""(values) => axe.run(document, {runOnly: {type: 'tag', values}})
            .then((r) => ({violations: r.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map((n) => ({target: n.target, failureSummary: n.failureSummary}))}))}))""",
                               TAGS)
        violations = result["violations"]
        if violations:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"axe-{name}-{size}.png"))
        assert not violations, f"axe on {name} at {size}:\n{describe(violations)}"
    finally:
        context.close()


CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
ASSERTED = [c for c in CATEGORIES if c != "performance"]      # a timing: see the test's doc
THRESHOLD = 0.97


def lighthouse(url):
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    done = subprocess.run(["node", str(AUDITS), url], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, f"audits.mjs failed:\n{done.stderr[-3000:]}"
    report = json.loads(done.stdout)
    assert not report["runtimeError"], report["runtimeError"]
    return report


@pytest.fixture
def served():
    """dist/ as `build.sh serve` sends it (compressed, revalidated): as a visitor meets the app."""
    httpd = serve.server(0, str(DIST))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def test_lighthouse_mobile_scores_at_least_97(served):
    """Lighthouse's own mobile settings (simulated slow 4G and a 4× slower CPU) on index.html as
    `build.sh serve` sends it. Accessibility, best practices and SEO must score 0.97: one run
    when every one of them does; when one falls short, the median of three runs, as Lighthouse
    advises for noisy machines (two runs every time cost the suite half a minute, and these
    categories are not timings). Performance is a timing, which on these shared machines belongs
    in a benchmark rather than a test (the developers' guide): it is printed and kept in
    test-artifacts/lighthouse.json, and docs/benchmarks.md, "Audits", records what it measured."""
    assert shutil.which("node"), "node (Node.js) is needed"
    assert (ROOT / "node_modules" / "lighthouse").exists(), "lighthouse is missing: run `npm ci`"
    url = served + "index.html"
    runs = [lighthouse(url)]
    if any(runs[0]["scores"][c] is None or runs[0]["scores"][c] < THRESHOLD for c in ASSERTED):
        runs += [lighthouse(url), lighthouse(url)]
    scores = {c: statistics.median(r["scores"][c] or 0 for r in runs) for c in CATEGORIES}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "lighthouse.json").write_text(json.dumps(runs, indent=1))
    print(f"Lighthouse mobile median scores: {scores}")
    low = {c: s for c, s in scores.items() if s < THRESHOLD and c in ASSERTED}
    failing = {}
    for r in runs:
        for a in r["failing"]:
            if a["category"] in low:
                failing.setdefault((a["category"], a["id"]), (a, []))[1].append(a["displayValue"])
    lines = [f"  [{cat}] {a['id']}: {a['title']} (weight {a['weight']}, score {a['score']}) "
             f"{' / '.join(v for v in values if v)} {a['error']}".rstrip()
             for (cat, _), (a, values) in sorted(failing.items(), key=lambda kv: -kv[1][0]["weight"])]
    per_run = [r["scores"] for r in runs]
    assert not low, (f"Lighthouse (mobile, {runs[0]['throttling']}) median scores {scores}, "
                     f"runs {per_run}; below {THRESHOLD}: {low}; failing audits:\n" + "\n".join(lines))
