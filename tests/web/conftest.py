"""The public pages' tests: the 8-team day stored (tests/usecases/eight_team_day.py), its
link made through the use case, and the ASGI app driven in the test's own event loop."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "usecases"))

from eight_team_day import CHAT, KICKOFF, ORGANISER, stored_day

from bot.usecases import links
from bot.usecases.runner import Actor, run
from bot.web.app import make_app
from bot.web.site import Site

BEFORE = (KICKOFF - timedelta(hours=1)).astimezone(UTC)


class Clock:
    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at


def organiser(now: datetime = BEFORE, update_id: int | None = None) -> Actor:
    return Actor(user_id=ORGANISER, chat_id=CHAT, now=now, update_id=update_id)


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", BEFORE)
    yield database
    await database.dispose()


@pytest.fixture
def clock() -> Clock:
    return Clock(BEFORE)


@pytest.fixture
async def site(db, clock) -> AsyncIterator[Site]:
    found = Site(db, clock, "https://turnuva.example.org", poll=3600)
    yield found
    await found.close()


@pytest.fixture
async def token(db) -> str:
    return (await run(db, links.show, links.Show(), organiser())).value.token


@pytest.fixture
async def client(site) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=make_app(site))
    async with httpx.AsyncClient(transport=transport, base_url="http://pages") as c:
        yield c
