"""Match day running late: /gecikme, /ertele, /hatirlatma and the squad size.

Each change is one unit of work: the new plan (`matches.replan`, so versions and the
calendar's SEQUENCE grow) and the re-derived reminder rows (reminders.sync) are written
together, or, on a refused input, nothing is. Telegram is not in here: the handler posts
what `Moved` says, after the commit.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, time
from functools import partial
from typing import Any, TypeVar

from bot.usecases import reminders, results, state, units
from bot.usecases.units import Actor, Done, Effects
from domain import delay as shifting
from domain import when
from domain.errors import DomainError
from domain.model import PlannedMatch, Score
from domain.names import fold
from domain.settings import TournamentSettings
from storage import Database, UnitOfWork

T = TypeVar("T")

MAX_DELAY = shifting.MAX_DELAY  # longer: another day, moved match by match with /ertele
MAX_LEAD = 1440  # a reminder at most a day ahead
MAX_LEADS = 4  # per list: more would be noise, not help
SQUAD = (3, 20)  # 3x3 up to a full 11-a-side squad


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


class BadLeads(DomainError):
    """`/hatirlatma` text that is not leads (`reason`: unparsed, range, too_many)."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"bad leads {text!r}: {reason}")
        self.text, self.reason = text, reason


class BadSquad(DomainError):
    def __init__(self, text: str) -> None:
        super().__init__(f"bad squad size {text!r}")
        self.text = text


class NothingToMove(DomainError):
    """Every match in scope is played or under way (a delay), or the match already kicks
    off then (a postponement): nothing would change."""

    def __init__(self, pitch: str | None, match: PlannedMatch | None = None) -> None:
        super().__init__(f"nothing to move on {pitch or 'any pitch'}")
        self.pitch, self.match = pitch, match


class CannotPostpone(DomainError):
    """domain.delay's CannotMove with the matches it names looked up, so the refusal can
    say which pitch is taken by whom, or whose rest is too short. `gap` is the rule's
    minimum in minutes (changeover, rest), not the shortfall: that is what organisers know.
    `suggestion` is the earliest kick-off that fits that day (domain.delay.earliest): from
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
        window: shifting.Window | None = None,
    ) -> None:
        super().__init__(f"cannot move match {number}: {reason}")
        self.reason, self.number, self.match, self.other = reason, number, match, other
        self.gap, self.start, self.result = gap, start, result
        self.suggestion = suggestion
        self.window = window  # the day's window ("early", "late")


@dataclass(frozen=True)
class Notice:
    """One private message: a captain's own match, before and after the change."""

    user_id: int
    team: str
    old: PlannedMatch
    new: PlannedMatch


@dataclass(frozen=True)
class Moved:
    """What a delay or a postponement changed, for the one group message and the notices."""

    changes: tuple[tuple[PlannedMatch, PlannedMatch], ...]  # (old, new), kick-off order
    notices: tuple[Notice, ...]
    snapshot: state.Snapshot  # before the change (the tournament's name, zone, chat)
    minutes: int | None = None  # a delay's minutes; None for /ertele
    pitch: str | None = None


# --- parsing ---------------------------------------------------------------------------

_MINUTES = re.compile(r"\+?([0-9]{1,5})\s*(?:dakika|dak\.?|dk\.?|')?(?=\s|$)")
_PITCH_NO = re.compile(r"(?:saha\s*([0-9]{1,2})|([0-9]{1,2})\s*\.?\s*saha|([0-9]{1,2}))")


def _plain(text: str) -> str:
    return " ".join(fold(text).split())


def parse_delay(text: str, pitches: Sequence[str]) -> tuple[int, str | None]:
    """Minutes and pitch: "15", "15 dk", "15 saha 2", "15 Saha 2", "15 2. saha"."""
    plain = _plain(text)
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
    plain = _plain(text)
    by_name = {_plain(p): p for p in pitches}
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
    ("yarın 10:00", "7 Aralık 10:00") from the tournament's clock."""
    local_now = now.astimezone(match.start.tzinfo)
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


def parse_leads(words: Sequence[str]) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """`/hatirlatma` arguments -> (group leads, captain leads); None keeps a list as it is.

    "60 15" sets both lists, "grup 30" or "kaptan 60 15" one, "kapat" empties both
    ("grup kapat" one).
    """
    plain = [_plain(w) for w in words if w.strip()]
    text = " ".join(words)
    if not plain:
        raise BadLeads(text, "unparsed")
    target = "both"
    if plain[0].startswith(("grup", "grub")):
        target, plain = "group", plain[1:]
    elif plain[0].startswith("kaptan"):
        target, plain = "captain", plain[1:]
    if plain in (["kapat"], ["kapali"], ["yok"]):
        leads: tuple[int, ...] = ()
    else:
        leads = _leads(plain, text)
    return (
        leads if target in ("both", "group") else None,
        leads if target in ("both", "captain") else None,
    )


def _leads(words: Sequence[str], text: str) -> tuple[int, ...]:
    values = []
    for word in words:
        found = re.fullmatch(r"([0-9]{1,5})(?:dk\.?|dakika)?", word)
        if found is None:
            if word in ("dk", "dk.", "dakika"):
                continue
            raise BadLeads(text, "unparsed")
        values.append(int(found.group(1)))
    if not values:
        raise BadLeads(text, "unparsed")
    if any(not 1 <= v <= MAX_LEAD for v in values):
        raise BadLeads(text, "range")
    unique = tuple(sorted(set(values), reverse=True))
    if len(unique) > MAX_LEADS:
        raise BadLeads(text, "too_many")
    return unique


def is_evening(words: Sequence[str]) -> bool:
    """`/hatirlatma aksam 20:00`: the season's evening-before message, not the leads."""
    return bool(words) and _plain(words[0]) in ("aksam", "aksamki", "aksamdan")


def parse_evening(words: Sequence[str]) -> str | None:
    """`/hatirlatma aksam 20:00` (the words after "aksam") -> "20:00"; "kapat" -> None."""
    text = " ".join(words)
    plain = _plain(text)
    if plain in ("kapat", "kapali", "yok"):
        return None
    found = re.fullmatch(r"([0-9]{1,2})(?:[:.]([0-9]{2}))?", plain)
    if found is None or int(found.group(1)) > 23 or int(found.group(2) or 0) > 59:
        raise BadLeads(f"aksam {text}".strip(), "unparsed")
    return f"{int(found.group(1)):02d}:{found.group(2) or '00'}"


def parse_squad(text: str) -> int | None:
    """The squad size ("7"), or None for "kapat": no headcount question."""
    plain = _plain(text)
    if plain in ("kapat", "kapali", "yok"):
        return None
    if not plain.isdigit() or not SQUAD[0] <= int(plain) <= SQUAD[1]:
        raise BadSquad(text)
    return int(plain)


# --- reading the settings ---------------------------------------------------------------


def spacing(snap: state.Snapshot) -> shifting.Spacing:
    """The gaps the plan was made with (setup.create stores them), for the moved plan."""
    s = snap.tournament.settings
    changeover = s.changeover
    if changeover is None:  # older tournaments: the slot minus the match
        match = s.slot_minutes if s.match_minutes is None else s.match_minutes
        changeover = max(0, s.slot_minutes - match)
    return shifting.Spacing(
        changeover=changeover,
        group_rest=s.group_rest,
        knockout_rest=int(s.rest_minutes),
    )


def leads(settings: TournamentSettings) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group leads, captain leads) as the reminders read them; () means off."""
    return reminders.leads(settings)


# --- use cases --------------------------------------------------------------------------


async def delay(
    uow: UnitOfWork,
    *,
    chat_id: int,
    user_id: int,
    text: str,
    now: datetime,
    is_chat_admin: bool = False,
) -> Moved:
    """/gecikme 15 [saha 2]: every unplayed match not yet kicked off (on that pitch) and
    whatever it pushes, later by the same minutes. Caller commits."""
    snap = await state.active(uow, chat_id)
    await results.may_organise(uow, snap, user_id, is_chat_admin)
    minutes, pitch = parse_delay(text, snap.tournament.settings.pitches)
    try:
        after = shifting.delay(
            snap.planned,
            reminders.played(snap),
            minutes,
            now=now,
            pitch=pitch,
            spacing=spacing(snap),
        )
    except shifting.CannotMove as exc:  # only "bad_minutes", which parse_delay checked
        raise BadDelay(text, "range") from exc
    changes = shifting.moved(snap.planned, after)
    if not changes:
        raise NothingToMove(pitch)
    return await _store(uow, snap, after, changes, now, minutes=minutes, pitch=pitch)


async def postpone(
    uow: UnitOfWork,
    *,
    chat_id: int,
    user_id: int,
    text: str,
    now: datetime,
    is_chat_admin: bool = False,
) -> Moved:
    """/ertele 7 11:30: one match to a new kick-off, if it fits (CannotMove says why not)."""
    snap = await state.active(uow, chat_id)
    await results.may_organise(uow, snap, user_id, is_chat_admin)
    number, time_text = parse_postpone(text)
    stored = next((m for m in snap.matches if m.match.no == number), None)
    if stored is None:
        raise CannotPostpone("not_found", number)
    start = kickoff_for(time_text, stored.match, now)
    played, rules = reminders.played(snap), spacing(snap)
    # The day's window: from its first kick-off to its planned end plus a margin.
    window = shifting.day_window(snap.planned, start.astimezone(snap.zone))
    season = snap.tournament.settings.season
    if season is not None:  # a season league: the pitch's hours
        window = shifting.hours_window(start.astimezone(snap.zone), season.opens, season.closes)
    try:
        after = shifting.move(
            snap.planned, played, number, start, now=now, spacing=rules, window=window
        )
    except shifting.CannotMove as exc:
        suggestion = None
        if exc.reason in _ABOUT_TIME or exc.reason in _OUTSIDE:
            since = start if exc.reason in _ABOUT_TIME else now
            search = partial(
                shifting.earliest, snap.planned, played, number, now=now, spacing=rules
            )
            suggestion = search(since.astimezone(snap.zone), window=window)
            if suggestion is None and window is not None:  # nothing later: the whole day
                suggestion = search(window.opens, window=window)
        raise _explained(snap, exc, stored.match, start, suggestion, window) from None
    changes = shifting.moved(snap.planned, after)
    if not changes:
        raise NothingToMove(None, stored.match)
    return await _store(uow, snap, after, changes, now)


_ABOUT_TIME = frozenset({"overlap", "rest", "order"})  # another time that day may fit
_OUTSIDE = frozenset({"past", "early", "late"})  # searched from now, inside the day's window


def _explained(
    snap: state.Snapshot,
    exc: shifting.CannotMove,
    match: PlannedMatch,
    start: datetime,
    suggestion: datetime | None,
    window: shifting.Window | None = None,
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


async def set_leads(
    uow: UnitOfWork,
    *,
    chat_id: int,
    user_id: int,
    words: Sequence[str],
    now: datetime,
    is_chat_admin: bool = False,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """/hatirlatma 60 15 | grup 30 | kaptan 60 15 | kapat; the rows follow in the same
    unit of work. Returns the leads now stored. Caller commits."""
    snap = await state.active(uow, chat_id)
    await results.may_organise(uow, snap, user_id, is_chat_admin)
    group, captain = parse_leads(words)
    old_group, old_captain = leads(snap.tournament.settings)
    new = (old_group if group is None else group, old_captain if captain is None else captain)
    await uow.tournaments.update_settings(
        snap.id, group_leads=tuple(new[0]), captain_leads=tuple(new[1])
    )
    await reminders.sync(uow, snap.id, now)
    return new


async def set_evening(
    uow: UnitOfWork,
    *,
    chat_id: int,
    user_id: int,
    words: Sequence[str],
    now: datetime,
    is_chat_admin: bool = False,
) -> time | None:
    """/hatirlatma aksam 20:00 (or kapat): when a season league's group hears of a match day
    the evening before; the reminder rows follow in the caller's commit."""
    snap = await state.active(uow, chat_id)
    await results.may_organise(uow, snap, user_id, is_chat_admin)
    clock = parse_evening(words[1:])
    evening = None if clock is None else time.fromisoformat(clock)
    tournament = await uow.tournaments.update_settings(snap.id, evening=evening)
    await reminders.sync(uow, snap.id, now)
    return reminders.evening(tournament.settings)


async def set_squad(
    uow: UnitOfWork, *, chat_id: int, user_id: int, text: str, is_chat_admin: bool = False
) -> int | None:
    """/ayarlar kadro 7 (or kapat): the size below which a team's headcount warns the
    organiser. Caller commits."""
    snap = await state.active(uow, chat_id)
    await results.may_organise(uow, snap, user_id, is_chat_admin)
    size = parse_squad(text)
    await uow.tournaments.update_settings(snap.id, squad=size)
    return size


async def finish(uow: UnitOfWork, snap: state.Snapshot, now: datetime) -> None:
    """Archive the tournament; its pending reminders go with it (same transaction)."""
    await uow.tournaments.archive(snap.id, now)
    await reminders.sync(uow, snap.id, now)


# --- the shared tail --------------------------------------------------------------------


async def _store(
    uow: UnitOfWork,
    snap: state.Snapshot,
    after: Sequence[PlannedMatch],
    changes: Sequence[tuple[PlannedMatch, PlannedMatch]],
    now: datetime,
    *,
    minutes: int | None = None,
    pitch: str | None = None,
) -> Moved:
    await uow.matches.replan(snap.id, after)
    await reminders.sync(uow, snap.id, now)
    ordered = tuple(sorted(changes, key=lambda c: (c[0].start, c[0].pitch, c[0].no)))
    return Moved(
        changes=ordered,
        notices=await _notices(uow, snap, ordered),
        snapshot=snap,
        minutes=minutes,
        pitch=pitch,
    )


async def _notices(
    uow: UnitOfWork, snap: state.Snapshot, changes: Sequence[tuple[PlannedMatch, PlannedMatch]]
) -> tuple[Notice, ...]:
    """Per reachable captain, their team's first moved match, and nobody else's."""
    first: dict[str, tuple[PlannedMatch, PlannedMatch]] = {}
    for old, new in changes:
        for team in (new.home, new.away):
            if team is not None and team not in first:
                first[team] = (old, new)
    if not first:
        return ()
    captains = {t: users for t, users in (await uow.teams.captains(snap.id)).items() if t in first}
    everyone = {u for users in captains.values() for u in users}
    reachable = await uow.private_chats.reachable(everyone) if everyone else set()
    return tuple(
        Notice(user, team, *first[team])
        for team, users in captains.items()
        for user in users
        if user in reachable
    )


# --- actions: what the handlers call ------------------------------------------------------


def _moved(moved: Moved) -> Done[Moved]:
    return Done(moved, Effects(reminders=True, live=(moved.snapshot.tournament.chat_id,)))


async def _by_organiser(
    db: Database, actor: Actor, command: Callable[..., Awaitable[T]], **args: Any
) -> T:
    """`command(uow, chat_id=, user_id=, now=, is_chat_admin=, **args)` for the actor, in
    one write unit of work: the shape every organiser command of this module takes."""
    return await units.write(
        db,
        actor,
        lambda uow, admin: command(
            uow,
            chat_id=actor.chat_id,
            user_id=actor.user_id,
            now=actor.now,
            is_chat_admin=admin,
            **args,
        ),
    )


async def delay_matches(db: Database, actor: Actor, text: str) -> Done[Moved]:
    """/gecikme, by an organiser, once per update."""
    return _moved(await _by_organiser(db, actor, delay, text=text))


async def postpone_match(db: Database, actor: Actor, text: str) -> Done[Moved]:
    """/ertele, by an organiser, once per update."""
    return _moved(await _by_organiser(db, actor, postpone, text=text))


async def change_leads(
    db: Database, actor: Actor, words: Sequence[str]
) -> Done[tuple[tuple[int, ...], tuple[int, ...]]]:
    """/hatirlatma 60 15, by an organiser."""
    return Done(await _by_organiser(db, actor, set_leads, words=words), Effects(reminders=True))


async def change_evening(db: Database, actor: Actor, words: Sequence[str]) -> Done[time | None]:
    """/hatirlatma aksam 20:00, by an organiser."""
    return Done(await _by_organiser(db, actor, set_evening, words=words), Effects(reminders=True))


async def shown_evening(db: Database, chat_id: int) -> tuple[bool, time | None]:
    """(a season league?, its evening-before clock) for /hatirlatma's answer."""
    snap = await units.read(db, lambda uow: state.active(uow, chat_id))
    settings = snap.tournament.settings
    return settings.season is not None, reminders.evening(settings)


async def shown_leads(db: Database, chat_id: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """/hatirlatma without arguments: anyone may look."""
    snap = await units.read(db, lambda uow: state.active(uow, chat_id))
    return leads(snap.tournament.settings)


async def change_squad(db: Database, actor: Actor, text: str) -> int | None:
    """/ayarlar kadro 7, by an organiser."""
    return await units.write(
        db,
        actor,
        lambda uow, admin: set_squad(
            uow, chat_id=actor.chat_id, user_id=actor.user_id, text=text, is_chat_admin=admin
        ),
    )
