"""The scorers' table (gol krallığı): rank, player, team, goals.

* `Goal(match_no, team, player, count=1, own_goal=False)`: `team` is the scorer's own team;
  an own goal counts for the other side's score and never for the player.
* `scorers(goals) -> ScorersTable`: `rows` by goals, most first, ties sharing a rank
  (1, 1, 3) and ordered by name in Turkish alphabetical order (`collation.tr_sort_key`);
  `own_goals` apart, per player, most first.
* `top_scorers(goals)`: every player of rank 1 (the gol kralı, all tied), for the
  champion's message; () with no goals.

One pass over the goals and one sort of the players: 64 teams of 15 players with
thousands of goals take a few milliseconds (tests/domain/test_scorers.py holds it under
50 ms). Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.collation import tr_sort_key

__all__ = ["Goal", "OwnGoalRow", "ScorerRow", "ScorersTable", "scorers", "top_scorers"]


@dataclass(frozen=True)
class Goal:
    match_no: int
    team: str
    player: str
    count: int = 1
    own_goal: bool = False


@dataclass(frozen=True)
class ScorerRow:
    rank: int
    player: str
    team: str
    goals: int


@dataclass(frozen=True)
class OwnGoalRow:
    player: str
    team: str
    goals: int


@dataclass(frozen=True)
class ScorersTable:
    rows: tuple[ScorerRow, ...]
    own_goals: tuple[OwnGoalRow, ...]

    @property
    def goals(self) -> int:
        return sum(row.goals for row in self.rows)

    @property
    def top(self) -> tuple[ScorerRow, ...]:
        return tuple(row for row in self.rows if row.rank == 1)


def _tally(goals: Iterable[Goal]) -> tuple[dict[tuple[str, str], int], dict[tuple[str, str], int]]:
    scored: dict[tuple[str, str], int] = {}
    own: dict[tuple[str, str], int] = {}
    for goal in goals:
        into = own if goal.own_goal else scored
        who = (goal.player, goal.team)
        into[who] = into.get(who, 0) + goal.count
    return scored, own


def _order(tally: dict[tuple[str, str], int]) -> list[tuple[int, str, str]]:
    keyed = [
        ((-n, tr_sort_key(player), tr_sort_key(team), player, team), n, player, team)
        for (player, team), n in tally.items()
        if n > 0
    ]
    keyed.sort(key=lambda row: row[0])
    return [(n, player, team) for _, n, player, team in keyed]


def scorers(goals: Iterable[Goal]) -> ScorersTable:
    """The table; see the module docstring."""
    scored, own = _tally(goals)
    rows: list[ScorerRow] = []
    for i, (n, player, team) in enumerate(_order(scored)):
        rank = rows[-1].rank if rows and rows[-1].goals == n else i + 1
        rows.append(ScorerRow(rank, player, team, n))
    own_rows = tuple(OwnGoalRow(player, team, n) for n, player, team in _order(own))
    return ScorersTable(tuple(rows), own_rows)


def top_scorers(goals: Iterable[Goal]) -> tuple[ScorerRow, ...]:
    """The gol kralı: every player with the most goals (all tied); () without goals."""
    return scorers(goals).top
