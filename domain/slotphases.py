"""The phased plan for one group of 4p teams on p pitches: halves of the teams alternate,
in three phases, for 2p back-to-backs and no triple where round-by-round orders pay one per
round change.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.slots import UNPLAYED, SlotProblem

__all__ = ["phased"]


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
