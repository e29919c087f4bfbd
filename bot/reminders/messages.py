"""What a reminder says: its text and buttons, rendered from the tournament as stored at
send time (a rename or a result since the row was written shows), or nothing when it has
become pointless. The sentences themselves are in `bot.texts.reminders`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

import domain.reminders  # its `unreachable` shares its name with the sentence's
from bot.texts.discipline import banned_names, banned_of
from bot.texts.reminders import (
    captain_reminder,
    day_nudge,
    evening_reminder,
    group_reminder,
    nudge,
    undated_nudge,
    unreachable,
)
from bot.usecases import discipline
from bot.usecases.reminders import played
from bot.usecases.snapshots import Snapshot, load
from bot.usecases.undated import free_kickoff
from domain.counts import ascii_digits
from domain.discipline import Ban
from domain.model import PlannedMatch
from domain.reminders import (
    CAPTAIN,
    DAY_NUDGE,
    EVENING,
    GROUP,
    NUDGE,
    UNDATED,
    UNREACHABLE,
    Audience,
)
from storage import Database
from storage.records import PendingReminder, StoredMatch

log = logging.getLogger(__name__)

# How long a tournament read for rendering is reused. A change made here, or one that
# moves rows, clears it at once; this bounds only what other processes change without
# touching rows (a team renamed there shows its new name within a minute).
READ_AGE = timedelta(seconds=60)

# A send that provably did not reach Telegram is tried again (bot.reminders.pacing) until
# the match kicks off, or for a nudge or the unreachable list until LATE after its due time.
LATE = timedelta(hours=1)
UNDATED_LATE = timedelta(days=2)  # a week's nudge about an undated match is not urgent

Message = tuple[str, InlineKeyboardMarkup | None]


@dataclass
class Stored:
    """What rendering needs of one tournament, read once per plan rebuild."""

    snapshot: Snapshot
    captains: dict[str, tuple[int, ...]]
    reachable: frozenset[int]
    by_id: dict[int, StoredMatch] = field(default_factory=dict)
    _bans: tuple[Ban, ...] | None = None

    def bans(self) -> tuple[Ban, ...]:
        """The bans as the stored cards and decisions give them, worked out once per read
        and only for a tournament that has any (no statement: the read holds them)."""
        if self._bans is None:
            snap = self.snapshot
            found = discipline.bans(snap) if snap.events or snap.bans else ()
            self._bans = tuple(b for b in found if b.active)
        return self._bans


class Reads:
    """Tournaments as stored, read once and shared by their sends (see READ_AGE)."""

    def __init__(self, db: Database, clock: Callable[[], datetime]) -> None:
        self.db = db
        self.clock = clock
        self._found: dict[int, tuple[datetime, asyncio.Future[Stored | None]]] = {}

    def clear(self) -> None:
        self._found.clear()

    async def get(self, tournament_id: int) -> Stored | None:
        """The tournament, None when it is no longer active."""
        now = self.clock()
        cached = self._found.get(tournament_id)
        if cached is None or now - cached[0] > READ_AGE:
            future = asyncio.ensure_future(self._read(tournament_id))
            self._found[tournament_id] = (now, future)
        else:
            future = cached[1]
        try:
            return await asyncio.shield(future)
        except Exception:
            self._found.pop(tournament_id, None)
            raise

    async def _read(self, tournament_id: int) -> Stored | None:
        async with self.db.unit_of_work(read_only=True) as uow:
            snap = await load(uow, tournament_id)
            if snap.tournament.status != "active":
                return None
            captains = await uow.teams.captains(tournament_id)
            people = {u for users in captains.values() for u in users}
            reachable = await uow.private_chats.reachable(people) if people else set()
        return Stored(snap, captains, frozenset(reachable), {m.id: m for m in snap.matches})


def render(
    row: PendingReminder,
    found: Stored,
    now: datetime,
    *,
    reachable: set[int],
    bot_username: str,
) -> Message | None:
    """The text (and buttons) of one reminder from the current state; None: pointless.

    `reachable`: users this process saw start the bot since `found` was read."""
    snap = found.snapshot
    stored = found.by_id.get(row.match_id)
    if stored is None:
        return None
    match = stored.match
    kind = row.kind.partition(":")[0]
    minutes = _minutes_until(match.start, now)
    if kind == UNDATED:  # keyed on the plan's first match; the one meant is in the kind
        number = row.kind.partition(":")[2]
        waiting = (
            snap.tournament.settings.undated_match(int(number)) if ascii_digits(number) else None
        )
        if waiting is None:
            return None  # it has its date now (or was awarded, annulled)
        example = free_kickoff(snap, waiting.match, now, snap.planned)
        return undated_nudge(waiting.match, waiting.at, now.astimezone(snap.zone), example), None
    if stored.result is not None and kind in (GROUP, CAPTAIN):
        return None  # awarded (hükmen) or entered early: nothing left to play
    if kind == GROUP:
        slot = [m.match for m in snap.matches if m.match.start == match.start and not m.result]
        text = group_reminder(match.start, slot, minutes)
        named = banned_of(found.bans(), slot)  # "Cezalı: Veli (A1)": who misses these
        return (f"{text}\n{named}" if named else text), None
    if kind == CAPTAIN:
        team = _team_of(row.recipient, match, found.captains)
        if team is None:
            return None  # no longer this match's captain
        squad = snap.tournament.settings.squad
        text = captain_reminder(team, match, minutes, bool(squad))
        mine = [b for b in found.bans() if b.team == team and match.no in b.ahead]
        if named := banned_names(mine):  # "Cezalı: Veli Demir"
            text = f"{text}\n{named}"
        return text, headcount_buttons(row.match_id, int(squad)) if squad else None
    if kind == NUDGE:
        return nudge(match), None
    if kind in (EVENING, DAY_NUDGE):  # a season's match day (domain.reminders)
        day = [m for m in snap.matches if m.match.week == match.week]
        if kind == EVENING:
            on = match.start.astimezone(snap.zone).date()
            that_day = [m for m in snap.matches if m.match.start.astimezone(snap.zone).date() == on]
            to_play = [m.match for m in that_day if m.result is None]
            if not to_play:
                return None  # every match of the day awarded: nothing to announce
            decided = [(m.match, m.result) for m in that_day if m.result is not None]
            # The week's matches waiting for a date: named, not left out without a word.
            waits = [m for m in snap.waiting() if match.week and m.week == match.week]
            text = evening_reminder(match.week, to_play, now, decided, waits)
            named = banned_of(found.bans(), to_play)
            return (f"{text}\n{named}" if named else text), None
        missing = [m.match for m in day if m.result is None and m.match.end <= now]
        return (day_nudge(match.week, missing), None) if missing else None
    if kind == UNREACHABLE:
        audience = Audience(
            chat_id=snap.tournament.chat_id,
            organiser=snap.tournament.created_by,
            captains=found.captains,
            reachable=found.reachable | reachable,
        )
        # A season's list is the match day's (its week), a day's the whole plan's.
        matches = [m for m in snap.planned if match.week is None or m.week == match.week]
        missing = domain.reminders.unreachable(matches, played(snap), audience, now=now)
        teams = list(dict.fromkeys(team for team, _ in missing))
        if not teams:
            return None
        return unreachable(teams, bot_username), None
    log.warning("reminder %s has an unknown kind %r", row.id, row.kind)
    return None


def useful_until(row: PendingReminder) -> datetime:
    """A reminder is pointless once its match kicks off; a nudge or the list of
    unreachable captains still helps for LATE after its due time."""
    kind = row.kind.partition(":")[0]
    if kind == UNDATED:
        return row.due_at + UNDATED_LATE
    return row.start_at if kind in (GROUP, CAPTAIN, EVENING) else row.due_at + LATE


def headcount_buttons(match_id: int, squad: int) -> InlineKeyboardMarkup:
    """ "Kaç kişisiniz?": a few numbers around the squad size, fewer first."""
    counts = range(max(1, squad - 3), squad + 2)
    keys = [InlineKeyboardButton(str(n), callback_data=f"hc:{match_id}:{n}") for n in counts]
    return InlineKeyboardMarkup([keys])


def _team_of(user_id: int, match: PlannedMatch, captains: dict[str, tuple[int, ...]]) -> str | None:
    for team in (match.home, match.away):
        if team is not None and user_id in captains.get(team, ()):
            return team
    return None


def _minutes_until(start: datetime, now: datetime) -> int:
    return max(1, round((start - now).total_seconds() / 60))
