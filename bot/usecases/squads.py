"""Squads ("kadro"): /kadro Takım shows one, /kadro Takım: Ali, Veli adds to it, /kadro_sil
Takım Ad Soyad takes a player off it (his goals and cards stay).

A squad is the team captain's or an organiser's to change (roles.TABLE). A player belongs
to one team per tournament: a name another team's squad lists (put there by /kadro) is
refused, naming that team, and the rest of the list is added. A name only typed in a
result for another team (a team without a squad) is that team's own player: no bar.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.usecases import roles, snapshots
from bot.usecases.runner import Actor, reads, writes
from domain import names, squads
from domain.errors import DomainError
from storage import UnitOfWork
from storage.records import StoredPlayer
from storage.repositories.players import NewPlayer

# The rows of roles.TABLE these use cases ask.
SEE = "see a squad"
CHANGE = "change a squad"


class NoSuchPlayer(DomainError):
    """/kadro_sil: `name` is no player of `team`'s squad (`squad`: who is)."""

    def __init__(self, team: str, name: str, squad: tuple[str, ...] = ()) -> None:
        super().__init__(f"{name!r} is not in {team}'s squad")
        self.team, self.name, self.squad = team, name, squad


class NoTeamNamed(DomainError):
    """/kadro_sil Takım Ad: no team's name starts the text."""

    def __init__(self, text: str) -> None:
        super().__init__(f"no team named at the start of {text!r}")
        self.text = text


class NoColon(DomainError):
    """/kadro Kartallar Zeki: a team and more words, no colon: players to add or a team's
    name mistyped? Asked, never guessed."""

    def __init__(self, team: str, rest: str) -> None:
        super().__init__(f"/kadro {team} {rest}: no colon")
        self.team, self.rest = team, rest


@dataclass(frozen=True)
class Show:
    """/kadro Kartallar"""

    team: str


@dataclass(frozen=True)
class Shown:
    team: str
    players: tuple[StoredPlayer, ...]


@reads
async def show(uow: UnitOfWork, command: Show, actor: Actor) -> Shown:
    """The team's squad, numbers first where given, else in the order added."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.anyone(SEE, snap.tournament, actor)
    try:
        team = names.resolve(command.team, snap.teams)
    except names.UnknownTeam as unknown:
        try:
            named, rest = split_team(command.team, snap.teams)
        except NoTeamNamed:
            raise unknown from None
        raise NoColon(named, rest) from None
    return Shown(team, ordered(snap.squad(team)))


@dataclass(frozen=True)
class Add:
    """/kadro Kartallar: Ali Yılmaz, 10 Veli Demir (as typed after the command)."""

    text: str


@dataclass(frozen=True)
class Added:
    team: str
    placement: squads.Placement
    squad: tuple[StoredPlayer, ...]  # as it now stands
    # (player, number, who wears it): a shirt number another player of the squad has,
    # not given (a new player is added without it, a listed one keeps his own).
    clashes: tuple[tuple[str, int, str], ...] = ()


@writes
async def add(uow: UnitOfWork, command: Add, actor: Actor) -> Added:
    """Add the listed players to the team's squad: the team's captain or an organiser.
    Players already in it keep their row (a number given now is taken); players of
    another team are refused, the others added."""
    listed = squads.read_squad(command.text)
    snap = await snapshots.active(uow, actor.chat_id)
    team = names.resolve(listed.team, snap.teams)
    roles.require(CHANGE, await roles.of(uow, snap.tournament, actor, team=team))
    others = {t: [p.name for p in snap.squad(t) if p.listed] for t in snap.teams if t != team}
    placement = squads.place(listed.players, team, [p.name for p in snap.squad(team)], others)
    mine = {names.key(p.name): p for p in snap.squad(team)}
    keys = {names.key(name) for name in placement.already}  # not those refused
    moving = [
        (mine[p.key], p.number)
        for p in listed.players
        if p.key in keys and p.number is not None and mine[p.key].number != p.number
    ]
    numbers, given, clashes = _shirts(snap.squad(team), moving, placement.added)
    new = [
        NewPlayer(team, p.name, number, listed=True)
        for p, number in zip(placement.added, given, strict=True)
    ]
    stored = await uow.players.add(
        snap.id, dict(snap.team_ids), new, by=actor.user_id, at=actor.now, update_id=actor.update_id
    )
    await uow.players.renumber(numbers)
    # Named in a result before, listed now: the squad is one someone set (events.record).
    await uow.players.mark_listed([mine[k].id for k in keys if not mine[k].listed])
    renumbered = dict(numbers)
    now = [
        dataclasses.replace(
            p, number=renumbered.get(p.id, p.number), listed=p.listed or names.key(p.name) in keys
        )
        for p in snap.squad(team)
    ]
    return Added(team, placement, ordered((*now, *stored)), clashes)


@dataclass(frozen=True)
class Remove:
    """/kadro_sil Kartallar Veli Demir"""

    text: str


@dataclass(frozen=True)
class Removed:
    team: str
    player: str


@writes
async def remove(uow: UnitOfWork, command: Remove, actor: Actor) -> Removed:
    """Take a player off the team's squad; his goals and cards stay."""
    snap = await snapshots.active(uow, actor.chat_id)
    try:
        team, typed = split_team(command.text, snap.teams)
    except NoTeamNamed as none:  # "/kadro_sil Kartallar": the team alone, whom?
        try:
            team = names.resolve(command.text.strip(" :"), snap.teams, fuzzy=False)
        except DomainError:
            raise none from None
        typed = ""
    roles.require(CHANGE, await roles.of(uow, snap.tournament, actor, team=team))
    squad = snap.squad(team)
    if not typed:
        raise NoSuchPlayer(team, "", tuple(p.name for p in squad))
    found = squads.find_in(typed, [p.name for p in squad])
    if found is None:
        raise NoSuchPlayer(team, typed, tuple(p.name for p in squad))
    player = next(p for p in squad if p.name == found)
    await uow.players.remove(player.id, by=actor.user_id, at=actor.now, update_id=actor.update_id)
    return Removed(team, player.name)


def split_team(text: str, teams: tuple[str, ...]) -> tuple[str, str]:
    """ "Kartallar Veli Demir" -> ("Kartallar", "Veli Demir"): the longest run of first
    words that names a team (exactly, or without diacritics), and the rest."""
    head, colon, rest = text.partition(":")
    if colon and rest.strip():
        return names.resolve(head, teams), names.normalize(rest)
    words = names.normalize(text).split(" ")
    for cut in range(len(words) - 1, 0, -1):
        try:
            team = names.resolve(" ".join(words[:cut]), teams, fuzzy=False)
        except DomainError:
            continue
        return team, " ".join(words[cut:])
    raise NoTeamNamed(text)


def _shirts(
    squad: tuple[StoredPlayer, ...],
    moving: list[tuple[StoredPlayer, int]],
    joining: tuple[squads.Listed, ...],
) -> tuple[list[tuple[int, int]], list[int | None], tuple[tuple[str, int, str], ...]]:
    """The shirt numbers a list gives: its listed players' new ones first (each one's old
    number freed), then the new players'. A number another player of the squad wears is
    not given: (player, number, who wears it) among the clashes."""
    worn = {p.number: p.name for p in squad if p.number is not None}
    clashes: list[tuple[str, int, str]] = []
    numbers: list[tuple[int, int]] = []
    for player, number in moving:
        holder = worn.get(number)
        if holder is not None and names.key(holder) != names.key(player.name):
            clashes.append((player.name, number, holder))
            continue
        worn = {n: h for n, h in worn.items() if names.key(h) != names.key(player.name)}
        worn[number] = player.name
        numbers.append((player.id, number))
    given: list[int | None] = []
    for p in joining:
        holder = worn.get(p.number) if p.number is not None else None
        if holder is not None and p.number is not None:
            clashes.append((p.name, p.number, holder))
        elif p.number is not None:
            worn[p.number] = p.name
        given.append(None if holder is not None else p.number)
    return numbers, given, tuple(clashes)


def ordered(players: tuple[StoredPlayer, ...] | list[StoredPlayer]) -> tuple[StoredPlayer, ...]:
    """Numbered players by number, then the others in the order they were added."""
    return tuple(sorted(players, key=lambda p: (p.number is None, p.number or 0, p.id)))
