"""A season league through Telegram: the one-message form, the summary's weeks, a captain's
"ne zaman oynuyoruz" answered with the match week and the date."""

from __future__ import annotations

import re

from client import CAPTAIN_1, ORGANISER

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
    tg.wait_for(chat, "canlı durum")

    tg.send(CAPTAIN_1, chat, "/kaptan Kartallar")
    tg.wait_for(chat, "kaptanısınız")
    tg.send(CAPTAIN_1, chat, "ne zaman oynuyoruz?")
    answer = tg.wait_for(chat, "Kartallar:")
    found = re.search(
        rf"Kartallar: 1\. hafta · \d+ \w+ {WEEKDAY} \d\d:\d\d · Saha 1 · rakip (\w+)", answer.text
    )
    assert found is not None, answer.text
    assert "Pazar" in answer.text
