"""Fair play (en centilmen takım) and cards per player, from bookings.

* `fair_play(bookings, teams, rule)`: teams by fair-play points, fewest first (UEFA's count
  by default: yellow 1, sent off after two yellows 3, direct red 3, a yellow then a direct
  red 4; `tiebreak.DisciplineRule`). Teams level on points share a rank (1, 1, 3) and keep
  the order of `teams`. Bookings of teams not in `teams` are left out.
* `cleanest(rows)`: the team(s) ranked first, for the champion's message.
* `team_cards(bookings)`: the bookings as the standings' fair-play criterion reads them
  (`standings.Card`, one per player and match).
* `player_cards(bookings, yellow_limit=)`: per player his yellows, sendings-off and points,
  and the cautions counting towards the next accumulation ban.

Every count reads the bookings through `bookings.match_cards`, so two yellows entered
separately for one match are one sending-off. Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from domain.bookings import Booking, CardKind, cautions, match_cards
from domain.collation import tr_sort_key
from domain.standings import Card
from domain.tiebreak import UEFA_DISCIPLINE, DisciplineRule

__all__ = [
    "Counts",
    "FairPlayRow",
    "PlayerCards",
    "cleanest",
    "fair_play",
    "player_cards",
    "team_cards",
]


@dataclass(frozen=True)
class Counts:
    yellows: int = 0
    second_yellows: int = 0
    reds: int = 0
    yellow_reds: int = 0

    def plus(self, kind: CardKind) -> Counts:
        return Counts(
            self.yellows + (kind == CardKind.YELLOW),
            self.second_yellows + (kind == CardKind.SECOND_YELLOW),
            self.reds + (kind == CardKind.RED),
            self.yellow_reds + (kind == CardKind.YELLOW_RED),
        )

    def points(self, rule: DisciplineRule) -> int:
        return (
            self.yellows * rule.yellow
            + self.second_yellows * rule.second_yellow
            + self.reds * rule.red
            + self.yellow_reds * rule.yellow_red
        )

    @property
    def sent_off(self) -> int:
        return self.second_yellows + self.reds + self.yellow_reds


@dataclass(frozen=True)
class FairPlayRow:
    rank: int
    team: str
    points: int
    cards: Counts


def fair_play(
    bookings: Iterable[Booking], teams: Sequence[str], rule: DisciplineRule = UEFA_DISCIPLINE
) -> tuple[FairPlayRow, ...]:
    """Teams by fair-play points, fewest first; see the module docstring."""
    counts = {team: Counts() for team in teams}
    for b in match_cards(bookings):
        if b.team in counts:
            counts[b.team] = counts[b.team].plus(b.kind)
    ordered = sorted(teams, key=lambda team: counts[team].points(rule))  # stable: input order
    rows: list[FairPlayRow] = []
    for i, team in enumerate(ordered):
        points = counts[team].points(rule)
        rank = rows[-1].rank if rows and rows[-1].points == points else i + 1
        rows.append(FairPlayRow(rank, team, points, counts[team]))
    return tuple(rows)


def cleanest(rows: Sequence[FairPlayRow]) -> tuple[str, ...]:
    """The teams ranked first (all of them when nobody was booked)."""
    return tuple(row.team for row in rows if row.rank == 1)


def team_cards(bookings: Iterable[Booking]) -> tuple[Card, ...]:
    """The bookings as `standings.Card` events (team, kind) for the fair-play criterion."""
    return tuple(Card(b.team, b.kind.value) for b in match_cards(bookings))


@dataclass(frozen=True)
class PlayerCards:
    """One booked player's cards; `towards_limit`: cautions since his last accumulation ban
    (0 without a yellow limit)."""

    team: str
    player: str
    cards: Counts
    points: int
    towards_limit: int


def player_cards(
    bookings: Iterable[Booking],
    *,
    yellow_limit: int | None = None,
    rule: DisciplineRule = UEFA_DISCIPLINE,
) -> tuple[PlayerCards, ...]:
    """Every booked player, most points first, then in Turkish alphabetical order.
    `towards_limit`: his cautions modulo `yellow_limit` (the count restarts at each ban)."""
    counts: dict[tuple[str, str], Counts] = {}
    caution_count: dict[tuple[str, str], int] = {}
    for b in match_cards(bookings):
        who = (b.team, b.player)
        counts[who] = counts.get(who, Counts()).plus(b.kind)
        caution_count[who] = caution_count.get(who, 0) + cautions(b.kind)
    rows = [
        PlayerCards(
            team,
            player,
            c,
            c.points(rule),
            caution_count[(team, player)] % yellow_limit if yellow_limit else 0,
        )
        for (team, player), c in counts.items()
    ]
    rows.sort(key=lambda r: (-r.points, tr_sort_key(r.player), tr_sort_key(r.team)))
    return tuple(rows)
