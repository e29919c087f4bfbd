"""A command's noun alone asks for what the command shows; beside a number or a word
that is no call, it is chat (or, beside a name, a question only if the name is a team's)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.intents import Intent
from domain.matchorder import CALLS
from domain.questions import ask

NOUNS = {
    "fikstür": Intent.FIXTURE,
    "fikstur": Intent.FIXTURE,
    "fikstürü": Intent.FIXTURE,
    "maçlar": Intent.FIXTURE,
    "maclar": Intent.FIXTURE,
    "puan": Intent.STANDING,
    "puanlar": Intent.STANDING,
}


@given(
    st.sampled_from(sorted(NOUNS)),
    st.lists(st.sampled_from(sorted(CALLS)), max_size=2),
    st.booleans(),
    st.booleans(),
)
def test_the_noun_among_calls_asks_for_it(noun, calls, first, mark):
    words = [noun, *calls] if first else [*calls, noun]
    question = ask(" ".join(words) + ("?" if mark else ""))
    assert question is not None and question.intent is NOUNS[noun], words
    assert question.team_hint is None and not question.team_only


@given(st.sampled_from(sorted(NOUNS)), st.integers(min_value=0, max_value=99))
def test_a_number_beside_the_noun_is_no_request(noun, number):
    assert ask(f"{number} {noun}") is None


def test_a_name_beside_the_noun_is_asked_only_if_it_is_a_team():
    question = ask("Kartallar fikstürü")
    assert question is not None and question.team_hint == "Kartallar" and question.team_only


def test_our_matches_and_our_points_are_the_asker_s():
    for text, intent in (("maçlarımız", Intent.FIXTURE), ("puanımız", Intent.STANDING)):
        question = ask(text)
        assert question is not None and question.intent is intent and question.personal


def test_match_alone_and_said_words_stay_chat():
    said = ("maç", "maç!", "puan yok", "maçlar bitti", "fikstür çok sıkışık olmuş")
    for text in (*said, "maçlarımız berbat", "puanımız az"):
        question = ask(text)
        assert question is None or question.team_only, text
