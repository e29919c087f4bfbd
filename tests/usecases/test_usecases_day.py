"""The article's 8-team day through the use cases, on a real SQLite file, without Telegram."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from eight_team_day import CHAT, GROUP_RESULTS, IST, KICKOFF, ORGANISER, stored_day

from bot.usecases import questions, results
from bot.usecases.errors import AlreadyPlayed, NeedsPenalties, NotOrganiser
from bot.usecases.runner import Actor, run
from domain.model import Stage

CAPTAIN, STRANGER = 20, 30


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", _now())
    yield database
    await database.dispose()


def _now(minutes: int = 0) -> datetime:
    return (KICKOFF - timedelta(hours=1) + timedelta(minutes=minutes)).astimezone(UTC)


async def enter(db, text, user=ORGANISER, update_id=None, correct=False):
    """A result line through the runner; a line the bot asks about instead raises what it
    asks (AlreadyPlayed: a played match, offered as a correction)."""
    who = Actor(user, CHAT, _now(), update_id)
    done = await run(db, results.record, results.Record(text, correct=correct), who)
    if isinstance(done.value, results.Asked):
        raise done.value.question
    return done.value


async def test_the_whole_day_fills_semis_then_final_then_names_the_champion(db):
    for line in GROUP_RESULTS[:11]:
        entered = await enter(db, line)
        assert not entered.filled or entered.group_done
    last = await enter(db, GROUP_RESULTS[11])
    assert last.group_done == "B"
    semis = {m.key: (m.home, m.away) for m in last.filled if m.stage is Stage.SEMI}
    assert semis == {"SF1": ("A1", "B4"), "SF2": ("B2", "A2")}
    await enter(db, "A1 2-0 B4")
    with pytest.raises(NeedsPenalties):
        await enter(db, "B2 1-1 A2")
    semi2 = await enter(db, "B2 1-1 A2 pen 3-4")
    assert {m.stage for m in semi2.filled} == {Stage.FINAL, Stage.THIRD}
    await enter(db, "B4 1-0 B2")
    final = await enter(db, "A2 0-2 A1")  # named away-first: stored as A1 2-0 A2
    assert final.champion == "A1"
    async with db.unit_of_work() as uow:
        out = await questions.next_match(uow, CHAT, STRANGER, _now(), team_hint="A2")
    assert out.match is None and out.place == "2"


async def test_the_same_update_twice_stores_one_result(db):
    first = await enter(db, "A1 3-1 A4", update_id=777)
    again = await enter(db, "A1 3-1 A4", update_id=777)
    assert not first.outcome.duplicate and again.outcome.duplicate
    assert again.outcome.score == first.outcome.score


async def test_a_second_result_for_a_played_match_asks_before_replacing(db):
    await enter(db, "A1 3-1 A4")
    with pytest.raises(AlreadyPlayed) as asked:
        await enter(db, "A1 2-1 A4")
    assert asked.value.stored.home_goals == 3
    corrected = await enter(db, "A1 2-1 A4", correct=True)
    assert corrected.outcome.previous.home_goals == 3
    assert corrected.table[1].row("A1").goals_for == 2


async def test_a_stranger_cannot_enter_results_and_nothing_is_stored(db):
    with pytest.raises(NotOrganiser):
        await enter(db, "A1 3-1 A4", user=STRANGER)
    async with db.unit_of_work() as uow:
        plan = await uow.matches.plan(1)
    assert all(m.result is None for m in plan)


async def test_a_captain_gets_the_next_match_with_opponent_and_pitch(db):
    async with db.unit_of_work() as uow:
        await uow.teams.add_captain(1, "B3", CAPTAIN)
        await uow.commit()
    async with db.unit_of_work() as uow:
        answer = await questions.next_match(uow, CHAT, CAPTAIN, _now())
    assert answer.team == "B3"
    assert answer.match.start == datetime(2026, 12, 6, 10, 30, tzinfo=IST)
    assert "B2" in (answer.match.home, answer.match.away)
