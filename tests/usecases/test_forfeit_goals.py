"""Goals and cards for a match decided hükmen (TFF Madde 23/4), on the 8-team day: the
three awarded goals are nobody's, the loser's goals never count, the winner's stand only
when it scored more than three; cards count whatever the score."""

from __future__ import annotations

import pytest
from eight_team_day import NOW, stored_day, who

from bot.texts.errors import refusal
from bot.usecases import events, forfeits, match_events, snapshots
from bot.usecases.runner import run


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    yield database
    await database.dispose()


async def _forfeit(db, text: str) -> int:
    done = await run(db, forfeits.record_forfeit, forfeits.Forfeit(text), who())
    return done.value.match.no


async def _events(db, no: int) -> list[tuple[str, str, str]]:
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.load(uow, 1)
    return [(e.player, e.team, e.kind) for e in snap.events_of(no)]


async def test_no_goal_for_a_match_awarded_3_0_but_cards_are_kept(db):
    no = await _forfeit(db, "A4")  # A1-A4 opens group A: A1 wins 3-0 hükmen
    with pytest.raises(events.TooManyGoals) as refused:
        await run(db, match_events.goals, match_events.Goals(f"{no} Ali"), who())
    text = refusal(refused.value)
    assert f"{no}. maç hükmen 3-0 sonuçlandı" in text and "kimsenin golü değildir" in text
    assert f"/kart {no}" in text
    assert await _events(db, no) == []
    await run(db, match_events.cards, match_events.Cards(f"{no} Mehmet (A4) kırmızı"), who())
    assert await _events(db, no) == [("Mehmet", "A4", "red")]


async def test_the_winners_goals_above_three_stand_and_the_losers_never_count(db):
    no = await _forfeit(db, "A4 5-1")  # left the pitch 5-1 down: 5-0 hükmen
    done = await run(db, match_events.goals, match_events.Goals(f"{no} Ali 3, Veli 2"), who())
    assert len(done.value.booked) == 2
    with pytest.raises(events.TooManyGoals) as refused:
        await run(db, match_events.goals, match_events.Goals(f"{no} Mehmet (A4)"), who())
    assert "hükmen kaybeden takımın (A4) golleri sayılmaz" in refusal(refused.value)
    assert [kind for _, _, kind in await _events(db, no)] == ["goal"] * 5
