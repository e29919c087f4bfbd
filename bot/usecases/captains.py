"""Captains: who may claim a team, who decides a claim, who sets and removes captains.

A claim of a team without a captain is accepted at once (the organisers are told in
private); a claim of a team that has one, and any claim while captains may enter results,
is stored and waits for an organiser's [Onayla] or [Reddet]; until then the team keeps its
captains. The creator, /yetkili organisers and chat administrators claim, set and remove
captains directly. Whoever becomes a captain leaves the team they captained before.

A waiting claim lives in the claimant's conversation slot of the chat (`uow.setups`,
kind CLAIM); /iptal withdraws it. The tables in docs/permissions.md are tested against
these functions (tests/usecases/test_captains_permissions.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from bot.usecases import ask, reminders, roles, state, units
from bot.usecases.errors import (
    ConversationOpen,
    NoCaptains,
    NotOrganiser,
    StaleCaptainButton,
)
from bot.usecases.units import Actor, Done, Effects
from domain import names
from storage import Database, UnitOfWork

if TYPE_CHECKING:
    pass

CLAIM = "captain_claim"


class Outcome(StrEnum):
    ACCEPTED = "accepted"  # the claimant captains the team now
    ALREADY = "already"  # they did already: nothing changed
    WAITS = "waits"  # stored; an organiser decides


@dataclass(frozen=True)
class Claim:
    outcome: Outcome
    team: str
    team_index: int  # the team's place in the snapshot's teams (the buttons carry it)
    tournament_id: int
    tournament_name: str
    user_id: int
    name: str
    previous: str | None = None  # the team the claimant captained before, now left
    captained: bool = False  # the team had a captain when the claim came
    results_on: bool = False  # captains may enter results (every claim waits)
    tell: tuple[int, ...] = ()  # organisers to tell in private (reachable, not the actor)


@dataclass(frozen=True)
class Decision:
    approved: bool
    team: str
    user_id: int  # the claimant
    name: str
    previous: str | None = None


@dataclass(frozen=True)
class Assigned:
    team: str
    name: str
    previous: str | None  # the team the person captained before (None: none, or this one)
    already: bool = False


@dataclass(frozen=True)
class Removed:
    team: str
    users: tuple[int, ...]
    tournament_name: str
    name: str | None = None  # the one person removed by a reply
    tell: tuple[int, ...] = ()  # the removed people the bot may write to in private


@dataclass(frozen=True)
class Picker:
    tournament_id: int
    teams: tuple[str, ...]


# --- claims -------------------------------------------------------------------------------


async def claim(db: Database, actor: Actor, wanted: str) -> Done[Claim]:
    """/kaptan Takım: the sender claims the team they name."""
    return await _claiming(db, actor, lambda snap: names.resolve(wanted, snap.teams))


async def claim_listed(db: Database, actor: Actor, tournament_id: int, index: int) -> Done[Claim]:
    """A press of the team picker: the presser claims the team at `index` of the list the
    picker showed for `tournament_id` (a picker of an earlier tournament is stale)."""

    def pick(snap: state.Snapshot) -> str:
        if snap.id != tournament_id or not 0 <= index < len(snap.teams):
            raise StaleCaptainButton("picker")
        return snap.teams[index]

    return await _claiming(db, actor, pick)


async def _claiming(
    db: Database, actor: Actor, pick: Callable[[state.Snapshot], str]
) -> Done[Claim]:
    """First as a non-administrator: a claim that is accepted anyway needs no Telegram
    round trip. A claim that would wait asks whether the sender administers the chat
    (units.write, outside the transaction); only a non-administrator's claim waits."""
    try:
        done = await units.write(db, actor, lambda uow, admin: _claim(uow, actor, pick, admin))
    except NotOrganiser:
        done = await units.write(
            db, actor, lambda uow, admin: _claim(uow, actor, pick, admin, may_wait=True)
        )
    return Done(done, _claim_effects(done))


def _claim_effects(done: Claim) -> Effects:
    return Effects(reminders=done.outcome is Outcome.ACCEPTED)


async def _claim(
    uow: UnitOfWork,
    actor: Actor,
    pick: Callable[[state.Snapshot], str],
    admin: bool,
    *,
    may_wait: bool = False,
) -> Claim:
    snap = await state.active(uow, actor.chat_id)
    team = pick(snap)
    current = await uow.teams.captain_of(snap.id, actor.user_id)
    captains = (await uow.teams.captains(snap.id)).get(team, ())
    results_on = snap.tournament.settings.captains_may_enter_results
    base = Claim(
        Outcome.ALREADY,
        team,
        snap.teams.index(team),
        snap.id,
        snap.tournament.name,
        actor.user_id,
        actor.name,
        captained=bool(captains),
        results_on=results_on,
    )
    if current == team:
        return base
    organiser = await organises(uow, snap, actor.user_id, admin)
    if organiser or (not captains and not results_on):
        # A free team goes to its first claimant only: a concurrent claim that got there
        # first makes this one wait.
        if await _make_captain(uow, snap, team, actor.user_id, actor.now, first=not organiser):
            tell = () if organiser else await _organisers(uow, snap, actor.user_id)
            return replace(base, outcome=Outcome.ACCEPTED, previous=current, tell=tell)
        base = replace(base, captained=True)
    if not may_wait:
        raise NotOrganiser("this claim waits, unless a chat administrator makes it")
    pending = await uow.setups.get(actor.chat_id, actor.user_id)
    if pending is not None and pending.get("kind") != CLAIM:
        raise ConversationOpen(team)
    stored = {
        "kind": CLAIM,
        "tournament": snap.id,
        "team": team,
        "index": base.team_index,
        "name": actor.name,
        "at": actor.now.isoformat(),
    }
    await uow.setups.put(actor.chat_id, actor.user_id, stored, actor.now)
    return replace(base, outcome=Outcome.WAITS, tell=await _organisers(uow, snap, actor.user_id))


async def decide(
    db: Database,
    actor: Actor,
    *,
    claimant: int,
    tournament_id: int,
    team_index: int,
    approve: bool,
) -> Done[Decision]:
    """[Onayla] / [Reddet] under a waiting claim: an organiser's decision, once."""
    done = await units.write(
        db,
        actor,
        lambda uow, admin: _decide(uow, actor, claimant, tournament_id, team_index, approve, admin),
    )
    return Done(done, Effects(reminders=done.approved))


async def _decide(
    uow: UnitOfWork,
    actor: Actor,
    claimant: int,
    tournament_id: int,
    team_index: int,
    approve: bool,
    admin: bool,
) -> Decision:
    snap = await state.active(uow, actor.chat_id)
    pending = await uow.setups.get(actor.chat_id, claimant)
    if (
        snap.id != tournament_id
        or pending is None
        or pending.get("kind") != CLAIM
        or pending.get("tournament") != tournament_id
        or pending.get("index") != team_index
        or not 0 <= team_index < len(snap.teams)
        or snap.teams[team_index] != pending.get("team")
    ):
        raise StaleCaptainButton("claim")
    roles.require(
        "approve or reject a captain's claim",
        await roles.of_user(uow, snap.tournament, actor.user_id, chat_admin=admin),
    )
    team, name = str(pending["team"]), str(pending.get("name") or "")
    await uow.setups.delete(actor.chat_id, claimant)
    if not approve:
        return Decision(False, team, claimant, name)
    previous = await uow.teams.captain_of(snap.id, claimant)
    if previous != team:
        await _make_captain(uow, snap, team, claimant, actor.now)
    return Decision(True, team, claimant, name, None if previous == team else previous)


# --- organisers set and remove captains -----------------------------------------------------


async def assign(
    db: Database, actor: Actor, wanted: str, target_id: int, target_name: str
) -> Done[Assigned]:
    """/kaptan Takım as a reply: an organiser makes the replied-to person a captain."""

    async def action(uow: UnitOfWork, admin: bool) -> Assigned:
        snap = await state.active(uow, actor.chat_id)
        roles.require(
            "make someone a captain",
            await roles.of_user(uow, snap.tournament, actor.user_id, chat_admin=admin),
        )
        team = names.resolve(wanted, snap.teams)
        previous = await uow.teams.captain_of(snap.id, target_id)
        if previous == team:
            return Assigned(team, target_name, None, already=True)
        await _make_captain(uow, snap, team, target_id, actor.now)
        return Assigned(team, target_name, previous)

    done = await units.write(db, actor, action)
    return Done(done, Effects(reminders=not done.already))


async def remove(
    db: Database,
    actor: Actor,
    wanted: str,
    target_id: int | None = None,
    target_name: str | None = None,
) -> Done[Removed]:
    """/kaptan_sil Takım (all of the team's captains) or, as a reply, that one person."""

    async def action(uow: UnitOfWork, admin: bool) -> Removed:
        snap = await state.active(uow, actor.chat_id)
        roles.require(
            "remove captains",
            await roles.of_user(uow, snap.tournament, actor.user_id, chat_admin=admin),
        )
        if target_id is not None:
            team = await uow.teams.captain_of(snap.id, target_id)
            if team is None:
                raise NoCaptains(name=target_name)
            await uow.teams.remove_captain(snap.id, target_id)
            users: tuple[int, ...] = (target_id,)
        else:
            team = names.resolve(wanted, snap.teams)
            users = await uow.teams.remove_captains(snap.id, team)
            if not users:
                raise NoCaptains(team=team)
        await reminders.sync(uow, snap.id, actor.now)
        reachable = await uow.private_chats.reachable(users)
        tell = tuple(u for u in users if u in reachable and u != actor.user_id)
        return Removed(team, users, snap.tournament.name, target_name, tell)

    return Done(await units.write(db, actor, action), Effects(reminders=True))


# --- reads: the picker and captains' questions ----------------------------------------------


async def picker(db: Database, chat_id: int) -> Picker:
    """The teams of the chat's tournament, for the team buttons."""
    snap = await units.read(db, lambda uow: state.active(uow, chat_id))
    return Picker(snap.id, snap.teams)


async def quick_next(db: Database, chat_id: int, user_id: int, now: datetime) -> ask.Answer | None:
    return await units.read(db, lambda uow: ask.quick_next(uow, chat_id, user_id, now))


async def in_tournament(
    db: Database, user_id: int, tournament_id: int, now: datetime
) -> ask.Answer:
    """The private tournament choice: the presser's team there, if they still captain one
    (else the button is stale: the tournament ended, or their captaincy did)."""

    async def read(uow: UnitOfWork) -> ask.Answer:
        found = [
            c for c in await uow.teams.captaincies(user_id) if c.tournament_id == tournament_id
        ]
        if not found:
            raise StaleCaptainButton("question")
        return await ask.for_team(uow, tournament_id, found[0].team, now)

    return await units.read(db, read)


# --- shared -------------------------------------------------------------------------------


async def organises(uow: UnitOfWork, snap: state.Snapshot, user_id: int, admin: bool) -> bool:
    return roles.is_organiser(await roles.of_user(uow, snap.tournament, user_id, chat_admin=admin))


async def _make_captain(
    uow: UnitOfWork,
    snap: state.Snapshot,
    team: str,
    user_id: int,
    now: datetime,
    *,
    first: bool = False,
) -> bool:
    """`user_id` captains `team` from now on (leaving any other team of theirs); their
    waiting claim, if any, is settled by it. TooManyCaptains when the team is full;
    False, and nothing changed, when `first` and the team has a captain by now."""
    if not await uow.teams.add_captain(snap.id, team, user_id, first=first, leave=True):
        return False
    pending = await uow.setups.get(snap.tournament.chat_id, user_id)
    if pending is not None and pending.get("kind") == CLAIM:
        await uow.setups.delete(snap.tournament.chat_id, user_id)
    await reminders.sync(uow, snap.id, now)
    return True


async def _organisers(uow: UnitOfWork, snap: state.Snapshot, actor: int) -> tuple[int, ...]:
    """The creator and the /yetkili organisers the bot may write to in private, in that
    order, without the actor (chat administrators are not stored: Telegram knows them)."""
    people = dict.fromkeys([snap.tournament.created_by, *await uow.tournaments.organisers(snap.id)])
    people.pop(actor, None)
    reachable = await uow.private_chats.reachable(people)
    return tuple(u for u in people if u in reachable)
