"""A season league's match week moves: /hafta_ertele 3 [7 Şubat].

`/hafta_ertele 3`: week 3's matches without a result go to week 4's match day, every later
week one step on, the last one to the next free match day of the season's rhythm
(`TournamentSettings.season`, stored at set-up: every N days, holidays skipped; without it the gap
between the last two match days). `/hafta_ertele 3 7 Şubat`: week 3 alone to that day.
Like /ertele, the new plan and the re-timed reminder rows are one commit, and the group is
told once, each affected captain in private (schedule.Moved and its notices).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from bot.usecases import reminders, roles, schedule, snapshots
from bot.usecases.runner import Actor, Effects, Outcome, writes
from domain import weekmoves, when
from domain.errors import DomainError
from domain.model import PlannedMatch
from domain.settings import UndatedMatch
from storage import UnitOfWork

WEEK = "move a match week"
PLAN_PLAYOFF = "plan a play-off"
_WEEK = re.compile(r"^\s*(?:hafta\s*)?([0-9]{1,2})\s*\.?\s*(?:hafta(?:y[ıi])?\b)?\s*(.*)$", re.I)


class BadWeek(DomainError):
    """/hafta_ertele without a week number (`reason`: missing), or in a tournament that is
    played in one day (`reason`: no_weeks)."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"bad week move {text!r}: {reason}")
        self.text, self.reason = text, reason


def parse(text: str, today: date) -> tuple[int, date | None]:
    """'3', '3. hafta', '3 7 Şubat', 'hafta 3 yarın': the week and the day, if one."""
    found = _WEEK.match(" ".join(text.split()))
    if found is None:
        raise BadWeek(text, "missing")
    rest = found.group(2).strip()
    return int(found.group(1)), when.parse_date(rest, today) if rest else None


def _rhythm(snap: snapshots.Snapshot) -> tuple[int | None, list[date]]:
    season = snap.tournament.settings.season
    if season is None:
        return None, []
    return season.every_days or None, list(season.skip)


async def move_week(
    uow: UnitOfWork, snap: snapshots.Snapshot, text: str, now: datetime
) -> Outcome[schedule.Moved]:
    if not any(m.match.week for m in snap.matches):
        raise BadWeek(text, "no_weeks")
    local_today = now.astimezone(snap.zone).date()
    week, day = parse(text, local_today)
    played = {m.match.no for m in snap.matches if m.result is not None}
    if day is None:
        every, skip = _rhythm(snap)
        after = weekmoves.postpone_week(snap.planned, played, week, every_days=every, skip=skip)
    else:
        after = weekmoves.move_week_to(snap.planned, played, week, day, today=local_today)
    changes = weekmoves.changes(snap.planned, after)
    return await schedule._store(uow, snap, after, changes, now)  # the group, then captains


@dataclass(frozen=True)
class PostponeWeek:
    """/hafta_ertele 3 [7 Şubat], as typed after the command."""

    text: str


@writes(replanned=True)
async def postpone_week(
    uow: UnitOfWork, command: PostponeWeek, actor: Actor
) -> Outcome[schedule.Moved]:
    """/hafta_ertele, by an organiser, once per update."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(WEEK, await roles.of(uow, snap.tournament, actor))
    return await move_week(uow, snap, command.text, actor.now)


# --- the TFF play-off -----------------------------------------------------------------------


class NoPlayoff(DomainError):
    """/playoff where no finished table ends in a tie its rule leaves to a play-off
    (`reason`: none, lot (the rule draws lots: /kura), many (more than two level),
    planned (one is planned already, `match`))."""

    def __init__(self, reason: str, teams: tuple[str, ...] = (), match: Any = None) -> None:
        super().__init__(f"no play-off to plan: {reason}")
        self.reason, self.teams, self.match = reason, teams, match


def _playoff_tie(snap: snapshots.Snapshot) -> tuple[str, tuple[str, ...]]:
    reason = "none"
    for label, table in snap.tables().items():
        if not table.unresolved or not snap.group_finished(label):
            continue
        if table.decider != "playoff":
            reason = "lot"
            continue
        tie = table.unresolved[0]
        if len(tie) != 2:
            raise NoPlayoff("many", tie)
        return label, tie
    raise NoPlayoff(reason)


def _playoff_start(snap: snapshots.Snapshot, text: str, now: datetime) -> datetime:
    """A typed day and time; a day alone at the season's opening time; nothing: the next
    free match day (the season's rhythm after the last match day) at that time."""
    local = now.astimezone(snap.zone)
    last = max(snap.planned, key=lambda m: m.start)
    season = snap.tournament.settings.season
    opens = last.start.time() if season is None else season.opens
    if text.strip():
        try:
            return when.parse_kickoff(text, local)
        except when.BadDateTime as exc:
            if exc.reason is not when.DateTimeProblem.MISSING_TIME:
                raise
        day = when.parse_date(text, local.date())
    else:
        every, skip = _rhythm(snap)
        day = weekmoves.next_free_day([m.start.date() for m in snap.planned], every, skip)
    return datetime.combine(day, opens, tzinfo=snap.zone)


@dataclass(frozen=True)
class Playoff:
    match: PlannedMatch
    snapshot: snapshots.Snapshot


@dataclass(frozen=True)
class PlanPlayoff:
    """/playoff [7 Mart 15:00], as typed after the command."""

    text: str


@writes(replanned=True)
async def plan_playoff(uow: UnitOfWork, command: PlanPlayoff, actor: Actor) -> Outcome[Playoff]:
    """/playoff [7 Mart 15:00]: the match between the two teams a TFF table leaves level
    after every criterion; its winner ranks higher (snapshots.Snapshot.playoff_order)."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(PLAN_PLAYOFF, await roles.of(uow, snap.tournament, actor))
    _, (home, away) = _playoff_tie(snap)
    planned = [m.match for m in snap.matches if snapshots.is_playoff(m.match)]
    waiting = next((m for m in planned if {m.home, m.away} == {home, away}), None)
    if waiting is not None:
        raise NoPlayoff("planned", (home, away), waiting)
    start = _playoff_start(snap, command.text, actor.now)
    league = [m for m in snap.planned if not m.stage.is_knockout]
    theirs = next(m for m in league if m.involves(home))
    match = PlannedMatch(
        no=max(m.no for m in snap.planned) + 1,
        stage=theirs.stage,
        group=theirs.group,
        round=None,
        pitch=snap.tournament.settings.pitches[0],
        start=start,
        end=start + (theirs.end - theirs.start),
        home=home,
        away=away,
        key=f"{snapshots.PLAYOFF}{len(planned) + 1}",
    )
    await uow.matches.replan(snap.id, [*snap.planned, match])
    after = await snapshots.load(uow, snap.id, snap.tournament)  # the plan as it is now
    await reminders.sync(uow, snap.id, actor.now, after)
    return Outcome(Playoff(match, snap), Effects(drawn=(after,)))


# --- /ertele 14 belirsiz ---------------------------------------------------------------------


@dataclass(frozen=True)
class Undated:
    """A match left without a date: out of the plan (no reminder, no view shows a date it
    does not have), kept in the settings until `/ertele 14 7 Şubat 15:10` dates it again.
    `tell`: its captains who can be told in private."""

    match: PlannedMatch
    tell: tuple[tuple[int, str], ...]  # (captain, team)


def undated(snap: snapshots.Snapshot) -> list[PlannedMatch]:
    """The matches waiting for a date, by number."""
    kept = snap.tournament.settings.undated
    return sorted((u.match for u in kept), key=lambda m: m.no)


@dataclass(frozen=True)
class LeaveUndated:
    """/ertele 14 belirsiz: the match's number."""

    number: int


@writes(replanned=True)
async def leave_undated(uow: UnitOfWork, command: LeaveUndated, actor: Actor) -> Outcome[Undated]:
    """/ertele 14 belirsiz: match 14 (not played) waits for a date; organisers only."""
    number = command.number
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(schedule.MOVE, await roles.of(uow, snap.tournament, actor))
    stored = next((m for m in snap.matches if m.match.no == number), None)
    if stored is None:
        raise schedule.CannotPostpone("not_found", number)
    if stored.result is not None:
        raise schedule.CannotPostpone("played", number, stored.match, result=stored.result)
    await uow.matches.replan(snap.id, [m for m in snap.planned if m.no != number])
    kept = tuple(u for u in snap.tournament.settings.undated if u.match.no != number)
    waiting = UndatedMatch(stored.match, actor.now, actor.user_id)
    tournament = await uow.tournaments.update_settings(snap.id, undated=(*kept, waiting))
    after = await snapshots.load(uow, snap.id, tournament)  # the plan as it is now
    await reminders.sync(uow, snap.id, actor.now, after)
    captains = await uow.teams.captains(snap.id)
    pairs = [
        (u, t) for t in (stored.match.home, stored.match.away) for u in captains.get(t or "", ())
    ]
    reachable = await uow.private_chats.reachable({u for u, _ in pairs}) if pairs else set()
    left = Undated(stored.match, tuple(p for p in pairs if p[0] in reachable))
    return Outcome(left, Effects(drawn=(after,)))


@writes(replanned=True)
async def postpone_match(
    uow: UnitOfWork, command: schedule.Postpone, actor: Actor
) -> Outcome[schedule.Moved]:
    """/ertele 14 7 Şubat 15:10: as schedule.postpone, and a match waiting for a date
    (/ertele 14 belirsiz) is planned again first, then moved to that time."""
    snap = await snapshots.active(uow, actor.chat_id)
    number, _ = schedule.parse_postpone(command.text)
    roles.require(schedule.MOVE, await roles.of(uow, snap.tournament, actor))
    settings = snap.tournament.settings
    waiting = settings.undated_match(number)
    if waiting is not None:
        await uow.matches.replan(snap.id, [*snap.planned, waiting.match])
        kept = tuple(u for u in settings.undated if u.match.no != number)
        await uow.tournaments.update_settings(snap.id, undated=kept)
        snap = await snapshots.active(uow, actor.chat_id)
    return await schedule.move_match(uow, snap, command.text, actor.now)
