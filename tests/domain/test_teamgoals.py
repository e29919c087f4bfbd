"""Which team scored or let in the most or the fewest: a team's ranking, not the top
scorer (domain.teamgoals)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, strategies

from domain.names import fold
from domain.questions import ask
from domain.teamgoals import DETAILS, TeamGoalsAsked, team_goals_asked


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(text))


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("en çok gol atan takım", "most_scored"),
        ("en cok gol atan takim hangisi", "most_scored"),
        ("en golcü takım kim", "most_scored"),
        ("en fazla gol yiyen takım", "most_conceded"),
        ("en az gol yiyen takım hangisi?", "fewest_conceded"),
        ("en az gol atan takım", "fewest_scored"),
    ],
)
def test_a_teams_ranking_by_goals_is_asked(text, detail):
    question = ask(text)
    assert question is not None and question.detail == detail, question


@pytest.mark.parametrize(
    "text",
    [
        "takımda en çok gol atan kim",  # a player of the team
        "en çok gol atan kim",  # the top scorer
        "en çok gol atan takım olacağız",  # a boast
        "12 golle en çok gol atan takım biziz",  # told
        "en iyi takım biziz",
    ],
)
def test_other_sentences_with_a_team_and_goals_ask_no_ranking(text):
    assert team_goals_asked(words(text)) is None


@given(strategies.sampled_from(sorted(DETAILS)))
def test_a_ranking_survives_the_questions_detail(detail):
    asked = TeamGoalsAsked.of(detail)
    assert asked is not None and asked.detail == detail


@given(
    strategies.lists(strategies.sampled_from(["en", "çok", "gol", "atan", "az", "kim", "yiyen"]))
)
def test_without_a_team_word_nothing_is_a_teams_ranking(found):
    assert team_goals_asked(words(" ".join(found))) is None
