"""Buttons answered late: Telegram refuses an answerCallbackQuery more than 15 s after the
press ("query is too old"), as the emulator does. The press's effect is committed already,
so its confirmation must still reach the chat: never "Bir şeyler ters gitti" instead.

Each press is backdated 20 s (the emulator's `age`), the bot's answer to it is refused, and
the chat still sees what the press did."""

from __future__ import annotations

import pytest
from client import BYSTANDER, CAPTAIN_1, CAPTAIN_2, ORGANISER
from test_e2e_tournament import FORM

LATE = 20  # seconds between the press and the bot's answer (Telegram allows 15)
APOLOGY = "Bir şeyler ters gitti"


@pytest.fixture
def chat(tg):
    return tg.group("Geç Düğme Ligi")


def press_late(tg, chat, user, message, label):
    tg.press(user, chat, message.message_id, message.button(label), age=LATE)


def assert_no_apology_and_no_answer(tg, chat, bot, tracebacks):
    seen = tg.events(chat)
    assert not [m for m in seen if APOLOGY in m.text]
    assert not [m for m in seen if m.kind == "answer"]  # every answer was refused as too old
    assert bot.output(current=True).count("Traceback") == tracebacks


def test_late_presses_are_still_confirmed_in_the_chat(tg, chat, bot):
    tracebacks = bot.output(current=True).count("Traceback")
    tg.send(ORGANISER, chat, FORM)
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    press_late(tg, chat, ORGANISER, summary, "Oluştur")
    assert "kuruldu" in tg.wait_for(chat, "kuruldu").text
    tg.wait_for(chat, "canlı durum")

    # [Değiştir] under "already played": the correction is applied and said.
    tg.send(ORGANISER, chat, "Kartallar 3-1 Şahinler")
    tg.wait_for(chat, "Kaydedildi")
    tg.send(ORGANISER, chat, "Kartallar 2-2 Şahinler")
    asked = tg.wait_for(chat, lambda m: m.has_button("Değiştir"))
    press_late(tg, chat, ORGANISER, asked, "Değiştir")
    assert "2-2" in tg.wait_for(chat, "Kaydedildi").text

    # The team picker: the presser captains the team picked.
    tg.send(CAPTAIN_1, chat, "ne zaman oynuyoruz?")
    picker = tg.wait_for(chat, lambda m: m.has_button("Aslanlar"))
    press_late(tg, chat, CAPTAIN_1, picker, "Aslanlar")
    assert "Aslanlar" in tg.wait_for(chat, "kaptan").text

    # A captain's result, confirmed late by the other side's captain.
    tg.send(CAPTAIN_2, chat, "/kaptan Kaplanlar")
    tg.wait_for(chat, "kaptan")
    tg.send(ORGANISER, chat, "/ayarlar kaptan_sonuc acik")
    tg.wait_for(chat, "Kaptanlar")
    tg.send(CAPTAIN_1, chat, "Aslanlar 1-0 Kaplanlar")
    request = tg.wait_for(chat, lambda m: m.has_button("Onayla"))
    press_late(tg, chat, CAPTAIN_2, request, "Onayla")
    assert "1-0" in tg.wait_for(chat, "Kaydedildi").text

    # [Evet, bitir]: the tournament ends and the question says so.
    tg.send(ORGANISER, chat, "/turnuva_bitir")
    asked = tg.wait_for(chat, lambda m: m.has_button("Evet, bitir"))
    press_late(tg, chat, ORGANISER, asked, "Evet, bitir")
    assert "bitirildi" in tg.wait_for(chat, "bitirildi", kinds=("edit",)).text

    assert_no_apology_and_no_answer(tg, chat, bot, tracebacks)


def test_a_late_refusal_toast_is_harmless(tg, chat, bot):
    """A bystander's late press of a button that is not theirs: no toast can reach them any
    more, and nothing is said in the group either (the refusal is for the presser alone)."""
    tracebacks = bot.output(current=True).count("Traceback")
    tg.send(ORGANISER, chat, FORM)
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    press_late(tg, chat, BYSTANDER, summary, "Oluştur")
    assert [m for m in tg.silence(chat) if m.kind != "answer"] == []
    assert_no_apology_and_no_answer(tg, chat, bot, tracebacks)
