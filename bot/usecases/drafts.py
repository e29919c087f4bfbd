"""A set-up's draft: the Spec its answers describe (bot.usecases.setup_spec), drawn and
planned, and the formats that would fit a day for the summary's warning. Pure: nothing here
reads or writes the database.

Apart from the set-up's use cases (bot.usecases.setup), as Tabbycat keeps its pure draw
generator apart from the adapter that reads and writes the database: the summary plans
before anything is stored, the worker process (bot.runtime.offload) imports this to run `build`
without the use cases (which import bot.runtime.offload), and it is tested without a database.
It brings the one-day planner and the format advice (domain.planner, domain.advice): the
bot process imports it only at its first plan (bot.usecases.setup), so the Spec and the
summary's quick warning live in setup_spec, re-exported here under their old names.
Not in domain/: it reads the set-up conversation's answers (the dict the set-up stores)
and keeps a season in the settings column's JSON form (storage.mapping).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.usecases.setup_spec import (
    DEFAULT_KNOCKOUT,
    LONG_DAY,
    PlanWarning,
    Spec,
    data_key,
    day_warning,
    default_knockout,
    season_answer,
    season_data,
    season_kickoff,
    spec_of,
)
from domain import advice, draw, formats, setupform
from domain.dayplan import Draft, Pitch, Plan, TimeRules
from domain.errors import DomainError
from domain.matchdays import Calendar
from domain.model import Group
from domain.planner import plan
from domain.season import PitchHours, SeasonRules, season

__all__ = [
    "DEFAULT_KNOCKOUT",
    "LONG_DAY",
    "PlanWarning",
    "Spec",
    "alternatives",
    "build",
    "data_key",
    "day_warning",
    "default_knockout",
    "format_hint",
    "plan_warning",
    "season_answer",
    "season_data",
    "season_kickoff",
    "season_rules",
    "spec_of",
]


def season_rules(spec: Spec) -> SeasonRules:
    """What domain.season needs for the spec's league over match weeks."""
    rhythm = spec.season or {}
    match, half, changeover = setupform.slot_times(spec.match_minutes, spec.changeover)
    opens, closes = time.fromisoformat(rhythm["opens"]), time.fromisoformat(rhythm["closes"])
    calendar = Calendar.every(
        date.fromisoformat(rhythm["first"]),
        int(rhythm["every_days"]),
        [date.fromisoformat(d) for d in rhythm.get("skip", ())],
    )
    return SeasonRules(
        calendar=calendar,
        pitches=tuple(PitchHours(p, opens, closes) for p in spec.pitches),
        zone=ZoneInfo(spec.zone),
        match_minutes=match,
        half_time=half,
        changeover=changeover,
    )


def _build_season(spec: Spec) -> tuple[Draft, Plan]:
    """A league over match weeks: one round per match day at the fewest home/away breaks
    (a double league's second half swaps home and away), each day timed inside its window.
    Raises RoundDoesNotFit or a CalendarError; the Plan carries every match with its week."""
    rules = season_rules(spec)
    made = season(spec.teams, rules, double=spec.format == "double")
    group = Group("A", spec.teams)
    draft = Draft((group,), {"A": list(made.rounds)}, league=True, double=made.double)
    first = made.matches[0].start if made.matches else spec.kickoff
    timing = TimeRules(
        start=first,
        pitches=tuple(Pitch(p.name) for p in rules.pitches),
        match_minutes=rules.match_minutes,
        half_time=rules.half_time,
        changeover=rules.changeover,
        knockout_break=0,
        knockout_rest=0,
    )
    end = max((m.end for m in made.matches), default=first)
    return draft, Plan(made.matches, (), (group,), timing, 0, 0, 0, end)


def build(spec: Spec) -> tuple[Draft, Plan]:
    """Draw and plan; pure, so the summary can show the plan before [Oluştur]."""
    if spec.season is not None:
        return _build_season(spec)
    options = formats.Options(
        double=spec.format == "double",
        third_place=spec.third_place,
        knockout=spec.knockout_stage,
    )
    if spec.format == "knockout":
        draft = formats.pure_knockout(spec.teams, options)
    elif spec.format in ("league", "double") or spec.groups < 2:
        draft = formats.league(spec.teams, options)
    else:
        if spec.group_lists:
            labels = draw.group_labels(len(spec.group_lists))
            groups = tuple(Group(lbl, g) for lbl, g in zip(labels, spec.group_lists, strict=True))
        else:
            groups = draw.draw_groups(spec.teams, spec.groups, method="random", seed=spec.seed)
        draft = formats.groups_then_knockout(groups, options)
    match_minutes, half_time, changeover = setupform.slot_times(spec.match_minutes, spec.changeover)
    rules = TimeRules(
        start=spec.kickoff,
        pitches=tuple(Pitch(p) for p in spec.pitches),
        match_minutes=match_minutes,
        half_time=half_time,
        changeover=changeover,
    )
    return draft, plan(draft, rules)


def plan_warning(
    data: Mapping[str, Any], built: Plan, now: datetime, zone: ZoneInfo
) -> PlanWarning | None:
    """None for a plan that starts ahead and fits a day; else what to say before
    [Oluştur]. Pure but slow for many teams (it plans the alternatives): the bot runs
    `day_warning` itself and `alternatives` in a worker process (bot.usecases.setup)."""
    found = day_warning(data, built, now, zone)
    if found is None or not found.wants_alternatives:
        return found
    return alternatives(data, found)


def alternatives(data: Mapping[str, Any], found: PlanWarning) -> PlanWarning:
    """`found` with up to two day formats for the answers' teams and pitches that fit
    LONG_DAY, else a season league over weeks. Slow for many teams, since every candidate
    is planned (a 32-team league: about 13 s): run in a worker process, within a budget."""
    teams, pitches = len(data["teams"]), int(data.get("pitches", 1))
    match, changeover = int(data.get("match", 24)), int(data.get("changeover", 6))
    hours = LONG_DAY / timedelta(hours=1)
    try:
        candidates = advice.advise(teams, pitches, match + changeover, hours, changeover=changeover)
    except DomainError:
        candidates = []
    fitting = tuple(c for c in candidates if c.fits)[:2]
    weekly = None  # not `season`: that is domain.season's planner, imported above
    if not fitting:
        try:
            seasons = advice.advise_season(
                teams, pitches, match + changeover, hours, changeover=changeover
            )
        except DomainError:
            seasons = []
        weekly = next((s for s in seasons if s.fits), None)
    return replace(found, alternatives=fitting, season=weekly)


def format_hint(teams: int, pitches: int) -> advice.Candidate | None:
    """The guided set-up's "Öneri" under its format question: the best format for a day
    of 30-minute slots within 6 hours (domain.advice), None when none can be planned.
    It plans every candidate: run in a worker process, within a budget."""
    try:
        found = advice.advise(teams, pitches, 30, 6)
    except DomainError:  # e.g. a knockout of more teams than a bracket holds
        return None
    return found[0] if found else None
