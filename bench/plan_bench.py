"""Planner benchmark: time, day length against its lower bound, triples, back-to-backs, rest.

Run: .venv/bin/python bench/plan_bench.py [--repeat 3]
Targets (issue 14, one core): group stage at its lower bound on every shape; median planning
time at most 0.2 s up to 32 teams in groups, 2 s for one group of 16 on 4 pitches, 3 s at 64
teams. The second table sets the one-group shapes of docs/planner.md beside the best public
scheduler's back-to-backs read from that page. "time" is the wall clock, "cpu" the process
time: on a shared machine the wall clock grows with other load, the CPU time much less, and
the plan not at all (the solver's limits are deterministic). Compare ratios within one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from domain import slotbounds
from domain.dayplan import Pitch, Plan, TimeRules
from domain.draw import draw_groups
from domain.formats import Options, groups_then_knockout, league
from domain.planner import plan
from domain.report import team_lines

DOC = Path(__file__).resolve().parents[1] / "docs" / "planner.md"

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


def run(
    teams: int,
    pitches: int,
    groups: int,
    ko: str,
    rest: int,
    clock: tuple[int, int, int] = (26, 2, 4),
):
    names = [f"T{i}" for i in range(1, teams + 1)]
    options = Options(knockout=ko, third_place=ko != "none")
    if groups > 1:
        draft = groups_then_knockout(draw_groups(names, groups, method="order"), options)
    else:
        draft = league(names, options)
    match, half_time, changeover = clock
    rules = TimeRules(
        start=datetime(2026, 12, 6, 10, 0, tzinfo=ZoneInfo("Europe/Istanbul")),
        pitches=tuple(Pitch(f"Saha {i}") for i in range(1, pitches + 1)),
        match_minutes=match,
        half_time=half_time,
        changeover=changeover,
        group_rest=rest,
    )
    began, cpu = time.perf_counter(), time.process_time()
    result = plan(draft, rules)
    return time.perf_counter() - began, time.process_time() - cpu, result, draft


def timed(shape: tuple, repeat: int, clock: tuple[int, int, int] = (26, 2, 4)):
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu, result, draft = run(*shape, clock=clock)
        walls.append(wall)
        cpus.append(cpu)
    return statistics.median(walls), statistics.median(cpus), result, draft


def peers() -> dict[tuple[int, int], tuple[int, int]]:
    """(teams, pitches) -> (fewest slots, best peer's back-to-backs), from docs/planner.md."""
    rows: dict[str, list[str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > 1:
            rows.setdefault(cells[0], cells[1:])
    shapes = rows["teams / pitches (one group)"]
    slots = rows["fewest slots"]
    b2b = rows["best peer's back-to-backs at that length"]
    out = {}
    for shape, n, b in zip(shapes, slots, b2b, strict=True):
        teams, pitches = shape.split("/")
        out[int(teams), int(pitches)] = (int(n), int(b))
    return out


def shortest_rest(result: Plan) -> str:
    rests = [t.smallest_rest for t in team_lines(result) if t.smallest_rest is not None]
    return f"{min(rests)} dk" if rests else "-"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    header = (
        f"{'teams':>5} {'pitch':>5} {'grp':>3} {'ko':>11} {'rest':>4} | {'time s':>7}"
        f" {'cpu s':>6} | {'slots':>5} {'bound':>5} | {'trip':>4} {'b2b':>4} {'floor':>5} |"
        f" {'min rest':>8} | day end"
    )
    print(header)
    print("-" * len(header))
    grouped, large, at_bound = [], [], 0
    for shape in SHAPES:
        wall, cpu, result, draft = timed(shape, args.repeat)
        if shape[0] <= 32 and shape[2] > 1:
            grouped.append(wall)
        if shape[0] == 64:
            large.append(wall)
        sizes = [len(g.teams) for g in draft.groups]
        counts = [sum(len(r.pairings) for r in draft.rounds[g.label]) for g in draft.groups]
        widths = [max(1, min(shape[1], s // 2)) for s in sizes]
        floor = slotbounds.back_to_back_bound(sizes, counts, widths, result.group_slots)
        at_bound += result.group_slots == result.group_slot_bound
        teams, pitches, groups, ko, rest = shape
        print(
            f"{teams:>5} {pitches:>5} {groups:>3} {ko:>11} {rest:>4} | {wall:>7.3f} {cpu:>6.3f} |"
            f" {result.group_slots:>5} {result.group_slot_bound:>5} |"
            f" {result.triples:>4} {result.back_to_backs:>4} {floor:>5} |"
            f" {shortest_rest(result):>8} | {result.day_end:%H:%M}"
        )
    print()
    print(f"shapes at the slot lower bound: {at_bound}/{len(SHAPES)}")
    print(f"median time, <=32 teams in groups: {statistics.median(grouped):.3f} s (target 0.2 s)")
    print(f"slowest median, 64 teams: {max(large):.3f} s (target 3 s)")
    print()
    print("One group, article clock (26 + 4): against the best public scheduler (docs/planner.md)")
    header = (
        f"{'shape':>6} | {'slots':>5} {'fewest':>6} | {'trip':>4} | {'b2b':>4} {'peer':>4} |"
        f" {'min rest':>8} | {'time s':>7} {'cpu s':>6}"
    )
    print(header)
    print("-" * len(header))
    one_group_16 = None
    for (teams, pitches), (fewest, peer) in peers().items():
        wall, cpu, result, _ = timed((teams, pitches, 1, "none", 0), args.repeat)
        if (teams, pitches) == (16, 4):
            one_group_16 = wall
        mark = (
            "<" if result.back_to_backs < peer else ("=" if result.back_to_backs == peer else ">")
        )
        print(
            f"{teams:>3}/{pitches:<2} | {result.group_slots:>5} {fewest:>6} |"
            f" {result.triples:>4} | {result.back_to_backs:>4} {mark}{peer:>3} |"
            f" {shortest_rest(result):>8} | {wall:>7.3f} {cpu:>6.3f}"
        )
    wall, cpu, result, _ = timed((10, 3, 2, "semi", 0), args.repeat, clock=(25, 0, 5))
    print(
        f"10 teams, 2 groups, 3 pitches, 25 + 5: {result.group_slots} slots (bound"
        f" {result.group_slot_bound}), {result.triples} triples, {result.back_to_backs}"
        f" back-to-backs, shortest rest {shortest_rest(result)}, {wall:.3f} s ({cpu:.3f} cpu)"
    )
    if one_group_16 is not None:
        print(f"median time, one group of 16 on 4 pitches: {one_group_16:.3f} s (target 2 s)")
    print()
    print("Season leagues over match weeks (bench/season_bench.py: one round per match day)")
    import season_bench  # the sibling script, run from bench/

    sys.argv = [sys.argv[0], "--repeat", str(args.repeat)]  # its own parser reads these
    season_bench.main()


if __name__ == "__main__":
    main()
