"""The input of the tie-break rules that is neither a score nor a booking: the lots an
organiser drew. (Fair play counts the players' bookings, storage.repositories.players.)
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, insert, select

from storage.errors import TeamNotFound
from storage.mapping import grouped
from storage.repositories.teams import TeamRepository
from storage.rows import LotPlaceRow, LotRow, TeamRow
from storage.sql import Repository


class TiebreakRepository(Repository):
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
