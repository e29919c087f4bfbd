"""Entering, correcting and reading results; knockout sides fill themselves afterwards."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.usecases import reminders, state, units
from bot.usecases.errors import (
    AlreadyPlayed,
    NeedsConfirmation,
    NeedsPenalties,
    NoMatchBetween,
    NoPenaltiesInGroups,
    NotOrganiser,
    NotYourButton,
    UndoBlocked,
)
from bot.usecases.units import Actor, Done, Effects
from domain import scores
from domain.model import PlannedMatch, Score, Stage
from domain.standings import Table
from storage import Database, UnitOfWork
from storage.errors import ResultAlreadyRecorded
from storage.records import RecordOutcome, RecordResult, StoredMatch


@dataclass(frozen=True)
class Entry:
    """A result as typed in a chat, with where it came from."""

    chat_id: int
    user_id: int
    text: str
    now: datetime
    update_id: int | None = None
    message_id: int | None = None
    is_chat_admin: bool = False
    fuzzy: bool = False  # the bot asks with buttons rather than correct a typo itself
    confirmed_by: int | None = None  # the other captain, when captains enter results


@dataclass(frozen=True)
class Entered:
    outcome: RecordOutcome
    match: PlannedMatch
    table: tuple[str, Table] | None  # the group's updated table
    filled: tuple[PlannedMatch, ...]  # knockout matches whose sides just became known
    group_done: str | None  # the group whose last match this was
    champion: str | None
    snapshot: state.Snapshot


async def may_organise(uow: UnitOfWork, snap: state.Snapshot, user_id: int, admin: bool) -> None:
    if admin or snap.tournament.created_by == user_id:
        return
    if not await uow.tournaments.is_organiser(snap.id, user_id):
        raise NotOrganiser("only organisers enter results")


def find(snap: state.Snapshot, home: str, away: str) -> tuple[StoredMatch, bool]:
    """The pair's next unplayed match (and whether the line named it away-first)."""
    pair = {home, away}
    mine = [m for m in snap.matches if {m.match.home, m.match.away} == pair]
    if not mine:
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


async def enter(
    uow: UnitOfWork, entry: Entry, *, correct: bool = False, confirmed: bool = False
) -> Entered:
    """Record (or, with `correct`, replace) the result a line names; one unit of work.
    `confirmed`: the other side has confirmed a captain's line (confirm_captain checked who
    may), so it is stored as the captain's entry."""
    snap = await state.active(uow, entry.chat_id)
    try:
        await may_organise(uow, snap, entry.user_id, entry.is_chat_admin)
        organiser = True
    except NotOrganiser:
        if not snap.tournament.settings.captains_may_enter_results and not confirmed:
            raise
        organiser = False
    parsed = scores.parse_result(entry.text, snap.teams, fuzzy=entry.fuzzy)
    stored, swap = find(snap, parsed.home, parsed.away)
    score = check(stored.match, oriented(parsed.score, swap))
    if not organiser and not confirmed:
        await _captain_may_enter(uow, snap, stored.match, score, entry)
    cmd = RecordResult(
        tournament_id=snap.id,
        match_no=stored.match.no,
        score=score,
        entered_by=entry.user_id,
        at=entry.now,
        update_id=entry.update_id,
        source_chat_id=entry.chat_id,
        source_message_id=entry.message_id,
    )
    try:
        outcome = await (uow.results.correct if correct else uow.results.record_first)(cmd)
    except ResultAlreadyRecorded:
        # Not a repeat of the same update (that returns `duplicate`): ask before replacing.
        raise AlreadyPlayed(stored.match, stored.result or score, score) from None
    entered = await _after(uow, _with_result(snap, outcome), stored.match, outcome)
    if entered.filled:  # knockout sides known: their captain reminders (not on every result)
        await reminders.sync(uow, snap.id, entry.now, entered.snapshot)
    return entered


async def _captain_may_enter(
    uow: UnitOfWork, snap: state.Snapshot, match: PlannedMatch, score: Score, entry: Entry
) -> None:
    """With captains' results on: a captain of one side enters, a captain of the other
    side confirms; until then nothing is stored (NeedsConfirmation)."""
    team = await uow.teams.captain_of(snap.id, entry.user_id)
    if team is None or team not in (match.home, match.away):
        raise NotOrganiser("only organisers and this match's captains enter its result")
    if entry.confirmed_by is None:
        raise NeedsConfirmation(match, score, team)
    other = await uow.teams.captain_of(snap.id, entry.confirmed_by)
    if other is None or other == team or other not in (match.home, match.away):
        raise NotOrganiser("only the other side's captain confirms")


def _with_result(snap: state.Snapshot, outcome: RecordOutcome) -> state.Snapshot:
    """The tournament as it now stands, without reading it again."""
    matches = tuple(
        dataclasses.replace(m, result=outcome.score, version=outcome.version)
        if m.match.no == outcome.match_no
        else m
        for m in snap.matches
    )
    return dataclasses.replace(snap, matches=matches)


async def _after(
    uow: UnitOfWork, snap: state.Snapshot, match: PlannedMatch, outcome: RecordOutcome
) -> Entered:
    """Fill knockout sides that became known, and say what changed."""
    filled = await fill_knockout(uow, snap)
    if filled:
        snap = await state.load(uow, snap.id, snap.tournament)
    table = None
    group_done = None
    if not match.stage.is_knockout:
        group = snap.group_of(match.home or "")
        if group is not None:
            table = (group.label, snap.table(group.label))
            if snap.group_finished(group.label):
                group_done = group.label
    return Entered(
        outcome=outcome,
        match=match,
        table=table,
        filled=tuple(filled),
        group_done=group_done,
        champion=snap.champion() if match.stage is Stage.FINAL else None,
        snapshot=snap,
    )


async def fill_knockout(uow: UnitOfWork, snap: state.Snapshot) -> list[PlannedMatch]:
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


@dataclass(frozen=True)
class Undone:
    match: PlannedMatch
    removed: Score
    restored: Score | None
    snapshot: state.Snapshot


async def undo(
    uow: UnitOfWork,
    *,
    chat_id: int,
    user_id: int,
    now: datetime,
    update_id: int | None = None,
    is_chat_admin: bool = False,
) -> Undone:
    """/geri_al: revert the organiser's last result write, unless later play builds on it."""
    snap = await state.active(uow, chat_id)
    await may_organise(uow, snap, user_id, is_chat_admin)
    outcome = await uow.results.undo_last(snap.id, user_id, now, update_id=update_id)
    after = await state.load(uow, snap.id)
    match = next(m for m in after.matches if m.match.no == outcome.match_no)
    if _decided_later_play(after, match.match):
        raise UndoBlocked(match.match)
    if await fill_knockout(uow, after):  # a knockout side un-filled: its reminders follow
        after = await state.load(uow, snap.id)
        await reminders.sync(uow, snap.id, now, after)
    return Undone(match.match, outcome.removed, outcome.restored, after)


def _decided_later_play(snap: state.Snapshot, match: PlannedMatch) -> bool:
    """A knockout result already stands on this match's outcome (its group, or its winner)."""
    played_knockout = [m for m in snap.matches if m.match.stage.is_knockout and m.result]
    if not match.stage.is_knockout:
        return bool(played_knockout)
    codes = {f"W{match.no}", f"L{match.no}"}
    return any({m.match.home_from, m.match.away_from} & codes for m in played_knockout)


# --- actions: what the handlers call ------------------------------------------------------

PENDING = "pending_result"  # a typo's choice or a correction awaiting [Değiştir]
CONFIRM = "captain_result"  # a captain's result awaiting the other captain


def _effects(entered: Entered) -> Effects:
    snap = entered.snapshot
    return Effects(reminders=bool(entered.filled), live=(snap.tournament.chat_id,), drawn=(snap,))


async def record(
    db: Database, actor: Actor, text: str, *, correct: bool = False, fuzzy: bool = False
) -> Done[Entered]:
    """A result line or /sonuc: organisers store it (a correction only after [Değiştir]);
    with captains' results on, a captain's line waits for the other captain
    (NeedsConfirmation). The result's own write claims the update id (a repeat of the
    same update comes back `duplicate`, stored once)."""

    async def action(uow: UnitOfWork, admin: bool) -> Entered:
        entry = Entry(
            chat_id=actor.chat_id,
            user_id=actor.user_id,
            text=text,
            now=actor.now,
            update_id=actor.update_id,
            is_chat_admin=admin,
            fuzzy=fuzzy,
        )
        return await enter(uow, entry, correct=correct)

    entered = await units.write(db, actor, action, claim=False)
    return Done(entered, _effects(entered))


async def undo_last(db: Database, actor: Actor) -> Done[Undone]:
    """/geri_al, by an organiser: their last result write is reverted."""
    action = units.as_organiser(actor, undo, update_id=actor.update_id)
    return await units.write_replanned(db, actor, action, claim=False)


@dataclass(frozen=True)
class Rejected:
    """A captain's result the other side refused: who entered it, and whom to tell (both
    sides' captains and the organisers, where the bot can write to them in private)."""

    match: PlannedMatch
    score: Score
    entered_by: int
    tell: tuple[int, ...]


async def _pending_for(
    uow: UnitOfWork, actor: Actor, entered_by: int
) -> tuple[state.Snapshot, dict[str, Any], StoredMatch]:
    """The captain's pending result and its match, if `actor` may answer it: a captain of
    the other side, or an organiser when that side has no captain."""
    pending = await uow.setups.get(actor.chat_id, entered_by)
    if pending is None or pending.get("kind") != CONFIRM:
        raise NotYourButton("stale")
    snap = await state.active(uow, actor.chat_id)
    stored = next((m for m in snap.matches if m.match.no == pending.get("match")), None)
    team = await uow.teams.captain_of(snap.id, entered_by)
    if stored is None or stored.result is not None or team is None:
        raise NotYourButton("stale")
    other = stored.match.away if team == stored.match.home else stored.match.home
    mine = await uow.teams.captain_of(snap.id, actor.user_id)
    if mine == other and actor.user_id != entered_by:
        return snap, pending, stored
    if not (await uow.teams.captains(snap.id)).get(other or ""):
        try:
            await may_organise(uow, snap, actor.user_id, actor.known_admin)
            return snap, pending, stored
        except NotOrganiser:
            pass
    raise NotYourButton("other_captain")


async def confirm_captain(db: Database, actor: Actor, entered_by: int) -> Done[Entered]:
    """[Onayla] under a captain's result: the other side's captain makes it count."""
    await actor.is_chat_admin()  # before the write: the no-captain fallback may need it

    async def action(uow: UnitOfWork, _admin: bool) -> Entered:
        _, pending, _stored = await _pending_for(uow, actor, entered_by)
        entry = Entry(
            chat_id=actor.chat_id,
            user_id=entered_by,
            text=pending["text"],
            now=actor.now,
            update_id=actor.update_id,
            confirmed_by=actor.user_id,
        )
        entered = await enter(uow, entry, confirmed=True)
        await uow.setups.delete(actor.chat_id, entered_by)
        return entered

    entered = await units.write(db, actor, action, claim=False)
    return Done(entered, _effects(entered))


async def reject_captain(db: Database, actor: Actor, entered_by: int) -> Done[Rejected]:
    """[Reddet] under a captain's result: nothing is stored; both captains and the
    organisers are told."""
    await actor.is_chat_admin()

    async def action(uow: UnitOfWork, _admin: bool) -> Rejected:
        snap, pending, stored = await _pending_for(uow, actor, entered_by)
        await uow.setups.delete(actor.chat_id, entered_by)
        captains = await uow.teams.captains(snap.id)
        people = [
            u for t in (stored.match.home, stored.match.away) for u in captains.get(t or "", ())
        ]
        people += [snap.tournament.created_by, *await uow.tournaments.organisers(snap.id)]
        reachable = await uow.private_chats.reachable(set(people))
        tell = tuple(u for u in dict.fromkeys(people) if u in reachable)
        parsed = scores.parse_result(pending["text"], snap.teams)
        _, swap = find(snap, parsed.home, parsed.away)
        return Rejected(stored.match, oriented(parsed.score, swap), entered_by, tell)

    return Done(await units.write(db, actor, action))
