"""One group of up to 8 teams on 1-2 pitches: the planner's plan is proven optimal (issue 14).

Optimal means, in order (docs/planner.md): the fewest slots, then the fewest triples (a team
in three consecutive slots), then the fewest back-to-backs. The table holds what the planner
gives and what is proven, each row by the cheapest proof that covers it:

- "zero": no back-to-back at all, so there is nothing below it;
- "dp": the exhaustive search of test_back_to_back_minimum (up to 6 teams);
- "cp-sat": an independent CP-SAT model proves that one back-to-back fewer, with no triple,
  does not fit in the slots (7 teams);
- "slots": a search over slot contents proves the same for 8 teams, where every slot holds
  exactly two matches.
"""

from __future__ import annotations

import functools
import itertools

import pytest
from ortools.sat.python import cp_model
from planshapes import Shape, plan_of
from test_back_to_back_minimum import fixture_back_to_backs, fixture_triples, search_for

# (teams, pitches, slots, triples, back-to-backs, proof)
TABLE = [
    (3, 1, 3, 0, 2, "dp"),
    (4, 1, 6, 0, 2, "dp"),  # the article's evening
    (4, 2, 3, 4, 8, "dp"),  # every team plays every slot
    (5, 1, 10, 0, 0, "zero"),
    (5, 2, 5, 6, 12, "dp"),  # every team plays 4 of 5 slots: triples are forced
    (6, 1, 15, 0, 0, "zero"),
    (6, 2, 8, 0, 10, "dp"),
    (7, 1, 21, 0, 0, "zero"),
    (7, 2, 11, 0, 8, "cp-sat"),
    (8, 1, 28, 0, 0, "zero"),
    (8, 2, 14, 0, 4, "slots"),  # the best public scheduler has 6
]


def _row_id(row: tuple[int, int, int, int, int, str]) -> str:
    return f"{row[0]}teams-{row[1]}pitches"


@pytest.mark.parametrize("row", TABLE, ids=_row_id)
def test_the_planner_gives_the_tables_plan(row):
    teams, pitches, slots, triples, b2b, _ = row
    plan = plan_of(Shape(teams=teams, groups=1, pitches=pitches))
    assert (plan.group_slots, plan.triples, plan.back_to_backs) == (slots, triples, b2b)
    assert (fixture_triples(plan), fixture_back_to_backs(plan)) == (triples, b2b)


@pytest.mark.parametrize("row", [r for r in TABLE if r[5] == "dp"], ids=_row_id)
def test_the_exhaustive_search_finds_the_same_minimum(row):
    teams, pitches, slots, triples, b2b, _ = row
    shape = Shape(teams=teams, groups=1, pitches=pitches)
    assert search_for(shape.draft().groups, pitches) == (slots, triples, b2b)


def fits_without_triple(teams: int, pitches: int, slots: int, most_b2b: int) -> str:
    """Status of an independent CP-SAT model: a plan in `slots` slots with no triple and at
    most `most_b2b` back-to-backs. The answer is a proof either way, whatever the workers."""
    pairs = list(itertools.combinations(range(teams), 2))
    model = cp_model.CpModel()
    x = {(i, s): model.new_bool_var("") for i in range(len(pairs)) for s in range(slots)}
    for i in range(len(pairs)):
        model.add_exactly_one(x[i, s] for s in range(slots))
    for s in range(slots):
        model.add(sum(x[i, s] for i in range(len(pairs))) <= pitches)
    play = {}
    for t in range(teams):
        for s in range(slots):
            play[t, s] = model.new_bool_var("")
            model.add(sum(x[i, s] for i, p in enumerate(pairs) if t in p) == play[t, s])
    b2b = {}
    for t in range(teams):
        for s in range(slots - 1):
            b2b[t, s] = both = model.new_bool_var("")
            model.add_bool_or([play[t, s].Not(), play[t, s + 1].Not(), both])
            model.add_implication(both, play[t, s])
            model.add_implication(both, play[t, s + 1])
        for s in range(slots - 2):
            model.add_bool_or([play[t, s + k].Not() for k in range(3)])
    for s in range(slots - 1):  # more than `teams` players in two slots repeat (a cut)
        playing = sum(play[t, s] + play[t, s + 1] for t in range(teams))
        model.add(sum(b2b[t, s] for t in range(teams)) >= playing - teams)
    model.add(sum(b2b.values()) <= most_b2b)
    for k in range(min(pitches, teams // 2)):  # teams are alike: name the first slot's
        model.add(x[pairs.index((2 * k, 2 * k + 1)), 0] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 2
    solver.parameters.linearization_level = 2
    return solver.status_name(solver.solve(model))


def test_seven_teams_on_two_pitches_cannot_have_seven_back_to_backs_without_a_triple():
    assert fits_without_triple(7, 2, 11, 7) == "INFEASIBLE"


class TwoPerSlot:
    """8 teams, 14 slots of exactly two matches (28 = 14 x 2): a depth-first search over
    slot contents with a back-to-back budget, memoised on (pairs left, teams of the last
    slot, teams of the last two, budget). With no budget left, every later slot must play
    the other four teams, so the rest alternates two fixed halves: checked at once."""

    def __init__(self) -> None:
        self.edges = {e: i for i, e in enumerate(itertools.combinations(range(8), 2))}
        self.slots: list[tuple[int, int]] = []  # (team mask, pair mask)
        self.matchings: dict[int, list[int]] = {}
        for quad in itertools.combinations(range(8), 4):
            a, b, c, d = quad
            teams = sum(1 << t for t in quad)
            self.matchings[teams] = []
            for one, two in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
                pairs = 1 << self.edges[one] | 1 << self.edges[two]
                self.slots.append((teams, pairs))
                self.matchings[teams].append(pairs)
        self.fits = functools.cache(self._fits)

    def _alternating(self, left: int, before: int) -> bool:
        count = left.bit_count() // 2
        for side, slots in ((0xFF & ~before, (count + 1) // 2), (before, count // 2)):
            used = [m for m in self.matchings[side] if m & left]
            if len(used) != slots or any(m & left != m for m in used):
                return False
            for m in used:
                left &= ~m
        return not left

    def _fits(self, left: int, before: int, twice: int, budget: int) -> bool:
        if not left:
            return True
        if not budget:
            return self._alternating(left, before)
        for teams, pairs in self.slots:
            cost = (teams & before).bit_count()
            if (
                pairs & left == pairs
                and not teams & twice
                and cost <= budget
                and self.fits(left & ~pairs, teams, teams & before, budget - cost)
            ):
                return True
        return False

    def plan_fits(self, most_b2b: int) -> bool:
        # Teams are alike, so the first slot may be named 0-1 and 2-3.
        first = 1 << self.edges[0, 1] | 1 << self.edges[2, 3]
        every = (1 << len(self.edges)) - 1
        return self.fits(every & ~first, 0b1111, 0, most_b2b)


def test_eight_teams_on_two_pitches_cannot_have_three_back_to_backs_without_a_triple():
    assert not TwoPerSlot().plan_fits(3)


def test_the_slot_search_accepts_the_planners_own_plan_once_its_first_slots_are_played():
    # The search is not blind: from the state after the planner's first four slots, with the
    # back-to-backs the plan still has to spend, it finds a way to finish.
    plan = plan_of(Shape(teams=8, groups=1, pitches=2))
    search = TwoPerSlot()
    number: dict[str, int] = {}
    by_slot: dict[object, list[tuple[int, int]]] = {}
    for m in plan.matches:
        a, b = (number.setdefault(t, len(number)) for t in (m.home, m.away))
        by_slot.setdefault(m.start, []).append((min(a, b), max(a, b)))
    slots = [by_slot[k] for k in sorted(by_slot)]
    teams = [sum(1 << t for pair in slot for t in pair) for slot in slots]
    spent = sum((x & y).bit_count() for x, y in itertools.pairwise(teams[:4]))
    left = (1 << len(search.edges)) - 1
    for slot in slots[:4]:
        for pair in slot:
            left &= ~(1 << search.edges[pair])
    twice = teams[2] & teams[3]
    assert search.fits(left, teams[3], twice, plan.back_to_backs - spent)
