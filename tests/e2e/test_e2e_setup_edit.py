"""The set-up's summary: [Değiştir] changes one answer and comes back; a plan that runs too
long is warned about before [Oluştur] (a past start: tests/usecases/test_setup_warning.py)."""

from __future__ import annotations

from client import ORGANISER
from days import SOON
from flows import guided_finish, guided_start

LONG = f"/yeni_turnuva Uzun Gün | 16 takım | 1 saha | {SOON} 09:00 | 25+5 | lig\n" + ", ".join(
    f"Takım {i}" for i in range(1, 17)
)


def guided_to_summary(tg, chat):
    guided_start(tg, chat, "Kış Kupası", "Lig")
    tg.wait_for(chat, "İlk maç ne zaman")
    tg.send(ORGANISER, chat, f"{SOON} 20:00")
    return guided_finish(tg, chat, "26+4")


def test_degistir_changes_one_answer_and_returns_to_the_summary(tg):
    chat = tg.group("Değişen")
    summary = guided_to_summary(tg, chat)
    assert "20:00" in summary.text and "⚠" not in summary.text
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Değiştir"))
    fields = tg.wait_for(chat, lambda m: m.has_button("İlk maç"))
    assert "adı ne" not in fields.text and fields.has_button("Ad")
    tg.press(ORGANISER, chat, fields.message_id, fields.button("İlk maç"))
    tg.wait_for(chat, "İlk maç ne zaman")
    tg.send(ORGANISER, chat, f"{SOON} 18:00")
    again = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    assert "Kış Kupası" in again.text and "18:00" in again.text and "4 takım" in again.text
    tg.press(ORGANISER, chat, again.message_id, again.button("Oluştur"))
    assert "6 maç" in tg.wait_for(chat, "kuruldu").text


def test_a_day_over_twelve_hours_is_warned_with_formats_that_fit(tg):
    chat = tg.group("Uzun")
    tg.send(ORGANISER, chat, LONG)
    summary = tg.wait_for(chat, lambda m: m.has_button("Yine de Oluştur"), timeout=60)
    warning = next(li for li in summary.text.splitlines() if li.startswith("⚠"))
    assert "gece yarısını" in warning or "12 saatten" in warning
    assert "Öneri" in summary.text
    assert "Oluştur" not in summary.labels  # such a day is made by its own button only
    assert "Bu programla kurmak için: [Yine de Oluştur]" in summary.text
