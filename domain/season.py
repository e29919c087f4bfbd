"""Season leagues: the rounds of a round robin spread over match days ("maç haftası").

One round per match day by default (every team plays each match week exactly once; odd
fields give one bye a week), `rounds_per_day` rounds when the pitch time allows it, or one
round over `days_per_round` match days when it does not. Each match day is timed by the
one-day planner inside the day's pitch window, packed from the window's opening so that
the spare time stays at its end; `spare` minutes before closing are never planned.
A day that cannot hold its matches raises RoundDoesNotFit with the shortfall.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta, tzinfo

from domain import dayplan
from domain.errors import DomainError
from domain.matchdays import Calendar
from domain.model import Group, PlannedMatch, Round
from domain.roundrobin import breaks, fixtures


@dataclass(frozen=True)
class PitchHours:
    """A pitch and its window on every match day (14:00–17:00); None: open-ended."""

    name: str
    opens: time
    closes: time | None = None


@dataclass(frozen=True)
class SeasonRules:
    """How each match day runs; minutes throughout, as in `dayplan.TimeRules`.

    `match_minutes` includes `half_time`; a slot is match + changeover. The article's
    Sunday: 30 net minutes (two halves of 15), 5 minutes between matches.
    """

    calendar: Calendar
    pitches: tuple[PitchHours, ...]
    zone: tzinfo
    match_minutes: int = 30
    half_time: int = 0
    changeover: int = 5
    spare: int = 0
    rounds_per_day: int = 1
    days_per_round: int = 1
    team_windows: Mapping[str, tuple[time | None, time | None]] = field(default_factory=dict)

    @property
    def slot(self) -> int:
        return self.match_minutes + self.changeover


@dataclass(frozen=True)
class MatchDay:
    """One match day: its number (the JSON's "week"), date, rounds, matches and byes."""

    week: int
    date: date
    rounds: tuple[int, ...]
    matches: tuple[PlannedMatch, ...]
    byes: tuple[str, ...]
    opens: datetime
    closes: datetime | None

    @property
    def last_end(self) -> datetime:
        return max(m.end for m in self.matches) if self.matches else self.opens

    @property
    def spare_minutes(self) -> int | None:
        """Minutes left between the day's last match and the window's end."""
        if self.closes is None:
            return None
        return int((self.closes - self.last_end) / timedelta(minutes=1))


@dataclass(frozen=True)
class SeasonPlan:
    """The whole season: match days in order, with the rounds they were made from."""

    teams: tuple[str, ...]
    days: tuple[MatchDay, ...]
    rounds: tuple[Round, ...]
    rules: SeasonRules
    double: bool = False

    @property
    def matches(self) -> tuple[PlannedMatch, ...]:
        return tuple(m for d in self.days for m in d.matches)

    @property
    def weeks(self) -> int:
        return len(self.days)

    @property
    def first_day(self) -> date:
        return self.days[0].date

    @property
    def last_day(self) -> date:
        return self.days[-1].date

    def breaks(self) -> dict[str, int]:
        """Per team, home or away twice in a row, over the season's order of rounds."""
        return breaks(self.rounds)


class RoundDoesNotFit(DomainError):
    """Match day `week` (`day`) cannot hold its `matches` matches on `pitches` pitches
    between the window's opening and `closes` (minus the spare): `shortfall` minutes
    short. Remedies: another pitch, shorter matches, a round over two match days."""

    def __init__(
        self, week: int, day: date, matches: int, pitches: int, shortfall: int, closes: time
    ) -> None:
        super().__init__(
            f"match day {week} ({day}): {matches} matches on {pitches} pitch(es)"
            f" end {shortfall} min after {closes:%H:%M}"
        )
        self.week = week
        self.day = day
        self.matches = matches
        self.pitches = pitches
        self.shortfall = shortfall
        self.closes = closes


class BadSeason(DomainError):
    """Season options that make no sense (`reason`: "rounds_per_day", "days_per_round",
    "no_pitch", "window")."""

    def __init__(self, reason: str, **details: object) -> None:
        super().__init__(f"{reason}: {details}")
        self.reason = reason
        self.details = details


def league_rounds(
    teams: Sequence[str],
    *,
    double: bool = False,
    system: str = "circle",
    balance: bool | None = None,
) -> list[Round]:
    """The season's rounds: circle (or Berger) method, balanced by default: a single league
    at n − 2 home/away breaks for even n (de Werra's minimum; none for odd n), a double
    league at 3n − 6 (the fewest a mirrored double round robin allows)."""
    balanced = True if balance is None else balance
    return fixtures(teams, system=system, double_leg=double, balance=balanced)


def season(
    teams: Sequence[str],
    rules: SeasonRules,
    *,
    double: bool = False,
    system: str = "circle",
    balance: bool | None = None,
) -> SeasonPlan:
    """Plan a season league of `teams` under `rules` (see `plan_season`)."""
    rounds = league_rounds(teams, double=double, system=system, balance=balance)
    return plan_season(teams, rounds, rules, double=double)


def plan_season(
    teams: Sequence[str], rounds: Sequence[Round], rules: SeasonRules, *, double: bool = False
) -> SeasonPlan:
    """Every round on its match day and every match on a pitch and a time.

    Raises BadSeason for senseless options, a `matchdays.CalendarError` when the dates run
    short, and RoundDoesNotFit for the first match day whose matches overrun its window.
    """
    _check(rules)
    loads = _loads(rounds, rules)
    dates = rules.calendar.days(len(loads))
    days: list[MatchDay] = []
    number = 0
    for week, (day, load) in enumerate(zip(dates, loads, strict=True), start=1):
        matchday = _match_day(teams, week, day, load, rules, number)
        number += len(matchday.matches)
        days.append(matchday)
    return SeasonPlan(tuple(teams), tuple(days), tuple(rounds), rules, double)


def _check(rules: SeasonRules) -> None:
    if not rules.pitches:
        raise BadSeason("no_pitch")
    if rules.rounds_per_day < 1:
        raise BadSeason("rounds_per_day", value=rules.rounds_per_day)
    if rules.days_per_round < 1 or (rules.days_per_round > 1 and rules.rounds_per_day > 1):
        raise BadSeason("days_per_round", value=rules.days_per_round)
    for p in rules.pitches:
        if p.closes is not None and p.closes <= p.opens:
            raise BadSeason("window", pitch=p.name)


def _loads(rounds: Sequence[Round], rules: SeasonRules) -> list[tuple[Round, ...]]:
    """What each match day plays: k whole rounds, or a part of one round."""
    if rules.days_per_round > 1:
        parts = rules.days_per_round
        out: list[tuple[Round, ...]] = []
        for rnd in rounds:
            size = math.ceil(len(rnd.pairings) / parts)
            for i in range(parts):
                chunk = rnd.pairings[i * size : (i + 1) * size]
                bye = rnd.bye if i == 0 else None
                if chunk or bye:
                    out.append((Round(rnd.number, chunk, bye),))
        return out
    k = rules.rounds_per_day
    return [tuple(rounds[i : i + k]) for i in range(0, len(rounds), k)]


def _at(day: date, clock: time, rules: SeasonRules) -> datetime:
    return datetime.combine(day, clock, rules.zone)


def _match_day(
    teams: Sequence[str],
    week: int,
    day: date,
    load: tuple[Round, ...],
    rules: SeasonRules,
    numbered: int,
) -> MatchDay:
    opens = min(p.opens for p in rules.pitches)
    closing = [p.closes for p in rules.pitches if p.closes is not None]
    closes = max(closing) if len(closing) == len(rules.pitches) else None
    spare = timedelta(minutes=rules.spare)
    count = sum(len(r.pairings) for r in load)
    _fits(week, day, load, rules)
    time_rules = dayplan.TimeRules(
        start=_at(day, opens, rules),
        pitches=tuple(
            dayplan.Pitch(
                p.name,
                _at(day, p.opens, rules),
                _at(day, p.closes, rules) - spare if p.closes is not None else None,
            )
            for p in rules.pitches
        ),
        match_minutes=rules.match_minutes,
        half_time=rules.half_time,
        changeover=rules.changeover,
        team_windows={
            t: dayplan.TeamWindow(
                _at(day, lo, rules) if lo else None, _at(day, hi, rules) if hi else None
            )
            for t, (lo, hi) in rules.team_windows.items()
        },
    )
    present = tuple(t for t in teams if any(t in p.teams() for r in load for p in r.pairings))
    draft = dayplan.Draft((Group("A", present or tuple(teams)),), {"A": list(load)}, league=True)
    # The one-day planner, imported here rather than at the top: the bot process reads a
    # season's rules and refusals (set-up, texts) without planning one (issue 20).
    from domain import planner

    try:
        planned = planner.plan(draft, time_rules) if count else None
    except dayplan.Infeasible as exc:
        raise RoundDoesNotFit(
            week, day, count, len(rules.pitches), max(1, exc.shortfall), closes or opens
        ) from None
    matches = (
        tuple(replace(m, no=numbered + i + 1, week=week) for i, m in enumerate(planned.matches))
        if planned
        else ()
    )
    return MatchDay(
        week=week,
        date=day,
        rounds=tuple(r.number for r in load),
        matches=matches,
        byes=tuple(r.bye for r in load if r.bye is not None),
        opens=_at(day, opens, rules),
        closes=_at(day, closes, rules) if closes is not None else None,
    )


def _fits(week: int, day: date, load: tuple[Round, ...], rules: SeasonRules) -> None:
    """The plain count (slots the pitches need, nobody twice in a slot) against the window,
    so the usual overrun gets its exact shortfall before the planner is asked."""
    windows = {(p.opens, p.closes) for p in rules.pitches}
    count = sum(len(r.pairings) for r in load)
    if len(windows) > 1 or not count:
        return
    ((opens, closes),) = windows
    if closes is None:
        return
    slots = max(math.ceil(count / len(rules.pitches)), len(load))
    needed = (slots - 1) * rules.slot + rules.match_minutes + rules.spare
    available = _minutes(closes) - _minutes(opens)
    if needed > available:
        raise RoundDoesNotFit(week, day, count, len(rules.pitches), needed - available, closes)


def _minutes(clock: time) -> int:
    return clock.hour * 60 + clock.minute
