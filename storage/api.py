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
    PlanConflict,
    ResultAlreadyRecorded,
    ResultConflict,
)
from storage.records import (
    FirstEntry,
    MatchState,
    NewTournament,
    NextMatch,
    RecordOutcome,
    RecordResult,
    ReplanSummary,
)
from storage.uow import UnitOfWork


async def create_tournament(
    uow: UnitOfWork, new: NewTournament, at: datetime, *, replace_active: bool = False
) -> int:
    """Store a tournament with its teams, draw and plan; returns its id.

    With `replace_active` the chat's current tournament is archived first (same
    transaction); otherwise an active one makes this raise ActiveTournamentExists.
    """
    if replace_active and (current := await uow.tournaments.active_for_chat(new.chat_id)):
        await uow.tournaments.archive(current.id, at)
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
