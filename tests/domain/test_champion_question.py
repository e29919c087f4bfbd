"""The champion asked in words (domain.champion through domain.questions.ask): the asks
are read as CHAMPION, a guess, a wish or another competition stays chat."""

from __future__ import annotations

import pytest

from domain.intents import Intent
from domain.questions import ask

ASKED = (
    "şampiyon kim",
    "kim şampiyon oldu",
    "turnuvayı kim kazandı",
    "kupayı kim aldı",
    "ligi hangi takım kazandı",
    "şampiyon belli oldu mu",
    "turnuvanın şampiyonu kimdi",
    "sampiyon kim abi",
)
CHAT = (
    "kim şampiyon olur",
    "şampiyon olacağız",
    "kupayı kim alacak bakalım",
    "şampiyon kim sizce",
    "şampiyonlar ligi kim kazandı",
    "kupa çok güzelmiş",
)


@pytest.mark.parametrize("text", ASKED)
def test_the_champion_asked_is_read(text):
    found = ask(text)
    assert found is not None and found.intent is Intent.CHAMPION, found
    assert found.team_hint is None


@pytest.mark.parametrize("text", CHAT)
def test_a_guess_or_another_competition_is_not_asked(text):
    found = ask(text)
    assert found is None or found.intent is not Intent.CHAMPION, found


def test_a_word_beside_it_is_kept_for_the_caller_to_check():
    found = ask("galatasaray şampiyon kim oldu")
    assert found is not None and found.team_hint == "galatasaray"
