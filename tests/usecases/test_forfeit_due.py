"""/hukmen Takım without a number takes the team's match that is due, never a later one, on
the form's season league (8 teams every other Sunday 14:00-17:00 from 6 December 2026)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from test_season_setup import league_db

from bot.texts.forfeits import forfeited, refusal
from bot.texts.season import week_answer as said
from bot.usecases import forfeits, snapshots
from bot.usecases.facts import week_answer
from bot.usecases.forfeit_choice import NotDue
from bot.usecases.runner import Actor, run

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -2002, 10
WEEK_3 = datetime(2027, 1, 3, 14, 0, tzinfo=IST)
_updates = count(9000)


def who(now: datetime) -> Actor:
    return Actor(user_id=ORGANISER, chat_id=CHAT, now=now.astimezone(UTC), update_id=next(_updates))


@pytest.fixture
async def db(tmp_path):
    database = await league_db(tmp_path / "f.sqlite3")
    yield database
    await database.dispose()


async def of_week(db, team: str, week: int):
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    return next(m.match for m in snap.matches if m.match.week == week and m.match.involves(team))


@pytest.mark.parametrize("minutes", [-60, 5, 200])  # before its kick-off, just after, after all
async def test_the_match_of_the_day_is_taken_not_an_earlier_or_later_one(db, minutes):
    due = await of_week(db, "Takım 1", 3)  # weeks 1 and 2 have no results either
    done = await run(
        db,
        forfeits.record_forfeit,
        forfeits.Forfeit("Takım 1"),
        who(WEEK_3 + timedelta(minutes=minutes)),
    )
    assert done.value.match.no == due.no
    assert f"({due.no}. maç, 3 Ocak)" in forfeited(done.value)


async def test_the_day_after_it_is_still_the_last_match_due(db):
    due = await of_week(db, "Takım 1", 3)
    done = await run(
        db, forfeits.record_forfeit, forfeits.Forfeit("Takım 1"), who(WEEK_3 + timedelta(days=4))
    )
    assert done.value.match.no == due.no


async def test_before_any_match_has_come_the_next_one_needs_its_number(db):
    first = await of_week(db, "Takım 1", 1)
    with pytest.raises(NotDue) as refused:
        await run(
            db,
            forfeits.record_forfeit,
            forfeits.Forfeit("Takım 1"),
            who(WEEK_3 - timedelta(days=40)),
        )
    said = refusal(refused.value)
    assert f"sıradaki {first.no}. maç" in said and f"/hukmen {first.no} Takım 1" in said


async def test_a_week_answer_tells_an_awarded_match_as_decided_not_as_to_come(db):
    due = await of_week(db, "Takım 1", 3)
    ahead = WEEK_3 - timedelta(days=3)
    text = f"{due.no} Takım 1"
    await run(db, forfeits.record_forfeit, forfeits.Forfeit(text), who(ahead))
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    answer = said(False, week_answer(snap, 3, "Takım 1", ahead))
    assert "Takım 1 maçının sonucu belli (hükmen, oynanmayacak)" in answer
    assert "0-3 (H)" in answer or "3-0 (H)" in answer
    assert "sıradaki" not in answer
