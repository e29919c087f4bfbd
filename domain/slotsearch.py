"""Local search on a slot plan: simulated annealing on (triples, back-to-backs) within the
plan's slots, one match moved, two swapped or two whole slots exchanged at a time.

Seeded, so the same input gives the same plan; it starts from the greedy plan and keeps it
unless it finds a strictly better one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from domain.slots import SlotPlan, SlotProblem, evaluate, quality_key

__all__ = ["SEARCH_SEED", "SOFT_TRIPLE", "improve"]

SEARCH_SEED = 20261206
SOFT_TRIPLE = 3


class _Search:
    """Slots as team bit masks; a move puts one match in another slot, swaps two matches or
    exchanges two whole slots, and is refused if it breaks a team's time, a pitch's
    capacity, the rest rule or the order of legs."""

    def __init__(self, problem: SlotProblem, slot_of: Sequence[int], slots: int) -> None:
        self.problem = problem
        self.slots = slots
        self.slot_of = list(slot_of)
        names: dict[str, int] = {}
        self.bits: list[tuple[int, int]] = []
        for m in problem.matches:
            home, away = (names.setdefault(t, len(names)) for t in m.pairing.teams())
            self.bits.append((home, away))
        self.mask = [0] * len(names)
        self.members: list[list[int]] = [[] for _ in range(slots)]
        for i, s in enumerate(self.slot_of):
            self.members[s].append(i)
            for t in self.bits[i]:
                self.mask[t] |= 1 << s
        self.capacity = [problem.capacity(s) for s in range(slots)]
        self.legs: dict[int, list[int]] = {}  # per group of a double round robin, its matches
        if any(m.leg for m in problem.matches):
            for m in problem.matches:
                self.legs.setdefault(m.group, []).append(m.index)

    def legs_in_order(self, moved: dict[int, int]) -> bool:
        """No return match before the last first-leg slot of its group, after the move."""
        for g in {self.problem.matches[i].group for i in moved}:
            first, back = -1, self.slots
            for i in self.legs[g]:
                s = moved.get(i, self.slot_of[i])
                if self.problem.matches[i].leg:
                    back = min(back, s)
                else:
                    first = max(first, s)
            if back < first:
                return False
        return True

    @staticmethod
    def cost(mask: int) -> tuple[int, int]:
        """(triples, back-to-backs) of one team's slots."""
        pairs = mask & mask >> 1
        return (pairs & pairs >> 1).bit_count(), pairs.bit_count()

    def spaced(self, mask: int) -> bool:
        return all(not mask & mask >> d for d in range(1, self.problem.min_gap))

    def total(self) -> tuple[int, int]:
        costs = [self.cost(m) for m in self.mask]
        return sum(t for t, _ in costs), sum(b for _, b in costs)

    def try_move(
        self, moved: dict[int, int], temperature: float, rng: random.Random
    ) -> tuple[int, int]:
        """Move matches to new slots if legal and accepted; return the change in (triples,
        back-to-backs). The walk itself weighs a triple as SOFT_TRIPLE back-to-backs, so it
        can pass through plans with one more triple on its way to plans with fewer."""
        changed: dict[int, int] = {}
        refused = (0, 0)
        for i, to in moved.items():
            if not self.problem.allowed(i, to):
                return refused
            for t in self.bits[i]:
                changed[t] = changed.get(t, self.mask[t]) & ~(1 << self.slot_of[i])
        for i, to in moved.items():
            for t in self.bits[i]:
                if changed[t] >> to & 1:
                    return refused  # a team in two matches of one slot
                changed[t] |= 1 << to
        if not all(self.spaced(new) for new in changed.values()):
            return refused
        if self.legs and not self.legs_in_order(moved):
            return refused
        d_triples = d_b2b = 0
        for t, new in changed.items():
            (t1, b1), (t0, b0) = self.cost(new), self.cost(self.mask[t])
            d_triples, d_b2b = d_triples + t1 - t0, d_b2b + b1 - b0
        delta = SOFT_TRIPLE * d_triples + d_b2b
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            return refused
        for t, new in changed.items():
            self.mask[t] = new
        for i in moved:
            self.members[self.slot_of[i]].remove(i)
        for i, to in moved.items():
            self.members[to].append(i)
            self.slot_of[i] = to
        return d_triples, d_b2b

    def propose(self, rng: random.Random) -> dict[int, int]:
        """One match to another slot (swapped with one there if that slot is full), or two
        whole slots exchanged (the only legal move when every team plays nearly every slot)."""
        a = rng.randrange(self.slots)
        b = rng.randrange(self.slots - 1)
        b += b >= a
        if rng.random() < 0.3:
            moved = {i: b for i in self.members[a]}
            moved.update({j: a for j in self.members[b]})
            here, there = len(self.members[a]), len(self.members[b])
            return moved if here <= self.capacity[b] and there <= self.capacity[a] else {}
        if not self.members[a]:
            return {}
        i = self.members[a][rng.randrange(len(self.members[a]))]
        there = self.members[b]
        if len(there) < self.capacity[b]:
            return {i: b}
        return {i: b, there[rng.randrange(len(there))]: a} if there else {}

    def run(self, steps: int, floor: tuple[int, int] = (0, 0)) -> list[int]:
        rng = random.Random(SEARCH_SEED)
        triples, b2b = self.total()
        best, best_slot_of = (triples, b2b), list(self.slot_of)
        for step in range(steps):
            if best <= floor:
                break
            moved = self.propose(rng)
            if not moved:
                continue
            temperature = 2.0 * (1 - step / steps) + 0.05
            d_triples, d_b2b = self.try_move(moved, temperature, rng)
            triples, b2b = triples + d_triples, b2b + d_b2b
            if (triples, b2b) < best:
                best, best_slot_of = (triples, b2b), list(self.slot_of)
        return best_slot_of


def improve(problem: SlotProblem, start: SlotPlan, steps: int, b2b_floor: int = 0) -> SlotPlan:
    """Simulated annealing on (triples, back-to-backs) within the start's slots.

    Seeded, so the same input gives the same plan; a move that puts a return match before
    its group's first leg closes is refused. Returns the start unless strictly better.
    """
    if start.slots < 3:
        return start
    search = _Search(problem, start.slot_of, start.slots)
    found = evaluate(problem.matches, search.run(steps, (0, b2b_floor)))
    return found if quality_key(found) < quality_key(start) else start
