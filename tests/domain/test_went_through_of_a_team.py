"""Going through asked in the past of a named team ("A3 elendi mi"): read as the first
person's "elendik mi" is, with the team as the hint; being late or leaving the pitch is not."""

from __future__ import annotations

import pytest

from domain.intents import Intent
from domain.questions import ask


@pytest.mark.parametrize(
    ("text", "team"),
    [
        ("kartallar finale kaldı mı", "kartallar"),
        ("A3 elendi mi", "A3"),
        ("şahinler gruptan çıktı mı", "şahinler"),
        ("A3 elendimi", "A3"),
    ],
)
def test_a_named_team_gone_through_is_asked(text, team):
    found = ask(text)
    assert found is not None and found.intent is Intent.QUALIFY, found
    assert found.team_hint == team and not found.personal


@pytest.mark.parametrize("text", ["maça geç kaldı mı", "sahadan çıktı mı", "A3 gruptan çıktı"])
def test_late_off_the_pitch_or_told_is_not(text):
    assert ask(text) is None


def test_who_went_to_the_final_still_asks_the_final():
    found = ask("finale kim kaldı")
    assert found is not None and found.intent is Intent.KNOCKOUT
