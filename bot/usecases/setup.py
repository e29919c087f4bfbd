"""Creating a tournament: draw, plan and store, all in one unit of work; and the set-up
conversation that leads there (/yeni_turnuva, its steps, the summary, [Oluştur]).

A set-up belongs to whoever started it and is stored per (chat, user), so it survives a
restart. In a chat whose tournament runs, only that tournament's organisers may set up
another: they are refused at /yeni_turnuva, and again at the button (it may have started
meanwhile). The summary records which tournament it would replace; a press after the
running tournament changed replaces nothing and asks again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot import offload
from bot.usecases import reminders, tournaments, units
from bot.usecases.errors import (
    MayNotReplace,
    NotOrganiser,
    NotYourButton,
    RunningChanged,
    SetupTimedOut,
)
from bot.usecases.units import Actor, Done, Effects
from domain import advice, draw, formats, setupform
from domain import season as seasons
from domain.errors import DomainError
from domain.matchdays import Calendar
from domain.model import Group
from domain.planner import Draft, Pitch, Plan, TimeRules, plan
from domain.settings import TournamentSettings
from storage import Database, UnitOfWork
from storage.mapping import season_from_json, season_json
from storage.records import NewTournament

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


def season_data(found: setupform.Season) -> dict[str, Any]:
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
        raise setupform.MissingPart(setupform.Part.RHYTHM, text)
    return season_data(form.season)


def season_kickoff(season: Mapping[str, Any], zone: ZoneInfo) -> datetime:
    """The first match day's opening: what a season's answers keep as their kick-off."""
    first, opens = date.fromisoformat(season["first"]), time.fromisoformat(season["opens"])
    return datetime.combine(first, opens, zone)


def season_rules(spec: Spec) -> seasons.SeasonRules:
    """What domain.season needs for the spec's league over match weeks."""
    rhythm = spec.season or {}
    match, half, changeover = setupform.slot_times(spec.match_minutes, spec.changeover)
    opens, closes = time.fromisoformat(rhythm["opens"]), time.fromisoformat(rhythm["closes"])
    calendar = Calendar.every(
        date.fromisoformat(rhythm["first"]),
        int(rhythm["every_days"]),
        [date.fromisoformat(d) for d in rhythm.get("skip", ())],
    )
    return seasons.SeasonRules(
        calendar=calendar,
        pitches=tuple(seasons.PitchHours(p, opens, closes) for p in spec.pitches),
        zone=ZoneInfo(spec.zone),
        match_minutes=match,
        half_time=half,
        changeover=changeover,
    )


def _build_season(spec: Spec) -> tuple[formats.Draft, Plan]:
    """A league over match weeks: one round per match day (a double league balanced,
    home and away swapped in the second half), each day timed inside its window. Raises
    RoundDoesNotFit or a CalendarError; the Plan carries every match with its week."""
    rules = season_rules(spec)
    made = seasons.season(spec.teams, rules, double=spec.format == "double")
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


def build(spec: Spec) -> tuple[formats.Draft, Plan]:
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


@dataclass(frozen=True)
class Created:
    tournament_id: int
    plan: Plan


async def create(
    uow: UnitOfWork,
    spec: Spec,
    *,
    chat_id: int,
    user_id: int,
    now: datetime,
    chat_title: str | None = None,
    replacing: bool = False,
    planned: Plan | None = None,
) -> Created:
    """Store the tournament with its draw and plan. `replacing`: the chat's running one is
    archived as replaced (whoever calls has checked who may); else a running one makes
    this raise ActiveTournamentExists. `planned`: the plan `build(spec)` made already (the
    summary's), not built again."""
    if planned is None:
        _, planned = build(spec)
    groups = planned.groups or (Group("A", spec.teams),)
    settings = TournamentSettings(
        format=spec.format,
        pitches=spec.pitches,
        day=date(spec.kickoff.year, spec.kickoff.month, spec.kickoff.day),
        first_kickoff=spec.kickoff,
        slot_minutes=spec.match_minutes + spec.changeover,
        break_minutes=planned.rules.knockout_break,
        rest_minutes=planned.rules.knockout_rest,
        tie_break=spec.tiebreak,
        time_zone=spec.zone,
        # As planned: on the pitch (half-time included) and between two matches.
        match_minutes=planned.rules.match_minutes,
        changeover=planned.rules.changeover,
        half_time=planned.rules.half_time,
        knockout=spec.knockout_stage,
        third_place=spec.third_place,
        groups=spec.groups,
        seed=spec.seed,
        # A league over match weeks: its rhythm, so later changes can plan it again.
        season=None if spec.season is None else season_from_json(spec.season),
    )
    new = NewTournament(
        chat_id=chat_id,
        name=spec.name,
        created_by=user_id,
        settings=settings,
        teams=spec.teams,
        groups=groups,
        plan=planned.matches,
        chat_title=chat_title,
    )
    tournament_id = await uow.tournaments.create(new, now, replace_active=replacing)
    return Created(tournament_id, planned)


# --- the set-up conversation --------------------------------------------------------------

KIND = "setup"
TIMEOUT = timedelta(minutes=30)


@dataclass(frozen=True)
class Running:
    """The chat's running tournament, which a new one would replace."""

    id: int
    name: str


@dataclass(frozen=True)
class Conversation:
    """A stored set-up: the step it waits for and what was answered so far."""

    step: str
    data: dict[str, Any]


@dataclass(frozen=True)
class Made:
    name: str
    plan: Plan
    replaced: str | None  # the tournament archived to make room, if one ran


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


async def build_off_loop(spec: Spec) -> tuple[formats.Draft, Plan]:
    """`build` in the worker process, within the plan budget: a large plan neither stalls
    other chats nor runs for ever (offload.TooSlow), and one a chat cannot carry is refused
    before any planning (offload.PlanTooLarge)."""
    groups = 1 if spec.format in ("league", "double") else max(1, spec.groups)
    offload.check_plan(
        offload.league_matches(len(spec.teams), groups, double=spec.format == "double")
    )
    return await offload.run(build, spec, budget=offload.PLAN_BUDGET, what="plan")


def data_key(data: Mapping[str, Any]) -> str:
    """The answers as one string: what a built plan is kept under until [Oluştur]."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


async def replaceable(uow: UnitOfWork, chat_id: int, user_id: int, admin: bool) -> Running | None:
    """The running tournament a set-up here would replace (None: none runs). MayNotReplace
    unless the user organises it."""
    current = await uow.tournaments.active_for_chat(chat_id)
    if current is None:
        return None
    try:
        await tournaments.may_run(uow, current, user_id, admin)
    except NotOrganiser:
        raise MayNotReplace(current.name) from None
    return Running(current.id, current.name)


async def may_set_up(db: Database, actor: Actor) -> Running | None:
    """/yeni_turnuva: may the actor set up a tournament here? Nothing changes."""
    return await tournaments.read_as(
        db, actor, lambda uow, admin: replaceable(uow, actor.chat_id, actor.user_id, admin)
    )


def _state(step: str, data: dict[str, Any], at: datetime, replaces: int | None = None) -> dict:
    state: dict[str, Any] = {"kind": KIND, "step": step, "data": data, "at": at.isoformat()}
    if step == "confirm":
        state["replaces"] = replaces
    return state


async def keep(db: Database, actor: Actor, step: str, data: dict[str, Any]) -> None:
    """The set-up now waits for `step` (a new one starts with step "name")."""

    async def action(uow: UnitOfWork, _admin: bool) -> None:
        await uow.setups.put(actor.chat_id, actor.user_id, _state(step, data, actor.now), actor.now)

    await units.write(db, actor, action)


async def current(db: Database, actor: Actor) -> Conversation | None:
    """The actor's set-up in this chat (None: none). SetupTimedOut: it was silent past
    TIMEOUT, and is gone now."""
    state = await units.read(db, lambda uow: uow.setups.get(actor.chat_id, actor.user_id))
    if state is None or state.get("kind") != KIND:
        return None
    if actor.now - datetime.fromisoformat(state["at"]) > TIMEOUT:
        await drop(db, actor)
        raise SetupTimedOut("the set-up timed out")
    return Conversation(state["step"], state["data"])


async def drop(db: Database, actor: Actor) -> bool:
    """/iptal, [İptal]: the actor's pending state in this chat goes. False: there was none."""

    async def action(uow: UnitOfWork, _admin: bool) -> bool:
        if await uow.setups.get(actor.chat_id, actor.user_id) is None:
            return False
        await uow.setups.delete(actor.chat_id, actor.user_id)
        return True

    return await units.write(db, actor, action)


async def summarise(db: Database, actor: Actor, data: dict[str, Any]) -> Running | None:
    """The summary is shown: the set-up waits for its button, and remembers which running
    tournament (None: none) the summary said it replaces. MayNotReplace for a member."""

    async def action(uow: UnitOfWork, admin: bool) -> Running | None:
        running = await replaceable(uow, actor.chat_id, actor.user_id, admin)
        state = _state("confirm", data, actor.now, running.id if running else None)
        await uow.setups.put(actor.chat_id, actor.user_id, state, actor.now)
        return running

    return await units.write(db, actor, action)


async def confirm(
    db: Database,
    actor: Actor,
    plans: Mapping[str, object],
    *,
    replace: bool,
    chat_title: str | None = None,
) -> Done[Made]:
    """[Oluştur] or [Evet, yerine kur]: the summarised set-up becomes the chat's running
    tournament, with the plan the summary showed when `plans` still holds it; one that ran
    is archived as replaced, and both tournaments' reminders follow, in one commit.
    `replace`: the press was [Evet, yerine kur], which only a summary that named a running
    tournament carries. NotYourButton("stale"): no summary waits, or it is not the one
    pressed; MayNotReplace; RunningChanged: what runs is not what the summary named
    (ActiveTournamentExists: it changed at this very moment)."""

    async def action(uow: UnitOfWork, admin: bool) -> Made:
        state = await uow.setups.get(actor.chat_id, actor.user_id)
        if state is None or state.get("kind") != KIND or state.get("step") != "confirm":
            raise NotYourButton("stale")
        if replace != (state.get("replaces") is not None):
            raise NotYourButton("stale")  # an older summary's button
        running = await replaceable(uow, actor.chat_id, actor.user_id, admin)
        if (running.id if running else None) != state.get("replaces"):
            raise RunningChanged(running.name if running else None)
        data = state["data"]
        kept = plans.get(data_key(data))
        made = await create(
            uow,
            spec_of(data),
            chat_id=actor.chat_id,
            user_id=actor.user_id,
            now=actor.now,
            chat_title=chat_title,
            replacing=running is not None,
            planned=kept if isinstance(kept, Plan) else None,
        )
        await uow.setups.delete(actor.chat_id, actor.user_id)
        if running is not None:  # its pending reminders go with it
            await reminders.sync(uow, running.id, actor.now)
        await reminders.sync(uow, made.tournament_id, actor.now)
        return Made(data["name"], made.plan, running.name if running else None)

    return Done(await units.write(db, actor, action), Effects(reminders=True))


# --- the summary's warning ---------------------------------------------------------------

LONG_DAY = timedelta(hours=12)  # a one-day plan longer than this gets a warning


@dataclass(frozen=True)
class PlanWarning:
    """What is wrong with a summarised plan, and the formats that would fit a day.

    `past`: the first match is before now. `midnight`: the last match ends on a later day.
    `long`: the day runs over LONG_DAY. `alternatives`: up to two day formats that fit
    LONG_DAY (domain.advice.advise); `season`: a season league over weeks, offered when
    no day format fits."""

    past: bool
    midnight: bool
    long: bool
    minutes: int
    alternatives: tuple[advice.Candidate, ...] = ()
    season: advice.SeasonCandidate | None = None


def plan_warning(
    data: Mapping[str, Any], built: Plan, now: datetime, zone: ZoneInfo
) -> PlanWarning | None:
    """None for a plan that starts ahead and fits a day; else what to say before
    [Oluştur]. Pure but slow for many teams (it plans the alternatives): run it in a
    worker thread."""
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
    if not (midnight or long):
        return PlanWarning(past, midnight, long, minutes)
    teams, pitches = len(data["teams"]), int(data.get("pitches", 1))
    match, changeover = int(data.get("match", 24)), int(data.get("changeover", 6))
    hours = LONG_DAY / timedelta(hours=1)
    try:
        found = advice.advise(teams, pitches, match + changeover, hours, changeover=changeover)
    except DomainError:
        found = []
    fitting = tuple(c for c in found if c.fits)[:2]
    season = None
    if not fitting:
        try:
            seasons = advice.advise_season(
                teams, pitches, match + changeover, hours, changeover=changeover
            )
        except DomainError:
            seasons = []
        season = next((s for s in seasons if s.fits), None)
    return PlanWarning(past, midnight, long, minutes, fitting, season)
