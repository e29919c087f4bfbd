"""The values every other domain module passes around.

Teams are plain strings (their display names); identity under Turkish casing is the
job of `domain.names`. Everything here is frozen so a plan can be shared and compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class Stage(StrEnum):
    """Stage names as they appear in the JSON plan."""

    LEAGUE = "league"
    GROUP = "group"
    ROUND_OF_16 = "round_of_16"
    QUARTER = "quarter"
    SEMI = "semi"
    THIRD = "third"
    FINAL = "final"

    @property
    def is_knockout(self) -> bool:
        return self not in (Stage.LEAGUE, Stage.GROUP)


@dataclass(frozen=True)
class Pairing:
    """One match of a round robin; `home` is the first-named team (White in chess)."""

    home: str
    away: str

    def teams(self) -> tuple[str, str]:
        return (self.home, self.away)

    def swapped(self) -> Pairing:
        return Pairing(self.away, self.home)


@dataclass(frozen=True)
class Round:
    """A round (tur, maç haftası): disjoint pairings plus the team resting, if any."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: str | None = None


@dataclass(frozen=True)
class Group:
    """A group of the draw, label "A", "B", ... and its teams in draw order."""

    label: str
    teams: tuple[str, ...]


# Where a knockout side comes from, before the team is known.
@dataclass(frozen=True)
class GroupPlace:
    """The team finishing `place` in group `group` ("1A", "2B")."""

    group: str
    place: int

    def code(self) -> str:
        return f"{self.place}{self.group}"


@dataclass(frozen=True)
class BestOfPlace:
    """The `rank`-th best of the teams finishing `place` across all groups ("3.1")."""

    place: int
    rank: int

    def code(self) -> str:
        return f"{self.place}.{self.rank}"


@dataclass(frozen=True)
class Winner:
    """The winner of the knockout tie with this key."""

    key: str


@dataclass(frozen=True)
class Loser:
    """The loser of the knockout tie with this key (feeds the third-place match)."""

    key: str


@dataclass(frozen=True)
class Entrant:
    """A team known from the start (pure knockout, or a bye into a later round)."""

    team: str


Source = GroupPlace | BestOfPlace | Winner | Loser | Entrant


@dataclass(frozen=True)
class Tie:
    """A knockout match before it is timed: a stable key and where its sides come from."""

    key: str
    stage: Stage
    home: Source
    away: Source


@dataclass(frozen=True)
class Score:
    """A result; penalties only when the match needs a winner and ended level.

    `forfeit` names the side ("home" or "away") that lost the match hükmen (TFF Futbol
    Müsabaka Talimatı Madde 23-24); `domain.forfeits` builds such scores.
    """

    home_goals: int
    away_goals: int
    home_penalties: int | None = None
    away_penalties: int | None = None
    forfeit: str | None = None

    def winner_side(self) -> str | None:
        """'home', 'away' or None for a draw without penalties."""
        if self.home_goals != self.away_goals:
            return "home" if self.home_goals > self.away_goals else "away"
        if self.home_penalties is None or self.away_penalties is None:
            return None
        if self.home_penalties == self.away_penalties:
            return None
        return "home" if self.home_penalties > self.away_penalties else "away"


@dataclass(frozen=True)
class Result:
    """A played match between two named teams."""

    home: str
    away: str
    score: Score


@dataclass(frozen=True)
class PlannedMatch:
    """A match with its pitch and time; knockout sides may still be unknown (None).

    `week` is the match day's number (maç haftası, from 1) in a season league; None for a
    tournament played in one day. `home_words`/`away_words` say an unknown side as a
    player does ("1. yarı finalin galibi"); set by `domain.sidewords.worded` where the
    whole plan is known, never stored, never compared.
    """

    no: int
    stage: Stage
    group: str | None
    round: int | None
    pitch: str
    start: datetime
    end: datetime
    home: str | None
    away: str | None
    home_from: str | None = None
    away_from: str | None = None
    key: str | None = None
    week: int | None = None
    home_words: str | None = field(default=None, compare=False, repr=False)
    away_words: str | None = field(default=None, compare=False, repr=False)

    def involves(self, team: str) -> bool:
        return team in (self.home, self.away)
