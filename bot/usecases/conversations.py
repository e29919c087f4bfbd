"""What the bot waits for from one person in one chat: a set-up step, a typo's choice, a
captain's result awaiting the other captain. One stored state per (chat, user), so it
survives a restart; each call is its own committed unit of work."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from storage import Database


async def keep(
    db: Database, chat_id: int, user_id: int, state: dict[str, Any], at: datetime
) -> None:
    async with db.unit_of_work() as uow:
        await uow.setups.put(chat_id, user_id, state, at)
        await uow.commit()


async def peek(db: Database, chat_id: int, user_id: int) -> dict[str, Any] | None:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.setups.get(chat_id, user_id)


async def take(
    db: Database, chat_id: int, user_id: int, kind: str | None = None
) -> dict[str, Any] | None:
    """The state (removed), if there is one of `kind` (any kind when None); else None and
    nothing changes."""
    async with db.unit_of_work() as uow:
        state = await uow.setups.get(chat_id, user_id)
        if state is None or (kind is not None and state.get("kind") != kind):
            return None
        await uow.setups.delete(chat_id, user_id)
        await uow.commit()
    return state
