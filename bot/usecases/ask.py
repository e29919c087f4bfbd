"""Captains' questions: the next match of my team, or where we finished."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from bot.usecases import state
from bot.usecases.errors import NotACaptain
from domain import names, questions
from domain.model import PlannedMatch, Stage
from storage import UnitOfWork

if TYPE_CHECKING:
    from storage.records import Captaincy


@dataclass(frozen=True)
class Answer:
    team: str
    match: PlannedMatch | None  # the next match, if the team still plays
    place: str | None = None  # "1", "2", "3", "4", "semi", "group:3" once it is out
    snapshot: state.Snapshot | None = None


async def next_match(
    uow: UnitOfWork, chat_id: int, user_id: int, now: datetime, team_hint: str | None = None
) -> Answer:
    snap = await state.active(uow, chat_id)
    if team_hint:
        team = _hinted(team_hint, snap.teams)
    else:
        team = await uow.teams.captain_of(snap.id, user_id)
        if team is None:
            raise NotACaptain("asked about 'our' match without a team")
    return answer_for(snap, team, now)


def _hinted(hint: str, teams: tuple[str, ...]) -> str:
    """'Kartalların maçı kaçta' names Kartallar: try the hint with its case ending removed."""
    for form in questions.hint_forms(hint):
        try:
            return names.resolve(form, teams)
        except names.UnknownTeam:
            continue
    raise names.UnknownTeam(hint, ())


def answer_for(snap: state.Snapshot, team: str, now: datetime) -> Answer:
    upcoming = [
        m.match
        for m in snap.matches
        if m.result is None and m.match.involves(team) and m.match.end > now
    ]
    if upcoming:
        return Answer(team, upcoming[0], snapshot=snap)
    waiting = _may_still_play(snap, team)
    if waiting is not None:
        return Answer(team, waiting, snapshot=snap)
    return Answer(team, None, place=final_place(snap, team), snapshot=snap)


def _may_still_play(snap: state.Snapshot, team: str) -> PlannedMatch | None:
    """A knockout match whose sides are not known yet, while the team is still in it."""
    if any(m.result is None and m.match.involves(team) for m in snap.matches):
        return None
    group = snap.group_of(team)
    if group is not None and not snap.group_finished(group.label):
        return next(
            (m.match for m in snap.matches if m.match.stage.is_knockout and m.result is None),
            None,
        )
    return None


def final_place(snap: state.Snapshot, team: str) -> str | None:
    for stored in reversed(snap.matches):
        m, score = stored.match, stored.result
        if score is None or not m.involves(team) or not m.stage.is_knockout:
            continue
        won = (score.winner_side() == "home") == (m.home == team)
        if m.stage is Stage.FINAL:
            return "1" if won else "2"
        if m.stage is Stage.THIRD:
            return "3" if won else "4"
        if not won:
            return m.stage.value
        return None
    group = snap.group_of(team)
    if group is None:
        return None
    table = snap.table(group.label)
    return f"group:{table.row(team).rank}"


async def in_private(uow: UnitOfWork, user_id: int, now: datetime) -> Answer | list[Captaincy]:
    """A question in a private chat: the answer if the user captains in one tournament,
    else the tournaments to choose from (the bot shows them as buttons)."""
    found = await uow.teams.captaincies(user_id)
    if len(found) != 1:
        return found
    return await for_team(uow, found[0].tournament_id, found[0].team, now)


async def for_team(uow: UnitOfWork, tournament_id: int, team: str, now: datetime) -> Answer:
    return answer_for(await state.load(uow, tournament_id), team, now)


async def quick_next(uow: UnitOfWork, chat_id: int, user_id: int, now: datetime) -> Answer | None:
    """The common case in one indexed query: a captain whose team has a next match.

    Its opponent may still be open (a knockout side that results decide): the match then
    carries the code of that side ("W13", "1A"), as in the plan. None sends the caller
    down the full path: no captaincy, or no match of the team is known yet (its group is
    over and the knockout sides are not filled), where the answer needs the whole
    tournament.
    """
    found = await uow.matches.next_for_captain(chat_id, user_id, now)
    if found is None:
        return None
    zone = ZoneInfo(found.time_zone)
    if found.is_home:
        home, away, home_from, away_from = found.team, found.opponent, None, found.opponent_from
    else:
        home, away, home_from, away_from = found.opponent, found.team, found.opponent_from, None
    match = PlannedMatch(
        no=found.match_no,
        stage=found.stage,
        group=found.group,
        round=found.round,
        pitch=found.pitch,
        start=found.start.astimezone(zone),
        end=found.end.astimezone(zone),
        home=home,
        away=away,
        home_from=home_from,
        away_from=away_from,
    )
    return Answer(found.team, match)
