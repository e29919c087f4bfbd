"""Users who have started the bot in private: the only users it can write to there.

A private `/start` or message adds the user, a `Forbidden` answer removes them; captain
reminders go only to these users (docs/reminders.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import delete, select

from storage.rows import PrivateChatRow
from storage.sql import Repository, insert_if_absent

_IN_CHUNK = 5000  # user ids per IN (...), below SQLite's bound-variable cap


class PrivateChatRepository(Repository):
    async def add(self, user_id: int, at: datetime) -> bool:
        """True if the user is new; idempotent (the first `at` is kept)."""
        values = {"user_id": user_id, "started_at": at}
        table = PrivateChatRow.__table__
        return await insert_if_absent(self._session, table, values, ["user_id"])

    async def remove(self, user_id: int) -> None:
        await self._session.execute(delete(PrivateChatRow).where(PrivateChatRow.user_id == user_id))

    async def reachable(self, user_ids: Iterable[int]) -> set[int]:
        """Those of `user_ids` the bot may write to in private."""
        wanted = sorted(set(user_ids))
        found: set[int] = set()
        for start in range(0, len(wanted), _IN_CHUNK):
            chunk = wanted[start : start + _IN_CHUNK]
            stmt = select(PrivateChatRow.user_id).where(PrivateChatRow.user_id.in_(chunk))
            found.update((await self._session.scalars(stmt)).all())
        return found
