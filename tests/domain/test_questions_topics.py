"""Questions about the tournament and its match weeks, read by domain.questions with the
morphology: counts, dates, postponed matches, the teams met, the table and a place, weeks
named any way, and the chat that must stay unanswered beside them."""

from __future__ import annotations

import pytest

from domain.intents import Day, Intent
from domain.questions import LAST_WEEK, NEXT_WEEK, THIS_WEEK, ask


@pytest.mark.parametrize(
    ("text", "intent", "detail"),
    [
        ("bugün kaç maç var", Intent.COUNT, "today"),
        ("kaç maçımız kaldı", Intent.COUNT, "left"),
        ("grupta kaç maç oynuyoruz", Intent.COUNT, "group"),
        ("toplam kaç maçımız var", Intent.COUNT, "total"),
        ("lig ne zaman bitiyor", Intent.DATES, "end"),
        ("son maç ne zaman", Intent.DATES, "last_match"),
        ("lig ne zaman sona eriyor", Intent.DATES, "end"),
        ("ligin bitiş tarihi ne", Intent.DATES, "end"),
        ("ertelenen maç ne zaman", Intent.POSTPONED, None),
        ("maçımız ertelendi mi", Intent.POSTPONED, None),
        ("gruptaki rakiplerimiz kimler", Intent.OPPONENTS, None),
        ("a grubunda kimler var", Intent.OPPONENTS, "A"),
        ("rakiplerimiz hangileri", Intent.OPPONENTS, None),
    ],
)
def test_a_question_about_the_tournament_has_its_intent_and_what_it_asks(text, intent, detail):
    question = ask(text)
    assert question is not None
    assert (question.intent, question.detail) == (intent, detail)


def test_how_many_today_names_the_day():
    question = ask("bugün kaç maç var")
    assert question is not None and question.day is Day.TODAY


def test_the_table_is_asked_without_we_and_a_place_with_it():
    for text in ("puan durumu", "sıralama nasıl", "kim lider", "tabloyu atar mısın"):
        question = ask(text)
        assert question is not None and question.intent is Intent.STANDING, text
        assert not question.personal and question.team_hint is None, text
    places = ("kaçıncıyız", "kaçıncı olduk", "puan durumumuz ne", "kaçinci siradayz")
    for text in (*places, "sıralamada kaçıncıyız", "puanımız kaç oldu", "sıramız ne"):
        question = ask(text)
        assert question is not None and question.intent is Intent.STANDING, text
        assert question.personal, text
    question = ask("kartallar kaçıncı")
    assert question is not None and question.team_hint == "kartallar"


@pytest.mark.parametrize(
    ("text", "week", "intent"),
    [
        ("5.hafta kimle", 5, Intent.OPPONENT),
        ("hafta 4 ne zaman", 4, Intent.NEXT_MATCH),
        ("beşinci hafta kimle oynuyoruz", 5, Intent.OPPONENT),
        ("7.hafta nerde oynuyoruz", 7, Intent.PITCH),
        ("üçüncü hafta maçımız kaçta", 3, Intent.TIME),
        ("ilk hafta kimle oynuyoz", 1, Intent.OPPONENT),
        ("son hafta ne zaman", LAST_WEEK, Intent.NEXT_MATCH),
        ("bu hafta maç var mı", THIS_WEEK, Intent.NEXT_MATCH),
        ("haftaya oynuyormuyuz", NEXT_WEEK, Intent.NEXT_MATCH),
        ("haftaya maç varmı", NEXT_WEEK, Intent.NEXT_MATCH),
    ],
)
def test_a_week_named_any_way_is_a_week_question(text, week, intent):
    question = ask(text)
    assert question is not None
    assert (question.week, question.intent) == (week, intent)


@pytest.mark.parametrize(
    "text", ["kaç maç haftası kaldı", "kaç haftamız kaldı", "kaç hafta daha oynuyoruz"]
)
def test_the_weeks_left_asked_any_way(text):
    question = ask(text)
    assert question is not None and question.intent is Intent.WEEKS_LEFT


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("rakibimiz kimdi ya", Intent.OPPONENT),  # "kim" with a past copula
        ("bizim maç ne zamandı", Intent.NEXT_MATCH),
        ("ne zaman sahadayız", Intent.NEXT_MATCH),  # being at the pitch is the time
        ("kacta sahadayiz", Intent.TIME),
        ("karşımıza kim çıkıyor", Intent.OPPONENT),
        ("elenecek miyiz", Intent.QUALIFY),
        ("gruptan cikiyomuyuz", Intent.QUALIFY),
        ("çıkabilecek miyiz", Intent.QUALIFY),
        ("gruptan çıkma ihtimalimiz var mı", Intent.QUALIFY),
        ("rakibimiz belli mi", Intent.OPPONENT),
    ],
)
def test_endings_the_vocabulary_does_not_list_are_read(text, intent):
    question = ask(text)
    assert question is not None and question.intent is intent


def test_a_suffix_written_apart_belongs_to_the_name():
    question = ask("şahinler in maçı ne zaman")
    assert question is not None and question.team_hint == "şahinler"


@pytest.mark.parametrize(
    "text",
    [
        "maç ertelendi",  # news
        "puan durumu bizi üzüyor",
        "3. hafta çok iyiydi",
        "haftaya görüşürüz",
        "geçen yılki finali hatırlıyor musunuz",
        "şampiyonlar ligi finali ne zaman",
        "maça kim geliyor",
        "gelir misin",
        "premier lig ne zaman bitiyor",  # another competition
        "grupta kimse yok mu",
        "haftaya ben yokum",  # not "yok mu"
    ],
)
def test_chat_beside_them_stays_unanswered(text):
    question = ask(text)
    assert question is None or question.team_hint is not None, question


def test_the_third_place_match_in_digits():
    question = ask("3lük maçı ne zaman")
    assert question is not None and question.intent is Intent.KNOCKOUT


@pytest.mark.parametrize(
    "text", ["eleme tablosu", "Eleme tablosu?", "eleme tablosunu atar mısın", "eleme tablosu nasıl"]
)
def test_the_knockout_table_asked_by_name_is_the_knockout_not_the_points_table(text):
    question = ask(text)
    assert question is not None and question.intent is Intent.KNOCKOUT, question


@pytest.mark.parametrize("text", ["puan tablosu", "tablo", "a grubu puan tablosu"])
def test_the_points_table_stays_the_points_table(text):
    question = ask(text)
    assert question is not None and question.intent is Intent.STANDING, question


def test_the_knockout_table_talked_about_stays_unanswered():
    assert ask("eleme tablosu çok karışık olmuş ya") is None
