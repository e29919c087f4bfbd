"""Greedy slot filling: several orders rank the matches that may go into each slot, and the
best plan over them (by `slots.quality_key`) is the planner's first candidate.

Seeded staggered orders are tried when none reaches the slot bound, so the same input
still gives the same plan.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from domain.slots import UNPLAYED, SlotMatch, SlotPlan, SlotProblem, evaluate, quality_key

__all__ = [
    "LOOKAHEAD_ROUNDS",
    "STAGGER_TRIES",
    "STRATEGIES",
    "Candidate",
    "Strategy",
    "best_greedy",
    "greedy",
    "staggered",
]


@dataclass(frozen=True)
class Candidate:
    """What a greedy order may look at when ranking a match for the current slot."""

    b2b: int  # its teams that played in the previous slot
    round: int
    urgency: int  # slots its group still needs
    rest: int  # slots since the less rested of its teams last played
    group: int
    order: int
    leg_left: int  # first-leg matches its group has left (0 once in the return leg)
    latest: int  # last slot a team of it may play in (teams that must leave early)
    triple: int = 0  # its teams that played both previous slots (a third in a row)


Strategy = Callable[[Candidate], tuple[int, ...]]

STRATEGIES: tuple[Strategy, ...] = (
    lambda c: (c.triple, c.b2b, c.round, -c.urgency, c.group, c.order),
    lambda c: (c.round, c.triple, c.b2b, -c.urgency, c.group, c.order),
    lambda c: (c.triple, c.b2b, -c.urgency, c.round, c.group, c.order),
    lambda c: (c.triple, c.b2b, -c.rest, c.round, c.group, c.order),
    lambda c: (-c.urgency, c.triple, c.b2b, c.round, c.group, c.order),
    lambda c: (c.triple, c.b2b, c.round, -c.rest, c.group, c.order),
    # Two legs: let one group close its first leg early so that its return matches can
    # fill the pitches another group's last first-leg matches leave free.
    lambda c: (c.triple, c.b2b, c.leg_left or 10**6, -c.urgency, c.round, c.group, c.order),
    lambda c: (c.leg_left or 10**6, c.triple, c.b2b, c.round, c.group, c.order),
    # Teams that must leave early first (earliest deadline first).
    lambda c: (c.latest, c.triple, c.b2b, c.round, c.group, c.order),
)

LOOKAHEAD_ROUNDS = 3


class _Greedy:
    """State of one greedy pass: what is left per group and round, and who played when."""

    def __init__(self, problem: SlotProblem, strategy: Strategy, widths: Sequence[int]) -> None:
        self.problem = problem
        self.strategy = strategy
        self.widths = widths
        groups = max((m.group for m in problem.matches), default=-1) + 1
        self.pending: list[list[list[SlotMatch]]] = [[] for _ in range(groups)]
        for m in problem.matches:
            rounds = self.pending[m.group]
            while len(rounds) <= m.round:
                rounds.append([])
            rounds[m.round].append(m)
        self.remaining = [sum(len(r) for r in rounds) for rounds in self.pending]
        self.first_leg = [0] * groups
        for m in problem.matches:
            self.first_leg[m.group] += m.leg == 0
        self.deadlines = {i for i, latest in enumerate(problem.latest) if latest < problem.horizon}
        self.last: dict[str, int] = {}
        self.before_last: dict[str, int] = {}
        self.slot_of = [UNPLAYED] * len(problem.matches)

    def run(self) -> list[int] | None:
        left = len(self.problem.matches)
        slot = 0
        while left:
            if slot >= self.problem.horizon:
                return None
            cap = self.problem.capacity(slot)
            busy: set[str] = set()
            chosen = self._pick(slot, self._candidates(slot, range(len(self.pending))), cap, busy)
            # A group whose first leg closes in this slot may start its return leg beside it.
            closing = {m.group for m in chosen if m.leg == 0 and self.first_leg[m.group] == 0}
            if closing and len(chosen) < cap:
                chosen += self._pick(slot, self._candidates(slot, closing), cap - len(chosen), busy)
            for m in chosen:
                self.pending[m.group][m.round].remove(m)
                self.remaining[m.group] -= 1
                left -= 1
                for team in m.pairing.teams():
                    self.before_last[team] = self.last.get(team, UNPLAYED)
                    self.last[team] = slot
            slot += 1
        return self.slot_of

    def _candidates(
        self, slot: int, groups: Iterable[int]
    ) -> list[tuple[tuple[int, ...], SlotMatch]]:
        """Matches that may go into `slot`, ranked; a group's return leg waits for its first."""
        problem = self.problem
        found: list[tuple[tuple[int, ...], SlotMatch]] = []
        for g in groups:
            widths, first_leg = self.widths[g], self.first_leg[g]
            # Slots the group still needs: each leg fills its own slots.
            urgency = math.ceil(first_leg / widths) + math.ceil(
                (self.remaining[g] - first_leg) / widths
            )
            seen = 0
            for rnd in self.pending[g]:
                live = [m for m in rnd if self.slot_of[m.index] == UNPLAYED]
                if not live or (live[0].leg and first_leg):
                    continue
                seen += 1
                if seen > LOOKAHEAD_ROUNDS:
                    if not self.deadlines:
                        break
                    # Beyond the lookahead only matches of teams that must leave early.
                    live = [m for m in live if m.index in self.deadlines]
                for m in live:
                    home, away = m.pairing.teams()
                    lh = self.last.get(home, UNPLAYED)
                    la = self.last.get(away, UNPLAYED)
                    if slot - lh < problem.min_gap or slot - la < problem.min_gap:
                        continue
                    if not problem.allowed(m.index, slot):
                        continue
                    b = (lh == slot - 1) + (la == slot - 1)
                    triple = (lh == slot - 1 and self.before_last.get(home) == slot - 2) + (
                        la == slot - 1 and self.before_last.get(away) == slot - 2
                    )
                    rest = min(slot - lh, slot - la, 1000)
                    latest = problem.latest[m.index] if problem.latest else problem.horizon
                    key = self.strategy(
                        Candidate(b, m.round, urgency, rest, g, m.order, first_leg, latest, triple)
                    )
                    found.append((key, m))
        found.sort(key=lambda c: (c[0], c[1].index))
        return found

    def _pick(
        self,
        slot: int,
        candidates: list[tuple[tuple[int, ...], SlotMatch]],
        cap: int,
        busy: set[str],
    ) -> list[SlotMatch]:
        chosen: list[SlotMatch] = []
        for _, m in candidates:
            if len(chosen) == cap:
                break
            home, away = m.pairing.teams()
            if home in busy or away in busy:
                continue
            busy.update((home, away))
            chosen.append(m)
            self.slot_of[m.index] = slot
            self.first_leg[m.group] -= m.leg == 0
        return chosen


def greedy(problem: SlotProblem, strategy: Strategy, widths: Sequence[int]) -> list[int] | None:
    """Fill slot after slot with the best-ranked compatible matches; None past the horizon.

    Only the first few unfinished rounds of each group are candidates: that keeps a slot's
    choice cheap on 64-team leagues and keeps rounds together, which is what lets full
    rounds fill every pitch.
    """
    return _Greedy(problem, strategy, widths).run()


STAGGER_TRIES = 64


def staggered(seed: int, groups: int) -> Strategy:
    """A greedy order that favours some groups over others by a fixed, seeded amount.

    Groups in lock-step reach their leg turns (or their ends) in the same slot and leave
    pitches idle there; pushing some groups ahead staggers those moments.
    """
    rng = random.Random(seed)
    bias = [rng.randrange(6) for _ in range(groups)]
    if seed % 2:
        return lambda c: (-(c.urgency + bias[c.group]), c.triple, c.b2b, c.round, c.group, c.order)
    return lambda c: (c.triple, c.b2b, -(c.urgency + bias[c.group]), c.round, c.group, c.order)


def best_greedy(problem: SlotProblem, widths: Sequence[int], bound: int = 0) -> SlotPlan | None:
    """The best plan over all greedy orders (ties go to the earlier strategy).

    When none reaches `bound`, seeded staggered orders get a few tries: the seeds are
    fixed, so the same input still gives the same plan.
    """
    groups = max((m.group for m in problem.matches), default=-1) + 1
    extra = (staggered(seed, groups) for seed in range(STAGGER_TRIES))
    best: SlotPlan | None = None
    for i, strategy in enumerate(itertools.chain(STRATEGIES, extra)):
        if i >= len(STRATEGIES) and (groups < 2 or (best and best.slots <= bound)):
            break
        slot_of = greedy(problem, strategy, widths)
        if slot_of is None:
            continue
        plan = evaluate(problem.matches, slot_of)
        if best is None or quality_key(plan) < quality_key(best):
            best = plan
    return best
