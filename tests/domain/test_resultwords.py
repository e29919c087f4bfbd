"""Result lines told with a verb ("Kurtlar yendi Şahinleri 2-1") or in number words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.model import Score
from domain.result_lines import Record, may_be_result, read_line
from domain.resultwords import told, with_digits
from domain.scores import parse_result

TEAMS = ("Kartallar", "Şahinler", "Gençlik Spor", "Dinamo Kadıköy", "Kurtlar", "Anadolu Gücü")


@pytest.mark.parametrize(
    ("line", "home", "away", "goals"),
    [
        ("kartallar kazandı 3-1 kurtlara", "Kartallar", "Kurtlar", (3, 1)),
        ("Kartallar kazandı 1-3 Kurtlar'a", "Kartallar", "Kurtlar", (3, 1)),
        ("kurtlar yendi şahinleri 2-1", "Kurtlar", "Şahinler", (2, 1)),
        ("Şahinler, Gençlik Spor'u 2-0 yendi", "Şahinler", "Gençlik Spor", (2, 0)),
        ("kartallar şahinleri 3e 1 yendi", "Kartallar", "Şahinler", (3, 1)),
        ("şahinler'i 1-0 yendi kurtlar", "Şahinler", "Kurtlar", (0, 1)),
        ("şahinler 1-2 yenildi dinamoya", "Şahinler", "Dinamo Kadıköy", (1, 2)),
        ("kurtlar 0-2 kaybetti kartallara", "Kurtlar", "Kartallar", (0, 2)),
        ("anadolu gücü kurtları 1-0 yenmiş", "Anadolu Gücü", "Kurtlar", (1, 0)),
        ("dinamo 2-0 kazandı kurtlara karşı", "Dinamo Kadıköy", "Kurtlar", (2, 0)),
    ],
)
def test_the_verb_and_the_case_endings_say_who_won(line, home, away, goals):
    result = told(line, TEAMS)
    assert result is not None
    assert (result.home, result.away) == (home, away)
    assert (result.score.home_goals, result.score.away_goals) == goals


@pytest.mark.parametrize(
    "line",
    [
        "fener 3-1 yendi",  # no team of the tournament
        "kartallar 2-2 yendi kurtları",  # won, but level: the penalties are missing
        "kurtları 2-0 yendik",  # first person: a captain's own score, not this
        "kartallar kurtları 3-1",  # no verb
        "kartalları kurtları 3-1 yendi",  # both with a case ending: who won?
        "kartallar 3-1 kurtlar 2-0 yendi",  # two scores
    ],
)
def test_a_line_not_told_so_unambiguously_is_not_read(line):
    assert told(line, TEAMS) is None


def test_read_line_enters_a_told_result_as_the_line_parse_result_reads_back():
    reading = read_line("kartallar kazandı 3-1 kurtlara", TEAMS)
    assert isinstance(reading, Record)
    assert parse_result(reading.line, TEAMS) == reading.result


def test_number_words_are_goals_only_in_a_line_that_then_reads_as_a_result():
    reading = read_line("kartallar üç bir şahinler", TEAMS)
    assert isinstance(reading, Record)
    assert reading.result.score == Score(3, 1)
    assert may_be_result("kurtlar iki sıfır dinamo")
    assert read_line("bir iki kişi eksik", TEAMS) is None
    assert read_line("kartallar bir iki kişi eksik", TEAMS) is None
    assert not may_be_result("bir maç daha")
    assert with_digits("Kurtlar üç bir") == "Kurtlar 3 1"


_TEAM_PAIRS = st.lists(st.sampled_from(TEAMS), min_size=2, max_size=2, unique=True)
_GOALS = st.lists(st.integers(0, 20), min_size=2, max_size=2, unique=True)


@given(pair=_TEAM_PAIRS, goals=_GOALS, loser_first=st.booleans())
def test_a_told_win_gives_the_winner_the_larger_number_for_any_teams_and_score(
    pair, goals, loser_first
):
    winner, loser = pair
    low, high = sorted(goals)
    typed = f"{low}-{high}" if loser_first else f"{high}-{low}"
    result = told(f"{winner} kazandı {typed} {loser}'a", TEAMS)
    assert result is not None
    assert (result.home, result.away) == (winner, loser)
    assert (result.score.home_goals, result.score.away_goals) == (high, low)


@given(pair=_TEAM_PAIRS, goals=_GOALS)
def test_a_told_loss_gives_the_subject_the_smaller_number(pair, goals):
    loser, winner = pair
    low, high = sorted(goals)
    result = told(f"{loser} {high}-{low} yenildi {winner}'a", TEAMS)
    assert result is not None
    assert (result.home, result.away) == (loser, winner)
    assert (result.score.home_goals, result.score.away_goals) == (low, high)
