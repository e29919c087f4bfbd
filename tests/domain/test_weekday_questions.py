"""A weekday as the "when" of a question ("pazar kaçta", "bu pazar kiminle"): it names the
match day as "maç" would, so the question is asked; a weekday with other words stays chat."""

from __future__ import annotations

import pytest

from domain.intents import Day, Intent
from domain.questions import ask


@pytest.mark.parametrize(
    ("text", "intent", "day", "personal"),
    [
        ("pazar kaçta", Intent.TIME, Day.SUNDAY, False),
        ("pazar kaçta?", Intent.TIME, Day.SUNDAY, False),
        ("cumartesi kaçta oynuyoruz", Intent.TIME, Day.SATURDAY, True),
        ("bu pazar kiminle", Intent.OPPONENT, Day.SUNDAY, False),
        ("pazar kimle oynuyoruz", Intent.OPPONENT, Day.SUNDAY, True),
        ("pazar günü kaçta", Intent.TIME, Day.SUNDAY, False),
    ],
)
def test_a_weekday_and_when_or_with_whom_asks_that_days_match(text, intent, day, personal):
    question = ask(text)
    assert question is not None, text
    assert (question.intent, question.day, question.personal) == (intent, day, personal)
    assert question.team_hint is None


@pytest.mark.parametrize(
    "text", ["pazar kim var", "pazar kaçta buluşalım mı abi", "bugün kaçta", "pazar ne yapıyoruz"]
)
def test_a_weekday_in_chat_asks_nothing(text):
    question = ask(text)
    # "buluşalım" may only be asked about if it named a team (`team_only`): it names none.
    assert question is None or question.team_only, text
