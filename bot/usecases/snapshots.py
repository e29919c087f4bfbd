"""A tournament as the use cases see it: settings, draw, stored plan, derived tables."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from zoneinfo import ZoneInfo

import domain.tournament
from bot.usecases import conversations
from domain import progress, selection, tiebreak
from domain.bookings import Booking
from domain.fairplay import team_cards
from domain.model import Group, PlannedMatch, Result, Score
from domain.standings import Card, PointsRule, Table
from domain.tiebreak import CardKind
from domain.tournament import PLAYOFF, Fixture, Play, is_playoff
from storage import UnitOfWork
from storage.errors import NoActiveTournament
from storage.records import (
    Loaded,
    StoredBan,
    StoredEvent,
    StoredMatch,
    StoredPlayer,
    Tournament,
)

_CARD_KINDS = frozenset(k.value for k in CardKind)

__all__ = ["PLAYOFF", "Snapshot", "active", "is_playoff", "load", "running"]


@dataclass(frozen=True)
class Snapshot:
    """The stored tournament and its plan, and the running tournament's rules over them
    (domain.tournament.Play, built once from the settings)."""

    tournament: Tournament
    groups: tuple[Group, ...]
    matches: tuple[StoredMatch, ...]
    cards: tuple[Card, ...] = ()
    lots: tuple[tuple[str, ...], ...] = ()
    players: tuple[StoredPlayer, ...] = ()  # removed ones too (their goals and cards stay)
    events: tuple[StoredEvent, ...] = ()
    bans: tuple[StoredBan, ...] = ()
    team_ids: Mapping[str, int] = field(default_factory=dict)

    def squad(self, team: str) -> tuple[StoredPlayer, ...]:
        """The team's squad as it stands (players taken off it left out)."""
        return tuple(p for p in self.players if p.team == team and not p.removed)

    def squad_names(self, teams: Sequence[str]) -> dict[str, list[str]]:
        """`teams`' squads as their players' names, as domain.playernames looks a typed
        name up in them (players taken off a squad left out)."""
        return {team: [p.name for p in self.squad(team)] for team in teams}

    def events_of(self, match_no: int) -> tuple[StoredEvent, ...]:
        return tuple(e for e in self.events if e.match_no == match_no)

    @property
    def id(self) -> int:
        return self.tournament.id

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.tournament.settings.time_zone)

    @property
    def teams(self) -> tuple[str, ...]:
        return tuple(t for g in self.groups for t in g.teams)

    @property
    def planned(self) -> tuple[PlannedMatch, ...]:
        return tuple(m.match for m in self.matches)

    def waiting(self, team: str | None = None) -> tuple[PlannedMatch, ...]:
        """The matches waiting for a date (/ertele 14 belirsiz), of `team` or all, by
        number: out of `matches` and `planned`, still matches of the tournament."""
        kept = (u.match for u in self.tournament.settings.undated)
        return tuple(sorted((m for m in kept if team is None or m.involves(team)), key=_no))

    def overdue(self, now: datetime, team: str | None = None) -> tuple[PlannedMatch, ...]:
        """Matches (of `team`, or all) planned to have ended by `now` with no result yet:
        until they are in, a team's place or next match is not known for sure."""
        return tuple(
            m.match
            for m in self.matches
            if m.result is None
            and m.match.end <= now
            and m.match.home is not None
            and m.match.away is not None
            and (team is None or m.match.involves(team))
        )

    @cached_property
    def play(self) -> Play:
        settings = self.tournament.settings
        # A match waiting for a date (/ertele 14 belirsiz) is still to play: its group is
        # not over, nor are the places it decides.
        waiting = tuple(Fixture(u.match) for u in settings.undated)
        return Play(
            groups=self.groups,
            matches=(*self.matches, *waiting),  # a StoredMatch is the domain's Fixture
            tiebreak=tiebreak.stored(settings.tie_break),
            # /ayarlar hukmen_puan_sil acik: a forfeit also costs a win's points (FMT Madde 24)
            points=PointsRule(forfeit_deduction=settings.forfeit_deduction),
            cards=self.cards,
            lots=self.lots,
            # Teams that withdrew with their results annulled (/cekil): out of every table.
            annulled=frozenset(w.team for w in settings.withdrawn if w.annulled),
        )

    @property
    def rules(self) -> progress.Rules:
        return self.play.rules

    @property
    def annulled(self) -> frozenset[str]:
        return self.play.annulled

    def group_results(self) -> list[Result]:
        return domain.tournament.group_results(self.play)

    def group_of(self, team: str) -> Group | None:
        return domain.tournament.group_of(self.play, team)

    def tables(self) -> dict[str, Table]:
        return domain.tournament.tables(self.play)

    def table(self, label: str) -> Table:
        return domain.tournament.table(self.play, label)

    @property
    def is_league(self) -> bool:
        """One table and no knockout: a team that leaves, leaves the league ("ligden");
        in a cup it leaves the tournament."""
        return len(self.groups) < 2 and not any(m.match.stage.is_knockout for m in self.matches)

    def group_finished(self, label: str) -> bool:
        return domain.tournament.group_finished(self.play, label)

    def knockout_sides(self) -> dict[str, tuple[str | None, str | None]]:
        return domain.tournament.knockout_sides(self.play)

    def champion(self) -> str | None:
        return domain.tournament.champion(self.play)

    def counted_results(self) -> list[tuple[PlannedMatch, Score]]:
        """The results whose goals count for a team: both sides known, neither annulled
        (a withdrawal's rule); forfeits' scores included, as the table counts them."""
        return [
            (m.match, m.result)
            for m in self.matches
            if m.result is not None
            and m.match.home is not None
            and m.match.away is not None
            and m.match.home not in self.annulled
            and m.match.away not in self.annulled
        ]

    def select(self, wanted: str, moment: datetime) -> selection.Selection:
        """The matches `wanted` names (domain/selection.py: a day, group, pitch or team;
        "" all), in kick-off order. Raises selection.UnknownSelection."""
        return selection.select(
            [(m.match, m.result) for m in self.matches],
            wanted,
            teams=self.teams,
            groups=[g.label for g in self.groups],
            zone=self.zone,
            now=moment,
        )


def _no(match: PlannedMatch) -> int:
    return match.no


def with_events(
    snap: Snapshot, players: Sequence[StoredPlayer], events: Sequence[StoredEvent]
) -> Snapshot:
    """The tournament with players and events just stored, without reading it again: their
    cards count for fair play (a tie-break criterion) as a fresh load's would: a match's
    bookings of one player combine (a yellow, then a red by /kart), so the events' cards
    are counted anew."""
    everything = (*snap.events, *events)
    others = Counter(snap.cards) - Counter(_event_cards(snap.events))  # the team-level table's
    cards = (*others.elements(), *_event_cards(everything))
    return dataclasses.replace(
        snap, players=(*snap.players, *players), events=everything, cards=cards
    )


def without_events(snap: Snapshot, gone: Sequence[StoredEvent]) -> Snapshot:
    """The tournament with events just taken back, their cards no longer counted."""
    others = Counter(snap.cards) - Counter(_event_cards(snap.events))
    events = tuple(e for e in snap.events if e not in gone)
    return dataclasses.replace(
        snap, events=events, cards=(*others.elements(), *_event_cards(events))
    )


def _event_cards(events: Sequence[StoredEvent]) -> tuple[Card, ...]:
    """The players' bookings as the fair-play criterion's team cards."""
    return team_cards(
        Booking(e.match_no, e.team, e.player, CardKind(e.kind))
        for e in events
        if e.kind in _CARD_KINDS
    )


def with_ban(snap: Snapshot, player_id: int, matches: int, after: int | None) -> Snapshot:
    """The tournament with one more /ceza decision, without reading it again."""
    return dataclasses.replace(snap, bans=(*snap.bans, StoredBan(player_id, matches, after)))


async def load(
    uow: UnitOfWork,
    tournament_id: int,
    tournament: Tournament | None = None,
    groups: Sequence[Group] | None = None,
) -> Snapshot:
    """The tournament as one read gives it (storage.repositories.tournaments.load), times
    on its clock. `tournament`, `groups` are not needed: that read has them anyway."""
    return await _snapshot(uow, await uow.tournaments.load(tournament_id))


async def active(uow: UnitOfWork, chat_id: int, talker: int | None = None) -> Snapshot:
    """The chat's running tournament; NoActiveTournament where none runs (`talker`: as
    for `running`)."""
    snap = await running(uow, chat_id, talker)
    if snap is None:
        raise NoActiveTournament(chat_id)
    return snap


async def running(uow: UnitOfWork, chat_id: int, talker: int | None = None) -> Snapshot | None:
    """The chat's running tournament, or None: one statement, unless it has drawn lots.
    With `talker` (a plain message's sender) the same statement reads their stored
    conversation: Talking when a set-up waits for their answer (several processes keep
    no in-memory index of conversations, and a separate look would cost a read)."""
    if talker is None:
        loaded = await uow.tournaments.running(chat_id)
    else:
        loaded, talk = await uow.tournaments.running_or_talk(chat_id, talker)
        if conversations.awaits_answer(talk):
            raise conversations.Talking(chat_id, talker)
    return None if loaded is None else await _snapshot(uow, loaded)


async def _snapshot(uow: UnitOfWork, loaded: Loaded) -> Snapshot:
    tournament, tid = loaded.tournament, loaded.tournament.id
    # Fair play counts the players' bookings (/kart, a result's cards line). Most
    # tournaments never draw lots: the flag spares a read per action.
    cards = _event_cards(loaded.events)
    lots: tuple[tuple[str, ...], ...] = ()
    if tournament.settings.has_lots:
        lots = tuple((await uow.tiebreak.lots(tid)).values())
    return Snapshot(
        tournament,
        loaded.groups,
        loaded.matches,
        cards,
        lots,
        loaded.players,
        loaded.events,
        loaded.bans,
        loaded.team_ids,
    )
