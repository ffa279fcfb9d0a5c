"""Fan sites' boards in their pages' languages (issue 57): <jetan-board lang>, a page's own lang,
the reader's browser, English; two boards in two languages on one page; a lang that is no
language; the iframe viewer (embed.html) and the diagram page in German; what a German page
fetches — in Debian's chromium."""
import json

import pytest

from py_engine.facade import MAX_POSITION_TEXT
from tests.browser.conftest import ARTIFACTS, DIST, ROOT, Server, wait_until

pytestmark = pytest.mark.browser

GERMAN = json.loads((ROOT / "web" / "i18n" / "de.json").read_text(encoding="utf-8"))
DIAGRAM = "p9/10/10/10/4c5/10/10/10/10/C8P b - 0 1"
THOAT = "pc8/10/10/10/10/4T5/10/10/10/C8P b - 0 1"      # a Black Thoat on e5
PUZZLE = json.loads((ROOT / "py_engine" / "puzzles.jsonl").read_text(encoding="utf-8").splitlines()[1])
TOO_LONG = "1" * (MAX_POSITION_TEXT + 1)


def german(key, **args):
    """The German catalogue's text for ``key``, its {{placeholders}} filled from ``args``."""
    node = GERMAN
    for part in key.split("."):
        node = node[part]
    for name, value in args.items():
        node = node.replace("{{" + name + "}}", str(value))
    return node


@pytest.fixture(scope="module")
def fan(server, tmp_path_factory):
    """Fan pages of another origin than the board's (as fan sites are)."""
    folder = tmp_path_factory.mktemp("languages")
    head = f"""<!doctype html>
<head><meta charset="utf-8"><title>Jetan</title>
<style>jetan-board {{ width: 280px; display: inline-block; margin: 4px; vertical-align: top; }}</style>
<script type="module" src="{server.url}js/jetan-board.js"></script></head>"""
    (folder / "two.html").write_text(f"""{head}<html><body>
<jetan-board id="de" lang="de" moves="d2-d3,g9-g8"></jetan-board>
<jetan-board id="en" lang="en" moves="d2-d3,g9-g8"></jetan-board>
<jetan-board id="puzzle" lang="de" puzzle="{PUZZLE['id']}"></jetan-board>
<jetan-board id="long" lang="de" position="{TOO_LONG}"></jetan-board>
<jetan-board id="piece" lang="de" position="xyz7/10/10/10/10/10/10/10/10/10 b"></jetan-board>
</body></html>""")
    (folder / "bad.html").write_text(f"""{head}<html><body>
<jetan-board id="unknown" lang="xx" position="{DIAGRAM}"></jetan-board>
<jetan-board id="malformed" lang="de_DE!&quot;&gt;" position="{DIAGRAM}"></jetan-board>
<jetan-board id="empty" lang="" position="{DIAGRAM}"></jetan-board>
<jetan-board id="long-tag" lang="{'de-' + 'x' * 60}" position="{DIAGRAM}"></jetan-board>
<div lang="de"><jetan-board id="inside" lang="zz" position="{DIAGRAM}"></jetan-board></div>
</body></html>""")
    (folder / "page-de.html").write_text(f"""<!doctype html><html lang="de">{head}<body>
<jetan-board id="page" position="{DIAGRAM}"></jetan-board>
<section lang="en"><jetan-board id="section" position="{DIAGRAM}"></jetan-board></section>
</body></html>""")
    (folder / "still.html").write_text(f"""<!doctype html><html>{head}<body>
{"".join(f'<jetan-board position="{DIAGRAM}" lang="de"></jetan-board>' for _ in range(6))}
<jetan-board moves="d2-d3,g9-g8" lang="de"></jetan-board>
</body></html>""")
    (folder / "still-en.html").write_text(f"""<!doctype html><html lang="en">{head}<body>
{"".join(f'<jetan-board position="{DIAGRAM}"></jetan-board>' for _ in range(6))}
<jetan-board moves="d2-d3,g9-g8"></jetan-board>
</body></html>""")
    site = Server(folder)
    yield site
    site.stop()


@pytest.fixture
def open_page(browser):
    """A page of a new context in ``locale`` (navigator.languages follows it), its errors kept."""
    contexts = []

    def open_(url, locale="en-US", **options):
        context = browser.new_context(locale=locale, service_workers="block", **options)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.goto(url)
        return page
    yield open_
    for context in contexts:
        context.close()


SAYS = """id => { const b = document.getElementById(id), r = b.shadowRoot;
    return { lang: b.dataset.lang, label: r.querySelector('canvas').getAttribute('aria-label'),
             pieces: r.querySelector('canvas').textContent,
             caption: r.querySelector('.caption').textContent,
             comment: r.querySelector('.comment').textContent,
             warning: r.querySelector('.warning').textContent,
             steps: [...r.querySelectorAll('.bar button')].map((b) => b.getAttribute('aria-label')),
             frame: r.querySelector('.frame').lang }; }"""


def says(page, id_, lang=None):
    """What board ``id_`` says (once it speaks ``lang``, if given)."""
    if lang:
        page.wait_for_selector(f"#{id_}[data-lang={lang}]")
    return page.evaluate(SAYS, id_)


def test_a_board_speaks_the_language_its_lang_names_beside_one_in_another(open_page, fan):
    page = open_page(fan.url + "two.html")
    de, en = says(page, "de", "de"), says(page, "en", "en")
    assert de["frame"] == "de" and en["frame"] == "en"
    assert de["steps"] == ["Ausgangsstellung", "Vorheriger Zug", "Nächster Zug", "Letzter Zug"]
    assert en["steps"] == ["Start position", "Previous move", "Next move", "Last move"]
    assert de["label"] == "Jetan-Brett. Schwarz ist am Zug."
    assert en["label"] == "Jetan board. Black to move."
    # The pieces, square by square, for screen readers: German names, the squares as they are.
    assert de["pieces"].startswith("Schwarz: Krieger a1, Padwar b1, Dwar c1, Flieger d1, Häuptling e1, "
                                   "Prinzessin f1")
    assert "Orange: " in de["pieces"] and "Chief" not in de["pieces"]
    assert en["pieces"].startswith("Black: Warrior a1, Padwar b1, Dwar c1, Flier d1, Chief e1, Princess f1")
    assert de["caption"] == en["caption"] == "1… g9-g8"         # the notation never changes
    page.locator("#de").locator("button[data-step=first]").click()
    assert says(page, "de")["caption"] == "Ausgangsstellung"
    # The keyboard's cursor names its square's piece in German (e1 first, then f1).
    page.evaluate("document.getElementById('de').shadowRoot.querySelector('canvas').focus()")
    page.keyboard.press("ArrowRight")
    cursor = page.evaluate("document.getElementById('de').shadowRoot.querySelector('[data-board-cursor]')"
                           ".textContent")
    assert cursor == "f1, Prinzessin (Schwarz)"
    # A puzzle's prompt.
    wait_until(page, "() => document.querySelector('#puzzle')"
                     ".shadowRoot.querySelector('.comment').textContent")
    moves = (len(PUZZLE["solution"]) + 1) // 2
    side = german("side.black" if PUZZLE["position"].split()[1] == "b" else "side.orange")
    theme = GERMAN.get("puzzle", {}).get("theme", {}).get(PUZZLE["theme"], PUZZLE["theme"])
    prompt = german("board.puzzle.prompt_one" if moves == 1 else "board.puzzle.prompt_other",
                    side=side, count=moves, theme=theme)
    assert says(page, "puzzle", "de")["comment"] == prompt
    # A position that cannot be read, said in German (its length formatted as German writes it).
    length = f"{len(TOO_LONG):,}".replace(",", ".")
    assert says(page, "long", "de")["caption"] == german(
        "board.unreadable", why=german("board.tooLong_other", attribute="position", count=length))
    assert says(page, "piece", "de")["caption"].startswith("Dieses Brett kann nicht gelesen werden: ")
    # Its pictures: the SVG's title in German, and what is wrong with a picture asked for.
    svg = page.evaluate("document.getElementById('de').picture('image/svg+xml').then((b) => b.text())")
    assert '<title>Jetan-Brett</title>' in svg and 'xml:lang="de"' in svg
    bad = page.evaluate("document.getElementById('de').picture('image/gif').then(() => '', (e) => e.message)")
    assert bad == german("picture.notAType", type="image/gif")
    page.screenshot(path=str(ARTIFACTS / "board-language-two.png"), full_page=True)
    assert not page.errors, page.errors


def test_a_catalogue_that_cannot_be_had_leaves_the_board_in_english_saying_so(browser, fan):
    context = browser.new_context(service_workers="block")
    try:
        context.route("**/i18n/de.json", lambda route: route.abort())
        page = context.new_page()
        page.goto(fan.url + "page-de.html")
        board = says(page, "page", "en")
        assert board["label"] == "Jetan board. Black to move."
        assert board["warning"] == ("The words in Deutsch could not be loaded: the page speaks English. "
                                    "Nothing is lost.")
    finally:
        context.close()


def test_the_engines_reasons_are_said_in_the_boards_language(page, fan):
    """What the engine says (a message, py_engine/messages.py) is worded in the board's language:
    a game it cannot play, a move it refuses."""
    page.goto(fan.url + "two.html")
    page.evaluate("""() => { const b = document.createElement('jetan-board');
        Object.assign(b, { id: 'illegal' });
        b.setAttribute('lang', 'de');
        b.setAttribute('moves', 'd2-d3,g9-g8,e2-e3,f9-f7');
        document.body.append(b); }""")
    reason = page.evaluate("document.getElementById('illegal').check()")
    caption = says(page, "illegal", "de")["caption"]
    assert caption == german("board.unplayable", why=reason)
    assert "f9-f7" in reason
    refused = page.evaluate("document.getElementById('de').play('d3-d5').then(() => '', (e) => e.message)")
    assert "d3-d5" in refused
    if "engine" in GERMAN:           # the engine's messages in the catalogue (py_engine/messages.py)
        assert "illegal" not in reason and "illegal" not in refused
    assert not page.errors, page.errors


def test_a_lang_that_is_no_language_falls_back_without_an_error(open_page, fan):
    page = open_page(fan.url + "bad.html")
    for id_ in ["unknown", "malformed", "empty", "long-tag"]:
        assert says(page, id_, "en")["label"] == "Jetan board. Black to move.", id_
    assert says(page, "inside", "de")["label"] == "Jetan-Brett. Schwarz ist am Zug."    # the page's
    assert not page.errors, page.errors
    # A German reader's browser: the same boards speak German.
    page = open_page(fan.url + "bad.html", locale="de-DE")
    for id_ in ["unknown", "malformed", "empty", "long-tag", "inside"]:
        assert says(page, id_, "de")["label"] == "Jetan-Brett. Schwarz ist am Zug.", id_
    assert not page.errors, page.errors


def test_a_board_speaks_its_pages_language_and_again_when_a_lang_changes(open_page, fan):
    page = open_page(fan.url + "page-de.html")
    assert says(page, "page", "de")["steps"][1] == "Vorheriger Zug"
    assert says(page, "section", "en")["steps"][1] == "Previous move"          # its nearest lang
    page.evaluate("document.getElementById('section').setAttribute('lang', 'de')")
    assert says(page, "section", "de")["label"] == "Jetan-Brett. Schwarz ist am Zug."
    page.evaluate("document.getElementById('section').removeAttribute('lang')")
    assert says(page, "section", "en")["label"] == "Jetan board. Black to move."
    page.evaluate("document.documentElement.lang = 'en'")
    assert says(page, "page", "en")["steps"][1] == "Previous move"
    page.evaluate("document.documentElement.lang = 'de-AT'")
    assert says(page, "page", "de")["steps"][1] == "Vorheriger Zug"
    assert not page.errors, page.errors


def i18n_fetched(requests, server):
    return [r for r in requests if r.url.startswith(server.url + "i18n/")]


def test_a_german_still_page_fetches_one_catalogue_and_an_english_one_none(open_page, fan, server):
    """A page of still boards in German fetches its catalogue once for all of them, beside the
    board's one file; in English the board's own words are in that file and no catalogue is
    fetched (the still page's bounds, test_embedding's, are unchanged)."""
    measured = {}
    for name, lang in [("still.html", "de"), ("still-en.html", "en")]:
        requests = []
        context_page = open_page("about:blank")
        context_page.on("requestfinished", lambda r, into=requests: into.append(r))
        context_page.goto(fan.url + name)
        wait_until(context_page, f"""() => [...document.querySelectorAll('jetan-board')]
            .every((b) => b.dataset.lang === '{lang}' && b.dataset.position)""")
        context_page.wait_for_timeout(500)
        code = [r for r in requests if r.url.startswith(server.url)]
        urls = [r.url.removeprefix(server.url) for r in code]
        brotli = sum((DIST / (u + ".br")).stat().st_size for u in urls)
        measured[lang] = (urls, brotli)
        assert not context_page.errors
    urls, brotli = measured["de"]
    assert sorted(urls) == ["i18n/de.json", "js/jetan-board.js"], urls
    assert urls.count("i18n/de.json") == 1
    catalogue = (DIST / "i18n/de.json.br").stat().st_size
    assert catalogue <= 30_000 and brotli == measured["en"][1] + catalogue
    assert measured["en"][0] == ["js/jetan-board.js"]
    print(f"\nstill page: English {measured['en'][1]} B brotli, 1 request; "
          f"German {brotli} B brotli ({catalogue} B of catalogue), 2 requests")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_iframe_viewer_in_german(open_page, server, size):
    width, height = size
    phone = width < 500
    page = open_page(server.url + "embed.html?lang=de#1;m=d2d3,g9g8,e2e3",
                     viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone)
    page.wait_for_selector("jetan-board[data-lang=de][data-ply='3']")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["de", "ltr"]
    assert page.title() == german("embed.title")
    assert page.locator("#open").inner_text() == german("embed.open")
    assert page.locator("h1").text_content() == german("embed.heading")
    board = says(page, "board", "de")
    assert board["steps"][1] == "Vorheriger Zug" and board["label"] == "Jetan-Brett. Orange ist am Zug."
    # Nothing overflows, every control a finger's size on a phone.
    inner = page.evaluate("[document.body.scrollWidth, innerWidth]")
    assert inner[0] <= inner[1], inner
    if phone:
        for box in [page.locator("#open").bounding_box(),
                    *[b.bounding_box() for b in page.locator("jetan-board .bar button").all()]]:
            assert box["height"] >= 44 and box["width"] >= 44, box
    page.screenshot(path=str(ARTIFACTS / f"embed-de-{width}x{height}.png"))
    assert not page.errors, page.errors


def test_the_iframe_viewer_takes_its_language_from_the_fragment_and_says_what_is_wrong(open_page, server):
    page = open_page(server.url + "embed.html#1;m=d2d3,g9g8&lang=de")
    page.wait_for_selector("jetan-board[data-lang=de][data-ply='2']")
    assert page.evaluate("document.documentElement.lang") == "de"
    page = open_page(server.url + "embed.html?lang=de#1;zz=1")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#error").inner_text().startswith(german("embed.unreadable", why="").rstrip(" ."))
    # No lang= anywhere: the reader's browser's.
    page = open_page(server.url + "embed.html#1;m=d2d3", locale="de-DE")
    page.wait_for_selector("jetan-board[data-lang=de]")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_diagram_page_in_german(open_page, server, size):
    width, height = size
    phone = width < 500
    title = "Der wilde Thoat"
    page = open_page(server.url + "diagram.html#position=" + THOAT.replace(" ", "%20") + "&rules=thoat%3Dwild"
                     f"&arrows=e5g7:red&marks=g7&title={title.replace(' ', '%20')}&lang=de",
                     viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone)
    wait_until(page, "() => document.body.dataset.pictured === 'true'")
    page.wait_for_selector("jetan-board[data-lang=de]")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["de", "ltr"]
    assert page.locator("h1").text_content() == title
    assert page.title() == german("diagram.titled", title=title)
    assert page.locator("#turn").text_content() == "Schwarz ist am Zug."
    assert [page.locator(f"#{id_}").inner_text() for id_ in ["png", "svg", "print", "open"]] == \
        [german(f"diagram.{key}") for key in ["png", "svg", "print", "open"]]
    assert page.locator("#print-picture").get_attribute("alt") == german("picture.title")
    assert says(page, "board")["label"] == "Jetan-Brett. Schwarz ist am Zug."
    assert page.locator("#error").is_hidden()
    inner = page.evaluate("[document.body.scrollWidth, innerWidth]")
    assert inner[0] <= inner[1], inner
    if phone:
        for button in page.locator(".tools button, .tools a").all():
            box = button.bounding_box()
            assert box["height"] >= 44, box
    page.screenshot(path=str(ARTIFACTS / f"diagram-de-{width}x{height}.png"))
    assert not page.errors, page.errors


def test_the_diagram_page_speaks_the_readers_language_and_names_an_unknown_part(open_page, server):
    page = open_page(server.url + "diagram.html#position=" + THOAT.replace(" ", "%20") + "&colour=red",
                     locale="de-DE")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#error").inner_text() == german("diagram.unknownPart", part="colour")
    assert page.title() == german("diagram.title")
    assert page.locator("#turn").text_content() == "Schwarz ist am Zug."
    assert not page.errors, page.errors
