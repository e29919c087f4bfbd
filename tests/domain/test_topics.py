"""Questions about the tournament: counts, dates, postponed matches, the teams met, the
table; and the match week a message names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.names import fold
from domain.topics import Topic, topic_in
from domain.weekwords import LAST_WEEK, NEXT_WEEK, ORDINALS, THIS_WEEK, week_in


def words(text: str) -> list[str]:
    folded = ("".join(c for c in fold(w) if c.isalnum()) for w in text.split())
    return [w for w in folded if w]


@pytest.mark.parametrize(
    ("text", "topic", "detail"),
    [
        ("bugün kaç maç var", Topic.COUNT, "today"),
        ("kac macimiz kaldi abi", Topic.COUNT, "left"),
        ("grupta kaç maç oynuyoruz", Topic.COUNT, "group"),
        ("toplam kaç maçımız var", Topic.COUNT, "total"),
        ("kaç maç oynadık", Topic.COUNT, "played"),
        ("lig ne zaman bitiyor", Topic.DATES, "end"),
        ("lig ne zmn bitcek ya", Topic.DATES, "end"),
        ("sezon ne zamana kadar", Topic.DATES, "end"),
        ("son maç ne zaman", Topic.DATES, "last_match"),
        ("lig ne zaman başlıyor", Topic.DATES, "start"),
        ("sezon başladı mı", Topic.DATES, "start"),
        ("turnuva saat kaçta başlar", Topic.DATES, "start"),
        ("ilk maç ne zaman", Topic.DATES, "start"),
        ("ligin ilk maçı hangi tarihte", Topic.DATES, "start"),
        ("ilk maçımız ne zaman", Topic.DATES, "start"),  # ours: `we` (the team's first)
        ("ertelenen maç ne zaman", Topic.POSTPONED, None),
        ("maçımız ertelendi mi", Topic.POSTPONED, None),
        ("maç iptal mi", Topic.POSTPONED, None),
        ("gruptaki rakiplerimiz kimler", Topic.OPPONENTS, None),
        ("grupta kimler var", Topic.OPPONENTS, None),
        ("ligde hangi takımlar var", Topic.OPPONENTS, None),
        ("puan durumu", Topic.TABLE, None),
        ("kim lider", Topic.TABLE, None),
        ("sıralama nasıl", Topic.TABLE, None),
        ("lig durumu", Topic.TABLE, None),
        ("ligin durumu abi", Topic.TABLE, None),
        ("grup durumu", Topic.TABLE, None),
        ("ligde son durum ne", Topic.TABLE, None),
        ("kartallar kaçıncı", Topic.PLACE, None),
    ],
)
def test_a_question_about_the_tournament_reads_as_its_topic(text, topic, detail):
    found = topic_in(words(text))
    assert found is not None
    assert (found.topic, found.detail) == (topic, detail)


@pytest.mark.parametrize(
    "text",
    [
        "maç ertelendi",  # news, not asked
        "puan durumu bizi üzüyor",
        "lig durumu çok karışık",  # said, not asked
        "hava durumu",
        "lig başladı ya sonunda",
        "ilk maç çok zordu",
        "ilk maç ne zaman bitti",  # the first match's end, not the start
        "kaçta başlıyoruz",  # our match's time
        "ilk hafta ne zaman",  # a week
        "kaç kişi geliyoruz",
        "kaçıncı sahada oynuyoruz",  # the pitch
        "ligin bitmesine kaç hafta kaldı",  # the weeks left
        "maç güzeldi",
        "kimse gelmedi",
    ],
)
def test_chat_and_other_questions_are_no_topic(text):
    assert topic_in(words(text)) is None


def test_own_points_are_the_table_asked_about_the_writer():
    found = topic_in(words("puan durumumuz ne"))
    assert found is not None and found.topic is Topic.TABLE and found.we


@pytest.mark.parametrize(
    ("text", "week"),
    [
        ("3. hafta ne zaman", 3),
        ("5.hafta kimle", 5),
        ("hafta 4 ne zaman", 4),
        ("hafta 3 te kimle oynuyoruz", 3),
        ("5inci hafta ne zmn", 5),
        ("6ncı hafta kimle", 6),
        ("beşinci hafta kimle oynuyoruz", 5),
        ("ilk hafta kimle oynuyoz", 1),
        ("son haftada kimle oynuyoruz", LAST_WEEK),
        ("bu haftaki maç kaçta", THIS_WEEK),
        ("haftaya maç var mı", NEXT_WEEK),
        ("gelecek hafta rakip kim", NEXT_WEEK),
    ],
)
def test_the_week_a_message_names(text, week):
    found = week_in(words(text))
    assert found is not None and found.week == week


@given(number=st.integers(1, 99), glued=st.booleans(), dot=st.booleans())
def test_any_week_number_is_read_written_apart_or_glued(number, glued, dot):
    typed = f"{number}{'.' if dot else ''}{'' if glued else ' '}hafta ne zaman"
    found = week_in(words(typed))
    assert found is not None and found.week == number


@given(word=st.sampled_from(sorted(ORDINALS)))
def test_every_ordinal_word_names_its_week(word):
    found = week_in(words(f"{word} hafta kimle"))
    assert found is not None and found.week == ORDINALS[word]


def test_our_first_match_is_the_start_of_our_own_team():
    assert topic_in(words("ilk maçımız ne zaman")).we
    assert not topic_in(words("ilk maç ne zaman")).we
