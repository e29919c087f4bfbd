"""A season league through Telegram: the one-message form, the summary's weeks, a captain's
"ne zaman oynuyoruz" answered with the match week and the date."""

from __future__ import annotations

import re

from client import CAPTAIN_1, ORGANISER
from flows import guided_finish, guided_start

TEAMS = "Kartallar, Şahinler, Aslanlar, Kaplanlar, Kurtlar, Ayılar, Boğalar, Tilkiler"
FORM = f"/yeni_turnuva Pazar Ligi | 8 takım | her 2 haftada bir pazar 14:00-17:00 | 30+5\n{TEAMS}"
WEEKDAY = "(Pazartesi|Salı|Çarşamba|Perşembe|Cuma|Cumartesi|Pazar)"


def test_a_league_over_weeks_from_the_form_and_a_captains_question(tg):
    chat = tg.group("Pazar Ligi")
    tg.send(ORGANISER, chat, FORM)
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    assert "7 maç haftası" in summary.text and "her hafta 4 maç" in summary.text
    assert "iki haftada bir Pazar 14:00-17:00" in summary.text
    assert "gece yarısını" not in summary.text  # no one-day warning for a season
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
    created = tg.wait_for(chat, "kuruldu")
    assert "28 maç" in created.text and "1. hafta" in created.text
    live = tg.wait_for(chat, "canlı durum")
    assert "Sıradaki: 1. hafta · " in live.text and "Puan: " in live.text

    tg.send(ORGANISER, chat, "/fikstur hafta 3 metin")
    third = tg.wait_for(chat, "3. hafta")
    assert third.text.count(" Saha 1 ") == 4, third.text
    tg.send(ORGANISER, chat, "/fikstur metin")
    coming = tg.wait_for(chat, "1. hafta")
    assert coming.text.count(" Saha 1 ") == 4, coming.text

    tg.send(CAPTAIN_1, chat, "/kaptan Kartallar")
    tg.wait_for(chat, "kaptanısınız")
    tg.send(CAPTAIN_1, chat, "ne zaman oynuyoruz?")
    answer = tg.wait_for(chat, "Kartallar:")
    found = re.search(
        rf"Kartallar: 1\. hafta · \d+ \w+ {WEEKDAY} \d\d:\d\d · Saha 1 · rakip (\w+)", answer.text
    )
    assert found is not None, answer.text
    assert "Pazar" in answer.text


def guided_to_kind(tg, chat, name):
    guided_start(tg, chat, name, "Çift devreli lig")
    return tg.wait_for(chat, "Tek gün mü, haftalara yayılan lig mi?")


def finish_guided(tg, chat):
    return guided_finish(tg, chat, "40+5")


def test_the_guided_set_up_asks_one_day_or_weeks_and_then_the_rhythm(tg):
    chat = tg.group("Rehberli Lig")
    kind = guided_to_kind(tg, chat, "Salı Ligi")
    tg.press(ORGANISER, chat, kind.message_id, kind.button("Haftalara yayılan lig"))
    rhythm = tg.wait_for(chat, "Hangi gün ve saatlerde")
    assert rhythm.has_button("iki haftada bir pazar 14:00-17:00")
    tg.send(ORGANISER, chat, "her salı 21:00-23:00 | 1 Ocak'tan itibaren")
    tg.wait_for(chat, "Atlanacak maç günü var mı")  # the first day was said: not asked
    tg.send(ORGANISER, chat, "yok")
    summary = finish_guided(tg, chat)
    # 4 teams, double: 6 match weeks of 2, from the first Tuesday of January 2027.
    assert "6 maç haftası · 5 Oca – 9 Şub · her hafta 2 maç" in summary.text
    assert "her Salı 21:00-23:00" in summary.text
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
    assert "12 maç" in tg.wait_for(chat, "kuruldu").text


def test_a_rhythm_typed_instead_of_a_first_kick_off_makes_the_league_over_weeks(tg):
    chat = tg.group("Yazılan Lig")
    guided_to_kind(tg, chat, "Pazar Ligi")
    tg.send(ORGANISER, chat, "iki haftada bir pazar 14:00-17:00")
    first = tg.wait_for(chat, "İlk maç günü hangi gün?")
    tg.press(ORGANISER, chat, first.message_id, first.buttons[0][0][1])  # the next Sunday
    skip = tg.wait_for(chat, "Atlanacak maç günü var mı")
    tg.press(ORGANISER, chat, skip.message_id, skip.button("Yok, atlanan gün yok"))
    summary = finish_guided(tg, chat)
    assert "6 maç haftası" in summary.text and "iki haftada bir Pazar" in summary.text
