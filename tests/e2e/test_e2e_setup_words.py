"""The guided set-up answered in words, as a new organiser types them (issue 21, item 5),
against the real bot process: no button pressed, every answer typed; a refused answer is
asked again with one example, which is then accepted."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from client import ORGANISER

TEAMS = "Kartallar, Şahinler, Aslanlar, Kaplanlar"


def next_17_january(bot) -> int:
    """The year "17 ocakta" (10:00 when no hour is given) means on the bot's clock: this
    year's until its 10:00 has passed, then next year's."""
    now = bot.clock().astimezone(ZoneInfo("Europe/Istanbul"))
    return now.year if (now.month, now.day, now.hour) < (1, 17, 10) else now.year + 1


def answer(tg, chat, text: str, asked: str) -> None:
    """`text` typed, and the next question (`asked`) awaited."""
    tg.send(ORGANISER, chat, text)
    tg.wait_for(chat, asked)


def test_a_day_set_up_in_words(tg, bot):
    chat = tg.group("Sözlü Kurulum")
    answer(tg, chat, "/yeni_turnuva", "adı ne")
    answer(tg, chat, "Bahar Kupası", "Takımları yazın")
    answer(tg, chat, TEAMS, "Kaç saha")
    tg.send(ORGANISER, chat, "bilmiyorum abi")
    again = tg.wait_for(chat, "bir sayı değil")
    assert "Kaç saha var?" in again.text and 'Örnek: "2 saha var"' in again.text
    assert again.text.count("Örnek") == 1 and again.has_button("2")
    answer(tg, chat, "1 saha var", "Nasıl oynansın")
    answer(tg, chat, "gruplar + eleme", "Kaç grup")
    answer(tg, chat, "iki grup", "İlk maç ne zaman")
    answer(tg, chat, "17 ocakta başlıyoruz", "Maç süresi")
    answer(tg, chat, "30 dk maç 5 dk ara", "Üçüncülük")
    answer(tg, chat, "olsun", "eşitliğinde")
    tg.send(ORGANISER, chat, "tff olsun")
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"), timeout=30)
    assert "4 takım · Gruplar + eleme · 2 grup" in summary.text
    first = f"1 saha · ilk maç 17 Ocak {next_17_january(bot)}"
    assert first in summary.text and "10:00" in summary.text, summary.text
    assert "Maç 30 dk + 5 dk değişim" in summary.text
    assert "Üçüncülük maçı: var · eşitlik: TFF" in summary.text


def test_a_league_over_weeks_set_up_in_words(tg):
    chat = tg.group("Sözlü Lig")
    answer(tg, chat, "/yeni_turnuva", "adı ne")
    answer(tg, chat, "Kış Ligi", "Takımları yazın")
    answer(tg, chat, TEAMS, "Kaç saha")
    answer(tg, chat, "2 sahamız var", "Nasıl oynansın")
    tg.send(ORGANISER, chat, "bilmem")
    refused = tg.wait_for(chat, "seçeneklerden biri değil")
    assert 'Nasıl oynansın? Örnek: "lig usulü"' in refused.text
    answer(tg, chat, "lig usulü", "haftalara yayılan lig mi")
    answer(tg, chat, "iki haftada bir pazar 14-17", "İlk maç günü hangi gün?")
    answer(tg, chat, "pazar", "Atlanacak maç günü var mı")
    answer(tg, chat, "atlama yok", "Maç süresi")
    answer(tg, chat, "maçlar 25 dakika", "eşitliğinde")
    tg.send(ORGANISER, chat, "averaj olsun")
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"), timeout=30)
    assert "4 takım · Lig · haftalara yayılan lig" in summary.text
    assert "iki haftada bir Pazar 14:00-17:00 · 2 saha" in summary.text
    assert "Maç 25 dk + 6 dk değişim · eşitlik: Averaj önce" in summary.text


def test_a_set_up_typed_without_turkish_letters_and_changed_in_words(tg):
    chat = tg.group("Harfsiz Kurulum")
    answer(tg, chat, "/yeni_turnuva", "adı ne")
    answer(tg, chat, "Yaz Kupasi", "Takımları yazın")
    answer(tg, chat, TEAMS, "Kaç saha")
    answer(tg, chat, "iki saha abi", "Nasıl oynansın")
    answer(tg, chat, "grup usulu sonra eleme", "Kaç grup")
    answer(tg, chat, "2 grup olsun", "İlk maç ne zaman")
    tg.send(ORGANISER, chat, "bir ara")
    refused = tg.wait_for(chat, "Başlangıç zamanı")
    assert 'İlk maç ne zaman? Örnek: "yarın 10:00"' in refused.text
    answer(tg, chat, "yarin aksam 8de", "Maç süresi")
    answer(tg, chat, "yarim saat mac", "Üçüncülük")
    answer(tg, chat, "gerek yok", "eşitliğinde")
    tg.send(ORGANISER, chat, "hali saha kurali")
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"), timeout=30)
    assert "2 saha · ilk maç" in summary.text and "20:00" in summary.text
    assert "Maç 30 dk + 6 dk değişim" in summary.text
    assert "Üçüncülük maçı: yok · eşitlik: Halı saha" in summary.text
    tg.press(ORGANISER, chat, summary.message_id, summary.button("Değiştir"))
    tg.wait_for(chat, lambda m: m.has_button("Süre"))
    answer(tg, chat, "sureyi degistir", "Maç süresi")
    tg.send(ORGANISER, chat, "maclar 25 dakika 5 dakika ara")
    again = tg.wait_for(chat, lambda m: m.has_button("Oluştur"), timeout=30)
    assert "Maç 25 dk + 5 dk değişim" in again.text and "Yaz Kupasi" in again.text
