"""A new organiser's set-up typed on a phone, in the bot's own Application
(tests/usecases/chatwalk.py): what they type instead of the buttons and the commands is
read as they meant it, or refused with the question again, never taken as something else."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import walking

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -4004, 10
NOW = datetime(2026, 12, 5, 12, 0, tzinfo=IST)
TEAMS = "1) Kartallar\n2) Şahinler\n3) Aslanlar\n4) Kaplanlar"


@pytest.fixture
async def walk(tmp_path):
    async with walking(tmp_path / "setup.sqlite3", CHAT, NOW) as chat:
        yield chat


@pytest.mark.parametrize("word", ["iptal", "vazgeç", "Vazgeçtim", "boşver", "iptal et"])
async def test_cancelling_in_words_halfway_cancels(walk, word):
    said = await walk.typed(ORGANISER, "/yeni_turnuva", "Bahar Kupası", TEAMS, word)
    assert said == "Kurulum iptal edildi; hiçbir şey kaydedilmedi.", said
    assert "saha" not in said
    assert await walk.say(ORGANISER, "/iptal") == "İptal edilecek bir işlem yok."


async def test_cancelling_in_words_at_the_summary_cancels(walk):
    said = await walk.typed(
        ORGANISER, "/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | 24+6\nA, B, C, D"
    )
    assert "Her şey doğru mu?" in said
    assert await walk.typed(ORGANISER, "vazgeç") == "Kurulum iptal edildi; hiçbir şey kaydedilmedi."


async def test_a_kickoff_typed_at_the_pitch_question_is_no_pitch_count(walk):
    said = await walk.typed(ORGANISER, "/yeni_turnuva", "Bahar Kupası", TEAMS, "yarın saat 10'da")
    assert said.startswith('Saha sayısı "yarın saat 10\'da": bir sayı değil'), said
    assert "Kaç saha var?" in said
    said = await walk.typed(ORGANISER, "iki saha")
    assert said.startswith("Nasıl oynansın?"), said


async def test_the_forms_match_length_in_minutes_is_read(walk):
    said = await walk.typed(
        ORGANISER, f"/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | 25 dk\n{TEAMS}"
    )
    assert "• Maç 25 dk + 6 dk değişim" in said, said


async def test_the_tie_rules_refusal_names_the_buttons_as_labelled(walk):
    """It said "ya da Makale", a word no button and no organiser uses."""
    typed = ("/yeni_turnuva", "Bahar Kupası", TEAMS, "1", "lig", "yarın 10:00", "24+6", "yok")
    said = await walk.typed(ORGANISER, *typed)
    assert "TFF, UEFA, FIFA ya da Averaj önce" in said and "Makale" not in said, said
    summary = await walk.typed(ORGANISER, "averaj önce")
    assert "eşitlik: Averaj önce" in summary and "MAKALE" not in summary, summary


async def test_the_settings_say_the_match_minutes_as_set_up(walk):
    """A "24+6" day's /ayarlar said "Maç 26 dk + 4 dk" (half-time counted in the match)."""
    form = f"/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | 24+6\n{TEAMS}"
    assert "• Maç 24 dk + 6 dk değişim" in await walk.typed(ORGANISER, form)
    await walk.press(ORGANISER, "Oluştur")
    said = await walk.typed(ORGANISER, "/ayarlar")
    assert "• Maç 24 dk + 6 dk değişim (2 dk devre arası dahil)" in said, said


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("/ayarlar sarı ceza 4", "4"),
        ("/ayarlar Sarı_Ceza 4", "4"),
        ("/ayarlar kaptan sonuç açık", "Kaptanlar artık kendi maçlarının sonucunu yazabilir"),
        ("/ayarlar hükmen puan sil açık", "Hükmen"),
    ],
)
async def test_a_settings_name_typed_with_spaces_and_turkish_letters(walk, typed, answer):
    """ "/ayarlar sarı ceza 4" got the general example, as if no such setting existed."""
    await walk.typed(
        ORGANISER, f"/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | 24+6\n{TEAMS}"
    )
    await walk.press(ORGANISER, "Oluştur")
    said = await walk.typed(ORGANISER, typed)
    assert not said.startswith("Örnek:") and answer.lower() in said.lower(), said


async def test_a_guided_league_that_does_not_fit_asks_which_answer_to_change(walk):
    """Three 40+5 matches on one pitch in 20:00-22:00: the refusal left the set-up at the
    tie-rule question, where "2 saha" was refused and "tff" failed again, a dead end."""
    six = "Kartallar, Şahinler, Aslanlar, Kaplanlar, Kurtlar, Ayılar"
    typed = ("/yeni_turnuva", "Cuma Ligi", six, "1", "lig", "her cumartesi akşam 8-10")
    await walk.typed(ORGANISER, *typed, "12 aralık", "yok", "40+5")
    said = await walk.typed(ORGANISER, "tff")
    assert "sığmıyor" in said and "Neyi değiştirelim?" in said, said
    # the one-message form's example ("Örnek: 2 saha | 20+5") is no guided user's
    assert "|" not in said and 'yazın: "2 saha"' in said and "Gün ve saat" in said, said
    await walk.press(ORGANISER, "Saha")
    summary = await walk.typed(ORGANISER, "2")
    assert "Her şey doğru mu?" in summary and "2 saha" in summary, summary


SIX = "Kartallar, Şahinler, Aslanlar, Kaplanlar, Kurtlar, Ayılar"
NOT_FITTING = ("/yeni_turnuva", "Cuma Ligi", SIX, "1", "lig", "her cumartesi akşam 8-10")


@pytest.mark.parametrize(
    ("typed", "shown"),
    [("2 saha", "20:00-22:00 · 2 saha"), ("3 saha", "· 3 saha"), ("20+5", "• Maç 20 dk + 5 dk")],
)
async def test_a_typed_change_that_is_its_answer_is_taken(walk, typed, shown):
    """ "2 saha" at "Neyi değiştirelim?" chose the pitch question, then asked "Kaç saha
    var?" as if the 2 had not been typed."""
    said = await walk.typed(ORGANISER, *NOT_FITTING, "12 aralık", "yok", "40+5", "tff")
    assert "Neyi değiştirelim?" in said, said
    summary = await walk.typed(ORGANISER, typed)
    assert "Her şey doğru mu?" in summary and shown in summary, summary


async def test_a_days_kickoff_changed_to_an_hour_keeps_its_day(walk):
    form = f"/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | 24+6\n{TEAMS}"
    await walk.typed(ORGANISER, form)
    await walk.press(ORGANISER, "Değiştir")
    summary = await walk.typed(ORGANISER, "saat 9")
    assert "Her şey doğru mu?" in summary and "ilk maç 6 Aralık 2026 Pazar 09:00" in summary, (
        summary
    )


@pytest.mark.parametrize(("typed", "asked"), [("saha", "Kaç saha var?"), ("20 saha", "Kaç saha")])
async def test_a_typed_change_without_its_answer_asks_the_question(walk, typed, asked):
    await walk.typed(ORGANISER, *NOT_FITTING, "12 aralık", "yok", "40+5", "tff")
    said = await walk.typed(ORGANISER, typed)
    assert asked in said and "Her şey doğru mu?" not in said, said
