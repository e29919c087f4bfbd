"""A season league's reminders as the sender fires them: the group the evening before each
match day, captains before their match, one nudge after the day, no per-slot messages."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from test_season_setup import CAPTAIN, CHAT, IST, NOW, ORGANISER, league_db

from bot.reminders.dispatcher import Dispatcher
from bot.usecases import reminders, results
from bot.usecases.runner import Actor


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Sender:
    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []

    async def __call__(self, chat_id: int, text: str, markup: object) -> object:
        self.sent.append((chat_id, text))
        return True


@pytest.fixture
async def db(tmp_path):
    database = await league_db(tmp_path / "d.sqlite3", (CAPTAIN, ORGANISER))
    yield database
    await database.dispose()


async def test_the_first_match_day_as_sent(db):
    clock, sender = Clock(NOW.astimezone(UTC)), Sender()
    sending = Dispatcher(db, clock, sender, bot_username="turnuva_test_bot")
    await sending.tick()
    async with db.unit_of_work() as uow:  # the day's last match has its result already
        await results.record(
            uow, results.Record(await _first_line(uow)), Actor(ORGANISER, CHAT, NOW)
        )
        await reminders.sync(uow, 1, NOW)
        await uow.commit()
    await sending.reload(changed=True)
    end = datetime(2026, 12, 6, 18, 0, tzinfo=IST).astimezone(UTC)
    while sending.next_send is not None and sending.next_send <= end:
        clock.now = max(clock.now, sending.next_send)
        await sending.fire_due()
    await sending.leadership.release()

    group = [text for chat, text in sender.sent if chat == CHAT]
    assert len(group) == 1 and group[0].startswith("📅 1. hafta yarın (6.12):")
    assert group[0].count(" Saha 1: ") == 3  # match 4 has its result: told as decided
    assert "\nOynandı: " in group[0]
    captain = [text for chat, text in sender.sent if chat == CAPTAIN]
    assert len(captain) == 1 and captain[0].startswith("⏰ Takım 1 maçınız 60 dk sonra")
    nudges = [text for chat, text in sender.sent if chat == ORGANISER]
    assert len(nudges) == 1 and nudges[0].startswith("📝 1. hafta: 3 maçın sonucu yok.")
    assert "Yazmanız yeterli:" in nudges[0]
    assert "Maç 4" not in nudges[0]


async def _first_line(uow) -> str:
    """The line of match 4 (the day's last): entered early, it is left out of the nudge."""
    plan = await uow.matches.plan(1, IST)
    last = next(m.match for m in plan if m.match.no == 4)
    assert last.week == 1 and last.start.date() == datetime(2026, 12, 6, tzinfo=IST).date()
    return f"{last.home} 1-0 {last.away}"
