"""Format advice (`turnuva oner`): which format gives the most football that fits the hours.

Every candidate is actually planned, so its day length is the planner's, not a rule of
thumb. Ranking: fits the hours first; then the fewest matches any team gets (nobody should
travel for two games if four fit); then the most any team gets; then more football in all;
then the shorter day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from domain.dayplan import Draft, Pitch, TimeRules
from domain.draw import draw_groups, group_sizes
from domain.errors import DomainError
from domain.formats import Options, groups_then_knockout, league, pure_knockout
from domain.matchdays import Calendar, season_days
from domain.planner import plan
from domain.report import checklist
from domain.season import PitchHours, SeasonRules, season


@dataclass(frozen=True)
class Candidate:
    """One format with what it costs and gives."""

    kind: str  # league, double, groups, knockout
    groups: tuple[int, ...]
    knockout: str
    third_place: bool
    matches: int
    fewest: int
    most: int
    minutes: int
    fits: bool


def advise(
    teams: int, pitches: int, slot: int, hours: float, *, changeover: int = 4
) -> list[Candidate]:
    """Sensible formats for `teams`, best first."""
    names = [f"T{i}" for i in range(1, teams + 1)]
    budget = round(hours * 60)
    match = max(1, slot - changeover)
    rules = TimeRules(
        start=datetime(2026, 1, 1, 10, 0, tzinfo=UTC),
        pitches=tuple(Pitch(str(p)) for p in range(1, pitches + 1)),
        match_minutes=match,
        half_time=0,
        changeover=slot - match,
    )
    found: list[Candidate] = []
    for variants in _formats(names):
        # A third-place match is offered when it still fits; otherwise the plain bracket.
        for kind, sizes, ko, third, draft in variants:
            try:
                result = plan(draft, rules)
            except DomainError:
                continue
            check = checklist(result)
            minutes = int((result.day_end - rules.start) / timedelta(minutes=1))
            candidate = Candidate(
                kind=kind,
                groups=sizes,
                knockout=ko,
                third_place=third,
                matches=check.matches,
                fewest=check.fewest_matches,
                most=check.most_matches,
                minutes=minutes,
                fits=minutes <= budget,
            )
            if candidate.fits or variants[-1][4] is draft:
                found.append(candidate)
                break
    found.sort(key=lambda c: (not c.fits, -c.fewest, -c.most, -c.matches, c.minutes))
    return found


Variant = tuple[str, tuple[int, ...], str, bool, Draft]


def _formats(names: list[str]) -> list[list[Variant]]:
    """Each format as its variants, the one with a third-place match first."""
    n = len(names)
    out: list[list[Variant]] = []
    if n < 2:
        return out
    out.append([("league", (n,), "none", False, league(names, Options()))])
    out.append([("double", (n,), "none", False, league(names, Options(double=True)))])
    for k in range(2, n // 3 + 1):
        sizes = tuple(group_sizes(n, k))
        groups = draw_groups(names, k, method="order")
        for ko in ("final", "semi", "quarter"):
            variants: list[Variant] = []
            for third in (True, False) if ko != "final" else (False,):
                try:
                    draft = groups_then_knockout(groups, Options(knockout=ko, third_place=third))
                except DomainError:
                    continue
                variants.append(("groups", sizes, ko, third, draft))
            if variants:
                out.append(variants)
    if n >= 4:
        out.append(
            [
                ("knockout", (), "all", third, pure_knockout(names, Options(third_place=third)))
                for third in (True, False)
            ]
        )
    return out


# --- season leagues -------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonCandidate:
    """A league over match days: how many, how full each is, and whether a day holds it.

    `day_minutes` is the pitch time one match day needs (first kick-off to last whistle);
    `season_days` is one rhythm step per match day, None when no rhythm was given.
    """

    kind: str  # league, double
    rounds_per_day: int
    weeks: int
    per_week: int
    matches: int
    per_team: int
    day_minutes: int
    fits: bool
    season_days: int | None


def advise_season(
    teams: int,
    pitches: int,
    slot: int,
    hours: float,
    *,
    changeover: int = 4,
    every_days: int | None = None,
) -> list[SeasonCandidate]:
    """Season formats for `teams` when a match day offers `hours` on `pitches` pitches:
    single and double, one or two rounds a match day; those that fit first, then the
    shortest season. Each is planned (`domain.season`), so a day's length is real."""
    names = [f"T{i}" for i in range(1, teams + 1)]
    budget = round(hours * 60)
    match = max(1, slot - changeover)
    found: list[SeasonCandidate] = []
    for double in (False, True):
        for per_day in (1, 2):
            rules = SeasonRules(
                calendar=Calendar.every(date(2027, 1, 3), every_days or 7),
                # Open-ended: the plan says how long a match day runs.
                pitches=tuple(PitchHours(str(p), time(10, 0)) for p in range(1, pitches + 1)),
                zone=UTC,
                match_minutes=match,
                half_time=0,
                changeover=slot - match,
                rounds_per_day=per_day,
            )
            try:
                plan = season(names, rules, double=double)
            except DomainError:
                continue
            minutes = max(int((d.last_end - d.opens) / timedelta(minutes=1)) for d in plan.days)
            fits = minutes <= budget
            if per_day > 1 and not fits:
                continue
            found.append(
                SeasonCandidate(
                    kind="double" if double else "league",
                    rounds_per_day=per_day,
                    weeks=plan.weeks,
                    per_week=max(len(d.matches) for d in plan.days),
                    matches=len(plan.matches),
                    per_team=(teams - 1) * (2 if double else 1),
                    day_minutes=minutes,
                    fits=fits,
                    season_days=season_days(plan.weeks, every_days) if every_days else None,
                )
            )
    found.sort(key=lambda c: (not c.fits, c.weeks, c.kind))
    return found
