"""The layout a newcomer meets (issue 55), in Debian's chromium at 1280×800 with a mouse and at
390×844 with taps: nothing reserved and left blank, nothing that jumps when the engine thinks, a
review starts or Resign asks to be sure, every answer in view, every control a finger's size on
a phone, and nothing drawn over or cut off that should be read. Each test names what it once
found."""
import base64

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.pages import FAST, TWO, open_app, person_at, play, press, wait_plies, wait_until
from tests.browser.test_phone import out_of_view

pytestmark = pytest.mark.browser

# Six plies of a game against the engine at its quickest (Black's d-Panthan and the Chief out).
SIX = ["d2-d3", "d10-e7", "e1-e4", "g9-g8", "e4-e6", "g10-f7"]


def with_moves(moves, settings=FAST, **fields):
    """A saved game of ``moves`` (and the game's ``fields``) with ``settings``' players."""
    return {**settings, "game": {**FAST["game"], "moves": moves, **fields}}


def someone(browser, request, server, kept_snapshot, size):
    """A person at ``size`` (pages.SIZES: 1280×800 with a mouse, or a 390×844 phone with taps),
    ``page.size`` saying which; a failed test's last view kept (test-artifacts/), as conftest's
    ``page`` keeps it."""
    context, page = person_at(browser, server, kept_snapshot, size)
    page.size = size
    yield page
    if getattr(request.node, "body_failed", False):
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    context.close()


@pytest.fixture(params=["desktop", "phone"])
def person(browser, request, server, kept_snapshot):
    yield from someone(browser, request, server, kept_snapshot, request.param)


@pytest.fixture
def phone(browser, request, server, kept_snapshot):
    yield from someone(browser, request, server, kept_snapshot, "phone")


@pytest.fixture
def desktop(browser, request, server, kept_snapshot):
    yield from someone(browser, request, server, kept_snapshot, "desktop")


# Where each element given is on the screen: {selector: {top, bottom, left, right, width, height}}
# (null for none).
BOXES = """(selectors) => Object.fromEntries(selectors.map((s) => {
    const e = document.querySelector(s);
    if (!e) return [s, null];
    const r = e.getBoundingClientRect();
    return [s, { top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                 width: r.width, height: r.height }];
}))"""


def boxes(page, *selectors):
    return page.evaluate(BOXES, list(selectors))


def box(page, selector):
    return boxes(page, selector)[selector]




# The tallest stretch of the panel, from the bottom of its game controls to the Moves heading,
# where nothing is drawn that says anything: no visible text, no control. (The box the engine's
# thoughts would take kept 86 px blank there while nobody thought.)
BLANK_UNDER_THE_CONTROLS = """() => {
    const from = document.querySelector('.controls').getBoundingClientRect().bottom;
    const heading = document.getElementById('moves').closest('section').querySelector('h2');
    const to = heading.getBoundingClientRect().top;
    const covered = [];
    const walker = document.createTreeWalker(document.querySelector('.panel'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const style = getComputedStyle(node.parentElement);
        if (!node.textContent.trim() || style.visibility !== 'visible' || style.display === 'none') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.height > 0) covered.push([r.top, r.bottom]);
    }
    for (const e of document.querySelectorAll('.panel button, .panel .eval-bar')) {
        const r = e.getBoundingClientRect();
        if (r.height > 0 && getComputedStyle(e).visibility === 'visible') covered.push([r.top, r.bottom]);
    }
    covered.sort((a, b) => a[0] - b[0]);
    let reached = from, blank = 0;
    for (const [top, bottom] of covered) {
        if (bottom <= from || top >= to) continue;
        blank = Math.max(blank, top - reached);
        reached = Math.max(reached, bottom);
    }
    return Math.round(Math.max(blank, to - reached));
}"""
# As much blank as may lie between two lines of the panel: its gap, a box's padding and a line
# of text beside them (the engine's line, a fixed three lines, says its idle state in one or two).
MOST_BLANK_PX = 44


def moves_top(page):
    return round(box(page, "#moves")["top"])


def test_the_engines_line_keeps_one_place_and_says_what_it_does(person, server):
    """Under Undo, Hint, Analyse and Resign the engine's line: what it does in words while it
    waits, its thoughts on its turn, the analysis when asked — one box of one height, so that
    the move list under it never moves (it moved 10 px at the engine's first reply, the analysis
    added a box of its own under an 86-px blank), and on a phone the evaluation is on the
    first screen (it was below it)."""
    open_app(person, server, with_moves(SIX[:2]))
    assert person.evaluate(BLANK_UNDER_THE_CONTROLS) <= MOST_BLANK_PX
    idle = person.locator(".engine-idle")
    assert idle.is_visible() and idle.inner_text().strip()
    place = moves_top(person)
    # The engine thinks (level 1, one second): its thoughts take the line, then give it back.
    person.evaluate("""() => { window.placesWhileThinking = new Set();
        new MutationObserver(() => window.placesWhileThinking.add(
            Math.round(document.getElementById('moves').getBoundingClientRect().top)))
        .observe(document.getElementById('thinking'),
                 { attributes: true, childList: true, subtree: true }); }""")
    play(person, "e1", "e4")
    wait_plies(person, 4)
    wait_until(person, "() => document.getElementById('thinking').hidden")
    assert person.evaluate("[...window.placesWhileThinking]") in ([place], [])
    assert moves_top(person) == place and idle.is_visible()
    # The analysis takes the same line, and gives it back when turned off.
    press(person, "#analyse-button")
    person.wait_for_function("document.getElementById('analysis').textContent.startsWith('Depth')",
                             timeout=30000)
    assert moves_top(person) == place and idle.is_hidden()
    assert out_of_view(person, "#analysis .eval-bar", "#analysis .line") == []
    assert person.evaluate("scrollY") == 0
    assert person.evaluate(BLANK_UNDER_THE_CONTROLS) <= MOST_BLANK_PX
    press(person, "#analyse-button")
    person.wait_for_selector("#analysis", state="hidden")
    assert moves_top(person) == place and idle.is_visible()
    assert not person.errors


def test_the_engines_thoughts_take_the_same_line(person, server):
    """While the engine thinks (level 6: five seconds) its thoughts and Move now fill the line,
    whole and in view, with the move list where it was."""
    slow = {**FAST, "settings": {**FAST["settings"], "level": 6, "timeMs": 5000}}
    open_app(person, server, slow)
    place = moves_top(person)
    play(person, "d2", "d3")
    person.wait_for_function("document.getElementById('thinking-text').textContent.includes('Depth')",
                             timeout=30000)
    assert person.locator(".engine-idle").is_hidden()
    assert moves_top(person) == place
    assert out_of_view(person, "#stop-button", "#thinking-line") == []
    line, slot = boxes(person, "#thinking", ".engine-line").values()
    assert line["top"] >= slot["top"] and line["bottom"] <= slot["bottom"] + 0.5
    press(person, "#stop-button")
    wait_plies(person, 2)
    assert moves_top(person) == place


def test_a_review_keeps_the_status_to_its_height(phone, server):
    """Entering review on a phone wrapped the status onto a second line and pushed the board
    down 30 px: the status has one height, whatever it says."""
    open_app(phone, server, with_moves(SIX))
    before = boxes(phone, "#status", "#board")
    phone.locator("#step-prev").tap()
    wait_until(phone, "() => document.getElementById('status').textContent.startsWith('Reviewing')")
    after = boxes(phone, "#status", "#board")
    assert after == before
    # The longest the status says in a game, two lines: the same height still.
    phone.evaluate("""() => document.getElementById('status').textContent =
        "Orange to move (you) (the Princess's one escape is used) — the Princess is threatened!" """)
    assert boxes(phone, "#status", "#board") == before


def test_the_first_resign_press_moves_nothing(person, server):
    """Resign asks to be sure on the button itself: its words grew and put it on a row of its
    own, moving the panel under it 48 px on a phone. Now the question lies over the row of
    controls, and nothing moves; it is answered where it is asked."""
    open_app(person, server, with_moves(SIX[:2]))
    around = ["#resign-button", "#undo-button", "#moves", ".controls"]
    before = boxes(person, *around)
    press(person, "#resign-button")
    button = person.locator("#resign-button")
    assert "Press again" in button.inner_text()
    after = boxes(person, *around)
    assert after["#moves"] == before["#moves"] and after[".controls"] == before[".controls"]
    assert after["#resign-button"]["height"] == before["#resign-button"]["height"]
    assert after["#resign-button"]["right"] == before["#resign-button"]["right"]
    # Its words whole on one line, inside the panel.
    panel = box(person, ".panel")
    resign = after["#resign-button"]
    assert resign["left"] >= panel["left"] and resign["right"] <= panel["right"]
    assert button.evaluate("(b) => b.scrollWidth <= b.clientWidth")
    press(person, "#resign-button")
    person.wait_for_selector("#game-over:not([hidden])")


def test_a_finished_game_keeps_its_end_and_steps_in_view(person, server):
    """At 1280×800 the end's card pushed the step buttons and the move box below the fold, and
    the move box stayed on a finished game: the card is in view, off the board, the steps stay
    where they were, and a finished game has no move box."""
    open_app(person, server, with_moves(SIX))
    steps = box(person, "#steps")
    for _ in range(2):
        press(person, "#resign-button")
    person.wait_for_selector("#game-over:not([hidden])")
    assert out_of_view(person, "#game-over", "#board", "#steps", "#rematch-button") == []
    assert person.evaluate("scrollY") == 0
    assert box(person, "#steps") == steps
    assert person.locator("#move-form").is_hidden()
    game_over, board = boxes(person, "#game-over", "#board").values()
    assert game_over["top"] >= board["bottom"] or game_over["left"] >= board["right"]


# Black's d-Panthan walks up to d8 while Orange's e- and b-Panthans step down (twelve plies).
LEAD_UP = ["d2-d3", "e9-e8", "d3-d4", "e8-e7", "d4-d5", "e7-e6", "d5-d6", "e6-e5", "d6-d7", "e5-e4",
           "d7-d8", "b9-b8"]
# The moves in the phone's strip that show only in part at its left or right edge, and the plies
# of those shown, from left to right.
STRIP = """() => {
    const strip = document.getElementById('move-strip').getBoundingClientRect();
    const shown = (li) => { const r = li.getBoundingClientRect();
                            return [r, Math.min(r.right, strip.right) - Math.max(r.left, strip.left),
                                    Math.min(r.bottom, strip.bottom) - Math.max(r.top, strip.top)]; };
    const items = [...document.querySelectorAll('#move-strip li')];
    return {
        cut: items.filter((li) => { const [r, across, down] = shown(li);
                                    return across > 0.5 && down > 0.5
                                      && (across < r.width - 0.5 || down < r.height - 0.5); })
                  .map((li) => li.textContent),
        plies: items.filter((li) => { const [, across, down] = shown(li);
                                      return across > 0.5 && down > 0.5; })
                    .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)
                    .map((li) => Number(li.dataset.ply)),
    };
}"""


def test_the_phones_move_strip_shows_no_piece_of_a_move(phone, server):
    """The strip between the step buttons showed a cut-off piece of the move before ("3" of
    "3. e4-e6"): at every move stepped to, and at the start, each move in it is shown whole or
    not at all, in the game's order, the move shown among them (and last)."""
    open_app(phone, server, with_moves(LEAD_UP, TWO))
    for ply in range(len(LEAD_UP), -1, -1):
        wait_until(phone, "(ply) => (document.querySelector('#move-strip li.current')?.dataset.ply"
                          " || '0') === ply", str(ply))
        strip = phone.evaluate(STRIP)
        assert strip["cut"] == [], ply
        assert strip["plies"] == sorted(strip["plies"]), (ply, strip)
        assert len(strip["plies"]) >= (2 if ply > 1 else 1), (ply, strip)
        if ply:
            assert strip["plies"][-1] == ply, (ply, strip)
            phone.locator("#step-prev").tap()


def open_editor(page):
    press(page, "#editor-button")
    page.wait_for_selector("#editor-verdict[data-verdict]", timeout=30000)


# What shows below the set-up dialog's bar of buttons, along its bottom edge (a sticky bar let
# the scrolled controls show through under it): the controls found there.
UNDER_THE_EDITORS_BAR = """() => {
    const dialog = document.getElementById('editor-dialog').getBoundingClientRect();
    const bar = document.querySelector('#editor-dialog .dialog-buttons').getBoundingClientRect();
    const found = [];
    for (let y = Math.ceil(bar.bottom) + 1; y < dialog.bottom - 1; y += 2) {
        for (let x = dialog.left + 8; x < dialog.right - 8; x += 16) {
            const e = document.elementFromPoint(x, y);
            if (e && e.closest('.editor-layout')) found.push(`${e.id || e.tagName} at ${Math.round(y)}`);
        }
    }
    return found;
}"""


def test_the_set_up_dialogs_buttons_hide_nothing(person, server):
    """The set-up dialog's Close bar was sticky over its scrolled controls: on a phone a slice
    of them showed under it, and in WebKit at 1280×800 the dialog needed a scroll and its link
    and Copy were half behind the bar. The bar is the dialog's foot, under the part that
    scrolls; at 1280×800 nothing scrolls, with room to spare for a browser whose text runs
    taller (WebKitGTK's ran some 25 px taller than Chromium's)."""
    open_app(person, server)
    open_editor(person)
    assert person.evaluate(UNDER_THE_EDITORS_BAR) == []
    bar, layout = boxes(person, "#editor-dialog .dialog-buttons", ".editor-layout").values()
    assert layout["bottom"] <= bar["top"] + 0.5
    if person.size == "desktop":
        spare = person.evaluate("""() => innerHeight * 0.9 -
            document.getElementById('editor-dialog').getBoundingClientRect().height""")
        assert spare >= 40, spare
        layout = person.locator(".editor-layout").element_handle()
        assert person.evaluate("(e) => e.scrollHeight <= e.clientHeight", layout)
        link, copy = boxes(person, "#editor-link", "#editor-copy").values()
        assert link["bottom"] <= bar["top"] and copy["bottom"] <= bar["top"]
    else:
        # Scrolled to its end, the last controls come out whole above the bar.
        person.locator("#editor-copy").scroll_into_view_if_needed()
        assert box(person, "#editor-copy")["bottom"] <= bar["top"] + 0.5
        assert person.evaluate(UNDER_THE_EDITORS_BAR) == []


# Every control a finger presses on the page, in it and in its boards' shadow roots, that is shown
# and smaller than 44 px either way (a box ticked or a choice made is pressed through its label,
# which is measured instead).
SMALL_CONTROLS = """() => {
    const roots = [document, ...[...document.querySelectorAll('jetan-board')].map((b) => b.shadowRoot)];
    const controls = roots.flatMap((root) => [...root.querySelectorAll(
        'a[href], button, select, summary, input:not([type=checkbox]):not([type=radio]):not([type=file]), ' +
        'label:has(> input[type=checkbox]), label:has(> input[type=radio])')]);
    return controls.filter((e) => {
        const r = e.getBoundingClientRect(), style = getComputedStyle(e);
        return r.width > 0 && style.visibility === 'visible' && !e.closest('[hidden], .sr-only') &&
               (r.width < 44 || r.height < 44);
    }).map((e) => `${e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 24)} ` +
                  `${Math.round(e.getBoundingClientRect().width)}x` +
                  `${Math.round(e.getBoundingClientRect().height)}`);
}"""
# The pages with small controls once, each with what shows it is ready.
TOUCH_PAGES = {
    "embed.html#moves=d2d3,g9g8,e2e3": "document.querySelector('jetan-board[data-ply]')",
    "diagram.html#moves=d2d3,g9g8&title=A+test": "document.body.dataset.pictured",
    "embed-guide.html": "document.querySelector('#preview[data-ply]')",
    "rules.html": "document.querySelectorAll('#pieces canvas').length > 0",
}


@pytest.mark.parametrize("name", TOUCH_PAGES)
def test_every_control_is_a_fingers_size_on_a_phone(phone, server, name):
    """At 390×844 with touch, every control of these pages at least 44 px square: the boards'
    step buttons were 42×26 (on embed.html, diagram.html and the embedding guide's preview), the
    diagram's Download and Print buttons 31 px high, the embed page's "Open in Jetan" 16 px, the
    Rules page's rules.md link 19 px."""
    phone.goto(server.url + name)
    wait_until(phone, f"() => {TOUCH_PAGES[name]}")
    phone.wait_for_load_state("load")
    small = phone.evaluate(SMALL_CONTROLS)
    assert small == []


def test_the_set_up_palette_is_a_fingers_size_on_a_phone(phone, server):
    """The set-up dialog's palette buttons were 43×44 on a phone; so was nothing else in it."""
    open_app(phone, server)
    open_editor(phone)
    small = phone.evaluate("""() => [...document.querySelectorAll('#editor-dialog button')]
        .map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0 && (r.width < 44 || r.height < 44))
        .map((r) => `${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert small == []


def test_the_embedding_guides_preview_is_in_view_while_its_fields_are_edited(phone, server):
    """On a phone the guide's live preview came last, some 2,900 px down: no edit to a field
    showed a change on screen. Now each field, brought into view to be edited, is in view with
    the preview beside it (over it), neither hiding the other, and the edit shows."""
    phone.goto(server.url + "embed-guide.html")
    phone.wait_for_selector("#preview[data-ply='4']")
    edits = [("g-moves", "d2-d3,g9-g8", "[data-ply='2']"), ("g-orange", None, "[orientation=orange]"),
             ("g-arrows", "d2d4", "[arrows=d2d4]"), ("g-show-moves", "d1", "[show-moves=d1]"),
             ("g-ply", "1", "[ply='1']")]
    for field, text, shown in edits:
        phone.focus(f"#{field}")                     # as a tap or the keyboard's Next brings it
        if text is None:
            phone.keyboard.press("Space")
        else:
            phone.keyboard.press("Control+A")
            phone.keyboard.type(text)
        phone.wait_for_selector(f"#preview{shown}")
        canvas = phone.locator("#preview canvas[part=board]")
        where = box(phone, f"#{field}")            # (brought to the screen's edge, to a fraction of a pixel)
        assert where["top"] >= -0.5 and where["bottom"] <= 844.5, (field, where)
        board = canvas.bounding_box()
        assert board["y"] >= 0 and board["y"] + board["height"] <= 844, (field, board)
        # The field is not under the preview: a press at its middle reaches it.
        assert phone.evaluate(f"""() => {{
            const r = document.getElementById('{field}').getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit.closest('label, input').contains(
                document.getElementById('{field}')); }}"""), field


# The contrast of a picture's drawing with its background (WCAG's ratio): the picture's most
# frequent colour is its background, and the drawing's colour the pixel that differs most from it.
PICTURE_CONTRAST = """async (png) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height), ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const data = ctx.getImageData(0, 0, image.width, image.height).data;
    const pixels = [];
    for (let i = 0; i < data.length; i += 4) pixels.push([data[i], data[i + 1], data[i + 2]]);
    const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    const counts = new Map();
    for (const p of pixels) counts.set(p.join(), (counts.get(p.join()) || 0) + 1);
    const background = lum([...counts].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number));
    return Math.max(...pixels.map((p) => { const [a, b] = [lum(p), background].sort((x, y) => y - x);
                                           return (a + 0.05) / (b + 0.05); }));
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_set_up_tools_can_be_seen(desktop, server, scheme):
    """The set-up dialog's move and remove icons were cream on peach (pressed) or beige: their
    drawing has at least 3:1 contrast with the button under it (WCAG's for a control's picture),
    pressed or not, on the light page and the dark."""
    desktop.emulate_media(color_scheme=scheme)
    open_app(desktop, server)
    open_editor(desktop)
    for pressed in ("move", "remove"):
        desktop.locator(f"#editor-tools [data-tool='{pressed}']").click()
        for tool in ("move", "remove"):
            icon = desktop.locator(f"#editor-tools [data-tool='{tool}'] > *")
            desktop.mouse.move(0, 0)                 # (no hover colour)
            ratio = desktop.evaluate(PICTURE_CONTRAST, base64.b64encode(icon.screenshot()).decode())
            assert ratio >= 3, (scheme, tool, "pressed" if tool == pressed else "not pressed", ratio)


# The board's coordinates painted (board.js's paintScene) on a phone's board (374 px, at twice
# the pixels) twice: with the start position, and with every square empty. Returned, for each
# label (ranks along the left, files along the bottom, where pieces stand on the two back rows):
# the share of its own pixels (those that differ from its square's colour on the empty board),
# and of those and the pixels up to two away, that differ on the full board.
COORDINATES_UNDER_PIECES = """async () => {
    const { paintScene } = await import(new URL('js/board.js', location.href).href);
    const { placementBoard, startOf } = await import(new URL('js/position.js', location.href).href);
    const size = 374, scale = 2, cell = size / 10 * scale;
    const paint = (board) => {
        const canvas = new OffscreenCanvas(size * scale, size * scale), ctx = canvas.getContext('2d');
        ctx.scale(scale, scale);
        paintScene(ctx, size, { board });
        return ctx.getImageData(0, 0, size * scale, size * scale);
    };
    const start = placementBoard(startOf());
    const full = paint(start), empty = paint(start.map(() => ''));
    const W = empty.width;
    const at = (image, x, y) => {
        const i = (y * W + x) * 4;
        return [0, 1, 2].map((k) => image.data[i + k]);
    };
    const apart = (a, b) => a.reduce((sum, v, k) => sum + Math.abs(v - b[k]), 0);
    const differs = (x, y) => apart(at(full, x, y), at(empty, x, y)) > 60;
    const labels = { '10': [0, 0], '9': [0, cell], '2': [0, 8 * cell], '1': [0, 9 * cell] };
    for (const [i, file] of [...'abcdefghij'].entries()) labels[file] = [i * cell, 9 * cell];
    const found = {};
    for (const [name, [left, top]] of Object.entries(labels)) {
        const square = at(empty, Math.round(left + cell / 2), Math.round(top + cell / 2));
        const own = new Set(), around = new Set();
        for (let y = Math.round(top); y < Math.round(top + cell); y++) {
            for (let x = Math.round(left); x < Math.round(left + cell); x++) {
                if (apart(at(empty, x, y), square) < 60) continue;
                own.add(y * W + x);
                for (let dy = -2; dy <= 2; dy++) {
                    for (let dx = -2; dx <= 2; dx++) around.add((y + dy) * W + x + dx);
                }
            }
        }
        const count = (set) => [...set].filter((i) => differs(i % W, Math.floor(i / W))).length;
        found[name] = { own: count(own) / own.size, near: count(around) / around.size };
    }
    return found;
}"""


def test_the_boards_coordinates_are_drawn_whole_over_the_pieces(page, server):
    """The rank label "10" was drawn under the a10 piece (its "0" hidden on a phone) and the file
    letters touched the pieces' rims: every label is drawn whole over whatever stands on its
    square, in an outline of its square's colour that keeps it off the piece (of the pixels
    next to it, as of its own, at most one in a hundred differs: smoothed edges)."""
    page.goto(server.url + "rules.html")
    found = page.evaluate(COORDINATES_UNDER_PIECES)
    assert {name: f for name, f in found.items() if f["own"] > 0.01 or f["near"] > 0.01} == {}


# Where each line of a text starts: the left edge of each line of the text node (a range's rects).
LINE_STARTS = """(element) => {
    const node = [...element.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()).pop();
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = new Map();
    for (const r of range.getClientRects()) {
        const top = Math.round(r.top);
        if (r.width > 0) lines.set(top, Math.min(lines.get(top) ?? r.left, r.left));
    }
    return [...lines.values()].map(Math.round);
}"""


def test_a_lessons_title_that_wraps_hangs_under_its_first_line(desktop, server):
    """In the list of lessons a title that wraps ("The Princess must be safe") started its second
    line under the tick's column: each title's lines start at one edge."""
    desktop.goto(server.url + "learn.html#panthan")
    wait_until(desktop, "() => document.querySelectorAll('#lesson-list button').length > 10")
    buttons = desktop.locator("#lesson-list button").element_handles()
    starts = [desktop.evaluate(LINE_STARTS, b) for b in buttons]
    assert any(len(s) > 1 for s in starts)          # (some wrap in the list's 16rem)
    assert [s for s in starts if len(set(s)) > 1] == []


def test_a_new_game_choice_that_wraps_hangs_under_its_first_line(phone, server):
    """On a phone the New game dialog's longest Opponent choice wrapped under its radio button."""
    open_app(phone, server)
    press(phone, "#new-game-button")
    words = phone.locator("input[name=opponent][value=correspondence]").locator("xpath=../span")
    starts = phone.evaluate(LINE_STARTS, words.element_handle())
    assert len(starts) > 1 and len(set(starts)) == 1, starts
    radio = box(phone, "input[name=opponent][value=correspondence]")
    assert starts[0] >= radio["right"]


def test_the_look_dialog_has_no_blank_beside_its_preview(desktop, server):
    """At 1280×800 the Look dialog put Board and Pieces side by side, then "Page" under them
    beside the preview, pushed to its foot, with 90 px blank above it: the fields one under
    another, the preview beside them, no gap between fields more than the form's own."""
    open_app(desktop, server)
    press(desktop, "#theme-button")
    fields = desktop.locator("#theme-settings .theme-field")
    desktop.wait_for_selector("#theme-settings .theme-preview")
    places = [f.bounding_box() for f in fields.all()]
    preview = box(desktop, "#theme-settings .theme-preview")
    gaps = [b["y"] - (a["y"] + a["height"]) for a, b in zip(places, places[1:])]
    assert len(places) == 3 and all(0 <= g <= 12 for g in gaps), gaps
    assert preview["left"] >= max(p["x"] + p["width"] for p in places)          # beside them
    assert preview["top"] >= places[0]["y"] - 0.5
    assert preview["bottom"] <= places[-1]["y"] + places[-1]["height"] + 0.5
    # Each choice whole in its list.
    assert desktop.evaluate("""() => [...document.querySelectorAll('#theme-settings select')].every((s) =>
        s.scrollWidth <= s.clientWidth)""")


def test_the_share_dialogs_rows_are_evenly_apart(desktop, server):
    """In the Share dialog the first link's row stood apart from the next, but the next three
    sat flush on the field above them: every row is as far from the one above as the others."""
    open_app(desktop, server, with_moves(SIX[:2]))
    press(desktop, "#share-button")
    desktop.wait_for_selector("#share-dialog[open]")
    rows = desktop.evaluate("""() => [...document.querySelectorAll('#share-dialog form > *')]
        .filter((e) => !e.matches('h2, .dialog-buttons, .hint-text'))
        .map((e) => { const r = e.getBoundingClientRect(), note = e.nextElementSibling;
                      const end = note && note.matches('.hint-text')
                          ? note.getBoundingClientRect().bottom : r.bottom;
                      return [r.top, end]; })""")
    gaps = [round(b[0] - a[1]) for a, b in zip(rows, rows[1:])]
    assert len(gaps) >= 4 and min(gaps) >= 8 and max(gaps) - min(gaps) <= 2, gaps


def test_a_puzzle_in_a_frame_shows_no_step_buttons_until_solved(desktop, server):
    """embed.html showing a puzzle had four disabled step buttons under the board, for nothing."""
    from py_engine.puzzles import load
    puzzle = load()[0]
    desktop.goto(server.url + f"embed.html?puzzle={puzzle['id']}")
    wait_until(desktop,
               "() => document.getElementById('board').shadowRoot.textContent.includes('to move and win')")
    assert desktop.locator("#board .bar").is_hidden()
    assert desktop.evaluate("""() => [...document.getElementById('board').shadowRoot
                                              .querySelectorAll('button')]
        .filter((b) => b.getBoundingClientRect().width > 0).length""") == 0
