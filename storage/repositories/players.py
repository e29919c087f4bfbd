"""Squads, match events (goals, own goals, cards) and /ceza decisions, and their part of
the one statement that reads a tournament whole (`squads_json`, `events_json`,
`bans_json`: subqueries of storage.repositories.tournaments' load).

Writes are one statement each: the players of a list with their new ids (RETURNING),
the events of a message, a removal or deletion mark. Nothing is deleted: a removed
player keeps his row (and his goals and cards), a deleted event its row with who deleted
it, when, and by which update.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update

from domain.names import key
from storage.mapping import from_json
from storage.player_rows import EVENT_KINDS, BanDecisionRow, MatchEventRow, PlayerRow
from storage.records import StoredBan, StoredEvent, StoredPlayer
from storage.rows import MatchRow, TeamRow
from storage.sql import Repository, json_rows

_players = PlayerRow.__table__
_events = MatchEventRow.__table__
_bans = BanDecisionRow.__table__
_teams = TeamRow.__table__
_matches = MatchRow.__table__


@dataclass(frozen=True)
class NewPlayer:
    team: str
    name: str
    number: int | None = None
    listed: bool = False  # by /kadro, not only named in a result


@dataclass(frozen=True)
class NewEvent:
    """An event to store: `player_id` of `team` did `kind` in the match of row `match_id`."""

    match_id: int
    player_id: int
    team: str
    kind: str


@dataclass(frozen=True)
class Squads:
    """What the aggregate load reads of the squads: every team's row id, and the players
    (removed ones too: their goals and cards name them)."""

    team_ids: dict[str, int]
    players: tuple[StoredPlayer, ...]


class PlayerRepository(Repository):
    async def add(
        self,
        tournament_id: int,
        team_ids: dict[str, int],
        players: Sequence[NewPlayer],
        *,
        by: int,
        at: datetime,
        update_id: int | None,
    ) -> tuple[StoredPlayer, ...]:
        """Store `players` (their teams' ids from `team_ids`) in one statement; the rows
        as stored, with their ids. The caller has checked that no live player of the
        same team has the same name (the partial unique index is the backstop)."""
        if not players:
            return ()
        rows = [
            {
                "tournament_id": tournament_id,
                "team_id": team_ids[p.team],
                "name": p.name,
                "key": key(p.name),
                "number": p.number,
                "listed": p.listed,
                "added_by": by,
                "added_at": at,
                "update_id": update_id,
            }
            for p in players
        ]
        # Matched back by team and key (unique among live players), not by order: SQLite
        # sends a RETURNING that must keep parameter order one row at a time.
        c = _players.c
        stmt = insert(_players).returning(c.team_id, c.key, c.id)
        ids = {(t, k): i for t, k, i in await self._session.execute(stmt, rows)}
        return tuple(
            StoredPlayer(ids[r["team_id"], r["key"]], p.team, p.name, p.number, listed=p.listed)
            for r, p in zip(rows, players, strict=True)
        )

    async def renumber(self, changes: Sequence[tuple[int, int | None]]) -> None:
        """Give players new shirt numbers: (player id, number)."""
        if changes:
            stmt = update(_players).where(_players.c.id == bindparam("pid"))
            await self._session.execute(
                stmt.values(number=bindparam("num")), [{"pid": i, "num": n} for i, n in changes]
            )

    async def mark_listed(self, player_ids: Sequence[int]) -> None:
        """Players named in a result before, now listed with /kadro."""
        if player_ids:
            stmt = update(_players).where(_players.c.id.in_(list(player_ids)))
            await self._session.execute(stmt.values(listed=True))

    async def remove(self, player_id: int, *, by: int, at: datetime, update_id: int | None) -> bool:
        """Take a player off his squad (a mark); False if he was not on it."""
        stmt = (
            update(_players)
            .where(_players.c.id == player_id, _players.c.removed_at.is_(None))
            .values(removed_at=at, removed_by=by, removed_update_id=update_id)
        )
        return bool(await self._rowcount(stmt))

    async def add_events(
        self,
        tournament_id: int,
        team_ids: dict[str, int],
        events: Sequence[NewEvent],
        *,
        by: int,
        at: datetime,
        update_id: int | None,
    ) -> None:
        """Store a message's events in one statement, each with the update that made it."""
        if not events:
            return
        rows = []
        for e in events:
            if e.kind not in EVENT_KINDS:
                raise ValueError(f"unknown event kind {e.kind!r}")
            rows.append(
                {
                    "tournament_id": tournament_id,
                    "match_id": e.match_id,
                    "player_id": e.player_id,
                    "team_id": team_ids[e.team],
                    "kind": e.kind,
                    "recorded_by": by,
                    "recorded_at": at,
                    "update_id": update_id,
                }
            )
        await self._session.execute(insert(_events), rows)

    async def delete_events(
        self, event_ids: Sequence[int], *, by: int, at: datetime, update_id: int | None
    ) -> int:
        """Mark events deleted; how many were live."""
        if not event_ids:
            return 0
        stmt = (
            update(_events)
            .where(_events.c.id.in_(list(event_ids)), _events.c.deleted_at.is_(None))
            .values(deleted_at=at, deleted_by=by, deleted_update_id=update_id)
        )
        return await self._rowcount(stmt)

    async def decide_ban(
        self,
        tournament_id: int,
        player_id: int,
        matches: int,
        after_match: int | None,
        *,
        by: int,
        at: datetime,
        update_id: int | None,
    ) -> None:
        """/ceza: the player misses `matches` of his team's matches after `after_match`."""
        values = {
            "tournament_id": tournament_id,
            "player_id": player_id,
            "matches": matches,
            "after_match": after_match,
            "decided_by": by,
            "decided_at": at,
            "update_id": update_id,
        }
        await self._session.execute(insert(_bans).values(**values))


# --- the aggregate load's part ------------------------------------------------------------


def squads_json(dialect: str, tournament_id: Any) -> Any:
    """Every team of the tournament with its players (a team without any: one row with
    no player), as one JSON value (`squads_from_json` reads it)."""
    p = _players.c
    removed = p.removed_at.is_not(None)
    return (
        select(
            json_rows(
                dialect, _teams.c.id, _teams.c.name, p.id, p.name, p.number, removed, p.listed
            )
        )
        .select_from(_teams.outerjoin(_players, p.team_id == _teams.c.id))
        .where(_teams.c.tournament_id == tournament_id)
        .scalar_subquery()
    )


def events_json(dialect: str, tournament_id: Any) -> Any:
    """The tournament's live events with their match's number and the player's name."""
    e = _events.c
    return (
        select(
            json_rows(
                dialect,
                e.id,
                _matches.c.no,
                e.player_id,
                _players.c.name,
                _teams.c.name,
                e.kind,
                e.update_id,
            )
        )
        .select_from(
            _events.join(_matches, _matches.c.id == e.match_id)
            .join(_players, _players.c.id == e.player_id)
            .join(_teams, _teams.c.id == e.team_id)
        )
        .where(e.tournament_id == tournament_id, e.deleted_at.is_(None))
        .scalar_subquery()
    )


def bans_json(dialect: str, tournament_id: Any) -> Any:
    b = _bans.c
    return (
        select(json_rows(dialect, b.id, b.player_id, b.matches, b.after_match))
        .where(b.tournament_id == tournament_id)
        .scalar_subquery()
    )


def squads_from_json(value: Any) -> Squads:
    team_ids: dict[str, int] = {}
    players = []
    for team_id, team, player_id, name, number, removed, listed in from_json(value):
        team_ids[team] = team_id
        if player_id is not None:
            found = StoredPlayer(player_id, team, name, number, bool(removed), bool(listed))
            players.append((player_id, found))
    return Squads(team_ids, tuple(p for _, p in sorted(players, key=lambda x: x[0])))


def events_from_json(value: Any) -> tuple[StoredEvent, ...]:
    rows = sorted(from_json(value), key=lambda r: r[0])
    return tuple(StoredEvent(*r) for r in rows)


def bans_from_json(value: Any) -> tuple[StoredBan, ...]:
    rows = sorted(from_json(value), key=lambda r: r[0])
    return tuple(StoredBan(*r[1:]) for r in rows)
