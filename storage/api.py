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
    """First entry of a match's result. Refuses (ResultAlreadyRecorded / ResultConflict)
    when a result exists or the match changed meanwhile; a repeated update is a no-op."""
    if duplicate := await _seen(uow, cmd):
        return duplicate
    match = await _match(uow, cmd)
    if match.result is not None:
        raise ResultAlreadyRecorded(cmd.match_no, match.result, match.entered_by or 0)
    version = await _claim(uow, cmd, match)
    await uow.results.insert(match.id, cmd)
    await uow.results.audit(match.id, None, cmd)
    return RecordOutcome(cmd.match_no, cmd.score, None, version)


async def correct_result(uow: UnitOfWork, cmd: RecordResult) -> RecordOutcome:
    """Replace a stored result; the replaced score goes to the audit trail."""
    if duplicate := await _seen(uow, cmd):
        return duplicate
    match = await _match(uow, cmd)
    if match.result is None:
        raise NoResultToCorrect(cmd.match_no)
    version = await _claim(uow, cmd, match)
    await uow.results.replace(match.id, cmd)
    await uow.results.audit(match.id, match.result, cmd)
    return RecordOutcome(cmd.match_no, cmd.score, match.result, version)


async def _seen(uow: UnitOfWork, cmd: RecordResult) -> RecordOutcome | None:
    if cmd.update_id is None or await uow.updates.claim(cmd.update_id, cmd.at):
        return None
    match = await _match(uow, cmd)
    return RecordOutcome(cmd.match_no, match.result, None, match.version, duplicate=True)


async def _match(uow: UnitOfWork, cmd: RecordResult) -> MatchState:
    match = await uow.matches.state(cmd.tournament_id, cmd.match_no)
    if match is None:
        raise MatchNotFound(cmd.match_no)
    if not match.sides_known:
        raise MatchSidesUnknown(cmd.match_no)
    return match


async def _claim(uow: UnitOfWork, cmd: RecordResult, match: MatchState) -> int:
    """Bump the match version or refuse: the caller's view of the match is out of date."""
    expected = match.version if cmd.expected_version is None else cmd.expected_version
    if await uow.matches.bump_version(match.id, expected):
        return expected + 1
    now = await uow.matches.state(cmd.tournament_id, cmd.match_no)
    current = None if now is None else now.result
    who = None if now is None else now.entered_by
    reason = "someone else changed this match first"
    raise ResultConflict(cmd.match_no, reason, current, who)


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
