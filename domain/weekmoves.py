"""Moving a season league's match weeks ("maç haftası ertelendi"), pure.

A week that cannot be played (rain, a pitch closed, a holiday) moves with every later
week one step on: week k takes week k+1's match day, the last week the next free match
day (the season's rhythm after the last match day, holidays skipped). Or it moves alone to
a date the organiser gives. A match keeps its pitch, kick-off time and week number; played
matches never move.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Collection, Sequence
from datetime import date, timedelta, tzinfo

from domain.errors import DomainError
from domain.matchdays import Calendar, CalendarError
from domain.model import PlannedMatch


class WeekError(DomainError, ValueError):
    """A week move that cannot be made (`reason`: no_week, nothing_open, past, clash)."""

    def __init__(self, reason: str, week: int, other: PlannedMatch | None = None) -> None:
        super().__init__(f"week {week}: {reason}")
        self.reason, self.week, self.other = reason, week, other


def match_days(plan: Sequence[PlannedMatch]) -> dict[int, date]:
    """Each week's match day: the date of its first match."""
    days: dict[int, date] = {}
    for m in sorted(plan, key=lambda m: m.start):
        if m.week is not None:
            days.setdefault(m.week, m.start.date())
    return dict(sorted(days.items()))


def next_free_day(
    days: Sequence[date], every_days: int | None = None, skip: Collection[date] = ()
) -> date:
    """The match day after the last of `days`: `every_days` on (the season's rhythm), or
    the gap between the last two match days, or a week; a skipped date (a holiday) is
    stepped over like the season's planner does."""
    ordered = sorted(set(days))
    if every_days is None:
        every_days = (ordered[-1] - ordered[-2]).days if len(ordered) > 1 else 7
    step = timedelta(days=max(1, every_days))
    day = ordered[-1] + step
    while day in skip:
        day += step
    return day


def _on(match: PlannedMatch, day: date) -> PlannedMatch:
    """The match on `day` at the same clock time (the zone's offset of that day)."""
    start = match.start.replace(year=day.year, month=day.month, day=day.day)
    return dataclasses.replace(match, start=start, end=start + (match.end - match.start))


def _shifted(match: PlannedMatch, delta: timedelta) -> PlannedMatch:
    return _on(match, match.start.date() + delta)


def postpone_week(
    plan: Sequence[PlannedMatch],
    played: Collection[int],
    week: int,
    *,
    every_days: int | None = None,
    skip: Collection[date] = (),
) -> list[PlannedMatch]:
    """The plan with `week`'s unplayed matches on the next week's match day and every
    later week one step on; the last week goes to the next free match day. `played`: the
    numbers of matches with a result (they stay)."""
    days = match_days(plan)
    if week not in days:
        raise WeekError("no_week", week)
    if not any(m.week == week and m.no not in played for m in plan):
        raise WeekError("nothing_open", week)
    weeks = sorted(days)
    later = [w for w in weeks if w >= week]
    target = {w: days[n] for w, n in itertools.pairwise(later)}
    target[later[-1]] = next_free_day(list(days.values()), every_days, skip)
    moved = []
    for m in plan:
        if m.week is None or m.week < week or m.no in played:
            moved.append(m)
        else:
            moved.append(_shifted(m, target[m.week] - days[m.week]))
    return moved


def move_week_to(
    plan: Sequence[PlannedMatch],
    played: Collection[int],
    week: int,
    day: date,
    *,
    today: date | None = None,
) -> list[PlannedMatch]:
    """The plan with `week`'s unplayed matches on `day`, the rest as they are. Refused for
    a day before `today`, and when a match would meet another on its pitch (WeekError
    'clash', naming it) or a team would play twice that day."""
    days = match_days(plan)
    if week not in days:
        raise WeekError("no_week", week)
    if today is not None and day < today:
        raise WeekError("past", week)
    moving = [m for m in plan if m.week == week and m.no not in played]
    if not moving:
        raise WeekError("nothing_open", week)
    delta = day - days[week]
    new = {m.no: _shifted(m, delta) for m in moving}
    staying = [m for m in plan if m.no not in new]
    for m in new.values():
        for other in staying:
            if other.start.date() != m.start.date():
                continue
            overlaps = other.pitch == m.pitch and other.start < m.end and m.start < other.end
            shared = {m.home, m.away} & {other.home, other.away} - {None}
            if overlaps or shared:
                raise WeekError("clash", week, other)
    return [new.get(m.no, m) for m in plan]


def changes(
    before: Sequence[PlannedMatch], after: Sequence[PlannedMatch]
) -> list[tuple[PlannedMatch, PlannedMatch]]:
    """(old, new) of every match whose time changed, in the old kick-off order."""
    old = {m.no: m for m in before}
    pairs = [(old[m.no], m) for m in after if m.no in old and old[m.no] != m]
    return sorted(pairs, key=lambda p: (p[0].start, p[0].pitch, p[0].no))


def usual_days(plan: Sequence[PlannedMatch], zone: tzinfo) -> dict[int, date]:
    """Each week's match day where `zone` lives: the local date most of its matches are
    played on (a match moved alone to a date of its own does not move its week)."""
    days: dict[int, list[date]] = {}
    for m in plan:
        if m.week is not None:
            days.setdefault(m.week, []).append(m.start.astimezone(zone).date())
    return {week: max(set(found), key=found.count) for week, found in sorted(days.items())}


def off_their_week(plan: Sequence[PlannedMatch], zone: tzinfo) -> list[PlannedMatch]:
    """Season matches on another day than most of their week's matches: moved one by one
    (a whole week moved by /hafta_ertele keeps its matches together)."""
    usual = usual_days(plan, zone)
    return [
        m for m in plan if m.week is not None and m.start.astimezone(zone).date() != usual[m.week]
    ]


@dataclasses.dataclass(frozen=True)
class MovedWeek:
    """A match week no longer on the day the season's rhythm gave it (`planned`)."""

    week: int
    planned: date
    day: date


def moved_weeks(plan: Sequence[PlannedMatch], rhythm: Calendar, zone: tzinfo) -> list[MovedWeek]:
    """The weeks a /hafta_ertele (or a week moved to a date of its own) took off the day
    the rhythm gives week k, its k-th match day: "ertelenen maç var mı" must not say none
    once a whole week moved, though no match waits for a date."""
    usual = usual_days(plan, zone)
    if not usual:
        return []
    try:
        planned = rhythm.days(max(usual))
    except CalendarError:  # a rhythm it no longer fits: nothing to compare with
        return []
    return [MovedWeek(w, planned[w - 1], d) for w, d in usual.items() if d != planned[w - 1]]
