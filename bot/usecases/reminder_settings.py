"""What the organisers set about reminders: /hatirlatma's leads, a season league's
evening-before message, and /ayarlar kadro's squad size for the headcount question.

These change no match, only who is reminded when, so they live apart from the moves in
`schedule`. A change to the leads or the evening re-derives the reminder rows
(reminders.sync) in the same unit of work; the squad size is read when a captain answers
"Kaç kişisiniz?" (reminders.headcount), so it needs no rows. The caller commits.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, time

from bot.usecases import reminders, roles, state, units
from bot.usecases.units import Actor, Done, Effects
from domain.errors import DomainError
from domain.names import fold_plain
from domain.settings import TournamentSettings
from storage import Database, UnitOfWork

MAX_LEAD = 1440  # a reminder at most a day ahead
MAX_LEADS = 4  # per list: more would be noise, not help
SQUAD = (3, 20)  # 3x3 up to a full 11-a-side squad


class BadLeads(DomainError):
    """`/hatirlatma` text that is not leads (`reason`: unparsed, range, too_many)."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"bad leads {text!r}: {reason}")
        self.text, self.reason = text, reason


class BadSquad(DomainError):
    def __init__(self, text: str) -> None:
        super().__init__(f"bad squad size {text!r}")
        self.text = text


# --- parsing ---------------------------------------------------------------------------


def parse_leads(words: Sequence[str]) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """`/hatirlatma` arguments -> (group leads, captain leads); None keeps a list as it is.

    "60 15" sets both lists, "grup 30" or "kaptan 60 15" one, "kapat" empties both
    ("grup kapat" one).
    """
    plain = [fold_plain(w) for w in words if w.strip()]
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
    return bool(words) and fold_plain(words[0]) in ("aksam", "aksamki", "aksamdan")


def parse_evening(words: Sequence[str]) -> str | None:
    """`/hatirlatma aksam 20:00` (the words after "aksam") -> "20:00"; "kapat" -> None."""
    text = " ".join(words)
    plain = fold_plain(text)
    if plain in ("kapat", "kapali", "yok"):
        return None
    found = re.fullmatch(r"([0-9]{1,2})(?:[:.]([0-9]{2}))?", plain)
    if found is None or int(found.group(1)) > 23 or int(found.group(2) or 0) > 59:
        raise BadLeads(f"aksam {text}".strip(), "unparsed")
    return f"{int(found.group(1)):02d}:{found.group(2) or '00'}"


def parse_squad(text: str) -> int | None:
    """The squad size ("7"), or None for "kapat": no headcount question."""
    plain = fold_plain(text)
    if plain in ("kapat", "kapali", "yok"):
        return None
    if not plain.isdigit() or not SQUAD[0] <= int(plain) <= SQUAD[1]:
        raise BadSquad(text)
    return int(plain)


# --- reading the settings ---------------------------------------------------------------


def leads(settings: TournamentSettings) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group leads, captain leads) as the reminders read them; () means off."""
    return reminders.leads(settings)


# --- use cases --------------------------------------------------------------------------


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
    roles.require(
        "set the reminders",
        await roles.of_user(uow, snap.tournament, user_id, chat_admin=is_chat_admin),
    )
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
    roles.require(
        "set the reminders",
        await roles.of_user(uow, snap.tournament, user_id, chat_admin=is_chat_admin),
    )
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
    roles.require(
        "change a setting",
        await roles.of_user(uow, snap.tournament, user_id, chat_admin=is_chat_admin),
    )
    size = parse_squad(text)
    await uow.tournaments.update_settings(snap.id, squad=size)
    return size


# --- actions: what the handlers call ------------------------------------------------------


async def change_leads(
    db: Database, actor: Actor, words: Sequence[str]
) -> Done[tuple[tuple[int, ...], tuple[int, ...]]]:
    """/hatirlatma 60 15, by an organiser."""
    value = await units.by_organiser(db, actor, set_leads, words=words)
    return Done(value, Effects(reminders=True))


async def change_evening(db: Database, actor: Actor, words: Sequence[str]) -> Done[time | None]:
    """/hatirlatma aksam 20:00, by an organiser."""
    value = await units.by_organiser(db, actor, set_evening, words=words)
    return Done(value, Effects(reminders=True))


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
