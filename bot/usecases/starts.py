"""When the tournament starts: "lig ne zaman başlıyor", "turnuva kaçta başlar", "ilk maç ne
zaman" (`domain.topics`: DATES with detail "start"), or a named team's first match.

A pure function of a `snapshots.Snapshot` (`bot.usecases.questions` loads it);
`bot.texts.starts` words it: before the first kick-off, its day, time and matches; after
it, the day it started and the next matches to kick off.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.usecases import facts, snapshots
from domain import names
from domain.model import PlannedMatch

__all__ = ["StartAnswer", "respond", "start_answer"]


@dataclass(frozen=True)
class StartAnswer:
    """`first`: the matches of the first kick-off (of `team`: its first match), none when
    every match waits for a date; `started`: that kick-off has come; `coming`: once
    started, the matches of the next kick-off still to come (of `team`: its next one)."""

    name: str
    team: str | None
    first: tuple[PlannedMatch, ...]
    started: bool
    coming: tuple[PlannedMatch, ...] = ()
    played: bool = False  # every dated match has its result
    undated: tuple[PlannedMatch, ...] = ()  # still to play, no date yet


def respond(snap: snapshots.Snapshot, hint: str | None, now: datetime) -> StartAnswer | None:
    """The tournament's start, or the named team's first match; None (say nothing) when
    the other words name no team ("yeni sezon ne zaman başlıyor": maybe another one)."""
    team = None
    if hint:
        try:
            team = facts.team_named(hint, snap.teams)
        except names.UnknownTeam:
            return None
    return start_answer(snap, team, now)


def start_answer(snap: snapshots.Snapshot, team: str | None, now: datetime) -> StartAnswer:
    rows = [m for m in snap.matches if team is None or m.match.involves(team)]
    undated = snap.waiting(team)
    name = snap.tournament.name
    if not rows:
        return StartAnswer(name, team, (), False, undated=undated)
    kickoff = min(m.match.start for m in rows)
    first = _at(kickoff, [m.match for m in rows])
    started = kickoff <= now or any(m.result is not None for m in rows)
    later = [m.match for m in rows if m.result is None and m.match.start > now]
    coming = _at(min(m.start for m in later), later) if later and started else ()
    if team is not None:
        coming = coming[:1]
    played = all(m.result is not None for m in rows)
    return StartAnswer(name, team, first, started, coming, played, undated)


def _at(start: datetime, matches: list[PlannedMatch]) -> tuple[PlannedMatch, ...]:
    """The matches kicking off at `start`, by pitch and number."""
    return tuple(sorted((m for m in matches if m.start == start), key=lambda m: (m.pitch, m.no)))
