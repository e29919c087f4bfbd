"""Files made from a tournament: pictures, the printable card, calendar and CSV.

Every function here is pure: a Snapshot (or anything shaped like one) in, bytes out, so each
is tested without Telegram and without a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from domain.model import PlannedMatch, Score
from domain.selection import Kind

FONTS = Path(__file__).resolve().parent / "fonts"
REGULAR = FONTS / "DejaVuSans.ttf"
BOLD = FONTS / "DejaVuSans-Bold.ttf"

Row = tuple[PlannedMatch, Score | None]


def next_slot(rows: Sequence[Row], now: datetime | None = None) -> datetime | None:
    """The kick-off of the next slot by the clock: the earliest match without a result that
    has not ended by `now` (None: nothing left). A match over without a result is not
    "next" (see `missing`); without `now`, simply the earliest match without a result."""
    return min((m.start for m, r in rows if r is None and not _over(m, now)), default=None)


# Selections whose own next match is marked ▶ (a week's or a day's: only the tournament's).
OWN_NEXT = frozenset({Kind.TEAM, Kind.GROUP, Kind.PITCH})


def next_shown(
    rows: Sequence[Row],
    every: Sequence[Row],
    now: datetime | None = None,
    *,
    kind: Kind | None = None,
) -> datetime | None:
    """The slot to mark ▶ among the `rows` shown. A team's, a group's or a pitch's (`kind`)
    is its own next one. A week's or a day's is the tournament's next slot (`next_slot`
    over `every` match), if it is among them: "/fikstur hafta 2" before week 1 marks
    nothing as next, as week 1's match is."""
    if kind in OWN_NEXT:
        return next_slot(rows, now)
    upcoming = next_slot(every, now)
    shown = any(m.start == upcoming and r is None and not _over(m, now) for m, r in rows)
    return upcoming if shown else None


def missing(rows: Sequence[Row], now: datetime | None) -> list[PlannedMatch]:
    """Matches over by `now` whose result is not in yet (both sides known)."""
    if now is None:
        return []
    return [m for m, r in rows if r is None and _over(m, now) and m.home and m.away]


def _over(m: PlannedMatch, now: datetime | None) -> bool:
    return now is not None and m.end <= now
