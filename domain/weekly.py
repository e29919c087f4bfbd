"""A season league's rhythm as organisers type it in the set-up form.

"her pazar 14:00-17:00", "iki haftada bir pazar 14:00-17:00", "her 2 haftada bir pazar
14:00-17:00", "her salı 21:00-23:00", "pazarları 14-17"; the first match day as
"15 Ocak'tan itibaren"; dates to skip as "1 Şubat hariç" (several: "1 Şubat, 15 Mart
hariç"). Words are folded (case and diacritics ignored), suffixes after an apostrophe too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import StrEnum

from domain.errors import DomainError
from domain.names import fold
from domain.when import WEEKDAYS, BadDateTime, parse_date

_NUMBERS = {"bir": 1, "iki": 2, "uc": 3, "dort": 4}
_HOURS = re.compile(r"([0-9]{1,2})(?:[:.]([0-9]{2}))?\s*[-–—]\s*([0-9]{1,2})(?:[:.]([0-9]{2}))?")
_EVERY = re.compile(r"(?:her\s+)?(?:([0-9]+|bir|iki|uc|dort)\s+)?hafta(?:da\s+bir)?\b")
# "akşam 8-10", "cumartesi akşamı 8-10", "öğleden sonra 2-5": the hours are past noon.
_AFTERNOON = re.compile(r"\b(?:aksam|gece|ogleden)[a-z]*\b")
_FROM_WORDS = ("itibaren", "den itibaren", "baslayarak")
_SKIP_WORDS = ("haric", "disinda", "yok")


class RhythmProblem(StrEnum):
    """Why a rhythm, a first day or a skip list was refused."""

    NO_WEEKDAY = "no_weekday"  # "her hafta 14:00-17:00": which day?
    NO_HOURS = "no_hours"  # "her pazar": from when to when?
    BAD_HOURS = "bad_hours"  # "17:00-14:00", "25:00-26:00"
    BAD_EVERY = "bad_every"  # "her 0 haftada bir"
    BAD_DATE = "bad_date"  # "32 Ocak'tan itibaren"
    OFF_RHYTHM = "off_rhythm"  # "1 Şubat hariç" for a Sunday league: 1 Feb is a Monday
    OFF_WEEKDAY = "off_weekday"  # a first match day "18 Ocak" for a Sunday league
    OTHER_TIME = "other_time"  # a first match day "17 Ocak 15:00" for a 14:00-17:00 window


class RhythmError(DomainError):
    """`text` as typed and the `problem`; `day` is the offending date for OFF_RHYTHM."""

    def __init__(self, text: str, problem: RhythmProblem, day: date | None = None) -> None:
        super().__init__(text, problem, day)
        self.text = text
        self.problem = problem
        self.day = day

    def __str__(self) -> str:
        return f"rhythm {self.text!r}: {self.problem.value}"


@dataclass(frozen=True)
class Rhythm:
    """Every `every_days` days on `weekday` (0 Monday .. 6 Sunday), `opens`-`closes`."""

    every_days: int
    weekday: int
    opens: time
    closes: time

    def first_day(self, now: datetime, since: date | None = None) -> date:
        """The first match day: the first such weekday from `since` on, or from today
        (today only while `opens` is still ahead)."""
        start = since or now.date()
        ahead = (self.weekday - start.weekday()) % 7
        day = start + timedelta(days=ahead)
        if (
            since is None
            and day == now.date()
            and datetime.combine(day, self.opens, now.tzinfo) <= now
        ):
            day += timedelta(days=7)
        return day


def _words(text: str) -> str:
    folded = fold(text).replace("’", "'")
    folded = re.sub(r"'[a-z]*", "", folded)
    return " ".join(folded.replace(",", " , ").split())


def looks_like_rhythm(text: str) -> bool:
    """Whether a form part is meant as a rhythm (so its errors are a rhythm's)."""
    words = _words(text)
    has_day = any(_weekday(w) is not None for w in words.split())
    return (
        bool(_EVERY.search(words))
        or (words.startswith("her ") and has_day)
        or (has_day and bool(_HOURS.search(words)) and not re.search(r"[0-9]{1,2}\s+[a-z]", words))
    )


def _weekday(word: str) -> int | None:
    for name, number in WEEKDAYS.items():
        if word in (name, name + "lari", name + "leri", name + "ya", name + "ye"):
            return number
    return None


def parse_rhythm(text: str) -> Rhythm:
    """ "iki haftada bir pazar 14:00-17:00" -> Rhythm(14, 6, 14:00, 17:00)."""
    words = _words(text)
    every = 7
    match = _EVERY.search(words)
    if match and match.group(1):
        count = _NUMBERS.get(match.group(1)) or (
            int(match.group(1)) if match.group(1).isascii() and match.group(1).isdigit() else 0
        )
        if not 1 <= count <= 8:
            raise RhythmError(text, RhythmProblem.BAD_EVERY)
        every = 7 * count
    days = [d for d in (_weekday(w) for w in words.split()) if d is not None]
    if len(days) != 1:
        raise RhythmError(text, RhythmProblem.NO_WEEKDAY)
    hours = _HOURS.search(words)
    if not hours:
        raise RhythmError(text, RhythmProblem.NO_HOURS)
    h1, m1, h2, m2 = (int(g) if g else 0 for g in hours.groups())
    if _AFTERNOON.search(words[: hours.start()]) and 1 <= h1 < 12:  # "akşam 8-10": 20-22
        h1, h2 = h1 + 12, h2 + 12 if h2 <= 12 else h2
    if h1 > 23 or h2 > 24 or m1 > 59 or m2 > 59:
        raise RhythmError(text, RhythmProblem.BAD_HOURS)
    opens = time(h1, m1)
    closes = time(23, 59) if h2 == 24 else time(h2, m2)
    if closes <= opens:
        raise RhythmError(text, RhythmProblem.BAD_HOURS)
    return Rhythm(every, days[0], opens, closes)


def _strip_tail(text: str, tails: tuple[str, ...]) -> str | None:
    words = _words(text)
    for tail in sorted(tails, key=len, reverse=True):
        if words.endswith(" " + tail):
            return words[: -len(tail) - 1].strip()
    return None


def is_from(text: str) -> bool:
    """ "15 Ocak'tan itibaren"."""
    return _strip_tail(text, _FROM_WORDS) is not None


def is_skip(text: str) -> bool:
    """ "1 Şubat hariç", "1 Şubat ve 15 Mart hariç"."""
    return _strip_tail(text, _SKIP_WORDS) is not None


def parse_from(text: str, today: date) -> date:
    """The date of "15 Ocak'tan itibaren" (the next 15 January from `today` on)."""
    body = _strip_tail(text, _FROM_WORDS)
    try:
        return parse_date(body or "", today)
    except BadDateTime:
        raise RhythmError(text, RhythmProblem.BAD_DATE) from None


def parse_skip(text: str, today: date) -> tuple[date, ...]:
    """The dates of "1 Şubat, 15 Mart hariç" (each the next such date from `today`)."""
    body = _strip_tail(text, _SKIP_WORDS) or ""
    parts = [p.strip() for p in re.split(r"\s*,\s*|\s+ve\s+", body) if p.strip()]
    try:
        return tuple(sorted({parse_date(p, today) for p in parts}))
    except BadDateTime:
        raise RhythmError(text, RhythmProblem.BAD_DATE) from None
