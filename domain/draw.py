"""The group draw (kura): how many teams each group gets and who goes where.

Three methods, all reproducible: "order" deals the given order in a snake so seeded lists
stay balanced; "random" shuffles with a seed the organiser can announce and anyone can
replay; "pots" keeps seeded teams apart (one per group per pot) and leaves the rest to luck.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import count
from string import ascii_uppercase
from typing import Literal

from domain.errors import DomainError
from domain.model import Group

DrawMethod = Literal["order", "random", "pots"]
METHODS: tuple[DrawMethod, ...] = ("order", "random", "pots")
MIN_GROUP_SIZE = 2
MAX_GROUPS = len(ascii_uppercase)


class DrawError(DomainError):
    """The draw cannot be made as asked."""


class GroupCountError(DrawError):
    """`teams` teams cannot be split into `groups` groups of at least two."""

    def __init__(self, teams: int, groups: int) -> None:
        super().__init__(f"{teams} teams cannot form {groups} groups of at least {MIN_GROUP_SIZE}")
        self.teams = teams
        self.groups = groups
        self.maximum = min(teams // MIN_GROUP_SIZE, MAX_GROUPS)


class DuplicateTeam(DrawError):
    """The same name was given twice; one team cannot play for two slots."""

    def __init__(self, team: str) -> None:
        super().__init__(f"team listed twice: {team!r}")
        self.team = team


class UnknownDrawMethod(DrawError):
    """The method is none of `METHODS`."""

    def __init__(self, method: str) -> None:
        super().__init__(f"unknown draw method {method!r}")
        self.method = method


class SeedRequired(DrawError):
    """A chance-based draw without a seed could not be replayed or checked afterwards."""

    def __init__(self, method: str) -> None:
        super().__init__(f"draw method {method!r} needs a seed")
        self.method = method


class InvalidPotSize(DrawError):
    """A pot larger than the number of groups would put two of its teams in one group."""

    def __init__(self, pot_size: int, groups: int) -> None:
        super().__init__(f"pot size {pot_size} must be between 1 and {groups}")
        self.pot_size = pot_size
        self.groups = groups


def group_sizes(n_teams: int, k: int) -> list[int]:
    """Sizes of `k` groups differing by at most one, larger groups first (7, 2 → [4, 3]).

    Larger groups first so that group A, drawn and scheduled first, is never the short one
    in one draw and the long one in the next.
    """
    if k < 1 or n_teams < MIN_GROUP_SIZE * k:
        raise GroupCountError(n_teams, k)
    base, extra = divmod(n_teams, k)
    return [base + 1 if i < extra else base for i in range(k)]


def group_labels(k: int) -> tuple[str, ...]:
    """ "A", "B", ...: the labels organisers and the article use."""
    return tuple(ascii_uppercase[:k])


def draw_groups(
    teams: Sequence[str],
    k: int,
    *,
    method: DrawMethod,
    seed: int | None = None,
    pot_size: int | None = None,
) -> tuple[Group, ...]:
    """Split `teams` into `k` groups labelled "A", "B", ... with sizes from `group_sizes`.

    - "order": the given order dealt in a snake (A B B A A B ...), so a seeded list gives
      every group a fair share of strong and weak teams.
    - "random": the list shuffled with `random.Random(seed)`, then dealt A B C A B C ...
    - "pots": the given order is the seeding; pots are consecutive runs of `pot_size`
      (default `k`) teams, each shuffled with the seed and dealt one team per group, so
      two teams of the same pot never share a group.
    """
    if method not in METHODS:
        raise UnknownDrawMethod(method)
    if k > MAX_GROUPS:
        raise GroupCountError(len(teams), k)
    sizes = group_sizes(len(teams), k)
    check_unique(teams)
    if method == "order":
        return _deal(teams, sizes, _snake(k))
    if seed is None:
        raise SeedRequired(method)
    rng = random.Random(seed)
    if method == "random":
        shuffled = list(teams)
        rng.shuffle(shuffled)
        return _deal(shuffled, sizes, _cycle(k))
    size = k if pot_size is None else pot_size
    if not 1 <= size <= k:
        raise InvalidPotSize(size, k)
    order: list[str] = []
    for start in range(0, len(teams), size):
        pot = list(teams[start : start + size])
        rng.shuffle(pot)
        order.extend(pot)
    return _deal(order, sizes, _cycle(k))


def check_unique(teams: Sequence[str]) -> None:
    """Raises DuplicateTeam for the first team named a second time."""
    seen: set[str] = set()
    for team in teams:
        if team in seen:
            raise DuplicateTeam(team)
        seen.add(team)


def _snake(k: int) -> Iterator[int]:
    for lap in count():
        yield from (range(k) if lap % 2 == 0 else reversed(range(k)))


def _cycle(k: int) -> Iterator[int]:
    for _ in count():
        yield from range(k)


def _deal(order: Sequence[str], sizes: Sequence[int], targets: Iterator[int]) -> tuple[Group, ...]:
    """Give each team to the next group of `targets` that still has room.

    Skipping full groups is what keeps a snake's last, partial lap on the larger groups.
    """
    members: list[list[str]] = [[] for _ in sizes]
    for team in order:
        target = next(g for g in targets if len(members[g]) < sizes[g])
        members[target].append(team)
    return tuple(
        Group(label, tuple(group))
        for label, group in zip(group_labels(len(sizes)), members, strict=True)
    )
