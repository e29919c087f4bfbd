"""A refusal made in a planning worker reaches the organiser as its Turkish text (issue 24):
the two set-ups that broke the worker pool ("Bir şeyler ters gitti" and BrokenProcessPool,
since their refusals did not survive pickling) go the bot's way, the form through the use
case on real storage and the guided steps through setup_steps, then the summary's plan
through the real worker pool (planning.build_off_loop)."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.runtime import offload
from bot.texts.errors import refusal
from bot.usecases import planning, setup
from bot.usecases.runner import Actor, run
from bot.usecases.setup_steps import Answers, take
from domain.draw import GroupCountError
from domain.season import RoundDoesNotFit
from storage import Database, migrate

IST = ZoneInfo("Europe/Istanbul")
NOW = datetime(2026, 12, 1, 22, 0, tzinfo=IST).astimezone(UTC)
CHAT, ORGANISER = -100, 7


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    yield database
    await database.dispose()


async def planned_refusal(answers: Answers) -> Exception:
    """What the summary's plan raises, built as the bot builds it: in a worker."""
    with pytest.raises(Exception) as caught:
        await planning.build_off_loop(answers.seeded(NOW).spec())
    return caught.value


async def test_a_season_round_too_long_for_its_window_is_refused_in_turkish(db):
    form = "Pazar Ligi | 8 takım | her pazar 14:00-14:30 | 30+5"
    answers = (await run(db, setup.read_form, setup.Form(form), Actor(ORGANISER, CHAT, NOW))).value
    refused = await planned_refusal(answers)
    assert isinstance(refused, RoundDoesNotFit)
    assert (refused.week, refused.matches, refused.pitches) == (1, 4, 1)
    text = refusal(refused)
    assert text.startswith("1. maç haftası (6 Aralık 2026 Pazar): 4 maç 1 sahada kapanışa (14:30)")
    assert "Saha ekleyin, maçları kısaltın" in text


async def test_three_teams_in_two_groups_are_refused_in_turkish():
    step, answers = "name", Answers()
    for typed in (
        "Üçlü Kupa",
        "Kartallar, Şahinler, Aslanlar",
        "1",
        "gruplar + eleme",
        "2",
        "17 ocakta başlıyoruz",
        "24+6",
        "hayır",
        "tff",
    ):
        following = take(step, answers, typed, NOW.astimezone(IST))
        step, answers = following.step, following.answers
    assert step == "confirm"
    refused = await planned_refusal(answers)
    assert isinstance(refused, GroupCountError)
    assert refusal(refused) == (
        "3 takım 2 gruba bölünemez (en fazla 1 grup, grupta en az 2 takım)."
        " Örnek: 1 grup (ya da grupsuz: lig)"
    )


async def test_the_pool_serves_on_after_a_refusal():
    refused = await planned_refusal(Answers.of(_three_in_two()))
    assert isinstance(refused, GroupCountError)
    assert await offload.run(pow, 2, 10, budget=30) == 1024


def _three_in_two() -> dict:
    return {
        "name": "Üçlü Kupa",
        "teams": ["Kartallar", "Şahinler", "Aslanlar"],
        "pitches": 1,
        "format": "groups",
        "groups": 2,
        "kickoff": datetime(2027, 1, 17, 10, 0, tzinfo=IST).isoformat(),
        "match": 24,
        "changeover": 6,
        "third": False,
        "tiebreak": "tff",
    }


def teardown_module() -> None:
    offload.shutdown()
