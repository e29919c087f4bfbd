"""Planned matches: the plan, optimistic (versioned) changes, and the next-match look-up."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Select, and_, delete, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.model import PlannedMatch, Stage
from storage.errors import TeamNotFound
from storage.mapping import match_columns, stored_match
from storage.records import NextMatch, StoredMatch
from storage.rows import CaptainRow, MatchRow, ResultRow, TeamRow, TournamentRow

_home = aliased(TeamRow, name="home")
_away = aliased(TeamRow, name="away")


class MatchRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(
        self, tournament_id: int, plan: Sequence[PlannedMatch], team_ids: dict[str, int]
    ) -> None:
        if not plan:
            return
        rows = [
            {"tournament_id": tournament_id, **match_columns(m, _check(m, team_ids))} for m in plan
        ]
        await self._session.execute(insert(MatchRow), rows)

    def _select(self) -> Select[Any]:
        return (
            select(MatchRow, _home.name, _away.name, ResultRow)
            .outerjoin(_home, _home.id == MatchRow.home_team_id)
            .outerjoin(_away, _away.id == MatchRow.away_team_id)
            .outerjoin(ResultRow, ResultRow.match_id == MatchRow.id)
        )

    async def plan(self, tournament_id: int) -> list[StoredMatch]:
        """The whole plan in match-number order, each with its version and result."""
        stmt = self._select().where(MatchRow.tournament_id == tournament_id).order_by(MatchRow.no)
        rows = await self._session.execute(stmt)
        return [stored_match(*row) for row in rows]

    async def get(self, tournament_id: int, no: int) -> StoredMatch | None:
        stmt = self._select().where(MatchRow.tournament_id == tournament_id, MatchRow.no == no)
        row = (await self._session.execute(stmt)).one_or_none()
        return None if row is None else stored_match(*row)

    async def bump_version(self, match_id: int, expected: int) -> bool:
        """Claim the match for one write: True only if nobody changed it since `expected`.

        A conditional UPDATE: on PostgreSQL a concurrent writer waits for the row lock, then
        sees the new version and updates nothing; on SQLite writers are serialised already.
        """
        stmt = (
            update(MatchRow)
            .where(MatchRow.id == match_id, MatchRow.version == expected)
            .values(version=MatchRow.version + 1)
            .execution_options(synchronize_session=False)
        )
        return bool((await self._session.execute(stmt)).rowcount)  # type: ignore[attr-defined]

    async def rewrite(
        self, match_id: int, expected: int, match: PlannedMatch, team_ids: dict[str, int]
    ) -> bool:
        """Replace a match's time, pitch and sides if its version is still `expected`."""
        stmt = (
            update(MatchRow)
            .where(MatchRow.id == match_id, MatchRow.version == expected)
            .values(version=MatchRow.version + 1, **match_columns(match, _check(match, team_ids)))
            .execution_options(synchronize_session=False)
        )
        return bool((await self._session.execute(stmt)).rowcount)  # type: ignore[attr-defined]

    async def remove(self, match_id: int, expected: int) -> bool:
        stmt = (
            delete(MatchRow)
            .where(MatchRow.id == match_id, MatchRow.version == expected)
            .execution_options(synchronize_session=False)
        )
        return bool((await self._session.execute(stmt)).rowcount)  # type: ignore[attr-defined]

    async def next_for_captain(self, chat_id: int, user_id: int, now: datetime) -> NextMatch | None:
        """The next unplayed, not yet finished match of the team `user_id` captains in the
        chat's active tournament. One query: captains PK -> tournament PK -> the two
        (team, start) indexes on matches."""
        m, c, t = MatchRow, CaptainRow, TournamentRow
        stmt = (
            select(
                t.id.label("tournament_id"),
                t.time_zone,
                c.team_id,
                m.no,
                m.stage,
                m.group_label,
                m.round,
                m.pitch,
                m.start_at,
                m.end_at,
                m.home_team_id,
                _home.name.label("home"),
                _away.name.label("away"),
                m.home_from,
                m.away_from,
            )
            .select_from(c)
            .join(t, and_(t.id == c.tournament_id, t.chat_id == chat_id, t.status == "active"))
            .join(m, or_(m.home_team_id == c.team_id, m.away_team_id == c.team_id))
            .outerjoin(ResultRow, ResultRow.match_id == m.id)
            .outerjoin(_home, _home.id == m.home_team_id)
            .outerjoin(_away, _away.id == m.away_team_id)
            .where(c.user_id == user_id, m.end_at > now, ResultRow.match_id.is_(None))
            .order_by(m.start_at, m.no)
            .limit(1)
        )
        row = (await self._session.execute(stmt)).one_or_none()
        if row is None:
            return None
        is_home = row.home_team_id == row.team_id
        return NextMatch(
            tournament_id=row.tournament_id,
            match_no=row.no,
            stage=Stage(row.stage),
            group=row.group_label,
            round=row.round,
            pitch=row.pitch,
            start=row.start_at,
            end=row.end_at,
            team=row.home if is_home else row.away,
            opponent=row.away if is_home else row.home,
            opponent_from=row.away_from if is_home else row.home_from,
            is_home=is_home,
            time_zone=row.time_zone,
        )


def _check(match: PlannedMatch, team_ids: dict[str, int]) -> dict[str, int]:
    for team in (match.home, match.away):
        if team is not None and team not in team_ids:
            raise TeamNotFound(team)
    return team_ids
