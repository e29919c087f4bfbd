"""A season league's plan keeps each match's week, and its rhythm stays in the settings."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, time
from zoneinfo import ZoneInfo

from storage_data import CHAT, ORGANISER, T0

from domain.formseason import Season
from domain.matchdays import Calendar
from domain.model import Group
from domain.season import PitchHours, SeasonRules, season
from domain.settings import TournamentSettings
from storage import migrate
from storage.records import NewTournament
from storage.uow import Database

ZONE = ZoneInfo("Europe/Istanbul")
TEAMS = tuple(f"Takım {i}" for i in range(1, 9))
CAPTAIN = 4242
RHYTHM = Season(14, 6, time(14), time(17), date(2027, 1, 10))


def league() -> NewTournament:
    rules = SeasonRules(
        calendar=Calendar.every(date(2027, 1, 10), 14),
        pitches=(PitchHours("Saha 1", time(14), time(17)),),
        zone=ZONE,
        match_minutes=30,
        changeover=5,
    )
    plan = season(TEAMS, rules)
    first = plan.matches[0].start
    return NewTournament(
        chat_id=CHAT,
        name="Pazar Ligi",
        created_by=ORGANISER,
        settings=TournamentSettings(
            format="league",
            pitches=("Saha 1",),
            day=first.date(),
            first_kickoff=first,
            slot_minutes=35,
            break_minutes=0,
            rest_minutes=0,
            tie_break="tff",
            season=RHYTHM,
        ),
        teams=TEAMS,
        groups=(Group("A", TEAMS),),
        plan=plan.matches,
    )


async def test_every_match_keeps_its_week_and_the_rhythm_is_stored(db: Database):
    new = league()
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new, T0)
        await uow.teams.add_captain(tid, "Takım 1", CAPTAIN)
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        stored = await uow.matches.plan(tid, ZONE)
        tournament = await uow.tournaments.get(tid)
        found = await uow.matches.next_for_captain(CHAT, CAPTAIN, T0)
    assert [m.match.week for m in stored] == [m.week for m in new.plan]
    assert {m.match.week for m in stored} == set(range(1, 8))
    assert tournament.settings.season == RHYTHM
    assert found is not None and found[1].week == 1


async def test_a_replanned_match_keeps_its_week(db: Database):
    new = league()
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new, T0)
        await uow.commit()
    moved = [replace(m, week=9) if m.no == 1 else m for m in new.plan]
    async with db.unit_of_work() as uow:
        await uow.matches.replan(tid, moved)
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        first = await uow.matches.get(tid, 1)
    assert first is not None and first.match.week == 9


async def test_one_day_tournaments_have_no_week(db: Database):
    new = league()
    one_day = replace(new, plan=tuple(replace(m, week=None) for m in new.plan))
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(one_day, T0)
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        stored = await uow.matches.plan(tid)
    assert all(m.match.week is None for m in stored)


async def test_the_week_column_goes_and_comes_back_with_the_migration(empty_db_url: str):
    await migrate.upgrade_async(empty_db_url)
    await migrate.downgrade_async(empty_db_url, "0008")
    await migrate.upgrade_async(empty_db_url)
    db = Database.from_url(empty_db_url)
    try:
        async with db.unit_of_work() as uow:
            tid = await uow.tournaments.create(league(), T0)
            await uow.commit()
        async with db.unit_of_work(read_only=True) as uow:
            assert (await uow.matches.get(tid, 1)).match.week == 1
    finally:
        await db.dispose()
