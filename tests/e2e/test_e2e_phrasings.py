"""Lines that got no answer before (issue 13), typed as people type in a group chat: each is
now recorded or answered, and ordinary chat with a score in it still gets nothing."""

from __future__ import annotations

import re

import pytest
from client import BYSTANDER, CAPTAIN_1, ORGANISER
from days import SOON
from test_e2e_tournament import DAY, create

TEAMS = ["Kartallar", "Dinamo Kadıköy", "Boğaziçi Spor", "Şahinler"]
FORM = f"/yeni_turnuva Akşam Ligi | 4 takım | 1 saha | {SOON} 20:00 | 26+4\n" + "\n".join(TEAMS)


@pytest.fixture
def league(tg):
    chat = tg.group("Konuşma Ligi")
    create(tg, chat, FORM)
    return chat


@pytest.mark.parametrize(
    ("line", "goals"),
    [
        ("kartallar 3 dinamo kadikoy 1", {"Kartallar": 3, "Dinamo Kadıköy": 1}),
        ("Dinamo Kadıköy 3 - Boğaziçi Spor 1", {"Dinamo Kadıköy": 3, "Boğaziçi Spor": 1}),
        ("Boğaziçi Spor Şahinler 1-0", {"Boğaziçi Spor": 1, "Şahinler": 0}),
        ("Şahinler 2 1 Kartallar", {"Şahinler": 2, "Kartallar": 1}),
    ],
)
def test_a_result_typed_the_messaging_app_way_is_recorded(tg, league, line, goals):
    tg.send(ORGANISER, league, line)
    saved = tg.wait_for(league, "Kaydedildi").text.splitlines()[0]
    found = re.search(r"Kaydedildi: (.+) (\d+)-(\d+) (.+) \(", saved)
    assert found, saved
    home, home_goals, away_goals, away = found.groups()
    assert {home: int(home_goals), away: int(away_goals)} == goals  # as the fixture orders it


def test_teams_and_numbers_without_a_score_get_told_what_to_type(tg, league):
    tg.send(ORGANISER, league, "Kartallar 3 Şahinler")
    answer = tg.wait_for(league)
    assert "Kartallar" in answer.text and "-" in answer.text  # the shape to type


def test_chat_with_a_score_but_no_team_stays_unanswered(tg, league):
    for text in ("maç çok güzeldi 2-1 bitti ama", "dün akşam 3-0 yenildik ya", "saat 21:30 da"):
        tg.send(BYSTANDER, league, text)
    assert tg.silence(league) == []


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("ne zmn oynuyoruz", "Kartallar"),
        ("bi sonraki maç ne zmn", "Kartallar"),
        ("rakip?", "Kartallar"),
        ("kacinci sahada oynuyoruz", "Saha 1"),
    ],
)
def test_a_captains_chat_spelling_is_answered(tg, league, question, expected):
    tg.send(CAPTAIN_1, league, "/kaptan Kartallar")
    tg.wait_for(league, "kaptan")
    tg.send(CAPTAIN_1, league, question)
    answer = tg.wait_for(league)
    assert expected in answer.text, answer.text
    assert "Puan" not in answer.text  # the pitch question gets the pitch, not the table


def test_a_teams_short_name_with_a_suffix_is_understood(tg, league):
    tg.send(BYSTANDER, league, "Dinamo'nun maçı ne zaman")
    answer = tg.wait_for(league)
    assert "Dinamo Kadıköy" in answer.text and "Saha 1" in answer.text


def test_the_final_and_the_semi_finals_can_be_asked_about(tg):
    chat = tg.group("Kupa Soruları")
    create(tg, chat, DAY)
    tg.send(BYSTANDER, chat, "final ne zaman")
    assert "14:45" in tg.wait_for(chat).text
    tg.send(BYSTANDER, chat, "yarı final kaçta")
    assert "13:30" in tg.wait_for(chat).text


def test_forty_teams_on_one_pitch_in_one_day_is_not_created_without_a_word(tg):
    chat = tg.group("Dev Lig")
    names = ", ".join(f"Takım {i}" for i in range(1, 41))
    tg.send(
        ORGANISER, chat, f"/yeni_turnuva Dev Lig | 40 takım | 1 saha | yarın 09:00 | 25+5\n{names}"
    )
    answer = tg.wait_for(chat, timeout=60)
    # Either a warned summary (⚠ with what fits instead) or a refusal that says what to do.
    warned = answer.has_button("Oluştur") and "⚠" in answer.text
    assert warned or not answer.buttons, answer.text
    assert "grup" in answer.text.lower() or "hafta" in answer.text.lower(), answer.text
