"""Planned matches: the plan, optimistic (versioned) changes, and the next-match look-up."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain.model import PlannedMatch, Stage
from storage import queries
from storage.errors import TeamNotFound
from storage.mapping import STORED_MATCH_COLUMNS, match_columns, score_from, stored_match
from storage.records import ClaimedMatch, MatchState, NextMatch, StoredMatch
from storage.rows import MatchRow, ResultRow, TeamRow


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

    async def plan(self, tournament_id: int, zone: tzinfo | None = None) -> list[StoredMatch]:
        """The whole plan in match-number order, each with its version and result; times
        in UTC, or on the clock of `zone`.

        Read on every view and result: a prebuilt Core statement of plain columns, which
        skips the ORM's entity loading (about a third of the cost on SQLite)."""
        rows = await self._session.execute(_PLAN, {"tournament_id": tournament_id})
        return [stored_match(row, zone) for row in rows]

    async def get(self, tournament_id: int, no: int) -> StoredMatch | None:
        params = {"tournament_id": tournament_id, "no": no}
        row = (await self._session.execute(_ONE, params)).one_or_none()
        return None if row is None else stored_match(row)

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
        chat's active tournament: one indexed query (see `storage.queries.NEXT_MATCH`)."""
        params = {"chat_id": chat_id, "user_id": user_id, "now": now}
        row = (await self._session.execute(queries.NEXT_MATCH, params)).one_or_none()
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
            week=row.week,
        )

    async def state(self, tournament_id: int, no: int) -> MatchState | None:
        """What a result write needs to know about a match, in one cheap query."""
        params = {"tournament_id": tournament_id, "no": no}
        row = (await self._session.execute(queries.MATCH_STATE, params)).one_or_none()
        if row is None:
            return None
        result = (
            None
            if row.home_goals is None
            else score_from(row.home_goals, row.away_goals, row.home_penalties, row.away_penalties)
        )
        return MatchState(
            id=row.id,
            version=row.version,
            sides_known=row.home_team_id is not None and row.away_team_id is not None,
            result=result,
            entered_by=row.entered_by,
        )

    async def claim(self, tournament_id: int, no: int, expected: int | None) -> ClaimedMatch | None:
        """Bump the version of a match whose sides are known (and, if `expected` is given,
        whose version is still `expected`): the claim a result write starts with.

        One conditional UPDATE ... RETURNING instead of a read and a write. None means
        refused: the match is missing, undecided or changed; `state` tells which.
        """
        params = {"in_tournament": tournament_id, "match_no": no}
        stmt = queries.CLAIM_MATCH
        if expected is not None:
            stmt, params["expected"] = queries.CLAIM_MATCH_AT_VERSION, expected
        row = (await self._session.execute(stmt, params)).one_or_none()
        return None if row is None else ClaimedMatch(row.id, row.version)


_matches = MatchRow.__table__
_results = ResultRow.__table__
_home_team = TeamRow.__table__.alias("home_team")
_away_team = TeamRow.__table__.alias("away_team")

# Table columns, not ORM attributes: the session runs it as a Core statement. The
# columns are mapping.STORED_MATCH_COLUMNS, in that order (`stored_match` unpacks them).
_COLUMNS = {
    **{c.name: c for c in _matches.c},
    "home": _home_team.c.name.label("home"),
    "away": _away_team.c.name.label("away"),
    **{c.name: c for c in _results.c if c.name != "match_id"},
}
_PLAN = (
    select(*(_COLUMNS[name] for name in STORED_MATCH_COLUMNS))
    .select_from(
        _matches.outerjoin(_home_team, _home_team.c.id == _matches.c.home_team_id)
        .outerjoin(_away_team, _away_team.c.id == _matches.c.away_team_id)
        .outerjoin(_results, _results.c.match_id == _matches.c.id)
    )
    .where(_matches.c.tournament_id == bindparam("tournament_id"))
    .order_by(_matches.c.no)
)


_ONE = _PLAN.where(_matches.c.no == bindparam("no"))


def _check(match: PlannedMatch, team_ids: dict[str, int]) -> dict[str, int]:
    for team in (match.home, match.away):
        if team is not None and team not in team_ids:
            raise TeamNotFound(team)
    return team_ids
