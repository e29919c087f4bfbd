"""The inputs of the tie-break rules that are not scores: cards (fair play) and the lots
an organiser drew.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, insert, select

from storage.errors import MatchNotFound, TeamNotFound
from storage.mapping import grouped
from storage.repositories.teams import TeamRepository
from storage.rows import CardRow, LotPlaceRow, LotRow, MatchRow, TeamRow
from storage.sql import Repository

CARD_KINDS = ("yellow", "second_yellow", "red", "yellow_red")


class TiebreakRepository(Repository):
    async def add_cards(
        self,
        tournament_id: int,
        cards: Sequence[tuple[str, str]],
        recorded_by: int,
        at: datetime,
        match_no: int | None = None,
    ) -> None:
        """Record (team, kind) cards, optionally against a match."""
        ids = await TeamRepository(self._session).ids(tournament_id)
        match_id = None
        if match_no is not None:
            match_id = await self._session.scalar(
                select(MatchRow.id).where(
                    MatchRow.tournament_id == tournament_id, MatchRow.no == match_no
                )
            )
            if match_id is None:
                raise MatchNotFound(match_no)
        rows = []
        for team, kind in cards:
            if team not in ids:
                raise TeamNotFound(team)
            if kind not in CARD_KINDS:
                raise ValueError(f"unknown card kind {kind!r}")
            rows.append(
                {
                    "tournament_id": tournament_id,
                    "team_id": ids[team],
                    "match_id": match_id,
                    "kind": kind,
                    "recorded_by": recorded_by,
                    "recorded_at": at,
                }
            )
        if rows:
            await self._session.execute(insert(CardRow), rows)

    async def cards(self, tournament_id: int) -> list[tuple[str, str]]:
        stmt = (
            select(TeamRow.name, CardRow.kind)
            .join(TeamRow, TeamRow.id == CardRow.team_id)
            .where(CardRow.tournament_id == tournament_id)
            .order_by(CardRow.id)
        )
        return [(team, kind) for team, kind in await self._session.execute(stmt)]

    async def record_lot(
        self, tournament_id: int, scope: str, order: Sequence[str], recorded_by: int, at: datetime
    ) -> None:
        """Store the organiser's drawn order for `scope`, replacing an earlier drawing."""
        ids = await TeamRepository(self._session).ids(tournament_id)
        for team in order:
            if team not in ids:
                raise TeamNotFound(team)
        await self._session.execute(
            delete(LotRow).where(LotRow.tournament_id == tournament_id, LotRow.scope == scope)
        )
        lot = LotRow(
            tournament_id=tournament_id, scope=scope, recorded_by=recorded_by, recorded_at=at
        )
        self._session.add(lot)
        await self._session.flush()
        places = [
            {"lot_id": lot.id, "position": i, "team_id": ids[team]} for i, team in enumerate(order)
        ]
        if places:
            await self._session.execute(insert(LotPlaceRow), places)

    async def lots(self, tournament_id: int) -> dict[str, tuple[str, ...]]:
        """scope -> teams in drawn order."""
        stmt = (
            select(LotRow.scope, TeamRow.name)
            .join(LotPlaceRow, LotPlaceRow.lot_id == LotRow.id)
            .join(TeamRow, TeamRow.id == LotPlaceRow.team_id)
            .where(LotRow.tournament_id == tournament_id)
            .order_by(LotRow.scope, LotPlaceRow.position)
        )
        return grouped(await self._session.execute(stmt))
