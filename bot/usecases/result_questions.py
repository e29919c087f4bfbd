"""A played match's result asked in the chat (`domain.resultquestions`): "son maçımız kaç
bitti", "kim kazandı", "Şahinler maçı ne oldu", "Şahinler Kurtlar maçı kaç kaç bitti".

"son maçımız kaç bitti" was read as the season's last match and answered with its time and
pitch. Now the answer is a score: the asker's team's (or the named team's) last match over
by the clock or with a result; two teams named, their match (the last played, else the one
to play); from someone who captains no team, or "sonuçlar ne", the tournament's latest
results. A match without a result says so, with when it is or was. Pure functions of a
`snapshots.Snapshot` but `respond`, which finds the asker's team.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import domain.questions
from bot.usecases import facts, pairs, snapshots
from domain import names
from domain.model import PlannedMatch, Score
from storage import UnitOfWork

__all__ = ["ResultAnswer", "latest_results", "pair_result", "respond", "team_result"]


@dataclass(frozen=True)
class ResultAnswer:
    """The match or matches answered, each with its score (None: no result yet).

    `team`: the team asked about (None: two teams, or the tournament's latest results);
    `pair`: the two teams named; `rows` empty: no match to tell (`undated`: the team's or
    the pair's match waits for a date, `rows` then holds it)."""

    team: str | None
    rows: tuple[tuple[PlannedMatch, Score | None], ...]
    pair: tuple[str, str] | None = None
    undated: bool = False
    yours: bool = False  # about the asker's own team


async def respond(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    user_id: int,
    question: domain.questions.Question,
    now: datetime,
) -> ResultAnswer | None:
    """The answer to a MATCH_RESULT question; None (say nothing) when its words name no
    team of the tournament ("fener maçı kaç bitti")."""
    if question.team_hint:
        try:
            return team_result(snap, facts.team_named(question.team_hint, snap.teams), now)
        except names.UnknownTeam:
            return pair_result(snap, question.team_hint)
    if question.detail == "latest":  # "sonuçlar ne": whoever asks
        return latest_results(snap, now)
    own = await uow.teams.captain_of(snap.id, user_id)
    return latest_results(snap, now) if own is None else team_result(snap, own, now, yours=True)


def team_result(
    snap: snapshots.Snapshot, team: str, now: datetime, *, yours: bool = False
) -> ResultAnswer:
    """`team`'s last match over by the clock or with a result, else its match under way
    or to come, else its match waiting for a date."""
    mine = [m for m in snap.matches if m.match.involves(team)]
    over = [m for m in mine if m.result is not None or m.match.end <= now]
    if over:
        last = max(over, key=lambda m: (m.match.start, m.match.no))
        return ResultAnswer(team, ((last.match, last.result),), yours=yours)
    coming = sorted((m.match for m in mine), key=lambda m: (m.start, m.no))
    if coming:
        return ResultAnswer(team, ((coming[0], None),), yours=yours)
    waiting = snap.waiting(team)
    return ResultAnswer(team, tuple((m, None) for m in waiting[:1]), None, bool(waiting), yours)


def pair_result(snap: snapshots.Snapshot, hint: str) -> ResultAnswer | None:
    """The match of the two teams `hint` names: the last played, else the first to play,
    else one waiting for a date; None when `hint` does not name two teams."""
    teams = pairs.two_named(snap, hint)
    if teams is None:
        return None
    ours, waiting = pairs.matches_of(snap, teams)
    played = [m for m in ours if m.result is not None]
    if played:
        last = max(played, key=lambda m: m.match.start)
        return ResultAnswer(None, ((last.match, last.result),), teams)
    if ours:
        first = min(ours, key=lambda m: m.match.start)
        return ResultAnswer(None, ((first.match, None),), teams)
    return ResultAnswer(None, tuple((m, None) for m in waiting[:1]), teams, bool(waiting))


def latest_results(snap: snapshots.Snapshot, now: datetime) -> ResultAnswer:
    """The matches of the latest kick-off over by the clock or with a result, both sides
    known; none yet: no rows."""
    over = [
        m
        for m in snap.matches
        if (m.result is not None or m.match.end <= now)
        and m.match.home is not None
        and m.match.away is not None
    ]
    if not over:
        return ResultAnswer(None, ())
    start = max(m.match.start for m in over)
    rows = sorted((m for m in over if m.match.start == start), key=lambda m: m.match.no)
    return ResultAnswer(None, tuple((m.match, m.result) for m in rows))
