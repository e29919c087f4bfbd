"""Creating a tournament: draw, plan and store, all in one unit of work; and the set-up
conversation that leads there (/yeni_turnuva, its steps, the summary, [Oluştur]).

A set-up belongs to whoever started it and is stored per (chat, user), so it survives a
restart: a `setup_steps.SetUp`, which these use cases read, move on and store. Its buttons
are its owner's (roles.own_button). Where no tournament runs anyone may set one up; where
one runs only its organisers may set up another (roles.TABLE's two "create" rows): they are
refused at /yeni_turnuva, and again at the button (it may have started meanwhile). The
summary records which tournament it would replace; a press after the running tournament
changed replaces nothing and asks again.

How an answer moves the set-up is bot.usecases.setup_steps; what the answers describe and
how it is drawn and planned, with no database, is bot.usecases.drafts (reached through
bot.usecases.planning, at the first plan: it loads the planner); this module stores.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from bot.usecases import reminders, roles, runner, setup_edits
from bot.usecases.errors import (
    LongPlanUnconfirmed,
    MayNotReplace,
    NotOrganiser,
    NotYourButton,
    RunningChanged,
    SetupRaced,
    SetupTimedOut,
)
from bot.usecases.planning import drafts
from bot.usecases.runner import Actor, Effects, Outcome, reads, writes
from bot.usecases.setup_spec import Spec, day_warning
from bot.usecases.setup_steps import (
    STEPS,
    ZONE,
    Answers,
    Next,
    SetUp,
    edit_field,
    edit_fields,
    form_answers,
    take,
)
from domain import setupform
from domain.dayplan import Plan
from domain.formseason import season_from_json
from domain.model import Group
from domain.settings import TournamentSettings
from storage import UnitOfWork
from storage.errors import ActiveTournamentExists
from storage.records import NewTournament

if TYPE_CHECKING:  # for annotations only: the planner's side (bot.usecases.planning)
    pass


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
    this raise ActiveTournamentExists. `planned`: the plan `drafts.build(spec)` made
    already (the summary's), not built again."""
    if planned is None:
        _, planned = drafts().build(spec)
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

CREATE = "create a tournament where none runs"
REPLACE = "create one that replaces the running one"


@dataclass(frozen=True)
class Running:
    """The chat's running tournament, which a new one would replace."""

    id: int
    name: str


@dataclass(frozen=True)
class Made:
    name: str
    plan: Plan
    replaced: str | None  # the tournament archived to make room, if one ran


async def replaceable(uow: UnitOfWork, actor: Actor) -> Running | None:
    """The running tournament a set-up here would replace (None: none runs), if the actor
    may set one up here: anyone where none runs, its organisers where one does
    (MayNotReplace for anyone else, a chat administrator's second try aside)."""
    current = await uow.tournaments.active_for_chat(actor.chat_id)
    if current is None:
        roles.require(CREATE, await roles.of(uow, None, actor))
        return None
    try:
        roles.require(REPLACE, await roles.of(uow, current, actor))
    except NotOrganiser:
        raise MayNotReplace(current.name) from None
    return Running(current.id, current.name)


@dataclass(frozen=True)
class MaySetUp:
    """/yeni_turnuva: may the actor set up a tournament here?"""


@reads
async def may_set_up(uow: UnitOfWork, command: MaySetUp, actor: Actor) -> Running | None:
    """The running tournament a set-up would replace (None: none runs); MayNotReplace.
    Nothing changes."""
    return await replaceable(uow, actor)


@dataclass(frozen=True)
class Form:
    """/yeni_turnuva with the one-message form after it, as typed."""

    text: str


@reads
async def read_form(uow: UnitOfWork, command: Form, actor: Actor) -> Answers:
    """The form's answers, for the summary (`summarise` stores them once it is built),
    if the actor may set up here (MayNotReplace first, then the form's own refusals)."""
    await replaceable(uow, actor)
    return form_answers(setupform.parse_form(command.text, actor.now.astimezone(ZONE)), actor.now)


@dataclass(frozen=True)
class Start:
    """/yeni_turnuva alone: the guided set-up, from its first question."""


@writes
async def start(uow: UnitOfWork, command: Start, actor: Actor) -> Running | None:
    """A new set-up waits for the tournament's name (one that was open is replaced); the
    running tournament it would replace comes back, for the warning. MayNotReplace."""
    running = await replaceable(uow, actor)
    await _keep(uow, actor, SetUp("name", Answers(), actor.now))
    return running


@dataclass(frozen=True)
class Waiting:
    """What the actor's set-up waits for; for a button, whose set-up it belongs to
    (`asker`) and the step it answers."""

    asker: int | None = None
    step: str | None = None


@reads
async def waiting(uow: UnitOfWork, command: Waiting, actor: Actor) -> SetUp | None:
    """The actor's set-up in this chat (None: none). NotYourButton: the button is another
    person's ("asker"), or not the one the set-up waits for ("stale"); SetupTimedOut: it
    was silent past TIMEOUT (`cancel` then drops it). Nothing changes."""
    roles.own_button(command.asker, actor)
    talk = SetUp.read(await uow.setups.get(actor.chat_id, actor.user_id))
    if talk is not None and talk.timed_out(actor.now):
        raise SetupTimedOut("the set-up timed out")
    if command.step is not None and (talk is None or talk.step != command.step):
        raise NotYourButton("stale")
    return talk


@dataclass(frozen=True)
class Answer:
    """A typed answer to what the set-up asks (`step` None), or a set-up button: its
    value, the step it answers and whose set-up it is (`asker`). At the summary the only
    answer is [Değiştir] ("edit"); its other buttons are `confirm` and `cancel`."""

    text: str
    step: str | None = None
    asker: int | None = None


@writes(claim=False)
async def answer(uow: UnitOfWork, command: Answer, actor: Actor) -> Next:
    """The answer moves the set-up on: the next question's step is stored and comes back.
    "confirm" (the summary) is not stored here: `summarise` does, once the summary is built,
    so the update is claimed there. A refused answer raises its DomainError, and the set-up
    still waits for the same step; NotYourButton as for `waiting`."""
    roles.own_button(command.asker, actor)
    talk = SetUp.read(await uow.setups.get(actor.chat_id, actor.user_id))
    if talk is None or talk.timed_out(actor.now) or command.step not in (None, talk.step):
        raise NotYourButton("stale")
    button = command.step is not None
    if talk.step == "confirm":  # [Değiştir]: which answer to change
        if not button or command.text != "edit":
            raise NotYourButton("stale")
        following = Next("edit", talk.answers, fields=edit_fields(talk.answers))
    elif talk.step == "edit":  # that one question again, then the summary
        moment = actor.now.astimezone(ZONE)  # "2 saha" typed: the question and its answer
        typed = None if button else setup_edits.answered(talk.answers, command.text, moment)
        if typed is None:
            field_ = edit_field(talk.answers, command.text, button)
            if field_ not in STEPS:
                raise NotYourButton("stale")
            typed = Next(field_, replace(talk.answers, editing=True))
        elif typed.step == "confirm":
            return typed
        following = typed
    else:
        moment = actor.now.astimezone(ZONE)
        following = take(talk.step, talk.answers, command.text, moment)
        if following.step == "confirm":
            return following
    await runner.claim_update(uow, actor)
    await _keep(uow, actor, SetUp(following.step, following.answers, actor.now))
    return following


@dataclass(frozen=True)
class Summarise:
    """The summary of these answers is shown (its plan was built, off the event loop)."""

    answers: Answers


@writes
async def summarise(uow: UnitOfWork, command: Summarise, actor: Actor) -> Running | None:
    """The set-up waits for the summary's button, and remembers which running tournament
    (None: none) the summary said it replaces, which comes back. MayNotReplace."""
    running = await replaceable(uow, actor)
    replaces = running.id if running else None
    await _keep(uow, actor, SetUp("confirm", command.answers, actor.now, replaces))
    return running


@dataclass(frozen=True)
class Reopen:
    """A guided set-up whose summary could not be planned (a day or a match week it does
    not fit): its answers, to be changed one by one."""

    answers: Answers


@writes
async def reopen(uow: UnitOfWork, command: Reopen, actor: Actor) -> Next:
    """The set-up waits for which answer to change, as [Değiştir] asks: its last step's
    question again could only be answered as before, and fail as before."""
    answers = command.answers
    await _keep(uow, actor, SetUp("edit", answers, actor.now))
    return Next("edit", answers, fields=edit_fields(answers))


@dataclass(frozen=True)
class Cancel:
    """/iptal (any conversation of the actor's here), or [İptal] or a timed-out set-up
    (`asker`: whose set-up the button is)."""

    asker: int | None = None


@writes
async def cancel(uow: UnitOfWork, command: Cancel, actor: Actor) -> bool:
    """The actor's pending conversation in this chat goes. False: there was none."""
    roles.own_button(command.asker, actor)
    if await uow.setups.get(actor.chat_id, actor.user_id) is None:
        return False
    await uow.setups.delete(actor.chat_id, actor.user_id)
    return True


@dataclass(frozen=True)
class Confirm:
    """[Oluştur] (`replace` False) or [Evet, yerine kur] (True); `plans`: the summaries'
    plans by their answers' key (those that are kept), `chat_title` for the stored
    tournament, `asker`: whose set-up the button is; `long`: the button a summary of a day
    past midnight or over 12 hours has instead ([Yine de Oluştur])."""

    replace: bool
    plans: Mapping[str, object] = field(default_factory=dict)
    chat_title: str | None = None
    asker: int | None = None
    long: bool = False  # [Yine de Oluştur]: a day past midnight or over 12 hours, as shown


@writes
async def confirm(uow: UnitOfWork, command: Confirm, actor: Actor) -> Outcome[Made]:
    """The summarised set-up becomes the chat's running tournament, with the plan the
    summary showed when `plans` still holds it; one that ran is archived as replaced, and
    both tournaments' reminders follow, in one commit. NotYourButton("stale"): no summary
    waits, or it is not the one pressed ([Evet, yerine kur] only under a summary that named
    a running tournament); MayNotReplace; RunningChanged: what runs is not what the summary
    named (SetupRaced: it changed at this very moment). LongPlanUnconfirmed: [Oluştur] for
    a day past midnight or over 12 hours, whose own button is [Yine de Oluştur] (that
    button under a plan that fits a day is an older summary's: stale)."""
    roles.own_button(command.asker, actor)
    talk = SetUp.read(await uow.setups.get(actor.chat_id, actor.user_id))
    if talk is None or talk.step != "confirm":
        raise NotYourButton("stale")
    if command.replace != (talk.replaces is not None):
        raise NotYourButton("stale")  # an older summary's button
    running = await replaceable(uow, actor)
    if (running.id if running else None) != talk.replaces:
        raise RunningChanged(running.name if running else None)
    kept = command.plans.get(talk.answers.key())
    spec = talk.answers.spec()
    planned = kept if isinstance(kept, Plan) else drafts().build(spec)[1]
    warned = day_warning(talk.answers.data(), planned, actor.now, ZONE)
    long = warned is not None and warned.wants_alternatives
    if long and not command.long:
        raise LongPlanUnconfirmed(warned.minutes, warned.midnight)
    if command.long and not long:
        raise NotYourButton("stale")
    try:
        made = await create(
            uow,
            spec,
            chat_id=actor.chat_id,
            user_id=actor.user_id,
            now=actor.now,
            chat_title=command.chat_title,
            replacing=running is not None,
            planned=planned,
        )
    except ActiveTournamentExists:
        raise SetupRaced() from None
    await uow.setups.delete(actor.chat_id, actor.user_id)
    if running is not None:  # its pending reminders go with it
        await reminders.sync(uow, running.id, actor.now)
    await reminders.sync(uow, made.tournament_id, actor.now)
    made_ = Made(talk.answers.name or "", made.plan, running.name if running else None)
    return Outcome(made_, Effects(reminders=True))


async def _keep(uow: UnitOfWork, actor: Actor, talk: SetUp) -> None:
    await uow.setups.put(actor.chat_id, actor.user_id, talk.stored(), actor.now)
