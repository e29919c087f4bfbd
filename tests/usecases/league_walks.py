"""Issue 23's season league (test_issue23_why.FORM: eight teams, every Sunday from 10
January) set up by its organiser in its group and walked with the bot's own Application
(chatwalk.py): the setting of the tests that ask about a league's weeks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from chatwalk import Walk, walking
from test_issue23_why import CHAT, FORM, ORGANISER, TUESDAY


@asynccontextmanager
async def walking_the_league(
    folder: Path, captains: dict[int, str] | None = None
) -> AsyncIterator[Walk]:
    """The league set up in `folder` on TUESDAY, `captains` ({user: team}) claimed."""
    async with walking(folder / "league.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, FORM)
        await walk.press(ORGANISER, "Oluştur")
        for user, team in (captains or {}).items():
            await walk.say(user, f"/kaptan {team}")
        yield walk
