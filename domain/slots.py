"""Group-stage slot assignment: which round-robin match goes into which time slot.

All pitches share one grid of slots (match + changeover), so a team is in at most one match
per slot and never on two pitches at once. Several greedy orders are tried and the best plan
wins by `quality_key`, the lexicographic objective of docs/planner.md: slots, triples (a
team in three consecutive slots), back-to-backs, shortest rest, teams at that rest; shapes
up to a size are then handed to CP-SAT (`domain.cpsat`) to prove or improve all but the first.

This module holds the terms: the problem, a plan and how good it is. What no plan can beat
is counted in `domain.slotbounds`, the greedy orders are in `domain.slotgreedy`, the
phased plan in `domain.slotphases`, the local search in `domain.slotsearch`, and
`domain.groupslots` puts them together for the planner.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domain.model import Pairing

__all__ = ["UNPLAYED", "SlotMatch", "SlotPlan", "SlotProblem", "evaluate", "quality_key"]

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
