"""Questions about the tournament as a whole through questions.respond on the 8-team day: how many
matches, when it ends, postponed matches, the group's teams, a team's place and points."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from eight_team_day import CHAT, GROUP_RESULTS, KICKOFF, ORGANISER, stored_day

import domain.questions
from bot.texts.questions import answer_text
from bot.usecases import facts, questions, results
from bot.usecases.runner import Actor, run

CAPTAINS = {"A1": 21, "A3": 23}
BYSTANDER = 30


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    database = await stored_day(url, _at(8, 0), CAPTAINS)
    yield database
    await database.dispose()


def _at(hour: int, minute: int = 0) -> datetime:
    return KICKOFF.replace(hour=hour, minute=minute).astimezone(UTC)


async def respond(db, text: str, user: int, now: datetime):
    question = domain.questions.ask(text)
    assert isinstance(question, domain.questions.Question), text
    response = (
        await run(db, questions.respond, questions.Ask(question), Actor(user, CHAT, now))
    ).value
    return response, (None if response is None else answer_text(question, response, now))


async def enter(db, *lines: str) -> None:
    for line in lines:
        async with db.unit_of_work() as uow:
            await results.record(uow, results.Record(line), Actor(ORGANISER, CHAT, _at(9)))
            await uow.commit()


async def test_how_many_matches_today_counts_the_days_matches_not_the_next_one(db):
    response, text = await respond(db, "bugün kaç maç var", BYSTANDER, _at(9))
    assert isinstance(response, facts.CountAnswer) and response.team is None
    assert response.count == 16  # 12 group matches, 2 semi-finals, third place, final
    assert text == "📅 Bugün 16 maç var."


async def test_our_matches_left_and_in_the_group_are_the_captains_teams(db):
    await enter(db, "A1 3-1 A4")
    response, text = await respond(db, "kaç maçımız kaldı", CAPTAINS["A1"], _at(11))
    assert isinstance(response, facts.CountAnswer) and response.team == "A1"
    assert response.count == 2  # the knockout's sides are not known yet
    assert text == "📅 A1: 2 maçınız kaldı."
    _, text = await respond(db, "grupta kaç maç oynuyoruz", CAPTAINS["A1"], _at(11))
    assert text == "📅 A1: grupta 3 maç oynuyorsunuz (1 tanesi oynandı)."


async def test_when_the_day_ends_is_its_last_match(db):
    response, text = await respond(db, "turnuva kaçta biter", BYSTANDER, _at(9))
    assert isinstance(response, facts.DatesAnswer) and response.match is not None
    assert response.match.stage.value == "final"
    assert text.startswith("🏁 Bahar Kupası 6 Aralık Pazar günü bitiyor; son maç 14:45")


async def test_no_postponed_match_is_said_so_with_the_next_one(db):
    response, text = await respond(db, "maçımız ertelendi mi", CAPTAINS["A3"], _at(9))
    assert isinstance(response, facts.PostponedAnswer) and response.undated == ()
    assert text.startswith("⏸ A3: ertelenen maç yok. Sıradaki maç: ")


async def test_the_groups_opponents_are_the_other_three(db):
    response, text = await respond(db, "gruptaki rakiplerimiz kimler", CAPTAINS["A1"], _at(9))
    assert isinstance(response, facts.OpponentsAnswer)
    assert response.teams == ("A2", "A3", "A4")
    assert text == "👥 A1: A Grubu'ndaki rakipleriniz: A2, A3, A4."
    _, text = await respond(db, "b grubunda kimler var", CAPTAINS["A1"], _at(9))
    assert text == "👥 B Grubu: B1, B2, B3, B4."


async def test_our_place_is_one_line_and_the_table_is_the_table(db):
    await enter(db, *GROUP_RESULTS[:3])  # A1 6 points, A2 and A3 1 each, A4 none
    response, text = await respond(db, "kaçıncıyız", CAPTAINS["A3"], _at(11))
    assert isinstance(response, facts.PlaceAnswer) and response.team == "A3"
    assert text == "📊 A3: A Grubu'nda 3. sıradasınız, 1 puan; 1.ye 5 puan geridesiniz."
    _, text = await respond(db, "kaçıncıyız", CAPTAINS["A1"], _at(11))
    assert text == "📊 A1: A Grubu'nda 1. sıradasınız, 6 puan; liderlik sizde."
    response, text = await respond(db, "puan durumu", CAPTAINS["A3"], _at(11))
    assert isinstance(response, questions.Answer)
    assert "A1" in text and "A4" in text and "sıradasınız" not in text


async def test_the_final_place_once_the_team_plays_no_more(db):
    await enter(db, *GROUP_RESULTS)
    _, text = await respond(db, "kaçıncı olduk", CAPTAINS["A3"], _at(13))
    assert text == "🏁 A3: A Grubu'nda 3. sırada bitirdiniz, 4 puan."


async def test_a_match_week_in_a_one_day_tournament_is_said_to_be_none(db):
    response, text = await respond(db, "3. hafta ne zaman", CAPTAINS["A1"], _at(9))
    assert isinstance(response, facts.NoWeeks)
    assert text == "📅 Bahar Kupası tek günde oynanıyor: maç haftası yok."
    _, text = await respond(db, "kaç hafta kaldı", CAPTAINS["A1"], _at(9))
    assert text == "📅 Bahar Kupası tek günde oynanıyor: maç haftası yok."


async def test_the_last_match_is_named_by_its_stage_while_its_sides_are_codes(db):
    response, text = await respond(db, "son maç ne zaman", BYSTANDER, _at(9))
    assert isinstance(response, facts.DatesAnswer) and response.what == "last_match"
    final = "Final: 1. yarı finalin galibi – 2. yarı finalin galibi"
    assert text.startswith(f"📅 Son maç bugün 14:45, Saha 1: {final}"), text
