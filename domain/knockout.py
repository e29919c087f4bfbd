"""Knockout brackets (eleme): after the groups, or straight from a seeded list.

A bracket is a tuple of `Tie`s whose sides say where the team comes from (a group place,
the winner of an earlier tie, ...), so the whole plan can be printed before a ball is kicked
and filled in by `progress` as results arrive.

After groups, pairings follow what organisers expect and what the article calls "çapraz
eşleşme": a better-placed team meets a worse-placed one in the first round, and two teams
of the same group meet as late as possible (1A and 2A only in the final when the field
allows it). The pairing is found by a small exhaustive search, so unusual shapes (three
groups, best thirds) get the same guarantee as the textbook ones.

The pairing search lives in `domain.crosspairing`; who plays in a tie as results arrive,
and the codes plans print for sides not yet known, in `domain.tiesides`.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.crosspairing import cross_order
from domain.draw import check_unique
from domain.errors import DomainError
from domain.model import BestOfPlace, Entrant, Group, GroupPlace, Loser, Source, Stage, Tie, Winner

__all__ = [
    "MAX_BRACKET",
    "BracketCannotBeFilled",
    "BracketTooLarge",
    "DuplicateGroup",
    "GroupTooSmall",
    "InvalidPerGroup",
    "InvalidUntil",
    "KnockoutError",
    "TooFewEntrants",
    "after_groups",
    "seeded",
    "seeding_positions",
]

MAX_BRACKET = 16
"""model.Stage names rounds from the round of 16 on; a larger first round has no name."""

_ROUNDS: dict[int, tuple[Stage, str]] = {  # ties in the round -> stage, key (prefix)
    8: (Stage.ROUND_OF_16, "R16-"),
    4: (Stage.QUARTER, "QF"),
    2: (Stage.SEMI, "SF"),
    1: (Stage.FINAL, "F"),
}
_THIRD_KEY = "3P"
_STAGE_ORDER = (Stage.ROUND_OF_16, Stage.QUARTER, Stage.SEMI, Stage.FINAL)


class KnockoutError(DomainError):
    """The bracket cannot be built as asked."""


class TooFewEntrants(KnockoutError):
    """A knockout needs at least two sides."""

    def __init__(self, entrants: int) -> None:
        super().__init__(f"a knockout needs at least 2 entrants, got {entrants}")
        self.entrants = entrants


class BracketTooLarge(KnockoutError):
    """More than `MAX_BRACKET` sides: the first round would have no stage name."""

    def __init__(self, entrants: int, bracket: int) -> None:
        super().__init__(f"{entrants} entrants need a bracket of {bracket}, limit {MAX_BRACKET}")
        self.entrants = entrants
        self.bracket = bracket
        self.limit = MAX_BRACKET


class InvalidPerGroup(KnockoutError):
    """At least one team per group must go through."""

    def __init__(self, per_group: int) -> None:
        super().__init__(f"per_group must be at least 1, got {per_group}")
        self.per_group = per_group


class GroupTooSmall(KnockoutError):
    """Group `group` has fewer teams than places that qualify from it."""

    def __init__(self, group: str, size: int, needed: int) -> None:
        super().__init__(f"group {group} has {size} teams, {needed} must qualify")
        self.group = group
        self.size = size
        self.needed = needed


class DuplicateGroup(KnockoutError):
    """Two groups share a label, so "1A" would be ambiguous."""

    def __init__(self, label: str) -> None:
        super().__init__(f"group label used twice: {label!r}")
        self.label = label


class BracketCannotBeFilled(KnockoutError):
    """The bracket needs more best-of-`place` teams than there are groups with such a team.

    For example five groups, top two: 10 qualifiers, a bracket of 16 would need 6 best
    thirds out of 5. The organiser has to pick another `per_group` or group count.
    """

    def __init__(self, qualifiers: int, bracket: int, place: int, available: int) -> None:
        super().__init__(
            f"{qualifiers} qualifiers need {bracket - qualifiers} best teams of place "
            f"{place} to fill a bracket of {bracket}, only {available} exist"
        )
        self.qualifiers = qualifiers
        self.bracket = bracket
        self.place = place
        self.needed = bracket - qualifiers
        self.available = available


class InvalidUntil(KnockoutError):
    """`until` is not a round this bracket plays (the first round is `first`)."""

    def __init__(self, until: Stage, first: Stage) -> None:
        super().__init__(f"bracket starts at {first.value}, cannot stop at {until.value}")
        self.until = until
        self.first = first


def after_groups(
    groups: Sequence[Group],
    *,
    per_group: int,
    until: Stage | None = None,
    third_place: bool,
) -> tuple[Tie, ...]:
    """The knockout that follows a group stage, as ties from group places.

    The best `per_group` of each group qualify; if that is not a power of two, the best
    teams of the next place across groups (`BestOfPlace`) fill the bracket up to the next
    one. First-round ties pair the k-th best placed slot with the k-th worst (winners meet
    runners-up or best thirds), no first-round tie has two places of one group (unless
    there is only one group), and two places of one group meet as late as the field allows.

    A best third's group is known only when the groups end, so it is treated as unknown:
    no tie is *certain* to be a same-group rematch, but a winner may still draw the third
    of its own group. The plan has to be printable before that is known.

    `until` stops the bracket after that round (e.g. `Stage.SEMI` when the final is played
    another day); None plays through the final. `third_place` adds "3P" for the semi-final
    losers when both semi-finals and the final are in the bracket, and is ignored otherwise.
    """
    if per_group < 1:
        raise InvalidPerGroup(per_group)
    if not groups:
        raise TooFewEntrants(0)
    labels = [group.label for group in groups]
    for label in labels:
        if labels.count(label) > 1:
            raise DuplicateGroup(label)
    for group in groups:
        if len(group.teams) < per_group:
            raise GroupTooSmall(group.label, len(group.teams), per_group)
    qualifiers = len(groups) * per_group
    bracket = _bracket_size(qualifiers)
    fill = bracket - qualifiers
    runners = sum(1 for group in groups if len(group.teams) > per_group)
    if fill > runners:
        raise BracketCannotBeFilled(qualifiers, bracket, per_group + 1, runners)
    seeds: list[Source] = [
        GroupPlace(label, place) for place in range(1, per_group + 1) for label in labels
    ]
    seeds += [BestOfPlace(per_group + 1, rank) for rank in range(1, fill + 1)]
    order = cross_order(len(groups), per_group, fill)
    slots: list[Source | None] = [seeds[i] for i in order]
    return _bracket(slots, until=until, third_place=third_place)


def seeded(teams: Sequence[str], *, third_place: bool) -> tuple[Tie, ...]:
    """A pure knockout from a seeded list, best first, byes to the top seeds.

    Standard seeding positions (1 v 16, 8 v 9, ...; 1 v 8, 4 v 5, 2 v 7, 3 v 6) keep seeds 1
    and 2 apart until the final. A missing opponent is a bye: no tie is made and the team
    appears as `Entrant` in the next round.
    """
    if len(teams) < 2:
        raise TooFewEntrants(len(teams))
    check_unique(teams)
    bracket = _bracket_size(len(teams))
    slots: list[Source | None] = [
        Entrant(teams[seed - 1]) if seed <= len(teams) else None
        for seed in seeding_positions(bracket)
    ]
    return _bracket(slots, until=None, third_place=third_place)


def seeding_positions(size: int) -> tuple[int, ...]:
    """Seed numbers in bracket order for a power-of-two `size` (8 → 1, 8, 4, 5, 2, 7, 3, 6).

    Each doubling pairs seed s with size + 1 - s, so each pair of adjacent seeds sums the
    same and the top seeds are spread over the quarters of the bracket.
    """
    positions = [1]
    while len(positions) < size:
        total = 2 * len(positions) + 1
        positions = [p for seed in positions for p in (seed, total - seed)]
    return tuple(positions)


def _bracket_size(entrants: int) -> int:
    size = 2
    while size < entrants:
        size *= 2
    if size > MAX_BRACKET:
        raise BracketTooLarge(entrants, size)
    return size


def _bracket(
    slots: Sequence[Source | None], *, until: Stage | None, third_place: bool
) -> tuple[Tie, ...]:
    """Ties round by round from first-round slots in bracket order (None = bye)."""
    first = _ROUNDS[len(slots) // 2][0]
    last = Stage.FINAL if until is None else until
    if last not in _STAGE_ORDER or _STAGE_ORDER.index(last) < _STAGE_ORDER.index(first):
        raise InvalidUntil(last, first)
    sides = list(slots)
    rounds: list[list[Tie]] = []
    while len(sides) > 1:
        stage, prefix = _ROUNDS[len(sides) // 2]
        ties: list[Tie] = []
        advancing: list[Source | None] = []
        for home, away in zip(sides[::2], sides[1::2], strict=True):
            if home is None or away is None:  # a bye: the other side goes through untouched
                advancing.append(away if home is None else home)
                continue
            key = prefix if stage is Stage.FINAL else f"{prefix}{len(ties) + 1}"
            ties.append(Tie(key, stage, home, away))
            advancing.append(Winner(key))
        rounds.append(ties)
        sides = advancing
        if stage is last:
            break
    semis = [tie.key for tie in rounds[-2]] if len(rounds) > 1 else []
    if third_place and last is Stage.FINAL and len(semis) == 2:
        rounds[-1].insert(0, Tie(_THIRD_KEY, Stage.THIRD, Loser(semis[0]), Loser(semis[1])))
    return tuple(tie for ties in rounds for tie in ties)
