"""A plain group message that may be a result: enter it, explain it, or leave it alone.

`record` understands the message (see `domain.result_lines` for the sorting) and enters what it
reads as, in one unit of work: reading a line and storing it are one transaction, and a
message of several result lines is entered line by line in the same one, each line with
its own update key (Actor.part) and its own answer (results.Answer). What it reads as
(`read` alone, for tests and the curious) is one of:

* `Enter(line, more)`: `line` (then each of `more`, for a message of several result
  lines) is entered as if it had been typed (stored, or asked about, or refused with the
  error whose refusal says what to type). For a captain's "3-1 kazandık" the line is built
  from his current match.
* `Clarify(unclear)`: answer with `bot.texts.results.unclear_result(unclear)`. An
  organiser who captains no team gets the line with both teams for his "3-1 kazandık"; a
  captain whose results an organiser must enter (captains' results off) is told so
  rather than shown a line that would be refused.
* None: ordinary chat, or no tournament in this chat: say nothing. A "3-1 kazandık" from
  someone who neither captains a team nor organises is chat.

The writer's last result corrected or taken back in words (`domain.corrections`): "yanlış
yazdım 2-1 olacak" is entered as its match's line with that score (so asked about as any
correction is, [Değiştir]); "son sonucu sil" gets `LastEntry`, the result /geri_al would
take back. Neither met anything but silence before; nothing is undone without /geri_al.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.usecases import event_messages, results, roles, snapshots
from bot.usecases.errors import NotOrganiser
from bot.usecases.runner import NOTHING, Actor, Outcome, reads, writes
from domain import corrections, result_lines
from domain.model import PlannedMatch, Score
from domain.result_lines import may_be_result
from storage import UnitOfWork

__all__ = [
    "EARLY_START",
    "Clarify",
    "Enter",
    "LastEntry",
    "Message",
    "current_match",
    "may_be_result",
    "may_concern_results",
    "own_score",
    "read",
    "record",
]

# A captain may write "3-1 kazandık" a little before the planned start has passed on the
# bot's clock (a match started early); later than that, his next match is not "current".
EARLY_START = timedelta(minutes=15)


@dataclass(frozen=True)
class Enter:
    """Enter `line`, then each of `more` (a message of several result lines); `notes`:
    each line's scorers and cards, from the events lines under it."""

    line: str
    more: tuple[str, ...] = ()
    notes: event_messages.Split = event_messages.NONE


@dataclass(frozen=True)
class Clarify:
    unclear: result_lines.Unclear


@dataclass(frozen=True)
class LastEntry:
    """ "son sonucu sil": the writer's last result, which /geri_al takes back."""

    match: PlannedMatch
    score: Score


@dataclass(frozen=True)
class Message:
    """A plain group message, as typed."""

    text: str


@reads
async def read(
    uow: UnitOfWork, command: Message, actor: Actor
) -> Enter | Clarify | LastEntry | None:
    """What the message reads as, written by the actor in their group; nothing changes."""
    snap = await _tournament(uow, command.text, actor)
    return None if snap is None else await _read(uow, snap, command.text, actor)


@writes(claim=False, rerun=True)
async def record(
    uow: UnitOfWork, command: Message, actor: Actor
) -> Outcome[Clarify | LastEntry | tuple[results.Answer, ...] | None]:
    """The message understood and entered: one answer per result line (stored, asked
    about, refused on its own), Clarify, or None (chat). Each line's write claims its own
    update key, so a repeated message stores nothing twice and says nothing again."""
    snap = await _tournament(uow, command.text, actor)
    if snap is None:
        return Outcome(None)
    told = await _read(uow, snap, command.text, actor)
    if not isinstance(told, Enter):
        return Outcome(told)
    answers: list[results.Answer] = []
    effects = NOTHING
    for n, line in enumerate((told.line, *told.more)):
        answer = await results.answer(uow, snap, line, actor.part(n))
        notes = told.notes.of(n)
        answer = await event_messages.attach(uow, answer, notes, line, actor.part(n), snap)
        if isinstance(answer, results.Entered):
            snap = answer.snapshot  # the next line sees this one's result
        effects += results.effects_of(answer)
        answers.append(answer)
    return Outcome(tuple(answers), effects)


async def _tournament(uow: UnitOfWork, text: str, actor: Actor) -> snapshots.Snapshot | None:
    """The chat's running tournament, when `text` may be a result at all: one statement
    (storage's aggregate load, the sender's stored conversation included), whose matches
    the line is then entered against."""
    if not may_concern_results(text):
        return None
    return await snapshots.running(uow, actor.chat_id, actor.user_id)  # Talking: a set-up's


def may_concern_results(text: str) -> bool:
    """A result line may be in it, or the last result taken back ("son sonucu sil")."""
    return may_be_result(text) or corrections.undo_asked(text)


async def _read(
    uow: UnitOfWork, snap: snapshots.Snapshot, text: str, actor: Actor
) -> Enter | Clarify | LastEntry | None:
    """What `text` reads as in the tournament `snap` (its events lines apart)."""
    fixed = corrections.corrected_score(text)
    if fixed is not None or corrections.undo_asked(text):
        return await _last_entry(uow, snap, text, fixed, actor)
    teams = snap.teams
    split = event_messages.split(text, snap)
    text = split.text
    notes = split if split.notes else event_messages.NONE  # the message's events lines
    several = result_lines.several_results(text, teams)
    if several:
        return Enter(several[0].line, tuple(r.line for r in several[1:]), notes)
    reading = result_lines.read_line(text, teams)
    match reading:
        case result_lines.Record(line=line) | result_lines.Attempt(line=line):
            return Enter(line, notes=notes)
        case result_lines.Unclear(problem=result_lines.Problem.ONE_TEAM):
            return await _one_team(uow, snap, reading, actor)
        case result_lines.Unclear() if reading.teams:
            return Clarify(reading)
        case result_lines.Unclear() | result_lines.OwnScore():  # the writer's own match
            team = await uow.teams.captain_of(snap.id, actor.user_id)
            if team is None:  # "3-1 kazandık" from a supporter: chat; an organiser's: how
                return _both_teams(reading) if await _organises(uow, snap, actor) else None
            told = Clarify(reading)
            if isinstance(reading, result_lines.OwnScore):
                told = own_score(snap, team, reading, actor.now)
                if isinstance(told, Enter):  # refused at the entry unless his results may wait
                    return dataclasses.replace(told, notes=notes)
            if snap.tournament.settings.captains_may_enter_results:
                return told
            if await _organises(uow, snap, actor):
                return told
            off = result_lines.Problem.ORGANISERS_ENTER  # no hint that would be refused
            return Clarify(result_lines.Unclear(reading.text, off, (team,)))
    return None


async def _last_entry(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    text: str,
    fixed: tuple[int, int] | None,
    actor: Actor,
) -> Enter | Clarify | LastEntry | None:
    """The writer's last result, with the corrected goals (`fixed`, its line's sides in
    the fixture's order) or to take back; an organiser with none is told how to write a
    result, anyone else's words are chat."""
    last = await uow.results.last_write(snap.id, actor.user_id)
    no = None if last is None else last.match_no
    found = next((m for m in snap.matches if m.match.no == no and m.result is not None), None)
    if found is None or found.result is None:
        if not await _organises(uow, snap, actor):
            return None
        return Clarify(result_lines.Unclear(text, result_lines.Problem.NO_LAST_ENTRY))
    match = found.match
    if fixed is None:
        return LastEntry(match, found.result)
    return Enter(f"{match.home} {fixed[0]}-{fixed[1]} {match.away}")


async def _organises(uow: UnitOfWork, snap: snapshots.Snapshot, actor: Actor) -> bool:
    """Whether the actor organises the tournament. NotOrganiser while a chat
    administrator's answer could turn a no into a yes: the runner asks Telegram (outside
    the transaction) and reads the message again."""
    if roles.is_organiser(await roles.of(uow, snap.tournament, actor)):
        return True
    if not actor.admin_settled:
        raise NotOrganiser(action=results.ENTER)
    return False


async def _one_team(
    uow: UnitOfWork, snap: snapshots.Snapshot, reading: result_lines.Unclear, actor: Actor
) -> Clarify:
    """A score and one team ("Kartallar 3-1 bugün iyiydi"). The line to type names the
    other side of that team's current match when it has one, never a made-up name. A
    writer whose line would be refused is told who enters results instead: with captains'
    results off, anyone but an organiser (the organisers); with them on, a supporter or a
    captain of neither side of the match the line would name (its captains or the
    organisers)."""
    team = reading.teams[0]
    captains_on = snap.tournament.settings.captains_may_enter_results
    if not captains_on and not await _organises(uow, snap, actor):
        off = result_lines.Problem.ORGANISERS_ENTER
        return Clarify(result_lines.Unclear(reading.text, off, (team,)))
    match = current_match(snap, team, actor.now)
    other = None if match is None else match.away if match.home == team else match.home
    if captains_on:
        mine = await uow.teams.captain_of(snap.id, actor.user_id)
        # With no current match the line names no opponent: a captain's own team may be it.
        outside = mine is None or (other is not None and mine not in (team, other))
        if outside and not await _organises(uow, snap, actor):
            off = result_lines.Problem.CAPTAINS_ENTER
            return Clarify(result_lines.Unclear(reading.text, off, (team,)))
    return Clarify(dataclasses.replace(reading, teams=(team,) if other is None else (team, other)))


def _both_teams(reading: result_lines.Unclear | result_lines.OwnScore) -> Clarify:
    """An organiser's own-score words ("3-1 kazandık"): which match? The line to type
    names both teams, with the goals (and penalties) as he typed them."""
    problem = result_lines.Problem.BOTH_TEAMS
    if isinstance(reading, result_lines.Unclear):
        return Clarify(result_lines.Unclear(reading.text, problem))
    pens = reading.our_penalties, reading.their_penalties
    penalties = None if pens[0] is None or pens[1] is None else (pens[0], pens[1])
    goals = (reading.ours, reading.theirs)
    return Clarify(result_lines.Unclear(reading.text, problem, (), goals, penalties))


def own_score(
    snap: snapshots.Snapshot, team: str, own: result_lines.OwnScore, now: datetime
) -> Enter | Clarify:
    """A captain's own score as the result of his current match (pure, for tests)."""
    match = current_match(snap, team, now)
    if match is None:
        return Clarify(
            result_lines.Unclear(own.text, result_lines.Problem.NO_CURRENT_MATCH, (team,))
        )
    if own.named not in (None, team, match.home, match.away):
        named = (team, own.named)
        return Clarify(result_lines.Unclear(own.text, result_lines.Problem.NOT_YOUR_MATCH, named))
    return Enter(result_lines.result_line(own.result(team, match)))


def current_match(snap: snapshots.Snapshot, team: str, now: datetime) -> PlannedMatch | None:
    """The team's match without a result that started last (by `now`, give or take
    EARLY_START), both sides known: the one a captain's "3-1 kazandık" is about."""
    started = [
        m.match
        for m in snap.matches
        if m.result is None
        and m.match.involves(team)
        and m.match.home is not None
        and m.match.away is not None
        and m.match.start <= now + EARLY_START
    ]
    return max(started, key=lambda m: m.start, default=None)
