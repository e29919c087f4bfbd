"""Planned matches and their results: the plan, optimistic (versioned) changes, the
next-match look-up, result writes and their audit trail (every write, with the score it
replaced).

The statements the bot runs on nearly every message are built once, as Core statements
with bind parameters over table columns: building them per call and going through ORM
entity loading cost more than the database work itself. The audit rows are written by
the database itself, by triggers on `results` (migrations 0003 and 0004): every insert,
update or delete of a result leaves one, whichever code path wrote it. An undo marks the
row its own write left (`stamp_undo`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import (
    ColumnElement,
    and_,
    bindparam,
    delete,
    exists,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.model import PlannedMatch, Score
from storage.errors import (
    MatchNotFound,
    MatchSidesUnknown,
    NoResultToCorrect,
    NothingToUndo,
    PlanConflict,
    ResultAlreadyRecorded,
    ResultConflict,
    TeamNotFound,
    UndoConflict,
)
from storage.mapping import (
    PLANNED_COLUMNS,
    SCORE_COLUMNS,
    STORED_MATCH_COLUMNS,
    match_columns,
    planned_match,
    score_columns,
    score_from,
    stored_matches,
)
from storage.records import (
    AuditedWrite,
    AuditEntry,
    RecordOutcome,
    RecordResult,
    ReplanSummary,
    StoredMatch,
    UndoOutcome,
)
from storage.repositories.bookkeeping import UpdateRepository
from storage.rows import (
    CaptainRow,
    MatchRow,
    ProcessedUpdateRow,
    ResultAuditRow,
    ResultRow,
    TeamRow,
    TournamentRow,
)
from storage.sql import ACTIVE, Repository, insert_if_absent, json_rows


class MatchRepository(Repository):
    async def add(
        self, tournament_id: int, plan: Sequence[PlannedMatch], team_ids: dict[str, int]
    ) -> None:
        if not plan:
            return
        rows = [
            {"tournament_id": tournament_id, **match_columns(m, _check(m, team_ids))} for m in plan
        ]
        await self._session.execute(insert(MatchRow), rows)

    async def plan(self, tournament_id: int, zone: tzinfo = UTC) -> list[StoredMatch]:
        """The whole plan in match-number order, each with its version and result; times
        in UTC, or on the clock of `zone`."""
        stmt = _plan(self._session.get_bind().dialect.name)
        found = await self._session.scalar(stmt, {"tournament_id": tournament_id})
        return list(stored_matches(found, zone))

    async def get(self, tournament_id: int, no: int) -> StoredMatch | None:
        """Match `no` as `plan` gives it (in UTC); what a result write needs to know."""
        stmt = _plan(self._session.get_bind().dialect.name, one=True)
        found = await self._session.scalar(stmt, {"tournament_id": tournament_id, "no": no})
        return next(iter(stored_matches(found)), None)

    state = get

    async def replan(self, tournament_id: int, plan: Sequence[PlannedMatch]) -> ReplanSummary:
        """Make the stored plan equal `plan` for every unplayed match.

        Played matches (those with a result) are never written: `plan` must carry them
        unchanged, otherwise PlanConflict. New match numbers are added, missing unplayed
        ones removed. Each write is conditional on the version read here, so a result
        entered in the meantime makes the re-plan fail instead of moving a played match.
        """
        stored = {m.match.no: m for m in await self.plan(tournament_id)}
        wanted = {m.no: m for m in plan}
        for no, old in stored.items():
            if old.result is not None and wanted.get(no) != old.match:
                raise PlanConflict(no, "a played match cannot be moved or removed")
        team_ids = await teams_of(self._session, tournament_id)
        moved, removed = [], []
        for no, old in stored.items():
            new = wanted.get(no)
            if new == old.match:
                continue
            done = (
                await self.remove(old.id, old.version)
                if new is None
                else await self.rewrite(old.id, old.version, new, team_ids)
            )
            if not done:
                raise PlanConflict(no, "the match changed while re-planning")
            (removed if new is None else moved).append(no)
        added = [m for no, m in sorted(wanted.items()) if no not in stored]
        await self.add(tournament_id, added, team_ids)
        return ReplanSummary(tuple(moved), tuple(m.no for m in added), tuple(removed))

    async def rewrite(
        self, match_id: int, expected: int, match: PlannedMatch, team_ids: dict[str, int]
    ) -> bool:
        """Replace a match's time, pitch and sides if its version is still `expected`."""
        columns = match_columns(match, _check(match, team_ids))
        stmt = update(MatchRow).values(version=MatchRow.version + 1, **columns)
        return await self._versioned(stmt, match_id, expected)

    async def remove(self, match_id: int, expected: int) -> bool:
        return await self._versioned(delete(MatchRow), match_id, expected)

    async def _versioned(self, stmt: Any, match_id: int, expected: int) -> bool:
        stmt = stmt.where(MatchRow.id == match_id, MatchRow.version == expected)
        return bool(await self._rowcount(stmt.execution_options(synchronize_session=False)))

    async def next_for_captain(
        self, chat_id: int, user_id: int, now: datetime
    ) -> tuple[str, PlannedMatch] | None:
        """The team `user_id` captains in the chat's active tournament and its next
        unplayed, not yet finished match, on the tournament's clock: one indexed query
        (captains PK -> active-tournament index -> (team, start) indexes)."""
        params = {"chat_id": chat_id, "user_id": user_id, "now": now}
        row = (await self._session.execute(_NEXT, params)).one_or_none()
        if row is None:
            return None
        zone, team_id, home_team_id, *planned = row
        match = planned_match(planned, ZoneInfo(zone))
        team = match.home if team_id == home_team_id else match.away
        assert team is not None  # the captain's team is one of the sides
        return team, match

    async def claim(
        self, tournament_id: int, no: int, expected: int | None
    ) -> tuple[int, int] | None:
        """Bump the version of a match whose sides are known (and, if `expected` is given,
        whose version is still `expected`): the claim a result write starts with. Returns
        the match's id and new version.

        One conditional UPDATE ... RETURNING instead of a read and a write. None means
        refused: the match is missing, undecided or changed; `get` tells which. On
        PostgreSQL the UPDATE takes the row lock, so concurrent writers of one match queue
        here, and one that waited re-checks the version against the committed row.
        """
        params = {"in_tournament": tournament_id, "match_no": no}
        stmt = CLAIM
        if expected is not None:
            stmt, params["expected"] = _CLAIM_AT_VERSION, expected
        row = (await self._session.execute(stmt, params)).one_or_none()
        return None if row is None else (row.id, row.version)


_matches = MatchRow.__table__
_results = ResultRow.__table__
_home_team = TeamRow.__table__.alias("home_team")
_away_team = TeamRow.__table__.alias("away_team")
_tournaments = TournamentRow.__table__
_captains = CaptainRow.__table__

# The columns are mapping.STORED_MATCH_COLUMNS, in that order (`stored_match` unpacks them).
_COLUMNS = {
    **{c.name: c for c in _matches.c},
    "home": _home_team.c.name.label("home"),
    "away": _away_team.c.name.label("away"),
    **{c.name: c for c in _results.c if c.name != "match_id"},
}


def matches_json(dialect: str, tournament_id: Any, no: Any = None) -> Any:
    """Every match of the tournament, with its result and its sides' names, as one JSON
    value (`mapping.stored_matches` reads it): `tournament_id` a bind or a correlated
    column (the aggregate load of storage.repositories.tournaments)."""
    return (
        select(json_rows(dialect, *(_COLUMNS[name] for name in STORED_MATCH_COLUMNS)))
        .select_from(
            _matches.outerjoin(_home_team, _home_team.c.id == _matches.c.home_team_id)
            .outerjoin(_away_team, _away_team.c.id == _matches.c.away_team_id)
            .outerjoin(_results, _results.c.match_id == _matches.c.id)
        )
        .where(_matches.c.tournament_id == tournament_id)
        .where(*(() if no is None else (_matches.c.no == no,)))
        .scalar_subquery()
    )


@cache
def _plan(dialect: str, *, one: bool = False) -> Any:
    no = bindparam("no") if one else None
    return select(matches_json(dialect, bindparam("tournament_id"), no))


CLAIM = (
    update(_matches)
    .where(
        # Bind names differ from column names: in an UPDATE those would mean "SET it".
        _matches.c.tournament_id == bindparam("in_tournament"),
        _matches.c.no == bindparam("match_no"),
        _matches.c.home_team_id.is_not(None),
        _matches.c.away_team_id.is_not(None),
    )
    .values(version=_matches.c.version + 1)
    .returning(_matches.c.id, _matches.c.version)
)
_CLAIM_AT_VERSION = CLAIM.where(_matches.c.version == bindparam("expected"))

# The tournament's zone, the captain's team, the home side (which one is the captain's
# team), then the planned match.
_NEXT = (
    select(
        _tournaments.c.time_zone,
        _captains.c.team_id,
        _matches.c.home_team_id,
        *(_COLUMNS[name] for name in PLANNED_COLUMNS),
    )
    .select_from(
        _captains.join(
            _tournaments,
            and_(
                _tournaments.c.id == _captains.c.tournament_id,
                _tournaments.c.chat_id == bindparam("chat_id"),
                _tournaments.c.status == ACTIVE,
            ),
        )
        .join(
            _matches,
            or_(
                _matches.c.home_team_id == _captains.c.team_id,
                _matches.c.away_team_id == _captains.c.team_id,
            ),
        )
        .outerjoin(_results, _results.c.match_id == _matches.c.id)
        .outerjoin(_home_team, _home_team.c.id == _matches.c.home_team_id)
        .outerjoin(_away_team, _away_team.c.id == _matches.c.away_team_id)
    )
    .where(
        _captains.c.user_id == bindparam("user_id"),
        _matches.c.end_at > bindparam("now"),
        _results.c.match_id.is_(None),
    )
    .order_by(_matches.c.start_at, _matches.c.no)
    .limit(1)
)


async def teams_of(session: AsyncSession, tournament_id: int) -> dict[str, int]:
    """The tournament's teams: name -> id."""
    stmt = select(TeamRow.name, TeamRow.id).where(TeamRow.tournament_id == tournament_id)
    return {name: id_ for name, id_ in await session.execute(stmt)}


def _check(match: PlannedMatch, team_ids: dict[str, int]) -> dict[str, int]:
    for team in (match.home, match.away):
        if team is not None and team not in team_ids:
            raise TeamNotFound(team)
    return team_ids


_processed = ProcessedUpdateRow.__table__

_home = aliased(TeamRow, name="home")
_away = aliased(TeamRow, name="away")
_undo = aliased(ResultAuditRow, name="undo")
_latest = aliased(ResultAuditRow, name="latest")


def _undoable(a: Any) -> ColumnElement[bool]:
    """Audit row `a` is a result write (not an undo, not a deletion) not undone yet."""
    return and_(
        a.undoes_id.is_(None),
        a.new_home_goals.is_not(None),
        ~exists().where(_undo.undoes_id == a.id),
    )


class ResultRepository(Repository):
    """Every result write runs inside the caller's unit of work and does not commit: a
    refusal can leave claims in the transaction, so let the unit of work roll back."""

    def __init__(self, session: AsyncSession) -> None:
        super().__init__(session)
        self._matches = MatchRepository(session)
        self._updates = UpdateRepository(session)

    async def record_first(self, cmd: RecordResult) -> RecordOutcome:
        """First entry of a match's result; a repeated Telegram update is a no-op.

        No read on the way: claim the update id, claim the match (version bump), insert
        the result unless one exists (the database adds the audit row). The match is read
        only to explain a refusal. Of two writers racing on one match the results primary
        key lets exactly one insert (on PostgreSQL the later waits for the earlier, then
        inserts nothing); the other is refused with the winner's score.
        """
        first_time, version, stored = await self._enter_first(cmd)
        if not first_time:
            return await self._duplicate(cmd)
        if not stored or version is None:
            raise await self._refusal(cmd, expect_result=False)
        return RecordOutcome(cmd.match_no, cmd.score, None, version)

    async def _enter_first(self, cmd: RecordResult) -> tuple[bool, int | None, bool]:
        """Claim the update id, then the match, then insert the result, stopping at the
        first step that fails: (a new update id?, the match's new version if claimed,
        the result stored?). One statement on PostgreSQL (`_FIRST_ENTRY_POSTGRESQL`: two
        round trips fewer, 10-15 % more results per second in storage_bench); three on
        SQLite, which has no data-modifying CTEs, with the same rules and outcomes.
        """
        score, source = score_columns(cmd.score), _source(cmd)
        if self._session.get_bind().dialect.name == "postgresql":
            params = {"update_id": cmd.update_id, "at": cmd.at, "expected": cmd.expected_version}
            params |= {"in_tournament": cmd.tournament_id, "match_no": cmd.match_no}
            row = await self._session.execute(_FIRST_ENTRY_POSTGRESQL, params | score | source)
            first_time, version, stored = row.one()
            return first_time, version, stored
        if not await self._first_time(cmd):
            return False, None, False
        claimed = await self._matches.claim(cmd.tournament_id, cmd.match_no, cmd.expected_version)
        if claimed is None:
            return True, None, False
        match_id, version = claimed
        values = {"match_id": match_id, **score, **source}
        return True, version, await insert_if_absent(self._session, _results, values, ["match_id"])

    async def correct(self, cmd: RecordResult) -> RecordOutcome:
        """Replace a stored result; the database puts the replaced score in the audit trail.

        Unlike a first entry this reads the match first: the version it reads is the one
        the claim must still find, so two corrections that overlap in time cannot both
        pass (the later would silently overwrite the earlier).
        """
        if not await self._first_time(cmd):
            return await self._duplicate(cmd)
        match = await self._match(cmd)
        if match.result is None:
            raise NoResultToCorrect(cmd.match_no)
        seen = match.version if cmd.expected_version is None else cmd.expected_version
        claimed = None
        if seen == match.version:
            claimed = await self._matches.claim(cmd.tournament_id, cmd.match_no, seen)
        if claimed is None:
            raise await self._refusal(cmd, expect_result=True)
        values = {**score_columns(cmd.score), **_source(cmd)}
        await self._write(update(ResultRow).where(ResultRow.match_id == match.id).values(values))
        return RecordOutcome(cmd.match_no, cmd.score, match.result, claimed[1])

    async def undo_last(
        self, tournament_id: int, user_id: int, at: datetime, update_id: int | None = None
    ) -> UndoOutcome:
        """Revert `user_id`'s last result write in the tournament that is not undone yet:
        a first entry is deleted (the match is unplayed again), a correction puts back the
        score it replaced. A repeated Telegram update is a no-op answered with the undo it
        made.

        Refused with NothingToUndo when the user has no such write, and with UndoConflict
        when the match changed after it: its score is no longer the one the user wrote, or
        a later write of someone else stands (even one of the same score: undoing under it
        would discard that write too). Undoing again reverts the write before, and so on.

        The database audits the delete or update; the undo marks that audit row as the
        undo of the write (`undoes_id`, unique: a write is undone at most once), by
        `user_id` at `at`. Like a correction it claims the match at the version it read.
        """
        if update_id is not None and not await self._updates.claim(update_id, at):
            done = await self._last(tournament_id, user_id, undone=True)
            if done is None:
                raise NothingToUndo(user_id)
            return UndoOutcome(done.match_no, done.new, done.old, duplicate=True)
        write = await self.last_write(tournament_id, user_id)
        if write is None:
            raise NothingToUndo(user_id)
        match = await self._matches.state(tournament_id, write.match_no)
        if match is None or match.result != write.new:
            raise UndoConflict(write.match_no, None if match is None else match.result)
        if await self._matches.claim(tournament_id, write.match_no, match.version) is None:
            now = await self._matches.state(tournament_id, write.match_no)
            raise UndoConflict(write.match_no, None if now is None else now.result)
        # Checked under the claim: no write of this match can commit in between any more.
        a = ResultAuditRow
        later = exists().where(a.match_id == write.match_id, a.id > write.audit_id, _undoable(a))
        if await self._session.scalar(select(later)):
            raise UndoConflict(write.match_no, match.result)
        if write.old is None:
            await self._write(delete(ResultRow).where(ResultRow.match_id == write.match_id))
        else:
            await self.restore(write.match_id, write.old, user_id, at)
        await self.stamp_undo(write, user_id, at)
        return UndoOutcome(write.match_no, write.new, write.old)

    async def history(self, match_id: int) -> list[AuditEntry]:
        """Every write of the match's result, oldest first."""
        a = ResultAuditRow
        stmt = select(a).where(a.match_id == match_id).order_by(a.changed_at, a.id)
        return [
            AuditEntry(
                _score(row, "old_"),
                _score(row, "new_"),
                row.changed_by,
                row.changed_at,
                row.undoes_id is not None,
            )
            for row in await self._session.scalars(stmt)
        ]

    async def last_write(self, tournament_id: int, user_id: int) -> AuditedWrite | None:
        """The user's latest result write in the tournament that is not undone yet."""
        return await self._last(tournament_id, user_id, undone=False)

    async def _last(self, tournament_id: int, user_id: int, *, undone: bool) -> AuditedWrite | None:
        """The user's latest write not undone yet, or (`undone`) the write the user's
        latest undo in the tournament reverted."""
        a = ResultAuditRow
        stmt = select(a, MatchRow.no).join(MatchRow, MatchRow.id == a.match_id)
        stmt = stmt.where(MatchRow.tournament_id == tournament_id)
        if undone:
            stmt = stmt.join(_undo, _undo.undoes_id == a.id).where(_undo.changed_by == user_id)
            stmt = stmt.order_by(_undo.id.desc())
        else:
            stmt = stmt.where(a.changed_by == user_id, _undoable(a)).order_by(a.id.desc())
        row = (await self._session.execute(stmt.limit(1))).one_or_none()
        return None if row is None else _audited(*row)

    async def restore(self, match_id: int, score: Score, user_id: int, at: datetime) -> None:
        """Put an earlier score back, written by `user_id` at `at` (audited as a write)."""
        values = {**score_columns(score), "entered_by": user_id, "entered_at": at}
        values |= {"source_chat_id": None, "source_message_id": None}
        await self._write(update(ResultRow).where(ResultRow.match_id == match_id).values(values))

    async def stamp_undo(self, undone: AuditedWrite, user_id: int, at: datetime) -> None:
        """Mark the audit row the undo's own write just left (the match's newest: the
        undo holds the match claim) as the undo of `undone`, by `user_id` at `at`.

        The unique `undoes_id` makes a second undo of the same write fail here.
        """
        a = ResultAuditRow
        newest = (
            select(func.max(_latest.id))
            .where(_latest.match_id == undone.match_id)
            .scalar_subquery()
        )
        values = {"undoes_id": undone.audit_id, "changed_by": user_id, "changed_at": at}
        stmt = update(a).where(a.id == newest).values({**values, "source_message_id": None})
        if await self._write(stmt) != 1:
            raise RuntimeError(f"no audit row for the undo on match {undone.match_id}")

    async def _write(self, stmt: Any) -> int:
        return await self._rowcount(stmt.execution_options(synchronize_session=False))

    async def _first_time(self, cmd: RecordResult) -> bool:
        return cmd.update_id is None or await self._updates.claim(cmd.update_id, cmd.at)

    async def _duplicate(self, cmd: RecordResult) -> RecordOutcome:
        """What a repeated update is answered with: the match as it stands."""
        match = await self._match(cmd)
        return RecordOutcome(cmd.match_no, match.result, None, match.version, duplicate=True)

    async def _match(self, cmd: RecordResult) -> StoredMatch:
        match = await self._matches.state(cmd.tournament_id, cmd.match_no)
        if match is None:
            raise MatchNotFound(cmd.match_no)
        if not match.sides_known:
            raise MatchSidesUnknown(cmd.match_no)
        return match

    async def _refusal(self, cmd: RecordResult, *, expect_result: bool) -> Exception:
        """Why a result write was refused, read after the fact (the rare path). On
        PostgreSQL this is a new statement, so it sees what the faster writer committed."""
        match = await self._match(cmd)  # raises MatchNotFound / MatchSidesUnknown itself
        if not expect_result and match.result is not None:
            return ResultAlreadyRecorded(cmd.match_no, match.result, match.entered_by or 0)
        if expect_result and match.result is None:
            return NoResultToCorrect(cmd.match_no)
        reason = "someone else changed this match first"
        return ResultConflict(cmd.match_no, reason, match.result, match.entered_by)


def _first_entry_postgresql() -> Any:
    """The update-id claim, `matches.CLAIM` and the result's INSERT ... ON CONFLICT DO
    NOTHING as one statement of data-modifying CTEs, each step only if the one before
    succeeded; locks, waits and first-one-wins rules are those of the three statements.
    The row says how far it got: `first_time` (false: the update was applied before),
    `version` (null: the match claim was refused), `stored` (false: a result exists)."""
    update_id = bindparam("update_id", type_=_processed.c.update_id.type)
    at = bindparam("at", type_=_processed.c.processed_at.type)
    new_update = (
        postgresql.insert(_processed)
        .from_select(
            ["update_id", "processed_at"], select(update_id, at).where(update_id.is_not(None))
        )
        .on_conflict_do_nothing(index_elements=["update_id"])
        .returning(_processed.c.update_id)
        .cte("new_update")
    )
    first_time = or_(update_id.is_(None), exists(new_update.select()))
    expected = bindparam("expected", type_=MatchRow.__table__.c.version.type)
    version_seen = or_(expected.is_(None), MatchRow.__table__.c.version == expected)
    claimed = CLAIM.where(version_seen, first_time).cte("claimed")
    columns = [*SCORE_COLUMNS, "entered_by", "entered_at", "source_chat_id", "source_message_id"]
    values = select(claimed.c.id, *(bindparam(c, type_=_results.c[c].type) for c in columns))
    stored = (
        postgresql.insert(_results)
        .from_select(["match_id", *columns], values)
        .on_conflict_do_nothing(index_elements=["match_id"])
        .returning(_results.c.match_id)
        .cte("stored")
    )
    return select(
        first_time.label("first_time"),
        select(claimed.c.version).scalar_subquery().label("version"),
        exists(stored.select()).label("stored"),
    )


_FIRST_ENTRY_POSTGRESQL = _first_entry_postgresql()


def _source(cmd: RecordResult) -> dict[str, object]:
    return {
        "entered_by": cmd.entered_by,
        "entered_at": cmd.at,
        "source_chat_id": cmd.source_chat_id,
        "source_message_id": cmd.source_message_id,
    }


def _score(row: Any, prefix: str = "") -> Score | None:
    return score_from(*(getattr(row, prefix + name) for name in SCORE_COLUMNS))


def _audited(row: ResultAuditRow, match_no: int) -> AuditedWrite:
    new = _score(row, "new_")
    assert new is not None  # the look-ups select result writes only
    return AuditedWrite(row.id, row.match_id, match_no, _score(row, "old_"), new)
