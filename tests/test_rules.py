"""RuleSet parsing and formatting, per-side options."""
import pytest

from py_engine import RuleSet, RulesError
from py_engine.pieces import BLACK, ORANGE
from py_engine.rules import OPTIONS


def test_standard_is_empty():
    assert str(RuleSet.parse("")) == "" and RuleSet.parse("") == RuleSet()


def test_every_value_round_trips():
    for key, values in OPTIONS.items():
        for value in values:
            r = RuleSet.parse(f"{key}={value}")
            assert r.get(key) == value
            assert RuleSet.parse(str(r)) == r


def test_canonical_order_and_case():
    r = RuleSet.parse(" Thoat=WILD , setup=facing,duel=dice")
    assert str(r) == "setup=facing,thoat=wild,duel=dice"


def test_per_side_options():
    r = RuleSet.parse("thoat=wild,orange.thoat=chained,black.chief=FWC")
    assert r.get("thoat", BLACK) == "wild" and r.get("thoat", ORANGE) == "chained"
    assert r.get("chief", BLACK) == "FWC" and r.get("chief", ORANGE) == "CWC"
    assert str(r) == "black.thoat=wild,black.chief=FWC"
    assert str(RuleSet.parse("black.dwar=F,orange.dwar=F")) == "dwar=F"
    assert r.feathers("T", BLACK) == 3 and r.feathers("T", ORANGE) == 2


@pytest.mark.parametrize("text,why", [
    ("thoat", "key=value"),
    ("colour=red", "unknown rule option 'colour'"),
    ("thoat=flying", "not a value of thoat"),
    ("green.thoat=wild", "must be 'black.' or 'orange.'"),
    ("black.duel=even", "applies to both sides"),
    ("thoat=", "key=value"),
])
def test_bad_rules_say_why(text, why):
    with pytest.raises(RulesError, match=why):
        RuleSet.parse(text)


def test_odwar_names():
    assert RuleSet.parse("odwar=on").piece_name("F") == "Odwar"
    assert RuleSet().piece_name("f") == "Flier"


def test_every_option_and_value_has_plain_words_and_every_preset_a_sentence():
    from py_engine.messages import ENGLISH, words
    from py_engine.rules import OPTIONS, PRESETS, option_label, value_words
    for key, values in OPTIONS.items():
        assert option_label(key).key in ENGLISH and words(option_label(key))
        assert all(value_words(key, value).key in ENGLISH for value in values)
    # No words for an option or value that is not one, and none missing.
    assert {k for k in ENGLISH if k.startswith("rule.") and not k.startswith("rule.preset.")} == \
        {f"rule.{key}.{value}" for key, values in OPTIONS.items() for value in ("label", *values)}
    assert {k for k in ENGLISH if k.startswith("rule.preset.")} == \
        {f"rule.preset.{name}.{part}" for name in PRESETS for part in ("title", "summary")}
    assert all(words(p.summary).endswith(".") and words(p.title) for p in PRESETS.values())
