"""Results of matches and their audit trail (every write, with the score it replaced).

The audit rows are written by the database itself, by triggers on `results` (migrations
0003 and 0004): every insert, update or delete of a result leaves one, whichever code
path wrote it. An undo marks the row its own write left (`stamp_undo`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, exists, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.model import Result, Score
from storage import queries
from storage.mapping import score_columns, score_from
from storage.records import AuditedWrite, AuditEntry, FirstEntry, RecordResult
from storage.rows import MatchRow, ResultAuditRow, ResultRow, TeamRow

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


class ResultRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def insert_if_absent(self, match_id: int, cmd: RecordResult) -> bool:
        """Store a first result; False (and nothing written) if the match has one already."""
        values = {"match_id": match_id, **score_columns(cmd.score), **_source(cmd)}
        stmt = queries.INSERT_RESULT_IF_ABSENT[self._session.get_bind().dialect.name]
        result = await self._session.execute(stmt, values)
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def enter_first_in_one_statement(self, cmd: RecordResult) -> FirstEntry:
        """PostgreSQL only: claim the update id and the match and insert the result, all in
        `queries.FIRST_ENTRY_POSTGRESQL` (one round trip)."""
        params = {
            "update_id": cmd.update_id,
            "at": cmd.at,
            "in_tournament": cmd.tournament_id,
            "match_no": cmd.match_no,
            "expected": cmd.expected_version,
            **score_columns(cmd.score),
            **_source(cmd),
        }
        row = (await self._session.execute(queries.FIRST_ENTRY_POSTGRESQL, params)).one()
        return FirstEntry(row.first_time, row.version, row.stored)

    async def replace(self, match_id: int, cmd: RecordResult) -> None:
        values = {**score_columns(cmd.score), **_source(cmd)}
        stmt = update(ResultRow).where(ResultRow.match_id == match_id).values(**values)
        await self._session.execute(stmt.execution_options(synchronize_session=False))

    async def history(self, match_id: int) -> list[AuditEntry]:
        """Every write of the match's result, oldest first."""
        a = ResultAuditRow
        stmt = select(a).where(a.match_id == match_id).order_by(a.changed_at, a.id)
        return [
            AuditEntry(
                _old(row), _new(row), row.changed_by, row.changed_at, row.undoes_id is not None
            )
            for row in await self._session.scalars(stmt)
        ]

    async def last_write(self, tournament_id: int, user_id: int) -> AuditedWrite | None:
        """The user's latest result write in the tournament that is not undone yet."""
        a = ResultAuditRow
        stmt = (
            select(a, MatchRow.no)
            .join(MatchRow, MatchRow.id == a.match_id)
            .where(MatchRow.tournament_id == tournament_id, a.changed_by == user_id, _undoable(a))
            .order_by(a.id.desc())
            .limit(1)
        )
        row = (await self._session.execute(stmt)).one_or_none()
        return None if row is None else _audited(*row)

    async def last_undone(self, tournament_id: int, user_id: int) -> AuditedWrite | None:
        """The write the user's latest undo in the tournament reverted."""
        a = ResultAuditRow
        stmt = (
            select(a, MatchRow.no)
            .join(_undo, _undo.undoes_id == a.id)
            .join(MatchRow, MatchRow.id == a.match_id)
            .where(MatchRow.tournament_id == tournament_id, _undo.changed_by == user_id)
            .order_by(_undo.id.desc())
            .limit(1)
        )
        row = (await self._session.execute(stmt)).one_or_none()
        return None if row is None else _audited(*row)

    async def superseded(self, write: AuditedWrite) -> bool:
        """Whether a later result write of the match stands (one not undone since)."""
        a = ResultAuditRow
        stmt = select(
            exists().where(a.match_id == write.match_id, a.id > write.audit_id, _undoable(a))
        )
        return bool(await self._session.scalar(stmt))

    async def delete(self, match_id: int) -> None:
        """Remove a match's result; the database audits it (old score, no new one)."""
        stmt = delete(ResultRow).where(ResultRow.match_id == match_id)
        await self._session.execute(stmt.execution_options(synchronize_session=False))

    async def restore(self, match_id: int, score: Score, user_id: int, at: datetime) -> None:
        """Put an earlier score back, written by `user_id` at `at` (audited as a write)."""
        values = {
            **score_columns(score),
            "entered_by": user_id,
            "entered_at": at,
            "source_chat_id": None,
            "source_message_id": None,
        }
        stmt = update(ResultRow).where(ResultRow.match_id == match_id).values(**values)
        await self._session.execute(stmt.execution_options(synchronize_session=False))

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
        stmt = (
            update(a)
            .where(a.id == newest)
            .values(
                undoes_id=undone.audit_id,
                changed_by=user_id,
                changed_at=at,
                source_message_id=None,
            )
            .execution_options(synchronize_session=False)
        )
        result = await self._session.execute(stmt)
        if result.rowcount != 1:  # type: ignore[attr-defined]
            raise RuntimeError(f"no audit row for the undo on match {undone.match_id}")

    async def for_standings(self, tournament_id: int) -> list[tuple[str | None, Result]]:
        """(group label, result) of every played match, in match-number order."""
        m, r = MatchRow, ResultRow
        stmt = (
            select(m.group_label, _home.name, _away.name, r)
            .join(r, r.match_id == m.id)
            .join(_home, _home.id == m.home_team_id)
            .join(_away, _away.id == m.away_team_id)
            .where(m.tournament_id == tournament_id)
            .order_by(m.no)
        )
        rows = await self._session.execute(stmt)
        return [
            (
                group,
                Result(
                    home,
                    away,
                    score_from(
                        row.home_goals, row.away_goals, row.home_penalties, row.away_penalties
                    ),
                ),
            )
            for group, home, away, row in rows
        ]


def _source(cmd: RecordResult) -> dict[str, object]:
    return {
        "entered_by": cmd.entered_by,
        "entered_at": cmd.at,
        "source_chat_id": cmd.source_chat_id,
        "source_message_id": cmd.source_message_id,
    }


def _old(row: ResultAuditRow) -> Score | None:
    if row.old_home_goals is None or row.old_away_goals is None:
        return None
    return score_from(
        row.old_home_goals, row.old_away_goals, row.old_home_penalties, row.old_away_penalties
    )


def _new(row: ResultAuditRow) -> Score | None:
    if row.new_home_goals is None or row.new_away_goals is None:
        return None
    return score_from(
        row.new_home_goals, row.new_away_goals, row.new_home_penalties, row.new_away_penalties
    )


def _audited(row: ResultAuditRow, match_no: int) -> AuditedWrite:
    new = _new(row)
    assert new is not None  # the look-ups select result writes only
    return AuditedWrite(row.id, row.match_id, match_no, _old(row), new)
