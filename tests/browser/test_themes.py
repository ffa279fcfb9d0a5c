"""Themes in Debian's chromium: the board themes and piece sets as drawn (read back from the
canvas), a host page's --jetan-* colours, the saved choice, the settings form, and the light
and dark page themes (css/page.css) with their contrast. js/themes.js and js/board.js are
loaded by a test page of their own, written next to dist/index.html."""
import json

import pytest

from tests.browser.conftest import ARTIFACTS, DIST

pytestmark = pytest.mark.browser

TEST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="css/app.css"><link rel="stylesheet" href="css/page.css">
<style>
  .show { display: flex; flex-wrap: wrap; gap: 1rem; padding: 0.5rem; align-items: flex-start; }
  #big { width: min(92vw, 560px); aspect-ratio: 1; display: block; flex: none; }
  #small { width: 300px; aspect-ratio: 1; display: block; flex: none; }
  #host { --jetan-dark-square: rgb(10, 120, 200); --jetan-black-piece: #ffffff; }
</style></head>
<body>
<p id="text">Jetan themes: <span class="muted-sample" style="color: var(--muted)">muted</span></p>
<div class="show"><canvas id="big"></canvas><canvas id="small"></canvas><div id="settings"></div></div>
<div id="host" theme="slate"></div>
<script type="module">
  import { say, useLanguage } from "./js/i18n.js";
  import * as themes from "./js/themes.js";
  import { BOOK_THEME, BoardView, paintScene } from "./js/board.js";
  import { placementBoard, squareIndex, startOf } from "./js/position.js";
  const start = placementBoard(startOf());
  const board = new BoardView(document.getElementById("big"));
  const small = new BoardView(document.getElementById("small"));
  /** Paint a scene on a fresh canvas ``size`` wide and return the canvas. */
  function paint(scene, size = 300) {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    paintScene(canvas.getContext("2d"), size, { board: start, ...scene });
    return canvas;
  }
  /** The colour of the pixel at (x, y) of a canvas. */
  const pixel = (canvas, x, y) => Array.from(canvas.getContext("2d").getImageData(x, y, 1, 1).data);
  /** What a busy position looks like: last move, selection, destinations, a threat, marks. */
  function busy(theme) {
    const b = start.slice();
    const sq = (n) => squareIndex(n);
    b[sq("e2")] = ""; b[sq("e4")] = start[sq("e2")];
    return { board: b, theme, lastMove: [sq("e2"), sq("e4")], selected: sq("d2"),
             dests: [{ to: sq("d3") }, { to: sq("d4") }, { to: sq("c3") }, { to: sq("e5"), escape: true },
                     { to: sq("f9"), capture: true }],
             threatened: [sq("e1")], stars: [sq("h5")], marks: [[sq("b6"), "#2f7df6"]],
             arrows: [[sq("g2"), sq("g5"), "rgba(40, 160, 60, 0.8)"]] };
  }
  window.T = { themes, BOOK_THEME, paint, pixel, start, board, small, busy, squareIndex, say };
  await useLanguage("en");          // the settings form's words, as the app's page has them
  window.ready = true;
</script></body></html>
"""


@pytest.fixture(scope="module")
def theme_url(server):
    path = DIST / "themes-test.html"
    path.write_text(TEST_PAGE)
    yield server.url + "themes-test.html"
    path.unlink(missing_ok=True)


def open_page(page, url):
    page.goto(url)
    page.wait_for_function("window.ready === true")


def rgb(hex_colour):
    h = hex_colour.strip().lstrip("#")
    return [int(h[i:i + 2], 16) for i in (0, 2, 4)]


def luminance(c):
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a, b):
    x, y = sorted([luminance(a), luminance(b)], reverse=True)
    return (x + 0.05) / (y + 0.05)


# The centre of e5 (dark: a1 is dark, e5 is file 4 + rank 4) and f5 (light): empty at the start.
SQUARES = """(canvas) => { const c = canvas.width / 10;
    return { dark: T.pixel(canvas, 4.5 * c, 5.5 * c), light: T.pixel(canvas, 5.5 * c, 5.5 * c) }; }"""


def test_each_board_theme_colours_the_squares(page, theme_url):
    open_page(page, theme_url)
    themes = page.evaluate("Object.keys(T.themes.BOARD_THEMES)")
    assert themes[0] == "book" and len(themes) >= 3
    for name in themes:
        got = page.evaluate(f"""() => {{ const theme = T.themes.boardTheme({json.dumps(name)});
            const canvas = T.paint({{ theme }}); return {{ theme, squares: ({SQUARES})(canvas) }}; }}""")
        assert got["squares"]["dark"][:3] == rgb(got["theme"]["dark"]), name
        assert got["squares"]["light"][:3] == rgb(got["theme"]["light"]), name
    # The default is the book's board, exactly: no theme, the book theme and its colours.
    same = page.evaluate("""() => {
        const a = T.paint({}).toDataURL();
        const b = T.paint({ theme: T.themes.boardTheme('book', 'discs') }).toDataURL();
        const book = T.themes.boardTheme();
        return a === b && book.dark === '#231c17' && book.light === '#c8702e'; }""")
    assert same
    assert not page.errors


def test_pieces_stand_out_on_every_theme(page, theme_url):
    """Each side's disc (its body or its rim) contrasts with both square colours of every theme,
    and the two sides' bodies with each other."""
    open_page(page, theme_url)
    themes = page.evaluate(
        "Object.fromEntries(Object.entries(T.themes.BOARD_THEMES).map(([k, v]) => [k, v.colours]))")
    sides = page.evaluate("import('./js/pieces.js').then((m) => m.SIDE_COLOURS)")
    assert contrast(rgb(sides["black"]["body"]), rgb(sides["orange"]["body"])) > 7
    for name, colours in themes.items():
        for square in (colours["dark"], colours["light"]):
            for side in ("black", "orange"):
                best = max(contrast(rgb(sides[side][part]), rgb(square)) for part in ("body", "rim"))
                assert best >= 3, (name, side, square)
        assert contrast(rgb(colours["dark"]), rgb(colours["light"])) > 1.8, name


def test_the_letters_set(page, theme_url):
    open_page(page, theme_url)
    got = page.evaluate("""() => {
        const draw = (pieceSet) => T.paint({ theme: T.themes.boardTheme('book', pieceSet) }, 300);
        const discs = draw('discs'), letters = draw('letters');
        const same = (a, b, sq) => { const c = 30, x = (sq % 10) * c, y = (9 - Math.floor(sq / 10)) * c;
            const p = a.getContext('2d').getImageData(x, y, c, c).data;
            const q = b.getContext('2d').getImageData(x, y, c, c).data;
            return p.every((v, i) => v === q[i]); };
        const occupied = T.start.map((p, sq) => [p, sq]).filter(([p]) => p);
        return { differ: occupied.filter(([p, sq]) => !same(discs, letters, sq)).map(([p]) => p),
                 kinds: [...new Set(occupied.map(([p]) => p.toUpperCase()))] };
    }""")
    # Every piece of the start position is drawn differently (its letter instead of its emblem).
    assert set(p.upper() for p in got["differ"]) == set(got["kinds"])
    # A picture's SVG draws the letters too (strokes: no font needed).
    svg = page.evaluate("""() => import('./js/picture.js').then((m) => [
        m.svgText({ board: T.start, theme: T.themes.boardTheme('book', 'letters') }),
        m.svgText({ board: T.start })])""")
    assert svg[0] != svg[1] and "<path" in svg[0]
    assert not page.errors


def test_css_custom_properties_and_attributes(page, theme_url):
    open_page(page, theme_url)
    got = page.evaluate(f"""() => {{
        const {{ theme, problem }} = T.themes.themeFor(document.getElementById('host'));
        return {{ theme, problem, squares: ({SQUARES})(T.paint({{ theme }})) }}; }}""")
    assert got.get("problem") is None
    assert got["squares"]["dark"][:3] == [10, 120, 200]           # the host's colour
    assert got["squares"]["light"][:3] == rgb(got["theme"]["light"])   # the slate theme's
    assert got["theme"]["light"] == page.evaluate("T.themes.BOARD_THEMES.slate.colours.light")
    assert got["theme"]["sides"]["black"]["body"] == "#ffffff"
    # On a white disc the emblem takes the dark ink.
    assert contrast(rgb(got["theme"]["sides"]["black"]["ink"]), [255, 255, 255]) > 7
    # An unknown theme or piece set: the defaults, and a problem to show.
    got = page.evaluate("""() => { const el = document.getElementById('host');
        el.setAttribute('theme', 'plaid'); el.setAttribute('pieces', 'letters');
        el.style.setProperty('--jetan-light-square', 'not-a-colour');
        const { theme, problem } = T.themes.themeFor(el);
        return { theme, problem: T.say(problem) }; }""")
    assert "plaid" in got["problem"] and "not-a-colour" in got["problem"]
    assert got["theme"]["light"] == "#c8702e" and got["theme"]["pieceSet"] == "letters"
    assert not page.errors


def test_the_saved_choice(page, theme_url):
    open_page(page, theme_url)
    got = page.evaluate("""() => { const t = T.themes;
        const results = {};
        results.none = t.readThemeChoice();
        t.saveThemeChoice({ board: 'slate', pieces: 'letters', page: 'light' });
        results.saved = JSON.parse(localStorage.getItem('jetan.theme'));
        results.read = t.readThemeChoice();
        results.current = t.currentTheme();
        localStorage.setItem('jetan.theme', '{not json');
        results.corrupt = t.readThemeChoice();
        localStorage.setItem('jetan.theme', '{"board": "plaid", "pieces": 5, "page": ["x"]}');
        results.wrong = t.readThemeChoice();
        localStorage.setItem('jetan.theme', '"slate"');
        results.string = t.readThemeChoice();
        const deny = () => { throw new Error('denied'); };
        const throwing = { getItem: deny, setItem: deny };
        results.throwing = t.readThemeChoice(throwing);
        results.notSaved = t.saveThemeChoice({ board: 'wood' }, throwing);
        localStorage.removeItem('jetan.theme');
        return results; }""")
    defaults = {"board": "book", "pieces": "discs", "page": "auto"}
    assert got["none"] == defaults
    assert got["saved"] == got["read"] == {"board": "slate", "pieces": "letters", "page": "light"}
    assert got["current"]["pieceSet"] == "letters" and got["current"]["dark"] == page.evaluate(
        "T.themes.BOARD_THEMES.slate.colours.dark")
    for key in ("corrupt", "wrong", "string", "throwing"):
        assert got[key] == defaults, key
    assert got["notSaved"] is False
    assert not page.errors


def test_a_sandboxed_frame_uses_the_defaults(page, theme_url):
    """In a sandboxed frame (an opaque origin) localStorage throws: the defaults, no error."""
    open_page(page, theme_url)
    got = page.evaluate("""(base) => new Promise((resolve) => {
        addEventListener('message', (e) => resolve(e.data), { once: true });
        setTimeout(() => resolve('no answer'), 15000);
        const frame = document.createElement('iframe');
        frame.sandbox = 'allow-scripts';
        frame.srcdoc = `<script type="module">
            import * as t from "${base}js/themes.js";
            parent.postMessage(JSON.stringify([t.readThemeChoice(), t.saveThemeChoice({board: "wood"}),
                                               t.currentTheme().dark]), "*");
            </` + `script>`;
        document.body.append(frame); })""", theme_url.rsplit("/", 1)[0] + "/")
    assert json.loads(got) == [{"board": "book", "pieces": "discs", "page": "auto"}, False, "#231c17"]


LIGHT_TEXT_PAIRS = [("ink", b) for b in ("bg", "panel", "well", "control", "control-hover", "pressed",
                                         "notice-bg", "duel-bg", "label-bg")] + \
    [(t, b) for t in ("muted", "accent", "danger", "good-ink", "bad-ink", "escape")
     for b in ("bg", "panel", "well")] + \
    [("wrong-ink", "well"), ("accent", "duel-bg"), ("muted", "control")]


def custom_properties(page):
    names = sorted({n for pair in LIGHT_TEXT_PAIRS for n in pair} | {"bar-dark"})
    return page.evaluate("""(names) => { const s = getComputedStyle(document.documentElement);
        return Object.fromEntries(names.map((n) => [n, s.getPropertyValue('--' + n).trim()])); }""", names)


def test_page_themes_follow_the_system_until_chosen(page, theme_url):
    page.emulate_media(color_scheme="dark")
    open_page(page, theme_url)
    assert custom_properties(page)["bg"] == "#1a1310"
    page.emulate_media(color_scheme="light")
    light = custom_properties(page)
    assert light["bg"] != "#1a1310"
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert body == "rgb(%d, %d, %d)" % tuple(rgb(light["bg"]))
    # Chosen dark: dark under a light system; chosen light: light under a dark one.
    page.evaluate("T.themes.applyPageTheme('dark')")
    assert page.evaluate("document.documentElement.dataset.pageTheme") == "dark"
    assert custom_properties(page)["bg"] == "#1a1310"
    page.emulate_media(color_scheme="dark")
    page.evaluate("T.themes.applyPageTheme('light')")
    assert custom_properties(page) == light
    page.evaluate("T.themes.applyPageTheme('auto')")
    assert page.evaluate("document.documentElement.hasAttribute('data-page-theme')") is False
    assert custom_properties(page)["bg"] == "#1a1310"
    # Every text colour of the light page reads on its backgrounds (WCAG AA: 4.5:1).
    ratios = {f"{t} on {b}": round(contrast(rgb(light[t]), rgb(light[b])), 2) for t, b in LIGHT_TEXT_PAIRS}
    (ARTIFACTS).mkdir(exist_ok=True)
    (ARTIFACTS / "themes-contrast.json").write_text(json.dumps(ratios, indent=1))
    low = {k: v for k, v in ratios.items() if v < 4.5}
    assert not low, low
    # The evaluation bar's two sides stay apart (3:1 for graphics).
    assert contrast(rgb(light["accent"]), rgb(light["bar-dark"])) >= 3
    assert not page.errors


def test_the_settings_form(page, theme_url):
    open_page(page, theme_url)
    page.evaluate("""() => { window.changes = [];
        T.themes.buildThemeSettings(document.getElementById('settings'), (theme, choice) => {
            window.changes.push({ theme, choice }); T.board.set({ theme }); }); }""")
    for label in ("Board", "Pieces", "Page"):
        select = page.get_by_label(label, exact=True)
        assert select.count() == 1
        assert select.bounding_box()["height"] >= 44
    # The keyboard: tab to the Board select, choose the next theme.
    page.get_by_label("Board", exact=True).focus()
    page.keyboard.press("ArrowDown")
    page.wait_for_function("window.changes.length > 0")
    assert page.evaluate("window.changes.at(-1).choice.board") == "wood"
    page.get_by_label("Pieces", exact=True).select_option("letters")
    page.get_by_label("Page", exact=True).select_option("light")
    assert json.loads(page.evaluate("localStorage.getItem('jetan.theme')")) == \
        {"board": "wood", "pieces": "letters", "page": "light"}
    assert page.evaluate("document.documentElement.dataset.pageTheme") == "light"
    assert page.evaluate("window.changes.at(-1).theme.pieceSet") == "letters"
    page.evaluate("localStorage.removeItem('jetan.theme')")
    assert not page.errors


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_screenshots_of_every_theme(page, theme_url, width, height):
    """Pictures to look at: each board theme with a busy position (last move, selection, dots,
    a capture ring, the escape, a threatened Chief, a star, a mark, an arrow), emblems on the
    big board and letters on the 30-pixel-square one; light page then dark."""
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, theme_url)
    ARTIFACTS.mkdir(exist_ok=True)
    names = page.evaluate("Object.keys(T.themes.BOARD_THEMES)")
    for i, name in enumerate(names):
        page.evaluate("""([name, light]) => { T.themes.applyPageTheme(light ? 'light' : 'dark');
            T.board.set(T.busy(T.themes.boardTheme(name, 'discs')));
            T.small.set(T.busy(T.themes.boardTheme(name, 'letters'))); }""", [name, i % 2 == 1])
        page.screenshot(path=str(ARTIFACTS / f"themes-{name}-{width}.png"), full_page=True)
    page.evaluate("T.board.set(T.busy(T.themes.boardTheme('book', 'letters')))")
    page.screenshot(path=str(ARTIFACTS / f"themes-letters-{width}.png"), full_page=True)
    assert not page.errors


# Every page of the site, each of which links css/page.css and js/page-theme.js.
EVERY_PAGE = ["index.html", "learn.html", "puzzles.html", "rules.html", "embed-guide.html",
              "diagram.html#moves=d2d3", "embed.html#moves=d2d3"]
# What a page shows of its theme: the root's data-page-theme, each theme-color meta's scheme and
# media, and the body's background.
PAGE_THEME_SHOWN = """() => ({ theme: document.documentElement.dataset.pageTheme ?? null,
    metas: [...document.querySelectorAll('meta[name=theme-color]')]
        .map((m) => [m.dataset.scheme ?? null, m.media]),
    background: getComputedStyle(document.body).backgroundColor })"""


@pytest.mark.parametrize("saved,expected", [('{"page": "light"}', "light"), ("not JSON", None)])
def test_every_page_has_the_saved_theme_before_its_modules(browser, server, saved, expected):
    """The saved page theme is on every page before any of its modules has run: the head's one
    script (js/page-theme.js) applies it — tried with every other script of the site refused, so
    no module can — and turns the browser's bars to it where a page has a colour for each scheme.
    A save that is not JSON leaves the system's theme and no error."""
    context = browser.new_context(service_workers="block", color_scheme="dark")
    try:
        context.add_init_script(f"localStorage.setItem('jetan.theme', {json.dumps(saved)})")
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.route(lambda url: "/js/" in url and not url.split("?")[0].endswith("/js/page-theme.js"),
                   lambda route: route.abort())
        for name in EVERY_PAGE:
            page.goto(server.url + name, wait_until="domcontentloaded")
            shown = page.evaluate(PAGE_THEME_SHOWN)
            assert shown["theme"] == expected, (name, shown)
            assert page.evaluate("!!(window.customElements && customElements.get('jetan-board'))") is False
            if expected == "light" and not name.startswith(("diagram", "embed.html")):
                assert shown["background"] == "rgb(247, 240, 228)", (name, shown)   # page.css's light --bg
            for scheme, media in shown["metas"]:
                if scheme is None:
                    assert media == "", (name, shown)      # the page's one colour, left alone
                elif expected is None:
                    assert media == f"(prefers-color-scheme: {scheme})", (name, shown)
                else:
                    assert media == ("all" if scheme == expected else "not all"), (name, shown)
        assert errors == []
    finally:
        context.close()
