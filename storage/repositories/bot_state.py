"""Repositories for the bot's bookkeeping: processed updates, set-up states, reminders."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import queries
from storage.rows import ProcessedUpdateRow, ReminderRow, SetupStateRow
from storage.sql import insert_if_absent, upsert


class UpdateLog:
    """Telegram update ids already applied; claimed inside the transaction of the write."""

    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def claim(self, update_id: int, at: datetime) -> bool:
        """True the first time an update id is seen (in a committed transaction)."""
        values = {"update_id": update_id, "processed_at": at}
        stmt = queries.CLAIM_UPDATE[self._session.get_bind().dialect.name]
        result = await self._session.execute(stmt, values)
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def forget_before(self, before: datetime) -> int:
        """Prune old ids (Telegram does not resend updates older than a day)."""
        stmt = delete(ProcessedUpdateRow).where(ProcessedUpdateRow.processed_at < before)
        result = await self._session.execute(stmt)
        return int(result.rowcount)  # type: ignore[attr-defined]


class SetupStates:
    """JSON state of a guided set-up conversation per (chat, user)."""

    def __init__(self, session: AsyncSession) -> None:
        self._session = session

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

    async def keys(self) -> set[tuple[int, int]]:
        """Every (chat, user) with a stored conversation: the bot keeps these in memory so
        an ordinary message costs no database read."""
        rows = await self._session.execute(select(SetupStateRow.chat_id, SetupStateRow.user_id))
        return {(chat, user) for chat, user in rows}


class Reminders:
    """Reminder rows; status moves pending -> sending -> sent (or dropped), never back."""

    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def schedule(
        self, match_id: int, recipient: int, kind: str, due_at: datetime, at: datetime
    ) -> bool:
        """Add a pending reminder; False if that (match, recipient, kind) exists already."""
        values = {
            "match_id": match_id,
            "recipient": recipient,
            "kind": kind,
            "due_at": due_at,
            "status": "pending",
            "updated_at": at,
        }
        key = ["match_id", "recipient", "kind"]
        return await insert_if_absent(self._session, ReminderRow.__table__, values, key)

    async def due(self, now: datetime, limit: int = 100) -> Sequence[ReminderRow]:
        stmt = (
            select(ReminderRow)
            .where(ReminderRow.status == "pending", ReminderRow.due_at <= now)
            .order_by(ReminderRow.due_at)
            .limit(limit)
        )
        return (await self._session.scalars(stmt)).all()

    async def pending(self) -> Sequence[ReminderRow]:
        """Everything still to send, to restore the job queue at start-up."""
        stmt = select(ReminderRow).where(ReminderRow.status.in_(("pending", "sending")))
        return (await self._session.scalars(stmt.order_by(ReminderRow.due_at))).all()

    async def move(self, reminder_id: int, old: str, new: str, at: datetime) -> bool:
        """Conditional status change; False if someone else moved it first."""
        stmt = (
            update(ReminderRow)
            .where(ReminderRow.id == reminder_id, ReminderRow.status == old)
            .values(status=new, updated_at=at)
        )
        return bool((await self._session.execute(stmt)).rowcount)  # type: ignore[attr-defined]
