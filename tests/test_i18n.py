"""The catalogues (web/i18n/<language>.json) against English and against the code: every key in
every language, none unused, the same placeholders, the plural forms each language needs; and no
user-facing words left written in web/js, the pages or the bridge."""
import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from py_engine.webbuild.catalogues import ATTRIBUTES, flat, marked_keys, word_page

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
pytestmark = pytest.mark.skipif(not WEB.is_dir(), reason="the pages are not here")

I18N = WEB / "i18n"
PLURAL = re.compile(r"_(zero|one|two|few|many|other)$")
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")


def languages():
    """LANGUAGES as web/js/i18n.js lists them (code → its own name)."""
    line = re.search(r"LANGUAGES = Object\.freeze\((\{.*?\})\)", (WEB / "js" / "i18n.js").read_text())
    return json.loads(re.sub(r"(\w+):", r'"\1":', line.group(1)))


def catalogue(lang):
    return dict(flat(json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))))


def plural_categories(langs):
    """CLDR's plural categories of each language, as the browsers' Intl has them (Node's)."""
    script = ("const langs = JSON.parse(process.argv[1]); console.log(JSON.stringify(Object.fromEntries("
              "langs.map((l) => [l, new Intl.PluralRules(l).resolvedOptions().pluralCategories]))));")
    out = subprocess.run(["node", "-e", script, json.dumps(langs)], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def messages(words):
    """Each message's base key → {plural category: text} ("" for a message without plurals)."""
    found = {}
    for key, text in words.items():
        plural = PLURAL.search(key)
        base, form = (key[:plural.start()], plural.group(1)) if plural else (key, "")
        found.setdefault(base, {})[form] = text
    return found


def test_every_language_listed_has_a_catalogue_and_every_catalogue_is_listed():
    listed = languages()
    assert listed["en"] == "English"
    files = {p.stem for p in I18N.glob("*.json")}
    assert files == set(listed), "a language is a catalogue in web/i18n and a line in i18n.js's LANGUAGES"
    for lang, name in listed.items():
        assert catalogue(lang)["language.name"] == name


@pytest.mark.parametrize("lang", [lang for lang in (languages() if WEB.is_dir() else {}) if lang != "en"])
def test_a_catalogue_has_every_english_message_with_the_same_placeholders_and_its_plural_forms(lang):
    english, other = messages(catalogue("en")), messages(catalogue(lang))
    assert sorted(set(english) - set(other)) == [], f"{lang}.json lacks these"
    assert sorted(set(other) - set(english)) == [], f"{lang}.json has keys English has not"
    needed = set(plural_categories([lang])[lang])
    for key, forms in english.items():
        theirs = other[key]
        if "" in forms:
            assert set(theirs) == {""}, (key, "a message without plural forms in English has none")
        else:
            assert set(theirs) == needed, (key, f"{lang} needs the plural forms {sorted(needed)}")
        wanted = {name for text in forms.values() for name in PLACEHOLDER.findall(text)}
        given = {name for text in theirs.values() for name in PLACEHOLDER.findall(text)}
        assert given == wanted, (key, f"placeholders {sorted(given)} where English has {sorted(wanted)}")


def test_english_plural_messages_have_exactly_englishs_forms():
    for key, forms in messages(catalogue("en")).items():
        assert "" in forms or set(forms) == {"one", "other"}, key


def sources():
    """Where a key may be used: the scripts, the pages and the Python that names messages."""
    files = [*sorted((WEB / "js").glob("*.js")), *sorted(WEB.glob("*.html")),
             *sorted((ROOT / "py_engine").rglob("*.py"))]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_every_key_is_used():
    """A key is used where its text appears whole ("app.status.toMove"), or where a family of
    keys is named by its prefix in a template (`side.${side}`) or a concatenation ("side." +)."""
    text = sources()
    families = set(re.findall(r"[`\"']([a-z][\w.-]*\.)(?:\$\{|[`\"']\s*\+)", text))
    unused = []
    for key in messages(catalogue("en")):
        if key.startswith("language."):
            continue            # the chooser's and i18n.js's own, read by name from the catalogue
        if f'"{key}"' in text or f"'{key}'" in text or f"`{key}`" in text:
            continue
        if any(key.startswith(prefix) for prefix in families):
            continue
        unused.append(key)
    assert unused == []


def test_every_marked_key_is_in_the_english_catalogue():
    english = catalogue("en")
    for page in sorted(WEB.glob("*.html")):
        missing = [key for key in marked_keys(page.read_text(encoding="utf-8")) if key not in english]
        assert missing == [], page.name


def test_the_build_writes_a_pages_english_and_keeps_its_marks():
    page = '<h2 data-i18n="language.choose"></h2><select data-i18n-aria-label="language.choose"></select>'
    worded = word_page(page, catalogue("en"))
    assert worded == ('<h2 data-i18n="language.choose">Language</h2>'
                      '<select data-i18n-aria-label="language.choose" aria-label="Language"></select>')


# ---- words still written in place ------------------------------------------------------------

# A JavaScript string, template or comment, in the order they come (so that quotes inside a
# comment and slashes inside a string are read rightly).
_TOKEN = re.compile(r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`""", re.S)
# Words a person reads: two words with a space between, or one capitalised word.
_WORDS = re.compile(r"[A-Za-z][a-z']+[ ,;:!?.]+[a-z]{2,}|^[A-Z][a-z]{2,}\b")
# Strings that look like words but are not read by anyone: key names of the keyboard, CSS, fonts,
# MIME types, the engine's level names in code.
_NOT_WORDS = re.compile(
    r"^(Arrow\w+|Enter|Escape|Home|End|Tab|Backspace|Delete|Page(Up|Down)|Shift|Control|Alt|Meta|Space|Jetan)$"
    r"|\d(px|em|rem|ms|s|%)\b|^[\w.-]+/[\w.+-]+$|rgba?\(|#[0-9a-f]{3,8}\b|sans-serif|monospace|system-ui"
    r"|^Content-Type$|^[a-z][\w-]*(\.[\w-]+)+\.?$|^\w+:\S+$|^\((prefers|max|min)-|^not all$|^\.{1,2}/")
_CONSOLE = re.compile(r"console\.\w+\(\s*$")
# A literal that is not a message to translate (a thrown Error a caller words, a language's own
# name) carries this comment on its line, with why.
NOT_A_MESSAGE = "// not a message:"


def literal_words(source):
    """(line, text) of every string in ``source`` that reads as words."""
    found = []
    for token in _TOKEN.finditer(source):
        text = token.group(0)
        if text.startswith(("//", "/*")):
            continue
        start = token.start()
        line_start = source.rfind("\n", 0, start) + 1
        line_end = source.find("\n", start)
        line = source[line_start:line_end if line_end >= 0 else None]
        if NOT_A_MESSAGE in line or _CONSOLE.search(source[line_start:start]):
            continue
        body = text[1:-1]
        parts = re.split(r"\$\{[^}]*\}", body) if text[0] == "`" else [body]
        for part in parts:
            part = re.sub(r"<[^>]*>?", " ", part).strip()     # markup's text, not its tags
            if _WORDS.search(part) and not _NOT_WORDS.search(part):
                found.append((source.count("\n", 0, start) + 1, part[:60]))
                break
    return found


SCRIPTS = sorted(p.name for p in (WEB / "js").glob("*.js"))


@pytest.mark.parametrize("script", SCRIPTS)
def test_no_script_writes_words_in_place(script):
    """Each script's user-facing words come from the catalogue (t(), say()); a literal nobody reads
    says so on its line (// not a message: why)."""
    assert literal_words((WEB / "js" / script).read_text(encoding="utf-8")) == []


class _PageText(HTMLParser):
    """A page's words not marked for the catalogue: text outside a marked element, and readable
    attributes without their data-i18n-<attribute>."""
    SKIP = {"script", "style", "code", "kbd", "svg", "template"}

    def __init__(self):
        super().__init__()
        self.stack = []      # (tag, whether its words are the catalogue's)
        self.loose = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ATTRIBUTES:
            value = attrs.get(name)
            if name == "content" and tag == "meta" and attrs.get("name") not in ("description", None):
                continue
            if value and re.search(r"[A-Za-z]{2}", value) and f"data-i18n-{name}" not in attrs:
                self.loose.append(f"<{tag} {name}={value[:40]!r}>")
        marked = ("data-i18n" in attrs or "data-i18n-content" in attrs or tag in self.SKIP
                  or any(m for _, m in self.stack[-1:]))
        if tag not in ("meta", "link", "input", "br", "img", "hr", "source", "col", "area", "base", "wbr"):
            self.stack.append((tag, marked))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if re.search(r"[A-Za-z]{2}", data) and not any(m for _, m in self.stack[-1:]):
            self.loose.append(data.strip()[:60])


@pytest.mark.parametrize("page", sorted(p.name for p in WEB.glob("*.html")))
def test_no_page_writes_words_in_place(page):
    """A page's words are marked (data-i18n, data-i18n-<attribute>) or are translated content as
    a whole (data-i18n-content: the rules and the embedding guide, kept beside their English)."""
    parser = _PageText()
    parser.feed((WEB / page).read_text(encoding="utf-8"))
    assert parser.loose == []


def test_no_engine_error_is_a_sentence():
    """The bridge sends messages: every error the engine raises is made of a key and arguments
    (py_engine/messages.py), never of English words."""
    sentences = []
    for path in sorted((ROOT / "py_engine").rglob("*.py")):
        if {"webbuild", "tools"} & set(path.parts):
            continue                # the build's and the tools' own words, for a developer
        text = path.read_text(encoding="utf-8")
        # The errors a player may meet (errors.py's JetanError and its kinds); a ValueError or a
        # KeyError is a bug, answered as such by the facade, with no words.
        for found in re.finditer(r"raise \w+(?<!Value)(?<!Key)(?<!Type)Error\(\s*f?([\"'])(.*?)\1", text):
            if " " in found.group(2):
                line = text.count("\n", 0, found.start()) + 1
                sentences.append(f"{path.name}:{line}: {found.group(2)[:50]}")
    assert sentences == []


CATALOGUE_BUDGET = 30_000       # bytes of a language's catalogue, compressed by brotli (the issue's)


def test_each_catalogue_fits_its_budget_compressed():
    script = ("const zlib = require('zlib'), fs = require('fs'); const out = {};"
              "for (const f of process.argv.slice(1)) out[f] = zlib.brotliCompressSync("
              "Buffer.from(JSON.stringify(JSON.parse(fs.readFileSync(f, 'utf8'))))).length;"
              "console.log(JSON.stringify(out));")
    files = [str(I18N / f"{lang}.json") for lang in languages()]
    sizes = json.loads(subprocess.run(["node", "-e", script, *files], capture_output=True, text=True,
                                      check=True).stdout)
    assert {Path(f).name: size for f, size in sizes.items() if size > CATALOGUE_BUDGET} == {}
