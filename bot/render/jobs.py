"""The pictures and the printable card as a worker process makes them (bot.runtime.offload).

The bot process hands these functions to `offload.in_worker`; a function pickles by its
name, so the bot imports only this module. Each imports its renderer when called, which
happens in a worker: Pillow and fpdf2 are loaded there (bot.app.WORKER_IMPORTS preloads
them in the forkserver), never in the bot process, which stays about 33 MB smaller and
starts faster. Arguments are plain values (domain dataclasses, a Snapshot), so they pickle.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from bot.render import Row
from domain.model import PlannedMatch

if TYPE_CHECKING:  # for annotations only: importing them here is what this module avoids
    from bot.usecases.snapshots import Snapshot
    from domain.selection import Selection
    from domain.standings import Table
    from domain.tiebreak import TieBreak


def fixture(
    name: str,
    rows: Sequence[Row],
    title: str | None = None,
    *,
    now: datetime | None = None,
    undated: Sequence[PlannedMatch] = (),
    upcoming: datetime | Literal["shown"] | None = "shown",
) -> bytes:
    """bot.render.picture.fixture."""
    from bot.render import picture

    return picture.fixture(name, rows, title, now=now, undated=undated, upcoming=upcoming)


def tables(name: str, groups: dict[str, Table], rule: TieBreak, *, single: bool = False) -> bytes:
    """bot.render.picture.tables."""
    from bot.render import picture

    return picture.tables(name, groups, rule, single=single)


def bracket(
    name: str,
    matches: Sequence[Row],
    sides: dict[str, tuple[str | None, str | None]],
    *,
    now: datetime | None = None,
) -> bytes | None:
    """bot.render.bracket.bracket (None without a knockout)."""
    import bot.render.bracket

    return bot.render.bracket.bracket(name, matches, sides, now=now)


def card(
    snap: Snapshot,
    printed: datetime,
    chosen: Selection | None = None,
    waits: Sequence[PlannedMatch] | None = None,
) -> bytes:
    """bot.render.printout.card, the A4 PDF."""
    from bot.render import printout

    return printout.card(snap, printed, chosen, waits)
