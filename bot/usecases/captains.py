"""Captains: who may claim a team, who decides a claim, who sets and removes captains.

A claim of a team without a captain is accepted at once (the organisers are told in
private); a claim of a team that has one, and any claim while captains may enter results,
is stored and waits for an organiser's [Onayla] or [Reddet]; until then the team keeps its
captains. The creator, /yetkili organisers and chat administrators claim, set and remove
captains directly. Whoever becomes a captain leaves the team they captained before.

A waiting claim lives in the claimant's conversation slot of the chat (`uow.setups`, a
PendingClaim of kind CLAIM); /iptal withdraws it. Who may is bot.usecases.roles' table,
the rows named below; docs/permissions.md shows it, and its cells are tested against
these use cases (tests/usecases/test_captains_permissions.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.usecases import questions, reminders, roles, runner, snapshots
from bot.usecases.errors import ConversationOpen, NoCaptains, NotOrganiser, StaleCaptainButton
from bot.usecases.runner import Actor, Effects, reads, writes
from domain import names
from storage import UnitOfWork

CLAIM = "captain_claim"

# The rows of roles.TABLE these use cases questions.
CLAIM_FREE = "claim a team that has no captain"
CLAIM_TAKEN = "claim a team that has a captain"
CLAIM_RESULTS_ON = "claim any team, captains' results on"
DECIDE = "approve or reject a captain's claim"
ASSIGN = "make someone a captain"
REMOVE = "remove captains"


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


# The team buttons: the tournament they list and its teams, in the order the buttons
# carry (cap:<tournament>:<index>); nothing is stored for them.
Picker = questions.PickTeam


@dataclass(frozen=True)
class PendingClaim:
    """A claim waiting for an organiser's [Onayla] / [Reddet]: the claimant's conversation
    in the chat (kind CLAIM), naming the tournament, the team and its place in the list
    the buttons carry, and the claimant's name for the decision's words."""

    tournament: int | None
    team: str
    index: int | None
    name: str
    at: str  # when it was claimed, ISO 8601

    def stored(self) -> dict[str, Any]:
        return {"kind": CLAIM, **asdict(self)}

    @classmethod
    def read(cls, state: dict[str, Any] | None) -> PendingClaim | None:
        """The claim a stored conversation holds (None: none, or another kind)."""
        if state is None or state.get("kind") != CLAIM:
            return None
        return cls(
            tournament=state.get("tournament"),
            team=str(state.get("team") or ""),
            index=state.get("index"),
            name=str(state.get("name") or ""),
            at=str(state.get("at") or ""),
        )


# --- claims -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClaimTeam:
    """/kaptan Takım, as typed after the command."""

    wanted: str


@dataclass(frozen=True)
class ClaimListed:
    """A press of the team picker: the tournament it listed and the team's place there."""

    tournament_id: int
    index: int


@writes(rerun=True)
async def claim(uow: UnitOfWork, command: ClaimTeam, actor: Actor) -> runner.Outcome[Claim]:
    """/kaptan Takım: the sender claims the team they name."""
    done = await _claim(uow, actor, lambda snap: names.resolve(command.wanted, snap.teams))
    return runner.Outcome(done, _claim_effects(done))


@writes(rerun=True)
async def claim_listed(
    uow: UnitOfWork, command: ClaimListed, actor: Actor
) -> runner.Outcome[Claim]:
    """A press of the team picker: the presser claims the team at `index` of the list the
    picker showed for `tournament_id` (a picker of an earlier tournament is stale)."""

    def pick(snap: snapshots.Snapshot) -> str:
        if snap.id != command.tournament_id or not 0 <= command.index < len(snap.teams):
            raise StaleCaptainButton("picker")
        return snap.teams[command.index]

    done = await _claim(uow, actor, pick)
    return runner.Outcome(done, _claim_effects(done))


def _claim_effects(done: Claim) -> Effects:
    return Effects(reminders=done.outcome is Outcome.ACCEPTED)


async def _claim(uow: UnitOfWork, actor: Actor, pick: Callable[[snapshots.Snapshot], str]) -> Claim:
    """A claim that is accepted anyway needs no Telegram round trip; one that would wait
    is NotOrganiser until the sender's chat-admin answer is known (the runner asks,
    outside the transaction, and runs a `rerun` verb again whatever the answer): only a
    non-administrator's waits."""
    snap = await snapshots.active(uow, actor.chat_id)
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
    role = await roles.of(uow, snap.tournament, actor, team=team)
    action = CLAIM_RESULTS_ON if results_on else CLAIM_TAKEN if captains else CLAIM_FREE
    organiser = roles.is_organiser(role)
    if _allowed_or_waits(action, role, actor) == "allowed":
        # A free team goes to its first claimant only: a concurrent claim that got there
        # first makes this one a claim of a team that has a captain.
        if await _make_captain(uow, snap, team, actor.user_id, actor.now, first=not organiser):
            tell = () if organiser else await _organisers(uow, snap, actor.user_id)
            return replace(base, outcome=Outcome.ACCEPTED, previous=current, tell=tell)
        base = replace(base, captained=True)
        _allowed_or_waits(CLAIM_TAKEN, role, actor)  # waits: they are no organiser
    pending = await uow.setups.get(actor.chat_id, actor.user_id)
    if pending is not None and PendingClaim.read(pending) is None:
        raise ConversationOpen(team)  # a set-up or a result entry the claim would overwrite
    waiting = PendingClaim(snap.id, team, base.team_index, actor.name, actor.now.isoformat())
    await uow.setups.put(actor.chat_id, actor.user_id, waiting.stored(), actor.now)
    return replace(base, outcome=Outcome.WAITS, tell=await _organisers(uow, snap, actor.user_id))


def _allowed_or_waits(action: str, role: roles.Role, actor: Actor) -> roles.Cell:
    """`roles.require`, but a "waits" that a chat administrator would not wait for is
    NotOrganiser while the actor's chat-admin answer is not settled."""
    cell = roles.require(action, role)
    if cell == "waits" and not actor.admin_settled:
        raise NotOrganiser(f"{action}: waits, unless a chat administrator", action=action)
    return cell


@dataclass(frozen=True)
class Decide:
    """[Onayla] / [Reddet] under a waiting claim: kc:ok|no:<claimant>:<tournament>:<team>."""

    claimant: int
    tournament_id: int
    team_index: int
    approve: bool


@writes
async def decide(uow: UnitOfWork, command: Decide, actor: Actor) -> runner.Outcome[Decision]:
    """[Onayla] / [Reddet] under a waiting claim: an organiser's decision, once."""
    snap = await snapshots.active(uow, actor.chat_id)
    pending = PendingClaim.read(await uow.setups.get(actor.chat_id, command.claimant))
    index = command.team_index
    if (
        snap.id != command.tournament_id
        or pending is None
        or pending.tournament != command.tournament_id
        or pending.index != index
        or not 0 <= index < len(snap.teams)
        or snap.teams[index] != pending.team
    ):
        raise StaleCaptainButton("claim")
    roles.require(DECIDE, await roles.of(uow, snap.tournament, actor))
    team, name, claimant = pending.team, pending.name, command.claimant
    await uow.setups.delete(actor.chat_id, claimant)
    if not command.approve:
        return runner.Outcome(Decision(False, team, claimant, name))
    previous = await uow.teams.captain_of(snap.id, claimant)
    if previous != team:
        await _make_captain(uow, snap, team, claimant, actor.now)
    decision = Decision(True, team, claimant, name, None if previous == team else previous)
    return runner.Outcome(decision, Effects(reminders=True))


# --- organisers set and remove captains -----------------------------------------------------


@dataclass(frozen=True)
class Assign:
    """/kaptan Takım as a reply: the team as typed, and the person replied to."""

    wanted: str
    target_id: int
    target_name: str


@writes
async def assign(uow: UnitOfWork, command: Assign, actor: Actor) -> runner.Outcome[Assigned]:
    """/kaptan Takım as a reply: an organiser makes the replied-to person a captain."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(ASSIGN, await roles.of(uow, snap.tournament, actor))
    team = names.resolve(command.wanted, snap.teams)
    previous = await uow.teams.captain_of(snap.id, command.target_id)
    if previous == team:
        return runner.Outcome(Assigned(team, command.target_name, None, already=True))
    await _make_captain(uow, snap, team, command.target_id, actor.now)
    return runner.Outcome(Assigned(team, command.target_name, previous), Effects(reminders=True))


@dataclass(frozen=True)
class Remove:
    """/kaptan_sil Takım (every captain of the team) or, as a reply, that one person."""

    wanted: str
    target_id: int | None = None
    target_name: str | None = None


@writes
async def remove(uow: UnitOfWork, command: Remove, actor: Actor) -> runner.Outcome[Removed]:
    """/kaptan_sil Takım (all of the team's captains) or, as a reply, that one person."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(REMOVE, await roles.of(uow, snap.tournament, actor))
    if command.target_id is not None:
        team = await uow.teams.captain_of(snap.id, command.target_id)
        if team is None:
            raise NoCaptains(name=command.target_name)
        await uow.teams.remove_captain(snap.id, command.target_id)
        users: tuple[int, ...] = (command.target_id,)
    else:
        team = names.resolve(command.wanted, snap.teams)
        users = await uow.teams.remove_captains(snap.id, team)
        if not users:
            raise NoCaptains(team=team)
    await reminders.sync(uow, snap.id, actor.now)
    reachable = await uow.private_chats.reachable(users)
    tell = tuple(u for u in users if u in reachable and u != actor.user_id)
    removed = Removed(team, users, snap.tournament.name, command.target_name, tell)
    return runner.Outcome(removed, Effects(reminders=True))


# --- reads: the picker and a private question's tournament ----------------------------------


@dataclass(frozen=True)
class ShowPicker:
    """Bare /kaptan: the team buttons."""


@reads
async def picker(uow: UnitOfWork, command: ShowPicker, actor: Actor) -> Picker:
    """The teams of the chat's tournament, for the team buttons."""
    snap = await snapshots.active(uow, actor.chat_id)
    return Picker(snap.teams, snap.id)


@dataclass(frozen=True)
class Chosen:
    """The tournament a private question's button names (q:<tournament id>)."""

    tournament_id: int


@reads
async def in_tournament(uow: UnitOfWork, command: Chosen, actor: Actor) -> questions.Answer:
    """The private tournament choice: the presser's team there, if they still captain one
    (else the button is stale: the tournament ended, or their captaincy did)."""
    found = [
        c
        for c in await uow.teams.captaincies(actor.user_id)
        if c.tournament_id == command.tournament_id
    ]
    if not found:
        raise StaleCaptainButton("question")
    return await questions.for_team(uow, command.tournament_id, found[0].team, actor.now)


# --- shared -------------------------------------------------------------------------------


async def _make_captain(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
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
    if PendingClaim.read(await uow.setups.get(snap.tournament.chat_id, user_id)) is not None:
        await uow.setups.delete(snap.tournament.chat_id, user_id)
    await reminders.sync(uow, snap.id, now)
    return True


async def _organisers(uow: UnitOfWork, snap: snapshots.Snapshot, actor: int) -> tuple[int, ...]:
    """The creator and the /yetkili organisers the bot may write to in private, in that
    order, without the actor (chat administrators are not stored: Telegram knows them)."""
    people = dict.fromkeys([snap.tournament.created_by, *await uow.tournaments.organisers(snap.id)])
    people.pop(actor, None)
    reachable = await uow.private_chats.reachable(people)
    return tuple(u for u in people if u in reachable)
