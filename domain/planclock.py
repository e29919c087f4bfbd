"""The planner's minutes: a clock counting from the first kick-off, a match placed on a
pitch at a minute (Timed), and the pitches' and teams' windows in those minutes.

The group stage's slots (domain.groupslots), the knockout's kick-offs
(domain.knockouttimes) and the planner itself all count in these minutes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from domain.dayplan import TimeRules
from domain.model import Stage

__all__ = ["Clock", "Timed", "pitch_windows", "team_windows"]


class Clock:
    """Minutes since the first kick-off, converted through UTC so DST cannot bend them."""

    def __init__(self, rules: TimeRules) -> None:
        self.origin = rules.start.astimezone(UTC)
        self.zone = rules.start.tzinfo

    def at(self, minute: int) -> datetime:
        return (self.origin + timedelta(minutes=minute)).astimezone(self.zone)

    def minute(self, moment: datetime) -> int:
        return math.floor((moment.astimezone(UTC) - self.origin).total_seconds() / 60)


@dataclass
class Timed:
    """A match placed on pitch `pitch` at minute `start`: its teams, or the sources of those
    not yet known, and its tie key in the knockout."""

    stage: Stage
    group: str | None
    round: int | None
    pitch: int
    start: int
    home: str | None
    away: str | None
    home_from: object = None
    away_from: object = None
    key: str | None = None


def pitch_windows(rules: TimeRules, clock: Clock) -> list[tuple[int, int]]:
    """Per pitch, (opens, closes) in the clock's minutes; unbounded sides far off."""
    return [
        (
            clock.minute(p.opens) if p.opens else 0,
            clock.minute(p.closes) if p.closes else 10**9,
        )
        for p in rules.pitches
    ]


def team_windows(rules: TimeRules, clock: Clock) -> dict[str, tuple[int, int]]:
    """Per team with a window, (not before, not after) in the clock's minutes."""
    return {
        team: (
            clock.minute(w.not_before) if w.not_before else -(10**9),
            clock.minute(w.not_after) if w.not_after else 10**9,
        )
        for team, w in rules.team_windows.items()
    }
