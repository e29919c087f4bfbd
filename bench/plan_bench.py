"""Planner benchmark: time, day length against its lower bound, back-to-backs, rest.

Run: .venv/bin/python bench/plan_bench.py [--repeat 3]
Targets (2-core machine): group stage at its lower bound on every shape; median planning
time at most 0.2 s up to 32 teams and 3 s at 64 teams. Compare ratios within one run.
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import datetime
from zoneinfo import ZoneInfo

from domain import slots
from domain.draw import draw_groups
from domain.formats import Options, groups_then_knockout, league
from domain.planner import Pitch, TimeRules, plan
from domain.report import team_lines

# (teams, pitches, groups, knockout, group rest minutes)
SHAPES = [
    (4, 1, 1, "none", 0),
    (5, 1, 1, "none", 0),
    (6, 2, 1, "none", 0),
    (7, 1, 2, "semi", 0),
    (8, 2, 2, "semi", 0),
    (8, 2, 2, "semi", 30),
    (10, 2, 2, "semi", 0),
    (12, 2, 3, "semi", 0),
    (12, 3, 4, "quarter", 0),
    (16, 2, 1, "none", 0),
    (16, 4, 4, "quarter", 0),
    (16, 4, 4, "quarter", 30),
    (20, 4, 4, "quarter", 0),
    (24, 6, 8, "quarter", 0),
    (24, 4, 6, "quarter", 0),
    (32, 4, 8, "round_of_16", 0),
    (32, 8, 16, "round_of_16", 0),
    (32, 8, 8, "round_of_16", 30),
    (32, 8, 1, "none", 0),
    (40, 6, 8, "round_of_16", 0),
    (48, 8, 12, "round_of_16", 0),
    (64, 8, 16, "round_of_16", 0),
    (64, 8, 16, "round_of_16", 30),
    (64, 4, 8, "round_of_16", 0),
    (64, 8, 1, "none", 0),
]


def run(teams: int, pitches: int, groups: int, ko: str, rest: int):
    names = [f"T{i}" for i in range(1, teams + 1)]
    options = Options(knockout=ko, third_place=ko != "none")
    if groups > 1:
        draft = groups_then_knockout(draw_groups(names, groups, method="order"), options)
    else:
        draft = league(names, options)
    rules = TimeRules(
        start=datetime(2026, 12, 6, 10, 0, tzinfo=ZoneInfo("Europe/Istanbul")),
        pitches=tuple(Pitch(f"Saha {i}") for i in range(1, pitches + 1)),
        group_rest=rest,
    )
    began = time.perf_counter()
    result = plan(draft, rules)
    return time.perf_counter() - began, result, draft


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    header = (
        f"{'teams':>5} {'pitch':>5} {'grp':>3} {'ko':>11} {'rest':>4} | {'time s':>7} |"
        f" {'slots':>5} {'bound':>5} | {'b2b':>4} {'floor':>5} | {'min rest':>8} | day end"
    )
    print(header)
    print("-" * len(header))
    small, large, at_bound = [], [], 0
    for shape in SHAPES:
        times = []
        for _ in range(args.repeat):
            elapsed, result, draft = run(*shape)
            times.append(elapsed)
        median = statistics.median(times)
        (small if shape[0] <= 32 else large).append(median)
        sizes = [len(g.teams) for g in draft.groups]
        counts = [sum(len(r.pairings) for r in draft.rounds[g.label]) for g in draft.groups]
        widths = [max(1, min(shape[1], s // 2)) for s in sizes]
        floor = slots.back_to_back_bound(sizes, counts, widths, result.group_slots)
        rests = [t.smallest_rest for t in team_lines(result) if t.smallest_rest is not None]
        at_bound += result.group_slots == result.group_slot_bound
        rest_text = f"{min(rests)} dk" if rests else "-"
        teams, pitches, groups, ko, rest = shape
        print(
            f"{teams:>5} {pitches:>5} {groups:>3} {ko:>11} {rest:>4} | {median:>7.3f} |"
            f" {result.group_slots:>5} {result.group_slot_bound:>5} |"
            f" {result.back_to_backs:>4} {floor:>5} | {rest_text:>8} |"
            f" {result.day_end:%H:%M}"
        )
    print()
    print(f"shapes at the slot lower bound: {at_bound}/{len(SHAPES)}")
    print(f"median time, <=32 teams: {statistics.median(small):.3f} s (target 0.2 s)")
    print(f"median time, >32 teams: {statistics.median(large):.3f} s (target 3 s at 64)")


if __name__ == "__main__":
    main()
