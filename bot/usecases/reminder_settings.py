"""What the organisers set about reminders: /hatirlatma's leads, a season league's
evening-before message, and /ayarlar kadro's squad size for the headcount question.

These change no match, only who is reminded when, so they live apart from the moves in
`schedule`. A change to the leads or the evening re-derives the reminder rows
(reminders.sync) in the same unit of work; the squad size is read when a captain answers
"Kaç kişisiniz?" (reminders.headcount), so it needs no rows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import time

from bot.usecases import reminders, roles, snapshots
from bot.usecases.runner import Actor, Effects, Outcome, reads, writes
from domain.counts import ascii_digits
from domain.errors import DomainError
from domain.names import fold_plain
from domain.settings import TournamentSettings
from storage import UnitOfWork

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
    target = target_of(words)
    if target != "both":
        plain = plain[1:]
    if plain in (["kapat"], ["kapali"], ["yok"]):
        leads: tuple[int, ...] = ()
    else:
        leads = _leads(plain, text)
    return (
        leads if target in ("both", "group") else None,
        leads if target in ("both", "captain") else None,
    )


def target_of(words: Sequence[str]) -> str:
    """Whose reminders `/hatirlatma` words set: "group" (grup 30), "captain" (kaptan 60
    15), else "both" (a bare "30" sets the group's and the captains' alike)."""
    first = next((fold_plain(w) for w in words if w.strip()), "")
    if first.startswith(("grup", "grub")):
        return "group"
    return "captain" if first.startswith("kaptan") else "both"


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
    if not ascii_digits(plain) or not SQUAD[0] <= int(plain) <= SQUAD[1]:
        raise BadSquad(text)
    return int(plain)


# --- reading the settings ---------------------------------------------------------------


def leads(settings: TournamentSettings) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group leads, captain leads) as the reminders read them; () means off."""
    return reminders.leads(settings)


# --- use cases --------------------------------------------------------------------------

SET = "set the reminders"
SETTING = "change a setting"
SEE = "see the settings and reminders"


async def _organised(uow: UnitOfWork, actor: Actor, action: str) -> snapshots.Snapshot:
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(action, await roles.of(uow, snap.tournament, actor))
    return snap


@dataclass(frozen=True)
class Leads:
    """/hatirlatma 60 15 | grup 30 | kaptan 60 15 | kapat: the words after the command."""

    words: tuple[str, ...]


@writes
async def change_leads(
    uow: UnitOfWork, command: Leads, actor: Actor
) -> Outcome[tuple[tuple[int, ...], tuple[int, ...]]]:
    """/hatirlatma 60 15, by an organiser; the rows follow in the same unit of work.
    Returns the leads now stored."""
    snap = await _organised(uow, actor, SET)
    group, captain = parse_leads(command.words)
    old_group, old_captain = leads(snap.tournament.settings)
    new = (old_group if group is None else group, old_captain if captain is None else captain)
    await uow.tournaments.update_settings(
        snap.id, group_leads=tuple(new[0]), captain_leads=tuple(new[1])
    )
    await reminders.sync(uow, snap.id, actor.now)
    return Outcome(new, Effects(reminders=True))


@dataclass(frozen=True)
class Evening:
    """/hatirlatma aksam 20:00 (or kapat): the words after the command, "aksam" first."""

    words: tuple[str, ...]


@writes
async def change_evening(uow: UnitOfWork, command: Evening, actor: Actor) -> Outcome[time | None]:
    """/hatirlatma aksam 20:00 (or kapat), by an organiser: when a season league's group
    hears of a match day the evening before; the reminder rows follow in the same commit."""
    snap = await _organised(uow, actor, SET)
    clock = parse_evening(command.words[1:])
    evening = None if clock is None else time.fromisoformat(clock)
    tournament = await uow.tournaments.update_settings(snap.id, evening=evening)
    await reminders.sync(uow, snap.id, actor.now)
    return Outcome(reminders.evening(tournament.settings), Effects(reminders=True))


@dataclass(frozen=True)
class Reminding:
    """What /hatirlatma without arguments shows."""

    group_leads: tuple[int, ...]
    captain_leads: tuple[int, ...]
    season: bool  # a season league: the group hears the evening before
    evening: time | None


@dataclass(frozen=True)
class Show:
    """/hatirlatma without arguments."""


@reads
async def shown(uow: UnitOfWork, command: Show, actor: Actor) -> Reminding:
    """/hatirlatma without arguments: the leads and a season's evening; anyone may look."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.anyone(SEE, snap.tournament, actor)
    settings = snap.tournament.settings
    return Reminding(*leads(settings), settings.season is not None, reminders.evening(settings))


@dataclass(frozen=True)
class Squad:
    """/ayarlar kadro 7 (or kapat): the words after "kadro"."""

    text: str


@writes
async def change_squad(uow: UnitOfWork, command: Squad, actor: Actor) -> int | None:
    """/ayarlar kadro 7 (or kapat), by an organiser: the size below which a team's
    headcount warns the organiser."""
    snap = await _organised(uow, actor, SETTING)
    size = parse_squad(command.text)
    await uow.tournaments.update_settings(snap.id, squad=size)
    return size
