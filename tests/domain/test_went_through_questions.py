"""A team asking whether it went through, in the past ("finale kaldık mı", "gruptan çıktık
mı", "elendik mi", "tur atladık mı") met silence: the rule read the future and present
("kalır mıyız", "çıkıyor muyuz") and took a past verb for something told. Asked with the
particle, it is QUALIFY in the first person; told ("finale kaldık!"), or about being late
or taking the field ("maça geç kaldık mı", "sahaya çıktık mı"), it stays chat."""

from __future__ import annotations

import pytest

from domain.intents import Intent
from domain.model import Stage
from domain.names import strip_diacritics, tr_upper
from domain.questions import Question, ask

ASKED = (
    "finale kaldık mı",
    "yarı finale kaldık mı abi",
    "çeyrek finale kaldıkmı",
    "gruptan çıktık mı",
    "yarı finale çıktık mı",
    "elendik mi",
    "tur atladık mı",
    "turu geçtik mi",
)
TOLD = (
    "finale kaldık!!",
    "gruptan çıktık beyler",
    "elendik ya",
    "maça geç kaldık mı",
    "geç kaldık mı",
    "sahaya çıktık mı",
    "maçtan çıktık mı",
    "evde kaldık mı",
)


@pytest.mark.parametrize("text", ASKED)
def test_whether_we_went_through_asked_in_the_past_is_qualify(text):
    for typed in (text, tr_upper(text), strip_diacritics(text)):
        assert ask(typed) == Question(Intent.QUALIFY, personal=True), typed


@pytest.mark.parametrize("text", TOLD)
def test_told_or_about_being_somewhere_it_stays_chat(text):
    assert ask(text) is None


def test_a_past_told_before_a_question_is_no_team_name():
    """ "finale kaldık, final kaçta": "kaldık" was the team hint (a stray one: silence)."""
    assert ask("finale kaldık final kaçta") == Question(
        Intent.KNOCKOUT, personal=True, stage=Stage.FINAL
    )
