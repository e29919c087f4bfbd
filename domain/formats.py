"""From an organiser's choice of format to a `Draft` the planner can time.

Formats: a league (one group, single or double round robin), groups followed by a knockout,
or a pure knockout from a seeded list. The knockout's first stage ("semi", "quarter", ...)
fixes how many teams go through; groups fill it with their best places.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from domain import knockout
from domain.dayplan import Draft
from domain.errors import DomainError
from domain.model import Entrant, Group, GroupPlace, Round, Tie
from domain.roundrobin import fixtures

QUALIFIERS = {"none": 0, "final": 2, "semi": 4, "quarter": 8, "round_of_16": 16}


class BadFormat(DomainError):
    """The format cannot be built from these numbers (`reason` says why)."""

    def __init__(self, reason: str, **details: object) -> None:
        super().__init__(f"{reason}: {details}")
        self.reason = reason
        self.details = details


@dataclasses.dataclass(frozen=True)
class Options:
    """League options shared by every format."""

    double: bool = False
    system: str = "circle"
    balance: bool = False  # fewest home/away breaks; a double league always has them
    third_place: bool = False
    knockout: str = "none"
    per_group: int | None = None  # "gruptan 2 çıkar"; None: as many as the knockout wants


def league(teams: Sequence[str], options: Options) -> Draft:
    """One group, everyone plays everyone; a knockout of its top places if asked."""
    group = Group("A", tuple(teams))
    rounds = {"A": _rounds(group, options)}
    ties = _single_group_knockout(group, options) if options.knockout != "none" else ()
    return Draft((group,), rounds, ties, league=not ties, double=options.double)


def groups_then_knockout(groups: Sequence[Group], options: Options) -> Draft:
    """Round robin in each group, then the knockout its best places feed."""
    if len(groups) == 1:
        return league(groups[0].teams, options)
    wanted = QUALIFIERS[options.knockout]
    ties: tuple[Tie, ...] = ()
    if wanted:
        per_group = options.per_group or max(1, wanted // len(groups))
        if per_group * len(groups) > wanted or (per_group > 2 and not options.per_group):
            raise BadFormat("knockout_size", groups=len(groups), knockout=options.knockout)
        ties = knockout.after_groups(groups, per_group=per_group, third_place=options.third_place)
    rounds = {g.label: _rounds(g, options) for g in groups}
    return Draft(tuple(groups), rounds, ties, double=options.double)


def pure_knockout(teams: Sequence[str], options: Options) -> Draft:
    """Eleme: a seeded bracket, byes to the top seeds."""
    return Draft((), {}, knockout.seeded(teams, third_place=options.third_place))


def _rounds(group: Group, options: Options) -> list[Round]:
    if len(group.teams) < 2:
        raise BadFormat("group_too_small", group=group.label, size=len(group.teams))
    # A double league is balanced by default: 3n - 6 breaks, the fewest a mirrored double
    # round robin allows (the plain circle gives an 8-team double league 74).
    return fixtures(
        group.teams,
        system=options.system,
        double_leg=options.double,
        balance=options.balance or options.double,
    )


def _single_group_knockout(group: Group, options: Options) -> tuple[Tie, ...]:
    """Top places of a single table, 1 v 4 and 2 v 3 style."""
    wanted = QUALIFIERS[options.knockout]
    if wanted > len(group.teams):
        raise BadFormat("knockout_size", groups=1, knockout=options.knockout)
    codes = [str(place) for place in range(1, wanted + 1)]
    ties = knockout.seeded(codes, third_place=options.third_place)

    def place(source: object) -> object:
        if isinstance(source, Entrant):
            return GroupPlace(group.label, int(source.team))
        return source

    return tuple(
        Tie(t.key, t.stage, place(t.home), place(t.away))  # type: ignore[arg-type]
        for t in ties
    )
