"""The matches waiting for a date asked in words of their own ("tarihi belli olmayan maç var
mı", "belirsiz maçlar"): POSTPONED, not the next match or a fixture of a team "tarihi"."""

from __future__ import annotations

import pytest

from domain.intents import Intent
from domain.questions import ask


@pytest.mark.parametrize(
    "text",
    [
        "tarihi belli olmayan maç var mı",
        "hangi maçların tarihi belli değil",
        "belirsiz maçlar",
        "belirsiz maçlar?",
        "tarihsiz maç var mı",
        "tarihi belirsiz maçlar hangileri",
    ],
)
def test_an_undated_match_asked_is_postponed_without_a_team(text):
    question = ask(text)
    assert question is not None, text
    assert (question.intent, question.team_hint, question.personal) == (
        Intent.POSTPONED,
        None,
        False,
    ), text


def test_our_undated_match_is_asked_of_our_team_and_a_named_one_of_that_team():
    ours = ask("tarihi belli olmayan maçımız var mı")
    assert ours is not None and ours.intent is Intent.POSTPONED and ours.personal
    named = ask("Kurtlar maçı belirsiz mi")
    assert named is not None and (named.intent, named.team_hint) == (Intent.POSTPONED, "Kurtlar")


@pytest.mark.parametrize(
    "text", ["maç saati belirsiz", "maçın tarihi belli değil", "yarınki maç belirsiz abi"]
)
def test_a_match_said_to_be_undated_is_chat(text):
    assert ask(text) is None, text
