"""When a season league meets: its match days ("maç günü", one per maç haftası).

Either a rhythm (the first date, then every `every_days` days: 7 weekly, 14 every other
week) minus the dates to skip (holidays, the pitch not available), or an explicit list of
dates. A skipped date moves the rest of the season on by one step of the rhythm; it is not
a match day lost.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta

from domain.errors import DomainError

# A season longer than this many match days is a typo, not a league.
MAX_MATCH_DAYS = 200
# Days per month for "≈ 3 ay" (365.25 / 12).
DAYS_PER_MONTH = 30.4375


class CalendarError(DomainError):
    """The match days cannot be laid out as asked; `reason` says why."""

    def __init__(self, reason: str, **details: object) -> None:
        super().__init__(f"{reason}: {details}")
        self.reason = reason
        self.details = details


class TooFewDates(CalendarError):
    """An explicit list of dates has `given` match days; the league needs `needed`."""

    def __init__(self, needed: int, given: int) -> None:
        super().__init__("too_few_dates", needed=needed, given=given)
        self.needed = needed
        self.given = given


class SkipOffRhythm(CalendarError):
    """A date to skip is no match day of the rhythm (a typo: "2027-02-08" for the 7th)."""

    def __init__(self, day: date, first: date, every_days: int) -> None:
        super().__init__("skip_off_rhythm", day=day, first=first, every_days=every_days)
        self.day = day
        self.first = first
        self.every_days = every_days


class BadRhythm(CalendarError):
    """`every_days` is below 1, or no first date was given with no explicit dates."""

    def __init__(self, every_days: int) -> None:
        super().__init__("bad_rhythm", every_days=every_days)
        self.every_days = every_days


@dataclass(frozen=True)
class Calendar:
    """The match days: `first` and every `every_days` days after it, minus `skip`; or
    exactly `dates` (sorted, `skip` removed) when those are given."""

    first: date | None = None
    every_days: int = 7
    skip: frozenset[date] = field(default_factory=frozenset)
    dates: tuple[date, ...] = ()

    @classmethod
    def every(cls, first: date, every_days: int = 7, skip: Iterable[date] = ()) -> Calendar:
        """A rhythm: `Calendar.every(date(2027, 1, 10), 14, [date(2027, 2, 7)])`."""
        return cls(first=first, every_days=every_days, skip=frozenset(skip))

    @classmethod
    def listed(cls, dates: Iterable[date]) -> Calendar:
        """Exactly these dates."""
        return cls(dates=tuple(sorted(set(dates))))

    def days(self, count: int) -> tuple[date, ...]:
        """The first `count` match days; raises a CalendarError if they cannot be had."""
        if self.dates:
            usable = tuple(d for d in sorted(set(self.dates)) if d not in self.skip)
            if len(usable) < count:
                raise TooFewDates(count, len(usable))
            return usable[:count]
        if self.first is None or self.every_days < 1:
            raise BadRhythm(self.every_days)
        for day in sorted(self.skip):
            if day < self.first or (day - self.first).days % self.every_days:
                raise SkipOffRhythm(day, self.first, self.every_days)
        if count > MAX_MATCH_DAYS:
            raise CalendarError("too_many_days", count=count, maximum=MAX_MATCH_DAYS)
        out: list[date] = []
        step = timedelta(days=self.every_days)
        day = self.first
        while len(out) < count:
            if day not in self.skip:
                out.append(day)
            day += step
        return tuple(out)


def season_days(match_days: int, every_days: int) -> int:
    """How long a season of `match_days` match days feels: one rhythm step per match day
    (7 fortnightly match weeks: 98 days, "about 3 months")."""
    return match_days * every_days


def months(days: int) -> float:
    """Days as months, to the half month: 98 -> 3.0, 77 -> 2.5, 154 -> 5.0."""
    return round(days / DAYS_PER_MONTH * 2) / 2
