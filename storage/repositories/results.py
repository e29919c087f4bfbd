"""Results of matches and their audit trail (every write, with the score it replaced).

The audit rows are written by the database itself, by triggers on `results` (migration
0003): every insert or update of a result leaves one, whichever code path wrote it.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.model import Result, Score
from storage import queries
from storage.mapping import score_columns
from storage.records import AuditEntry, FirstEntry, RecordResult
from storage.rows import MatchRow, ResultAuditRow, ResultRow, TeamRow

_home = aliased(TeamRow, name="home")
_away = aliased(TeamRow, name="away")


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
                None
                if row.old_home_goals is None or row.old_away_goals is None
                else Score(
                    row.old_home_goals,
                    row.old_away_goals,
                    row.old_home_penalties,
                    row.old_away_penalties,
                ),
                Score(
                    row.new_home_goals,
                    row.new_away_goals,
                    row.new_home_penalties,
                    row.new_away_penalties,
                ),
                row.changed_by,
                row.changed_at,
            )
            for row in await self._session.scalars(stmt)
        ]

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
                    Score(row.home_goals, row.away_goals, row.home_penalties, row.away_penalties),
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
