"""Turkish kick-off times and slot lengths as organisers type them.

"6 Aralık 10:00", "yarın 20:00", "cumartesi 10:00", "06.12.2026 10:00",
"2026-12-06T10:00". Words are compared without case or diacritics ("aralik",
"CARSAMBA"), Turkish suffixes after an apostrophe are ignored ("Aralık'ta",
"20:00'de"), and so are the fillers "saat", "günü", "bu".

Everything is relative to a timezone-aware `now` so that tests and the bot agree on
what "yarın" means; the result carries now's timezone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import StrEnum

from domain.errors import DomainError
from domain.names import fold

__all__ = [
    "MAX_DAYS_AHEAD",
    "BadDateTime",
    "BadSlot",
    "DateTimeProblem",
    "OutOfHorizon",
    "SlotProblem",
    "check_horizon",
    "parse_date",
    "parse_kickoff",
    "parse_slot",
]

MONTHS: dict[str, int] = {
    name: number
    for number, names in enumerate(
        (
            ("ocak", "oca"),
            ("subat", "sub"),
            ("mart", "mar"),
            ("nisan", "nis"),
            ("mayis", "may"),
            ("haziran", "haz"),
            ("temmuz", "tem"),
            ("agustos", "agu"),
            ("eylul", "eyl"),
            ("ekim", "eki"),
            ("kasim", "kas"),
            ("aralik", "ara"),
        ),
        start=1,
    )
    for name in names
}
WEEKDAYS: dict[str, int] = {
    "pazartesi": 0,
    "sali": 1,
    "carsamba": 2,
    "persembe": 3,
    "cuma": 4,
    "cumartesi": 5,
    "pazar": 6,
}
RELATIVE_DAYS: dict[tuple[str, ...], int] = {
    ("dun",): -1,  # the day an undated match was played: "/ertele 14 dün 20:00"
    ("bugun",): 0,
    ("yarin",): 1,
    ("obur", "gun"): 2,
    ("oburgun",): 2,
    ("yarindan", "sonra"): 2,
}
_FILLERS = frozenset({"saat", "gunu", "bu", "tarihinde"})
# How far ahead a yearless "29 Şubat" may be looked for (the next leap year).
_YEARS_AHEAD = 8

_SUFFIX = re.compile(r"['’`´][a-z]*")
_ISO_T = re.compile(r"([0-9])t([0-9])")
_TIME = re.compile(r"([0-9]{1,2})[:.]([0-9]{2})(?:de|da|te|ta)?")
_BARE_HOUR = re.compile(r"([0-9]{1,2})(?:de|da|te|ta)?")
_NUMERIC_DATE = re.compile(r"([0-9]{1,2})[./-]([0-9]{1,2})(?:[./-]([0-9]{4}|[0-9]{2}))?")
_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})")
_DAY = re.compile(r"[0-9]{1,2}")
_YEAR = re.compile(r"[0-9]{4}")

# A kick-off further ahead is a typo (a year too many), and one past has already happened.
MAX_DAYS_AHEAD = 400

# Longest plausible slot: a 90-minute match plus extra time, penalties and changeover.
MAX_SLOT_MINUTES = 240
_SLOT = re.compile(r"([0-9]{1,3})\+([0-9]{1,3})")
_MINUTE_WORDS = re.compile(r"dakika|dak\.?|dk\.?")


class DateTimeProblem(StrEnum):
    """Why a kick-off text was refused; the bot words each one in Turkish."""

    MISSING_TIME = "missing_time"
    MISSING_DATE = "missing_date"
    BAD_DATE = "bad_date"
    BAD_TIME = "bad_time"
    UNPARSED = "unparsed"


class SlotProblem(StrEnum):
    """Why a slot text such as "24+6" was refused."""

    UNPARSED = "unparsed"
    BAD_MINUTES = "bad_minutes"


class BadDateTime(DomainError):
    """`text` is not a usable kick-off; `reason` is a DateTimeProblem."""

    def __init__(self, text: str, reason: DateTimeProblem) -> None:
        super().__init__(text, reason)
        self.text = text
        self.reason = reason

    def __str__(self) -> str:
        return f"bad kick-off {self.text!r}: {self.reason.value}"


class OutOfHorizon(DomainError):
    """A kick-off (`moment`) already past, or more than MAX_DAYS_AHEAD days ahead
    (`too_far`); `text` as typed, when there was one."""

    def __init__(self, moment: datetime, too_far: bool, text: str = "") -> None:
        super().__init__(moment, too_far, text)
        self.moment = moment
        self.too_far = too_far
        self.text = text

    def __str__(self) -> str:
        when = "too far ahead" if self.too_far else "already past"
        return f"kick-off {self.moment.isoformat()} is {when}"


class BadSlot(DomainError):
    """`text` is not "play+changeover" minutes; `reason` is a SlotProblem."""

    def __init__(self, text: str, reason: SlotProblem) -> None:
        super().__init__(text, reason)
        self.text = text
        self.reason = reason

    def __str__(self) -> str:
        return f"bad slot {self.text!r}: {self.reason.value} (expected e.g. '24+6')"


class _Refused(Exception):
    """Internal: a part of the text was recognised but is wrong."""

    def __init__(self, reason: DateTimeProblem) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class _Tokens:
    words: tuple[str, ...]
    said_saat: bool


def _tokens(text: str) -> _Tokens:
    s = fold(text)
    s = _SUFFIX.sub("", s)
    s = _ISO_T.sub(r"\1 \2", s)
    s = s.replace(",", " ").strip().rstrip(".!")
    words = [w.rstrip(".") if not w[0].isdigit() else w for w in s.split()]
    return _Tokens(
        tuple(w for w in words if w not in _FILLERS),
        said_saat="saat" in words,
    )


def _time(word: str, bare_hour_ok: bool) -> time | None:
    """The clock time in `word`, None if it is not one; _Refused if out of range."""
    match = _TIME.fullmatch(word)
    if match:
        hour, minute = int(match.group(1)), int(match.group(2))
    else:
        match = _BARE_HOUR.fullmatch(word) if bare_hour_ok else None
        if not match:
            return None
        hour, minute = int(match.group(1)), 0
    if hour > 23 or minute > 59:
        raise _Refused(DateTimeProblem.BAD_TIME)
    return time(hour, minute)


def _valid(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _next_occurrence(month: int, day: int, today: date) -> date:
    """The first (month, day) from today on; today itself counts (see parse_kickoff)."""
    for year in range(today.year, today.year + _YEARS_AHEAD + 1):
        found = _valid(year, month, day)
        if found is not None and found >= today:
            return found
    raise _Refused(DateTimeProblem.BAD_DATE)


def _explicit(year: int | None, month: int, day: int, today: date) -> date:
    if year is None:
        return _next_occurrence(month, day, today)
    found = _valid(year, month, day)
    if found is None:
        raise _Refused(DateTimeProblem.BAD_DATE)
    return found


def _calendar_date(words: tuple[str, ...], today: date) -> date | None:
    """A date written as numbers or "6 Aralık [2026]"; None if it is not shaped so."""
    if len(words) == 1:
        iso = _ISO_DATE.fullmatch(words[0])
        if iso:
            return _explicit(int(iso.group(1)), int(iso.group(2)), int(iso.group(3)), today)
        numeric = _NUMERIC_DATE.fullmatch(words[0])
        if numeric:
            year_text = numeric.group(3)
            year = None if year_text is None else int(year_text)
            if year is not None and year < 100:
                year += 2000
            return _explicit(year, int(numeric.group(2)), int(numeric.group(1)), today)
        return None
    if len(words) in (2, 3) and _DAY.fullmatch(words[0]) and words[1] in MONTHS:
        year = None
        if len(words) == 3:
            if not _YEAR.fullmatch(words[2]):
                return None
            year = int(words[2])
        return _explicit(year, MONTHS[words[1]], int(words[0]), today)
    return None


def _day(words: tuple[str, ...], now: datetime, at: time | None) -> date | None:
    """The day `words` name, or None if they do not name one.

    A weekday alone is the next such day, today included only while `at` is ahead.
    A weekday next to a date must agree with it ("Cumartesi 6 Aralık").
    """
    today = now.date()
    weekdays = [w for w in words if w in WEEKDAYS]
    rest = tuple(w for w in words if w not in WEEKDAYS)
    if len(weekdays) > 1:
        return None
    if not rest:
        if not weekdays:
            return None
        ahead = (WEEKDAYS[weekdays[0]] - today.weekday()) % 7
        if ahead == 0 and at is not None and datetime.combine(today, at, now.tzinfo) <= now:
            ahead = 7
        return today + timedelta(days=ahead)
    if rest in RELATIVE_DAYS:
        found = today + timedelta(days=RELATIVE_DAYS[rest])
    else:
        found = _calendar_date(rest, today)
        if found is None:
            return None
    if weekdays and found.weekday() != WEEKDAYS[weekdays[0]]:
        raise _Refused(DateTimeProblem.BAD_DATE)
    return found


def _is_day(words: tuple[str, ...], now: datetime) -> bool:
    try:
        return _day(words, now, None) is not None
    except _Refused:
        return False


def _kickoff(tokens: _Tokens, now: datetime) -> datetime:
    words = tokens.words
    if not words:
        raise _Refused(DateTimeProblem.UNPARSED)
    at = _time(words[-1], tokens.said_saat)
    date_words = words[:-1]
    if at is None and len(words) > 1:
        # "20:00 yarın": the time first.
        at = _time(words[0], tokens.said_saat)
        date_words = words[1:]
    if at is None:
        if _day(words, now, None) is not None:
            raise _Refused(DateTimeProblem.MISSING_TIME)
        raise _Refused(DateTimeProblem.UNPARSED)
    if not date_words:
        # "6.12" alone is a date without a time rather than 06:12 without a date.
        if _is_day(words, now):
            raise _Refused(DateTimeProblem.MISSING_TIME)
        raise _Refused(DateTimeProblem.MISSING_DATE)
    day = _day(date_words, now, at)
    if day is None:
        raise _Refused(DateTimeProblem.UNPARSED)
    return datetime.combine(day, at, now.tzinfo)


def parse_kickoff(text: str, now: datetime) -> datetime:
    """The kick-off `text` means, seen from `now` (aware), in now's timezone.

    A date without a year is the next such date, today included: "6 Aralık 10:00"
    typed on 6 December at noon is today (probably a late entry), not next year.
    A weekday is the next such day, today only while the time is still ahead:
    "cumartesi 10:00" typed on Saturday at 11:00 means the next Saturday.
    Raises BadDateTime with a DateTimeProblem reason.
    """
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("parse_kickoff needs a timezone-aware now")
    try:
        return _kickoff(_tokens(text), now)
    except _Refused as refused:
        raise BadDateTime(text, refused.reason) from None


def check_horizon(moment: datetime, now: datetime, text: str = "") -> datetime:
    """`moment` if it is from `now` up to MAX_DAYS_AHEAD days ahead; else OutOfHorizon.

    A kick-off before `now` is refused (nobody can be reminded of it), and so is one a year
    too far (a typo; year 9999 would overflow the planner)."""
    if moment < now:
        raise OutOfHorizon(moment, too_far=False, text=text)
    if moment.date() > now.date() + timedelta(days=MAX_DAYS_AHEAD):
        raise OutOfHorizon(moment, too_far=True, text=text)
    return moment


def parse_date(text: str, today: date) -> date:
    """A day without a time: "15 Ocak", "15 Ocak'tan", "15.01.2027", "2027-01-15",
    "yarın", "pazar" (the next one, today included). A date without a year is the next
    such date from `today` on. Raises BadDateTime."""
    try:
        words = _tokens(text).words
        noon = datetime.combine(today, time(0, 0))
        found = _day(words, noon, None) if words else None
    except _Refused as refused:
        raise BadDateTime(text, refused.reason) from None
    if found is None:
        raise BadDateTime(text, DateTimeProblem.UNPARSED)
    return found


def parse_slot(text: str) -> tuple[int, int]:
    """("24+6") -> (24, 6): minutes of play on the pitch, minutes to change over.

    Raises BadSlot when the text is not two numbers joined by "+", when no time is
    played, or when the slot is longer than MAX_SLOT_MINUTES.
    """
    compact = "".join(_MINUTE_WORDS.sub("", fold(text)).split())
    match = _SLOT.fullmatch(compact)
    if not match:
        raise BadSlot(text, SlotProblem.UNPARSED)
    play, changeover = int(match.group(1)), int(match.group(2))
    if play == 0 or play + changeover > MAX_SLOT_MINUTES:
        raise BadSlot(text, SlotProblem.BAD_MINUTES)
    return play, changeover
