"""What a finished group means for each of its teams: through (and to which match), out,
or waiting, and on what.

Said once the group's last result is in, and whenever a team asks "gruptan çıktık mı?"
afterwards. Three honest answers, never a guess:

- THROUGH: its place goes to a knockout match ("1A"), or it is the best n-th placed team
  once every group is over; `match` is the knockout match it plays next.
- OUT: its place feeds nothing, or it was not among the best n-th placed teams.
- WAITING: its place may still go through as a best n-th placed team while other groups
  play (`groups` names them), or its place is inside a tie only a lot or a play-off breaks
  (`tied`).

Pure: the group's table and the plan's knockout matches (their codes, and the teams
written into them as places became known) come in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain.model import PlannedMatch
from domain.standings import Row, Table

__all__ = ["Fate", "TeamFate", "best_of_slots", "fates"]

_BEST_OF = re.compile(r"([0-9]+)\.([0-9]+)")


class Fate(StrEnum):
    THROUGH = "through"
    OUT = "out"
    WAITING = "waiting"


@dataclass(frozen=True)
class TeamFate:
    team: str
    group: str
    rank: int
    fate: Fate
    match: PlannedMatch | None = None  # THROUGH: its next knockout match; WAITING: the one
    # a best n-th place would go to
    home: bool = True  # the team's side in `match`
    best_of: int = 0  # its place goes through as one of this many best teams of that place
    groups: tuple[str, ...] = ()  # WAITING: the groups still being played
    tied: tuple[str, ...] = ()  # WAITING: level on every criterion with these teams


def best_of_slots(knockout: Sequence[PlannedMatch], place: int) -> int:
    """How many best teams of `place` across groups go through ("2.1", "2.2" -> 2)."""
    codes = {c for m in knockout for c in (m.home_from, m.away_from) if c}
    return sum(1 for c in codes if (f := _BEST_OF.fullmatch(c)) and int(f.group(1)) == place)


def _next_match(
    knockout: Sequence[PlannedMatch], team: str, codes: Sequence[str]
) -> tuple[PlannedMatch | None, bool]:
    """The knockout match the team plays first (written in by name, else the first one a
    code of `codes` feeds), and whether the team is its home side."""
    ordered = sorted(knockout, key=lambda m: (m.start, m.no))
    for m in ordered:
        if m.involves(team):
            return m, m.home == team
    for m in ordered:
        if m.home_from in codes or m.away_from in codes:
            return m, m.home_from in codes
    return None, True


def fates(
    group: str,
    table: Table,
    knockout: Sequence[PlannedMatch],
    *,
    places: int,
    unfinished: Sequence[str] = (),
) -> tuple[TeamFate, ...]:
    """Each team's fate in the finished `group`, best placed first.

    `places`: how many places of the group feed the knockout directly; `unfinished`: the
    other groups whose matches are not all played yet."""
    extra = places + 1
    slots = best_of_slots(knockout, extra)
    out: list[TeamFate] = []
    for row in table.rows:
        team, rank = row.team, row.rank
        if row.tie and any(r.rank <= (extra if slots else places) for r in _tied(table, row)):
            others = tuple(t for t in row.tie if t != team)
            out.append(TeamFate(team, group, rank, Fate.WAITING, tied=others))
            continue
        if rank <= places:
            match, home = _next_match(knockout, team, (f"{rank}{group}",))
            out.append(TeamFate(team, group, rank, Fate.THROUGH, match, home))
        elif rank == extra and slots:
            best = tuple(f"{extra}.{k}" for k in range(1, slots + 1))
            if unfinished:
                match, home = _next_match(knockout, "", best)
                waiting = TeamFate(
                    team, group, rank, Fate.WAITING, match, home, slots, tuple(unfinished)
                )
                out.append(waiting)
                continue
            named = [m for m in knockout if m.involves(team)]
            if not named:
                out.append(TeamFate(team, group, rank, Fate.OUT, best_of=slots))
                continue
            match, home = _next_match(named, team, ())
            out.append(TeamFate(team, group, rank, Fate.THROUGH, match, home, slots))
        else:
            out.append(TeamFate(team, group, rank, Fate.OUT))
    return tuple(out)


def _tied(table: Table, row: Row) -> list[Row]:
    return [r for r in table.rows if r.team in row.tie or r is row]
