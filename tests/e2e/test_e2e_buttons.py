"""Buttons pressed by the wrong person, stale or forged: a toast for the presser alone, never
a group message and never a traceback in the bot's log."""

from __future__ import annotations

import pytest
from client import BYSTANDER, CAPTAIN_1, CAPTAIN_2, ORGANISER
from test_e2e_tournament import create

FORGED = ("cap:abc", "q:abc", "ok:", "no:x", "fix:1:9", "su:confirm", "hc:1", "zz:unknown", "x")


def toast(tg, chat):
    """The bot's answer to the press just made (the client's mark is the press)."""
    return tg.wait_for(chat, kinds=("answer",))


def said(tg, chat):
    """What the group saw since the mark: messages, not the presser's toasts."""
    return [m for m in tg.silence(chat) if m.kind != "answer"]


@pytest.fixture
def chat(tg):
    group = tg.group("Düğmeler Ligi")
    create(tg, group)
    return group


def test_forged_button_data_gets_a_toast_and_no_traceback(tg, chat, bot):
    live = tg.wait_for(chat, "canlı durum", since=0)
    before = bot.output(current=True).count("Traceback")
    for data in FORGED:
        tg.press(BYSTANDER, chat, live.message_id, data, forged=True)
        answer = toast(tg, chat)
        assert answer.event.get("text"), data  # a reason, not an empty answer
    assert said(tg, chat) == []  # the group saw nothing
    assert bot.output(current=True).count("Traceback") == before


def test_a_bystander_pressing_a_captains_confirmation_gets_a_toast(tg, chat):
    tg.send(ORGANISER, chat, "/ayarlar kaptan_sonuc acik")
    tg.wait_for(chat, "Kaptanlar")
    for user, team in ((CAPTAIN_1, "Kartallar"), (CAPTAIN_2, "Şahinler")):
        tg.send(ORGANISER, chat, f"/kaptan {team}", reply_to=tg.send(user, chat, "ben kaptanım"))
        tg.wait_for(chat, "kaptan")
    tg.send(CAPTAIN_1, chat, "Kartallar 2-0 Şahinler")
    request = tg.wait_for(chat, lambda m: m.has_button("Onayla"))

    tg.press(BYSTANDER, chat, request.message_id, request.button("Onayla"))
    answer = toast(tg, chat)

    assert "rakip" in answer.event["text"] and answer.event["show_alert"]
    assert said(tg, chat) == []
    tg.send(ORGANISER, chat, "/fikstur metin")
    assert "2-0" not in tg.wait_for(chat, "fikstür").text  # nothing was stored


def test_someone_elses_typo_choice_is_theirs_alone(tg, chat):
    tg.send(ORGANISER, chat, "Kartalar 3-1 Şahinler")
    offer = tg.wait_for(chat, lambda m: m.has_button("Kartallar"))

    tg.press(BYSTANDER, chat, offer.message_id, offer.button("Kartallar"))

    assert "size ait değil" in toast(tg, chat).event["text"]
    assert said(tg, chat) == []
