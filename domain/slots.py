"""Group-stage slot assignment: which round-robin match goes into which time slot.

All pitches share one grid of slots (match + changeover), so a team is in at most one match
per slot and never on two pitches at once. Several greedy orders are tried and the best plan
wins by `quality_key`, the lexicographic objective of docs/planner.md: slots, triples (a
team in three consecutive slots), back-to-backs, shortest rest, teams at that rest; shapes
up to a size are then handed to CP-SAT (`domain.cpsat`) to prove or improve all but the first.
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
    """Slot index per match (same order as the problem's matches) and its quality.

    `triples` counts every run of three consecutive slots one team plays in (a team on four
    in a row counts two); `back_to_backs` every pair of consecutive slots.
    """

    slot_of: tuple[int, ...]
    slots: int
    back_to_backs: int
    min_gap: int | None
    at_min_gap: int
    triples: int = 0


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
    """Quality of an assignment: triples, back-to-backs, smallest gap, teams at that gap."""
    by_team: dict[str, list[int]] = {}
    for m, s in zip(matches, slot_of, strict=True):
        for team in m.pairing.teams():
            by_team.setdefault(team, []).append(s)
    b2b = triples = 0
    team_gaps: list[int] = []
    for slots in by_team.values():
        slots.sort()
        gaps = [b - a for a, b in itertools.pairwise(slots)]
        b2b += sum(1 for g in gaps if g == 1)
        triples += sum(1 for g, h in itertools.pairwise(gaps) if g == h == 1)
        if gaps:
            team_gaps.append(min(gaps))
    smallest = min(team_gaps, default=None)
    at_min = team_gaps.count(smallest) if smallest is not None else 0
    used = max(slot_of, default=-1) + 1
    return SlotPlan(tuple(slot_of), used, b2b, smallest, at_min, triples)


def quality_key(plan: SlotPlan) -> tuple[int, int, int, int, int]:
    """Lower is better: the planner's objectives in order (docs/planner.md)."""
    gap = plan.min_gap if plan.min_gap is not None else 10**6
    return (plan.slots, plan.triples, plan.back_to_backs, -gap, plan.at_min_gap)


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


# Local search: the greedy plan, improved move by move.

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


# One group of 4p teams on p pitches: halves, in three phases.


def phased(problem: SlotProblem) -> list[int] | None:
    """A plan in 2(n-1) slots for one group of n = 4p teams on p pitches, else None.

    Each slot plays half the teams; they alternate with the other half, so nobody plays two
    in a row inside a phase. The teams are dealt into quarters Q1..Q4 (in order). Phase 1
    plays everything inside Q1+Q2 and inside Q3+Q4 (two 1-factorisations of K(2p)); phase 2
    the quarters Q1-Q3 and Q2-Q4, phase 3 Q1-Q4 and Q2-Q3 (each K(p,p) in p matchings). Only
    the quarter on both sides of a phase change plays twice running: 2p back-to-backs, no
    triple, where round-by-round orders pay one per round change.
    """
    matches = problem.matches
    teams: list[str] = []
    for m in matches:
        teams.extend(t for t in m.pairing.teams() if t not in teams)
    n = len(teams)
    p = n // 4
    slots = 2 * (n - 1)
    if (
        n < 4
        or n % 4
        or len(matches) != n * (n - 1) // 2
        or any(m.group or m.leg for m in matches)
        or problem.min_gap != 1
        or problem.horizon < slots
        or any(problem.capacity(s) < p for s in range(slots))
    ):
        return None
    index = {frozenset(m.pairing.teams()): m.index for m in matches}
    q = [teams[i * p : (i + 1) * p] for i in range(4)]
    sequence: list[list[tuple[str, str]]] = []
    # Phase 1, sides Q1+Q2 and Q3+Q4, ends on Q3+Q4.
    left, right = _factorisation(q[0] + q[1]), _factorisation(q[2] + q[3])
    for a, b in zip(left, right, strict=True):
        sequence += [a, b]
    # Phase 2 opens on Q2+Q4 (Q4 plays twice running), ends on Q1+Q3.
    for a, b in zip(_bipartite(q[1], q[3]), _bipartite(q[0], q[2]), strict=True):
        sequence += [a, b]
    # Phase 3 opens on Q1+Q4 (Q1 plays twice running).
    for a, b in zip(_bipartite(q[0], q[3]), _bipartite(q[1], q[2]), strict=True):
        sequence += [a, b]
    slot_of = [UNPLAYED] * len(matches)
    for s, pairs in enumerate(sequence):
        for a, b in pairs:
            i = index[frozenset((a, b))]
            if not problem.allowed(i, s):
                return None
            slot_of[i] = s
    return slot_of


def _factorisation(teams: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Perfect matchings covering every pair of an even list once (the circle method)."""
    fixed, ring = teams[0], list(teams[1:])
    out = []
    for _ in range(len(ring)):
        pairs = [(fixed, ring[0])]
        pairs += [(ring[i], ring[-i]) for i in range(1, len(teams) // 2)]
        out.append(pairs)
        ring = ring[1:] + ring[:1]
    return out


def _bipartite(a: Sequence[str], b: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Perfect matchings covering every pair of a x b once: a[i] with b[(i + k) mod p]."""
    p = len(a)
    return [[(a[i], b[(i + k) % p]) for i in range(p)] for k in range(p)]


SEARCH_STEPS = 20000  # about 0.2 s of one core


def construct(
    problem: SlotProblem, widths: Sequence[int], bound: int, b2b_floor: Callable[[int], int]
) -> SlotPlan | None:
    """The constructive start: the best greedy order, the phased plan where it applies (ties
    go to the greedy), then a short seeded local search unless the counting floors are met."""
    best = best_greedy(problem, widths, bound)
    halves = phased(problem)
    if halves is not None:
        plan = evaluate(problem.matches, halves)
        if best is None or quality_key(plan) < quality_key(best):
            best = plan
    if best is not None and (best.triples or best.back_to_backs > b2b_floor(best.slots)):
        best = improve(problem, best, SEARCH_STEPS, b2b_floor(best.slots))
    return best
