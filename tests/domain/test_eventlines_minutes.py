"""Minutes and counts in a scorers line as organisers type them (issue 22's audit): a minute
(45', 90+2', 45.dk, 45. dakika) is one goal at that minute, never a count; a count
followed by more words ends that scorer ("Ali 2 Veli" is Ali 2, Veli 1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.eventitems import reserved
from domain.eventlines import read_event_line, read_goal_args
from domain.names import loose_key


def goals(line: str) -> list[tuple[str, str | None, int]]:
    notes = read_event_line(line)
    assert notes is not None, line
    return [(g.player, g.side, g.count) for g in notes.goals]


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("gol: Ali 45', Veli 90+2'", [("Ali", None, 1), ("Veli", None, 1)]),
        ("gol: Ali 45’, Veli 90 + 3’", [("Ali", None, 1), ("Veli", None, 1)]),
        ("goller: Ali 12' 56', Veli 90+2'", [("Ali", None, 2), ("Veli", None, 1)]),
        ("goller: Ali 45+1', 90+4' - Mehmet 3'", [("Ali", "home", 2), ("Mehmet", "away", 1)]),
        ("gol: Ali 45.dk", [("Ali", None, 1)]),
        ("gol: Ali 45. dakika, Veli 90+2. dk", [("Ali", None, 1), ("Veli", None, 1)]),
        ("gol: Ali 45 dk, Veli 60.dk 75.dk", [("Ali", None, 1), ("Veli", None, 2)]),
        ("gol: Ali Yılmaz 90+2'", [("Ali Yılmaz", None, 1)]),
        ("gol: Ali 2, Veli + Mehmet", [("Ali", None, 2), ("Veli", None, 1), ("Mehmet", None, 1)]),
    ],
)
def test_a_minute_is_one_goal_at_that_minute(line, read):
    assert goals(line) == read


def test_a_minute_in_a_gol_command_is_one_goal():
    no, notes = read_goal_args("7 Ali 45', Veli 90+2'")
    assert no == 7 and [(g.player, g.count) for g in notes.goals] == [("Ali", 1), ("Veli", 1)]


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("goller: Ali 2 Veli", [("Ali", None, 2), ("Veli", None, 1)]),
        ("goller: Ali 1 Veli 1 - Mehmet", [("Ali", "home", 1), ("Veli", "home", 1),
                                           ("Mehmet", "away", 1)]),
        ("goller: Ali Yılmaz 2 Veli Demir", [("Ali Yılmaz", None, 2), ("Veli Demir", None, 1)]),
        ("goller: Ali x2 Veli", [("Ali", None, 2), ("Veli", None, 1)]),
        ("goller: Ali 2 gol Veli", [("Ali", None, 2), ("Veli", None, 1)]),
        ("goller: Ali 45' Veli 60'", [("Ali", None, 1), ("Veli", None, 1)]),
        ("goller: Ali 2 kk Veli", [("Ali", None, 2), ("Veli", None, 1)]),
        ("goller: Ali Yılmaz 2", [("Ali Yılmaz", None, 2)]),
        ("goller: Ali Yılmaz 2, Veli", [("Ali Yılmaz", None, 2), ("Veli", None, 1)]),
        ("goller: 10 Ali 2 7 Veli", [("Ali", None, 2), ("Veli", None, 1)]),
        ("goller: Ali (A1) 2 Veli (A4)", [("Ali", None, 2), ("Veli", None, 1)]),
    ],
)  # fmt: skip
def test_a_count_followed_by_more_words_ends_that_scorer(line, read):
    assert goals(line) == read


def test_an_own_goal_mark_after_a_count_stays_with_its_scorer():
    notes = read_event_line("goller: Ali 2 kk Veli")
    assert notes is not None
    assert [(g.player, g.own_goal) for g in notes.goals] == [("Ali", True), ("Veli", False)]


LETTERS = "abcçdefgğhıijklmnoöprsştuüvyz"
WORD = st.text(LETTERS, min_size=3, max_size=8).filter(lambda w: not reserved(w))
NAME = st.lists(WORD.map(str.capitalize), min_size=1, max_size=3).map(" ".join)
MINUTE = st.one_of(
    st.integers(1, 120).map(lambda m: f"{m}'"),
    st.tuples(st.sampled_from([45, 90, 120]), st.integers(1, 9)).map(lambda t: f"{t[0]}+{t[1]}'"),
    st.integers(1, 120).map(lambda m: f"{m}.dk"),
    st.integers(1, 120).map(lambda m: f"{m}. dakika"),
)
KEY = lambda t: loose_key(t[0])  # noqa: E731
SCORERS = st.lists(
    st.tuples(NAME, st.lists(MINUTE, min_size=1, max_size=3)),
    min_size=1,
    max_size=5,
    unique_by=KEY,
)


@settings(max_examples=200)
@given(SCORERS, st.sampled_from([", ", " "]))
def test_each_minute_typed_is_one_goal_of_its_scorer(scorers, separator):
    line = "gol: " + separator.join(f"{name} {' '.join(ms)}" for name, ms in scorers)
    assert goals(line) == [(name, None, len(ms)) for name, ms in scorers]


@settings(max_examples=200)
@given(st.lists(st.tuples(NAME, st.integers(1, 9)), min_size=1, max_size=5, unique_by=KEY))
def test_counts_without_commas_read_as_with_them(scorers):
    with_commas = "goller: " + ", ".join(f"{name} {n}" for name, n in scorers)
    without = "goller: " + " ".join(f"{name} {n}" for name, n in scorers)
    assert goals(without) == goals(with_commas) == [(name, None, n) for name, n in scorers]
