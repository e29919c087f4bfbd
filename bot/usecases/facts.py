"""Answers about the tournament as a whole, from the stored plan and table: how many
matches, when it ends, the postponed matches, the teams met, a team's place and points.

Pure functions of a `state.Snapshot` (the question's use case, `bot.usecases.ask`, loads
it and picks the team); `bot.texts.facts` words them. Never the next match by default:
each answer says what was asked, or that the plan has nothing for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from bot.usecases import state
from domain.model import PlannedMatch
from domain.tournament import final_place

__all__ = [
    "CountAnswer",
    "DatesAnswer",
    "OpponentsAnswer",
    "PlaceAnswer",
    "PostponedAnswer",
    "count_answer",
    "dates_answer",
    "opponents_answer",
    "place_answer",
    "postponed_answer",
]

COUNTS = ("today", "left", "group", "played", "total")


@dataclass(frozen=True)
class CountAnswer:
    """ "bugün kaç maç var": `count` matches of `what` (COUNTS), the team's or, with `team`
    None, the tournament's; `played` of them have a result."""

    what: str
    team: str | None
    count: int
    played: int = 0
    day: date | None = None  # "today": the day counted


@dataclass(frozen=True)
class DatesAnswer:
    """ "lig ne zaman bitiyor" (`what` "end"), "son maç ne zaman" ("last_match"): the last
    match of the tournament, or of `team`; None: no match planned (a knockout side open)."""

    what: str
    name: str
    team: str | None
    match: PlannedMatch | None
    seasonal: bool  # a league over match weeks, not one day
    over: bool = False  # that match has been played


@dataclass(frozen=True)
class PostponedAnswer:
    """ "ertelenen maç ne zaman": the matches out of the plan until they get a date (of
    `team`, or all), and the team's next match as planned now."""

    team: str | None
    undated: tuple[PlannedMatch, ...]
    next_match: PlannedMatch | None = None


@dataclass(frozen=True)
class OpponentsAnswer:
    """ "gruptaki rakiplerimiz kimler": the other teams of `team`'s group (or league)."""

    team: str | None
    group: str | None  # None: one league (one group), named by the tournament
    teams: tuple[str, ...]
    name: str = ""


@dataclass(frozen=True)
class PlaceAnswer:
    """ "kaçıncıyız": `team`'s place and points, and the gap to the place above; once the
    team plays no more, `final` is where it finished (ask.Answer.place's values)."""

    team: str
    rank: int
    points: int
    played: int
    group: str | None
    teams: int
    above: str | None = None  # the team one place up
    behind: int = 0  # points behind the leader
    final: str | None = None


def _today(snap: state.Snapshot, now: datetime) -> date:
    return now.astimezone(snap.zone).date()


def count_answer(snap: state.Snapshot, team: str | None, what: str, now: datetime) -> CountAnswer:
    """`what` one of COUNTS; with `team` None, the tournament's matches."""
    rows = [m for m in snap.matches if team is None or m.match.involves(team)]
    day = None
    if what == "today":
        day = _today(snap, now)
        rows = [m for m in rows if m.match.start.astimezone(snap.zone).date() == day]
    elif what == "left":
        rows = [m for m in rows if m.result is None]
    elif what == "group":
        rows = [m for m in rows if not m.match.stage.is_knockout]
    elif what == "played":
        rows = [m for m in rows if m.result is not None]
    played = sum(1 for m in rows if m.result is not None)
    return CountAnswer(what, team, len(rows), played, day)


def dates_answer(snap: state.Snapshot, team: str | None, what: str) -> DatesAnswer:
    """The last match of the tournament, or with `team` the team's last known match."""
    seasonal = any(m.match.week is not None for m in snap.matches)
    rows = [m for m in snap.matches if team is None or m.match.involves(team)]
    last = max(rows, key=lambda m: (m.match.end, m.match.no), default=None)
    if last is None:
        return DatesAnswer(what, snap.tournament.name, team, None, seasonal)
    return DatesAnswer(
        what, snap.tournament.name, team, last.match, seasonal, over=last.result is not None
    )


def postponed_answer(snap: state.Snapshot, team: str | None, now: datetime) -> PostponedAnswer:
    undated = tuple(
        u.match for u in snap.tournament.settings.undated if team is None or u.match.involves(team)
    )
    coming = [
        m.match
        for m in snap.matches
        if m.result is None and m.match.end > now and (team is None or m.match.involves(team))
    ]
    first = min(coming, key=lambda m: (m.start, m.no), default=None)
    return PostponedAnswer(team, undated, first)


def opponents_answer(snap: state.Snapshot, team: str | None) -> OpponentsAnswer:
    group = snap.group_of(team) if team else None
    if group is None:
        group = snap.groups[0] if len(snap.groups) == 1 else None
    if group is None:
        return OpponentsAnswer(team, None, snap.teams, snap.tournament.name)
    label = group.label if len(snap.groups) > 1 else None
    others = tuple(t for t in group.teams if t != team)
    return OpponentsAnswer(team, label, others, snap.tournament.name)


def place_answer(snap: state.Snapshot, team: str) -> PlaceAnswer | None:
    """None for a team in no group (a pure knockout): the table has no place for it."""
    group = snap.group_of(team)
    if group is None:
        return None
    table = snap.table(group.label)
    row = table.row(team)
    above = table.rows[row.rank - 2].team if row.rank > 1 else None
    plays_on = any(m.result is None and m.match.involves(team) for m in snap.matches)
    knockout = any(m.match.stage.is_knockout for m in snap.matches)
    final = None
    if not plays_on and (snap.group_finished(group.label) or not knockout):
        final = final_place(snap.play, team)
        if final is None and not knockout and snap.group_finished(group.label):
            final = f"group:{row.rank}"
    leader = table.rows[0].points if table.rows else row.points
    return PlaceAnswer(
        team=team,
        rank=row.rank,
        points=row.points,
        played=row.played,
        group=group.label if len(snap.groups) > 1 else None,
        teams=len(table.rows),
        above=above,
        behind=leader - row.points,
        final=final,
    )
