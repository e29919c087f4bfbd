"""Times as people say them in the answers: "bugün 14:30", "yarın 09:00", never "96 sa"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.texts import moments
from bot.texts.questions import finished, next_match
from domain.intents import Day
from domain.model import PlannedMatch, Stage

IST = ZoneInfo("Europe/Istanbul")
NOW = datetime(2026, 12, 4, 14, 0, tzinfo=IST)  # a Friday


def at(days: int, hour: int, minute: int = 0) -> datetime:
    return (NOW + timedelta(days=days)).replace(hour=hour, minute=minute)


@pytest.mark.parametrize(
    ("start", "said"),
    [
        (at(0, 14, 45), "bugün 14:45 (45 dk sonra)"),
        (at(0, 16, 30), "bugün 16:30 (2 sa 30 dk sonra)"),
        (at(1, 9), "yarın 09:00"),
        (at(1, 1), "yarın 01:00 (11 sa sonra)"),
        (at(1, 9, 50), "yarın 09:50"),
        (at(2, 9, 50), "Pazar 09:50"),
        (at(6, 10), "Perşembe 10:00"),
        (at(8, 10), "12 Aralık Cumartesi 10:00"),
        (at(30, 10), "3 Ocak 2027 Pazar 10:00"),
    ],
)
def test_a_kickoff_is_named_by_its_day_and_clock(start, said):
    assert moments.when(start, NOW, IST) == said


def test_more_than_twelve_hours_ahead_is_never_a_count_of_hours():
    for hours in range(12, 24 * 9):
        said = moments.when(NOW + timedelta(hours=hours, minutes=7), NOW, IST)
        assert "sa" not in said.split() and "sonra" not in said, said


def test_a_match_under_way_is_being_played_now():
    assert moments.when(at(0, 13, 50), NOW, IST, end=at(0, 14, 16)) == "şimdi oynanıyor"


def test_the_day_is_the_tournaments_not_utcs():
    late = datetime(2026, 12, 4, 23, 30, tzinfo=IST)  # 20:30 UTC, still "today" in UTC too
    after_midnight = datetime(2026, 12, 5, 0, 30, tzinfo=IST)  # 21:30 UTC on the 4th
    assert moments.when(after_midnight, late.astimezone(UTC), IST).startswith("yarın 00:30")


def match(start: datetime, home: str = "Kartallar", away: str = "Şahinler") -> PlannedMatch:
    return PlannedMatch(
        3, Stage.GROUP, "A", 1, "Saha 2", start, start + timedelta(minutes=26), home, away
    )


def test_the_next_match_says_tomorrow_instead_of_24_hours():
    text = next_match("Kartallar", match(at(1, 14)), NOW)
    assert text == ("⚽ Kartallar: sıradaki maçınız A Grubu, rakip Şahinler.\nSaha 2, yarın 14:00.")
    assert "sa sonra" not in next_match("Kartallar", match(at(4, 9, 50)), NOW)
    assert "Salı 09:50" in next_match("Kartallar", match(at(4, 9, 50)), NOW)


def test_is_there_a_match_today_says_no_and_when_the_next_one_is():
    text = next_match("Kartallar", match(at(1, 9)), NOW, day=Day.TODAY)
    assert text.startswith("⚽ Kartallar: bugün yok, sıradaki maçınız yarın 09:00.")
    today = next_match("Kartallar", match(at(0, 15)), NOW, day=Day.TODAY)
    assert "bugün 15:00 (1 sa sonra)" in today and "yok" not in today


def test_a_match_under_way_is_said_so_with_its_start():
    text = next_match("Kartallar", match(at(0, 13, 50)), NOW)
    assert text.endswith("Saha 2, şimdi oynanıyor (başlama 13:50).")


def test_finished_waits_for_results_before_saying_the_matches_are_over():
    over = [match(at(0, 10)), match(at(0, 11), "Aslanlar", "Kartallar")]
    text = finished("Kartallar", "group:3", over)
    assert "maçlarınız bitti" not in text and "sonuçlar bekleniyor" in text
    assert "3. maç Kartallar – Şahinler (10:00)" in text
    assert finished("Kartallar", "group:3") == (
        "Kartallar: maçlarınız bitti, grubunuzu 3. sırada tamamladınız."
    )


def test_a_question_about_another_team_is_answered_about_it_not_to_it():
    text = next_match("Kartallar", match(at(1, 14)), NOW, yours=False)
    assert text.startswith("⚽ Kartallar: sıradaki maçı A Grubu")
    assert finished("Kartallar", "group:2", yours=False) == (
        "Kartallar: maçları bitti, grubunu 2. sırada tamamladı."
    )
    assert finished("Kartallar", "1", yours=False) == "Kartallar: maçları bitti, şampiyon oldu 🏆."
