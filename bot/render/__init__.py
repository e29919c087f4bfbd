"""Files made from a tournament: pictures, the printable card, calendar and CSV.

Every function here is pure: a Snapshot (or anything shaped like one) in, bytes out, so each
is tested without Telegram and without a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path

from domain.model import PlannedMatch, Score

FONTS = Path(__file__).resolve().parent / "fonts"
REGULAR = FONTS / "DejaVuSans.ttf"
BOLD = FONTS / "DejaVuSans-Bold.ttf"

Row = tuple[PlannedMatch, Score | None]


def next_slot(rows: Sequence[Row], now: datetime | None = None) -> datetime | None:
    """The kick-off of the next slot by the clock: the earliest match without a result that
    has not ended by `now` (None: nothing left). A match over without a result is not
    "next" (see `missing`); without `now`, simply the earliest match without a result."""
    return min((m.start for m, r in rows if r is None and not _over(m, now)), default=None)


def missing(rows: Sequence[Row], now: datetime | None) -> list[PlannedMatch]:
    """Matches over by `now` whose result is not in yet (both sides known)."""
    if now is None:
        return []
    return [m for m, r in rows if r is None and _over(m, now) and m.home and m.away]


def _over(m: PlannedMatch, now: datetime | None) -> bool:
    return now is not None and m.end <= now


def shown_codes(matches: Iterable[PlannedMatch]) -> list[str]:
    """The plan's codes a picture shows in place of a team still unknown (1A, W13, 3.1)."""
    pairs = ((c, t) for m in matches for c, t in ((m.home_from, m.home), (m.away_from, m.away)))
    return list(dict.fromkeys(c for c, t in pairs if c and t is None))
