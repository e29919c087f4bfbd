"""The plain forfeit lines typed by a member, in the bot's own Application
(tests/usecases/chatwalk.py): "A4 hükmen" asks for a decision only organisers take and is
refused, naming it (it met silence); "A4 gelmedi" and a line of no team ("Hakem hükmen")
stay chat; nothing is stored either way."""

from __future__ import annotations

import pytest
from chatwalk import walking
from eight_team_day import CHAT, NOW, ORGANISER, stored_day

from bot.usecases import snapshots

MEMBER = 4242


async def results(walk) -> list[object]:
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    return [m.result for m in snap.matches if m.result is not None]


@pytest.fixture
async def walk(tmp_path):
    path = tmp_path / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as chat:
        yield chat


@pytest.mark.parametrize("typed", ["A4 hükmen", "a4 hukmen!"])
async def test_a_members_hukmen_line_is_refused_naming_the_decision(walk, typed):
    said = await walk.say(MEMBER, typed)
    assert said.startswith("Hükmen kararını yalnızca düzenleyenler girebilir."), said
    assert await results(walk) == []


@pytest.mark.parametrize("typed", ["A4 gelmedi", "Hakem hükmen", "hakem gelmedi"])
async def test_a_members_late_team_talk_stays_chat(walk, typed):
    assert await walk.send(MEMBER, typed) == []
    assert await results(walk) == []


async def test_the_organisers_line_is_still_recorded(walk):
    assert "⚖️ Hükmen:" in await walk.say(ORGANISER, "A4 hükmen")
    assert len(await results(walk)) == 1
