"""The eight-team day (eight_team_day.py) stored, and its group walked with the bot's own
Application (chatwalk.py): the setting of the tests that type into that group."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from chatwalk import Walk, walking
from eight_team_day import CHAT, NOW, stored_day

from bot.usecases import snapshots
from domain.model import Result


@asynccontextmanager
async def walking_the_day(
    folder: Path, captains: dict[str, int] | None = None
) -> AsyncIterator[Walk]:
    """The day stored in `folder` (with `captains`, {team: user}) and its group walked at NOW."""
    path = folder / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW, captains)).dispose()
    async with walking(path, CHAT, NOW) as chat:
        yield chat


async def results(walk: Walk) -> list[Result]:
    """The day's stored results, in match order."""
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    return [m.result for m in snap.matches if m.result is not None]
