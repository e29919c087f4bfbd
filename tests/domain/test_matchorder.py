"""A match named by its place in the team's order (domain.matchorder)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies

from domain.intents import Intent
from domain.questions import ask


@pytest.mark.parametrize(
    ("text", "hint", "personal"),
    [
        ("bir sonraki maçımız", None, True),
        ("sonraki maç", None, False),
        ("sıradaki maçımız?", None, True),
        ("bi sonraki maç abi", None, False),
        ("bizim sonraki maç", None, True),
        ("Şahinlerin sonraki maçı", "Şahinlerin", False),
    ],
)
def test_the_next_match_named_alone_asks_it(text, hint, personal):
    question = ask(text)
    assert question is not None and question.intent is Intent.NEXT_MATCH, question
    assert (question.team_hint, question.personal) == (hint, personal)
    assert question.team_only is (hint is not None)  # a name no team has: silence


@pytest.mark.parametrize(
    "text",
    [
        "sonraki maçta görüşürüz",
        "sonraki maç daha iyi olur",
        "yarın sonraki maç",
        "sonraki maç bizim",
    ],
)
def test_said_about_the_next_match_is_no_question(text):
    assert ask(text) is None


CALLS = ("abi", "hocam", "ya", "kanka", "beyler")


@given(
    strategies.lists(strategies.sampled_from(CALLS), max_size=2),
    strategies.sampled_from(("sonraki", "sıradaki", "bir sonraki", "bi sonraki")),
    strategies.sampled_from(("maç", "maçımız", "mac", "macimiz")),
    strategies.lists(strategies.sampled_from(CALLS), max_size=2),
)
def test_calls_around_the_next_match_leave_it_the_next_match(before, next_, noun, after):
    text = " ".join([*before, next_, noun, *after])
    question = ask(text)
    assert question is not None and question.intent is Intent.NEXT_MATCH, text
    assert question.team_hint is None, text


@pytest.mark.parametrize(
    ("text", "nth", "hint"),
    [
        ("2. maçımız kaçta", 2, None),
        ("ikinci maçımız ne zaman", 2, None),
        ("Şahinlerin 3. maçı hangi sahada", 3, "Şahinlerin"),
        ("6. maç ne zaman", None, "6"),  # match number 6, the fixture's
        ("ne zaman oynuyoruz", None, None),
    ],
)
def test_a_question_of_the_teams_nth_match_carries_it(text, nth, hint):
    question = ask(text)
    assert question is not None
    assert (question.nth, question.team_hint) == (nth, hint)
