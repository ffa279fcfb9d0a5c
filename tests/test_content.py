"""Translated content (the rules page, the embedding guide): each page's article in English in the
page itself (its element marked data-i18n-content), each other language's in a file beside it,
web/i18n/<lang>/<page>.html, which js/content.js puts in its place. Every language listed in
web/js/i18n.js has every page's article; each is well-formed and has the English's headings in
its order, its ids (the address's #anchors land on them), its boards and kept fields, its links
and its notation (docs/translating.md says how a translator keeps them)."""
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.test_i18n import languages

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
pytestmark = pytest.mark.skipif(not WEB.is_dir(), reason="the pages are not here")

I18N = WEB / "i18n"
MARK = "data-i18n-content"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
HEADING = re.compile(r"^h[1-6]$")


class Article(HTMLParser):
    """What an article must keep across languages, read from a page (the element marked
    data-i18n-content, ``whole=False``) or from a translation (all of it, ``whole=True``): its
    headings (tag, id) in order, its ids, its boards and kept elements (tag and attributes but
    lang), its boards' languages, its links, the text of its <code> elements, and what is not
    well-formed."""

    def __init__(self, whole):
        super().__init__(convert_charrefs=True)
        self.whole = whole
        self.reading = whole                  # inside the article
        self.open = []                        # (tag, line) of each element open in the article
        self.headings, self.ids, self.boards, self.langs, self.links, self.codes = [], [], [], [], [], []
        self.problems = []
        self.code = None                      # the text of the <code> being read

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        if not self.reading:
            self.reading = MARK in attrs
            return
        if tag in ("script", "style", "iframe", "object", "embed", "main") or MARK in attrs:
            self.problems.append(f"line {line}: <{tag}> has no place in an article")
        self.problems += [f"line {line}: <{tag} {name}>: no scripts in an article"
                          for name in attrs if name.startswith("on")]
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if HEADING.match(tag):
            self.headings.append((tag, attrs.get("id")))
        if tag == "jetan-board" or "data-keep" in attrs:
            self.boards.append((tag, {k: v for k, v in attrs.items() if k != "lang"}))
        if tag == "jetan-board":
            self.langs.append(attrs.get("lang"))
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag == "code":
            self.code = ""
        if tag not in VOID:
            self.open.append((tag, line))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if self.reading and tag not in VOID:
            self.problems.append(f"line {self.getpos()[0]}: <{tag}/>: write <{tag}></{tag}>")
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if not self.reading or tag in VOID:
            return
        line = self.getpos()[0]
        if not self.open:
            if self.whole:
                self.problems.append(f"line {line}: </{tag}> closes nothing that is open")
            else:
                self.reading = False          # the article's own end
            return
        if tag not in (t for t, _ in self.open):
            self.problems.append(f"line {line}: </{tag}> closes nothing that is open")
            return
        while self.open[-1][0] != tag:
            opened, where = self.open.pop()
            self.problems.append(f"line {line}: </{tag}> while <{opened}> (line {where}) is still open")
        self.open.pop()
        if tag == "code" and self.code is not None:
            self.codes.append(" ".join(self.code.split()))
            self.code = None

    def handle_data(self, data):
        if self.reading and self.code is not None:
            self.code += data


def article(path, whole):
    """``path``'s article (see Article), read to its end."""
    parsed = Article(whole)
    parsed.feed(path.read_text(encoding="utf-8"))
    parsed.close()
    parsed.problems += [f"line {line}: <{tag}> is never closed" for tag, line in parsed.open]
    return parsed


def pages():
    """The pages whose article is translated content: web/<page>.html with a data-i18n-content."""
    marked = re.compile(rf"\s{MARK}[\s>]")
    return sorted(p.stem for p in WEB.glob("*.html") if marked.search(p.read_text(encoding="utf-8")))


def translations():
    """(language, page) for every translation the languages listed should have."""
    return [(lang, page) for lang in languages() if lang != "en" for page in pages()]


def test_the_translated_pages_are_the_rules_and_the_guide():
    assert pages() == ["embed-guide", "rules"]


def test_every_language_has_every_pages_article():
    """A language listed in web/js/i18n.js's LANGUAGES has a translation of each page's article."""
    missing = [f"web/i18n/{lang}/{page}.html" for lang, page in translations()
               if not (I18N / lang / f"{page}.html").is_file()]
    assert missing == [], ("translate each page's article (its <main data-i18n-content>) into a file "
                           "of its own: docs/translating.md")


def test_no_translation_is_of_a_language_or_page_there_is_not():
    found = sorted(f"{p.parent.name}/{p.name}" for p in I18N.glob("*/*"))
    assert found == sorted(f"{lang}/{page}.html" for lang, page in translations()
                           if (I18N / lang / f"{page}.html").is_file())


@pytest.mark.parametrize("page", pages())
def test_the_english_article_is_well_formed_and_has_its_anchors(page):
    english = article(WEB / f"{page}.html", whole=False)
    assert english.problems == []
    assert english.headings and all(heading_id for _, heading_id in english.headings), \
        "every heading of an article has an id (an address may name it)"
    assert len(english.ids) == len(set(english.ids)), "an id twice"


def differences(english, theirs, lang):
    """What a translation (``theirs``, in ``lang``) does not keep of its English, each said in a
    line a translator can act on; empty when it keeps everything."""
    found = list(theirs.problems)
    if theirs.headings != english.headings:
        found.append(f"the headings: English has {english.headings}, this has {theirs.headings} "
                     "(the same headings in the same order, with the same ids)")
    for what, mine, yours in [("ids", english.ids, theirs.ids), ("links", english.links, theirs.links),
                              ("<code> texts", english.codes, theirs.codes)]:
        lacking, extra = Counter(mine) - Counter(yours), Counter(yours) - Counter(mine)
        if lacking:
            found.append(f"{what} the English has and this lacks: {sorted(lacking.elements())}")
        if extra:
            found.append(f"{what} this has and the English has not: {sorted(extra.elements())}")
    if theirs.boards != english.boards:
        found.append(f"the boards and kept fields: English has {english.boards}, this has {theirs.boards} "
                     "(the same, in the same order; a board adds lang and nothing else)")
    if theirs.langs != [lang] * len(theirs.langs):
        found.append(f'each <jetan-board> speaks the language (lang="{lang}"): found {theirs.langs}')
    return found


@pytest.mark.parametrize("lang, page", translations() if WEB.is_dir() else [])
def test_a_translation_keeps_its_englishs_structure(lang, page):
    """Well-formed, with its English's headings in order, ids, boards and kept fields, links and
    notation; its boards speak its language."""
    path = I18N / lang / f"{page}.html"
    if not path.is_file():
        pytest.fail(f"web/i18n/{lang}/{page}.html is missing (docs/translating.md)")
    found = differences(article(WEB / f"{page}.html", whole=False), article(path, whole=True), lang)
    assert not found, f"web/i18n/{lang}/{page}.html against web/{page}.html:\n" + "\n".join(found)


def test_the_checks_find_what_a_translation_gets_wrong(tmp_path):
    """The parser sees a tag left open, one closed twice and a script, and reads what it keeps."""
    bad = tmp_path / "bad.html"
    bad.write_text('<h2 id="a">A</h2><p>One <em>two</p></em><p onclick="x()">'
                   '<code>d1-g4</code></p><jetan-board lang="de" moves="d2-d3"></jetan-board><div>',
                   encoding="utf-8")
    found = article(bad, whole=True)
    assert found.headings == [("h2", "a")]
    assert found.codes == ["d1-g4"]
    assert found.boards == [("jetan-board", {"moves": "d2-d3"})] and found.langs == ["de"]
    assert len(found.problems) == 4, found.problems        # </p> early, </em> stray, onclick, <div> open
