"""The inbox: received updates kept until handled (bot/intake.py says why and when)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, select, update

from storage.rows import InboxRow
from storage.sql import Repository, insert_if_absent

Received = tuple[int, int | None, dict[str, Any]]  # (update id, chat id, payload)


class InboxRepository(Repository):
    async def add(self, updates: Sequence[Received], at: datetime) -> set[int]:
        """Store what is not stored yet (one multi-row insert); the ids that were new.
        An id stored before, handled or not, is a copy Telegram sent again."""
        if not updates:
            return set()
        rows = [
            {"update_id": u, "chat_id": c, "payload": p, "received_at": at, "done_at": None}
            for u, c, p in updates
        ]
        inserted = await insert_if_absent(self._session, _inbox, rows, ["update_id"])
        return {update_id for (update_id,) in inserted}

    async def unfinished(self) -> list[tuple[int, dict[str, Any]]]:
        """(update id, payload) of every update received but not handled, oldest first."""
        rows = await self._session.execute(_UNFINISHED)
        return [(row.update_id, row.payload) for row in rows]

    async def finish(self, update_ids: Sequence[int], at: datetime) -> int:
        if not update_ids:
            return 0
        params = {"ids": list(update_ids), "at": at}
        return await self._rowcount(_FINISH, params)

    async def last(self) -> int | None:
        """The highest update id ever stored (polling goes on after it)."""
        return await self._session.scalar(select(func.max(_inbox.c.update_id)))

    async def forget_before(self, before: datetime) -> int:
        """Drop handled updates done before `before` (Telegram resends none that old);
        the newest row stays, so polling still knows where it was."""
        newest = select(func.max(_inbox.c.update_id)).scalar_subquery()
        stmt = delete(_inbox).where(
            _inbox.c.done_at.is_not(None), _inbox.c.done_at < before, _inbox.c.update_id != newest
        )
        return await self._rowcount(stmt)


_inbox = InboxRow.__table__
_UNFINISHED = (
    select(_inbox.c.update_id, _inbox.c.payload)
    .where(_inbox.c.done_at.is_(None))
    .order_by(_inbox.c.update_id)
)
_FINISH = (
    update(_inbox)
    .where(_inbox.c.update_id.in_(bindparam("ids", expanding=True)), _inbox.c.done_at.is_(None))
    .values(done_at=bindparam("at", type_=_inbox.c.done_at.type))
)
