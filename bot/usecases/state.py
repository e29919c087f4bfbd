"""A tournament as the use cases see it: settings, draw, stored plan, derived tables."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from zoneinfo import ZoneInfo

from domain import progress, tiebreak
from domain.model import Group, PlannedMatch, Result, Stage
from domain.standings import Card, PointsRule, Table
from storage import UnitOfWork
from storage.errors import NoActiveTournament
from storage.records import StoredMatch, Tournament

PLAYOFF = "PO"  # the key's prefix of a play-off match (bot/usecases/weeks.plan_playoff)


def is_playoff(match: PlannedMatch) -> bool:
    """A play-off between teams level after every criterion: no table counts it."""
    return (match.key or "").startswith(PLAYOFF)


@dataclass(frozen=True)
class Snapshot:
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
    def rules(self) -> progress.Rules:
        name = self.tournament.settings.tie_break
        rule = tiebreak.custom(name.split(",")) if "," in name else tiebreak.preset(name)
        # /ayarlar hukmen_puan_sil acik: a forfeit also costs a win's points (FMT Madde 24)
        points = PointsRule(forfeit_deduction=self.tournament.settings.forfeit_deduction)
        # A play-off's result settles its tie the way a lot does: winner first.
        return progress.Rules(
            tiebreak=rule, points=points, cards=self.cards, lots=self.lots + self.playoff_order
        )

    @property
    def playoff_order(self) -> tuple[tuple[str, str], ...]:
        """(winner, loser) of every play-off played (a TFF tie after every criterion)."""
        won = []
        for m in self.matches:
            if is_playoff(m.match) and m.result is not None and m.match.home and m.match.away:
                side = m.result.winner_side()
                if side is not None:
                    home, away = m.match.home, m.match.away
                    won.append((home, away) if side == "home" else (away, home))
        return tuple(won)

    @property
    def annulled(self) -> frozenset[str]:
        """Teams that withdrew with their results annulled (/cekil): out of every table."""
        return frozenset(w.team for w in self.tournament.settings.withdrawn if w.annulled)

    @property
    def table_groups(self) -> tuple[Group, ...]:
        """The groups as their tables show them (annulled withdrawals left out)."""
        out = self.annulled
        if not out:
            return self.groups
        return tuple(Group(g.label, tuple(t for t in g.teams if t not in out)) for g in self.groups)

    def group_results(self) -> list[Result]:
        out = self.annulled
        return [
            Result(m.match.home, m.match.away, m.result)  # type: ignore[arg-type]
            for m in self.matches
            if m.result is not None
            and not m.match.stage.is_knockout
            and not is_playoff(m.match)
            and not ({m.match.home, m.match.away} & out)
        ]

    def group_of(self, team: str) -> Group | None:
        return next((g for g in self.groups if team in g.teams), None)

    def tables(self) -> dict[str, Table]:
        return progress.group_tables(self.table_groups, self.group_results(), self.rules)

    def table(self, label: str) -> Table:
        """One group's table, without computing the others."""
        group = next(g for g in self.table_groups if g.label == label)
        return progress.group_tables((group,), self.group_results(), self.rules)[label]

    def group_finished(self, label: str) -> bool:
        members = set(next(g.teams for g in self.groups if g.label == label))
        mine = [
            m
            for m in self.matches
            if not m.match.stage.is_knockout and not is_playoff(m.match) and m.match.home in members
        ]
        return bool(mine) and all(m.result is not None for m in mine)

    def knockout_sides(self) -> dict[str, tuple[str | None, str | None]]:
        """Every knockout tie's teams as results allow (group places, winners, losers)."""
        ties = progress.ties_from_plan(self.planned)
        if not ties:
            return {}
        per_group = {
            g.label: sum(
                1
                for m in self.matches
                if not m.match.stage.is_knockout
                and not is_playoff(m.match)
                and m.match.home in g.teams
            )
            for g in self.groups
        }
        best = [s for t in ties for s in (t.home, t.away) if isinstance(s, progress.BestOfPlace)]
        results = self.group_results()
        # Places come from finished groups only (a group counts as finished as in
        # progress.places: as many results between its teams as it has matches), and the
        # best n-th placed only once every group is: the tables of open groups, the most
        # work here, are left out while they cannot decide anything (missing = None).
        finished = [g for g in self.groups if _played(g, results) == per_group[g.label]]
        if len(finished) < len(self.groups):
            best = []
        known = progress.places(finished, results, per_group, self.rules, best)
        played = {
            m.match.key: (m.match.home, m.match.away, m.result)
            for m in self.matches
            if m.match.key and m.result is not None and m.match.home and m.match.away
        }
        return progress.sides(ties, known, played)  # type: ignore[arg-type]

    def champion(self) -> str | None:
        final = next((m for m in self.matches if m.match.stage is Stage.FINAL), None)
        if final is None or final.result is None:
            return None
        side = final.result.winner_side()
        return final.match.home if side == "home" else final.match.away


def _played(group: Group, results: list[Result]) -> int:
    members = set(group.teams)
    return sum(1 for r in results if r.home in members and r.away in members)


async def load(
    uow: UnitOfWork, tournament_id: int, tournament: Tournament | None = None
) -> Snapshot:
    """Times come back in UTC from storage; here they turn into the tournament's clock."""
    tournament = tournament or await uow.tournaments.get(tournament_id)
    groups = await uow.teams.groups(tournament_id)
    matches = await uow.matches.plan(tournament_id, ZoneInfo(tournament.settings.time_zone))
    # Most tournaments never record a card or a lot: the flags spare two reads per action.
    cards: tuple[Card, ...] = ()
    lots: tuple[tuple[str, ...], ...] = ()
    if tournament.settings.has_cards:
        cards = tuple(Card(team, kind) for team, kind in await uow.tiebreak.cards(tournament_id))
    if tournament.settings.has_lots:
        lots = tuple((await uow.tiebreak.lots(tournament_id)).values())
    return Snapshot(tournament, groups, tuple(matches), cards, lots)


async def active(uow: UnitOfWork, chat_id: int) -> Snapshot:
    tournament = await uow.tournaments.active_for_chat(chat_id)
    if tournament is None:
        raise NoActiveTournament(chat_id)
    return await load(uow, tournament.id, tournament)
