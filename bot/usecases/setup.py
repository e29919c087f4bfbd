"""Creating a tournament: draw, plan and store, all in one unit of work; and the set-up
conversation that leads there (/yeni_turnuva, its steps, the summary, [Oluştur]).

A set-up belongs to whoever started it and is stored per (chat, user), so it survives a
restart. In a chat whose tournament runs, only that tournament's organisers may set up
another: they are refused at /yeni_turnuva, and again at the button (it may have started
meanwhile). The summary records which tournament it would replace; a press after the
running tournament changed replaces nothing and asks again.

What the answers describe and how it is drawn and planned, with no database, is
bot.usecases.drafts; this module stores it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot import offload
from bot.usecases import drafts, reminders, runner, tournaments, units
from bot.usecases.errors import (
    MayNotReplace,
    NotOrganiser,
    NotYourButton,
    RunningChanged,
    SetupTimedOut,
)
from bot.usecases.runner import reads
from bot.usecases.units import Actor, Done, Effects
from domain import advice
from domain.dayplan import Draft, Plan
from domain.model import Group
from domain.settings import TournamentSettings
from storage import Database, UnitOfWork
from storage.mapping import season_from_json
from storage.records import NewTournament


@dataclass(frozen=True)
class Created:
    tournament_id: int
    plan: Plan


async def create(
    uow: UnitOfWork,
    spec: drafts.Spec,
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
    this raise ActiveTournamentExists. `planned`: the plan `drafts.build(spec)` made
    already (the summary's), not built again."""
    if planned is None:
        _, planned = drafts.build(spec)
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
REPLACE = "create one that replaces the running one"
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


async def build_off_loop(spec: drafts.Spec) -> tuple[Draft, Plan]:
    """`drafts.build` in the worker process, within the plan budget: a large plan neither
    stalls other chats nor runs for ever (offload.TooSlow), and one a chat cannot carry is
    refused before any planning (offload.PlanTooLarge)."""
    groups = 1 if spec.format in ("league", "double") else max(1, spec.groups)
    offload.check_plan(
        offload.league_matches(len(spec.teams), groups, double=spec.format == "double")
    )
    return await offload.run(drafts.build, spec, budget=offload.PLAN_BUDGET, what="plan")


async def warning_off_loop(
    data: Mapping[str, Any], built: Plan, now: datetime, zone: ZoneInfo
) -> drafts.PlanWarning | None:
    """`drafts.plan_warning`, its slow part (the formats that would fit a day) in the worker
    process within the advice budget: past it the warning comes without them (`searched`
    False), so the summary is still shown and no chat waits on this process."""
    found = drafts.day_warning(data, built, now, zone)
    if found is None or not found.wants_alternatives:
        return found
    try:
        return await offload.run(
            drafts.alternatives, data, found, budget=offload.ADVICE_BUDGET, what="alternatives"
        )
    except offload.TooSlow:
        return dataclasses.replace(found, searched=False)


async def format_hint_off_loop(teams: int, pitches: int) -> advice.Candidate | None:
    """`drafts.format_hint` in the worker process within the advice budget; past it, no
    hint (the format question is asked without its "Öneri")."""
    try:
        return await offload.run(
            drafts.format_hint, teams, pitches, budget=offload.ADVICE_BUDGET, what="advice"
        )
    except offload.TooSlow:
        return None


async def replaceable(uow: UnitOfWork, actor: Actor) -> Running | None:
    """The running tournament a set-up here would replace (None: none runs). MayNotReplace
    unless the actor organises it."""
    current = await uow.tournaments.active_for_chat(actor.chat_id)
    if current is None:
        return None
    try:
        await tournaments.may_run(uow, current, actor, REPLACE)
    except NotOrganiser:
        raise MayNotReplace(current.name) from None
    return Running(current.id, current.name)


@reads
async def _may_set_up(uow: UnitOfWork, command: None, actor: Actor) -> Running | None:
    return await replaceable(uow, actor)


async def may_set_up(db: Database, actor: Actor) -> Running | None:
    """/yeni_turnuva: may the actor set up a tournament here? Nothing changes."""
    return (await runner.run(db, _may_set_up, None, actor)).value


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
        running = await replaceable(uow, actor)
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
        running = await replaceable(uow, actor)
        if (running.id if running else None) != state.get("replaces"):
            raise RunningChanged(running.name if running else None)
        data = state["data"]
        kept = plans.get(drafts.data_key(data))
        made = await create(
            uow,
            drafts.spec_of(data),
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
