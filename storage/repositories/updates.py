"""Telegram update ids already applied, claimed inside the transaction of the write."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete

from storage.rows import ProcessedUpdateRow
from storage.sql import Repository, insert_if_absent


class UpdateRepository(Repository):
    async def claim(self, update_id: int, at: datetime) -> bool:
        """True the first time an update id is seen (in a committed transaction)."""
        values = {"update_id": update_id, "processed_at": at}
        table = ProcessedUpdateRow.__table__
        return await insert_if_absent(self._session, table, values, ["update_id"])

    async def forget_before(self, before: datetime) -> int:
        """Prune old ids (Telegram does not resend updates older than a day)."""
        stmt = delete(ProcessedUpdateRow).where(ProcessedUpdateRow.processed_at < before)
        return await self._rowcount(stmt)
