"""Public pages benchmark: requests per second for a tournament's page and its live-update
endpoint, beside a static file served by the same server in the same run, with 1,000
tournaments stored; then the time from a result to the open page showing it.

The server is the bot's own ASGI app (bot.web.app.make_app over a bot.web.site.Site) under
uvicorn, one process, pinned to CPU 0 where it may; the load comes from another process
(CPU 1) speaking plain HTTP/1.1 keep-alive over CONNECTIONS connections, so the client's
own cost stays small. 1,000 tournaments (DOMAIN.md's 8-team day, one chat each) are
stored through bot.usecases.setup.create on a temporary SQLite file, each with its link.

Rows: the static file (/static/site.css); the tournament page (/t/<token>) of one
tournament; the same page over 100 tournaments in turn; the revision endpoint
(/t/<token>/surum, what an open page asks). Target: the page at >= 50 % of the static
file's rate.

Result to page: with the page's long poll open (/surum?since=<revision>), a result is
committed by this process (as another bot process behind the same database would) and the
clock runs until the page's main part (?parca=1) shows the score: p50/p99 over the group
results of several tournaments. The server sees it at its next fingerprint poll (1 s);
inside the bot process the result's own update wakes the poll at once.

    .venv/bin/python bench/web_bench.py [--quick] [--seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

IST = ZoneInfo("Europe/Istanbul")
KICKOFF = datetime(2026, 12, 6, 10, 0, tzinfo=IST)
NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)
CONNECTIONS = 32
RESULTS = (
    "A1 3-1 A4", "A2 2-2 A3", "A1 1-0 A3", "A2 2-0 A4", "A1 1-1 A2", "A3 3-2 A4",
    "B1 0-2 B4", "B2 1-0 B3", "B1 1-1 B3", "B4 0-3 B2", "B1 0-1 B2", "B3 2-2 B4",
)  # fmt: skip


def chat_of(t: int) -> int:
    return -1_002_000_000_000 - t


def pin(cpu: int) -> None:
    if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > cpu:
        os.sched_setaffinity(0, {cpu})


# --- the server process ------------------------------------------------------------------


def serve(url: str, port: int) -> None:
    import uvicorn

    from bot.web.app import make_app
    from bot.web.site import Site
    from storage import Database

    pin(0)

    async def main() -> None:
        db = Database.from_url(url)
        site = Site(db, lambda: NOW, f"http://127.0.0.1:{port}")
        config = uvicorn.Config(
            make_app(site), host="127.0.0.1", port=port, log_level="warning", access_log=False
        )
        await uvicorn.Server(config).serve()
        await site.close()
        await db.dispose()

    asyncio.run(main())


# --- seeding -----------------------------------------------------------------------------


async def seed(url: str, count: int) -> list[str]:
    from bot.usecases import drafts, links, setup
    from bot.usecases.runner import Actor, run
    from storage import Database, migrate

    await migrate.upgrade_async(url)
    db = Database.from_url(url)
    teams = tuple(f"{g}{n}" for g in "AB" for n in range(1, 5))
    spec = drafts.Spec(
        name="Bahar Kupası",
        teams=teams,
        kickoff=KICKOFF,
        groups=2,
        pitches=("Saha 1", "Saha 2"),
        match_minutes=26,
        changeover=4,
        group_lists=(teams[:4], teams[4:]),
    )
    tokens = []
    try:
        for t in range(count):
            async with db.unit_of_work() as uow:
                await setup.create(uow, spec, chat_id=chat_of(t), user_id=10 + t, now=NOW)
                await uow.commit()
            actor = Actor(user_id=10 + t, chat_id=chat_of(t), now=NOW)
            tokens.append((await run(db, links.show, links.Show(), actor)).value.token)
    finally:
        await db.dispose()
    return tokens


# --- the load ----------------------------------------------------------------------------


async def _connection(
    port: int, paths: list[str], until: float, counts: list[int], limit: int | None = None
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    i = 0
    try:
        while time.perf_counter() < until and (limit is None or i < limit):
            path = paths[i % len(paths)]
            i += 1
            writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            await reader.readexactly(length)
            if status != 200:
                raise RuntimeError(f"{path}: HTTP {status}")
            counts[0] += 1
    finally:
        writer.close()


async def rate(port: int, paths: list[str], seconds: float) -> float:
    """Requests/s over CONNECTIONS connections, after every path was asked once (each
    tournament's snapshot loaded and its page rendered, as on a busy match day)."""
    counts = [0]
    await _connection(port, paths, float("inf"), [0], limit=len(paths))
    began = time.perf_counter()
    until = began + seconds
    await asyncio.gather(*(_connection(port, paths, until, counts) for _ in range(CONNECTIONS)))
    return counts[0] / (time.perf_counter() - began)


async def result_to_page(url: str, port: int, tokens: list[str], tournaments: int) -> list[float]:
    import httpx

    from bot.usecases import results
    from bot.usecases.runner import Actor
    from storage import Database

    db = Database.from_url(url)
    times = []
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            for t in range(tournaments):
                token = tokens[t]
                await client.get(f"/t/{token}")  # the page is open
                for played, line in enumerate(RESULTS, start=1):
                    revision = (await client.get(f"/t/{token}/surum")).json()["surum"]
                    waiting = asyncio.create_task(
                        client.get(f"/t/{token}/surum", params={"since": revision})
                    )
                    await asyncio.sleep(0.05)  # the long poll is parked on the server
                    async with db.unit_of_work() as uow:
                        await results.record(
                            uow, results.Record(line), Actor(10 + t, chat_of(t), NOW)
                        )
                        await uow.commit()
                    began = time.perf_counter()
                    await waiting
                    part = await client.get(f"/t/{token}", params={"parca": "1"})
                    shown = f"{played}/16 maç oynandı"
                    assert shown in part.text, (line, part.text[:200])
                    times.append(time.perf_counter() - began)
    finally:
        await db.dispose()
    return times


def table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 tournaments, 2 s per row")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--serve", nargs=2, metavar=("DB_URL", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return
    count = 100 if args.quick else 1_000
    seconds = 2.0 if args.quick else args.seconds
    with tempfile.TemporaryDirectory() as home:
        url = f"sqlite+aiosqlite:///{Path(home) / 'pages.sqlite3'}"
        began = time.perf_counter()
        tokens = asyncio.run(seed(url, count))
        print(f"{count} tournaments stored in {time.perf_counter() - began:.1f} s")
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([sys.executable, __file__, "--serve", url, str(port)], cwd=ROOT)
        try:
            asyncio.run(_ready(port))
            pin(1)
            token = tokens[0]
            rows = [
                ("static file", ["/static/site.css"]),
                ("tournament page", [f"/t/{token}"]),
                ("tournament page, 100 tournaments in turn", [f"/t/{t}" for t in tokens[:100]]),
                ("revision (live update)", [f"/t/{token}/surum"]),
            ]
            measured = [(name, asyncio.run(rate(port, paths, seconds))) for name, paths in rows]
            static = measured[0][1]
            out = [("request", "requests/s", "of static")]
            out += [(name, f"{r:,.0f}", f"{r / static:.0%}") for name, r in measured]
            print(table(out))
            times = asyncio.run(result_to_page(url, port, tokens, 5 if not args.quick else 2))
            q = statistics.quantiles(times, n=100, method="inclusive")
            print(
                f"result -> open page shows it (another process's write, {len(times)} results):"
                f" p50 {statistics.median(times) * 1000:.0f} ms, p99 {q[98] * 1000:.0f} ms,"
                f" max {max(times) * 1000:.0f} ms"
            )
            page = measured[1][1] / static
            print(f"target: the page at >= 50 % of the static file's rate: {page:.0%}",
                  "met" if page >= 0.5 else "NOT met")  # fmt: skip
        finally:
            server.terminate()
            server.wait(timeout=10)


async def _ready(port: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)


if __name__ == "__main__":
    main()
