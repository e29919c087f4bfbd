"""The bot's own bookkeeping: Telegram update ids already applied (claimed inside the
transaction of the write), the inbox of received updates kept until handled
(bot/intake.py says why and when), guided set-up conversations kept across restarts, and
the replies of committed changes until sent (bot/runtime/replies.py), and
the users who have started the bot in private: the only users it can write to there (a
private /start or message adds them, a Forbidden answer removes them; captain reminders go
only to them, docs/reminders.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Text, bindparam, cast, delete, exists, func, select, text, update

from storage.bookkeeping_rows import (
    InboxRow,
    PrivateChatRow,
    ProcessedUpdateRow,
    SetupStateRow,
    StoredReplyRow,
)
from storage.sql import Repository, insert_if_absent, upsert


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


Received = tuple[int, int | None, dict[str, Any]]  # (update id, chat id, payload)
CHANNEL = "turnuva_inbox"  # PostgreSQL NOTIFY channel: chats with new updates


class Taken(NamedTuple):
    update_id: int
    payload: Any  # a dict unless the row is poisoned (the intake sets it aside)
    attempts: int  # processes that began it, this one included


def _decoded(raw: str | None) -> Any:
    """A stored payload read back from its text: one that is no JSON (a row written by
    hand, or by something else) is returned as its text, which the intake sets aside,
    instead of failing the whole read and with it every update after it."""
    if raw is None:
        return None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return raw


class Next(NamedTuple):
    """A chat's oldest update not done, and what tells whether it may be out of order."""

    update_id: int
    missing: int  # ids between it and the chat's update before it not stored (in flight?)
    late: bool  # a later update of the chat was handled already: this one came too late


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
        return [(row.update_id, _decoded(row.payload)) for row in rows]

    async def finish(self, update_ids: Sequence[int], at: datetime) -> int:
        if not update_ids:
            return 0
        params = {"ids": list(update_ids), "at": at}
        return await self._rowcount(_FINISH, params)

    async def last(self) -> int | None:
        """The highest update id ever stored (polling goes on after it); on SQLite only
        numeric ids count (a row an older version stored may hold another value)."""
        stmt = select(func.max(_inbox.c.update_id))
        if self._dialect == "sqlite":
            stmt = stmt.where(func.typeof(_inbox.c.update_id) == "integer")
        return await self._session.scalar(stmt)

    # -- several processes (bot/runtime/shared.py) -------------------------------------

    async def announce(self, chats: Iterable[int | None]) -> None:
        """PostgreSQL: tell every process listening (storage/leases.py) that these chats
        have new updates; sent when this transaction commits. Nothing on SQLite."""
        if self._dialect == "postgresql":
            payload = ",".join(sorted({str(c or 0) for c in chats}))
            await self._session.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})

    async def pending_chats(self) -> set[int | None]:
        """The chats (None: updates of no chat) with an update not done."""
        rows = await self._session.execute(_PENDING_CHATS)
        return {chat for (chat,) in rows}

    async def take(self, chat_id: int | None, by: str) -> Taken | None:
        """The oldest update of `chat_id` not done, counted as begun once more by `by`."""
        stmt = _TAKE_NO_CHAT if chat_id is None else _TAKE
        row = (await self._session.execute(stmt, {"chat": chat_id, "by": by})).first()
        return None if row is None else Taken(row.update_id, _decoded(row.payload), row.attempts)

    async def next_in_order(self, chat_id: int | None, span: int) -> Next | None:
        """The oldest update of `chat_id` not done (not taken: see `take`), with the ids
        missing before it: Telegram numbers one bot's updates consecutively across chats,
        so an id between the chat's previous stored update and this one that is not
        stored at all may be this chat's, still on its way from another connection. Only
        the `span` ids just before it are looked at (the chat's first update: only the one
        just before)."""
        chat = _inbox.c.chat_id.is_(None) if chat_id is None else _inbox.c.chat_id == chat_id
        ids = _inbox.c.update_id
        oldest = select(func.min(ids)).where(chat, _inbox.c.done_at.is_(None)).scalar_subquery()
        previous = select(func.max(ids)).where(chat, ids < oldest).scalar_subquery()
        later = exists().where(
            chat, ids > oldest, _inbox.c.done_at.is_not(None), _inbox.c.set_aside_at.is_(None)
        )
        found = (await self._session.execute(select(oldest, previous, later))).one()
        update_id, before, late = found[0], found[1], bool(found[2])
        if update_id is None:
            return None
        low = max(update_id - 2 if before is None else before, update_id - span, 0)
        stored = 0
        if update_id - low > 1:  # ids in between: are they all stored?
            between = select(func.count()).where(ids > low, ids < update_id)
            stored = int(await self._session.scalar(between) or 0)
        return Next(update_id, update_id - low - 1 - stored, late)

    async def set_aside(self, update_id: Any, at: datetime) -> None:
        """Done without being handled: it could not be read or kept failing. `update_id`
        as stored (perhaps not a number)."""
        await self._rowcount(_SET_ASIDE, {"id": update_id, "at": at})

    async def forget_before(self, before: datetime) -> int:
        """Drop handled updates done before `before` (Telegram resends none that old);
        the newest row stays, so polling still knows where it was."""
        newest = select(func.max(_inbox.c.update_id)).scalar_subquery()
        stmt = delete(_inbox).where(
            _inbox.c.done_at.is_not(None), _inbox.c.done_at < before, _inbox.c.update_id != newest
        )
        return await self._rowcount(stmt)


_inbox = InboxRow.__table__
_PAYLOAD = cast(_inbox.c.payload, Text).label("payload")  # decoded row by row: `_decoded`
_UNFINISHED = (
    select(_inbox.c.update_id, _PAYLOAD)
    .where(_inbox.c.done_at.is_(None))
    .order_by(_inbox.c.update_id)
)
_PENDING_CHATS = select(_inbox.c.chat_id).where(_inbox.c.done_at.is_(None)).distinct()


def _take(chat: Any) -> Any:
    oldest = (
        select(_inbox.c.update_id)
        .where(chat, _inbox.c.done_at.is_(None))
        .order_by(_inbox.c.update_id)
        .limit(1)
        .scalar_subquery()
    )
    return (
        update(_inbox)
        .where(_inbox.c.update_id == oldest)
        .values(attempts=_inbox.c.attempts + 1, taken_by=bindparam("by"))
        .returning(_inbox.c.update_id, _PAYLOAD, _inbox.c.attempts)
    )


_TAKE = _take(_inbox.c.chat_id == bindparam("chat", type_=_inbox.c.chat_id.type))
_TAKE_NO_CHAT = _take(_inbox.c.chat_id.is_(None))
_SET_ASIDE = (
    update(_inbox)
    .where(_inbox.c.update_id == bindparam("id"))
    .values(
        done_at=bindparam("at", type_=_inbox.c.done_at.type),
        set_aside_at=bindparam("at", type_=_inbox.c.done_at.type),
    )
)
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
_FINISH = (
    update(_inbox)
    .where(_inbox.c.update_id.in_(bindparam("ids", expanding=True)), _inbox.c.done_at.is_(None))
    .values(done_at=bindparam("at", type_=_inbox.c.done_at.type))
)


class ReplyRepository(Repository):
    """Replies of committed changes not sent yet, by update id (bot/runtime/replies.py)."""

    async def keep(self, update_id: int, verb: str, outcome: dict[str, Any], at: datetime) -> None:
        """In the transaction of the change: its outcome (typed JSON, bot.usecases.kept),
        to answer with until sent."""
        values = {"update_id": update_id, "verb": verb, "outcome": outcome, "stored_at": at}
        await upsert(self._session, _replies, values, ["update_id"])

    async def unsent(self, update_id: int) -> tuple[str, Any] | None:
        """(verb, outcome as stored) of the update's committed change whose reply was not
        sent; the caller reads the outcome by its schema (bot.usecases.kept.load)."""
        stmt = select(_replies.c.verb, cast(_replies.c.outcome, Text)).where(
            _replies.c.update_id == update_id
        )
        row = (await self._session.execute(stmt)).first()
        return None if row is None else (row[0], _decoded(row[1]))  # no JSON: its text

    async def sent(self, update_ids: Sequence[int]) -> int:
        """The replies of `update_ids` went out: their rows go."""
        if not update_ids:
            return 0
        return await self._rowcount(delete(_replies).where(_replies.c.update_id.in_(update_ids)))

    async def handled_unsent(self, since: datetime) -> list[tuple[int, dict[str, Any]]]:
        """(update id, payload) of updates handled (done in the inbox) since `since` whose
        reply was not sent (its send failed and the process ended before a retry worked)."""
        stmt = (
            select(_inbox.c.update_id, _PAYLOAD)
            .join(_replies, _replies.c.update_id == _inbox.c.update_id)
            .where(_inbox.c.done_at.is_not(None), _replies.c.stored_at >= since)
            .order_by(_inbox.c.update_id)
        )
        return [(row.update_id, _decoded(row.payload)) for row in await self._session.execute(stmt)]

    async def forget_before(self, before: datetime) -> int:
        """Replies never sent, stored before `before`: too old to be worth sending."""
        return await self._rowcount(delete(_replies).where(_replies.c.stored_at < before))


_replies = StoredReplyRow.__table__


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
