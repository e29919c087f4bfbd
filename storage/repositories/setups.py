"""Guided set-up conversations: their JSON state per (chat, user), kept across restarts."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, select

from storage.rows import SetupStateRow
from storage.sql import Repository, upsert


class SetupStateRepository(Repository):
    async def get(self, chat_id: int, user_id: int) -> dict[str, Any] | None:
        row = await self._session.get(SetupStateRow, (chat_id, user_id))
        return None if row is None else dict(row.state)

    async def put(self, chat_id: int, user_id: int, state: dict[str, Any], at: datetime) -> None:
        values = {"chat_id": chat_id, "user_id": user_id, "state": state, "updated_at": at}
        await upsert(self._session, SetupStateRow.__table__, values, ["chat_id", "user_id"])

    async def delete(self, chat_id: int, user_id: int) -> None:
        await self._session.execute(
            delete(SetupStateRow).where(
                SetupStateRow.chat_id == chat_id, SetupStateRow.user_id == user_id
            )
        )

    async def forget_before(self, before: datetime) -> int:
        """Drop conversations untouched since `before` (abandoned set-ups)."""
        stmt = delete(SetupStateRow).where(SetupStateRow.updated_at < before)
        return await self._rowcount(stmt)

    async def keys(self) -> set[tuple[int, int]]:
        """Every (chat, user) with a stored conversation: the bot keeps these in memory so
        an ordinary message costs no database read."""
        rows = await self._session.execute(select(SetupStateRow.chat_id, SetupStateRow.user_id))
        return {(chat, user) for chat, user in rows}
