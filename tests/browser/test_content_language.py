"""The rules page and the embedding guide in their reader's language (issue 57): a German browser
reads them in German — the page's chrome from the catalogue, the article from
i18n/de/<page>.html — with an address's #anchor landing on its heading; the chooser switches to
English and back at once, without a reload, keeping the reader's place, the guide's fields and
its preview; a link's lang= speaks German without changing anyone's choice; a translation that
cannot be had leaves the English and says so. Both pages in German at 1280×800 and 390×844:
nothing wider than the screen, every control a finger's size on the phone (screenshots kept in
test-artifacts/)."""
import re

import pytest

from tests.browser.conftest import ARTIFACTS, hold_runtime
from tests.browser.pages import PHONE
from tests.browser.test_layout import SMALL_CONTROLS

pytestmark = pytest.mark.browser

DESKTOP = dict(viewport={"width": 1280, "height": 800})
# Words of the English rules page a German reader must not meet (the sources' titles aside).
ENGLISH = re.compile(r"\b(Princess|Chief|Warrior|Flier|feathers?|Back to the game|Learn by playing|"
                     r"How the game ends|The set-up)\b")
# Where a heading of the article stands from the window's top.
TOP = "(id) => document.getElementById(id).getBoundingClientRect().top"
# Whether the rules page speaks ``lang``'s article, with its pieces drawn.
RULES_IN = {"de": "() => document.getElementById('end')?.textContent === 'Wie die Partie endet'"
                  " && document.querySelectorAll('#pieces canvas').length === 8",
            "en": "() => document.getElementById('end')?.textContent === 'How the game ends'"
                  " && document.querySelectorAll('#pieces canvas').length === 8"}
GUIDE_IN = {"de": "() => document.getElementById('set-up')?.textContent === '1. Das Brett einrichten'",
            "en": "() => document.getElementById('set-up')?.textContent === '1. Set up the board'"}
# Switch the chooser to ``lang`` as a reader does, and the milliseconds until the article speaks it.
SWITCH = """async ([lang, id, text]) => {
    const menu = document.getElementById('language');
    const start = performance.now();
    menu.value = lang;
    menu.dispatchEvent(new Event('change'));
    while (document.getElementById(id).textContent !== text) await new Promise((r) => setTimeout(r, 5));
    return performance.now() - start;
}"""


def reader(browser, locale="de-DE", **options):
    """A page of a new context whose browser speaks ``locale``, its errors collected."""
    context = browser.new_context(locale=locale, service_workers="block", **{**DESKTOP, **options})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return context, page


def test_a_german_browser_reads_the_rules_in_german_and_switches_without_a_reload(browser, server):
    context, page = reader(browser)
    try:
        page.goto(server.url + "rules.html#end")
        page.wait_for_function(RULES_IN["de"])
        html = "[document.documentElement.lang, document.documentElement.dir, document.title]"
        assert page.evaluate(html) == ["de", "ltr", "Jetan – die Regeln"]
        assert page.locator("main").get_attribute("lang") is None      # it speaks the page's language
        assert page.locator("header nav a").all_inner_texts() == ["Zurück zur Partie", "Spielend lernen"]
        assert page.locator("#language").input_value() == "de"
        assert "Krieger – 2 Federn" in page.locator("#pieces").inner_text()
        assert page.locator("main jetan-board").get_attribute("lang") == "de"
        assert ENGLISH.findall(page.locator("body").inner_text()) == []
        # The address's anchor lands on its heading, in German as in English.
        assert abs(page.evaluate(TOP, "end")) < 2

        # To English and back: the same page (nothing reloaded), the reader's place kept.
        page.evaluate("window.samePage = true")
        page.select_option("#language", "en")
        page.wait_for_function(RULES_IN["en"])
        assert page.evaluate("[document.documentElement.lang, document.title, window.samePage]") == \
            ["en", "Jetan — the rules", True]
        assert page.locator("header nav a").all_inner_texts() == ["Back to the game", "Learn by playing"]
        assert "Warrior — 2 feathers" in page.locator("#pieces").inner_text()
        assert abs(page.evaluate(TOP, "end")) < 2
        assert page.evaluate("localStorage.getItem('jetan.language')") == "en"
        took = page.evaluate(SWITCH, ["de", "end", "Wie die Partie endet"])
        page.wait_for_function(RULES_IN["de"])
        assert page.evaluate("[document.documentElement.lang, window.samePage]") == ["de", True]
        assert abs(page.evaluate(TOP, "end")) < 2
        assert took < 300, f"the switch to German took {took:.0f} ms"
        assert page.errors == []
    finally:
        context.close()


def test_a_links_lang_speaks_german_without_changing_the_readers_choice(browser, server):
    context, page = reader(browser, locale="en-US")
    try:
        page.goto(server.url + "rules.html#princess&lang=de")
        page.wait_for_function(RULES_IN["de"])
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.evaluate("localStorage.getItem('jetan.language')") is None
        assert abs(page.evaluate(TOP, "princess")) < 2
        page.goto(server.url + "rules.html")
        page.wait_for_function(RULES_IN["en"])
        assert page.errors == []
    finally:
        context.close()


def test_a_translation_that_cannot_be_had_leaves_the_english_and_says_so(browser, server):
    context, page = reader(browser)
    try:
        context.route("**/i18n/de/rules.html", lambda route: route.fulfill(status=404, body="Not found"))
        page.goto(server.url + "rules.html")
        page.wait_for_function(RULES_IN["en"])
        notice = page.locator("#language-notice")
        notice.wait_for(state="visible")
        assert "Die Texte auf Deutsch konnten nicht geladen werden" in notice.inner_text()
        # The chrome speaks German, the article English, and says so to a screen reader.
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.locator("main").get_attribute("lang") == "en"
        assert page.locator("header nav a").first.inner_text() == "Zurück zur Partie"
        assert "Warrior — 2 feathers" in page.locator("#pieces").inner_text()
        notice.get_by_role("button").click()
        assert notice.is_hidden()
        assert page.errors == []
    finally:
        context.close()


def test_the_guide_keeps_its_fields_and_preview_across_a_switch(browser, server):
    context, page = reader(browser)
    hold_runtime(context)                  # the preview's engine is not what is looked at here
    try:
        page.goto(server.url + "embed-guide.html")
        page.wait_for_function(GUIDE_IN["de"])
        page.wait_for_selector("#preview[data-ply='4'][lang=de]")
        assert page.locator("#g-diagram").inner_text() == "die Diagrammseite"
        assert "lang=de" in page.locator("#g-diagram").get_attribute("href")
        page.fill("#g-moves", "d2-d3,g9-g8")
        page.check("#g-orange")
        page.wait_for_selector("#preview[data-ply='2'][orientation=orange]")
        page.evaluate("window.preview = document.getElementById('preview')")
        page.select_option("#language", "en")
        page.wait_for_function(GUIDE_IN["en"])
        assert page.locator("#g-moves").input_value() == "d2-d3,g9-g8"
        assert page.locator("#g-orange").is_checked()
        assert page.evaluate("window.preview === document.getElementById('preview')")   # the same board
        page.wait_for_selector("#preview[data-ply='2'][lang=en]")
        assert page.locator("#g-diagram").inner_text() == "the diagram page"
        assert 'moves="d2-d3,g9-g8"' in page.locator("#snippet-element").inner_text()
        # Typing goes on as before.
        page.fill("#g-moves", "e2-e3")
        page.wait_for_selector("#preview[data-ply='1']")
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_german_pages_fit_a_desktop_and_a_phone(browser, server, size):
    """Nothing wider than the screen, the header's links in view, every control 44 px on the
    phone; screenshots of each page in German (test-artifacts/content-<page>-de-<size>.png)."""
    context, page = reader(browser, **(PHONE if size == "phone" else DESKTOP))
    hold_runtime(context)
    try:
        for name, ready in [("rules", RULES_IN["de"]), ("embed-guide", GUIDE_IN["de"])]:
            page.goto(server.url + f"{name}.html")
            page.wait_for_function(ready)
            page.wait_for_selector("jetan-board[data-ply]")
            page.wait_for_load_state("load")
            width = page.viewport_size["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width, name
            for link in page.locator("header nav a, #language").all():
                where = link.bounding_box()
                assert where and where["x"] >= 0 and where["x"] + where["width"] <= width, name
            if size == "phone":
                assert page.evaluate(SMALL_CONTROLS) == [], name
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"content-{name}-de-{size}.png"))
            page.screenshot(path=str(ARTIFACTS / f"content-{name}-de-{size}-whole.png"), full_page=True)
        assert page.errors == []
    finally:
        context.close()
