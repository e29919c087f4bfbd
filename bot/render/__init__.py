"""Files made from a tournament: pictures, the printable card, calendar and CSV.

Every function here is pure: a Snapshot (or anything shaped like one) in, bytes out, so each
is tested without Telegram and without a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from domain.model import PlannedMatch, Score

FONTS = Path(__file__).resolve().parent / "fonts"
REGULAR = FONTS / "DejaVuSans.ttf"
BOLD = FONTS / "DejaVuSans-Bold.ttf"

Row = tuple[PlannedMatch, Score | None]


def next_slot(rows: Sequence[Row]) -> datetime | None:
    """The kick-off time of the earliest match still without a result (None: all played)."""
    return min((m.start for m, r in rows if r is None), default=None)
