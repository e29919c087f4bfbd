"""Bans, cards and goals as the tournament's stored events give them (domain.discipline,
domain.scorers over a Snapshot), and the use cases that read and change them: /goller,
/kartlar, /fairplay, /ceza Mehmet 3 (0 lifts), /ayarlar sari_ceza N.

Bans are never stored: they are derived each time from the bookings, the plan (a match
with a result or a forfeit serves; a postponed or undated one serves nothing), the /ceza
decisions and the yellow limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property

from bot.usecases import roles, snapshots
from bot.usecases.runner import Actor, Outcome, reads, writes
from domain import discipline, names, playernames, scorers
from domain.bookings import Booking
from domain.errors import DomainError
from domain.tiebreak import CardKind
from storage import UnitOfWork
from storage.records import StoredPlayer

SEE = "see scorers, cards and fair play"
RECORD = "record scorers and cards"
BAN = "set or lift a ban"
SETTING = "change a setting"
CARD_KINDS = frozenset(k.value for k in CardKind)
MAX_BAN = 20
MAX_LIMIT = 20


def bookings(snap: snapshots.Snapshot) -> tuple[Booking, ...]:
    return tuple(
        Booking(e.match_no, e.team, e.player, CardKind(e.kind))
        for e in snap.events
        if e.kind in CARD_KINDS
    )


def goals(snap: snapshots.Snapshot) -> tuple[scorers.Goal, ...]:
    return tuple(
        scorers.Goal(e.match_no, e.team, e.player, own_goal=e.kind == "own_goal")
        for e in snap.events
        if e.kind in ("goal", "own_goal")
    )


def plan(snap: snapshots.Snapshot) -> tuple[discipline.PlanMatch, ...]:
    """The matches in plan order (kick-off, then number); an undated one serves nothing."""
    undated = {u.match.no for u in snap.tournament.settings.undated}
    ordered = sorted(snap.matches, key=lambda m: (m.match.start, m.match.no))
    return tuple(
        discipline.PlanMatch(
            m.match.no,
            m.match.home,
            m.match.away,
            played=m.result is not None,
            postponed=m.match.no in undated,
        )
        for m in ordered
    )


def decisions(snap: snapshots.Snapshot) -> tuple[discipline.Decision, ...]:
    by_id = {p.id: p for p in snap.players}
    return tuple(
        discipline.Decision(
            by_id[b.player_id].name, by_id[b.player_id].team, b.matches, b.after_match
        )
        for b in snap.bans
        if b.player_id in by_id
    )


def bans(snap: snapshots.Snapshot) -> tuple[discipline.Ban, ...]:
    settings = snap.tournament.settings
    return discipline.bans(
        plan(snap),
        bookings(snap),
        yellow_limit=settings.yellow_limit,
        decisions=decisions(snap),
        withdrawn=[w.team for w in settings.withdrawn],
    )


def active_bans(snap: snapshots.Snapshot, team: str | None = None) -> tuple[discipline.Ban, ...]:
    return tuple(b for b in bans(snap) if b.active and (team is None or b.team == team))


@dataclass(frozen=True)
class Tables:
    """/goller, /kartlar, /fairplay: the tournament and what it derives."""


@dataclass(frozen=True)
class Shown:
    """The tournament's tables, each worked out when first asked for (/goller needs no
    bans). `records`: the reader may record scorers and cards, so an empty table may show
    him how; to anyone else that example would be a line the bot refuses."""

    snapshot: snapshots.Snapshot
    records: bool = False

    @cached_property
    def scorers(self) -> scorers.ScorersTable:
        return scorers.scorers(goals(self.snapshot))

    @cached_property
    def bookings(self) -> tuple[Booking, ...]:
        return bookings(self.snapshot)

    @cached_property
    def cards(self) -> tuple[discipline.PlayerCards, ...]:
        limit = self.snapshot.tournament.settings.yellow_limit
        return discipline.player_cards(self.bookings, yellow_limit=limit)

    @cached_property
    def fair_play(self) -> tuple[discipline.FairPlayRow, ...]:
        return discipline.fair_play(self.bookings, self.snapshot.teams)

    @cached_property
    def bans(self) -> tuple[discipline.Ban, ...]:
        return bans(self.snapshot)


@reads
async def tables(uow: UnitOfWork, command: Tables, actor: Actor) -> Shown:
    snap = await snapshots.active(uow, actor.chat_id)
    roles.anyone(SEE, snap.tournament, actor)
    return shown(snap, records=may_record(await roles.of(uow, snap.tournament, actor)))


def shown(snap: snapshots.Snapshot, *, records: bool = False) -> Shown:
    return Shown(snap, records)


def may_record(role: roles.Role) -> bool:
    """Whether `role` may write scorers and cards (a chat administrator the bot has not
    asked about counts as a member: he is told who writes them, which stays true)."""
    return roles.TABLE[RECORD].cell(role) == "allowed"


class BadBan(DomainError):
    """/ceza without a player and a number of matches (0..MAX_BAN)."""

    def __init__(self, text: str, too_long: bool = False) -> None:
        super().__init__(f"bad ban {text!r}")
        self.text, self.too_long = text, too_long


class UnknownBooked(DomainError):
    """/ceza Ali: no player of any squad is named so (`candidates`: the closest), or
    several are (`several`), or it is only near one's name (`typo`: the one candidate),
    which is not taken without asking either; `matches`: the ban typed."""

    def __init__(
        self,
        typed: str,
        candidates: tuple[str, ...],
        several: bool = False,
        typo: bool = False,
        matches: int | None = None,
    ) -> None:
        super().__init__(f"no single player {typed!r}")
        self.typed, self.candidates, self.several = typed, candidates, several
        self.typo, self.matches = typo, matches


@dataclass(frozen=True)
class SetBan:
    """/ceza Mehmet 3, /ceza Mehmet 0."""

    text: str


@dataclass(frozen=True)
class BanSet:
    player: StoredPlayer
    matches: int
    ban: discipline.Ban | None  # his active ban as it now stands


_BAN = re.compile(r"^(?P<name>.+?)\s+(?P<n>[0-9]{1,3})(?:\s*maç)?\s*$", re.IGNORECASE)


@writes
async def set_ban(uow: UnitOfWork, command: SetBan, actor: Actor) -> BanSet:
    """The committee's decision: the player misses his team's next N matches (counted from
    his last sending-off if its ban still runs, else from now); 0 lifts his ban."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(BAN, await roles.of(uow, snap.tournament, actor))  # a member: refused first
    found = _BAN.match(" ".join(command.text.split()))
    if found is None or int(found.group("n")) > MAX_BAN:
        raise BadBan(command.text, too_long=found is not None)
    matches = int(found.group("n"))
    player = find_player(snap, found.group("name"), matches)
    now = bans(snap)
    # A match under way (kicked off, no result yet) is behind the decision, not ahead of it.
    begun = {m.match.no for m in snap.matches if m.match.start <= actor.now}
    behind = [replace(m, played=m.played or m.number in begun) for m in plan(snap)]
    after = discipline.decision_after(behind, now, player.name, player.team, lifting=matches == 0)
    await uow.players.decide_ban(
        snap.id,
        player.id,
        matches,
        after,
        by=actor.user_id,
        at=actor.now,
        update_id=actor.update_id,
    )
    decided = snapshots.with_ban(snap, player.id, matches, after)
    ban = next((b for b in active_bans(decided, player.team) if b.player == player.name), None)
    return BanSet(player, matches, ban)


def find_player(snap: snapshots.Snapshot, typed: str, matches: int | None = None) -> StoredPlayer:
    """The one player `typed` names in the tournament's squads, matched as scorers are
    (domain.playernames); a name near only one player's ("Mehmt"), fitting several, or
    none is refused with the candidates, never guessed. A team in parentheses ("Mehmet
    (A4)") looks in that team's squad only: namesakes of two teams are told apart so."""
    name, hint = playernames.with_team(typed)
    teams = snap.teams if hint is None else (names.resolve(hint, snap.teams),)
    squads = snap.squad_names(teams)
    got = playernames.match_in_squads(name, squads)
    found = got.match
    if isinstance(found, playernames.Found) and got.team is not None:
        if found.how is playernames.How.TYPO:
            meant = found.player
            if sum(found.player in s for s in squads.values()) > 1:
                meant = f"{found.player} ({got.team})"
            raise UnknownBooked(typed, (meant,), typo=True, matches=matches)
        return next(p for p in snap.squad(got.team) if p.name == found.player)
    several = isinstance(found, playernames.Ambiguous)
    candidates = () if isinstance(found, playernames.Found) else found.candidates
    if several:  # each with his team where two teams have the name
        pairs = [(c, t) for c in candidates for t in squads if c in squads[t]]
        candidates = playernames.labelled(pairs)
    raise UnknownBooked(typed, candidates, several, matches=matches)


class BadLimit(DomainError):
    def __init__(self, text: str) -> None:
        super().__init__(f"bad yellow limit {text!r}")
        self.text = text


@dataclass(frozen=True)
class SetYellowLimit:
    """/ayarlar sari_ceza 4 (kapali / 0: off)."""

    text: str


@writes
async def set_yellow_limit(
    uow: UnitOfWork, command: SetYellowLimit, actor: Actor
) -> Outcome[int | None]:
    word = command.text.strip().lower()
    if word in ("kapali", "kapalı", "kapat", "yok", "0"):
        limit = None
    elif word.isascii() and word.isdigit() and 2 <= int(word) <= MAX_LIMIT:
        limit = int(word)
    else:
        raise BadLimit(command.text)
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(SETTING, await roles.of(uow, snap.tournament, actor))
    await uow.tournaments.update_settings(snap.id, yellow_limit=limit)
    return Outcome(limit)
