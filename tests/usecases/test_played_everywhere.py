"""An awarded match is a played match to every reminder, and a delay tells each captain
every match of theirs it moved, correcting a reminder sent with the old time.

The day is DOMAIN.md's 8-team day (two groups of four, two pitches, 10:00 first round,
26+4 slots); A2 plays 10:00 and 11:00 on pitch 2, then 12:00 on pitch 1.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from eight_team_day import CHAT, IST, ORGANISER, stored_day

from bot.reminders.messages import Stored, render
from bot.texts import schedule as texts
from bot.texts.reminders import evening_reminder
from bot.usecases import forfeits, reminders, runner, schedule, snapshots
from bot.usecases.runner import Actor
from domain.model import PlannedMatch, Score, Stage
from storage.records import PendingReminder

CAPTAIN_A2 = 21


def at(hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, 6, hour, minute, tzinfo=IST).astimezone(UTC)


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    database = await stored_day(url, at(9), {"A2": CAPTAIN_A2})
    async with database.unit_of_work() as uow:
        await uow.private_chats.add(CAPTAIN_A2, at(9))
        await reminders.sync(uow, 1, at(9))
        await uow.commit()
    yield database
    await database.dispose()


async def snapshot(db) -> snapshots.Snapshot:
    async with db.unit_of_work(read_only=True) as uow:
        return await snapshots.load(uow, 1)


async def mark_sent(db, match_no: int, recipient: int, now: datetime) -> None:
    """What the sender does with a reminder it delivered: claim it, then finish it."""
    async with db.unit_of_work() as uow:
        rows = await uow.reminders.pending(1)
        row = next(r for r in rows if r.match_no == match_no and r.recipient == recipient)
        assert await uow.reminders.claim(row.id, row.due_at, now)
        assert await uow.reminders.finish(row.id, "sent", now)
        await uow.commit()


def a2_matches(snap: snapshots.Snapshot) -> list[int]:
    return sorted(
        (m.match.no for m in snap.matches if m.match.involves("A2")),
        key=lambda no: next(m.match.start for m in snap.matches if m.match.no == no),
    )


async def test_a_delay_tells_a_captain_every_moved_match_and_corrects_a_sent_reminder(db):
    snap = await snapshot(db)
    first, *later = a2_matches(snap)
    second = later[0]
    await mark_sent(db, second, CAPTAIN_A2, at(10, 0))  # "kaptan:60" for the 11:00 match

    done = await runner.run(
        db, schedule.delay, schedule.Delay("15"), Actor(ORGANISER, CHAT, at(10, 20))
    )

    (notice,) = done.value.notices
    assert notice.user_id == CAPTAIN_A2
    moved = [new.no for _, new in notice.changes]
    assert first not in moved  # under way at 10:20: not moved
    assert moved == later  # every later match of A2, not only the next
    assert notice.reminded == (second,)
    text = texts.captain_notice(notice)
    assert text.startswith(f"⏱ A2: {len(later)} maçınızın saati değişti.")
    assert "⚠️ Düzeltme: hatırlatmadaki 11:00 geçersiz, maç" in text and "11:15" in text
    assert text.count("Düzeltme") == 1


async def test_an_awarded_match_gets_no_reminder_and_leaves_its_slot_message(db):
    snap = await snapshot(db)
    a2 = a2_matches(snap)[1]
    match = next(m.match for m in snap.matches if m.match.no == a2)
    forfeit = forfeits.Forfeit(f"{a2} A2")
    await runner.run(db, forfeits.record_forfeit, forfeit, Actor(ORGANISER, CHAT, at(9, 30)))
    async with db.unit_of_work(read_only=True) as uow:
        pending = await uow.reminders.pending(1)
    assert not [r for r in pending if r.match_no == a2 and r.kind != "sonuc"]
    assert not [r for r in pending if r.match_no == a2]  # nor its result nudge

    after = await snapshot(db)
    stored = Stored(after, {"A2": (CAPTAIN_A2,)}, frozenset({CAPTAIN_A2}))
    stored.by_id = {m.id: m for m in after.matches}
    same_slot = next(m for m in after.matches if m.match.start == match.start and m.match.no != a2)
    row = PendingReminder(
        1, 1, CHAT, same_slot.id, same_slot.match.no, CHAT, "grup:30",
        same_slot.match.start, same_slot.match.start, same_slot.match.end,
    )  # fmt: skip
    text, _ = render(row, stored, at(10, 30), reachable=set(), bot_username="bot")
    assert "A2" not in text  # the slot's message lists what is still to play
    mine = next(m for m in after.matches if m.match.no == a2)
    captain = PendingReminder(
        2, 1, CHAT, mine.id, a2, CAPTAIN_A2, "kaptan:60", mine.match.start,
        mine.match.start, mine.match.end,
    )  # fmt: skip
    assert render(captain, stored, at(10), reachable=set(), bot_username="bot") is None


def test_the_evening_message_tells_an_awarded_match_as_decided():
    sunday = datetime(2027, 3, 14, 14, 0, tzinfo=IST)

    def match(no: int, home: str, away: str, start: datetime) -> PlannedMatch:
        end = start + timedelta(minutes=30)
        return PlannedMatch(no, Stage.LEAGUE, "A", 5, "Saha 1", start, end, home, away, week=5)

    open_ = [
        match(17, "Kartallar", "Aslanlar", sunday),
        match(18, "Kurtlar", "Ayılar", sunday + timedelta(minutes=35)),
    ]
    awarded = match(20, "Şahinler", "Yıldızspor", sunday + timedelta(minutes=105))
    now = datetime(2027, 3, 13, 20, 0, tzinfo=IST)
    text = evening_reminder(5, open_, now, [(awarded, Score(3, 0, forfeit="away"))])
    assert text.startswith("📅 5. hafta yarın (14.03):")
    assert "15:45" not in text and "Şahinler – Yıldızspor" not in text
    assert "Oynanmayacak: Şahinler 3-0 Yıldızspor (hükmen)" in text
