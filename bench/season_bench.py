"""Season-league benchmark: planning time, match weeks, season length and home/away breaks.

Run: .venv/bin/python bench/season_bench.py [--repeat 3]
Shapes: the article's 8, 9, 10, 12 and 18 teams, single and double, weekly and every other
week, on Sundays 14:00-17:00 with 30 net minutes a match and 5 between (as many pitches
as one round needs). Breaks (a team at home, or away, two match weeks running; summed over
the league) against the fewest possible: a single league of even n at n - 2 (de Werra
1981), of odd n at 0 (a bye ends a run); a double league at 3n - 6 (the fewest a mirrored
double round robin allows; odd n: n - 2 shown as reached, no proven floor). "plain" is the
unoriented circle the bot used before (single leagues: (n - 2)^2). Targets (2-core
machine): every league at its minimum; median planning time under 1 s for the 18-team
double season (34 match days). Compare ratios within one run.
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


def fewest(teams: int, double: bool) -> int:
    """The fewest breaks the league allows (double odd: what the balanced circle reaches)."""
    if double:
        return 3 * teams - 6 if teams % 2 == 0 else teams - 2
    return teams - 2 if teams % 2 == 0 else 0


def run(teams: int, double: bool, every: int, balance: bool = True) -> tuple[float, SeasonPlan]:
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
    plan = season(names, rules, double=double, balance=balance)
    return time.perf_counter() - began, plan


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    header = (
        f"{'teams':>5} {'legs':>6} {'every':>5} {'pitch':>5} | {'weeks':>5} {'matches':>7}"
        f" {'/week':>5} | {'last day':>10} {'length':>9} | {'breaks':>6} {'min':>4}"
        f" {'plain':>5} |"
        f" {'time s':>7}"
    )
    print(header)
    print("-" * len(header))
    ok = True
    for teams in (8, 9, 10, 12, 18):
        for double in (False, True):
            for every in (7, 14):
                times = []
                for _ in range(max(1, args.repeat)):
                    took, plan = run(teams, double, every)
                    times.append(took)
                broken = sum(plan.breaks().values())
                floor = fewest(teams, double)
                plain = sum(run(teams, double, every, balance=False)[1].breaks().values())
                length = season_days(plan.weeks, every)
                ok &= broken == floor
                per_week = max(len(d.matches) for d in plan.days)
                print(
                    f"{teams:>5} {'double' if double else 'single':>6} {every:>5}"
                    f" {len(plan.rules.pitches):>5} | {plan.weeks:>5} {len(plan.matches):>7}"
                    f" {per_week:>5} | {plan.last_day.isoformat():>10}"
                    f" {f'≈{months(length):g} ay':>9} | {broken:>6} {floor:>4} {plain:>5}"
                    f" | {statistics.median(times):>7.3f}"
                )
    print()
    print("every league at the fewest breaks (single n-2 / 0, double 3n-6):", "yes" if ok else "NO")


if __name__ == "__main__":
    main()
