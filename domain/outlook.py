"""Does a team go through its group? What the table and the matches left allow.

"Gruptan çıkıyor muyuz?" has four honest answers: yes whatever happens (THROUGH), no
whatever happens (OUT), it depends on the matches left (OPEN), or the group is over and
the places are final (DONE: `rank` says where). Points decide here; when a tie-break
would decide, the answer is OPEN, never a guess. Pure, deterministic.

The arithmetic, for the first `places` teams going through and W points for a win:
a team is THROUGH when fewer than `places` other teams can still reach its points
(another team's best is its points plus W per match left); it is OUT when at least
`places` other teams already have more points than its own best.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain.model import PlannedMatch
from domain.standings import Table

__all__ = ["Outlook", "Status", "group_places", "outlook"]


class Status(StrEnum):
    THROUGH = "through"
    OUT = "out"
    OPEN = "open"
    DONE = "done"


@dataclass(frozen=True)
class Outlook:
    team: str
    group: str
    rank: int
    points: int
    places: int  # the first `places` of the group go through
    left: int  # the team's matches left in the group
    status: Status
    best_of: bool = False  # one more place may go through among all groups ("3.1")
    win_gets_through: bool = False  # OPEN, but winning every match left is enough


_GROUP_PLACE = re.compile(r"([0-9]+)([A-Za-z]+)")


def group_places(knockout: Iterable[PlannedMatch], group: str) -> tuple[int, bool]:
    """How many places of `group` feed the knockout ("1A", "2A" -> 2), and whether a best
    n-th placed of all groups does too ("3.1")."""
    places = 0
    best_of = False
    for match in knockout:
        for code in (match.home_from, match.away_from):
            if not code:
                continue
            found = _GROUP_PLACE.fullmatch(code)
            if found and found.group(2) == group:
                places = max(places, int(found.group(1)))
            elif "." in code:
                best_of = True
    return places, best_of


def outlook(
    table: Table,
    group: str,
    team: str,
    remaining: Sequence[tuple[str, str]],
    places: int,
    *,
    best_of: bool = False,
    win: int = 3,
) -> Outlook:
    """The team's outlook from the group's `table` and its `remaining` pairings."""
    row = table.row(team)
    left = {r.team: 0 for r in table.rows}
    for home, away in remaining:
        for side in (home, away):
            if side in left:
                left[side] += 1
    best = {r.team: r.points + win * left[r.team] for r in table.rows}
    others = [r for r in table.rows if r.team != team]
    mine = left[team]
    if not remaining:
        status = Status.DONE
    elif sum(1 for r in others if best[r.team] >= row.points) < places:
        status = Status.THROUGH
    elif sum(1 for r in others if r.points > best[team]) >= places:
        status = Status.OUT
    else:
        status = Status.OPEN
    wins_enough = False
    if status is Status.OPEN and mine:
        # Winning every match left: the teams we beat get nothing from those matches.
        rivals = dict(best)
        for home, away in remaining:
            if team in (home, away):
                rivals[away if home == team else home] -= win
        wins_enough = sum(1 for r in others if rivals[r.team] >= best[team]) < places
    return Outlook(team, group, row.rank, row.points, places, mine, status, best_of, wins_enough)
