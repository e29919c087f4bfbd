"""A tournament as the use cases see it: settings, draw, stored plan, derived tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from zoneinfo import ZoneInfo

import domain.tournament
from domain import progress, tiebreak
from domain.model import Group, PlannedMatch, Result
from domain.standings import Card, PointsRule, Table
from domain.tournament import PLAYOFF, Play, is_playoff
from storage import UnitOfWork
from storage.errors import NoActiveTournament
from storage.records import Loaded, StoredMatch, Tournament

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

    @cached_property
    def play(self) -> Play:
        settings = self.tournament.settings
        return Play(
            groups=self.groups,
            matches=self.matches,  # a StoredMatch is the domain's Fixture
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

    def group_finished(self, label: str) -> bool:
        return domain.tournament.group_finished(self.play, label)

    def knockout_sides(self) -> dict[str, tuple[str | None, str | None]]:
        return domain.tournament.knockout_sides(self.play)

    def champion(self) -> str | None:
        return domain.tournament.champion(self.play)


async def load(
    uow: UnitOfWork,
    tournament_id: int,
    tournament: Tournament | None = None,
    groups: Sequence[Group] | None = None,
) -> Snapshot:
    """The tournament as one read gives it (storage.repositories.tournaments.load), times
    on its clock. `tournament`, `groups` are not needed: that read has them anyway."""
    return await _snapshot(uow, await uow.tournaments.load(tournament_id))


async def active(uow: UnitOfWork, chat_id: int) -> Snapshot:
    """The chat's running tournament; NoActiveTournament where none runs."""
    snap = await running(uow, chat_id)
    if snap is None:
        raise NoActiveTournament(chat_id)
    return snap


async def running(uow: UnitOfWork, chat_id: int) -> Snapshot | None:
    """The chat's running tournament, or None: one statement, unless it keeps cards or lots."""
    loaded = await uow.tournaments.running(chat_id)
    return None if loaded is None else await _snapshot(uow, loaded)


async def _snapshot(uow: UnitOfWork, loaded: Loaded) -> Snapshot:
    tournament, tid = loaded.tournament, loaded.tournament.id
    # Most tournaments never record a card or a lot: the flags spare two reads per action.
    cards: tuple[Card, ...] = ()
    lots: tuple[tuple[str, ...], ...] = ()
    if tournament.settings.has_cards:
        cards = tuple(Card(team, kind) for team, kind in await uow.tiebreak.cards(tid))
    if tournament.settings.has_lots:
        lots = tuple((await uow.tiebreak.lots(tid)).values())
    return Snapshot(tournament, loaded.groups, loaded.matches, cards, lots)
