"""Turkish kick-off texts and slot lengths, seen from a fixed, timezone-aware now."""

from __future__ import annotations

import pickle
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, strategies

from domain.errors import DomainError
from domain.names import strip_diacritics, tr_upper
from domain.when import (
    BadDateTime,
    BadSlot,
    DateTimeProblem,
    SlotProblem,
    parse_kickoff,
    parse_slot,
)

IST = ZoneInfo("Europe/Istanbul")
# Monday 30 November 2026, noon in Istanbul.
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=IST)
MONTH_NAMES = [
    "Ocak",
    "Şubat",
    "Mart",
    "Nisan",
    "Mayıs",
    "Haziran",
    "Temmuz",
    "Ağustos",
    "Eylül",
    "Ekim",
    "Kasım",
    "Aralık",
]
DAY_NAMES = ["pazartesi", "salı", "çarşamba", "perşembe", "cuma", "cumartesi", "pazar"]


def at(y: int, mo: int, d: int, h: int, mi: int = 0) -> datetime:
    return datetime(y, mo, d, h, mi, tzinfo=IST)


# --- accepted formats ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "6 Aralık 10:00",
        "6 aralık 10:00",
        "6 ARALIK 10:00",
        "6 aralik 10:00",
        "6 Aralık 2026 10:00",
        "6 aralık 2026 10:00",
        "6 Ara 10:00",
        "6 Aralık'ta saat 10:00'da",
        "6 Aralık, 10:00",
        "06.12.2026 10:00",
        "06.12.26 10:00",
        "6.12.2026 10.00",
        "6.12 10:00",
        "06/12/2026 10:00",
        "2026-12-06 10:00",
        "2026-12-06T10:00",
        "Pazar 6 Aralık 10:00",
        "6 Aralık Pazar 10:00",
        "10:00 6 Aralık",
    ],
)
def test_a_calendar_date_with_a_time_is_read_in_every_usual_spelling(text):
    assert parse_kickoff(text, NOW) == at(2026, 12, 6, 10)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bugün 19.30", at(2026, 11, 30, 19, 30)),
        ("BUGÜN 19:30", at(2026, 11, 30, 19, 30)),
        ("yarın 20:00", at(2026, 12, 1, 20)),
        ("yarin 20:00", at(2026, 12, 1, 20)),
        ("YARIN saat 20:00", at(2026, 12, 1, 20)),
        ("yarın saat 20", at(2026, 12, 1, 20)),
        ("20:00 yarın", at(2026, 12, 1, 20)),
        ("yarın 20:00'de", at(2026, 12, 1, 20)),
        ("öbür gün 18:00", at(2026, 12, 2, 18)),
        ("yarından sonra 18:00", at(2026, 12, 2, 18)),
    ],
)
def test_today_and_tomorrow_are_counted_from_now(text, expected):
    assert parse_kickoff(text, NOW) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("salı 21:00", at(2026, 12, 1, 21)),
        ("çarşamba 21:00", at(2026, 12, 2, 21)),
        ("carsamba 21:00", at(2026, 12, 2, 21)),
        ("perşembe 21:00", at(2026, 12, 3, 21)),
        ("cuma 21:00", at(2026, 12, 4, 21)),
        ("cumartesi 10:00", at(2026, 12, 5, 10)),
        ("CUMARTESİ 10:00", at(2026, 12, 5, 10)),
        ("bu cumartesi 10:00", at(2026, 12, 5, 10)),
        ("cumartesi günü saat 10:00", at(2026, 12, 5, 10)),
        ("pazar 10:00", at(2026, 12, 6, 10)),
    ],
)
def test_a_weekday_is_the_next_such_day(text, expected):
    assert parse_kickoff(text, NOW) == expected


def test_todays_weekday_is_today_while_the_time_is_still_ahead():
    assert parse_kickoff("pazartesi 13:00", NOW) == at(2026, 11, 30, 13)


def test_todays_weekday_is_next_week_once_the_time_has_passed():
    assert parse_kickoff("pazartesi 11:00", NOW) == at(2026, 12, 7, 11)
    assert parse_kickoff("pazartesi 12:00", NOW) == at(2026, 12, 7, 12)


def test_a_saturday_typed_on_saturday_morning_for_the_evening_is_today():
    saturday_morning = datetime(2026, 12, 5, 9, 0, tzinfo=IST)
    assert parse_kickoff("cumartesi 10:00", saturday_morning) == at(2026, 12, 5, 10)


def test_a_date_without_a_year_already_past_this_year_is_next_year():
    assert parse_kickoff("1 Ocak 10:00", NOW) == at(2027, 1, 1, 10)
    assert parse_kickoff("15.11 10:00", NOW) == at(2027, 11, 15, 10)


def test_a_date_without_a_year_that_is_today_stays_today_even_after_the_time():
    assert parse_kickoff("30 Kasım 09:00", NOW) == at(2026, 11, 30, 9)


def test_29_february_without_a_year_is_the_next_leap_year():
    assert parse_kickoff("29 Şubat 10:00", NOW) == at(2028, 2, 29, 10)


def test_an_explicit_year_is_kept_even_if_in_the_past():
    assert parse_kickoff("6 Aralık 2025 10:00", NOW) == at(2025, 12, 6, 10)


def test_the_result_carries_the_timezone_of_now():
    utc_now = NOW.astimezone(ZoneInfo("UTC"))
    kickoff = parse_kickoff("yarın 20:00", utc_now)
    assert kickoff.tzinfo == ZoneInfo("UTC")
    assert kickoff == datetime(2026, 12, 1, 20, tzinfo=ZoneInfo("UTC"))


def test_a_naive_now_is_a_programming_error_not_a_user_error():
    with pytest.raises(ValueError, match="aware"):
        parse_kickoff("yarın 20:00", datetime(2026, 11, 30, 12, 0))  # noqa: DTZ001


# --- refused texts ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("yarın", DateTimeProblem.MISSING_TIME),
        ("yarin", DateTimeProblem.MISSING_TIME),
        ("cumartesi", DateTimeProblem.MISSING_TIME),
        ("6 Aralık", DateTimeProblem.MISSING_TIME),
        ("6.12", DateTimeProblem.MISSING_TIME),
        ("20:00", DateTimeProblem.MISSING_DATE),
        ("19.30", DateTimeProblem.MISSING_DATE),
        ("32 Aralık 10:00", DateTimeProblem.BAD_DATE),
        ("32 Aralık", DateTimeProblem.BAD_DATE),
        ("31 Nisan 10:00", DateTimeProblem.BAD_DATE),
        ("30.02.2027 10:00", DateTimeProblem.BAD_DATE),
        ("2026-13-01 10:00", DateTimeProblem.BAD_DATE),
        ("Cumartesi 6 Aralık 10:00", DateTimeProblem.BAD_DATE),
        ("25:00", DateTimeProblem.BAD_TIME),
        ("yarın 25:00", DateTimeProblem.BAD_TIME),
        ("6 Aralık 10:75", DateTimeProblem.BAD_TIME),
        ("maç güzeldi", DateTimeProblem.UNPARSED),
        ("", DateTimeProblem.UNPARSED),
        ("haftaya bir ara 10:00", DateTimeProblem.UNPARSED),
        ("6 Aralık 10", DateTimeProblem.UNPARSED),
    ],
)
def test_a_refused_kickoff_says_what_is_wrong(text, reason):
    with pytest.raises(BadDateTime) as caught:
        parse_kickoff(text, NOW)
    assert caught.value.text == text
    assert caught.value.reason == reason


def test_date_time_problems_compare_equal_to_their_plain_names():
    assert DateTimeProblem.MISSING_TIME == "missing_time"
    assert {p.value for p in DateTimeProblem} == {
        "missing_time",
        "missing_date",
        "bad_date",
        "bad_time",
        "unparsed",
    }


def test_time_errors_are_domain_errors_with_english_text_that_survive_pickling():
    for error in (
        BadDateTime("yarın", DateTimeProblem.MISSING_TIME),
        BadSlot("24", SlotProblem.UNPARSED),
    ):
        assert isinstance(error, DomainError)
        copy = pickle.loads(pickle.dumps(error))
        assert (copy.text, copy.reason, str(copy)) == (error.text, error.reason, str(error))
    assert str(BadDateTime("yarın", DateTimeProblem.MISSING_TIME)) == (
        "bad kick-off 'yarın': missing_time"
    )


# --- properties ------------------------------------------------------------------------------

nows = strategies.datetimes(
    min_value=datetime(2024, 1, 1),  # noqa: DTZ001
    max_value=datetime(2035, 12, 31),  # noqa: DTZ001
    timezones=strategies.just(IST),
)
clock = strategies.times().map(lambda t: time(t.hour, t.minute))


def spelled(word: str, style: int) -> str:
    return [word, word.lower(), tr_upper(word), strip_diacritics(word)][style]


@given(nows, strategies.integers(0, 364), clock, strategies.integers(0, 3))
def test_a_day_and_month_within_a_year_is_read_back_exactly(now, ahead, t, style):
    day = now.date() + timedelta(days=ahead)
    month = spelled(MONTH_NAMES[day.month - 1], style)
    text = f"{day.day} {month} {t:%H:%M}"
    assert parse_kickoff(text, now) == datetime.combine(day, t, IST)


@given(nows, strategies.dates(min_value=date(2020, 1, 1), max_value=date(2040, 12, 31)), clock)
def test_numeric_dates_with_a_year_are_read_back_exactly(now, day, t):
    expected = datetime.combine(day, t, IST)
    for text in (
        f"{day:%d.%m.%Y} {t:%H:%M}",
        f"{day:%Y-%m-%d} {t:%H:%M}",
        f"{day:%Y-%m-%d}T{t:%H:%M}",
        f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year} {t:%H.%M}",
    ):
        assert parse_kickoff(text, now) == expected


@given(nows, strategies.integers(0, 6), clock, strategies.integers(0, 3))
def test_a_weekday_is_always_within_the_coming_week_and_never_in_the_past(now, wd, t, style):
    kickoff = parse_kickoff(f"{spelled(DAY_NAMES[wd], style)} {t:%H:%M}", now)
    assert kickoff.weekday() == wd
    assert (kickoff.hour, kickoff.minute) == (t.hour, t.minute)
    assert now < kickoff <= now + timedelta(days=7)


# --- slots --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("24+6", (24, 6)),
        ("26+4", (26, 4)),
        ("24 + 6", (24, 6)),
        (" 50+10 ", (50, 10)),
        ("24 dk + 6 dk", (24, 6)),
        ("24+6 dakika", (24, 6)),
        ("30+0", (30, 0)),
    ],
)
def test_a_slot_is_play_minutes_plus_changeover_minutes(text, expected):
    assert parse_slot(text) == expected


@pytest.mark.parametrize("text", ["24", "24-6", "24+", "+6", "yirmi dört artı altı", "", "24+6+2"])
def test_a_slot_that_is_not_two_numbers_joined_by_plus_is_refused(text):
    with pytest.raises(BadSlot) as caught:
        parse_slot(text)
    assert caught.value.reason == SlotProblem.UNPARSED


@pytest.mark.parametrize("text", ["0+5", "200+50", "230+11"])
def test_a_slot_with_no_play_or_absurd_length_is_refused(text):
    with pytest.raises(BadSlot) as caught:
        parse_slot(text)
    assert caught.value.reason == SlotProblem.BAD_MINUTES
    assert caught.value.text == text


# --- days without a time, and the kick-off's horizon ---------------------------------------

from domain.when import MAX_DAYS_AHEAD, OutOfHorizon, check_horizon, parse_date  # noqa: E402


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("15 Ocak", date(2027, 1, 15)),
        ("15 Ocak'tan", date(2027, 1, 15)),
        ("15.01.2027", date(2027, 1, 15)),
        ("2027-01-15", date(2027, 1, 15)),
        ("yarın", date(2026, 12, 1)),
        ("pazar", date(2026, 12, 6)),
        ("30 Kasım", date(2026, 11, 30)),
    ],
)
def test_a_day_without_a_time_is_read(text, day):
    assert parse_date(text, NOW.date()) == day


@pytest.mark.parametrize("text", ["", "15", "32 Ocak", "Ocak", "10:00"])
def test_what_is_no_day_is_refused(text):
    with pytest.raises(BadDateTime):
        parse_date(text, NOW.date())


def test_a_kick_off_is_accepted_from_now_up_to_400_days_ahead_and_refused_outside():
    assert check_horizon(NOW, NOW) == NOW
    last = NOW + timedelta(days=MAX_DAYS_AHEAD)
    assert check_horizon(last, NOW) == last
    for moment, too_far in (
        (NOW - timedelta(minutes=1), False),
        (NOW + timedelta(days=MAX_DAYS_AHEAD + 1), True),
        (datetime(9999, 12, 31, 23, 0, tzinfo=IST), True),
    ):
        with pytest.raises(OutOfHorizon) as caught:
            check_horizon(moment, NOW, "x")
        assert caught.value.too_far is too_far
        assert isinstance(caught.value, DomainError)
