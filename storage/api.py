"""Storage-level steps of the bot's use cases, each run inside the caller's unit of work.

None of these commit: the use case opens one unit of work per user action, calls one or
more of these, and commits once, so a failure anywhere leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.model import PlannedMatch
from storage.errors import (
    MatchNotFound,
    MatchSidesUnknown,
    NoActiveTournament,
    NoResultToCorrect,
    NothingToUndo,
    PlanConflict,
    ResultAlreadyRecorded,
    ResultConflict,
    UndoConflict,
)
from storage.records import (
    FirstEntry,
    MatchState,
    NewTournament,
    NextMatch,
    RecordOutcome,
    RecordResult,
    ReplanSummary,
    UndoOutcome,
)
from storage.uow import UnitOfWork


async def create_tournament(
    uow: UnitOfWork, new: NewTournament, at: datetime, *, replace_active: bool = False
) -> int:
    """Store a tournament with its teams, draw and plan; returns its id.

    With `replace_active` the chat's current tournament is archived first as 'replaced'
    (same transaction; it keeps everything and can be restored); otherwise an active one
    makes this raise ActiveTournamentExists, as does one created meanwhile by a racing
    transaction. Who may replace a running tournament is the caller's question.
    """
    if replace_active and (current := await uow.tournaments.active_for_chat(new.chat_id)):
        await uow.tournaments.archive(current.id, at, "replaced")
    tournament_id = await uow.tournaments.add(new, at)
    team_ids = await uow.teams.add_many(tournament_id, new.teams, new.groups)
    await uow.matches.add(tournament_id, new.plan, team_ids)
    return tournament_id


async def active_tournament_id(uow: UnitOfWork, chat_id: int) -> int:
    tournament = await uow.tournaments.active_for_chat(chat_id)
    if tournament is None:
        raise NoActiveTournament(chat_id)
    return tournament.id


async def record_result(uow: UnitOfWork, cmd: RecordResult) -> RecordOutcome:
    """First entry of a match's result; a repeated Telegram update is a no-op.

    No read on the way: claim the update id, claim the match (version bump), insert the
    result unless one exists (`_enter_first`); the database adds the audit row (trigger,
    migration 0003). The match's state is read only to explain a refusal (MatchNotFound,
    MatchSidesUnknown, ResultAlreadyRecorded, ResultConflict). Of two writers racing on
    one match the results primary key lets exactly one insert; the other is refused with
    the winner's score. A refusal can leave the claim in the transaction: let the unit of
    work roll back.
    """
    entry = await _enter_first(uow, cmd)
    if not entry.first_time:
        return await _duplicate(uow, cmd)
    if not entry.stored or entry.version is None:
        raise await _refusal(uow, cmd, expect_result=False)
    return RecordOutcome(cmd.match_no, cmd.score, None, entry.version)


async def _enter_first(uow: UnitOfWork, cmd: RecordResult) -> FirstEntry:
    """Claim the update id, then the match, then insert the result; stop at the first
    step that fails.

    PostgreSQL runs the three as one statement (`queries.FIRST_ENTRY_POSTGRESQL`), which
    saves two round trips to the server. SQLite has no data-modifying CTEs, so there they
    are three statements, with the same rules and outcomes (the tests run both).
    """
    if uow.dialect == "postgresql":
        return await uow.results.enter_first_in_one_statement(cmd)
    if not await _first_time(uow, cmd):
        return FirstEntry(first_time=False)
    claimed = await uow.matches.claim(cmd.tournament_id, cmd.match_no, cmd.expected_version)
    if claimed is None:
        return FirstEntry(first_time=True)
    stored = await uow.results.insert_if_absent(claimed.id, cmd)
    return FirstEntry(first_time=True, version=claimed.version, stored=stored)


async def correct_result(uow: UnitOfWork, cmd: RecordResult) -> RecordOutcome:
    """Replace a stored result; the database puts the replaced score in the audit trail.

    Unlike a first entry this reads the match first: the version it reads is the one the
    claim must still find, so two corrections that overlap in time cannot both pass (the
    later would silently overwrite the earlier).
    """
    if not await _first_time(uow, cmd):
        return await _duplicate(uow, cmd)
    match = await _match(uow, cmd)
    if match.result is None:
        raise NoResultToCorrect(cmd.match_no)
    seen = match.version if cmd.expected_version is None else cmd.expected_version
    claimed = None
    if seen == match.version:
        claimed = await uow.matches.claim(cmd.tournament_id, cmd.match_no, seen)
    if claimed is None:
        raise await _refusal(uow, cmd, expect_result=True)
    await uow.results.replace(claimed.id, cmd)
    return RecordOutcome(cmd.match_no, cmd.score, match.result, claimed.version)


async def _first_time(uow: UnitOfWork, cmd: RecordResult) -> bool:
    """Claim the update id in this transaction; False if it was applied before."""
    return cmd.update_id is None or await uow.updates.claim(cmd.update_id, cmd.at)


async def _duplicate(uow: UnitOfWork, cmd: RecordResult) -> RecordOutcome:
    """What a repeated update is answered with: the match as it stands."""
    match = await _match(uow, cmd)
    return RecordOutcome(cmd.match_no, match.result, None, match.version, duplicate=True)


async def _match(uow: UnitOfWork, cmd: RecordResult) -> MatchState:
    match = await uow.matches.state(cmd.tournament_id, cmd.match_no)
    if match is None:
        raise MatchNotFound(cmd.match_no)
    if not match.sides_known:
        raise MatchSidesUnknown(cmd.match_no)
    return match


async def _refusal(uow: UnitOfWork, cmd: RecordResult, *, expect_result: bool) -> Exception:
    """Why a result write was refused, read after the fact (the rare path).

    On PostgreSQL this is a new statement, so it sees what the faster writer committed.
    """
    match = await _match(uow, cmd)  # raises MatchNotFound / MatchSidesUnknown itself
    if not expect_result and match.result is not None:
        return ResultAlreadyRecorded(cmd.match_no, match.result, match.entered_by or 0)
    if expect_result and match.result is None:
        return NoResultToCorrect(cmd.match_no)
    reason = "someone else changed this match first"
    return ResultConflict(cmd.match_no, reason, match.result, match.entered_by)


async def undo_last(
    uow: UnitOfWork,
    tournament_id: int,
    user_id: int,
    at: datetime,
    update_id: int | None = None,
) -> UndoOutcome:
    """Revert `user_id`'s last result write in the tournament that is not undone yet: a
    first entry is deleted (the match is unplayed again), a correction puts back the score
    it replaced. A repeated Telegram update is a no-op answered with the undo it made.

    Refused with NothingToUndo when the user has no such write, and with UndoConflict
    when the match changed after it: its score is no longer the one the user wrote, or a
    later write of someone else stands (even one of the same score: undoing under it
    would discard that write too). Undoing again reverts the write before, and so on.

    The database audits the delete or update (triggers, migration 0004); the undo marks
    that audit row as the undo of the write (`undoes_id`, unique: a write is undone at
    most once) and stamps it with `user_id` and `at`. Like a correction it reads the
    match, then claims it at the version read, so a write in between makes it refuse. A
    refusal can leave the claims in the transaction: let the unit of work roll back.
    """
    if update_id is not None and not await uow.updates.claim(update_id, at):
        done = await uow.results.last_undone(tournament_id, user_id)
        if done is None:
            raise NothingToUndo(user_id)
        return UndoOutcome(done.match_no, done.new, done.old, duplicate=True)
    write = await uow.results.last_write(tournament_id, user_id)
    if write is None:
        raise NothingToUndo(user_id)
    match = await uow.matches.state(tournament_id, write.match_no)
    if match is None or match.result != write.new:
        raise UndoConflict(write.match_no, None if match is None else match.result)
    if await uow.matches.claim(tournament_id, write.match_no, match.version) is None:
        now = await uow.matches.state(tournament_id, write.match_no)
        raise UndoConflict(write.match_no, None if now is None else now.result)
    # Checked under the claim: no write of this match can commit in between any more.
    if await uow.results.superseded(write):
        raise UndoConflict(write.match_no, match.result)
    if write.old is None:
        await uow.results.delete(write.match_id)
    else:
        await uow.results.restore(write.match_id, write.old, user_id, at)
    await uow.results.stamp_undo(write, user_id, at)
    return UndoOutcome(write.match_no, write.new, write.old)


async def replan(
    uow: UnitOfWork, tournament_id: int, plan: Sequence[PlannedMatch]
) -> ReplanSummary:
    """Make the stored plan equal `plan` for every unplayed match, in one transaction.

    Played matches (those with a result) are never written: `plan` must carry them
    unchanged, otherwise PlanConflict. New match numbers are added, missing unplayed ones
    removed. Each write is conditional on the version read here, so a result entered in
    the meantime makes the re-plan fail instead of moving a played match.
    """
    stored = {m.match.no: m for m in await uow.matches.plan(tournament_id)}
    wanted = {m.no: m for m in plan}
    for no, old in stored.items():
        if old.result is not None and wanted.get(no) != old.match:
            raise PlanConflict(no, "a played match cannot be moved or removed")
    team_ids = await uow.teams.ids(tournament_id)
    moved, removed = [], []
    for no, old in stored.items():
        new = wanted.get(no)
        if new == old.match:
            continue
        done = (
            await uow.matches.remove(old.id, old.version)
            if new is None
            else await uow.matches.rewrite(old.id, old.version, new, team_ids)
        )
        if not done:
            raise PlanConflict(no, "the match changed while re-planning")
        (removed if new is None else moved).append(no)
    added = [m for no, m in sorted(wanted.items()) if no not in stored]
    await uow.matches.add(tournament_id, added, team_ids)
    return ReplanSummary(tuple(moved), tuple(m.no for m in added), tuple(removed))


async def next_match_for_captain(
    uow: UnitOfWork, chat_id: int, user_id: int, now: datetime
) -> NextMatch | None:
    """The next match of the team `user_id` captains in this chat's active tournament."""
    return await uow.matches.next_for_captain(chat_id, user_id, now)
