"""The day plan's terms: what to plan (Draft), under which rules (TimeRules, with its
Pitch and TeamWindow), what comes out (Plan, with its Byes), and why it may not (Infeasible,
NoPitch).

Formats build Drafts, the bot and the season planner build TimeRules and read Plans; the
planner (domain.planner) and its parts speak of the same values, so they sit below all of
them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from domain.errors import DomainError
from domain.model import Group, PlannedMatch, Round, Tie

__all__ = ["Bye", "Draft", "Infeasible", "NoPitch", "Pitch", "Plan", "TeamWindow", "TimeRules"]


@dataclass(frozen=True)
class Pitch:
    """A pitch and, optionally, when it can be used (aware datetimes)."""

    name: str
    opens: datetime | None = None
    closes: datetime | None = None


@dataclass(frozen=True)
class TeamWindow:
    """A team cannot kick off before `not_before` and must have finished by `not_after`."""

    not_before: datetime | None = None
    not_after: datetime | None = None


@dataclass(frozen=True)
class TimeRules:
    """How the day runs; minutes throughout. Defaults are the article's halı saha slot."""

    start: datetime
    pitches: tuple[Pitch, ...]
    match_minutes: int = 26
    half_time: int = 2
    changeover: int = 4
    knockout_break: int = 30
    group_rest: int = 0
    knockout_rest: int = 15
    final_alone: bool = True
    team_windows: Mapping[str, TeamWindow] = field(default_factory=dict)

    @property
    def slot(self) -> int:
        return self.match_minutes + self.changeover

    @property
    def play_minutes(self) -> int:
        return self.match_minutes - self.half_time


@dataclass(frozen=True)
class Bye:
    group: str | None
    round: int
    team: str


@dataclass(frozen=True)
class Draft:
    """What to plan: each group's rounds and the knockout ties that follow."""

    groups: tuple[Group, ...]
    rounds: Mapping[str, Sequence[Round]]
    ties: tuple[Tie, ...] = ()
    league: bool = False
    double: bool = False


@dataclass(frozen=True)
class Plan:
    """`back_to_backs` and `triples` count the group stage: a team in two, or three,
    consecutive slots (four in a row is two triples), as in docs/planner.md."""

    matches: tuple[PlannedMatch, ...]
    byes: tuple[Bye, ...]
    groups: tuple[Group, ...]
    rules: TimeRules
    group_slots: int
    group_slot_bound: int
    back_to_backs: int
    day_end: datetime
    triples: int = 0


class Infeasible(DomainError):
    """The rules cannot all hold: which rule, and by how many minutes it falls short."""

    def __init__(self, rule: str, shortfall: int, subject: str | None = None) -> None:
        super().__init__(f"cannot satisfy {rule} ({subject}): short by {shortfall} min")
        self.rule = rule
        self.shortfall = shortfall
        self.subject = subject


class NoPitch(DomainError):
    """A plan needs at least one pitch."""
