"""A set-up's draft: the Spec its answers describe, drawn and planned, and what the
summary warns of before [Oluştur]. Pure: nothing here reads or writes the database.

Apart from the set-up's use cases (bot.usecases.setup), as Tabbycat keeps its pure draw
generator apart from the adapter that reads and writes the database: the summary plans
before anything is stored, the worker process (bot.runtime.offload) imports this to run `build`
without the use cases (which import bot.runtime.offload), and it is tested without a database.
Not in domain/: it reads the set-up conversation's answers (the dict the set-up stores)
and keeps a season in the settings column's JSON form (storage.mapping).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from domain import advice, draw, formats, formseason, setuperrors, setupform, setupparts
from domain.dayplan import Draft, Pitch, Plan, TimeRules
from domain.errors import DomainError
from domain.matchdays import Calendar
from domain.model import Group
from domain.planner import plan
from domain.season import PitchHours, SeasonRules, season
from storage.mapping import season_json

DEFAULT_KNOCKOUT = {1: "none", 2: "semi", 3: "semi", 4: "quarter"}


def default_knockout(groups: int) -> str:
    """The article's shapes: two or three groups feed semi-finals, four quarter-finals."""
    return DEFAULT_KNOCKOUT.get(groups, "quarter" if groups < 8 else "round_of_16")


@dataclass(frozen=True)
class Spec:
    """What the organiser chose, from the guided set-up or the one-message form."""

    name: str
    teams: tuple[str, ...]
    kickoff: datetime
    format: str = "groups"  # league, double, groups, knockout
    groups: int = 1
    pitches: tuple[str, ...] = ("Saha 1",)
    match_minutes: int = 24  # play, as typed ("24+6"); setupform.slot_times adds half-time
    changeover: int = 6  # between matches: half-time and changeover
    knockout: str | None = None  # None: the default for the number of groups
    third_place: bool = True
    tiebreak: str = "tff"
    seed: int = 0
    group_lists: tuple[tuple[str, ...], ...] = field(default=())  # a draw made by hand
    zone: str = "Europe/Istanbul"
    # A league over match weeks (season_data's keys); None: one day from `kickoff`.
    season: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        # A kick-off read back from JSON carries a bare offset; the plan needs the zone.
        object.__setattr__(self, "kickoff", self.kickoff.astimezone(ZoneInfo(self.zone)))

    @property
    def knockout_stage(self) -> str:
        if self.format in ("league", "double"):
            return self.knockout or "none"
        return self.knockout or default_knockout(self.groups)


def season_data(found: formseason.Season) -> dict[str, Any]:
    """A form's season as the set-up answers keep it (as the settings' column stores it):
    every N days on a weekday, the window, the first match day and the dates skipped."""
    return season_json(found)


def season_answer(text: str, now: datetime) -> dict[str, Any]:
    """The guided set-up's rhythm answer ("iki haftada bir pazar 14:00-17:00", with
    "| 15 Ocak'tan itibaren | 1 Şubat hariç" if wanted) read as the one-message form reads
    it, so both refuse alike; the season as `season_data` stores it."""
    parts = " | ".join(p.strip() for p in text.replace("\n", "|").split("|") if p.strip())
    form = setupform.parse_form(f"Turnuva | 2 takım | {parts}", now)
    if form.season is None:
        raise setuperrors.MissingPart(setupparts.Part.RHYTHM, text)
    return season_data(form.season)


def season_kickoff(rhythm: Mapping[str, Any], zone: ZoneInfo) -> datetime:
    """The first match day's opening: what a season's answers keep as their kick-off."""
    first, opens = date.fromisoformat(rhythm["first"]), time.fromisoformat(rhythm["opens"])
    return datetime.combine(first, opens, zone)


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
    """A league over match weeks: one round per match day (a double league balanced,
    home and away swapped in the second half), each day timed inside its window. Raises
    RoundDoesNotFit or a CalendarError; the Plan carries every match with its week."""
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


def spec_of(data: dict[str, Any]) -> Spec:
    """The Spec a set-up's answers describe (defaults for what was not asked)."""
    pitches = int(data.get("pitches", 1))
    return Spec(
        name=data["name"],
        teams=tuple(data["teams"]),
        kickoff=datetime.fromisoformat(data["kickoff"]),
        format=data.get("format", "groups"),
        groups=int(data.get("groups", 1)),
        pitches=tuple(f"Saha {i}" for i in range(1, pitches + 1)),
        match_minutes=int(data.get("match", 24)),
        changeover=int(data.get("changeover", 6)),
        third_place=bool(data.get("third", True)),
        tiebreak=data.get("tiebreak", "tff"),
        seed=int(data.get("seed", 0)),
        season=data.get("season"),
    )


def data_key(data: Mapping[str, Any]) -> str:
    """The answers as one string: what a built plan is kept under until [Oluştur]."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


# --- the summary's warning ---------------------------------------------------------------

LONG_DAY = timedelta(hours=12)  # a one-day plan longer than this gets a warning


@dataclass(frozen=True)
class PlanWarning:
    """What is wrong with a summarised plan, and the formats that would fit a day.

    `past`: the first match is before now. `midnight`: the last match ends on a later day.
    `long`: the day runs over LONG_DAY. `alternatives`: up to two day formats that fit
    LONG_DAY (domain.advice.advise); `season`: a season league over weeks, offered when
    no day format fits. `searched`: False when the search for both ran out of its time
    budget (bot.runtime.offload), so that none were found says nothing."""

    past: bool
    midnight: bool
    long: bool
    minutes: int
    alternatives: tuple[advice.Candidate, ...] = ()
    season: advice.SeasonCandidate | None = None
    searched: bool = True

    @property
    def wants_alternatives(self) -> bool:
        """A day past midnight or over LONG_DAY: formats that fit a day are searched."""
        return self.midnight or self.long


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


def day_warning(
    data: Mapping[str, Any], built: Plan, now: datetime, zone: ZoneInfo
) -> PlanWarning | None:
    """`plan_warning` without the search for alternatives: quick, a look at the plan's
    first and last match."""
    if not built.matches:
        return None
    if data.get("season"):  # over weeks: "past midnight" and "over 12 hours" say nothing
        return None
    start = min(m.start for m in built.matches)
    end = built.day_end
    minutes = int((end - start) / timedelta(minutes=1))
    past = start < now
    midnight = (end - timedelta(minutes=1)).astimezone(zone).date() > start.astimezone(zone).date()
    long = end - start > LONG_DAY
    if not (past or midnight or long):
        return None
    return PlanWarning(past, midnight, long, minutes)


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
