"""Match day running late: /gecikme shifts the rest of the day, /ertele moves one match.

Each change is one unit of work: the new plan (`matches.replan`, so versions and the
calendar's SEQUENCE grow) and the re-derived reminder rows (reminders.sync) are written
together, or, on a refused input, nothing is. Telegram is not in here: the handler posts
what `Moved` says, after the commit. What the organisers set about reminders (/hatirlatma,
the squad size) changes no match and lives in `reminder_settings`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from functools import partial

from bot.usecases import pairs, reminders, roles, snapshots
from bot.usecases.notices import Notice, captain_notices
from bot.usecases.runner import Actor, Effects, Outcome, writes
from domain import shifts, when
from domain.errors import DomainError
from domain.model import PlannedMatch, Score
from domain.names import fold_plain
from storage import UnitOfWork

MAX_DELAY = shifts.MAX_DELAY  # longer: another day, moved match by match with /ertele


class BadDelay(DomainError):
    """`/gecikme` text that names no usable minutes (`reason`: missing, unparsed, range)."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"bad delay {text!r}: {reason}")
        self.text, self.reason = text, reason


class UnknownPitch(DomainError):
    def __init__(self, text: str, pitches: Sequence[str]) -> None:
        super().__init__(f"no pitch {text!r}")
        self.text, self.pitches = text, tuple(pitches)


class BadPostpone(DomainError):
    """`/ertele` without a match number or a time (`reason`: missing, no_number)."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"bad postpone {text!r}: {reason}")
        self.text, self.reason = text, reason


class NothingToMove(DomainError):
    """Every match in scope is played or under way (a delay), or the match already kicks
    off then (a postponement): nothing would change."""

    def __init__(self, pitch: str | None, match: PlannedMatch | None = None) -> None:
        super().__init__(f"nothing to move on {pitch or 'any pitch'}")
        self.pitch, self.match = pitch, match


class CannotPostpone(DomainError):
    """domain.shifts' CannotMove with the matches it names looked up, so the refusal can
    say which pitch is taken by whom, or whose rest is too short. `gap` is the rule's
    minimum in minutes (changeover, rest), not the shortfall: that is what organisers know.
    `suggestion` is the earliest kick-off that fits that day (domain.shifts.earliest): from
    the asked time when the refusal is about time (overlap, rest, order), from now when the
    asked time has passed; None when nothing fits or the match may not move at all.
    """

    def __init__(
        self,
        reason: str,
        number: int,
        match: PlannedMatch | None = None,
        other: PlannedMatch | None = None,
        gap: int | None = None,
        start: datetime | None = None,
        result: Score | None = None,
        suggestion: datetime | None = None,
        window: shifts.Window | None = None,
    ) -> None:
        super().__init__(f"cannot move match {number}: {reason}")
        self.reason, self.number, self.match, self.other = reason, number, match, other
        self.gap, self.start, self.result = gap, start, result
        self.suggestion = suggestion
        self.window = window  # the day's window ("early", "late")


@dataclass(frozen=True)
class Moved:
    """What a delay or a postponement changed, for the one group message and the notices."""

    changes: tuple[tuple[PlannedMatch, PlannedMatch], ...]  # (old, new), kick-off order
    notices: tuple[Notice, ...]
    snapshot: snapshots.Snapshot  # before the change (the tournament's name, zone, chat)
    minutes: int | None = None  # a delay's minutes; None for /ertele
    pitch: str | None = None
    dated: bool = False  # an undated match (/ertele 14 belirsiz) got its date
    played: bool = False  # ... a day past: the one it was played on, for its result


# --- parsing ---------------------------------------------------------------------------

_MINUTES = re.compile(r"\+?([0-9]{1,5})\s*(?:dakika|dak\.?|dk\.?|')?(?=\s|$)")
_PITCH_NO = re.compile(r"(?:saha\s*([0-9]{1,2})|([0-9]{1,2})\s*\.?\s*saha|([0-9]{1,2}))")


def parse_delay(text: str, pitches: Sequence[str]) -> tuple[int, str | None]:
    """Minutes and pitch: "15", "15 dk", "15 saha 2", "15 Saha 2", "15 2. saha"."""
    plain = fold_plain(text)
    if not plain:
        raise BadDelay(text, "missing")
    found = _MINUTES.match(plain)
    if found is None:
        raise BadDelay(text, "unparsed")
    minutes = int(found.group(1))
    if not 1 <= minutes <= MAX_DELAY:
        raise BadDelay(text, "range")
    rest = plain[found.end() :].strip()
    return minutes, (resolve_pitch(rest, pitches) if rest else None)


def resolve_pitch(text: str, pitches: Sequence[str]) -> str:
    """A pitch by name ("Saha A", "Çim saha") or number ("saha 2", "2. saha", "2")."""
    plain = fold_plain(text)
    by_name = {fold_plain(p): p for p in pitches}
    if plain in by_name:
        return by_name[plain]
    number = _PITCH_NO.fullmatch(plain)
    if number is not None:
        n = int(next(g for g in number.groups() if g))
        if f"saha {n}" in by_name:
            return by_name[f"saha {n}"]
        if 1 <= n <= len(pitches):
            return pitches[n - 1]
    raise UnknownPitch(text, pitches)


def parse_postpone(text: str) -> tuple[int, str]:
    """Match number and time text: "7 11:30", "maç 7 yarın 10:00", "7. maç 11:30"."""
    plain = " ".join(text.split())
    found = re.match(
        r"(?:ma[cç]\s*)?#?([0-9]{1,3})\s*\.?\s*(?:ma[cç]\b)?\s*(.*)$", plain, re.IGNORECASE
    )
    if found is None:
        raise BadPostpone(text, "no_number" if plain else "missing")
    number, rest = int(found.group(1)), found.group(2).strip()
    if not rest:
        raise BadPostpone(text, "missing")
    return number, rest


def kickoff_for(text: str, match: PlannedMatch, now: datetime) -> datetime:
    """A time alone ("11:30") is on the match's own day; otherwise domain.when reads it
    ("yarın 10:00", "7 Aralık 10:00") from the tournament's clock. A kick-off more than
    when.MAX_DAYS_AHEAD days ahead is a typo (OutOfHorizon; year 9999 would overflow the
    shifted plan); one already past is shifts.move's to refuse, with a suggestion."""
    local_now = now.astimezone(match.start.tzinfo)
    start = recent(text, _kickoff_for(text, match, local_now), local_now)
    if start.date() > local_now.date() + timedelta(days=when.MAX_DAYS_AHEAD):
        raise when.OutOfHorizon(start, too_far=True, text=text)
    return start


_YEAR_TYPED = re.compile(r"\b(?:19|20)[0-9][0-9]\b|[0-9]{1,2}[./][0-9]{1,2}[./][0-9]{2,4}")


def recent(text: str, start: datetime, local_now: datetime) -> datetime:
    """A date typed without its year that fell a few days ago ("17 Ocak" on 20 January)
    is that day, not next year's (domain.when reads the next one): a move to it is
    refused as past, never made a year late."""
    if _YEAR_TYPED.search(text) or start.year <= local_now.year:
        return start
    try:
        before = start.replace(year=start.year - 1)
    except ValueError:  # 29 February
        return start
    return before if local_now - before <= timedelta(days=183) else start


def _kickoff_for(text: str, match: PlannedMatch, local_now: datetime) -> datetime:
    try:
        return when.parse_kickoff(text, local_now)
    except when.BadDateTime as exc:
        if exc.reason is not when.DateTimeProblem.MISSING_DATE:
            raise
    day = match.start.strftime("%d.%m.%Y")
    try:
        return when.parse_kickoff(f"{day} {text}", local_now)
    except when.BadDateTime as exc:
        raise when.BadDateTime(text, exc.reason) from None


# --- reading the settings ---------------------------------------------------------------


def spacing(snap: snapshots.Snapshot) -> shifts.Spacing:
    """The gaps the plan was made with (setup.create stores them), for the moved plan."""
    s = snap.tournament.settings
    changeover = s.changeover
    if changeover is None:  # older tournaments: the slot minus the match
        match = s.slot_minutes if s.match_minutes is None else s.match_minutes
        changeover = max(0, s.slot_minutes - match)
    return shifts.Spacing(
        changeover=changeover,
        group_rest=s.group_rest,
        knockout_rest=int(s.rest_minutes),
    )


# --- use cases --------------------------------------------------------------------------

MOVE = "delay or move matches"


@dataclass(frozen=True)
class Delay:
    """/gecikme 15 [saha 2], as typed after the command."""

    text: str


@writes(replanned=True)
async def delay(uow: UnitOfWork, command: Delay, actor: Actor) -> Outcome[Moved]:
    """/gecikme 15 [saha 2]: every unplayed match not yet kicked off (on that pitch) and
    whatever it pushes, later by the same minutes; organisers only, once per update."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(MOVE, await roles.of(uow, snap.tournament, actor))
    text, now = command.text, actor.now
    minutes, pitch = parse_delay(text, snap.tournament.settings.pitches)
    try:
        after = shifts.delay(
            snap.planned,
            reminders.played(snap),
            minutes,
            now=now,
            pitch=pitch,
            spacing=spacing(snap),
            until=_day_after(snap, now),
        )
    except shifts.CannotMove as exc:  # only "bad_minutes", which parse_delay checked
        raise BadDelay(text, "range") from exc
    changes = shifts.moved(snap.planned, after)
    if not changes:
        raise NothingToMove(pitch)
    return await store(uow, snap, after, changes, now, minutes=minutes, pitch=pitch)


def _day_after(snap: snapshots.Snapshot, now: datetime) -> datetime | None:
    """A season league's delay is of one match day: the midnight after the day of the next
    match still to kick off (None for a tournament of one day, or nothing left)."""
    played = reminders.played(snap)
    coming = [m.start for m in snap.planned if m.no not in played and m.start > now]
    if not coming or all(m.week is None for m in snap.planned):
        return None
    on = min(coming).astimezone(snap.zone).date() + timedelta(days=1)
    return datetime.combine(on, time(0), snap.zone)


@dataclass(frozen=True)
class Postpone:
    """/ertele 7 11:30, as typed after the command."""

    text: str


@writes(replanned=True)
async def postpone(uow: UnitOfWork, command: Postpone, actor: Actor) -> Outcome[Moved]:
    """/ertele 7 11:30: one match to a new kick-off, if it fits (CannotMove says why not);
    organisers only, once per update."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(MOVE, await roles.of(uow, snap.tournament, actor))
    return await move_match(uow, snap, pairs.numbered_move(snap, command.text), actor.now)


async def move_match(
    uow: UnitOfWork, snap: snapshots.Snapshot, text: str, now: datetime
) -> Outcome[Moved]:
    """/ertele's move in `snap`, once the actor may: the new plan and its reminder rows."""
    number, time_text = parse_postpone(text)
    stored = next((m for m in snap.matches if m.match.no == number), None)
    if stored is None:
        raise CannotPostpone("not_found", number)
    start = kickoff_for(time_text, stored.match, now)
    after = replanned(snap, snap.planned, number, start, now)
    changes = shifts.moved(snap.planned, after)
    if not changes:
        raise NothingToMove(None, stored.match)
    return await store(uow, snap, after, changes, now)


def replanned(
    snap: snapshots.Snapshot,
    planned: Sequence[PlannedMatch],
    number: int,
    start: datetime,
    now: datetime,
) -> tuple[PlannedMatch, ...]:
    """`planned` with match `number` kicking off at `start`, if shifts.move's rules allow
    it in the day's window (the pitch's hours in a season); else CannotPostpone with the
    earliest kick-off that fits that day."""
    match = next(m for m in planned if m.no == number)
    played, rules = reminders.played(snap), spacing(snap)
    # The day's window: from its first kick-off to its planned end plus a margin.
    window = shifts.day_window(snap.planned, start.astimezone(snap.zone))
    season = snap.tournament.settings.season
    if season is not None:  # a season league: the pitch's hours
        window = shifts.hours_window(start.astimezone(snap.zone), season.opens, season.closes)
    try:
        return shifts.move(planned, played, number, start, now=now, spacing=rules, window=window)
    except shifts.CannotMove as exc:
        suggestion = None
        if exc.reason in _ABOUT_TIME or exc.reason in _OUTSIDE:
            since = start if exc.reason in _ABOUT_TIME else now
            search = partial(shifts.earliest, planned, played, number, now=now, spacing=rules)
            suggestion = search(since.astimezone(snap.zone), window=window)
            if suggestion is None and window is not None:  # nothing later: the whole day
                suggestion = search(window.opens, window=window)
        raise _explained(snap, exc, match, start, suggestion, window) from None


_ABOUT_TIME = frozenset({"overlap", "rest", "order"})  # another time that day may fit
_OUTSIDE = frozenset({"past", "early", "late"})  # searched from now, inside the day's window


def _explained(
    snap: snapshots.Snapshot,
    exc: shifts.CannotMove,
    match: PlannedMatch,
    start: datetime,
    suggestion: datetime | None,
    window: shifts.Window | None = None,
) -> CannotPostpone:
    by_no = {m.match.no: m for m in snap.matches}
    other = by_no[exc.other].match if exc.other in by_no else None
    rules = spacing(snap)
    gap = {"overlap": rules.changeover, "order": rules.knockout_rest}.get(exc.reason)
    if exc.reason == "rest" and other is not None:
        later = match if start >= other.start else other
        gap = rules.knockout_rest if later.stage.is_knockout else rules.group_rest
    return CannotPostpone(
        exc.reason,
        match.no,
        match,
        other,
        gap,
        start.astimezone(snap.zone),
        by_no[match.no].result if match.no in by_no else None,
        suggestion,
        window,
    )


async def finish(uow: UnitOfWork, snap: snapshots.Snapshot, now: datetime) -> None:
    """Archive the tournament; its pending reminders go with it (same transaction)."""
    await uow.tournaments.archive(snap.id, now)
    await reminders.sync(uow, snap.id, now)


# --- the shared tail --------------------------------------------------------------------


async def store(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    after: Sequence[PlannedMatch],
    changes: Sequence[tuple[PlannedMatch, PlannedMatch]],
    now: datetime,
    *,
    minutes: int | None = None,
    pitch: str | None = None,
    dated: bool = False,
    played: bool = False,
) -> Outcome[Moved]:
    """`played`: an undated match given the day it was played on, which no captain is
    told of (its kick-off is behind him)."""
    await uow.matches.replan(snap.id, after)
    stored = await snapshots.load(uow, snap.id, snap.tournament)  # the plan as it is now
    await reminders.sync(uow, snap.id, now, stored)
    ordered = tuple(sorted(changes, key=lambda c: (c[0].start, c[0].pitch, c[0].no)))
    moved = Moved(
        changes=ordered,
        notices=() if played else await captain_notices(uow, snap, ordered),
        snapshot=snap,
        minutes=minutes,
        pitch=pitch,
        dated=dated,
        played=played,
    )
    return Outcome(moved, Effects(drawn=(stored,)))  # the live message draws what was stored
