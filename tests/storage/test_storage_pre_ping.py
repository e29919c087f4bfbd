"""A long-lived process outlives its PostgreSQL connections: a pooled connection the server
closed meanwhile is replaced before use (pool_pre_ping), not failed on first use."""

from __future__ import annotations

from conftest import _admin
from sqlalchemy import text


async def test_a_connection_the_server_closed_is_replaced_before_its_next_use(pg_db):
    async with pg_db.unit_of_work(read_only=True) as uow:
        pid = await uow.session.scalar(text("SELECT pg_backend_pid()"))

    await _admin(f"SELECT pg_terminate_backend({pid})")  # what a server restart does

    async with pg_db.unit_of_work(read_only=True) as uow:
        again = await uow.session.scalar(text("SELECT pg_backend_pid()"))
    assert again != pid
