"""The after-groups bracket's pairing, "çapraz eşleşme": in which order the group places
fill the first round, so that a better-placed team meets a worse-placed one and two teams
of one group meet as late as the field allows.

Found by a small exhaustive search (branch and bound over canonical brackets), so unusual
shapes (three groups, best thirds) get the same guarantee as the textbook ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate

__all__ = ["cross_order"]


@cache
def cross_order(groups: int, per_group: int, fill: int) -> tuple[int, ...]:
    """Seed indices in bracket order for the after-groups bracket.

    Seeds are numbered place by place (all winners, then all runners-up, ..., then the
    best-of-next-place slots); seed i of a place comes from group i % groups.

    Hard rule: the first round pairs tiers as a fold of the sorted tiers, the k-th best
    slot's tier against the k-th worst (three groups, top two plus two thirds: 1-3, 1-3,
    1-2, 2-2). Objective, compared round by round from the first: how many pairs of slots
    of the same known group can meet in that round; fewer in early rounds wins. Among
    equal brackets the first one in search order wins: home slots take the lowest seed,
    away slots the worst tier then the lowest seed, which gives the World Cup pattern
    1A-2B, 1C-2D, ..., 1B-2A, 1D-2C for 2, 4 and 8 groups.
    """
    shape = _Shape.of(groups, per_group, fill)
    for target in (shape.floor, None):  # the floor is reached by every shape up to 16 slots
        found = _search(shape, target)
        if found is not None:
            return found
    raise AssertionError("the plain fold is always a bracket")


@dataclass(frozen=True)
class _Shape:
    """The seeds of an after-groups bracket as the pairing search sees them."""

    size: int
    tier: tuple[int, ...]
    group: tuple[int | None, ...]
    floor: tuple[int, ...]
    """Per round, the fewest same-group meetings any bracket can have (a lexicographic
    lower bound): members spread as evenly as possible over that round's blocks."""

    @staticmethod
    def of(groups: int, per_group: int, fill: int) -> _Shape:
        known = groups * per_group
        size = known + fill
        rounds = size.bit_length() - 1
        cumulative = [
            groups * _fewest_pairs(per_group, size >> level) for level in range(1, rounds + 1)
        ]
        return _Shape(
            size=size,
            tier=tuple(i // groups + 1 for i in range(known)) + (per_group + 1,) * fill,
            group=tuple(i % groups for i in range(known)) + (None,) * fill,
            floor=_per_round(cumulative),
        )


def _fewest_pairs(members: int, blocks: int) -> int:
    """Pairs sharing a block when `members` are spread as evenly as possible."""
    share, extra = divmod(members, blocks)
    return extra * (share + 1) * share // 2 + (blocks - extra) * share * (share - 1) // 2


def _per_round(cumulative: Sequence[int]) -> tuple[int, ...]:
    return tuple(c - (cumulative[i - 1] if i else 0) for i, c in enumerate(cumulative))


def _search(shape: _Shape, target: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """Depth-first search over canonical brackets, in the order the docstring above names.

    With a `target`, the first bracket whose meetings equal it (None if there is none);
    without, branch and bound for the best one. Prefixes are cut with a lexicographic lower
    bound: per round, the larger of the meetings already fixed and the shape's floor.
    """
    size, tier, group = shape.size, shape.tier, shape.group
    fold = Counter((tier[i], tier[size - 1 - i]) for i in range(size // 2))
    home_order = range(size)
    away_order = sorted(range(size), key=lambda i: (-tier[i], i))
    floor_total = list(accumulate(shape.floor))
    order: list[int] = []
    used = [False] * size
    meets = [0] * len(shape.floor)
    best: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def bound() -> tuple[int, ...]:
        fixed = accumulate(meets)
        return _per_round(
            [
                max(f + _forced(shape, order, level), low)
                for level, (f, low) in enumerate(zip(fixed, floor_total, strict=True), 1)
            ]
        )

    def beaten() -> bool:
        if target is not None:
            return bound() > target
        return bool(best) and bound() >= best[0][0]

    def search(pos: int) -> bool:
        if beaten():
            return False
        if pos == size:
            best[:] = [(tuple(meets), tuple(order))]
            return target is not None
        for seed in away_order if pos % 2 else home_order:
            if used[seed] or not _canonical(order, pos, seed):
                continue
            pair = (tier[order[-1]], tier[seed]) if pos % 2 else None
            if pair is not None and fold[pair] == 0:
                continue
            if pair is None and not any(h == tier[seed] and n for (h, _), n in fold.items()):
                continue
            mates = [
                p
                for p, other in enumerate(order)
                if group[seed] is not None and group[other] == group[seed]
            ]
            for p in mates:
                meets[(p ^ pos).bit_length() - 1] += 1
            used[seed] = True
            order.append(seed)
            if pair is not None:
                fold[pair] -= 1
            done = search(pos + 1)
            if pair is not None:
                fold[pair] += 1
            order.pop()
            used[seed] = False
            for p in mates:
                meets[(p ^ pos).bit_length() - 1] -= 1
            if done:
                return True
        return False

    search(0)
    return best[0][1] if best else None


def _forced(shape: _Shape, order: Sequence[int], level: int) -> int:
    """Same-group meetings a completion must add within blocks of 2**level slots.

    A free slot is filled without a new meeting only by a best-of slot or by a group not yet
    in that block; every slot beyond those options adds at least one meeting there.
    """
    span = 1 << level
    placed = set(order)
    left = Counter(shape.group[seed] for seed in range(shape.size) if seed not in placed)
    wildcards = left.pop(None, 0)
    extra = 0
    for start in range(0, shape.size, span):
        block = order[start : start + span]
        present = {shape.group[seed] for seed in block}
        fresh = sum(1 for g in left if g not in present)
        extra += max(0, span - len(block) - wildcards - fresh)
    return extra


def _canonical(order: Sequence[int], pos: int, seed: int) -> bool:
    """One bracket per mirror class: every subtree's first slot beats its sibling's.

    Swapping two sibling subtrees changes no meeting round, so only the arrangement with
    the lower seed on top is searched. For a first-round tie it also makes the better
    placed team the home side.
    """
    span = 1
    while span <= pos:
        if pos % (2 * span) == span and seed < order[pos - span]:
            return False
        span *= 2
    return True
