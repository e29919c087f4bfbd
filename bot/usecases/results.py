"""Entering, correcting and reading results; knockout sides fill themselves afterwards.

A result line is understood first (its teams, its match, who may enter it), with nothing
written; then it is stored, or the bot asks before storing: a typo's team, a correction
of a played match, a captain's result awaiting the other captain. A question's state is
stored by the use case in the same unit of work (bot.usecases.conversations), and the
line's update is claimed with it, so a repeated update asks nothing twice.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.usecases import conversations, events, goal_choices, reminders, roles, snapshots
from bot.usecases.errors import (
    AlreadyPlayed,
    NeedsConfirmation,
    NeedsPenalties,
    NoMatchBetween,
    NoPenaltiesInGroups,
    NotOrganiser,
    SameResult,
    UndatedMatch,
)
from bot.usecases.fates import group_fates, settled_best_of
from bot.usecases.pending_results import (
    KINDS,
    CaptainResult,
    Correction,
    Pending,
    TypoChoice,
)
from bot.usecases.roles import Role
from bot.usecases.runner import Actor, Effects, Outcome, writes
from domain import names, scores
from domain.errors import DomainError
from domain.eventnotes import CardNote, GoalNote
from domain.fates import TeamFate
from domain.model import PlannedMatch, Score, Stage
from domain.standings import Table
from storage import UnitOfWork
from storage.records import RecordOutcome, RecordResult, StoredEvent, StoredMatch

# The rows of roles.TABLE these use cases ask.
ENTER = "enter a result"
CAPTAINS_ENTER = "enter a result, captains' results on"
CONFIRMING = "confirm or reject a captain's result"
CORRECTING = "correct a stored result"
UNDOING = "undo the last result"


@dataclass(frozen=True)
class Entered:
    outcome: RecordOutcome
    match: PlannedMatch
    table: tuple[str, Table] | None  # the group's updated table
    filled: tuple[PlannedMatch, ...]  # knockout matches whose sides just became known
    group_done: str | None  # the group whose last match this was
    champion: str | None
    snapshot: snapshots.Snapshot
    fates: tuple[TeamFate, ...] = ()  # group_done: each team's fate, then best-ofs settled
    events: events.Recorded | None = None  # the scorers and cards entered with it
    # A corrected score's goals it plainly leaves no room for, taken back; where the side's
    # scorers differ, the question which (bot.usecases.goal_choices).
    dropped: tuple[StoredEvent, ...] = ()
    asked: goal_choices.Question | None = None
    # Goals and cards typed with it whose team no squad nor the line tells: not stored,
    # the answer says what to type (event_messages.attach).
    unplaced: tuple[GoalNote | CardNote, ...] = ()


@dataclass(frozen=True)
class Asked:
    """A line the bot asks about instead of storing it: `question` says what is asked (a
    typo's teams: UnknownTeam; a played match: AlreadyPlayed; a captain's result:
    NeedsConfirmation), `pending` is the state stored for the answer."""

    question: names.UnknownTeam | AlreadyPlayed | NeedsConfirmation
    pending: Pending


@dataclass(frozen=True)
class Refused:
    """A line of a message refused on its own: nothing of it is stored, the others stand."""

    reason: DomainError


# What one line comes to; None: a repeat of an update that was answered the first time.
Answer = Entered | Asked | Refused | None


def find(snap: snapshots.Snapshot, home: str, away: str) -> tuple[StoredMatch, bool]:
    """The pair's next unplayed match (and whether the line named it away-first)."""
    pair = {home, away}
    mine = [m for m in snap.matches if {m.match.home, m.match.away} == pair]
    if not mine:
        undated = [m for m in snap.waiting() if {m.home, m.away} == pair]
        if undated:  # "Kartallar 2-1 Dinamo" for a match that waits for a date
            raise UndatedMatch(undated[0])
        raise NoMatchBetween(home, away)
    open_ = [m for m in mine if m.result is None]
    chosen = open_[0] if open_ else mine[-1]
    return chosen, chosen.match.home != home


def oriented(score: Score, swap: bool) -> Score:
    if not swap:
        return score
    return Score(score.away_goals, score.home_goals, score.away_penalties, score.home_penalties)


def check(match: PlannedMatch, score: Score) -> Score:
    if match.stage.is_knockout and score.winner_side() is None:
        raise NeedsPenalties(match)
    if not match.stage.is_knockout and score.home_penalties is not None:
        raise NoPenaltiesInGroups(match)
    return score


@dataclass(frozen=True)
class Line:
    """A line understood and allowed: the match it is about and the score to store."""

    stored: StoredMatch
    score: Score


async def _understand(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    text: str,
    actor: Actor,
    *,
    correct: bool = False,
    fuzzy: bool = False,
) -> Line | Asked | None:
    """What `text` is, whether the actor may enter it, and whether to ask first. Nothing
    is written but a question's state and its update's claim; refusals are raised.

    Without captains' results only organisers enter results (refused before the line is
    read). With them a captain of either side enters; his line waits for the other side's
    captain. A creator, organiser or administrator who captains a team acts as an
    organiser."""
    captains_on = snap.tournament.settings.captains_may_enter_results
    role: Role | None = None
    if not captains_on:
        role = await roles.of(uow, snap.tournament, actor)
        roles.require(CORRECTING if correct else ENTER, role)
    try:
        parsed = scores.parse_result(text, snap.teams, fuzzy=fuzzy)
    except names.UnknownTeam as exc:
        if not exc.candidates:
            raise
        return await _ask(uow, actor, exc, TypoChoice(text, exc.text, tuple(exc.candidates)))
    stored, swap = find(snap, parsed.home, parsed.away)
    score = check(stored.match, oriented(parsed.score, swap))
    if role is None:
        match = stored.match
        role = await roles.of(uow, snap.tournament, actor, sides=(match.home, match.away))
        if role is Role.OTHER_CAPTAIN:  # a captain of neither side: as anyone else
            role = Role.MEMBER
        if correct:
            roles.require(CORRECTING, role)
        if roles.require(CAPTAINS_ENTER, role) == "waits":
            team = await uow.teams.captain_of(snap.id, actor.user_id)
            asked = NeedsConfirmation(match, score, str(team))
            return await _ask(uow, actor, asked, CaptainResult(text, match.no))
    if stored.result is not None and not correct:
        if stored.result == score and await _first_time(uow, actor):
            raise SameResult(stored.match, score)  # typed again: say so, ask nothing
        played = AlreadyPlayed(stored.match, stored.result, score)
        asked = await _ask(uow, actor, played, Correction(text))
        if asked is not None:
            return asked
        # A repeat of the update that stored this result (or asked): storage answers it
        # as the duplicate it is, with the match as it stands.
    return Line(stored, score)


async def _first_time(uow: UnitOfWork, actor: Actor) -> bool:
    """The update's claim (True: not seen before; an update without an id always is)."""
    return actor.update_id is None or await uow.updates.claim(actor.update_id, actor.now)


async def _ask(
    uow: UnitOfWork,
    actor: Actor,
    question: names.UnknownTeam | AlreadyPlayed | NeedsConfirmation,
    pending: Pending,
) -> Asked | None:
    """Ask instead of storing: the state for the answer, with the update's claim (None:
    this update was asked about already)."""
    if not await _first_time(uow, actor):
        return None
    await conversations.keep(uow, actor, KINDS[type(pending)], pending)
    return Asked(question, pending)


async def store(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    line: Line,
    actor: Actor,
    *,
    entered_by: int,
    correct: bool = False,
    settle: bool = True,
) -> Entered:
    """Record (or, with `correct`, replace) the line's result; the write claims the
    update id (a repeat comes back `duplicate`, stored once). A result someone else
    stored since the line was read is refused by storage (ResultAlreadyRecorded). A
    correction's goals above its score are settled (`settle`; not when the correction
    brings its own scorers, which replace the match's)."""
    cmd = RecordResult(
        tournament_id=snap.id,
        match_no=line.stored.match.no,
        score=line.score,
        entered_by=entered_by,
        at=actor.now,
        update_id=actor.update_id,
        source_chat_id=actor.chat_id,
    )
    outcome = await (uow.results.correct if correct else uow.results.record_first)(cmd)
    entered = await _after(uow, _with_result(snap, outcome), line.stored.match, outcome)
    if correct and settle and not outcome.duplicate:
        entered = await _drop_beyond(uow, entered, actor)
    if entered.filled:  # knockout sides known: their captain reminders (not on every result)
        await reminders.sync(uow, snap.id, actor.now, entered.snapshot)
    return entered


async def answer(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    text: str,
    actor: Actor,
    *,
    correct: bool = False,
    settle: bool = True,
) -> Answer:
    """One line answered on its own, for a verb that answers each line (a message of
    several, a typo's button): a refusal found before anything of it is written is its
    answer (Refused), the other lines stand. NotOrganiser is raised while the chat-admin
    answer could change it (the runner asks, and runs the verb again)."""
    try:
        line = await _understand(uow, snap, text, actor, correct=correct)
    except NotOrganiser as exc:
        if not actor.admin_settled:
            raise
        return Refused(exc)
    except DomainError as exc:
        return Refused(exc)
    if not isinstance(line, Line):
        return line
    return await store(
        uow, snap, line, actor, entered_by=actor.user_id, correct=correct, settle=settle
    )


async def _drop_beyond(uow: UnitOfWork, entered: Entered, actor: Actor) -> Entered:
    """A corrected score keeps the match's scorers where they still fit; the goals plainly
    above it are taken back (marked) and named, and where a side's scorers differ the
    corrector is asked which (bot.usecases.goal_choices)."""
    done = await goal_choices.settle(uow, entered.snapshot, entered.match.no, actor)
    return dataclasses.replace(
        entered, snapshot=done.snapshot, dropped=done.dropped, asked=done.asked
    )


def effects_of(answer: Answer) -> Effects:
    """A stored result redraws the chat's live message; filled knockout sides reload the
    reminder plan. A question changes neither."""
    if not isinstance(answer, Entered):
        return Effects()
    snap = answer.snapshot  # the live message is drawn from it, not read again
    return Effects(reminders=bool(answer.filled), live=(snap.tournament.chat_id,), drawn=(snap,))


def _with_result(snap: snapshots.Snapshot, outcome: RecordOutcome) -> snapshots.Snapshot:
    """The tournament as it now stands, without reading it again."""
    matches = tuple(
        dataclasses.replace(m, result=outcome.score, version=outcome.version)
        if m.match.no == outcome.match_no
        else m
        for m in snap.matches
    )
    return dataclasses.replace(snap, matches=matches)


async def _after(
    uow: UnitOfWork, snap: snapshots.Snapshot, match: PlannedMatch, outcome: RecordOutcome
) -> Entered:
    """Fill knockout sides that became known, and say what changed."""
    filled = await fill_knockout(uow, snap)
    if filled:
        snap = await snapshots.load(uow, snap.id, snap.tournament, snap.groups)
    table = None
    group_done = None
    if not match.stage.is_knockout:
        group = snap.group_of(match.home or "")
        if group is not None:
            table = (group.label, snap.table(group.label))
            if snap.group_finished(group.label):
                group_done = group.label
    told = group_fates(snap, group_done) + settled_best_of(snap, group_done) if group_done else ()
    return Entered(
        outcome=outcome,
        match=match,
        table=table,
        filled=tuple(filled),
        group_done=group_done,
        champion=snap.champion() if match.stage is Stage.FINAL else None,
        snapshot=snap,
        fates=told,
    )


async def recounted(uow: UnitOfWork, entered: Entered) -> Entered:
    """`entered` once the cards typed with its result are stored (`entered.snapshot` has
    them): fair play may break a tie, so the group's table, its fates and the knockout
    sides it fills are worked out again, as /puan reads them."""
    fresh = await _after(uow, entered.snapshot, entered.match, entered.outcome)
    filled = {m.no: m for m in (*entered.filled, *fresh.filled)}
    return dataclasses.replace(
        fresh,
        filled=tuple(filled.values()),
        events=entered.events,
        dropped=entered.dropped,
        asked=entered.asked,
        unplaced=entered.unplaced,
    )


async def fill_knockout(uow: UnitOfWork, snap: snapshots.Snapshot) -> list[PlannedMatch]:
    """Write the knockout sides that results now decide (never touching played matches)."""
    sides = snap.knockout_sides()
    if not sides:
        return []
    team_ids: dict[str, int] | None = None
    changed = []
    for stored in snap.matches:
        m = stored.match
        if not m.key or m.key not in sides or stored.result is not None:
            continue
        home, away = sides[m.key]
        if (home, away) == (m.home, m.away):
            continue
        new = dataclasses.replace(m, home=home, away=away)
        team_ids = team_ids or await uow.teams.ids(snap.id)
        if await uow.matches.rewrite(stored.id, stored.version, new, team_ids):
            changed.append(new)
    return changed


# --- the use cases ------------------------------------------------------------------------


@dataclass(frozen=True)
class Record:
    """/sonuc Kartallar 3-1 Şahinler, as typed; `correct`: it replaces the stored result
    ([Değiştir]); `fuzzy`: a typo of a team's name is corrected, not asked about."""

    text: str
    correct: bool = False
    fuzzy: bool = False


@writes(claim=False)
async def record(uow: UnitOfWork, command: Record, actor: Actor) -> Outcome[Entered | Asked | None]:
    """A result line: organisers store it (a played match's only as a correction); with
    captains' results on, a captain's line waits for the other captain. Asked: the bot
    asks first (its state stored here). Refusals are raised."""
    snap = await snapshots.active(uow, actor.chat_id)
    line = await _understand(
        uow, snap, command.text, actor, correct=command.correct, fuzzy=command.fuzzy
    )
    if not isinstance(line, Line):
        return Outcome(line)
    entered = await store(uow, snap, line, actor, entered_by=actor.user_id, correct=command.correct)
    return Outcome(entered, effects_of(entered))
