"""The guided /yeni_turnuva conversation as the organiser walks it, shared by the e2e files
that test what comes after (its summary's [Değiştir], a season league's questions): four
teams on one pitch, a format, then, after the test's own questions, the slot and TFF's rule."""

from __future__ import annotations

from client import ORGANISER, BotMessage, Chat, Emulator

TEAMS = "Kartallar, Şahinler, Aslanlar, Kaplanlar"


def guided_start(tg: Emulator, chat: Chat, name: str, format_label: str) -> None:
    """/yeni_turnuva up to and including the format button: `name`, TEAMS, one pitch."""
    tg.send(ORGANISER, chat, "/yeni_turnuva")
    tg.wait_for(chat, "adı ne")
    tg.send(ORGANISER, chat, name)
    tg.wait_for(chat, "Takımları yazın")
    tg.send(ORGANISER, chat, TEAMS)
    pitches = tg.wait_for(chat, "Kaç saha")
    tg.press(ORGANISER, chat, pitches.message_id, pitches.button("1"))
    fmt = tg.wait_for(chat, "Nasıl oynansın")
    tg.press(ORGANISER, chat, fmt.message_id, fmt.button(format_label))


def guided_finish(tg: Emulator, chat: Chat, slot: str) -> BotMessage:
    """The slot button (`slot`, e.g. "26+4") and TFF's tie rule: the summary with [Oluştur]."""
    question = tg.wait_for(chat, "Maç süresi")
    tg.press(ORGANISER, chat, question.message_id, question.button(slot))
    rule = tg.wait_for(chat, "eşitliğinde")
    tg.press(ORGANISER, chat, rule.message_id, rule.button("TFF"))
    return tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
