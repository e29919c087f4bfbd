"""A process killed with SIGKILL while writing results loses at most the write in flight."""

from __future__ import annotations

import asyncio
import signal
import sys
from dataclasses import replace
from pathlib import Path

from sqlalchemy import func, select
from storage_data import T0, group_plan, new_tournament

from domain.model import Group
from storage.bookkeeping_rows import ProcessedUpdateRow
from storage.rows import MatchRow, ResultAuditRow, ResultRow
from storage.uow import Database

WRITER = Path(__file__).with_name("kill_writer.py")
LEAGUE = (Group("A", tuple(f"Takım {n:02d}" for n in range(1, 13))),)


async def run_and_kill(url: str, tid: int, first_update: int, after: int, tmp: Path) -> int:
    """Start the writer, SIGKILL it once it has acknowledged `after` commits; returns how
    many commits it acknowledged in all (lines it managed to print before dying)."""
    stderr = tmp / f"writer-{first_update}.err"
    with stderr.open("wb") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(WRITER), url, str(tid), str(first_update),
            stdout=asyncio.subprocess.PIPE, stderr=err,
        )  # fmt: skip
        assert proc.stdout is not None
        acknowledged = 0
        while acknowledged < after:
            line = await proc.stdout.readline()
            assert line.startswith(b"committed"), stderr.read_text()
            acknowledged += 1
        proc.send_signal(signal.SIGKILL)
        rest = await proc.stdout.read()
        assert await proc.wait() == -signal.SIGKILL
    return acknowledged + rest.count(b"\n")


async def counts(db: Database) -> dict[str, int]:
    async with db.unit_of_work(read_only=True) as uow:
        scalar = uow.session.scalar
        return {
            "audit": await scalar(select(func.count()).select_from(ResultAuditRow)),
            "updates": await scalar(select(func.count()).select_from(ProcessedUpdateRow)),
            "results": await scalar(select(func.count()).select_from(ResultRow)),
            "matches_written": await scalar(
                select(func.count(func.distinct(ResultAuditRow.match_id)))
            ),
            "version_bumps": await scalar(select(func.sum(MatchRow.version - 1))),
        }


async def integrity_problems(db: Database) -> list[str]:
    if db.engine.dialect.name != "sqlite":
        return []
    async with db.engine.connect() as conn:
        check = [row[0] for row in await conn.exec_driver_sql("PRAGMA integrity_check")]
        keys = list(await conn.exec_driver_sql("PRAGMA foreign_key_check"))
    return [] if check == ["ok"] and not keys else [*check, *map(str, keys)]


async def test_a_writer_killed_mid_loop_loses_at_most_the_write_in_flight(
    db: Database, db_url: str, tmp_path: Path
):
    league = replace(
        new_tournament(), teams=LEAGUE[0].teams, groups=LEAGUE, plan=group_plan(LEAGUE)
    )
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(league, T0)
        await uow.commit()
    await db.dispose()

    acknowledged = 0
    for round_, after in enumerate((3, 25, 80)):
        acknowledged += await run_and_kill(db_url, tid, 1_000_000 * (round_ + 1), after, tmp_path)

        reopened = Database.from_url(db_url)
        try:
            assert await integrity_problems(reopened) == []
            c = await counts(reopened)
            async with reopened.unit_of_work(read_only=True) as uow:
                plan = await uow.matches.plan(tid)
        finally:
            await reopened.dispose()
        # Every acknowledged write is there; at most one more (the one in flight) per kill.
        assert acknowledged <= c["audit"] <= acknowledged + 1, (acknowledged, c)
        acknowledged = c["audit"]
        # And each write is whole: update id, audit row, version bump, result together.
        assert c["updates"] == c["audit"] == c["version_bumps"], c
        assert c["results"] == c["matches_written"] == sum(m.result is not None for m in plan)
