"""A season league's first match day and its days off, as the guided set-up asks them.

"İlk maç günü?": "17 Ocak", "17 ocak 14:00" (the window's opening hour), "17 Ocak'tan
itibaren", "pazar" (the next one). "Atlanacak günler?": "yok" (also "hiç", "yok hiç",
"atlama yok"), "7 Şubat", "7 Şubat, 21 Mart", "7 Şubat ve 21 Mart hariç". The day must be
one the league plays on; a refusal is a setuperrors.FormError the bot words in Turkish.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from domain import names, timewords, weekly, when
from domain.formreading import horizon
from domain.setuperrors import RhythmPartError
from domain.setupparts import Part
from domain.weekly import RhythmProblem

__all__ = ["on_rhythm", "read_first_day", "read_skip", "says_none"]

# Words that say "no date is skipped": alone or together ("yok hiç", "atlama yok").
_NONE = frozenset({"yok", "hic", "hayir", "none", "bos", "yoktur", "olmayacak", "olmasin"})
_AROUND = frozenset(
    {"atlama", "atlanacak", "atlanan", "gun", "gunu", "gunler", "tarih", "tatil", "abi", "gerek"}
    | {"de", "da", "ara", "vermiyoruz", "yok", "hic", "hicbir", "bir", "sey", "simdilik"}
)


def says_none(text: str) -> bool:
    """Whether the answer says no date is skipped: "yok", "hiç", "yok hiç", "atlama yok",
    "atlanacak gün yok", "gerek yok"."""
    words = names.loose_key(text).split()
    return (
        bool(words) and any(w in _NONE for w in words) and all(w in _AROUND | _NONE for w in words)
    )


def read_first_day(text: str, weekday: int, opens: time, now: datetime) -> date:
    """The first match day typed as a date (with the window's opening hour, or none):
    on the league's `weekday`, from `now` (aware) on and within when.MAX_DAYS_AHEAD.
    Raises RhythmPartError (BAD_DATE, OFF_WEEKDAY, OTHER_TIME) or OutOfRange."""
    said = timewords.kickoff_text(text)
    try:
        day = when.parse_date(said, now.date())
    except when.BadDateTime:
        try:
            moment = timewords.read_kickoff(text, now)
        except when.BadDateTime:
            raise RhythmPartError(Part.FIRST_DAY, text, RhythmProblem.BAD_DATE) from None
        if moment.time() != opens:
            raise RhythmPartError(
                Part.FIRST_DAY, text, RhythmProblem.OTHER_TIME, moment.date()
            ) from None
        day = moment.date()
    alone = bool(said.split()) and all(w in when.WEEKDAYS for w in said.split())  # "pazar"
    if alone and datetime.combine(day, opens, now.tzinfo) <= now:
        day += timedelta(days=7)  # today's window is over: the next one
    if day.weekday() != weekday:
        raise RhythmPartError(Part.FIRST_DAY, text, RhythmProblem.OFF_WEEKDAY, day)
    horizon(Part.FIRST_DAY, text, datetime.combine(day, opens, now.tzinfo), now)
    return day


def on_rhythm(day: date, first: date, every_days: int) -> bool:
    """Whether `day` is one of the league's match days from `first` on."""
    return day >= first and (day - first).days % every_days == 0


def read_skip(text: str, first: date, every_days: int, today: date) -> tuple[date, ...]:
    """The match days to skip ("7 Şubat, 21 Mart", with or without "hariç"), each one of
    the league's match days; () for "yok". Raises RhythmPartError (BAD_DATE, OFF_RHYTHM)."""
    if says_none(text):
        return ()
    typed = text if weekly.is_skip(text) else f"{text} hariç"
    try:
        days = weekly.parse_skip(typed, today)
    except weekly.RhythmError:
        raise RhythmPartError(Part.SKIP, text, RhythmProblem.BAD_DATE) from None
    if not days:
        raise RhythmPartError(Part.SKIP, text, RhythmProblem.BAD_DATE)
    for day in days:
        if not on_rhythm(day, first, every_days):
            raise RhythmPartError(Part.SKIP, text, RhythmProblem.OFF_RHYTHM, day)
    return days
