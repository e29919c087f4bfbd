"""The few statements whose spelling differs between SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession


def _insert(session: AsyncSession, table: Table) -> Any:
    dialect = session.get_bind().dialect.name
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(table)


async def insert_if_absent(
    session: AsyncSession,
    table: Table,
    values: dict[str, Any] | list[dict[str, Any]],
    key: list[str],
) -> Any:
    """INSERT ... ON CONFLICT (key) DO NOTHING of one row (a dict) or many (a list).

    One row: True if this call inserted it. Many, in one multi-row statement: the `key`
    of each row this call inserted (rows whose key is stored already insert nothing).
    On PostgreSQL a concurrent, not yet committed insert of the same key makes this wait
    for that transaction and then insert nothing, so "first one wins" holds across
    sessions.
    """
    stmt = _insert(session, table).on_conflict_do_nothing(index_elements=key)
    if isinstance(values, dict):
        result = await session.execute(stmt, values)
        return bool(result.rowcount)  # type: ignore[attr-defined]
    if not values:
        return []
    returning = stmt.returning(*(table.c[name] for name in key))
    return (await session.execute(returning, values)).all()


async def upsert(
    session: AsyncSession, table: Table, values: dict[str, Any], key: list[str]
) -> None:
    """INSERT ... ON CONFLICT (key) DO UPDATE SET the other columns."""
    stmt = _insert(session, table).values(**values)
    changes = {name: stmt.excluded[name] for name in values if name not in key}
    await session.execute(stmt.on_conflict_do_update(index_elements=key, set_=changes))
