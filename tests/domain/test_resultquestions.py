"""A played match's result asked in words (domain.resultquestions, read by
domain.questions.ask as Intent.MATCH_RESULT): "son maçımız kaç bitti" was the season's last
match (DATES), "kim kazandı" and "Kurtlar Şahinler maçı kaç kaç bitti" were not questions."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies

from domain.intents import Intent
from domain.questions import ask
from domain.result_lines import read_line

TEAMS = ("Kartallar", "Şahinler", "Kurtlar", "Ayılar")


@pytest.mark.parametrize(
    ("text", "hint", "personal"),
    [
        ("son maçımız kaç bitti", None, True),
        ("kim kazandı", None, False),
        ("Ayılar Kurtlar maçı kaç kaç bitti", "Ayılar Kurtlar", False),
        ("ayılar maçı ne oldu", "ayılar", False),
        ("maç kaç bitti", None, False),
        ("son maç ne oldu", None, False),
        ("dünkü maç kaç kaç bitti", None, False),
        ("maç kaç kaç bitti bilen var mı", None, False),
        ("kazandık mı", None, True),
        ("Şahinler kazandı mı", "Şahinler", False),
        ("kurtlar şahinler kaç kaç", "kurtlar şahinler", False),
        ("maçın sonucu ne oldu", None, False),
        ("skor?", None, False),
        ("maç bitti mi", None, False),
        ("kaç farkla kazandık", None, True),
        ("kazanan kim", None, False),
    ],
)
def test_a_result_is_asked(text, hint, personal):
    question = ask(text)
    assert question is not None and question.intent is Intent.MATCH_RESULT, (text, question)
    assert (question.team_hint, question.personal) == (hint, personal), question


@pytest.mark.parametrize(
    "text",
    [
        "dün maç 3-1 bitti",  # news, the result reader's
        "kim kazandı bence biz",  # an opinion
        "maçı kim kazanır sizce",  # a guess
        "kim kazanacak",
        "dünkü maç kaçta bitti",  # when it ended, not how
        "kaç kaç bitti bilmiyorum",
        "maçınız kaç bitti",  # asked of the others
        "kazandınız mı",
        "ligi kim kazandı",  # the champion
        "maç çok güzeldi 2-1 bitti ama",
    ],
)
def test_news_opinions_and_others_questions_are_no_result_asked(text):
    question = ask(text)
    assert question is None or question.intent is not Intent.MATCH_RESULT, (text, question)


def test_the_season_last_match_is_still_asked_by_when():
    question = ask("son maç ne zaman")
    assert question is not None and question.intent is Intent.DATES


ASKED = ("maç kaç bitti", "kim kazandı", "son maç ne oldu", "kaç kaç bitti", "kazandık mı")


@given(
    strategies.sampled_from(ASKED),
    strategies.sampled_from(TEAMS),
    strategies.sampled_from(TEAMS),
    strategies.integers(0, 15),
    strategies.integers(0, 15),
)
def test_a_line_with_a_score_is_never_a_result_asked(asked, home, away, goals, against):
    """Two teams and a score are the result reader's, whatever words come beside them."""
    line = f"{home} {goals}-{against} {away} {asked}"
    question = ask(line)
    assert question is None or question.intent is not Intent.MATCH_RESULT, line


@given(strategies.sampled_from(ASKED), strategies.sampled_from(TEAMS))
def test_a_result_asked_is_no_result_line(asked, team):
    assert read_line(f"{team} {asked}", TEAMS) is None


@pytest.mark.parametrize(
    ("text", "hint"),
    [("A1 3-1 A4?", "A1 A4"), ("Kartallar 2-2 Şahinler mi bitti?", "Kartallar Şahinler mi bitti")],
)
def test_a_score_asked_about_asks_the_two_teams_result(text, hint):
    question = ask(text)
    assert question is not None
    assert (question.intent, question.team_hint, question.team_only) == (
        Intent.MATCH_RESULT,
        hint,
        True,
    )


@pytest.mark.parametrize("text", ["A1 3-1 A4", "3-1?", "saat 20:00?", "A1 3-1 A4 olur bence"])
def test_a_score_told_or_alone_asks_no_result(text):
    question = ask(text)
    assert question is None or question.intent is not Intent.MATCH_RESULT
