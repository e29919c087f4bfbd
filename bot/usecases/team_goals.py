"""Which team scored or let in the most or the fewest goals ("en çok gol atan takım", "en
az gol yiyen takım"), counted as "kaç gol attık" counts a team's: its played matches,
forfeits' scores included, annulled teams left out."""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import snapshots
from domain.teamgoals import TeamGoalsAsked


@dataclass(frozen=True)
class TeamGoalsAnswer:
    """The teams at the top of the ranking asked (ties kept), with their goals; `leaders`
    empty: no match played yet."""

    asked: TeamGoalsAsked
    leaders: tuple[str, ...]
    goals: int = 0


def ranked(snap: snapshots.Snapshot, asked: TeamGoalsAsked) -> TeamGoalsAnswer:
    counted: dict[str, int] = {}
    for match, result in snap.counted_results():
        home, away = match.home or "", match.away or ""
        scored = {home: result.home_goals, away: result.away_goals}
        for team, other in ((home, away), (away, home)):
            counted[team] = counted.get(team, 0) + scored[other if asked.conceded else team]
    if not counted:
        return TeamGoalsAnswer(asked, ())
    best = (min if asked.fewest else max)(counted.values())
    leaders = tuple(sorted(t for t, goals in counted.items() if goals == best))
    return TeamGoalsAnswer(asked, leaders, best)
