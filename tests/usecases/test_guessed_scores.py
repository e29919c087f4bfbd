"""A score guessed, hoped for or asked about in the group ("A1 3-1 A4 olur bence",
"A1 3-1 A4 olursa lider biziz", "A1 3-1 A4 mi?") is chat: even an organiser's is not
stored as the match's result (it was, an hour before the match). The plain line still is."""

from __future__ import annotations

import pytest
from chatwalk import walking
from eight_team_day import CHAT, NOW, ORGANISER, stored_day

from bot.usecases import snapshots


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


@pytest.mark.parametrize(
    "typed",
    [
        "A1 3-1 A4 olur bence",
        "bence A1 3-1 A4",
        "A1 3-1 A4 olursa grubu lider bitiririz",
        "A1 3-1 A4 mi?",
        "A1 3-1 A4 mı bitti",
        "A1 3-1 A4 inşallah",
        "A1 A4'ü 3-1 yener",
        "A1 3-1 A4?",
    ],
)
async def test_an_organisers_guess_is_not_stored(walk, typed):
    assert await walk.send(ORGANISER, typed) == []
    assert await results(walk) == []


async def test_the_plain_line_after_it_is_stored(walk):
    await walk.send(ORGANISER, "A1 3-1 A4 olur bence")
    said = await walk.say(ORGANISER, "A1 3-1 A4 maçı bitti")
    assert said.startswith("✅ Kaydedildi: A1 3-1 A4"), said
    assert len(await results(walk)) == 1
