"""The season's size asked: which match week it is ("kaçıncı haftadayız"), how many weeks
it lasts ("sezon kaç hafta") and how many teams play ("ligde kaç takım var"); before, each
was met with silence."""

from __future__ import annotations

import pytest

from domain.intents import Intent
from domain.questions import ask


@pytest.mark.parametrize(
    ("text", "intent", "detail"),
    [
        ("kaçıncı haftadayız", Intent.WEEKS_LEFT, "current"),
        ("bu hafta kaçıncı hafta", Intent.WEEKS_LEFT, "current"),
        ("sezon kaç hafta", Intent.WEEKS_LEFT, "total"),
        ("lig kaç hafta sürüyor", Intent.WEEKS_LEFT, "total"),
        ("toplam kaç hafta", Intent.WEEKS_LEFT, "total"),
        ("kaç hafta kaldı", Intent.WEEKS_LEFT, None),
        ("ligde kaç takım var", Intent.COUNT, "teams"),
        ("turnuvada kaç takım var", Intent.COUNT, "teams"),
        ("kaç takım var abi", Intent.COUNT, "teams"),
    ],
)
def test_the_seasons_size_is_asked(text, intent, detail):
    question = ask(text)
    assert question is not None, text
    assert (question.intent, question.detail, question.team_hint) == (intent, detail, None)


@pytest.mark.parametrize("text", ["kaç takım çıkıyor", "kaçıncı haftada oynuyoruz şahinlerle"])
def test_other_questions_with_these_words_are_not_the_seasons_size(text):
    question = ask(text)
    assert question is None or question.detail not in ("current", "total", "teams"), text
