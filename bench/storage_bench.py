"""Storage benchmark on SQLite and PostgreSQL: the writes and the read the bot lives on.

Creates 1,000 tournaments of 16 teams (four groups of four, quarter-finals on, planned by
`domain.planner`), one captain per team; records 10,000 results, each in its own unit of
work as the bot would (half by one writer, half by eight at once); then times 10,000
"next match for this user" look-ups. Targets: look-up p99 <= 5 ms on SQLite and <= 10 ms
on PostgreSQL; >= 500 results/s.

    .venv/bin/python bench/storage_bench.py [--quick] [--engine sqlite|postgresql]

PostgreSQL: a fresh database `turnuva_bench_<random>` on $PGHOST:$PGPORT (default
127.0.0.1:5432, user $PGUSER or postgres), created from database `test` and dropped after.

SQLite runs as the bot does: WAL with synchronous=NORMAL (`storage.engine`), so the
numbers are for a setting where a killed process loses nothing acknowledged but an OS
crash or power cut can lose the last commits; the table is followed by that note.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg

from domain import dayplan, formats, planner
from domain.model import Group, PlannedMatch, Score
from domain.settings import TournamentSettings
from storage import migrate
from storage.engine import SQLITE_SYNCHRONOUS
from storage.records import NewTournament, RecordResult
from storage.uow import Database

START = datetime(2026, 12, 6, 7, 0, tzinfo=UTC)
TEAMS = tuple(f"Takım {n:02d}" for n in range(1, 17))
GROUPS = tuple(Group(label, TEAMS[i * 4 : i * 4 + 4]) for i, label in enumerate("ABCD"))
TARGET_P99_MS = {"sqlite": 5.0, "postgresql": 10.0}
TARGET_RESULTS_PER_S = 500.0
WRITERS = 8  # concurrent result writers in the second half (the bot serves many chats)


def sixteen_team_plan() -> tuple[PlannedMatch, ...]:
    draft = formats.groups_then_knockout(GROUPS, formats.Options(knockout="quarter"))
    pitches = tuple(dayplan.Pitch(f"Saha {n}") for n in (1, 2, 3))
    return planner.plan(draft, dayplan.TimeRules(start=START, pitches=pitches)).matches


@dataclass
class Row:
    engine: str
    operation: str
    count: int
    seconds: float
    latencies: list[float]
    target: str = ""

    def cells(self) -> list[str]:
        lat = sorted(self.latencies)
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
        return [
            self.engine,
            self.operation,
            f"{self.count:,}",
            f"{self.seconds:.1f}",
            f"{self.count / self.seconds:,.0f}",
            f"{p50:.2f}",
            f"{p99:.2f}",
            self.target,
        ]


async def timed(
    indices: range, step: Callable[[int], Awaitable[None]], workers: int = 1
) -> tuple[float, list[float]]:
    """Run `step(i)` for every index, `workers` at a time (as many chats would)."""
    latencies: list[float] = []
    todo = iter(indices)

    async def worker() -> None:
        for i in todo:
            t = time.perf_counter()
            await step(i)
            latencies.append(time.perf_counter() - t)

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(workers)))
    return time.perf_counter() - began, latencies


async def bench(engine: str, url: str, tournaments: int, results: int, lookups: int) -> list[Row]:
    await migrate.upgrade_async(url)
    db = Database.from_url(url)
    plan = sixteen_team_plan()
    playable = [m.no for m in plan if m.home and m.away]
    settings = TournamentSettings(pitches=("Saha 1", "Saha 2", "Saha 3"), first_kickoff=START)
    rng = random.Random(7)

    def chat(t: int) -> int:
        return -1_000_000_000_000 - t

    def captain(t: int, team: int) -> int:
        return 5_000_000_000 + t * 100 + team

    ids: list[int] = []

    async def create(t: int) -> None:
        new = NewTournament(chat(t), f"Kupa {t}", captain(t, 99), settings, TEAMS, GROUPS, plan)
        async with db.unit_of_work() as uow:
            tid = await uow.tournaments.create(new, START)
            for n, team in enumerate(TEAMS):
                await uow.teams.add_captain(tid, team, captain(t, n))
            await uow.commit()
        ids.append(tid)

    picks = rng.sample([(t, no) for t in range(tournaments) for no in playable], results)

    async def record(i: int) -> None:
        t, no = picks[i]
        cmd = RecordResult(
            tournament_id=ids[t],
            match_no=no,
            score=Score(rng.randrange(6), rng.randrange(6)),
            entered_by=captain(t, 0),
            at=START + timedelta(hours=8),
            update_id=i + 1,
            source_chat_id=chat(t),
            source_message_id=i + 1,
        )
        async with db.unit_of_work() as uow:
            await uow.results.record_first(cmd)
            await uow.commit()

    day = plan[-1].end - START
    queries = [
        (rng.randrange(tournaments), rng.randrange(16), START + day * rng.random())
        for _ in range(lookups)
    ]
    answered = 0

    async def look_up(i: int) -> None:
        nonlocal answered
        t, team, now = queries[i]
        async with db.unit_of_work(read_only=True) as uow:
            found = await uow.matches.next_for_captain(chat(t), captain(t, team), now)
        answered += found is not None

    rows = []
    seconds, lat = await timed(range(tournaments), create)
    rows.append(Row(engine, f"create tournament ({len(plan)} matches)", tournaments, seconds, lat))
    half = results // 2
    for label, indices, workers in (
        ("record result, one writer", range(half), 1),
        (f"record result, {WRITERS} writers", range(half, results), WRITERS),
    ):
        seconds, lat = await timed(indices, record, workers)
        ok = "ok" if len(indices) / seconds >= TARGET_RESULTS_PER_S else "MISSED"
        rows.append(Row(engine, label, len(indices), seconds, lat, f">= 500/s {ok}"))
    seconds, lat = await timed(range(lookups), look_up)
    row = Row(engine, f"next match look-up ({answered:,} found)", lookups, seconds, lat)
    p99 = float(row.cells()[6])
    row.target = (
        f"p99 <= {TARGET_P99_MS[engine]:g} ms {'ok' if p99 <= TARGET_P99_MS[engine] else 'MISSED'}"
    )
    rows.append(row)
    await db.dispose()
    return rows


async def postgres_admin(sql: str) -> None:
    conn = await asyncpg.connect(
        host=os.environ.get("PGHOST", "127.0.0.1"),
        port=int(os.environ.get("PGPORT", "5432")),
        user=os.environ.get("PGUSER", "postgres"),
        database="test",
    )
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def run_postgres(tournaments: int, results: int, lookups: int) -> list[Row]:
    name = f"turnuva_bench_{secrets.token_hex(4)}"
    host = os.environ.get("PGHOST", "127.0.0.1")
    port = os.environ.get("PGPORT", "5432")
    user = os.environ.get("PGUSER", "postgres")
    try:
        await postgres_admin(f'CREATE DATABASE "{name}"')
    except (OSError, asyncpg.PostgresError) as exc:
        print(f"postgresql: skipped, cannot create a database: {exc!r}")
        return []
    try:
        url = f"postgresql+asyncpg://{user}@{host}:{port}/{name}"
        return await bench("postgresql", url, tournaments, results, lookups)
    finally:
        await postgres_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def run_sqlite(tournaments: int, results: int, lookups: int) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.sqlite3'}"
        return await bench("sqlite", url, tournaments, results, lookups)


def print_table(rows: list[Row]) -> None:
    header = ["engine", "operation", "count", "total s", "ops/s", "p50 ms", "p99 ms", "target"]
    table = [header, *(row.cells() for row in rows)]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    for n, line in enumerate(table):
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)))
        if n == 0:
            print("  ".join("-" * width for width in widths))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the sizes")
    parser.add_argument("--engine", choices=["sqlite", "postgresql"], action="append")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    sizes = (1_000 // scale, 10_000 // scale, 10_000 // scale)
    rows: list[Row] = []
    for engine in args.engine or ["sqlite", "postgresql"]:
        runner = run_sqlite if engine == "sqlite" else run_postgres
        rows += await runner(*sizes)
    print_table(rows)
    if any(row.engine == "sqlite" for row in rows):
        print(SQLITE_DURABILITY.format(SQLITE_SYNCHRONOUS))


SQLITE_DURABILITY = (
    "\nsqlite: WAL, synchronous={}. A killed bot process (SIGKILL, crash) loses no"
    " acknowledged write;\nan OS crash or power cut can lose the last commits (FULL would"
    " fsync every commit, at a cost in writes/s)."
)


if __name__ == "__main__":
    asyncio.run(main())
