"""The German pages in Firefox ESR and WebKitGTK (issue 57): each page opened in German by a link's
language (``lang=de`` in the fragment, or the query for embed.html), at 1280×800 and on a phone
(390×844, or as narrow as the browser's window gets: WebKitGTK's MiniBrowser, 447), looked at as a
German reader sees it: ``<html lang="de">`` written left to right, every board speaking German, no
English word left, nothing sticking out of the page, no words cut inside a control, a heading or a
status line, no control over another, every control a finger's size on the phone, and no errors.

One visitor per engine and size looks at the pages in turn; only the app's page waits for the
engine, and plays a move by clicks so that its status and move list have German words to show.
Every page is photographed (test-artifacts/engines-<engine>-de-<page>[-<screen>]-<w>x<h>.png):
the checks find what is measurable, a person looks at the pictures for the rest.

These browsers are driven with a mouse: their pages read ``(pointer: fine)`` and ``(hover:
hover)``. On the phone's size each page's style sheets (and its boards') are made to read as a
phone's do — ``(pointer: coarse)`` and ``(hover: none)`` true, the others false (PHONE_STYLES) —
so that the 44 px rules a phone gets are the ones measured and photographed.
"""
import json
import re
import time

import pytest

from tests.browser.conftest import ARTIFACTS, ROOT
from tests.browser.test_layout import SMALL_CONTROLS
from tests.browser.test_phone import TOUCH_PAGE_READY
from tests.engines.conftest import click_move, engine_ready, new_visitor, shot, wait_plies

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.engines]

SIZES = [(1280, 800), (390, 844)]
LANG = "de"

# Each page in German by its link, with what shows that it is there (its words and boards in).
# The app's page waits for its engine besides (see look_at_the_app).
PAGES = {
    "index": ("index.html#lang=de", "document.readyState === 'complete'"),
    "learn": ("learn.html#lang=de",
              "document.querySelectorAll('#lesson-list li').length > 0 && "
              "document.getElementById('lesson-text').textContent.trim() !== ''"),
    "puzzles": ("puzzles.html#lang=de",
                "document.getElementById('puzzle-prompt').textContent.trim() !== '' && "
                "document.getElementById('puzzle-theme').options.length > 1"),
    "rules": ("rules.html#lang=de",
              "document.querySelectorAll('#pieces canvas').length > 0 && "
              "document.querySelector('[data-i18n-content]').style.visibility !== 'hidden'"),
    "embed-guide": ("embed-guide.html#lang=de",
                    "document.querySelector('#preview[data-ply][data-lang]') !== null && "
                    "document.querySelector('[data-i18n-content]').style.visibility !== 'hidden' && "
                    "document.getElementById('snippet-element').textContent !== ''"),
    "diagram": ("diagram.html#1;m=d2d3,g9g8&lang=de", "document.body.dataset.pictured === 'true'"),
    "embed": ("embed.html?interactive&lang=de#moves=d2d3,g9g8",
              "document.querySelector('jetan-board[data-ply][data-lang]') !== null"),
}
WORDS_WAIT_S = 15           # a page's German words, once the page is there
SCREENS = 3                 # photographs of a long page: its first screens, one under the other

# The style sheets of the page and of its boards (their shadow roots) read as a phone's:
# (pointer: coarse) and (hover: none) true, (pointer: fine) and (hover: hover) false. Run again
# after a board is made: each rule is rewritten once.
PHONE_STYLES = """() => {
    const roots = [document, ...[...document.querySelectorAll('jetan-board')]
        .map((b) => b.shadowRoot).filter(Boolean)];
    const phone = (text) => text
        .replace(/\\(\\s*pointer\\s*:\\s*coarse\\s*\\)/g, 'all')
        .replace(/\\(\\s*hover\\s*:\\s*none\\s*\\)/g, 'all')
        .replace(/\\(\\s*pointer\\s*:\\s*fine\\s*\\)/g, 'not all')
        .replace(/\\(\\s*hover\\s*:\\s*hover\\s*\\)/g, 'not all');
    let changed = 0;
    const visit = (rules) => {
        for (const rule of rules) {
            if (rule.media && typeof rule.media.mediaText === 'string') {
                const now = phone(rule.media.mediaText);
                if (now !== rule.media.mediaText) { rule.media.mediaText = now; changed += 1; }
            }
            if (rule.cssRules) visit(rule.cssRules);
        }
    };
    for (const root of roots)
        for (const sheet of [...root.styleSheets, ...(root.adoptedStyleSheets || [])]) {
            try { visit(sheet.cssRules); } catch { /* another origin's sheet: none here */ }
        }
    return changed;
}"""

# Errors after the page is there (WebKitGTK's driver reports none of a page's own: these are
# caught in the page; Firefox's log has the earlier ones too).
CATCH_ERRORS = """() => {
    window.__languageErrors = [];
    addEventListener('error', (e) => __languageErrors.push(String(e.message || e)));
    addEventListener('unhandledrejection',
                     (e) => __languageErrors.push(String(e.reason && e.reason.stack || e.reason)));
    return true;
}"""
CAUGHT_ERRORS = "() => window.__languageErrors || []"
# Two frames drawn: the styles just changed laid out.
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(1))))"

# English words that no German sentence has (whole words, any case): a word of English left
# in a German page's text, its screen-reader labels, titles, placeholders, or lists' choices.
ENGLISH = ("the|and|of|to|is|are|you|your|with|for|from|this|that|on|or|by|its|at|has|have|"
           "move|moves|game|games|board|piece|pieces|black|square|squares|player|players|"
           "undo|hint|resign|loading|share|rules|learn|puzzles?|lessons?|flip|gallery|look|"
           "captured|wagers|comment|copy|close|next|back|retry|solution|daily|streak|"
           "well done|solved|new|play|dismiss|cancel|start position|set up|analyse this")

# The catalogue's namespaces: a message's key (panel.wager, side.black) shown instead of its words.
NAMESPACES = "|".join(sorted(json.loads((ROOT / "web" / "i18n" / "en.json").read_text())))

# What a German reader would find amiss on the page as it is now (``scope``: a selector; the
# whole page if null). Each finding a short line naming the element. Elements marked with a
# language of their own (lang="en": a book's English title) and notation (code, kbd, pre,
# samp), the language chooser's names and hidden things are not read.
LOOK = r"""([scope, englishSource, namespaces]) => {
    // Whole words: no letter of any script (ä, ß) either side.
    const english = new RegExp(`(?<![\\p{L}\\p{N}])(${englishSource})(?![\\p{L}\\p{N}])`, 'iu');
    const top = scope ? document.querySelector(scope) : document.documentElement;
    const hosts = [...top.querySelectorAll('jetan-board')];
    const roots = [top, ...hosts.map((b) => b.shadowRoot).filter(Boolean)];
    const all = (selector) => roots.flatMap((r) => [...r.querySelectorAll(selector)]);
    const parentOf = (e) => e.parentElement || (e.getRootNode() && e.getRootNode().host) || null;
    const named = (e) => {
        const cls = typeof e.className === 'string' && e.className.trim()
            ? '.' + e.className.trim().split(/\s+/).join('.') : '';
        const inBoard = e.getRootNode() !== document ? 'jetan-board >>> ' : '';
        const words = (e.textContent || e.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ');
        return `${inBoard}${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${cls} "${words.slice(0, 50)}"`;
    };
    const shown = (e) => {
        const r = e.getBoundingClientRect();
        return e.checkVisibility() && getComputedStyle(e).visibility === 'visible' &&
            r.width > 2 && r.height > 2 && !e.closest('.sr-only, .visually-hidden');
    };
    // The part of an element's box its ancestors' overflow leaves in sight.
    const seen = (e) => {
        const b = e.getBoundingClientRect();
        let box = { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
        for (let p = parentOf(e); p && p !== document.documentElement; p = parentOf(p)) {
            const s = getComputedStyle(p);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const c = p.getBoundingClientRect();
            box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
                    right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
        }
        return box;
    };
    const found = { lang: document.documentElement.lang, dir: document.documentElement.dir || 'ltr',
                    title: document.title, width: [document.documentElement.scrollWidth, innerWidth],
                    sticking: [], cut: [], overlap: [], english: [], keys: [], boards: [] };
    // What sticks out of the page on the right (its outermost parts).
    if (document.documentElement.scrollWidth > innerWidth) {
        // An element's box, or its words spilling out of it.
        const right = (e) => {
            const r = e.getBoundingClientRect();
            return getComputedStyle(e).overflowX === 'visible'
                ? Math.max(r.right, r.left + e.scrollWidth) : r.right;
        };
        const out = [...document.body.querySelectorAll('*')].filter((e) => {
            const r = e.getBoundingClientRect();
            return right(e) > innerWidth + 1 && r.width > 0 && e.checkVisibility() &&
                seen(e).left < innerWidth;
        });
        found.sticking = out.filter((e) => !out.includes(e.parentElement)).slice(0, 8)
            .map((e) => `${named(e)} to ${Math.round(right(e))} px`);
    }
    // The width a form control leaves its words: its box less borders and padding (Firefox's
    // clientWidth of a text box is short of its padding box by the padding).
    const room = (e) => {
        const s = getComputedStyle(e);
        const sides = ['borderLeftWidth', 'borderRightWidth', 'paddingLeft', 'paddingRight'];
        return e.getBoundingClientRect().width - sides.reduce((sum, p) => sum + parseFloat(s[p]), 0);
    };
    // Words cut or spilling out of their box: a control's, a heading's, a line of text's.
    const cut = all('button, select, label, summary, legend, h1, h2, h3, h4, a.button, .button, ' +
                    '[role=status], [aria-live], .status, p, li, dt, dd, th, td, figcaption, caption')
        // (The app's title, whose subtitle gives way to the menu by wrapping out of sight: app.css.)
        .filter((e) => shown(e) && !e.closest('pre, code, textarea, [aria-hidden=true]') &&
                       !e.matches('.top.with-menu h1') && e.textContent.trim() !== '')
        .filter((e) => {
            const s = getComputedStyle(e);
            if (s.display === 'inline' || s.display === 'contents') return false;
            const scrolls = (o) => o === 'auto' || o === 'scroll';
            if (scrolls(s.overflowX) || scrolls(s.overflowY)) return false;     // scrolled, not cut
            if (e.tagName === 'SELECT') {
                const option = e.options[e.selectedIndex];
                if (!option) return false;
                const ctx = document.createElement('canvas').getContext('2d');
                ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
                return ctx.measureText(option.text).width > room(e) + 1;     // even without its arrow
            }
            return e.scrollWidth > e.clientWidth + 1 ||
                   (s.overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 1);
        });
    found.cut = cut.filter((e) => !cut.some((f) => f !== e && e.contains(f)))
        .map((e) => `${named(e)} ${e.scrollWidth}/${e.clientWidth} wide, ` +
                    `${e.scrollHeight}/${e.clientHeight} high`);
    // A text box's placeholder (shown while it is empty) wider than the box.
    const measure = document.createElement('canvas').getContext('2d');
    for (const e of all('input[placeholder], textarea[placeholder]')) {
        if (!shown(e) || e.value || e.tagName === 'TEXTAREA') continue;
        const s = getComputedStyle(e);
        measure.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const wide = measure.measureText(e.placeholder).width;
        if (wide > room(e) + 1)
            found.cut.push(`${named(e)} [placeholder] "${e.placeholder}" ` +
                           `${Math.round(wide)}/${Math.round(room(e))} wide`);
    }
    // A control over another (one holding the other apart).
    const controls = all('button, a[href], select, input:not([type=hidden]), summary, textarea')
        .filter((e) => shown(e) && !e.closest('[aria-hidden=true]'));
    const boxes = controls.map(seen);
    for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) {
        const [a, b, p, q] = [controls[i], controls[j], boxes[i], boxes[j]];
        if (a.contains(b) || b.contains(a) || (a.labels && [...a.labels].some((l) => l.contains(b))) ||
            (b.labels && [...b.labels].some((l) => l.contains(a)))) continue;
        // A dialog's buttons stay in sight over what scrolls under them (app.css: .dialog-buttons).
        if (Boolean(a.closest('.dialog-buttons')) !== Boolean(b.closest('.dialog-buttons'))) continue;
        const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (w > 1 && h > 1)
            found.overlap.push(`${named(a)} over ${named(b)} (${Math.round(w)}x${Math.round(h)})`);
    }
    // English left: in the words shown, and in what a screen reader or a tooltip says.
    const quiet = 'script, style, code, kbd, pre, samp, svg, textarea, [translate=no], ' +
                  '[lang]:not([lang|=de]):not(html)';
    const walker = (root) => document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const heard = [];
    for (const root of roots) {
        const w = walker(root);
        for (let n = w.nextNode(); n; n = w.nextNode()) {
            const e = n.parentElement;
            if (!e || e.closest(quiet) || !n.textContent.trim()) continue;
            if (e.tagName !== 'OPTION' && e.tagName !== 'TITLE' && !e.checkVisibility()) continue;
            heard.push([e, n.textContent]);
        }
    }
    for (const e of all('[aria-label], [title], [placeholder], [alt], [aria-description]')) {
        if (e.closest(quiet)) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'])
            if (e.hasAttribute(name)) heard.push([e, e.getAttribute(name), name]);
    }
    if (!scope) heard.push([document.documentElement, document.title, 'document.title']);
    // (A file's name is no word: rules.md.) A message's key shown in its place: its words missing.
    const file = /[\w./-]+\.(md|html|js|json|png|svg|txt|pgn)\b/g;
    const key = new RegExp(`(?<![\\p{L}\\p{N}.])(${namespaces})\\.[a-z][a-zA-Z0-9]*(\\.[a-zA-Z0-9]+)*`, 'u');
    for (const [e, text, where] of heard) {
        const words = text.trim().replace(/\s+/g, ' ').slice(0, 90);
        const said = `${named(e)}${where ? ' [' + where + ']' : ''}: "${words}"`;
        const hit = english.exec(text.replace(file, ' '));
        if (hit) found.english.push(`${said} (${hit[0]})`);
        const keyed = key.exec(text.replace(file, ' '));
        if (keyed) found.keys.push(`${said} (${keyed[0]})`);
    }
    found.english = [...new Set(found.english)];
    found.keys = [...new Set(found.keys)];
    // Every board speaks the page's language.
    found.boards = hosts.filter((b) => b.dataset.lang !== document.documentElement.lang)
        .map((b) => `${named(b)} speaks ${b.dataset.lang}`);
    return found;
}"""


def small_controls(browser):
    """On a phone: the controls (tests/browser/test_layout.py's, in the page and its boards) less
    than 44 px tall; and those as tall but narrower, noted in the log."""
    small = browser.call(SMALL_CONTROLS)
    height = [c for c in small if int(re.search(r"(\d+)x(\d+)$", c).group(2)) < 44]
    NARROW.update(f"{browser.name} {c}" for c in small if c not in height)
    return height


NARROW = set()


def problems(browser, page, phone, scope=None, known=()):
    """What is amiss on ``page`` as it is now, one line each (``scope``: a part of it, whose
    controls under 44 px are those not ``known`` already)."""
    seen = browser.call(LOOK, [scope, ENGLISH, NAMESPACES])
    where = f"{browser.name} {browser.viewport[0]}x{browser.viewport[1]} {page}"
    lines = []
    if not scope:
        if seen["lang"] != LANG:
            lines.append(f'<html lang="{seen["lang"]}">, not "{LANG}"')
        if seen["dir"] != "ltr":
            lines.append(f'<html dir="{seen["dir"]}">, not "ltr"')
        if seen["width"][0] > seen["width"][1]:
            lines.append(f"the page is {seen['width'][0]} px wide in a {seen['width'][1]} px window: "
                         + "; ".join(seen["sticking"]))
    lines += [f"words cut: {c}" for c in seen["cut"]]
    lines += [f"overlap: {c}" for c in seen["overlap"]]
    lines += [f"English: {c}" for c in seen["english"]]
    lines += [f"a message's key, not its words: {c}" for c in seen["keys"]]
    lines += [f"a board not in German: {c}" for c in seen["boards"]]
    if phone:
        lines += [f"under 44 px tall: {c}" for c in small_controls(browser) if c not in known]
    return [f"{where}: {line}" for line in lines]


def errors(browser, page):
    said = (browser.page_errors() or []) + browser.call(CAUGHT_ERRORS)
    where = f"{browser.name} {browser.viewport[0]}x{browser.viewport[1]} {page}"
    return [f"{where}: page error: {e}" for e in said]


def photograph(browser, name):
    """The page's first screens, top first (one only if the page is no taller than the window):
    engines-<engine>-de-<name>[-2, -3]-<w>x<h>.png."""
    height = browser.call("() => document.documentElement.scrollHeight")
    screens = min(SCREENS, -(-height // browser.viewport[1]))
    for screen in range(screens):
        browser.call("(y) => scrollTo(0, y)", screen * browser.viewport[1])
        shot(browser, f"de-{name}" + (f"-{screen + 1}" if screen else ""))
    browser.call("() => scrollTo(0, 0)")


def in_german(browser, page, timeout=WORDS_WAIT_S):
    """Wait for the page's words in German; a line saying so if they never came."""
    try:
        browser.wait("(lang) => document.documentElement.lang === lang", LANG, timeout=timeout)
        return []
    except TimeoutError:
        lang = browser.call("() => document.documentElement.lang")
        return [f"{browser.name} {browser.viewport[0]}x{browser.viewport[1]} {page}: "
                f'no German words in {timeout} s (<html lang="{lang}">)']


def look_at_the_app(browser, server, phone):
    """The app's page: the engine ready, a move played by clicks and answered, then the page,
    its menu (on the phone) and the new game's dialog looked at."""
    browser.goto(server.url + PAGES["index"][0])
    browser.call(CATCH_ERRORS)
    engine_ready(browser)
    found = in_german(browser, "index")
    click_move(browser, "d2", "d3")
    wait_plies(browser, 2)
    browser.wait("() => document.querySelectorAll('#moves button').length >= 2")
    browser.call("() => { document.activeElement.blur(); scrollTo(0, 0); }")
    if phone:
        browser.call(PHONE_STYLES)
    browser.wait(TWO_FRAMES)
    found += problems(browser, "index", phone)
    known = small_controls(browser) if phone else []        # said once, not again below
    photograph(browser, "index")
    if phone:
        browser.click_element("#menu-button")
        browser.wait("() => document.getElementById('main-nav').checkVisibility()")
        found += problems(browser, "index menu", phone, "#main-nav", known)
        known = small_controls(browser)
        browser.call("() => scrollTo(0, 0)")
        shot(browser, "de-index-menu")
    browser.click_element("#new-game-button")           # on the phone, from the menu open
    try:
        browser.wait("() => document.getElementById('new-game-dialog').open", timeout=10)
    except TimeoutError:
        return found + [f"{browser.name} {browser.viewport[0]}x{browser.viewport[1]} index: "
                        "New game opened no dialog"] + errors(browser, "index")
    found += problems(browser, "index new-game dialog", phone, "#new-game-dialog", known)
    shot(browser, "de-index-new-game")
    browser.click_element("#new-game-dialog button[value=cancel]")
    browser.wait("() => !document.getElementById('new-game-dialog').open")
    return found + errors(browser, "index")


def look_at(browser, server, name, phone):
    """Any other page: there, in German, looked at."""
    address, there = PAGES[name]
    browser.goto(server.url + address)
    browser.call(CATCH_ERRORS)
    browser.wait(f"() => ({there}) && ({TOUCH_PAGE_READY})()")
    found = in_german(browser, name)
    if phone:
        browser.call(PHONE_STYLES)
    browser.wait(TWO_FRAMES)
    found += problems(browser, name, phone)
    photograph(browser, name)
    return found + errors(browser, name)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_pages_in_german_hold_their_words(browser, server, size):
    """Each page in German by its link, at ``size``: all that is amiss on all the pages, at once."""
    new_visitor(browser, server.url, size=size)
    phone = size[0] < 600
    found, took = [], {}
    for name in PAGES:
        start = time.monotonic()
        found += look_at_the_app(browser, server, phone) if name == "index" else \
            look_at(browser, server, name, phone)
        took[name] = round(time.monotonic() - start, 1)
    ARTIFACTS.mkdir(exist_ok=True)
    with open(ARTIFACTS / "engines-language.log", "a") as log:
        log.write(f"{browser.name} {browser.viewport}: {took}\n" + "".join(f"  {line}\n" for line in found)
                  + "".join(f"  (note) as tall but narrower than 44 px: {c}\n" for c in sorted(NARROW)))
    NARROW.clear()
    assert not found, "\n".join(found)
