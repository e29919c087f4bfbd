"""Matches without a date: `/ertele 14 belirsiz` takes one out of the plan, `/ertele 14 7 Mart
15:10` gives it a date again (checked like any move), and until then the views list it under
"Tarihi belli değil" and the organisers are nudged once a week later (domain.reminders).

An undated match lives in the settings (`TournamentSettings.undated`), not in the plan: no
reminder, delay, week move or calendar can give it a time it does not have. What must
still count it (a group is not over while it waits, a withdrawal awards or annuls it) reads
it from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo

from bot.usecases import pairs, reminders, roles, schedule, snapshots
from bot.usecases.runner import Actor, Effects, Outcome, writes
from domain import selection, shifts, weekmoves, when
from domain.errors import DomainError
from domain.model import PlannedMatch
from domain.settings import UndatedMatch
from storage import UnitOfWork


@dataclass(frozen=True)
class Undated:
    """A match left without a date: out of the plan (no reminder, no view shows a date it
    does not have), kept in the settings until `/ertele 14 7 Şubat 15:10` dates it again.
    `tell`: its captains who can be told in private; `example`: a kick-off that would fit
    (for the reply's "/ertele 14 ..."), None when no day has room."""

    match: PlannedMatch
    tell: tuple[tuple[int, str], ...]  # (captain, team)
    example: datetime | None = None


def undated(snap: snapshots.Snapshot) -> list[PlannedMatch]:
    """The matches waiting for a date, by number."""
    kept = snap.tournament.settings.undated
    return sorted((u.match for u in kept), key=lambda m: m.no)


def shown_with(
    snap: snapshots.Snapshot, chosen: selection.Selection, wanted: str, now: datetime
) -> list[PlannedMatch]:
    """The undated matches a fixture view lists under "Tarihi belli değil": all of them
    for every match (`/fikstur`, `/fikstur tümü`), those the same words choose for a team,
    group or week, none for a day or a pitch (they have neither)."""
    kept = undated(snap)
    if not kept or chosen.kind in (selection.Kind.DAY, selection.Kind.PITCH):
        return []
    if not wanted.strip() or chosen.kind is selection.Kind.ALL:
        return kept
    try:
        again = selection.select(
            [(m, None) for m in kept],
            wanted,
            teams=snap.teams,
            groups=[g.label for g in snap.groups],
            zone=snap.zone,
            now=now,
        )
    except DomainError:
        return []
    return sorted((m for m, _ in again.rows), key=lambda m: m.no)


def free_kickoff(
    snap: snapshots.Snapshot, match: PlannedMatch, now: datetime, planned: Sequence[PlannedMatch]
) -> datetime | None:
    """The first kick-off `match` (out of `planned`) would get with /ertele: on the next
    match days after today, then on the day after the last one (the season's rhythm), in
    that day's window, by the move's own rules, and taken only when the move itself
    (schedule.replanned) accepts it. In a season a team plays once a match day: a day
    either side already plays is passed over, and so is the match's own day (it was
    taken off it). None when none of them has room."""
    zone = snap.zone
    today = now.astimezone(zone).date()
    days = sorted({m.start.astimezone(zone).date() for m in planned})
    season = snap.tournament.settings.season
    later = [d for d in days if d > today][:3]
    if days:
        every = season.every_days or None if season is not None else None
        skip = list(season.skip) if season is not None else []
        later.append(weekmoves.next_free_day(days, every, skip))
    played, rules = reminders.played(snap), schedule.spacing(snap)
    own = match.start.astimezone(zone).date()  # the day it was just taken off: not again
    for day in later:
        if day == own or (season is not None and _plays_on(planned, match, day, zone)):
            continue
        window = _window(snap, planned, day, match)
        parked = shifts.retimed(match, window.opens)
        found = shifts.earliest(
            [*planned, parked], played, match.no, window.opens, now=now, spacing=rules,
            window=window,
        )  # fmt: skip
        if found is not None and _accepted(snap, [*planned, parked], match, found, now):
            return found
    return None


def _plays_on(
    planned: Sequence[PlannedMatch], match: PlannedMatch, day: date, zone: tzinfo
) -> bool:
    """Whether a side of `match` already has a match on `day`."""
    sides = {match.home, match.away} - {None}
    return any(
        m.start.astimezone(zone).date() == day and sides & {m.home, m.away}
        for m in planned
        if m.no != match.no
    )


def _accepted(
    snap: snapshots.Snapshot,
    planned: Sequence[PlannedMatch],
    match: PlannedMatch,
    start: datetime,
    now: datetime,
) -> bool:
    """Whether /ertele would move `match` to `start`: the move's own check, not a copy."""
    try:
        schedule.replanned(snap, planned, match.no, start, now)
    except schedule.CannotPostpone:
        return False
    return True


def _window(
    snap: snapshots.Snapshot, planned: Sequence[PlannedMatch], day: date, match: PlannedMatch
) -> shifts.Window:
    """The hours a match may be played on `day`: the pitch's in a season, else the day's
    planned window (or, on a day without matches, the match's own clock time on)."""
    season = snap.tournament.settings.season
    zone = snap.zone
    at = datetime.combine(day, match.start.astimezone(zone).time(), zone)
    if season is not None:
        return shifts.hours_window(at, season.opens, season.closes)
    found = shifts.day_window(planned, at)
    if found is not None:
        return found
    end = at.replace(hour=23, minute=59)
    return shifts.Window(at, end, end)


@dataclass(frozen=True)
class LeaveUndated:
    """/ertele 14 belirsiz: the match's number; None when named by its teams, `named` the
    text ("Kartallar Şahinler belirsiz")."""

    number: int | None
    named: str = ""


@writes(replanned=True)
async def leave_undated(uow: UnitOfWork, command: LeaveUndated, actor: Actor) -> Outcome[Undated]:
    """/ertele 14 belirsiz: match 14 (not played) waits for a date; organisers only."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(schedule.MOVE, await roles.of(uow, snap.tournament, actor))
    number = command.number
    if number is None:  # their next dated match, as /ertele Kartallar Şahinler 14:00 finds it
        text = pairs.numbered_move(snap, command.named, to_undated=True)
        number, _ = schedule.parse_postpone(text)
    stored = next((m for m in snap.matches if m.match.no == number), None)
    waiting = snap.tournament.settings.undated_match(number)
    if stored is None and waiting is not None:
        raise schedule.CannotPostpone("undated", number, waiting.match)
    if stored is None:
        raise schedule.CannotPostpone("not_found", number)
    if stored.result is not None:
        raise schedule.CannotPostpone("played", number, stored.match, result=stored.result)
    rest = [m for m in snap.planned if m.no != number]
    await uow.matches.replan(snap.id, rest)
    kept = tuple(u for u in snap.tournament.settings.undated if u.match.no != number)
    waiting = UndatedMatch(stored.match, actor.now, actor.user_id, stored.version)
    tournament = await uow.tournaments.update_settings(snap.id, undated=(*kept, waiting))
    after = await snapshots.load(uow, snap.id, tournament)  # the plan as it is now
    await reminders.sync(uow, snap.id, actor.now, after)
    captains = await uow.teams.captains(snap.id)
    whom = [
        (u, t) for t in (stored.match.home, stored.match.away) for u in captains.get(t or "", ())
    ]
    reachable = await uow.private_chats.reachable({u for u, _ in whom}) if whom else set()
    tell = tuple(p for p in whom if p[0] in reachable)
    example = free_kickoff(after, stored.match, actor.now, rest)
    return Outcome(Undated(stored.match, tell, example), Effects(drawn=(after,)))


@writes(replanned=True)
async def postpone_match(
    uow: UnitOfWork, command: schedule.Postpone, actor: Actor
) -> Outcome[schedule.Moved]:
    """/ertele 14 7 Mart 15:10 (or the two teams' names for 14): as schedule.postpone; a
    match waiting for a date (/ertele 14 belirsiz) gets that date, checked like any move
    (pitch, rests, the day's hours)."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(schedule.MOVE, await roles.of(uow, snap.tournament, actor))
    text = pairs.numbered_move(snap, command.text)  # "Kartallar Şahinler 14:00" too
    number, time_text = schedule.parse_postpone(text)
    waiting = snap.tournament.settings.undated_match(number)
    if waiting is None:
        return await schedule.move_match(uow, snap, text, actor.now)
    return await _date(uow, snap, waiting, time_text, actor.now)


async def _date(
    uow: UnitOfWork, snap: snapshots.Snapshot, waiting: UndatedMatch, text: str, now: datetime
) -> Outcome[schedule.Moved]:
    match = waiting.match
    start = _kickoff(snap, match, text, now)
    if start <= now:  # played meanwhile: the day it was, for its result (no notice, no check)
        return await _dated(uow, snap, waiting, (*snap.planned, shifts.retimed(match, start)), now)
    # Back in the plan at a time still to come (its own has passed, likely), then moved:
    # shifts.move's checks and refusals, with the earliest time that fits that day.
    parked = shifts.retimed(match, start if start > now else now + timedelta(days=1))
    try:
        after = schedule.replanned(snap, (*snap.planned, parked), match.no, start, now)
    except schedule.CannotPostpone as exc:
        exc.match = match  # the match as it was: a suggestion is told with its date
        raise
    return await _dated(uow, snap, waiting, after, now)


async def _dated(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    waiting: UndatedMatch,
    after: Sequence[PlannedMatch],
    now: datetime,
) -> Outcome[schedule.Moved]:
    match = waiting.match
    kept = tuple(u for u in snap.tournament.settings.undated if u.match.no != match.no)
    await uow.tournaments.update_settings(snap.id, undated=kept)
    new = next(m for m in after if m.no == match.no)
    played = new.start <= now
    done = await schedule.store(uow, snap, after, [(match, new)], now, dated=True, played=played)
    await uow.matches.raise_version(snap.id, match.no, waiting.version)  # phones update it
    return done


def _kickoff(snap: snapshots.Snapshot, match: PlannedMatch, text: str, now: datetime) -> datetime:
    """The typed day and time; a time alone names no day for a match without one."""
    try:
        start = when.parse_kickoff(text, now.astimezone(snap.zone))
    except when.BadDateTime as exc:
        if exc.reason is not when.DateTimeProblem.MISSING_DATE:
            raise
        local = now.astimezone(snap.zone)
        example = free_kickoff(snap, match, now, snap.planned) or local + timedelta(days=7)
        raise schedule.CannotPostpone("needs_date", match.no, match, suggestion=example) from None
    local = now.astimezone(snap.zone)
    start = schedule.recent(text, start, local)
    if start.date() > local.date() + timedelta(days=when.MAX_DAYS_AHEAD):
        raise when.OutOfHorizon(start, too_far=True, text=text)
    return start
