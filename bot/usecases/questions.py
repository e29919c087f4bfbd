"""Questions in the chat: the next match of a team, where it finished, the knockout, the
next slot, whether a team goes through.

`respond(uow, Ask(question), actor)` is the one use case for a recognised
`domain.questions.Question`, from its arrival to its answer in one read-only unit of work:
a captain's "ne zaman oynuyoruz?" costs the one indexed query of `quick_next`, anything
else the tournament's load. `bot.texts.questions.reply(question, response, now)` words its
answer. The helpers below it (`in_group`, `next_match`, ...) take a unit of work."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import domain.questions
from bot.usecases import (
    champion,
    facts,
    pairs,
    player_facts,
    result_questions,
    snapshots,
    starts,
    views,
)
from bot.usecases.errors import NotACaptain
from bot.usecases.facts import WeekAnswer, week_answer
from bot.usecases.qualify import QualifyAnswer, knockout_played, qualify_answer
from bot.usecases.runner import Actor, reads
from domain import intents, names
from domain.intents import Intent
from domain.model import PlannedMatch, Score, Stage
from storage import UnitOfWork
from storage.errors import NoActiveTournament
from storage.records import Captaincy

# Answer.place while the team's last results are missing: its place is not known yet.
AWAITING = "awaiting"
WITHDRAWN = "withdrawn"  # the team left the league (/cekil): it plays no more


@dataclass(frozen=True)
class Answer:
    team: str
    match: PlannedMatch | None  # the next match, if the team still plays
    place: str | None = None  # "1", "2", "3", "4", "semi", "group:3" once out; AWAITING
    snapshot: snapshots.Snapshot | None = None
    # Matches of the team whose planned end has passed without a result: until they are
    # in, "maçlarınız bitti" would be a guess, so the answer says "sonuçlar bekleniyor".
    awaiting: tuple[PlannedMatch, ...] = ()
    # The team's matches waiting for a date (/ertele 14 belirsiz): still to play.
    undated: tuple[PlannedMatch, ...] = ()


@dataclass(frozen=True)
class StageAnswer:
    """ "final ne zaman": the stage's matches (sides as known) and results so far."""

    stage: Stage | None  # None: every knockout match still to play ("eleme ne zaman")
    matches: tuple[tuple[PlannedMatch, Score | None], ...]
    # "yarı finalde kimle oynuyoruz" from a team in the stage: its own match only.
    team: str | None = None


@dataclass(frozen=True)
class SlotAnswer:
    """A bystander's "maç kaçta": the next slot by the clock, and results still missing."""

    start: datetime | None  # None: nothing left to play
    matches: tuple[PlannedMatch, ...]
    awaiting: tuple[PlannedMatch, ...] = ()
    champion: str | None = None
    undated: tuple[PlannedMatch, ...] = ()  # still to play, no date yet


@dataclass(frozen=True)
class PickTeam:
    """A first-person question from someone who captains no team: show the team picker,
    the tournament's teams in the order its buttons carry (cap:<tournament>:<index>)."""

    teams: tuple[str, ...]
    tournament_id: int


Response = (
    Answer
    | StageAnswer
    | SlotAnswer
    | QualifyAnswer
    | PickTeam
    | WeekAnswer
    | facts.FactAnswer
    | player_facts.PlayerAnswer
    | views.Tables
    | views.Fixture
    | starts.StartAnswer
    | pairs.PairAnswer
    | result_questions.ResultAnswer
    | champion.ChampionAnswer
)
# A private question's tournaments to choose from (empty: the asker captains in none).
Choices = list["Captaincy"]

# What a bystander's question without a team can mean about the next slot ("maç kaçta",
# "maç nerede", "şimdi kim oynuyor"); the table, the fixture or going through need a team.
SLOT_INTENTS = frozenset({Intent.NEXT_MATCH, Intent.TIME, Intent.PITCH, Intent.OPPONENT})


# Questions the one-query path answers fully (the table and the fixture need more): the
# same as a bystander's about the next slot, and a question naming two teams (their match).
QUICK = SLOT_INTENTS


@dataclass(frozen=True)
class Ask:
    """A message domain.questions reads as a question about the tournament."""

    question: domain.questions.Question


@reads
async def respond(uow: UnitOfWork, command: Ask, actor: Actor) -> Response | Choices | None:
    """The answer to the question, in one unit of work (anyone may ask).

    In a private chat: in the tournament the asker captains in, or the tournaments to
    choose from (a list; empty: they captain none). A captain's question
    about their next match, time, pitch or opponent is the one indexed query of
    `quick_next` when that knows the match; anything else is `in_group`'s answer (None:
    say nothing)."""
    question = command.question
    if actor.private:
        return await respond_in_private(uow, actor.user_id, question, actor.now)
    quick = question.intent in QUICK and not question.team_hint and question.week is None
    quick = quick and question.nth is None  # "2. maçımız kaçta": not the next one
    if quick:
        found = await quick_next(uow, actor.chat_id, actor.user_id, actor.now)
        if found is not None and found.match is not None:
            return found
    return await in_group(uow, actor.chat_id, actor.user_id, question, actor.now)


async def in_group(
    uow: UnitOfWork,
    chat_id: int,
    user_id: int,
    question: domain.questions.Question,
    now: datetime,
) -> Response | None:
    """The answer to `question`, asked in the group `chat_id` by `user_id`.

    None means say nothing: no tournament here, or the team hint names no team ("film ne
    zaman başlıyor"). A knockout question gets its stage; a question naming a team is
    about that team; otherwise it is about the asker's team, and from someone who
    captains none a personal question ("ne zaman oynuyoruz") gets the team picker while
    a bystander's ("maç kaçta") gets the next slot.
    """
    try:
        snap = await snapshots.active(uow, chat_id, user_id)  # Talking: a set-up's answer
    except NoActiveTournament:
        return None
    return await in_tournament(uow, snap, user_id, question, now)


async def in_tournament(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    user_id: int,
    question: domain.questions.Question,
    now: datetime,
) -> Response | None:
    """`in_group`'s answer once the tournament is known (the group's, or in a private chat
    the one the asker captains in)."""
    if question.intent is intents.Intent.KNOCKOUT:
        stray = question.team_hint and facts.stray(question.team_hint, snap.teams)
        if stray:
            return None
        own = await uow.teams.captain_of(snap.id, user_id) if question.personal else None
        return stage_answer(snap, question.stage, own)
    if question.intent is intents.Intent.CHAMPION:  # "şampiyon kim", "kupayı kim aldı"
        stray = question.team_hint and facts.stray(question.team_hint, snap.teams)
        return None if stray else champion.answer(snap)
    if question.intent is intents.Intent.DATES and question.detail == "start":
        if not question.personal:
            return starts.respond(snap, question.team_hint, now)  # "lig ne zaman başlıyor"
        own = await uow.teams.captain_of(snap.id, user_id)  # "ilk maçımız ne zaman"
        return PickTeam(snap.teams, snap.id) if own is None else starts.start_answer(snap, own, now)
    if question.intent in facts.INTENTS:
        return await facts.respond(uow, snap, user_id, question, now)
    if question.intent is intents.Intent.MATCH_RESULT:  # "son maçımız kaç bitti"
        return await result_questions.respond(uow, snap, user_id, question, now)
    if question.intent in player_facts.INTENTS:  # "gol kralı kim", "cezalımız var mı"
        found = await player_facts.respond(uow, snap, user_id, question)
        picker = isinstance(found, player_facts.NoCaptaincy)
        return PickTeam(snap.teams, snap.id) if picker else found
    seasonal = question.week is not None or question.intent is intents.Intent.WEEKS_LEFT
    if seasonal and any(m.match.week is not None for m in snap.matches):
        return await _week_of(uow, snap, user_id, question, now)
    if seasonal:  # "3. hafta ne zaman" in a one-day tournament: it has no weeks
        return facts.NoWeeks(snap.tournament.name)
    if question.team_hint:
        try:
            team = facts.team_named(question.team_hint, snap.teams)
        except names.UnknownTeam:  # "Hasan ne zaman oynayabilir": a player's team, his ban
            pair = pairs.between(snap, question.team_hint) if question.intent in QUICK else None
            if pair is not None:
                return pair  # "Kartallar Şahinler maçı ne zaman": their match
            found = player_facts.player_next(snap, question) if not question.team_only else None
            if not isinstance(found, str):
                return found
            team = found
        except names.AmbiguousTeam:
            if question.team_only:
                return None  # "Kartal kaçta": maybe not about the tournament at all
            raise  # its refusal names the teams it may be
    else:
        if (found := await uow.teams.captain_of(snap.id, user_id)) is None:
            if not question.personal and (shown := views.for_bystander(snap, question, now)):
                return shown  # a bystander's "puan durumu", "maçlar ne zaman": all of it
            if question.personal or question.intent not in SLOT_INTENTS:
                return PickTeam(snap.teams, snap.id)
            return next_slot(snap, now)
        team = found
    return _about(snap, team, question, now)


async def _week_of(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    user_id: int,
    question: domain.questions.Question,
    now: datetime,
) -> WeekAnswer | None:
    """The asker's (or the named team's) week; a hint naming no team: say nothing."""
    team: str | None = None
    if question.team_hint:
        try:
            team = facts.team_named(question.team_hint, snap.teams)
        except names.UnknownTeam:
            return None
    elif question.intent is not intents.Intent.WEEKS_LEFT:
        team = await uow.teams.captain_of(snap.id, user_id)
    return week_answer(snap, question.week, team, now)


def _about(
    snap: snapshots.Snapshot, team: str, question: domain.questions.Question, now: datetime
) -> Response:
    if question.intent is intents.Intent.KNOCKOUT:
        return stage_answer(snap, question.stage, team if question.personal else None)
    if question.intent is intents.Intent.CHAMPION:
        return champion.answer(snap)
    if question.intent is intents.Intent.DATES and question.detail == "start":
        return starts.start_answer(snap, team if question.personal else None, now)
    if question.intent in player_facts.INTENTS:
        mine = bool(question.personal or question.team_hint)  # else the tournament's
        return player_facts.answer(snap, team if mine else None, question)
    seasonal = question.week is not None or question.intent is intents.Intent.WEEKS_LEFT
    if seasonal and any(m.match.week is not None for m in snap.matches):
        return week_answer(snap, question.week, team, now)
    if question.intent is intents.Intent.QUALIFY and knockout_played(snap, team):
        return answer_for(snap, team, now)  # "finale kaldık mı" after the semi: the final
    if question.intent is intents.Intent.QUALIFY:
        return qualify_answer(snap, team, now)
    if question.intent is intents.Intent.MATCH_RESULT:
        return result_questions.team_result(snap, team, now, yours=not question.team_hint)
    if question.nth is not None:  # "2. maçımız kaçta", "Şahinlerin 3. maçı hangi sahada"
        return pairs.nth_of(snap, team, question.nth)
    if question.intent is intents.Intent.FIXTURE:  # "fikstürümüz", "Kartallar fikstürü"
        return views.chosen_fixture(snap, team, now)
    mine = question.personal or question.team_hint
    if question.intent is intents.Intent.STANDING and mine:  # "kaçıncıyız": one line
        return facts.place_answer(snap, team) or answer_for(snap, team, now)
    return answer_for(snap, team, now)


async def respond_in_private(
    uow: UnitOfWork, user_id: int, question: domain.questions.Question, now: datetime
) -> Response | list[Captaincy]:
    """`respond` for a question in a private chat: about the tournament the user captains
    in if there is one (a team or player named, "Şahinler kaçta", "Ali kaç gol attı", as
    the group would answer it), else the tournaments to choose from. A private chat runs
    no tournament of its own: asked as in a group, such questions met silence."""
    found = await uow.teams.captaincies(user_id)
    if len(found) != 1:
        return found
    snap = await snapshots.load(uow, found[0].tournament_id)
    if question.team_hint:
        return await in_tournament(uow, snap, user_id, question, now)
    return _about(snap, found[0].team, question, now)


async def next_match(
    uow: UnitOfWork, chat_id: int, user_id: int, now: datetime, team_hint: str | None = None
) -> Answer:
    snap = await snapshots.active(uow, chat_id)
    if team_hint:
        team = facts.team_named(team_hint, snap.teams)
    else:
        team = await uow.teams.captain_of(snap.id, user_id)
        if team is None:
            raise NotACaptain("asked about 'our' match without a team")
    return answer_for(snap, team, now)


def answer_for(snap: snapshots.Snapshot, team: str, now: datetime) -> Answer:
    if snap.tournament.settings.withdrawal(team) is not None:
        return Answer(team, None, place=WITHDRAWN, snapshot=snap)
    upcoming = [
        m.match
        for m in snap.matches
        if m.result is None and m.match.involves(team) and m.match.end > now
    ]
    awaiting = snap.overdue(now, team)
    undated = snap.waiting(team)
    if upcoming:
        return Answer(team, upcoming[0], snapshot=snap, awaiting=awaiting, undated=undated)
    if awaiting or undated:
        place = AWAITING if awaiting else None
        return Answer(team, None, place, snapshot=snap, awaiting=awaiting, undated=undated)
    waiting = _may_still_play(snap, team)
    if waiting is not None:
        return Answer(team, waiting, snapshot=snap)
    return Answer(team, None, place=facts.finished_place(snap, team), snapshot=snap)


def stage_answer(
    snap: snapshots.Snapshot, stage: Stage | None, team: str | None = None
) -> StageAnswer:
    """The matches of `stage` (the final, the semi-finals, ...), or with None every
    knockout match not yet played, with their results. With `team` (the asker's, "finalde
    kimle oynuyoruz") in a match of the stage: that match alone; a team not (yet) in it
    gets the stage's matches, the question's answer still being open."""
    mine = [m for m in snap.matches if m.match.stage is stage and team and m.match.involves(team)]
    if stage is not None and team is not None and mine:
        return StageAnswer(stage, tuple((m.match, m.result) for m in mine), team)
    if stage is None:
        rows = [(m.match, m.result) for m in snap.matches if m.match.stage.is_knockout]
        open_ = [(m, r) for m, r in rows if r is None]
        return StageAnswer(None, tuple(open_ or rows))
    rows = [(m.match, m.result) for m in snap.matches if m.match.stage is stage]
    return StageAnswer(stage, tuple(rows))


def next_slot(snap: snapshots.Snapshot, now: datetime) -> SlotAnswer:
    """The next slot by the clock: the earliest start among matches not over by `now`
    (under way or to come) that have no result; matches over without one come apart."""
    coming = [m.match for m in snap.matches if m.result is None and m.match.end > now]
    awaiting, undated = snap.overdue(now), snap.waiting()
    if not coming:
        return SlotAnswer(None, (), awaiting, snap.champion(), undated)
    first = min(m.start for m in coming)
    return SlotAnswer(first, tuple(m for m in coming if m.start == first), awaiting, None, undated)


def _may_still_play(snap: snapshots.Snapshot, team: str) -> PlannedMatch | None:
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


async def for_team(uow: UnitOfWork, tournament_id: int, team: str, now: datetime) -> Answer:
    return answer_for(await snapshots.load(uow, tournament_id), team, now)


async def quick_next(uow: UnitOfWork, chat_id: int, user_id: int, now: datetime) -> Answer | None:
    """The common case in one indexed query: a captain whose team has a next match.

    Its opponent may still be open (a knockout side that results decide): the match then
    carries the code of that side ("1A", said "A Grubu 1.si"). None sends the caller
    down the full path: no captaincy, no match of the team known yet (its group is over
    and the knockout sides are not filled), or an opponent that is a match's winner or
    loser ("1. yarı finalin galibi" is named from the whole plan).
    """
    found = await uow.matches.next_for_captain(chat_id, user_id, now)
    if found is None:
        return None
    team, match = found[0], found[1]
    code = match.away_from if match.home == team else match.home_from
    if code and code[0] in "WL":  # "2. yarı finalin galibi" needs the whole plan's words
        return None
    return Answer(*found)
