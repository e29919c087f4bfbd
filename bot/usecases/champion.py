"""Who won the tournament ("şampiyon kim", "turnuvayı kim kazandı"), or where it stands.

A cup's champion is its final's winner, with the runner-up and, once played, the
third-place match's winner; before that, the answer is the final (its sides in words while
the semi-finals are open). A league's champion is its first once every match is played
(a match waiting for a date included); before that, its leader. Read-only, no I/O beyond
the snapshot."""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import snapshots
from domain.model import PlannedMatch, Stage

__all__ = ["ChampionAnswer", "Leader", "answer"]


@dataclass(frozen=True)
class Leader:
    """A group's (or the league's) first now; `team` None: level at the top, `level` says
    with whom."""

    group: str
    team: str | None
    points: int
    level: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChampionAnswer:
    champion: str | None  # None: not decided yet
    runner_up: str | None = None
    third: str | None = None
    final: PlannedMatch | None = None  # a cup's final still to play
    leaders: tuple[Leader, ...] = ()  # no knockout: each table's first
    left: int = 0  # no knockout: matches still to play (undated ones too)
    points: int | None = None  # a league's champion's points


def answer(snap: snapshots.Snapshot) -> ChampionAnswer:
    """The champion, or what decides it (see the module docstring)."""
    by_stage = {m.match.stage: m for m in snap.matches if m.match.stage.is_knockout}
    final = by_stage.get(Stage.FINAL)
    if final is not None:
        if final.result is None:
            return ChampionAnswer(None, final=final.match)
        first = snap.champion()
        second = final.match.away if first == final.match.home else final.match.home
        third = by_stage.get(Stage.THIRD)
        bronze = None
        if third is not None and third.result is not None:
            won = third.result.winner_side()
            bronze = third.match.home if won == "home" else third.match.away
        return ChampionAnswer(first, second, bronze)
    left = sum(1 for m in snap.matches if m.result is None) + len(snap.waiting())
    leaders = []
    for label, table in snap.tables().items():
        top = table.rows[0]
        level = (top.team, *top.tie) if table.team_at(1) is None else ()
        leaders.append(Leader(label, None if level else top.team, top.points, level))
    single = len(leaders) == 1 and leaders[0].team is not None
    if left == 0 and single:
        rows = next(iter(snap.tables().values())).rows
        second, third = (rows[i].team if len(rows) > i else None for i in (1, 2))
        return ChampionAnswer(leaders[0].team, second, third, points=leaders[0].points)
    return ChampionAnswer(None, leaders=tuple(leaders), left=left)
