"""A scorer's name that fits two players, or is a near-typo of one, gets buttons; the
press enters the message again with the player chosen (the 8-team day)."""

from __future__ import annotations

import pytest
from eight_team_day import NOW, ORGANISER, stored_day, who

from bot.usecases import events, match_events, player_choices, result_messages, snapshots, squads
from bot.usecases.errors import NotYourButton
from bot.usecases.runner import run
from storage import Database


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    await run(database, squads.add, squads.Add("A1: Ali Yılmaz, Ali Demir, Mehmet Kaya"), who())
    yield database
    await database.dispose()


async def refused(db: Database, source: str, text: str) -> player_choices.PlayerChoice:
    """The message refused for its unclear name, and the question asked about it."""
    with pytest.raises(events.AmbiguousPlayer) as unclear:
        if source == "message":
            await run(db, result_messages.record, result_messages.Message(text), who())
        else:
            await run(db, match_events.goals, match_events.Goals(text), who())
    command = player_choices.AskPlayer(source, text, unclear.value)
    return (await run(db, player_choices.ask, command, who())).value


async def press(db: Database, choice: str, user: int = ORGANISER) -> player_choices.Chosen:
    command = player_choices.Choose(ORGANISER, choice)
    return (await run(db, player_choices.choose, command, who(user))).value


async def scorers(db: Database) -> list[tuple[int, str]]:
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.load(uow, 1)
    return [(e.match_no, e.player) for e in snap.events]


async def test_a_name_of_two_players_asks_and_the_press_stores_the_message(db):
    asked = await refused(db, "message", "A1 2-0 A4\ngoller: Ali 2")
    assert asked.options == (("Ali Yılmaz", "A1"), ("Ali Demir", "A1")) and not asked.typo
    assert await scorers(db) == []  # nothing of the message stored yet
    chosen = await press(db, "1")
    assert chosen.player == "Ali Demir"
    (entered,) = chosen.value
    assert entered.outcome.score.home_goals == 2
    assert await scorers(db) == [(entered.match.no, "Ali Demir")] * 2


async def test_a_near_typo_is_asked_about_never_taken(db):
    asked = await refused(db, "message", "A1 1-0 A4\ngoller: Mehmt")
    assert asked.typo and asked.options == (("Mehmet Kaya", "A1"),)
    await press(db, "0")
    assert [p for _, p in await scorers(db)] == ["Mehmet Kaya"]


async def test_gol_asks_too_and_a_second_unclear_name_asks_again(db):
    await run(db, result_messages.record, result_messages.Message("A1 2-0 A4"), who())
    await refused(db, "goals", "1 Ali, Ali")
    with pytest.raises(player_choices.StillUnclear) as again:
        await press(db, "0")
    assert again.value.text == "1 Ali Yılmaz, Ali"
    second = player_choices.AskPlayer("goals", again.value.text, again.value.error)
    await run(db, player_choices.ask, second, who())
    chosen = await press(db, "1")
    assert [b.player for b in chosen.value.booked] == ["Ali Yılmaz", "Ali Demir"]


async def test_only_the_writer_presses_and_vazgec_drops_the_message(db):
    await refused(db, "message", "A1 1-0 A4\ngoller: Ali")
    with pytest.raises(NotYourButton):
        await press(db, "0", user=ORGANISER + 1)
    assert (await press(db, "x")).cancelled
    with pytest.raises(NotYourButton):  # used up
        await press(db, "0")
    assert await scorers(db) == []


def test_the_buttons_data_fits_telegrams_64_bytes():
    longest = f"pl:{2**63 - 1}:{player_choices.MAX_OPTIONS - 1}"
    assert len(longest.encode()) <= 64
