"""Forfeits ("hükmen") and withdrawals, by TFF's Futbol Müsabaka Talimatı.

Madde 23(4): the team awarded the match gets 3 goals; none of the forfeiting team's goals
count, even if it scored; the winner's goals above three stand. Madde 24(1)a: a team that
does not turn up, turns up but does not play, or leaves a match under way loses by forfeit
and also loses as many points as a win gives (`standings.PointsRule.forfeit_deduction`).

A team that withdraws leaves its league by the league's rule: its remaining matches are
awarded 3-0 to the opponents (TFF), or all its results are annulled (the hobby-league
habit, usually when it has played less than half).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain.errors import DomainError
from domain.model import Pairing, Result, Score

AWARDED_GOALS = 3


class ForfeitError(DomainError, ValueError):
    """A forfeit or withdrawal that names a team outside the match or the league."""

    def __init__(self, reason: str, team: str) -> None:
        super().__init__(f"{reason}: {team!r}")
        self.reason = reason
        self.team = team


def forfeit_score(loser: str, played: Score | None = None) -> Score:
    """The score of a match `loser` ("home" or "away") lost hükmen.

    3-0 to the other side; with a score already played, the winner's goals stand when they
    are more than three, and the loser's never count: 5-1 becomes 5-0, 1-2 becomes 3-0.
    """
    if loser not in ("home", "away"):
        raise ForfeitError("side", loser)
    winner_goals = 0
    if played is not None:
        winner_goals = played.away_goals if loser == "home" else played.home_goals
    goals = max(AWARDED_GOALS, winner_goals)
    if loser == "home":
        return Score(0, goals, forfeit="home")
    return Score(goals, 0, forfeit="away")


def goals_stand(score: Score, side: str) -> bool:
    """Whether a goal for `side` ("home" or "away") of a match with `score` stands: always
    on the pitch; decided hükmen, only the winner's, and only when more than the three
    awarded (those are nobody's goals)."""
    if score.forfeit is None:
        return True
    won = score.away_goals if score.forfeit == "home" else score.home_goals
    return side != score.forfeit and won > AWARDED_GOALS


def forfeit(home: str, away: str, loser: str, played: Score | None = None) -> Result:
    """The result of `home` against `away` where team `loser` lost hükmen."""
    if loser not in (home, away):
        raise ForfeitError("not_in_match", loser)
    return Result(home, away, forfeit_score("home" if loser == home else "away", played))


def forfeit_loser(result: Result) -> str | None:
    """The team that lost `result` hükmen, or None for a match decided on the pitch."""
    side = result.score.forfeit
    if side is None:
        return None
    return result.home if side == "home" else result.away


class WithdrawalRule(StrEnum):
    """What happens to a team that leaves the league."""

    AWARD = "award"  # TFF: its remaining matches 3-0 to the opponents
    ANNUL = "annul"  # all its results annulled, it leaves the table
    ANNUL_UNDER_HALF = "annul_under_half"  # annul if it played less than half, else award


@dataclass(frozen=True)
class Withdrawal:
    """The table's teams and results once `team` has withdrawn; `annulled` says which rule
    applied (the under-half rule decides it from the matches played)."""

    team: str
    teams: tuple[str, ...]
    results: tuple[Result, ...]
    annulled: bool


def withdraw(
    team: str,
    teams: Sequence[str],
    results: Sequence[Result],
    remaining: Sequence[Pairing],
    rule: WithdrawalRule = WithdrawalRule.AWARD,
) -> Withdrawal:
    """Apply `rule` to `team` leaving: `remaining` are the league's unplayed pairings.

    AWARD keeps what it played and records each of its remaining matches as a forfeit
    against it (3-0); ANNUL drops every match it played and the team itself.
    """
    if team not in teams:
        raise ForfeitError("not_in_league", team)
    own = [r for r in results if team in (r.home, r.away)]
    scheduled = len(own) + sum(1 for p in remaining if team in p.teams())
    annul = rule is WithdrawalRule.ANNUL or (
        rule is WithdrawalRule.ANNUL_UNDER_HALF and 2 * len(own) < scheduled
    )
    if annul:
        return Withdrawal(
            team,
            tuple(t for t in teams if t != team),
            tuple(r for r in results if team not in (r.home, r.away)),
            annulled=True,
        )
    awarded = tuple(forfeit(p.home, p.away, team) for p in remaining if team in p.teams())
    return Withdrawal(team, tuple(teams), (*results, *awarded), annulled=False)
