"""The group stage's slots under the day's rules: pitch hours, team windows and the rest
rule turned into a `slots.SlotProblem`, its plan constructed (the best greedy order, the
phased plan where it applies, a short local search) and polished by CP-SAT, and, when no
plan fits, the rule that breaks named for the organiser.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from domain import slotbounds, slots
from domain.dayplan import Draft, Infeasible, TimeRules
from domain.planclock import Clock, pitch_windows, team_windows
from domain.slotgreedy import best_greedy
from domain.slotphases import phased
from domain.slotsearch import improve

__all__ = ["SEARCH_STEPS", "construct", "slot_plan"]


def slot_plan(
    draft: Draft, matches: list[slots.SlotMatch], rules: TimeRules, clock: Clock
) -> tuple[slots.SlotPlan, int]:
    """The group stage's slot plan and the lower bound on its slots; raises Infeasible."""
    slot_len = rules.slot
    min_gap = 1
    while min_gap * slot_len - rules.match_minutes < rules.group_rest:
        min_gap += 1
    sizes = [len(g.teams) for g in draft.groups]
    counts = [sum(len(r.pairings) for r in draft.rounds[g.label]) for g in draft.groups]
    pitches = len(rules.pitches)
    bound = slotbounds.lower_bound(sizes, counts, pitches, min_gap)
    windows = pitch_windows(rules, clock)
    teams = team_windows(rules, clock)

    def capacity(slot: int) -> int:
        start = slot * slot_len
        return sum(1 for lo, hi in windows if lo <= start and start + rules.match_minutes <= hi)

    def allowed(index: int, slot: int) -> bool:
        start = slot * slot_len
        for team in matches[index].pairing.teams():
            lo, hi = teams.get(team, (-(10**9), 10**9))
            if start < lo or start + rules.match_minutes > hi:
                return False
        return True

    horizon = _horizon(bound, windows, teams, slot_len)
    latest = tuple(
        min(
            (teams[t][1] - rules.match_minutes) // slot_len if t in teams else horizon
            for t in m.pairing.teams()
        )
        for m in matches
    )
    problem = slots.SlotProblem(tuple(matches), capacity, allowed, min_gap, horizon, latest)
    widths = [max(1, min(pitches, s // 2)) for s in sizes]

    def b2b_floor(n: int) -> int:
        return slotbounds.back_to_back_bound(sizes, counts, widths, n)

    best = construct(problem, widths, bound, b2b_floor)
    if best is None:
        raise _diagnose(matches, rules, windows, teams, bound, clock)
    # Imported here, not at the top: OR-Tools costs ~0.4 s and ~77 MB, and every module that
    # names a Plan or a Draft (the bot process, the CLI's --help) would pay for it; only the
    # workers that plan (bot.offload) and the CLI's `plan` reach this line.
    from domain import cpsat

    polished = cpsat.polish(
        problem,
        best,
        bound,
        b2b_floor=b2b_floor,
        gap_ceiling=lambda n: slotbounds.gap_bound(sizes, counts, n),
    )
    return polished, bound


def _horizon(
    bound: int, windows: list[tuple[int, int]], teams: Mapping[str, tuple[int, int]], slot: int
) -> int:
    """How far the greedy may go: the pitches' closing time, else well past the bound."""
    if all(hi < 10**9 for _, hi in windows):
        return max(hi for _, hi in windows) // slot + 1
    late_start = max([lo for lo, _ in teams.values()] + [lo for lo, _ in windows] + [0])
    return 4 * bound + 8 + late_start // slot


def _diagnose(
    matches: list[slots.SlotMatch],
    rules: TimeRules,
    windows: list[tuple[int, int]],
    teams: Mapping[str, tuple[int, int]],
    bound: int,
    clock: Clock,
) -> Infeasible:
    """Name the rule that breaks and by how much, for the organiser."""
    slot_len = rules.slot
    for team, (lo, hi) in sorted(teams.items()):
        games = sum(1 for m in matches if team in m.pairing.teams())
        need = (games - 1) * slot_len + rules.match_minutes
        if hi - max(lo, 0) < need:
            return Infeasible("team_window", need - (hi - max(lo, 0)), team)
    need_end = bound * slot_len - rules.changeover
    closes = max(hi for _, hi in windows)
    if closes < 10**9:
        return Infeasible("pitch_window", max(need_end - closes, slot_len), None)
    return Infeasible("rest", rules.group_rest, None)


SEARCH_STEPS = 20000  # about 0.2 s of one core


def construct(
    problem: slots.SlotProblem, widths: Sequence[int], bound: int, b2b_floor: Callable[[int], int]
) -> slots.SlotPlan | None:
    """The constructive start: the best greedy order, the phased plan where it applies (ties
    go to the greedy), then a short seeded local search unless the counting floors are met."""
    best = best_greedy(problem, widths, bound)
    halves = phased(problem)
    if halves is not None:
        plan = slots.evaluate(problem.matches, halves)
        if best is None or slots.quality_key(plan) < slots.quality_key(best):
            best = plan
    if best is not None and (best.triples or best.back_to_backs > b2b_floor(best.slots)):
        best = improve(problem, best, SEARCH_STEPS, b2b_floor(best.slots))
    return best
