"""Reminder rows follow the plan: derive what is wanted now and write it, in the caller's
transaction.

Every change that can alter who should be reminded of what (a new tournament, a captain,
a knockout tie filled, a delay, the leads, a user who becomes reachable) calls `sync`
before its commit, so the rows can never disagree with the plan they came from. The
caller commits and then wakes the sender (`Services.reminders_changed`). See docs/reminders.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time

from bot.usecases import roles, snapshots
from bot.usecases.runner import Actor, Effects, Outcome, reads, writes
from domain.reminders import Audience, wanted
from domain.settings import TournamentSettings
from storage import UnitOfWork
from storage.records import StoredMatch, SyncSummary

DEFAULT_GROUP_LEADS = (30,)
DEFAULT_CAPTAIN_LEADS = (60,)


def leads(settings: TournamentSettings) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group leads, captain leads) in minutes (what /hatirlatma stores); the defaults
    when never set, an empty tuple when turned off."""
    # A season league tells the group the evening before instead (see `evening`).
    default_group = () if settings.season is not None else DEFAULT_GROUP_LEADS
    return (
        default_group if settings.group_leads is None else settings.group_leads,
        DEFAULT_CAPTAIN_LEADS if settings.captain_leads is None else settings.captain_leads,
    )


def evening(settings: TournamentSettings) -> time | None:
    """A season league's evening-before message to the group: its clock time (20:00 unless
    `/hatirlatma aksam 21:00` set another), None when turned off or not a season."""
    return None if settings.season is None else settings.evening


async def audience(uow: UnitOfWork, snap: snapshots.Snapshot) -> Audience:
    """Who the tournament's reminders may go to, as stored now (captains, reachable users)."""
    captains = await uow.teams.captains(snap.id)
    people = {user for users in captains.values() for user in users}
    people.add(snap.tournament.created_by)
    reachable = await uow.private_chats.reachable(people)
    group_leads, captain_leads = leads(snap.tournament.settings)
    return Audience(
        chat_id=snap.tournament.chat_id,
        organiser=snap.tournament.created_by,
        captains=captains,
        reachable=frozenset(reachable),
        group_leads=group_leads,
        captain_leads=captain_leads,
        evening=evening(snap.tournament.settings),
    )


def played(snap: snapshots.Snapshot) -> frozenset[int]:
    return frozenset(m.match.no for m in snap.matches if m.result is not None)


async def sync(
    uow: UnitOfWork, tournament_id: int, now: datetime, snap: snapshots.Snapshot | None = None
) -> SyncSummary:
    """Make the tournament's pending reminder rows what its plan wants at `now`.

    An archived tournament wants nothing: its pending rows go. No commit here: the change
    that made the rows stale and the rows themselves are written in one transaction.
    `snap`: the tournament as this unit of work has just read it after its last write,
    when the caller has it (else it is read here).
    """
    snap = snap or await snapshots.load(uow, tournament_id)
    if snap.tournament.status != "active":
        return await uow.reminders.sync(tournament_id, [], now)
    waiting = [(u.match.no, u.at) for u in snap.tournament.settings.undated]
    rows = wanted(snap.planned, played(snap), await audience(uow, snap), now, waiting)
    return await uow.reminders.sync(tournament_id, rows, now)


async def became_reachable(uow: UnitOfWork, user_id: int, now: datetime) -> tuple[int, ...]:
    """A user started the bot in private: remember it and, if new, re-derive the rows of
    the tournaments they captain (their captain reminders, the organiser's list) or
    created (nudges and that list now go to them privately, not to the group). The ids
    of the tournaments synced; () when the user was known already. No commit."""
    if not await uow.private_chats.add(user_id, now):
        return ()
    return await _sync_captained(uow, user_id, now)


async def became_unreachable(uow: UnitOfWork, user_id: int, now: datetime) -> tuple[int, ...]:
    """Telegram refused a private message (the user blocked the bot): forget the chat and
    re-derive the rows of the tournaments they captain or created. No commit."""
    await uow.private_chats.remove(user_id)
    return await _sync_captained(uow, user_id, now)


@dataclass(frozen=True)
class Unreachable:
    """Users Telegram refused private messages to (they blocked the bot)."""

    user_ids: tuple[int, ...]


@writes(claim=False)
async def unreachable(uow: UnitOfWork, command: Unreachable, actor: Actor) -> Outcome[None]:
    """Telegram refused private messages to these users: forget them, and their rows, in
    one committed unit of work (what a send that met Forbidden calls). No claim: it
    follows the change whose update was claimed."""
    for user_id in dict.fromkeys(command.user_ids):
        await became_unreachable(uow, user_id, actor.now)
    return Outcome(None, Effects(reminders=True))


@dataclass(frozen=True)
class Reachable:
    """Any private message: its sender can be written to in private from now on."""


@writes(claim=False)
async def reachable(uow: UnitOfWork, command: Reachable, actor: Actor) -> Outcome[bool]:
    """A private message from the actor: remember them (and re-derive their rows). True,
    and the reminder plan reloaded, when their rows changed. The update is not claimed:
    this runs before the message's own handler, which may claim it, and it is idempotent
    by itself (a known user changes nothing)."""
    synced = bool(await became_reachable(uow, actor.user_id, actor.now))
    return Outcome(synced, Effects(reminders=synced))


async def _sync_captained(uow: UnitOfWork, user_id: int, now: datetime) -> tuple[int, ...]:
    """Re-derive every tournament the user captains in or created."""
    captained = [c.tournament_id for c in await uow.teams.captaincies(user_id)]
    ids = tuple(dict.fromkeys([*captained, *await uow.tournaments.created_by(user_id)]))
    for tournament_id in ids:
        await sync(uow, tournament_id, now)
    return ids


@dataclass(frozen=True)
class Headcount:
    """A captain's answer to "Kaç kişisiniz?": their match and team, the squad size the
    organisers set, and whether the organiser can be told in private."""

    snapshot: snapshots.Snapshot
    match: StoredMatch
    team: str
    squad: int | None
    organiser_reachable: bool


HEADCOUNT = "say how many players came"  # the row of roles.TABLE


@dataclass(frozen=True)
class CountHeads:
    """hc:<match id>:<n> under a captain's reminder: the match it asked about."""

    match_id: int


@reads
async def headcount(uow: UnitOfWork, command: CountHeads, actor: Actor) -> Headcount | None:
    """The match (by id) in a tournament the presser captains in, if the count is theirs
    to give (the captain of one of its sides); None when no such tournament has it (the
    button outlived the tournament or the captaincy). NotAllowed: the match is not their
    team's (their captaincy moved to another team)."""
    for captaincy in await uow.teams.captaincies(actor.user_id):
        snap = await snapshots.load(uow, captaincy.tournament_id)
        stored = next((m for m in snap.matches if m.id == command.match_id), None)
        if stored is None:
            continue
        sides = tuple(t for t in (stored.match.home, stored.match.away) if t is not None)
        roles.require(HEADCOUNT, await roles.of_side(uow, snap.tournament, actor, sides=sides))
        organiser = snap.tournament.created_by
        squad = snap.tournament.settings.squad
        private = organiser in await uow.private_chats.reachable([organiser])
        return Headcount(snap, stored, captaincy.team, int(squad) if squad else None, private)
    return None
