"""Captains' questions in plain Turkish: which messages the bot answers, and with what."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.names import UnknownTeam, resolve, strip_diacritics, tr_upper
from domain.questions import MAX_WORDS, Intent, Question, ask, hint_forms

TEAMS = ["Kartallar", "Şahinler", "Aslanlar", "Anadolu Kartalları", "1907 Spor", "Takım 3"]

# The issue's questions, each with the intent and team hint it must give.
ISSUE_QUESTIONS = [
    ("ne zaman oynuyoruz?", Intent.NEXT_MATCH, None),
    ("maçımız kaçta", Intent.TIME, None),
    ("maçımız kaçta?", Intent.TIME, None),
    ("sıradaki maçımız ne zaman", Intent.NEXT_MATCH, None),
    ("kiminle oynuyoruz", Intent.OPPONENT, None),
    ("rakibimiz kim", Intent.OPPONENT, None),
    ("hangi sahadayız", Intent.PITCH, None),
    ("hangi sahada oynuyoruz", Intent.PITCH, None),
    ("bir sonraki maç ne zaman", Intent.NEXT_MATCH, None),
    ("maç saat kaçta", Intent.TIME, None),
    ("biz ne zaman oynuyoruz", Intent.NEXT_MATCH, None),
    ("ne zaman maçımız var", Intent.NEXT_MATCH, None),
    ("maçımız ne zaman", Intent.NEXT_MATCH, None),
    ("kaçıncıyız", Intent.STANDING, None),
    ("puan durumumuz ne", Intent.STANDING, None),
    ("Kartallar ne zaman oynuyor?", Intent.NEXT_MATCH, "Kartallar"),
    ("Şahinler'in maçı kaçta?", Intent.TIME, "Şahinler"),
    ("sahamız hangisi", Intent.PITCH, None),
    ("saat kaçta başlıyoruz", Intent.TIME, None),
]

# Phrasings of our own: shouting, no Turkish letters, typos, slang, other word orders.
OWN_QUESTIONS = [
    ("NE ZAMAN OYNUYORUZ", Intent.NEXT_MATCH, None),
    ("macimiz kacta", Intent.TIME, None),
    ("SIRADAKİ MAÇIMIZ NE ZAMAN??", Intent.NEXT_MATCH, None),
    ("ne zman oynuyoruz", Intent.NEXT_MATCH, None),
    ("rakibmiz kim", Intent.OPPONENT, None),
    ("bugün oynuyr muyuz", Intent.NEXT_MATCH, None),
    ("hocam bugün maçımız var mı", Intent.NEXT_MATCH, None),
    ("maçlarımız ne zaman", Intent.FIXTURE, None),
    ("fikstürümüz ne?", Intent.FIXTURE, None),
    ("kaçıncı sıradayız", Intent.STANDING, None),
    ("ne durumdayız", Intent.STANDING, None),
    ("durumumuz nasıl", Intent.STANDING, None),
    ("maç nerede", Intent.PITCH, None),
    ("rakibimiz hangi sahada", Intent.PITCH, None),
    ("kimle oynicaz", Intent.OPPONENT, None),
    ("Anadolu Kartalları kiminle oynuyor", Intent.OPPONENT, "Anadolu Kartalları"),
    ("1907 Spor'un rakibi kim?", Intent.OPPONENT, "1907 Spor"),
    ("Takım 3 ne zaman oynuyor", Intent.NEXT_MATCH, "Takım 3"),
    ("ne zaman oynuyoruz 😀", Intent.NEXT_MATCH, None),
]

ORDINARY_CHAT = [
    "maç güzeldi",
    "bugün hava güzel",
    "ne zaman gelsem kapalı",
    "yarın görüşürüz",
    "Kartallar 3-1 Şahinler",
    "iyi oyundu",
    "saat kaç?",
    "ne güzel maç",
    "maç kaç kaç bitti",
    "ne zaman bitti maç",
    "hava durumu nasıl",
    "kimse maça gelmedi",
    "şahane, ne zaman tekrar?",
    "maç?",
    "kaç?",
    "kazandık beyler, ne zaman kutluyoruz",
    "",
    "   ",
    "?",
]


@pytest.mark.parametrize(("text", "intent", "hint"), ISSUE_QUESTIONS)
def test_every_question_in_the_issue_is_recognised_with_its_intent_and_hint(text, intent, hint):
    assert ask(text) == Question(intent, hint)


@pytest.mark.parametrize(("text", "intent", "hint"), OWN_QUESTIONS)
def test_other_phrasings_typos_and_missing_turkish_letters_are_recognised(text, intent, hint):
    assert ask(text) == Question(intent, hint)


@pytest.mark.parametrize("text", ORDINARY_CHAT)
def test_ordinary_chat_results_and_plain_time_questions_get_no_answer(text):
    assert ask(text) is None


def test_a_command_is_not_a_question_even_when_it_reads_like_one():
    assert ask("/fikstur ne zaman oynuyoruz") is None


def test_a_long_message_is_conversation_not_a_question():
    padding = " ".join(["falan"] * MAX_WORDS)
    assert ask(f"ne zaman oynuyoruz {padding}") is None
    assert ask("abi ne zaman oynuyoruz") is not None


def test_a_first_person_question_carries_no_hint_since_the_named_team_is_the_opponent():
    assert ask("Kartallarla maçımız kaçta") == Question(Intent.TIME, None)


def test_forms_of_address_and_time_words_are_not_taken_for_a_team():
    assert ask("hocam bugün maç saat kaçta") == Question(Intent.TIME, None)
    assert ask("arkadaşlar, Kartallar ne zaman oynuyor?") == Question(
        Intent.NEXT_MATCH, "Kartallar"
    )


def test_the_longest_unknown_run_is_the_hint_and_a_comma_ends_a_run():
    assert ask("Yıldız Spor Kulübü, ne zaman oynuyor") == Question(
        Intent.NEXT_MATCH, "Yıldız Spor Kulübü"
    )


def test_a_third_person_question_without_a_team_is_about_the_askers_team():
    assert ask("ne zaman başlıyor?") == Question(Intent.NEXT_MATCH, None)


def test_the_fixture_outranks_the_next_match_and_the_pitch_outranks_the_opponent():
    assert ask("maçlarımız ne zaman") == Question(Intent.FIXTURE, None)
    assert ask("rakibimiz hangi sahada") == Question(Intent.PITCH, None)
    assert ask("kiminle saat kaçta oynuyoruz") == Question(Intent.OPPONENT, None)


def test_ne_asks_only_at_the_end_of_a_clause():
    assert ask("puan durumumuz ne?") == Question(Intent.STANDING, None)
    assert ask("ne maç ama") is None


def test_a_question_is_frozen():
    question = ask("ne zaman oynuyoruz")
    assert question is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        question.intent = Intent.TIME  # type: ignore[misc]


@pytest.mark.parametrize(("text", "intent", "hint"), ISSUE_QUESTIONS + OWN_QUESTIONS)
def test_upper_case_and_stripped_diacritics_change_nothing(text, intent, hint):
    assert ask(tr_upper(text)) == Question(intent, None if hint is None else tr_upper(hint))
    bare = strip_diacritics(text)
    assert ask(bare) == Question(intent, None if hint is None else strip_diacritics(hint))


@given(st.text(max_size=120))
def test_any_text_gets_a_question_or_none_and_the_same_answer_twice(text):
    first = ask(text)
    assert first is None or isinstance(first, Question)
    assert ask(text) == first


# --- hints ------------------------------------------------------------------------


def test_a_hint_without_an_apostrophe_is_offered_without_its_case_ending():
    assert hint_forms("Kartalların") == ("Kartalların", "Kartallar")
    assert hint_forms("Şahinlerle") == ("Şahinlerle", "Şahinler")
    assert hint_forms("Anadolu Kartalları") == ("Anadolu Kartalları", "Anadolu Kartallar")


def test_a_hint_ending_in_a_number_or_too_short_to_cut_is_offered_as_typed():
    assert hint_forms("Takım 3") == ("Takım 3",)
    assert hint_forms("Ela") == ("Ela",)


def test_a_hint_from_a_question_resolves_to_the_team_through_its_forms():
    question = ask("Kartalların maçı kaçta")
    assert question == Question(Intent.TIME, "Kartalların")
    assert question.team_hint is not None
    assert resolve(question.team_hint, TEAMS) == "Kartallar"  # resolve tries the forms itself
    found = []
    for form in hint_forms(question.team_hint):
        try:
            found.append(resolve(form, TEAMS))
        except UnknownTeam:
            continue
    assert set(found) == {"Kartallar"}


def test_a_hint_that_is_a_full_team_name_resolves_as_typed():
    question = ask("Anadolu Kartalları kiminle oynuyor")
    assert question is not None and question.team_hint is not None
    assert resolve(hint_forms(question.team_hint)[0], TEAMS) == "Anadolu Kartalları"
