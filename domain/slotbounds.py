"""What no group-stage slot plan can beat, by counting alone: the fewest slots, the
back-to-backs every plan in so many slots must have, and the rest no team can keep above.

The planner stops searching once a plan meets these floors, and reports the slot bound
beside the plan.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["back_to_back_bound", "gap_bound", "lower_bound"]


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
