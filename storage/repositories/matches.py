"""The plan's matches: adding and re-planning them under optimistic (versioned) changes,
the one JSON statement every read of matches goes through, the claim a result write
starts with, and a captain's next-match look-up.

The statements the bot runs on nearly every message are built once, as Core statements
with bind parameters over table columns: building them per call and going through ORM
entity loading cost more than the database work itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import and_, bindparam, delete, exists, insert, or_, select, update

from domain.model import PlannedMatch
from storage.errors import PlanConflict, TeamNotFound
from storage.mapping import (
    PLANNED_COLUMNS,
    STORED_MATCH_COLUMNS,
    match_columns,
    planned_match,
    stored_matches,
)
from storage.player_rows import BanDecisionRow, MatchEventRow, PlayerRow
from storage.records import ReplanSummary, StoredMatch
from storage.repositories.teams import TeamRepository
from storage.rows import CaptainRow, MatchRow, ResultRow, TeamRow, TournamentRow
from storage.sql import ACTIVE, Repository, json_rows


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
        stmt = _plan(self._dialect)
        found = await self._session.scalar(stmt, {"tournament_id": tournament_id})
        return list(stored_matches(found, zone))

    async def get(self, tournament_id: int, no: int) -> StoredMatch | None:
        """Match `no` as `plan` gives it (in UTC); what a result write needs to know."""
        stmt = _plan(self._dialect, one=True)
        found = await self._session.scalar(stmt, {"tournament_id": tournament_id, "no": no})
        return next(iter(stored_matches(found)), None)

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
        team_ids = await TeamRepository(self._session).ids(tournament_id)
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
        stmt = update(_matches).values(version=_matches.c.version + 1, **columns)
        return await self._versioned(stmt, match_id, expected)

    async def raise_version(self, tournament_id: int, no: int, above: int) -> None:
        """Match `no`'s version past `above` (a match back from waiting for a date: its
        calendar event's SEQUENCE must exceed the one phones last saw)."""
        stmt = (
            update(_matches)
            .where(
                _matches.c.tournament_id == tournament_id,
                _matches.c.no == no,
                _matches.c.version <= above,
            )
            .values(version=above + 1)
        )
        await self._session.execute(stmt)

    async def remove(self, match_id: int, expected: int) -> bool:
        return await self._versioned(delete(_matches), match_id, expected)

    async def _versioned(self, stmt: Any, match_id: int, expected: int) -> bool:
        stmt = stmt.where(_matches.c.id == match_id, _matches.c.version == expected)
        return bool(await self._rowcount(stmt))

    async def next_for_captain(
        self, chat_id: int, user_id: int, now: datetime
    ) -> tuple[str, PlannedMatch] | None:
        """The team `user_id` captains in the chat's active tournament and its next
        unplayed, not yet finished match, on the tournament's clock: one indexed query
        (captains PK -> active-tournament index -> (team, start) indexes). None too when
        the team has bookings or ban decisions (the answer then names the banned), and
        while a match of the tournament waits for a date (the answer names it too)."""
        params = {"chat_id": chat_id, "user_id": user_id, "now": now}
        row = (await self._session.execute(_NEXT, params)).one_or_none()
        if row is None:
            return None
        zone, undated, team_id, home_team_id, *planned = row
        if undated:  # /ertele 14 belirsiz: {"14": {...}} until it gets a date
            return None
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

# The tournament's zone, its undated matches, the captain's team, the home side (which
# one is the captain's team), then the planned match.
_events = MatchEventRow.__table__
_bans = BanDecisionRow.__table__
_players = PlayerRow.__table__
_NEXT = (
    select(
        _tournaments.c.time_zone,
        _tournaments.c.undated,
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
        # A team with bookings or /ceza decisions: its answer names the banned (issue 22),
        # which needs the whole tournament.
        ~exists().where(
            _events.c.team_id == _captains.c.team_id,
            _events.c.kind.not_in(("goal", "own_goal")),
            _events.c.deleted_at.is_(None),
        ),
        ~exists().where(
            _bans.c.player_id == _players.c.id, _players.c.team_id == _captains.c.team_id
        ),
    )
    .order_by(_matches.c.start_at, _matches.c.no)
    .limit(1)
)


def _check(match: PlannedMatch, team_ids: dict[str, int]) -> dict[str, int]:
    for team in (match.home, match.away):
        if team is not None and team not in team_ids:
            raise TeamNotFound(team)
    return team_ids
