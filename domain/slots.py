"""Group-stage slot assignment: which round-robin match goes into which time slot.

All pitches share one grid of slots (match + changeover), so a team is in at most one match
per slot and never on two pitches at once. Several greedy orders are tried and the best plan
wins by (slots, back-to-backs, smallest rest, teams at that rest); small shapes are then
handed to CP-SAT (`domain.cpsat`) to prove or improve the last two.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from domain.model import Pairing

UNPLAYED = -(10**6)


@dataclass(frozen=True)
class SlotMatch:
    """A group match waiting for a slot; `order` is its position within its round.

    `leg` is 0 or 1 in a double round robin: a return match never comes before the last
    first-leg slot of its group (nobody wants A-B followed by B-A); it may share that slot.
    """

    index: int
    group: int
    round: int
    order: int
    pairing: Pairing
    leg: int = 0


@dataclass(frozen=True)
class SlotProblem:
    """What the grid looks like: per-slot pitch capacity and per-match allowed slots."""

    matches: tuple[SlotMatch, ...]
    capacity: Callable[[int], int]
    allowed: Callable[[int, int], bool]
    min_gap: int
    horizon: int
    latest: tuple[int, ...] = ()  # per match, the last slot its teams' times allow


@dataclass(frozen=True)
class SlotPlan:
    """Slot index per match (same order as the problem's matches) and its quality."""

    slot_of: tuple[int, ...]
    slots: int
    back_to_backs: int
    min_gap: int | None
    at_min_gap: int


def lower_bound(
    group_sizes: Sequence[int],
    matches_per_group: Sequence[int],
    pitches: int,
    min_gap: int,
) -> int:
    """Slots the group stage needs at least: pitch capacity, group width, team rest."""
    bound = math.ceil(sum(matches_per_group) / pitches)
    for size, count in zip(group_sizes, matches_per_group, strict=True):
        width = max(1, min(pitches, size // 2))
        bound = max(bound, math.ceil(count / width))
        per_team = 2 * count // size
        bound = max(bound, (per_team - 1) * min_gap + 1)
    return bound


def back_to_back_bound(
    group_sizes: Sequence[int], matches_per_group: Sequence[int], widths: Sequence[int], slots: int
) -> int:
    """Back-to-backs no plan in `slots` slots can avoid, by counting alone.

    Two consecutive slots holding a and b matches of a group of g teams share at least
    2a + 2b - g of its teams. Spreading each group's matches over the slots as kindly as
    possible (a small DP over the per-slot counts) gives a bound valid for any plan.
    """
    total = 0
    for size, count, width in zip(group_sizes, matches_per_group, widths, strict=True):
        total += _group_b2b_bound(size, count, width, slots)
    return total


def _group_b2b_bound(size: int, count: int, width: int, slots: int) -> int:
    inf = 10**9
    # best[(left, prev)] = fewest forced back-to-backs so far
    best: dict[tuple[int, int], int] = {(count, 0): 0}
    for step in range(slots):
        nxt: dict[tuple[int, int], int] = {}
        remaining_slots = slots - step - 1
        for (left, prev), cost in best.items():
            for here in range(min(width, left) + 1):
                if left - here > remaining_slots * width:
                    continue
                forced = max(0, 2 * prev + 2 * here - size) if prev and here else 0
                state = (left - here, here)
                if cost + forced < nxt.get(state, inf):
                    nxt[state] = cost + forced
        best = nxt
    return min((c for (left, _), c in best.items() if left == 0), default=0)


def gap_bound(group_sizes: Sequence[int], matches_per_group: Sequence[int], slots: int) -> int:
    """No team with k matches in `slots` slots can keep all its gaps above (slots-1)/(k-1)."""
    bound = slots
    for size, count in zip(group_sizes, matches_per_group, strict=True):
        per_team = 2 * count // size
        if per_team > 1:
            bound = min(bound, (slots - 1) // (per_team - 1))
    return bound


def evaluate(matches: Sequence[SlotMatch], slot_of: Sequence[int]) -> SlotPlan:
    """Quality of an assignment: back-to-backs, smallest gap and how many teams have it."""
    by_team: dict[str, list[int]] = {}
    for m, s in zip(matches, slot_of, strict=True):
        for team in m.pairing.teams():
            by_team.setdefault(team, []).append(s)
    b2b = 0
    team_gap: dict[str, int] = {}
    for team, slots in by_team.items():
        slots.sort()
        gaps = [b - a for a, b in itertools.pairwise(slots)]
        b2b += sum(1 for g in gaps if g == 1)
        if gaps:
            team_gap[team] = min(gaps)
    smallest = min(team_gap.values(), default=None)
    at_min = sum(1 for g in team_gap.values() if g == smallest)
    used = max(slot_of, default=-1) + 1
    return SlotPlan(tuple(slot_of), used, b2b, smallest, at_min)


def quality_key(plan: SlotPlan) -> tuple[int, int, int, int]:
    """Lower is better: the planner's objectives in order."""
    gap = plan.min_gap if plan.min_gap is not None else 10**6
    return (plan.slots, plan.back_to_backs, -gap, plan.at_min_gap)


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


Strategy = Callable[[Candidate], tuple[int, ...]]

STRATEGIES: tuple[Strategy, ...] = (
    lambda c: (c.b2b, c.round, -c.urgency, c.group, c.order),
    lambda c: (c.round, c.b2b, -c.urgency, c.group, c.order),
    lambda c: (c.b2b, -c.urgency, c.round, c.group, c.order),
    lambda c: (c.b2b, -c.rest, c.round, c.group, c.order),
    lambda c: (-c.urgency, c.b2b, c.round, c.group, c.order),
    lambda c: (c.b2b, c.round, -c.rest, c.group, c.order),
    # Two legs: let one group close its first leg early so that its return matches can
    # fill the pitches another group's last first-leg matches leave free.
    lambda c: (c.b2b, c.leg_left or 10**6, -c.urgency, c.round, c.group, c.order),
    lambda c: (c.leg_left or 10**6, c.b2b, c.round, c.group, c.order),
    # Teams that must leave early first (earliest deadline first).
    lambda c: (c.latest, c.b2b, c.round, c.group, c.order),
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
                    rest = min(slot - lh, slot - la, 1000)
                    latest = problem.latest[m.index] if problem.latest else problem.horizon
                    key = self.strategy(
                        Candidate(b, m.round, urgency, rest, g, m.order, first_leg, latest)
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
        return lambda c: (-(c.urgency + bias[c.group]), c.b2b, c.round, c.group, c.order)
    return lambda c: (c.b2b, -(c.urgency + bias[c.group]), c.round, c.group, c.order)


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
