"""The league over match weeks a set-up form describes: its rhythm, first day and skipped
days checked together into a Season, or None for a one-day tournament.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from domain import weekly
from domain.formreading import Said, horizon, value_of
from domain.matchdays import Calendar
from domain.setuperrors import FormatConflict, MissingPart, RhythmPartError
from domain.setupparts import Format, Part
from domain.weekly import Rhythm

__all__ = ["Season", "described_season", "season_from_json", "season_json"]


@dataclass(frozen=True)
class Season:
    """A league over match weeks: every `every_days` days from `first_day` (the weekday of
    the rhythm), `opens`-`closes` on every pitch, minus `skip`."""

    every_days: int
    weekday: int
    opens: time
    closes: time
    first_day: date
    skip: tuple[date, ...] = ()

    def calendar(self) -> Calendar:
        return Calendar.every(self.first_day, self.every_days, self.skip)


def season_json(season: Season) -> dict[str, Any]:
    """A season's rhythm as plain JSON values: the form the set-up answers keep it in
    (bot.usecases.drafts) and the tournament's settings store it in."""
    return {
        "every_days": season.every_days,
        "weekday": season.weekday,
        "opens": season.opens.strftime("%H:%M"),
        "closes": season.closes.strftime("%H:%M"),
        "first": season.first_day.isoformat(),
        "skip": [d.isoformat() for d in season.skip],
    }


def season_from_json(d: Mapping[str, Any]) -> Season:
    """The season of `season_json`'s form (an older one may lack the weekday: the first
    day's)."""
    first = date.fromisoformat(d["first"])
    return Season(
        every_days=int(d["every_days"]),
        weekday=int(d.get("weekday", first.weekday())),
        opens=time.fromisoformat(d["opens"]),
        closes=time.fromisoformat(d["closes"]),
        first_day=first,
        skip=tuple(date.fromisoformat(x) for x in d.get("skip") or ()),
    )


def described_season(
    said: dict[Part, Said], line: str, fmt: Format, now: datetime
) -> Season | None:
    """The league over match weeks the form describes, or None for one day."""
    rhythm = value_of(said, Part.RHYTHM, Rhythm)
    if rhythm is None:
        for part in (Part.FIRST_DAY, Part.SKIP):
            if part in said:
                raise MissingPart(Part.RHYTHM, line)
        return None
    if fmt not in (Format.LEAGUE, Format.DOUBLE):
        raise FormatConflict(Part.RHYTHM, said[Part.RHYTHM].text, fmt, None)
    if value_of(said, Part.KNOCKOUT, str) not in (None, "none"):
        raise FormatConflict(Part.KNOCKOUT, said[Part.KNOCKOUT].text, fmt, None)
    if Part.KICKOFF in said:
        raise FormatConflict(Part.KICKOFF, said[Part.KICKOFF].text, fmt, None)
    since = value_of(said, Part.FIRST_DAY, date)
    first = rhythm.first_day(now, since)
    if since is not None:
        moment = datetime.combine(first, rhythm.opens, now.tzinfo)
        horizon(Part.FIRST_DAY, said[Part.FIRST_DAY].text, moment, now)
    skip = value_of(said, Part.SKIP, tuple) or ()
    for day in skip:
        if not isinstance(day, date) or day < first or (day - first).days % rhythm.every_days:
            raise RhythmPartError(
                Part.SKIP, said[Part.SKIP].text, weekly.RhythmProblem.OFF_RHYTHM, day
            )
    return Season(
        every_days=rhythm.every_days,
        weekday=rhythm.weekday,
        opens=rhythm.opens,
        closes=rhythm.closes,
        first_day=first,
        skip=tuple(d for d in skip if isinstance(d, date)),
    )
