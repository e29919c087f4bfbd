"""A captain's result (captains' results on) answered by the other side: [Onayla] makes it
count, [Reddet] drops it and tells both captains and the organisers.

Who may answer is the other side's captain, or an organiser when that side has no
captain; the pending result is the typed state bot.usecases.pending_results keeps.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.usecases import event_messages, events, roles, snapshots
from bot.usecases.errors import NotAllowed, NotOrganiser, NotYourButton
from bot.usecases.pending_results import CaptainResult, pending_of
from bot.usecases.results import CONFIRMING, Entered, Line, check, effects_of, find, oriented, store
from bot.usecases.roles import Role
from bot.usecases.runner import Actor, Outcome, writes
from domain import scores
from domain.model import PlannedMatch, Score
from storage import UnitOfWork
from storage.records import StoredMatch


@dataclass(frozen=True)
class Rejected:
    """A captain's result the other side refused: who entered it, and whom to tell (both
    sides' captains and the organisers, where the bot can write to them in private)."""

    match: PlannedMatch
    score: Score
    entered_by: int
    tell: tuple[int, ...]


@dataclass(frozen=True)
class CaptainsAnswer:
    """[Onayla] / [Reddet] under a captain's result: the captain who typed it."""

    entered_by: int


async def _pending_for(
    uow: UnitOfWork, actor: Actor, entered_by: int
) -> tuple[snapshots.Snapshot, CaptainResult, StoredMatch]:
    """The captain's pending result and its match, if `actor` may answer it: a captain of
    the other side, or an organiser when that side has no captain."""
    pending = pending_of(await uow.setups.get(actor.chat_id, entered_by))
    if not isinstance(pending, CaptainResult):
        raise NotYourButton("stale")
    snap = await snapshots.active(uow, actor.chat_id)
    stored = next((m for m in snap.matches if m.match.no == pending.match), None)
    team = await uow.teams.captain_of(snap.id, entered_by)
    if stored is None or stored.result is not None or team is None:
        raise NotYourButton("stale")
    other = stored.match.away if team == stored.match.home else stored.match.home
    mine = await uow.teams.captain_of(snap.id, actor.user_id)
    if mine == other and actor.user_id != entered_by:
        role = Role.OTHER_CAPTAIN  # the other side's captain, whatever else they are
    elif mine == team:
        role = Role.CAPTAIN
    else:
        role = await roles.of(uow, snap.tournament, actor)
        if not (await uow.teams.captains(snap.id)).get(other or ""):
            # Nobody captains the other side: an organiser answers for it.
            if roles.is_organiser(role):
                return snap, pending, stored
            raise NotOrganiser(
                "only organisers answer for a side without captains", action=CONFIRMING
            )
    try:
        roles.require(CONFIRMING, role)
    except NotAllowed:
        raise NotYourButton("other_captain") from None
    return snap, pending, stored


@writes(claim=False)
async def confirm_captain(
    uow: UnitOfWork, command: CaptainsAnswer, actor: Actor
) -> Outcome[Entered]:
    """[Onayla] under a captain's result: the other side's captain makes it count; it is
    stored as the captain's entry, and the press's update is its claim."""
    snap, pending, _stored = await _pending_for(uow, actor, command.entered_by)
    parsed = scores.parse_result(pending.text, snap.teams)
    stored, swap = find(snap, parsed.home, parsed.away)
    line = Line(stored, check(stored.match, oriented(parsed.score, swap)))
    entered = await store(uow, snap, line, actor, entered_by=command.entered_by)
    if pending.events:  # his side's scorers and cards, typed with it: stored with it
        now = entered.snapshot
        played = next(m for m in now.matches if m.match.no == stored.match.no)
        notes = event_messages.notes_of(pending.events, now.teams)
        captain = dataclasses.replace(actor, user_id=command.entered_by)
        team = pending.team or None
        done = await events.record(
            uow, now, played, notes, captain, first=pending.first or None, team=team
        )
        entered = await event_messages.entered_with(uow, entered, events.Placed(done))
    await uow.setups.delete(actor.chat_id, command.entered_by)
    return Outcome(entered, effects_of(entered))


@writes
async def reject_captain(uow: UnitOfWork, command: CaptainsAnswer, actor: Actor) -> Rejected:
    """[Reddet] under a captain's result: nothing is stored; both captains and the
    organisers are told."""
    snap, pending, stored = await _pending_for(uow, actor, command.entered_by)
    await uow.setups.delete(actor.chat_id, command.entered_by)
    captains = await uow.teams.captains(snap.id)
    people = [u for t in (stored.match.home, stored.match.away) for u in captains.get(t or "", ())]
    people += [snap.tournament.created_by, *await uow.tournaments.organisers(snap.id)]
    reachable = await uow.private_chats.reachable(set(people))
    tell = tuple(u for u in dict.fromkeys(people) if u in reachable)
    parsed = scores.parse_result(pending.text, snap.teams)
    _, swap = find(snap, parsed.home, parsed.away)
    return Rejected(stored.match, oriented(parsed.score, swap), command.entered_by, tell)
