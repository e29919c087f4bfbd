"""Bookings (kart): one player's card in one match, and what it counts for.

`Booking(match_no, team, player, kind)`, `kind` a `domain.tiebreak.CardKind`:

==============  ====================================  ========  =========  ===========
kind            what the referee showed               sent off  fair play  cautions
==============  ====================================  ========  =========  ===========
yellow          a yellow card                         no        1          1
second_yellow   a second yellow in the match (TFF     yes       3          0
                md. 94/5: a sending-off)
red             a direct red                          yes       3          0
yellow_red      a yellow, then a direct red           yes       4          1
==============  ====================================  ========  =========  ===========

Fair-play points are UEFA's (`tiebreak.UEFA_DISCIPLINE`, fewest best). "Cautions" are
what counts towards a yellow-card limit: the two yellows of a sending-off are the
sending-off itself and count no further; a yellow followed by a direct red stays a
caution (UEFA's practice).

`match_cards(bookings)`: one booking per player and match, however it was entered: two
yellows in one match (`/kart 7 Veli sarı` twice) are a second_yellow, a yellow and a red a
yellow_red. Every other function here and in `domain.discipline` / `domain.fairplay`
reads bookings through it. Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.tiebreak import CardKind

__all__ = ["SENDING_OFF", "Booking", "CardKind", "cautions", "kind_of", "match_cards"]

SENDING_OFF = frozenset((CardKind.SECOND_YELLOW, CardKind.RED, CardKind.YELLOW_RED))


@dataclass(frozen=True)
class Booking:
    """`player` of `team` booked in match `match_no` (`kind` as in the module table)."""

    match_no: int
    team: str
    player: str
    kind: CardKind

    @property
    def sent_off(self) -> bool:
        return self.kind in SENDING_OFF


def _yellows_and_red(kind: CardKind) -> tuple[int, bool]:
    return {
        CardKind.YELLOW: (1, False),
        CardKind.SECOND_YELLOW: (2, False),
        CardKind.RED: (0, True),
        CardKind.YELLOW_RED: (1, True),
    }[CardKind(kind)]


def kind_of(yellows: int, red: bool) -> CardKind:
    """The booking of a player shown `yellows` yellows (2 or more: sent off) and maybe a
    direct red in one match."""
    if yellows >= 2:
        return CardKind.SECOND_YELLOW
    if red:
        return CardKind.YELLOW_RED if yellows == 1 else CardKind.RED
    if yellows == 1:
        return CardKind.YELLOW
    raise ValueError("a booking needs a yellow or a red")


def cautions(kind: CardKind) -> int:
    """How many yellows of this booking count towards a yellow-card limit."""
    return 1 if kind in (CardKind.YELLOW, CardKind.YELLOW_RED) else 0


def match_cards(bookings: Iterable[Booking]) -> tuple[Booking, ...]:
    """One booking per (match, team, player), combined, in order of first appearance."""
    combined: dict[tuple[int, str, str], tuple[int, bool]] = {}
    for b in bookings:
        k = (b.match_no, b.team, b.player)
        yellows, red = _yellows_and_red(b.kind)
        seen_yellows, seen_red = combined.get(k, (0, False))
        combined[k] = (seen_yellows + yellows, seen_red or red)
    return tuple(
        Booking(no, team, player, kind_of(yellows, red))
        for (no, team, player), (yellows, red) in combined.items()
    )
