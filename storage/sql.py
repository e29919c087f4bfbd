"""What every repository shares: its session, and the few spellings the two engines (or
their query planners) need."""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy import ColumnElement, Table, func, literal_column
from sqlalchemy.dialects import sqlite
from sqlalchemy.ext.asyncio import AsyncSession

# `status = 'active'` spelled in the SQL, not bound: the one-active-tournament-per-chat
# index is partial (WHERE status = 'active'), and SQLite plans a statement that binds the
# status anew on every execution to find out whether that index may serve it (a
# re-prepare: about three times the cost of the look-up itself).
ACTIVE = literal_column("'active'")


def json_rows(dialect: str, *columns: Any) -> Any:
    """The aggregate of one JSON array of `columns` per row, in no particular order (SQLite
    3.40 has no ORDER BY in an aggregate): a table of rows in one value of one statement."""
    if dialect == "postgresql":
        return func.json_agg(func.json_build_array(*columns))
    return func.json_group_array(func.json_array(*columns))


def insert_for(dialect: str, table: Table) -> Any:
    """The engine's INSERT, which knows ON CONFLICT."""
    if dialect == "postgresql":
        from sqlalchemy.dialects import postgresql  # loaded by PostgreSQL processes only

        return postgresql.insert(table)
    return sqlite.insert(table)


@cache
def _insert_ignoring(
    dialect: str,
    table: Table,
    key: tuple[str, ...],
    where: ColumnElement[bool] | None,
    returning: bool,
) -> Any:
    # Built once per table and key: these run on nearly every message (update ids,
    # private chats, first results), where building the statement cost more than running it.
    stmt = insert_for(dialect, table).on_conflict_do_nothing(index_elements=key, index_where=where)
    return stmt.returning(*(table.c[name] for name in key)) if returning else stmt


async def insert_if_absent(
    session: AsyncSession,
    table: Table,
    values: dict[str, Any] | list[dict[str, Any]],
    key: list[str],
    *,
    where: ColumnElement[bool] | None = None,
) -> Any:
    """INSERT ... ON CONFLICT (key) DO NOTHING of one row (a dict) or many (a list).

    One row: True if this call inserted it. Many, in one multi-row statement: the `key`
    of each row this call inserted (rows whose key is stored already insert nothing).
    `where` names a partial unique index by its condition (a module-level expression:
    the statement is cached by it). On PostgreSQL a concurrent, not yet committed insert
    of the same key makes this wait for that transaction and then insert nothing, so
    "first one wins" holds across sessions.
    """
    dialect = session.get_bind().dialect.name
    if isinstance(values, dict):
        stmt = _insert_ignoring(dialect, table, tuple(key), where, False)
        return bool((await session.execute(stmt, values)).rowcount)  # type: ignore[attr-defined]
    if not values:
        return []
    stmt = _insert_ignoring(dialect, table, tuple(key), where, True)
    return (await session.execute(stmt, values)).all()


async def upsert(
    session: AsyncSession, table: Table, values: dict[str, Any], key: list[str]
) -> None:
    """INSERT ... ON CONFLICT (key) DO UPDATE SET the other columns."""
    stmt = insert_for(session.get_bind().dialect.name, table).values(**values)
    changes = {name: stmt.excluded[name] for name in values if name not in key}
    await session.execute(stmt.on_conflict_do_update(index_elements=key, set_=changes))


class Repository:
    """Runs its statements in the caller's session (the unit of work's transaction) and
    never commits."""

    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    @property
    def _dialect(self) -> str:
        """ "sqlite" or "postgresql": a few statements are spelled per engine."""
        return self._session.get_bind().dialect.name

    async def _rowcount(self, stmt: Any, params: dict[str, Any] | None = None) -> int:
        """Run an UPDATE or DELETE; how many rows it matched."""
        return int((await self._session.execute(stmt, params)).rowcount)  # type: ignore[attr-defined]
