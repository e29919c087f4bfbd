"""Plain group messages that may be results, through the use case, on the 8-team day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from eight_team_day import CHAT, IST, KICKOFF, ORGANISER, stored_day

from bot.texts.results import unclear_result
from bot.usecases import result_messages, results
from bot.usecases.runner import Actor, run
from domain.result_lines import Problem

CAPTAIN_A1, SUPPORTER = 20, 30


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", _at(8, 0))
    async with database.unit_of_work() as uow:
        await uow.teams.add_captain(1, "A1", CAPTAIN_A1)
        await uow.commit()
    yield database
    await database.dispose()


def _at(hour: int, minute: int) -> datetime:
    return KICKOFF.replace(hour=hour, minute=minute).astimezone(UTC)


async def read(db, text: str, user: int = ORGANISER, now: datetime | None = None, chat=CHAT):
    who = Actor(user, chat, now or _at(10, 30))
    return (await run(db, result_messages.read, result_messages.Message(text), who)).value


@pytest.mark.parametrize("text", ["A1 3 A4 1", "A1 3 - A4 1", "A1 3 1 A4", "A1 A4 3-1"])
async def test_an_organisers_line_in_any_shape_is_entered_and_recorded(db, text):
    told = await read(db, text)
    assert isinstance(told, result_messages.Enter)
    who = Actor(ORGANISER, CHAT, _at(10, 30))
    entered = (await run(db, results.record, results.Record(told.line), who)).value
    assert (entered.match.home, entered.match.away) == ("A1", "A4")
    assert (entered.outcome.score.home_goals, entered.outcome.score.away_goals) == (3, 1)


async def test_a_captains_own_score_becomes_his_current_match_line(db):
    assert await read(db, "3-1 kazandık", CAPTAIN_A1, _at(10, 28)) == result_messages.Enter(
        "A1 3-1 A4"
    )
    assert await read(db, "1-3 kaybettik", CAPTAIN_A1, _at(10, 28)) == result_messages.Enter(
        "A1 1-3 A4"
    )


async def test_the_same_words_from_a_supporter_are_chat(db):
    assert await read(db, "3-1 kazandık", SUPPORTER) is None
    assert await read(db, "2-2 kazandık", SUPPORTER) is None


async def captains_results_on(db) -> None:
    """The hints below name a line the captain may type: with captains' results on (off,
    he is told that the organisers enter results: test_captain_results_off_hint.py)."""
    async with db.unit_of_work() as uow:
        await uow.tournaments.update_settings(1, captains_may_enter_results=True)
        await uow.commit()


async def test_a_captain_without_a_started_match_is_told_to_name_both_teams(db):
    await captains_results_on(db)
    told = await read(db, "3-1 kazandık", CAPTAIN_A1, _at(8, 30))
    assert isinstance(told, result_messages.Clarify)
    assert told.unclear.problem is Problem.NO_CURRENT_MATCH
    assert "A1 3-1" in unclear_result(told.unclear)


async def test_a_captain_naming_another_opponent_is_not_recorded(db):
    await captains_results_on(db)
    told = await read(db, "A3'ü 3-1 yendik", CAPTAIN_A1, _at(10, 20))
    assert isinstance(told, result_messages.Clarify)
    assert told.unclear.problem is Problem.NOT_YOUR_MATCH


async def test_two_teams_and_numbers_get_the_shape_to_type(db):
    told = await read(db, "A1 3 A4")
    assert isinstance(told, result_messages.Clarify)
    assert unclear_result(told.unclear) == (
        '🤔 "A1 3 A4": A1 ile A4 var ama skoru okuyamadım. Şöyle yazın: A1 3-1 A4'
    )


@pytest.mark.parametrize(
    "text", ["maç çok güzeldi 2-1 bitti ama", "yarın 20:00 sahada olun", "ne zaman oynuyoruz"]
)
async def test_ordinary_chat_gets_nothing(db, text):
    assert await read(db, text) is None
    assert await read(db, text, CAPTAIN_A1) is None


async def test_a_chat_without_a_tournament_gets_nothing(db):
    assert await read(db, "A1 3-1 A4", chat=CHAT + 1) is None


def test_the_clock_is_istanbuls():
    assert KICKOFF.tzinfo == IST and _at(10, 0) == KICKOFF - timedelta(0)


async def test_a_round_pasted_at_once_is_entered_line_by_line(db):
    told = await read(db, "A1 3-1 A4\nA2 2 A3 2")
    assert told == result_messages.Enter("A1 3-1 A4", ("A2 2 A3 2",))
