"""Time to render the fixture picture, the table picture and the PDF card for 8, 32, 64 teams.

    .venv/bin/python bench/render_bench.py [--repeat 5]

Groups of four on 2, 4 and 8 pitches (bot.render.sample). Each figure is the best of
`--repeat` runs in seconds; targets: at most 0.5 s at 32 teams and 1.5 s at 64.
"""

from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime

from bot.render import picture, printout, sample

SIZES = ((8, 2), (32, 4), (64, 8))
TARGET = {32: 0.5, 64: 1.5}


def best(repeat: int, make, *args) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        make(*args)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    printed = datetime(2026, 12, 5, tzinfo=UTC)
    print(f"{'teams':>5} {'matches':>7} {'fixture':>8} {'table':>8} {'pdf':>8}  target")
    slow = False
    for teams, pitches in SIZES:
        snap = sample.snapshot(sample.names(teams), pitches=pitches)
        rows = [(m.match, m.result) for m in snap.matches]
        name, rule = snap.tournament.name, snap.rules.tiebreak
        fixture = best(args.repeat, picture.fixture, name, rows)
        table = best(args.repeat, picture.tables, name, snap.tables(), rule)
        pdf = best(args.repeat, printout.card, snap, printed)
        target = TARGET.get(teams)
        worst = max(fixture, table, pdf)
        verdict = "" if target is None else f"≤ {target} s {'ok' if worst <= target else 'SLOW'}"
        slow |= target is not None and worst > target
        print(f"{teams:>5} {len(rows):>7} {fixture:>8.3f} {table:>8.3f} {pdf:>8.3f}  {verdict}")
    if slow:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
