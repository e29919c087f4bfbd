"""Season-league benchmark: planning time, match weeks, season length and home/away breaks.

Run: .venv/bin/python bench/season_bench.py [--repeat 3]
Shapes: the article's 8, 10, 12 and 18 teams, single and double, weekly and every other
week, on Sundays 14:00-17:00 with 30 net minutes a match and 5 between (as many pitches
as one round needs). Targets (2-core machine): every double league at 3n - 6 breaks
(the fewest a mirrored double round robin allows); median planning time under 1 s for the
18-team double season (34 match days). Compare ratios within one run.
"""

from __future__ import annotations

import argparse
import datetime
import math
import statistics
import time
from datetime import date
from zoneinfo import ZoneInfo

from domain.matchdays import Calendar, months, season_days
from domain.season import PitchHours, SeasonPlan, SeasonRules, season

IST = ZoneInfo("Europe/Istanbul")
FIRST_SUNDAY = date(2027, 1, 10)
PER_PITCH = 5  # 4 x 35 + 30 = 170 of the window's 180 minutes


def run(teams: int, double: bool, every: int) -> tuple[float, SeasonPlan]:
    pitches = math.ceil(teams // 2 / PER_PITCH)
    rules = SeasonRules(
        calendar=Calendar.every(FIRST_SUNDAY, every),
        pitches=tuple(
            PitchHours(f"Saha {i}", datetime.time(14), datetime.time(17)) for i in range(pitches)
        ),
        zone=IST,
        match_minutes=30,
        half_time=0,
        changeover=5,
    )
    names = [f"T{i}" for i in range(1, teams + 1)]
    began = time.perf_counter()
    plan = season(names, rules, double=double)
    return time.perf_counter() - began, plan


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    header = (
        f"{'teams':>5} {'legs':>6} {'every':>5} {'pitch':>5} | {'weeks':>5} {'matches':>7}"
        f" {'/week':>5} | {'last day':>10} {'length':>9} | {'breaks':>6} {'3n-6':>4} |"
        f" {'time s':>7}"
    )
    print(header)
    print("-" * len(header))
    ok = True
    for teams in (8, 10, 12, 18):
        for double in (False, True):
            for every in (7, 14):
                times = []
                for _ in range(max(1, args.repeat)):
                    took, plan = run(teams, double, every)
                    times.append(took)
                broken = sum(plan.breaks().values())
                floor = 3 * teams - 6 if double else teams - 2
                length = season_days(plan.weeks, every)
                ok &= not double or broken == floor
                per_week = max(len(d.matches) for d in plan.days)
                print(
                    f"{teams:>5} {'double' if double else 'single':>6} {every:>5}"
                    f" {len(plan.rules.pitches):>5} | {plan.weeks:>5} {len(plan.matches):>7}"
                    f" {per_week:>5} | {plan.last_day.isoformat():>10}"
                    f" {f'≈{months(length):g} ay':>9} | {broken:>6} {floor if double else '-':>4}"
                    f" | {statistics.median(times):>7.3f}"
                )
    print()
    print("double leagues at 3n-6 breaks:", "yes" if ok else "NO")


if __name__ == "__main__":
    main()
