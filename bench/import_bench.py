"""Start-up benchmark: `import bot.app` in a fresh interpreter, its time and memory.

Issue 20's targets: `import bot.app` at most 0.7 s and 100 MB (peak RSS) in a fresh
interpreter, with the bytecode caches written. The libraries the bot cannot start without
(python-telegram-bot, SQLAlchemy's asyncio layer, aiosqlite, httpx, rapidfuzz) are timed
apart, so the table shows what our own modules add on top of them. Then the start's
schema step on a SQLite file already at the newest revision, as nearly every start finds
it (`storage.revision.bring_up_to_date`; a checkout from before it ran Alembic's upgrade),
with the peak RSS after it.

    .venv/bin/python bench/import_bench.py [--runs 10] [--compare OTHER_CHECKOUT]

Each run is a new interpreter (`python -c`), PYTHONDONTWRITEBYTECODE unset so the .pyc
files are written once and read afterwards; one warm-up run first. `--compare` alternates
the runs with another checkout's (e.g. an unpacked `git archive` of main), so a shared,
noisy machine weighs on both alike; the minimum is the figure least moved by the noise.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = "telegram.ext, sqlalchemy.ext.asyncio, aiosqlite, httpx, rapidfuzz"
PROBE = f"""
import json, resource, sys, time
t = time.perf_counter()
import bot  # first, as every entry point does: it decides what the libraries load
import {LIBRARIES}
libraries = time.perf_counter() - t
import bot.app
total = time.perf_counter() - t
usage = resource.getrusage(resource.RUSAGE_SELF)
imported = usage.ru_maxrss / 1024

import asyncio
t = time.perf_counter()
import os
if os.path.exists("storage/revision.py"):  # not found through the editable install elsewhere
    from storage.revision import bring_up_to_date as schema_step
else:  # a checkout from before it: the start always imported and ran Alembic
    from storage.migrate import upgrade_async as schema_step
asyncio.run(schema_step(sys.argv[1]))
start = time.perf_counter() - t
started = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps([libraries, total, imported, usage.ru_utime + usage.ru_stime, start, started]))
"""


Run = tuple[float, float, float, float, float, float]


def once(checkout: Path, url: str) -> Run:
    """(libraries s, import s, RSS MB after the import, CPU s, schema step s, RSS MB after
    it) of one fresh interpreter; the CPU time (interpreter start included) moves less than
    the wall time when the machine is shared."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(checkout)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, url],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return tuple(json.loads(done.stdout.strip().splitlines()[-1]))  # type: ignore[return-value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--compare", type=Path, help="another checkout, run alternately")
    args = parser.parse_args()
    checkouts = [ROOT] + ([args.compare.resolve()] if args.compare else [])
    runs: dict[Path, list[Run]] = {c: [] for c in checkouts}
    with tempfile.TemporaryDirectory() as folder:
        urls = {c: f"sqlite+aiosqlite:///{folder}/{n}.db" for n, c in enumerate(checkouts)}
        for checkout in checkouts:
            once(checkout, urls[checkout])  # writes the bytecode caches, migrates the file
        for _ in range(args.runs):
            for checkout in checkouts:
                runs[checkout].append(once(checkout, urls[checkout]))
    print(f"{'checkout':<32} {'runs':>4} {'libs min':>8} {'total min':>9} {'total med':>9}", end="")
    print(f" {'ours min':>8} {'ours med':>8} {'CPU min':>7} {'RSS MB':>6}", end="")
    print(f" {'schema min':>10} {'RSS started':>11}")
    for checkout, found in runs.items():
        totals = [r[1] for r in found]
        ours = [r[1] - r[0] for r in found]
        print(
            f"{str(checkout)[-32:]:<32} {len(found):>4} {min(r[0] for r in found):>8.3f}"
            f" {min(totals):>9.3f} {statistics.median(totals):>9.3f}"
            f" {min(ours):>8.3f} {statistics.median(ours):>8.3f} {min(r[3] for r in found):>7.3f}"
            f" {max(r[2] for r in found):>6.0f} {min(r[4] for r in found):>10.3f}"
            f" {max(r[5] for r in found):>11.0f}"
        )
    print("targets: total at most 0.700 s, RSS at most 100 MB (issue 20)")


if __name__ == "__main__":
    main()
