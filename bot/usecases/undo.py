"""/geri_al: the organiser's last change goes back, whatever it was: a result (a forfeit is
one), or a withdrawal whole (its awarded forfeits undone one by one, its removed matches
planned again). Nothing stored is deleted: the audit trail keeps what was undone.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.usecases import goal_choices, reminders, results, roles, snapshots
from bot.usecases.errors import UndoBlocked
from bot.usecases.runner import Actor, claim_update, writes
from domain.model import PlannedMatch, Score
from domain.settings import Withdrawal
from storage import UnitOfWork
from storage.records import StoredEvent


@dataclass(frozen=True)
class Undone:
    match: PlannedMatch
    removed: Score
    restored: Score | None
    snapshot: snapshots.Snapshot
    events_removed: int = 0  # its scorers' and cards' rows taken back with it
    gone: tuple[StoredEvent, ...] = ()  # which, when an earlier score stands again
    # An earlier score standing again whose side's scorers differ: which goals go?
    asked: goal_choices.Question | None = None


async def undo(uow: UnitOfWork, snap: snapshots.Snapshot, actor: Actor) -> Undone:
    """Revert the actor's last result write in `snap`'s tournament, unless later play
    builds on it (the caller asked who may). The undo's own write claims the update id."""
    outcome = await uow.results.undo_last(snap.id, actor.user_id, actor.now, actor.update_id)
    after = await snapshots.load(uow, snap.id, snap.tournament, snap.groups)
    match = next(m for m in after.matches if m.match.no == outcome.match_no)
    if _decided_later_play(after, match.match):
        raise UndoBlocked(match.match)
    if await results.fill_knockout(uow, after):  # a knockout side un-filled: its reminders follow
        after = await snapshots.load(uow, snap.id, snap.tournament, snap.groups)
        await reminders.sync(uow, snap.id, actor.now, after)
    if outcome.restored is not None:  # an earlier score: its goals above it, as a correction's
        done = await goal_choices.settle(uow, after, match.match.no, actor)
        gone, after = done.dropped, done.snapshot
        return Undone(
            match.match, outcome.removed, outcome.restored, after, len(gone), gone, done.asked
        )
    gone = after.events_of(match.match.no)
    if gone:  # its scorers and cards go with it (marked, never deleted)
        await uow.players.delete_events(
            [e.id for e in gone], by=actor.user_id, at=actor.now, update_id=actor.update_id
        )
        left = tuple(e for e in after.events if e not in gone)
        after = dataclasses.replace(after, events=left)
    return Undone(match.match, outcome.removed, None, after, len(gone))


def _decided_later_play(snap: snapshots.Snapshot, match: PlannedMatch) -> bool:
    """A knockout result already stands on this match's outcome (its group, or its winner)."""
    played_knockout = [m for m in snap.matches if m.match.stage.is_knockout and m.result]
    if not match.stage.is_knockout:
        return bool(played_knockout)
    codes = {f"W{match.no}", f"L{match.no}"}
    return any({m.match.home_from, m.match.away_from} & codes for m in played_knockout)


@dataclass(frozen=True)
class Reinstated:
    """/geri_al after /cekil: the team is back with the matches it had."""

    team: str
    matches: int
    league: bool  # one table, no knockout: back in the league, else the tournament


# --- /geri_al ------------------------------------------------------------------------------


@dataclass(frozen=True)
class UndoLast:
    """/geri_al."""


@writes(claim=False, replanned=True)
async def undo_last(uow: UnitOfWork, command: UndoLast, actor: Actor) -> Undone | Reinstated:
    """/geri_al: the organiser's last change goes back. A withdrawal made after their last
    standing result write goes back whole (its awarded forfeits undone one by one, its
    removed matches planned again); anything else is the plain result undo, whose write
    claims the update id (the withdrawal's claims it here)."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(results.UNDOING, await roles.of(uow, snap.tournament, actor))
    mine = [w for w in snap.tournament.settings.withdrawn if w.by == actor.user_id]
    last = await uow.results.last_write(snap.id, actor.user_id)
    if mine:
        record = max(mine, key=lambda w: (w.at, w.team))
        if record.after == (None if last is None else last.audit_id):
            await claim_update(uow, actor)
            return await _reinstate(uow, snap, record, actor)
    return await undo(uow, snap, actor)


async def _reinstate(
    uow: UnitOfWork, snap: snapshots.Snapshot, record: Withdrawal, actor: Actor
) -> Reinstated:
    for no in reversed(record.awarded):
        outcome = await uow.results.undo_last(snap.id, actor.user_id, actor.now)
        if outcome.match_no != no:  # pragma: no cover - `after` said they were the latest
            raise RuntimeError(f"undid match {outcome.match_no}, expected {no}")
    removed = record.removed
    waited = {u.match.no for u in record.undated}  # back to waiting for a date
    if removed or waited:
        plan = [m for m in snap.planned if m.no not in waited]
        await uow.matches.replan(snap.id, [*plan, *removed])
    settings = snap.tournament.settings
    withdrawn = tuple(w for w in settings.withdrawn if w.team != record.team)
    undated = (*settings.undated, *record.undated)
    tournament = await uow.tournaments.update_settings(
        snap.id, withdrawn=withdrawn, undated=undated
    )
    after = await snapshots.load(uow, snap.id, tournament, snap.groups)
    if await results.fill_knockout(uow, after):  # sides the withdrawal decided go back
        after = await snapshots.load(uow, snap.id, tournament, snap.groups)
    await reminders.sync(uow, snap.id, actor.now, after)
    return Reinstated(
        record.team,
        len(record.awarded) + len(removed) + len(record.undated) * record.annulled,
        after.is_league,
    )


@dataclass(frozen=True)
class UndoResult:
    """/geri_al for a result only (the permission cells of "undo the last result")."""


@writes(claim=False, replanned=True)
async def undo_result(uow: UnitOfWork, command: UndoResult, actor: Actor) -> Undone:
    """/geri_al, by an organiser: their last result write is reverted."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(results.UNDOING, await roles.of(uow, snap.tournament, actor))
    return await undo(uow, snap, actor)
