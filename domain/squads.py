"""Squads ("kadro"): reading `/kadro Kartallar: Ali Yılmaz, Veli Demir` and the rule that a
player belongs to one team per tournament: a name one team's squad lists is refused for
another's. A name only typed in a result (a team without a squad takes it as typed) is
that team's player and no bar to another team's own player of that name: two amateur
players called "Mehmet" on two teams are common.

A list is the team's name, a colon (or a line break), then the players: separated by
commas, semicolons or line breaks, each with an optional shirt number before or after the
name ("10 Ali Yılmaz", "Ali Yılmaz 10", "10. Ali", "10-Ali"). A name typed all in lower
case is capitalised the Turkish way ("ali ışık" -> "Ali Işık"); any other is kept as
typed. A player's identity is his name's `names.key`: "ALİ YILMAZ" and "Ali Yılmaz" are
one player.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from domain import names
from domain.errors import DomainError
from domain.eventitems import without_symbols

MAX_PLAYERS = 40  # in one list: a 7x7 squad is 10 to 14, an 11-a-side one up to 30
MAX_NAME = 60
MAX_NUMBER = 99

_NUMBER_FIRST = re.compile(r"^([0-9]{1,3})\s*[.)\-–:]?\s*(?=[^0-9])")
_NUMBER_LAST = re.compile(r"(?<=[^0-9])\s*[-–(#]?\s*([0-9]{1,3})\s*\)?$")
_SEPARATORS = re.compile(r"[,;\n]+")


class BadSquad(DomainError):
    """A /kadro list that cannot be read. `reason`: no_team (nothing before the colon),
    no_players (nothing after it), too_many (more than MAX_PLAYERS), bad_name (`name`:
    no letter, or longer than MAX_NAME), bad_number (`name`: a shirt number over 99)."""

    def __init__(self, reason: str, name: str = "") -> None:
        super().__init__(f"bad squad list: {reason} {name!r}")
        self.reason, self.name = reason, name


@dataclass(frozen=True)
class Listed:
    """A player as a list gives him: his name and his shirt number, if given."""

    name: str
    number: int | None = None

    @property
    def key(self) -> str:
        return names.key(self.name)


@dataclass(frozen=True)
class SquadList:
    """`/kadro Kartallar: ...` read: the team as typed (to be looked up) and its players."""

    team: str
    players: tuple[Listed, ...]


def after_command_text(text: str) -> str:
    """A /kadro message's text after the command, line breaks kept: "/kadro A1\nAli, Veli"
    -> "A1\nAli, Veli" (what `split_team` reads)."""
    head, _, rest = text.partition("\n")
    first = head.split(maxsplit=1)
    return ((first[1] if len(first) > 1 else "") + ("\n" + rest if rest else "")).strip()


def split_team(text: str) -> tuple[str, str | None]:
    """The team part and the list part of /kadro's text: "Kartallar: Ali, Veli" ->
    ("Kartallar", "Ali, Veli"); "Kartallar" -> ("Kartallar", None): show the squad."""
    text = names.strip_invisible(text).strip()
    head, colon, rest = text.partition(":")
    if colon:
        return names.normalize(head), rest
    first, newline, rest = text.partition("\n")
    if newline and rest.strip():
        return names.normalize(first), rest
    return names.normalize(text), None


def read_squad(text: str) -> SquadList:
    """The team and the players of `/kadro Kartallar: Ali Yılmaz, 10 Veli Demir`; a name
    listed twice counts once (its first number wins). BadSquad when nothing can be read."""
    team, rest = split_team(text)
    if not team:
        raise BadSquad("no_team")
    if rest is None:
        raise BadSquad("no_players")
    return SquadList(team, read_players(rest))


def read_players(text: str) -> tuple[Listed, ...]:
    """The players of a list: "Ali Yılmaz, 10 Veli Demir" or one per line."""
    parts = [p for p in (names.normalize(p) for p in _SEPARATORS.split(text)) if p]
    if not parts:
        raise BadSquad("no_players")
    if len(parts) > MAX_PLAYERS:
        raise BadSquad("too_many", str(len(parts)))
    seen: dict[str, Listed] = {}
    for part in parts:
        listed = read_player(part)
        seen.setdefault(listed.key, listed)
    return tuple(seen.values())


def read_player(text: str) -> Listed:
    """One player: "10 Ali Yılmaz", "Ali Yılmaz (10)", "ali yılmaz"."""
    text = names.normalize(text)
    number: int | None = None
    if found := _NUMBER_FIRST.match(text):
        number, text = int(found.group(1)), text[found.end() :]
    elif found := _NUMBER_LAST.search(text):
        number, text = int(found.group(1)), text[: found.start()]
    name = without_symbols(text).strip(" .-–#")
    if not any(c.isalpha() for c in name) or len(name) > MAX_NAME:
        raise BadSquad("bad_name", text)
    if number is not None and number > MAX_NUMBER:
        raise BadSquad("bad_number", f"{number} {name}")
    return Listed(capitalised(name), number)


def capitalised(name: str) -> str:
    """A name typed all in lower case, each word capitalised the Turkish way; any other
    kept as typed ("McDonald", "ALİ" stay)."""
    if name != names.tr_lower(name):
        return name
    return " ".join(names.tr_upper(w[:1]) + w[1:] for w in name.split(" "))


@dataclass(frozen=True)
class Placement:
    """What adding a list to `team` comes to: `added` new to it, `already` in it (a new
    number among them updates nothing), `elsewhere` (player, his team) refused: a player
    another team's squad lists (a player belongs to one team per tournament)."""

    added: tuple[Listed, ...]
    already: tuple[str, ...]
    elsewhere: tuple[tuple[str, str], ...]


def place(
    listed: Iterable[Listed],
    team: str,
    squad: Iterable[str],
    others: Mapping[str, Iterable[str]],
) -> Placement:
    """Sort a list for `team` against its `squad` (its players' names) and the names the
    other teams' squads list (`others`: team -> names put there by /kadro). A name
    another team lists is refused even where `team` has a player of that name from a
    result: the list would make him the other team's listed player too."""
    mine = {names.key(p): p for p in squad}
    listed_by: dict[str, tuple[str, str]] = {}
    for other, players in others.items():
        if other != team:
            for p in players:
                listed_by.setdefault(names.key(p), (p, other))
    added: list[Listed] = []
    already: list[str] = []
    elsewhere: list[tuple[str, str]] = []
    for player in listed:
        if player.key in listed_by:
            elsewhere.append(listed_by[player.key])
        elif player.key in mine:
            already.append(mine[player.key])
        else:
            added.append(player)
    return Placement(tuple(added), tuple(already), tuple(elsewhere))


def find_in(typed: str, squad: Iterable[str]) -> str | None:
    """The squad's player whose name is `typed` (same key), or None."""
    wanted = names.key(typed)
    return next((p for p in squad if names.key(p) == wanted), None)
