"""Captains' questions in plain Turkish: which messages the bot answers, and with what."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, strategies

from domain.intents import Day, Intent
from domain.model import Stage
from domain.names import AmbiguousTeam, UnknownTeam, resolve, strip_diacritics, tr_upper
from domain.questions import MAX_WORDS, Question, ask, hint_forms

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
    "maç 3-1 bitti",  # "maç kaç kaç bitti" asks a result now (test_resultquestions.py)
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


def said(text: str) -> tuple[Intent, str | None] | None:
    """What a question asks and about whom, the two things every answer starts from."""
    question = ask(text)
    return None if question is None else (question.intent, question.team_hint)


@pytest.mark.parametrize(("text", "intent", "hint"), ISSUE_QUESTIONS)
def test_every_question_in_the_issue_is_recognised_with_its_intent_and_hint(text, intent, hint):
    assert said(text) == (intent, hint)


@pytest.mark.parametrize(("text", "intent", "hint"), OWN_QUESTIONS)
def test_other_phrasings_typos_and_missing_turkish_letters_are_recognised(text, intent, hint):
    assert said(text) == (intent, hint)


def answered(text: str, teams=TEAMS) -> bool:
    """Whether the bot answers: a question, and for a team-only one a hint naming a team."""
    question = ask(text)
    if question is None:
        return False
    if not question.team_only:
        return True
    for form in hint_forms(question.team_hint or ""):
        try:
            resolve(form, teams)
        except (UnknownTeam, AmbiguousTeam):
            continue
        return True
    return False


@pytest.mark.parametrize("text", ORDINARY_CHAT)
def test_ordinary_chat_results_and_plain_time_questions_get_no_answer(text):
    assert not answered(text)


def test_a_command_is_not_a_question_even_when_it_reads_like_one():
    assert ask("/fikstur ne zaman oynuyoruz") is None


def test_a_long_message_is_conversation_not_a_question():
    padding = " ".join(["falan"] * MAX_WORDS)
    assert ask(f"ne zaman oynuyoruz {padding}") is None
    assert ask("abi ne zaman oynuyoruz") is not None


def test_a_first_person_question_carries_no_hint_since_the_named_team_is_the_opponent():
    assert said("Kartallarla maçımız kaçta") == (Intent.TIME, None)


def test_forms_of_address_and_time_words_are_not_taken_for_a_team():
    assert said("hocam bugün maç saat kaçta") == (Intent.TIME, None)
    assert said("arkadaşlar, Kartallar ne zaman oynuyor?") == (Intent.NEXT_MATCH, "Kartallar")


def test_the_longest_unknown_run_is_the_hint_and_a_comma_ends_a_run():
    assert said("Yıldız Spor Kulübü, ne zaman oynuyor") == (Intent.NEXT_MATCH, "Yıldız Spor Kulübü")


def test_a_third_person_question_without_a_team_is_about_the_askers_team():
    assert said("ne zaman başlıyor?") == (Intent.NEXT_MATCH, None)


def test_the_fixture_outranks_the_next_match_and_the_pitch_outranks_the_opponent():
    assert said("maçlarımız ne zaman") == (Intent.FIXTURE, None)
    assert said("rakibimiz hangi sahada") == (Intent.PITCH, None)
    assert said("kiminle saat kaçta oynuyoruz") == (Intent.OPPONENT, None)


def test_ne_asks_only_at_the_end_of_a_clause():
    assert said("puan durumumuz ne?") == (Intent.STANDING, None)
    assert said("ne maç ama") is None


def test_a_question_is_frozen():
    question = ask("ne zaman oynuyoruz")
    assert question is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        question.intent = Intent.TIME  # type: ignore[misc]


@pytest.mark.parametrize(("text", "intent", "hint"), ISSUE_QUESTIONS + OWN_QUESTIONS)
def test_upper_case_and_stripped_diacritics_change_nothing(text, intent, hint):
    assert said(tr_upper(text)) == (intent, None if hint is None else tr_upper(hint))
    bare = strip_diacritics(text)
    assert said(bare) == (intent, None if hint is None else strip_diacritics(hint))


@given(strategies.text(max_size=120))
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
    assert question is not None
    assert (question.intent, question.team_hint) == (Intent.TIME, "Kartalların")
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


# --- issue 13: the questions that got nothing ----------------------------------------------

NEW_QUESTIONS = [
    # (text, intent, hint, stage)
    ("final ne zaman", Intent.KNOCKOUT, None, Stage.FINAL),
    ("final ne zmn?", Intent.KNOCKOUT, None, Stage.FINAL),
    ("yarı final kaçta", Intent.KNOCKOUT, None, Stage.SEMI),
    ("yari finaller ne zaman", Intent.KNOCKOUT, None, Stage.SEMI),
    ("yarıfinal kacta", Intent.KNOCKOUT, None, Stage.SEMI),
    ("çeyrek final ne zaman", Intent.KNOCKOUT, None, Stage.QUARTER),
    ("üçüncülük maçı kaçta", Intent.KNOCKOUT, None, Stage.THIRD),
    ("final?", Intent.KNOCKOUT, None, Stage.FINAL),
    ("bi sonraki maç ne zmn", Intent.NEXT_MATCH, None, None),
    ("ne zmn oynuyoruz", Intent.NEXT_MATCH, None, None),
    ("nzmn oynuyoz", Intent.NEXT_MATCH, None, None),
    ("kaçta oynuyoz", Intent.TIME, None, None),
    ("kacta oynicaz abi", Intent.TIME, None, None),
    ("rakip?", Intent.OPPONENT, None, None),
    ("rakibimiz?", Intent.OPPONENT, None, None),
    ("saha?", Intent.PITCH, None, None),
    ("Dinamo'nun maçı ne zaman", Intent.NEXT_MATCH, "Dinamo", None),
    ("Dinamonun maçı ne zaman", Intent.NEXT_MATCH, "Dinamonun", None),
    ("kacinci sahada oynuyoruz", Intent.PITCH, None, None),
    ("kaçıncı sahadayız", Intent.PITCH, None, None),
    ("hangi saha", Intent.PITCH, None, None),
    ("hangi sahada", Intent.PITCH, None, None),
    ("gruptan çıkıyor muyuz", Intent.QUALIFY, None, None),
    ("gruptan cikar miyiz", Intent.QUALIFY, None, None),
    ("Kartallar gruptan çıkar mı", Intent.QUALIFY, "Kartallar", None),
    ("çıkmak için kaç puan lazım", Intent.QUALIFY, None, None),
    ("yarı finale kalır mıyız", Intent.QUALIFY, None, None),
    ("maç kaçta", Intent.TIME, None, None),
    ("maç kaçta?", Intent.TIME, None, None),
    ("bugün maç var mı", Intent.NEXT_MATCH, None, None),
]


@pytest.mark.parametrize(("text", "intent", "hint", "stage"), NEW_QUESTIONS)
def test_the_questions_that_got_nothing_are_recognised(text, intent, hint, stage):
    question = ask(text)
    assert question is not None, text
    assert (question.intent, question.team_hint, question.stage) == (intent, hint, stage)


@pytest.mark.parametrize(("text", "intent", "hint", "stage"), NEW_QUESTIONS)
def test_the_new_questions_survive_shouting_and_missing_turkish_letters(text, intent, hint, stage):
    for typed in (tr_upper(text), strip_diacritics(text)):
        question = ask(typed)
        assert question is not None and (question.intent, question.stage) == (intent, stage)


def test_a_bystanders_question_is_not_personal_and_a_captains_is():
    assert ask("maç kaçta") == Question(Intent.TIME)
    assert ask("maçımız kaçta") == Question(Intent.TIME, personal=True)
    assert ask("gruptan çıkıyor muyuz") == Question(Intent.QUALIFY, personal=True)


def test_the_day_a_question_names_is_kept():
    assert ask("bugün maç var mı") == Question(Intent.NEXT_MATCH, day=Day.TODAY)
    assert ask("yarın kaçta oynuyoruz") == Question(Intent.TIME, personal=True, day=Day.TOMORROW)


def test_a_short_name_hint_resolves_to_the_team():
    teams = ["Dinamo Kadıköy", "Boğaziçi Spor", "Kartallar"]
    for text in ("Dinamo'nun maçı ne zaman", "Dinamonun maçı ne zaman", "bogazici kacta oynuyor"):
        question = ask(text)
        assert question is not None and question.team_hint is not None
        assert resolve(question.team_hint, teams) in ("Dinamo Kadıköy", "Boğaziçi Spor")


@pytest.mark.parametrize(
    "text",
    [
        "maç?",
        "top lazım kim getirecek",
        "bu akşam kim çıkar dışarı",
        "final gibi maçtı",
        "saha güzelmiş",
        "rakip iyiydi",
        "final bitti mi",
        "yarın görüşürüz?",
        "forma lazım mı",
    ],
)
def test_chat_near_the_new_words_stays_unanswered(text):
    assert not answered(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("bizim maç ne zmn", Intent.NEXT_MATCH),
        ("karşımızda kim var", Intent.OPPONENT),
        ("gruptan çıkmak için ne lazım", Intent.QUALIFY),
        ("kaç puan aldık", Intent.STANDING),
        ("maç var mı bugün", Intent.NEXT_MATCH),
        ("oynuyor muyuz bugün", Intent.NEXT_MATCH),
    ],
)
def test_more_chat_phrasings_are_questions(text, intent):
    question = ask(text)
    assert question is not None and question.intent is intent and question.team_hint is None


@pytest.mark.parametrize("text", ["akşam çıkıyor muyuz", "bu akşam kim çıkar dışarı", "ne lazım"])
def test_going_out_is_not_going_through(text):
    assert not answered(text)


def test_who_won_asks_a_played_result_not_going_through():
    question = ask("kim kazandı")
    assert question is not None and question.intent is Intent.MATCH_RESULT


@pytest.mark.parametrize(
    ("text", "intent", "hint"),
    [
        ("Dinamo kaçta?", Intent.TIME, "Dinamo"),
        ("Kartallar ne zaman", Intent.NEXT_MATCH, "Kartallar"),
        ("Şahinler nerde", Intent.PITCH, "Şahinler"),
        ("Aslanlar bugün kaçta", Intent.TIME, "Aslanlar"),
    ],
)
def test_a_question_word_and_a_team_is_a_question_about_that_team(text, intent, hint):
    question = ask(text)
    assert question is not None and question.team_only
    assert (question.intent, question.team_hint) == (intent, hint)
    assert answered(text, [*TEAMS, "Dinamo Kadıköy"])


@pytest.mark.parametrize(
    "text", ["Ahmet ne zaman gelir", "Mehmet abi kaçta", "annem nerede", "Ali kiminle"]
)
def test_a_question_word_and_a_name_that_is_no_team_gets_nothing(text):
    assert not answered(text)


CHAT_ONLY = (
    *("maç", "güzeldi", "bitti", "harika", "gol", "attı", "abi", "hocam", "bugün", "yarın"),
    *("hava", "soğuk", "sahada", "görüşürüz", "geliyorum", "geç", "kaldım", "top", "forma"),
    *("hakem", "kötü", "iyi", "oyun", "penaltı", "verdi", "Messi", "😀", "🔥", "!", ",", "."),
)


@given(strategies.lists(strategies.sampled_from(CHAT_ONLY), min_size=1, max_size=10).map(" ".join))
def test_chat_without_a_question_word_is_never_a_question(sentence):
    assert ask(sentence) is None


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("sahaya ne zaman çıkıyoruz", Intent.NEXT_MATCH),
        ("ne zaman sahaya çıkacağız", Intent.NEXT_MATCH),
        ("sahaya kaçta çıkıyoruz", Intent.TIME),
        ("hangi sahaya çıkıyoruz", Intent.PITCH),
        ("gruptan çıkıyor muyuz", Intent.QUALIFY),
    ],
)
def test_taking_the_field_asks_when_we_play_not_whether_we_go_through(text, intent):
    question = ask(text)
    assert question is not None and question.personal
    assert question.intent is intent
