"""Chat leases as rows (`chat_leases`): take, renew, give back, and the fence a change's
transaction checks (storage/leases.py says how several processes use them).

Every time is the database's (`now()`), so the processes' clocks do not matter: a lease
whose holder has not renewed it within `ttl` seconds may be taken by another, and the take
adds one to its epoch. The statements are spelled for both engines; with one process
(SQLite) nothing takes leases, but the repository works there too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import ColumnElement, and_, false, func, literal_column, or_, select, update

from storage.bookkeeping_rows import ChatLeaseRow
from storage.sql import Repository, insert_for

_leases = ChatLeaseRow.__table__
_FORMAT = "%Y-%m-%d %H:%M:%f000"  # SQLite: the form storage.rows.UTCDateTime stores


def _now(dialect: str, ago: float = 0.0) -> ColumnElement[Any]:
    """The database's clock, `ago` seconds back."""
    if dialect == "postgresql":
        now = func.now()
        return now - literal_column("interval '1 millisecond'") * round(ago * 1000) if ago else now
    return func.strftime(_FORMAT, "now", f"-{ago:.3f} seconds")


def _mine(held: Mapping[int, int], holder: str) -> ColumnElement[bool]:
    """The rows of `held` (chat -> epoch) as this holder took them."""
    epochs = [and_(_leases.c.chat_id == k, _leases.c.epoch == e) for k, e in held.items()]
    return and_(_leases.c.holder == holder, or_(false(), *epochs))


def first_take_statement(dialect: str, keys: Iterable[int], holder: str) -> Any:
    """Lease the chats of `keys` never leased before (epoch 1); returns their chat ids.
    Waits for nothing but a concurrent first take of the same chat."""
    now = _now(dialect)
    rows = [{"chat_id": k, "holder": holder, "epoch": 1, "renewed_at": now} for k in keys]
    stmt = insert_for(dialect, _leases).values(rows)
    return stmt.on_conflict_do_nothing(index_elements=["chat_id"]).returning(_leases.c.chat_id)


def take_statement(dialect: str, keys: Iterable[int], holder: str, ttl: float) -> Any:
    """Lease what is free of `keys`: given back, or not renewed within `ttl` s; returns
    (chat_id, epoch) of each taken, its epoch one more than the last holder's. A row
    locked by a holder's change under way (`holds`) is skipped, not waited for: the next
    look tries it again."""
    free = (
        select(_leases.c.chat_id)
        .where(
            _leases.c.chat_id.in_(list(keys)),
            or_(_leases.c.holder.is_(None), _leases.c.renewed_at < _now(dialect, ttl)),
        )
        .with_for_update(skip_locked=True)
    )
    return (
        update(_leases)
        .where(_leases.c.chat_id.in_(free.scalar_subquery()))
        .values(holder=holder, epoch=_leases.c.epoch + 1, renewed_at=_now(dialect))
        .returning(_leases.c.chat_id, _leases.c.epoch)
    )


def renew_statement(dialect: str, held: Mapping[int, int], holder: str) -> Any:
    """The heartbeat: `renewed_at` now for the leases of `held` this holder still has at
    that epoch; returns the chat ids renewed. A row locked by the holder's own change under
    way is skipped (renewed at the next beat), so the beat never waits."""
    locked = select(_leases.c.chat_id).where(_mine(held, holder)).with_for_update(skip_locked=True)
    return (
        update(_leases)
        .where(_leases.c.chat_id.in_(locked.scalar_subquery()))
        .values(renewed_at=_now(dialect))
        .returning(_leases.c.chat_id)
    )


def still_statement(held: Mapping[int, int], holder: str) -> Any:
    """Which of `held` this holder still has at that epoch (no lock, no wait)."""
    return select(_leases.c.chat_id).where(_mine(held, holder))


def release_statement(held: Mapping[int, int], holder: str) -> Any:
    """Give back (the epoch stays: the next take adds one to it)."""
    return update(_leases).where(_mine(held, holder)).values(holder=None)


class LeaseRepository(Repository):
    async def take(self, keys: Iterable[int], holder: str, ttl: float) -> dict[int, int]:
        """chat -> epoch of the keys this call leased (see `take_statement`)."""
        wanted = sorted(set(keys))
        if not wanted:
            return {}
        dialect = self._dialect
        first = await self._session.execute(first_take_statement(dialect, wanted, holder))
        got = {chat: 1 for (chat,) in first}
        if rest := [k for k in wanted if k not in got]:
            done = await self._session.execute(take_statement(dialect, rest, holder, ttl))
            got |= {chat: epoch for chat, epoch in done}
        return got

    async def renew(self, held: Mapping[int, int], holder: str) -> tuple[set[int], set[int]]:
        """The heartbeat (`renew_statement`): (renewed, lost) of `held`; a lease neither
        renewed nor lost was skipped, locked by the holder's change under way."""
        if not held:
            return set(), set()
        done = await self._session.execute(renew_statement(self._dialect, held, holder))
        renewed = {chat for (chat,) in done}
        rest = {k: e for k, e in held.items() if k not in renewed}
        still = {c for (c,) in await self._session.execute(still_statement(rest, holder))}
        return renewed, set(rest) - still

    async def release(self, held: Mapping[int, int], holder: str) -> None:
        if held:
            await self._session.execute(release_statement(held, holder))

    async def holds(self, key: int, holder: str, epoch: int, *, lock: bool = True) -> bool:
        """The fence, in the caller's transaction: True if `holder` still has the chat at
        `epoch`. With `lock`, on PostgreSQL the row stays locked (FOR SHARE) until the
        transaction ends, so no take can slip between this check and the commit (a take
        skips a locked row)."""
        stmt = select(_leases.c.epoch).where(_mine({key: epoch}, holder))
        if lock and self._dialect == "postgresql":
            stmt = stmt.with_for_update(read=True)
        return (await self._session.execute(stmt)).first() is not None

    async def of(self, key: int) -> tuple[str | None, int] | None:
        """(holder, epoch) of a chat's lease row, if it has one (tests, the operator)."""
        row = (await self._session.execute(select(_leases).where(_leases.c.chat_id == key))).first()
        return None if row is None else (row.holder, row.epoch)
