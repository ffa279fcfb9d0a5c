"""The app in its reader's language (issue 57), in Debian's chromium: a browser set to German
opens it in German (its status, buttons and dialogs, <html lang="de">) and plays a whole game
against the engine in German; the language chooser in the menu switches to English in a moment
without touching the engine, and the choice is kept; a link's lang= speaks its language for the
visit alone; anything malformed falls back, and a catalogue that cannot be had is said. German's
longer words hold the layout at 1280×800 and at 390×844 (nothing cut or overflowing, every
control a finger's size on a phone), and so do a right-to-left pseudo-language's, 40% longer than
English, with the board, its coordinates and the notation still left to right."""
import json
import math
import re

import pytest

from py_engine import Game
from py_engine.notation import move_text
from py_engine.search import Searcher
from py_engine.webbuild.catalogues import flat
from tests.browser.conftest import ARTIFACTS, DIST, warm_page, wait_until
from tests.browser.pages import FAST, SIZES, centre, notice, open_app, play, press, saved_moves, watch_errors
from tests.browser.test_layout import boxes
from tests.browser.test_phone import out_of_view

pytestmark = pytest.mark.browser

GERMAN = json.loads((DIST / "i18n" / "de.json").read_text(encoding="utf-8")) if DIST.is_dir() else {}
ENGLISH = json.loads((DIST / "i18n" / "en.json").read_text(encoding="utf-8")) if DIST.is_dir() else {}
SIX = ["d2-d3", "d10-e7", "e1-e4", "g9-g8", "e4-e6", "g10-f7"]


def with_moves(moves, settings=FAST, **fields):
    return {**settings, "game": {**FAST["game"], "moves": moves, **fields}}


def reader(browser, request, server, kept_snapshot, size, locale="de-DE"):
    """A person at ``size`` (pages.SIZES) whose browser speaks ``locale``; a failed test's last
    view kept (test-artifacts/)."""
    page = watch_errors(warm_page(browser, server, kept_snapshot, locale=locale, **SIZES[size]))
    page.touch = size == "phone"
    page.size = size
    yield page
    if getattr(request.node, "body_failed", False):
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    page.context.close()


@pytest.fixture
def german(browser, request, server, kept_snapshot):
    yield from reader(browser, request, server, kept_snapshot, "desktop")


@pytest.fixture(params=["desktop", "phone"])
def german_at(browser, request, server, kept_snapshot):
    yield from reader(browser, request, server, kept_snapshot, request.param)


def speaks(page, lang):
    """Wait until the page speaks ``lang`` (its words are in: <html lang>)."""
    page.wait_for_selector(f"html[lang='{lang}']", timeout=30000)


def status(page):
    return page.locator("#status").inner_text()


# Every element a page marks for the catalogue whose words (text or attribute) are not the
# catalogue's (given flat), but for those a script words itself (the status, the board's label).
NOT_IN_LANGUAGE = """([words, scripted]) => {
    const wrong = [];
    for (const e of document.querySelectorAll('*')) {
        if (scripted.some((s) => e.matches(s))) continue;
        for (const name of e.getAttributeNames().filter((n) => n.startsWith('data-i18n'))) {
            const key = e.getAttribute(name), attribute = name.slice('data-i18n-'.length);
            const shown = name === 'data-i18n' ? e.textContent : e.getAttribute(attribute);
            if (shown !== words[key]) wrong.push(`${e.id || e.tagName} ${name}: ${shown}`);
        }
    }
    return wrong;
}"""
SCRIPTED = ["#status", "#loading-text", "#comment-summary", "#board"]


# What a German reader saw of the page's words, frame by frame, until its German came: the
# frames in which the build's English showed (the menu's first button, visible, in English).
ENGLISH_SEEN = """window.englishSeen = 0;
    const look = () => {
        const button = document.getElementById('new-game-button');
        if (button && button.textContent === 'New game' && getComputedStyle(button).visibility === 'visible'
            && button.getBoundingClientRect().width > 0) window.englishSeen += 1;
        if (document.documentElement.lang !== 'de') requestAnimationFrame(look);
    };
    requestAnimationFrame(look);"""


def test_a_german_browser_opens_the_app_in_german(german, server):
    german.add_init_script(ENGLISH_SEEN)
    open_app(german, server)
    speaks(german, "de")
    assert german.evaluate("window.englishSeen") == 0           # the board alone, meanwhile
    assert german.evaluate("document.documentElement.dir") == "ltr"
    assert german.title() == "Jetan — Marsschach"
    de = dict(flat(GERMAN))
    assert german.evaluate(NOT_IN_LANGUAGE, [de, SCRIPTED]) == []
    assert german.locator("#new-game-button").inner_text() == "Neue Partie"
    assert german.locator("#undo-button").inner_text() == "Zurücknehmen"
    # The status is the panels' (B2's words): Black to move, in German.
    wait_until(german, "() => document.getElementById('status').textContent.includes('Schwarz')")
    # The chooser: each language in its own name, German chosen.
    options = german.eval_on_selector_all("#language-select option",
                                          "(os) => os.map((o) => [o.value, o.text, o.lang])")
    assert options == [["en", "English", "en"], ["de", "Deutsch", "de"]]
    assert german.locator("#language-select").input_value() == "de"
    # A dialog: New game, its words and the engine's levels.
    press(german, "#new-game-button")
    german.wait_for_selector("#new-game-dialog[open]")
    assert german.locator("#new-game-title").inner_text() == "Neue Partie"
    assert german.locator("#new-game-dialog legend").first.inner_text() == "Gegner"
    assert german.locator("#start-button").inner_text() == "Starten"
    assert german.eval_on_selector("select[name=level]", "(s) => s.options[0].text") == "1 – Anfänger"
    german.locator("#new-game-dialog button[value=cancel]").click()
    assert not german.errors


def test_a_whole_game_against_the_engine_in_german(german, server):
    """From a position a few moves from the end, the person plays by clicks (the engine's own
    choice two plies deep) until the game ends: the status says whose move it is in German all
    along, and the end's words are German. (The end's words are the engine's result, a message
    since helper A1's facade change; the status is the panels', helper B2's.)"""
    start = "p8c/10/10/10/10/3F6/10/10/10/P8C b"
    open_app(german, server, with_moves([], start=start))
    speaks(german, "de")
    for _ in range(30):
        if german.locator("body").get_attribute("data-result"):
            break
        said = status(german)
        assert "Schwarz" in said and "to move" not in said, said
        game = Game(position=start)
        for m in saved_moves(german):
            game.play(m)
        chosen = move_text(game.position, Searcher(game.rules).best_move(game.position, depth=2))
        for text in [chosen] + [move_text(game.position, m) for m in game.legal_moves]:
            try:
                game.play(text)                 # (the search knows no repetitions: a legal one)
            except Exception:
                continue
            break
        frm, to = re.match(r"([a-j]\d+)[-x]([a-j]\d+)", text).groups()
        before = len(game.plies) - 1
        german.mouse.click(*centre(german, frm))
        german.mouse.click(*centre(german, to))
        german.wait_for_function("(n) => +document.body.dataset.plies >= n || document.body.dataset.result",
                                 arg=before + 2, timeout=60000)
    german.wait_for_selector("#game-over:not([hidden])")
    end = german.locator("#game-over-text").inner_text()
    assert re.search(r"gewinnt|[Rr]emis", end), end                  # A1's result message
    assert german.locator("#rematch-button").inner_text() == "Revanche"
    assert "wins" not in status(german) and "Drawn" not in status(german)
    german.screenshot(path=str(ARTIFACTS / "de-game-over.png"))
    assert not german.errors


# Switch the language with the chooser and time it: from the change to the first frame drawn
# with the new words (the status and the controls said in it).
SWITCH = """async ([lang, undo]) => {
    const chooser = document.getElementById('language-select');
    const started = performance.now();
    chooser.value = lang;
    chooser.dispatchEvent(new Event('change'));
    await new Promise((done) => {
        const check = () => (document.documentElement.lang === lang
                             && document.getElementById('undo-button').textContent === undo
                             ? done() : requestAnimationFrame(check));
        check();
    });
    await new Promise((done) => requestAnimationFrame(() => done()));
    return performance.now() - started;
}"""
# The engine's state as the page shows it, each change noted; and its worker, remembered.
WATCH_ENGINE = """() => {
    window.engineStates = [];
    new MutationObserver(() => window.engineStates.push(document.body.dataset.engine))
        .observe(document.body, { attributes: true, attributeFilter: ['data-engine'] });
    window.workerBefore = window.jetan.engine.worker;
}"""


def test_the_chooser_switches_to_english_at_once_without_the_engine(german, server):
    open_app(german, server, with_moves(SIX))
    speaks(german, "de")
    german.evaluate(WATCH_ENGINE)
    first = german.evaluate(SWITCH, ["en", "Undo"])
    assert german.locator("#new-game-button").inner_text() == "New game"
    assert "to move" in status(german)
    again = german.evaluate(SWITCH, ["de", "Zurücknehmen"])
    back = german.evaluate(SWITCH, ["en", "Undo"])
    print(f"\nlanguage switch: to English {first:.0f} ms (its catalogue fetched), back to German "
          f"{again:.0f} ms, to English again {back:.0f} ms")
    # The engine untouched: the same worker, ready all along, and it plays on.
    assert german.evaluate("window.jetan.engine.worker === window.workerBefore")
    assert set(german.evaluate("window.engineStates")) <= {"ready"}
    assert german.evaluate("document.body.dataset.engine") == "ready"
    play(german, "d3", "d4")
    german.wait_for_selector("body[data-plies='8']", timeout=30000)
    assert "to move" in status(german)
    assert not german.errors


def test_the_choice_is_kept_and_a_links_language_is_for_the_visit(german, server):
    open_app(german, server, with_moves(SIX[:2]))
    speaks(german, "de")
    german.select_option("#language-select", "en")
    speaks(german, "en")
    assert german.evaluate("localStorage.getItem('jetan.language')") == "en"
    german.reload()
    speaks(german, "en")                                  # kept, over the browser's German
    assert german.locator("#undo-button").inner_text() == "Undo"
    german.select_option("#language-select", "de")
    speaks(german, "de")
    # A link in English: this visit speaks it; the choice kept is German still, and the link
    # opens no game (it holds none).
    german.goto(server.url + "build-info.js")          # (a page of the site's, so that the next loads)
    german.goto(server.url + "#lang=en")
    german.wait_for_selector("body[data-engine=ready]", timeout=60000)
    speaks(german, "en")
    assert german.locator("#undo-button").inner_text() == "Undo"
    assert german.evaluate("localStorage.getItem('jetan.language')") == "de"
    assert saved_moves(german) == SIX[:2]
    assert german.locator("#notice").is_hidden()
    # A lang= followed in the same tab switches too, and keeps nothing.
    german.evaluate("location.hash = 'lang=de'")
    speaks(german, "de")
    german.evaluate("location.hash = 'lang=en'")
    speaks(german, "en")
    assert german.evaluate("localStorage.getItem('jetan.language')") == "de"
    german.goto(server.url)
    speaks(german, "de")
    assert not german.errors


@pytest.mark.parametrize("fragment, kept", [
    ("#lang=<script>window.__xss=1</script>", None), ("#lang=xx", None), ("#lang=%E0%A4%A", None),
    ("#lang=" + "de-" * 40, None), ("", "<img src=x onerror=window.__xss=1>"), ("", "xx-YY"),
    ("", '{"de": 1}'),
], ids=["markup", "unknown", "bad-escape", "too-long", "kept-markup", "kept-unknown", "kept-json"])
def test_a_malformed_language_falls_back_without_an_error(german, server, fragment, kept):
    german.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    if kept is not None:
        german.add_init_script(f"localStorage.setItem('jetan.language', {json.dumps(kept)});")
    open_app(german, server, with_moves(SIX[:2]), fragment=fragment)
    speaks(german, "de")                                  # the browser's language
    assert german.locator("#undo-button").inner_text() == "Zurücknehmen"
    assert german.locator("#notice").is_hidden()
    assert saved_moves(german) == SIX[:2]
    assert german.evaluate("window.__xss") is None
    assert not german.errors


def test_a_catalogue_that_cannot_be_had_leaves_english_and_says_so(german, server):
    german.context.route("**/i18n/de.json", lambda route: route.abort())
    open_app(german, server)
    said = notice(german)
    assert "German" in said and "could not be loaded" in said and "Nothing is lost" in said, said
    assert german.evaluate("document.documentElement.lang") == "en"
    assert german.locator("#undo-button").inner_text() == "Undo"
    assert german.locator("#language-select").input_value() == "en"
    assert not german.errors


def test_what_is_said_before_the_words_come_waits_for_them(page, server):
    """A link refused as the page starts (before its catalogue has come, on a slow line) is said
    once the words are in, and the recent games are listed then: never shown as messages' keys."""
    held = []
    page.context.route("**/i18n/en.json", lambda route: held.append(route))
    recent = [{"game": {"rules": "", "start": "start", "moves": ["e2-e3"], "headers": {}}, "saved": 1}]
    page.add_init_script(f"localStorage.setItem('jetan.recent', {json.dumps(json.dumps(recent))})")
    page.goto(server.url + "#1;m=zz")
    page.wait_for_function("() => document.getElementById('notice-text').textContent !== ''")
    assert page.locator("#notice").is_hidden()
    assert page.locator("#recent").is_hidden()
    for route in held:
        route.continue_()
    assert "is not a move" in notice(page)
    page.wait_for_selector("#recent:not([hidden])")
    assert page.locator("#recent-list button").first.text_content() == "Open"


# ---- the layout in longer words --------------------------------------------------------------

# Every element shown whose words do not fit it: a control, a label, a heading, a line of the
# panel — its words wider than its box, or cut where it clips; a list whose chosen option is
# wider than the list; a box whose example (placeholder) is; anything out of the window's sides;
# and the page wider than the window.
CUT = """([scope, choices]) => {
    const root = document.querySelector(scope) || document.body;
    const shown = (e) => { const r = e.getBoundingClientRect(), st = getComputedStyle(e);
        const folded = e.closest('details:not([open])');
        return r.width > 0 && r.height > 0 && st.visibility === 'visible'
            && !e.closest('[hidden], .sr-only, dialog:not([open])') && !(folded && !e.closest('summary')); };
    const measure = document.createElement('canvas').getContext('2d');
    const width = (e, text) => {
        measure.font = getComputedStyle(e).font;
        return measure.measureText(text).width;
    };
    const inner = (e) => { const st = getComputedStyle(e);
        return e.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight); };
    const name = (e) => `${e.id || e.tagName.toLowerCase()} `
        + `"${(e.textContent || e.placeholder || '').trim().slice(0, 30)}"`;
    const found = [];
    for (const e of root.querySelectorAll(
            'button, a.button, summary, label, legend, h2, .status, .engine-idle, .players, .hint-text, '
            + '.game-over-text, #notice-text, .preset, .clock, .review-note, .draw-offer, select, input, '
            + '.theme-field, .copy-row, .dialog-buttons, .button-row')) {
        if (!shown(e)) continue;
        const r = e.getBoundingClientRect(), st = getComputedStyle(e);
        if (st.position !== 'fixed' && (r.left < -1 || r.right > innerWidth + 1)) {
            found.push(`${name(e)} out of the window`);
        }
        // (A rule option's words are long in any language: its list shows what fits of the
        // one chosen, and the whole of each when opened.)
        if (e.tagName === 'SELECT' && choices && !e.closest('.custom-rules')) {
            const option = e.selectedOptions[0];
            if (option && width(e, option.text) > inner(e) - 16) found.push(`${name(e)}: choice cut`);
            continue;
        }
        if (e.tagName === 'SELECT') continue;
        if (e.tagName === 'INPUT') {
            if (e.placeholder && width(e, e.placeholder) > inner(e) + 1) found.push(`${name(e)}: example`);
            continue;
        }
        if (st.display === 'inline') continue;
        const over = e.scrollWidth - e.clientWidth;
        if (over > 1) found.push(`${name(e)}: ${over} px too wide`);
        else if (st.overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 1) found.push(name(e));
    }
    const page = document.documentElement.scrollWidth;
    if (page > innerWidth + 1) found.push(`the page is ${page} px wide`);
    return found;
}"""
# Every control on the first screen smaller than a finger (44 px) either way (test_game_site's).
SMALL_ON_SCREEN = """(scope) => [...document.querySelectorAll(
        `${scope} :is(button, select, input, summary, a.button)`)]
    .filter((e) => e.offsetParent !== null && getComputedStyle(e).visibility === 'visible')
    .map((e) => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
    .filter(([, r]) => r.top < innerHeight && r.bottom > 0 && (r.width < 44 || r.height < 44))
    .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def assert_nothing_cut(page, scope="body", fingers=True):
    cut = page.evaluate(CUT, [scope, page.choices_whole])
    if cut:
        page.screenshot(path=str(ARTIFACTS / f"cut-{page.size}.png"))
    assert cut == []
    if fingers and page.size == "phone":
        assert page.evaluate(SMALL_ON_SCREEN, scope) == []


def assert_the_layout_holds(page, lang, choices_whole=True):
    """The app (a game on) in ``lang``: nothing cut, and on a phone every control a finger's
    size; its menu, the first Resign press, the end of a game and the New game dialog likewise;
    a picture of each in test-artifacts/. (``choices_whole``: each list's choice shown whole —
    not asked of the pseudo-language, longer than any: a list shows what fits of its choice.)"""
    page.choices_whole = choices_whole
    size = page.size
    assert out_of_view(page, "#board", "#status", "#steps") == [] and page.evaluate("scrollY") == 0
    assert_nothing_cut(page)
    page.screenshot(path=str(ARTIFACTS / f"{lang}-{size}-game.png"))
    if size == "phone":
        press(page, "#menu-button")
        page.wait_for_selector("#main-nav", state="visible")
        assert_nothing_cut(page, "#main-nav")
        assert out_of_view(page, "#language-select", "#theme-button") == []
        page.screenshot(path=str(ARTIFACTS / f"{lang}-{size}-menu.png"))
        press(page, "#menu-button")
    # Resign asks on the button itself: its question whole, inside the panel, and nothing moves.
    # (On a phone German's controls take two rows, Resign's under the first screen.)
    page.locator("#resign-button").scroll_into_view_if_needed()
    around = ["#moves", ".controls"]
    before = boxes(page, *around)
    press(page, "#resign-button")
    assert page.locator("#resign-button").get_attribute("aria-pressed") == "true"
    assert boxes(page, *around) == before
    panel, resign = boxes(page, ".panel", "#resign-button").values()
    assert resign["left"] >= panel["left"] - 0.5 and resign["right"] <= panel["right"] + 0.5
    assert page.locator("#resign-button").evaluate("(b) => b.scrollWidth <= b.clientWidth")
    press(page, "#resign-button")
    page.wait_for_selector("#game-over:not([hidden])")
    assert out_of_view(page, "#game-over", "#steps", "#rematch-button") == []
    assert_nothing_cut(page)
    page.screenshot(path=str(ARTIFACTS / f"{lang}-{size}-game-over.png"))
    press(page, "#new-game-button")
    page.wait_for_selector("#new-game-dialog[open]")
    assert_nothing_cut(page, "#new-game-dialog", fingers=False)
    page.screenshot(path=str(ARTIFACTS / f"{lang}-{size}-new-game.png"))
    page.evaluate("document.getElementById('custom-details').open = true")
    assert_nothing_cut(page, "#new-game-dialog", fingers=False)
    page.locator("#new-game-dialog button[value=cancel]").click()
    press(page, "#theme-button")
    page.wait_for_selector("#theme-dialog[open] .theme-preview")
    assert_nothing_cut(page, "#theme-dialog", fingers=False)
    page.keyboard.press("Escape")
    assert not page.errors


def test_german_holds_the_layout(german_at, server):
    open_app(german_at, server, with_moves(SIX))
    speaks(german_at, "de")
    assert_the_layout_holds(german_at, "de")


# ---- right to left -----------------------------------------------------------------------

PSEUDO = "ar"          # a right-to-left language's code, spoken here by a made-up catalogue


def pseudo_catalogue(node):
    """English made right-to-left and 40% longer: each message's words reversed in display (a
    right-to-left override), then padded; placeholders left as they are."""
    if isinstance(node, dict):
        return {key: pseudo_catalogue(value) for key, value in node.items()}
    padding = "ŧ" * math.ceil(0.4 * len(node))
    words = " ".join(padding[i:i + 6] for i in range(0, len(padding), 6))    # words of a word's length
    return f"\u202e[{node} {words}]\u202c"


def speak_pseudo(context, server):
    """The app's i18n.js with the pseudo-language among its languages, and its catalogue."""
    source = (DIST / "js" / "i18n.js").read_text(encoding="utf-8")
    listed = re.sub(r"(LANGUAGES = Object\.freeze\(\{)", rf'\1 {PSEUDO}: "Pseudo RTL",', source, count=1)
    assert listed != source
    catalogue = pseudo_catalogue(ENGLISH)
    context.route("**/js/i18n.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=listed))
    context.route(f"**/i18n/{PSEUDO}.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(catalogue)))


@pytest.fixture(params=["desktop", "phone"])
def pseudo_at(browser, request, server, kept_snapshot):
    yield from reader(browser, request, server, kept_snapshot, request.param, locale=PSEUDO)


# The direction of each element given, as drawn.
DIRECTIONS = """(selectors) => Object.fromEntries(selectors.map((s) =>
    [s, getComputedStyle(document.querySelector(s)).direction]))"""


def test_a_right_to_left_language_mirrors_the_page_but_not_the_board(pseudo_at, server):
    page = pseudo_at
    speak_pseudo(page.context, server)
    open_app(page, server, with_moves(SIX[:4]))
    speaks(page, PSEUDO)
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert set(page.evaluate(DIRECTIONS, ["body", ".panel", ".top"]).values()) == {"rtl"}
    notation = ["#board", ".board-wrap", "#moves", "#move-strip", "#steps", "#thinking-line", "#move-input"]
    assert set(page.evaluate(DIRECTIONS, notation).values()) == {"ltr"}
    # The board is not mirrored: b2 is next to its bottom left corner, as a press there shows.
    play(page, "b2", "b3")
    page.wait_for_selector("body[data-plies='6']", timeout=30000)
    assert saved_moves(page)[4] == "b2-b3"
    assert_the_layout_holds(page, "rtl", choices_whole=False)
