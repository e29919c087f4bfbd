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
from datetime import date, datetime, time, timedelta
from typing import Any

from bot.usecases import reminders, roles, schedule, snapshots
from bot.usecases.runner import Actor, Effects, Outcome, writes
from domain import shifts, weekmoves, when
from domain.errors import DomainError
from domain.model import PlannedMatch
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
    return await schedule.store(uow, snap, after, changes, now)  # the group, then captains


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
    if not text.strip():
        found = playoff_kickoff(snap, now)
        if found is None:
            raise NoPlayoff("none")
        return found
    try:
        return when.parse_kickoff(text, local)
    except when.BadDateTime as exc:
        if exc.reason is not when.DateTimeProblem.MISSING_TIME:
            raise
    day = when.parse_date(text, local.date())
    return datetime.combine(day, _opens(snap), tzinfo=snap.zone)


def _opens(snap: snapshots.Snapshot) -> time:
    season = snap.tournament.settings.season
    last = max(snap.planned, key=lambda m: m.start)
    return last.start.astimezone(snap.zone).time() if season is None else season.opens


def playoff_kickoff(snap: snapshots.Snapshot, now: datetime | None = None) -> datetime | None:
    """The kick-off `/playoff` alone gives a play-off: in a season league the next free
    match day after the last one (its rhythm) at the season's opening time; in a cup, the
    same day, once the group stage is over (`_after_the_groups`). The texts that ask for a
    play-off name it. None without a planned match."""
    if not snap.planned:
        return None
    if snap.tournament.settings.season is None:
        return _after_the_groups(snap, now)
    every, skip = _rhythm(snap)
    days = [m.start.astimezone(snap.zone).date() for m in snap.planned]
    day = weekmoves.next_free_day(days, every, skip)
    return datetime.combine(day, _opens(snap), tzinfo=snap.zone)


def _after_the_groups(snap: snapshots.Snapshot, now: datetime | None) -> datetime | None:
    """A cup's play-off: a changeover after the group stage's last match, the tied teams'
    rest kept, or the next five-minute mark after `now` once that has passed; the knockout
    waits for it (`_knockout_after`), since the tie decides who goes through."""
    rules = schedule.spacing(snap)
    stage = [m for m in snap.planned if not m.stage.is_knockout]
    if not stage:
        return None
    start = max(m.end for m in stage) + timedelta(minutes=rules.changeover)
    try:
        _, tie = _playoff_tie(snap)
    except NoPlayoff:
        tie = ()
    for team in tie:
        own = max(m.end for m in stage if m.involves(team))
        start = max(start, own + timedelta(minutes=rules.group_rest))
    if now is not None and start <= now:
        start = _five(now + timedelta(minutes=1), snap)
    return start.astimezone(snap.zone)


def _five(moment: datetime, snap: snapshots.Snapshot) -> datetime:
    """`moment` or the next five-minute mark of the tournament's clock after it."""
    local = moment.astimezone(snap.zone)
    mark = local.replace(second=0, microsecond=0) + timedelta(minutes=-local.minute % 5)
    return mark if mark >= local else mark + timedelta(minutes=5)


def _knockout_after(
    snap: snapshots.Snapshot, playoff: PlannedMatch
) -> tuple[tuple[PlannedMatch, PlannedMatch], ...]:
    """The knockout matches still to play, all moved on by as much as the first of them
    needs to kick off after the play-off (its winner's rest, the pitch's changeover): their
    order and gaps kept, as a delay would. None moved when they come late enough."""
    rules = schedule.spacing(snap)
    played = reminders.played(snap)
    waiting = [m for m in snap.planned if m.stage.is_knockout and m.no not in played]
    if not waiting:
        return ()
    ready = playoff.end + timedelta(minutes=max(rules.changeover, rules.knockout_rest))
    late = _five(ready, snap) - min(m.start for m in waiting)
    if late <= timedelta(0):
        return ()
    ordered = sorted(waiting, key=lambda m: (m.start, m.pitch, m.no))
    return tuple((m, shifts.retimed(m, m.start + late)) for m in ordered)


@dataclass(frozen=True)
class Playoff:
    match: PlannedMatch
    snapshot: snapshots.Snapshot
    moved: tuple[tuple[PlannedMatch, PlannedMatch], ...] = ()  # the knockout, (old, new)


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
    moved = _knockout_after(snap, match) if snap.tournament.settings.season is None else ()
    new = {old.no: later for old, later in moved}
    await uow.matches.replan(snap.id, [*(new.get(m.no, m) for m in snap.planned), match])
    after = await snapshots.load(uow, snap.id, snap.tournament)  # the plan as it is now
    await reminders.sync(uow, snap.id, actor.now, after)
    return Outcome(Playoff(match, snap, moved), Effects(drawn=(after,)))


# /ertele 14 belirsiz and back: bot.usecases.undated (its names kept here for callers).
from bot.usecases.undated import (  # noqa: E402
    LeaveUndated,
    Undated,
    leave_undated,
    postpone_match,
    undated,
)

__all__ = [
    "PLAN_PLAYOFF",
    "WEEK",
    "BadWeek",
    "LeaveUndated",
    "NoPlayoff",
    "Playoff",
    "PostponeWeek",
    "Undated",
    "leave_undated",
    "plan_playoff",
    "postpone_match",
    "postpone_week",
    "undated",
]
