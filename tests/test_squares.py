import pytest

from py_engine.squares import NotationError, parse_square, square_name, technical_name


def test_names():
    assert square_name(0) == "a1" and square_name(99) == "j10"
    assert technical_name(99) == "J0" and technical_name(parse_square("d1")) == "D1"


@pytest.mark.parametrize("text,sq", [("a1", 0), ("J10", 99), ("E0", 94), ("e10", 94), ("e5", 44)])
def test_parse(text, sq):
    assert parse_square(text) == sq


@pytest.mark.parametrize("text", ["", "k1", "a11", "a", "11", "e05", "e-1"])
def test_parse_errors(text):
    with pytest.raises(NotationError):
        parse_square(text)
