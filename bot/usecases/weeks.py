"""A season league's match week moves: /hafta_ertele 3 [7 Şubat].

`/hafta_ertele 3`: week 3's matches without a result go to week 4's match day, every later
week one step on, the last one to the next free match day of the season's rhythm
(`extra["season"]`, stored at set-up: every N days, holidays skipped; without it the gap
between the last two match days). `/hafta_ertele 3 7 Şubat`: week 3 alone to that day.
Like /ertele, the new plan and the re-timed reminder rows are one commit, and the group is
told once, each affected captain in private (schedule.Moved and its notices).
"""

from __future__ import annotations

import re
from datetime import date, datetime

from bot.usecases import results, schedule, state, units
from bot.usecases.units import Actor, Done
from domain import weeks as moving
from domain import when
from domain.errors import DomainError
from storage import Database, UnitOfWork

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


def _rhythm(snap: state.Snapshot) -> tuple[int | None, list[date]]:
    season = snap.tournament.settings.extra.get("season") or {}
    every = season.get("every_days")
    skip = [date.fromisoformat(d) for d in season.get("skip") or ()]
    return (int(every) if every else None), skip


async def move_week(
    uow: UnitOfWork, snap: state.Snapshot, text: str, now: datetime
) -> schedule.Moved:
    if not any(m.match.week for m in snap.matches):
        raise BadWeek(text, "no_weeks")
    local_today = now.astimezone(snap.zone).date()
    week, day = parse(text, local_today)
    played = {m.match.no for m in snap.matches if m.result is not None}
    if day is None:
        every, skip = _rhythm(snap)
        after = moving.postpone_week(snap.planned, played, week, every_days=every, skip=skip)
    else:
        after = moving.move_week_to(snap.planned, played, week, day, today=local_today)
    changes = moving.changes(snap.planned, after)
    return await schedule._store(uow, snap, after, changes, now)  # the group, then captains


async def postpone_week(db: Database, actor: Actor, text: str) -> Done[schedule.Moved]:
    """/hafta_ertele, by an organiser, once per update."""

    async def action(uow: UnitOfWork, admin: bool) -> schedule.Moved:
        snap = await state.active(uow, actor.chat_id)
        await results.may_organise(uow, snap, actor.user_id, admin)
        return await move_week(uow, snap, text, actor.now)

    return schedule._moved(await units.write(db, actor, action))
