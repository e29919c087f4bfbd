"""Reminder rows follow the 8-team day: derived by bot.usecases.reminders.sync and written
in the caller's transaction, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest
from eight_team_day import CHAT, GROUP_RESULTS, KICKOFF, ORGANISER
from test_reminder_dispatch import CAPTAIN_A1, CAPTAIN_B3, day_with_two_captains, engine_url

from bot.usecases import reminders, results
from bot.usecases.runner import Actor
from domain.settings import TournamentSettings

NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)  # 09:00, the morning of the day
SLOT_OWNERS = (1, 3, 5, 7, 9, 11, 13, 15, 16)  # the lowest match number of each kick-off time
A1_MATCHES = (1, 5, 9)


@pytest.fixture(params=["sqlite", "postgresql"])
async def db(request, tmp_path):
    """The 8-team day, A1's captain reachable, B3's not; SQLite and PostgreSQL."""
    async with engine_url(request.param, tmp_path) as url:
        database = await day_with_two_captains(url, NOW)
        try:
            yield database
        finally:
            await database.dispose()


async def rows(db):
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.reminders.status(1)


async def test_sync_creates_the_rows_the_8_team_day_wants(db):
    found = await rows(db)

    group = {(no, CHAT, "grup:30") for no in SLOT_OWNERS}
    captain = {(no, CAPTAIN_A1, "kaptan:60") for no in A1_MATCHES}  # B3 is not reachable
    nudges = {(no, CHAT, "sonuc") for no in range(1, 17)}  # organiser not reachable: group
    unreachable = {(1, CHAT, "ulasilamaz")}  # B3's captain, listed once
    assert set(found) == group | captain | nudges | unreachable
    assert set(found.values()) == {"pending"}


async def test_due_times_are_kick_off_minus_the_lead_and_end_plus_ten(db):
    async with db.unit_of_work(read_only=True) as uow:
        pending = {(r.match_no, r.recipient, r.kind): r for r in await uow.reminders.pending()}

    slot = pending[(3, CHAT, "grup:30")]
    assert slot.due_at == slot.start_at - timedelta(minutes=30)
    own = pending[(5, CAPTAIN_A1, "kaptan:60")]
    assert own.due_at == own.start_at - timedelta(minutes=60)
    nudge = pending[(7, CHAT, "sonuc")]
    assert nudge.due_at == nudge.end_at + timedelta(minutes=10)
    first = pending[(1, CHAT, "ulasilamaz")]
    assert first.due_at == NOW  # with the first reminder of the day: A1's 10:00, at 09:00


async def test_a_captain_who_becomes_reachable_gets_rows_and_leaves_the_list(db):
    async with db.unit_of_work() as uow:
        assert await reminders.became_reachable(uow, CAPTAIN_B3, NOW) == (1,)
        assert await reminders.became_reachable(uow, CAPTAIN_B3, NOW) == ()  # known now
        await uow.commit()

    found = await rows(db)

    assert {(no, CAPTAIN_B3, "kaptan:60") for no in (4, 7, 12)} <= set(found)
    assert (1, CHAT, "ulasilamaz") not in found


async def test_the_organiser_reachable_gets_nudges_in_private(db):
    async with db.unit_of_work() as uow:
        await uow.private_chats.add(ORGANISER, NOW)
        await reminders.sync(uow, 1, NOW)
        await uow.commit()

    found = await rows(db)

    assert (7, ORGANISER, "sonuc") in found and (7, CHAT, "sonuc") not in found


async def test_an_organiser_who_starts_the_bot_later_gets_nudges_and_the_list_in_private(db):
    async with db.unit_of_work() as uow:
        assert await reminders.became_reachable(uow, ORGANISER, NOW) == (1,)
        await uow.commit()

    found = await rows(db)

    assert (7, ORGANISER, "sonuc") in found and (7, CHAT, "sonuc") not in found
    assert (1, ORGANISER, "ulasilamaz") in found and (1, CHAT, "ulasilamaz") not in found


async def test_leads_come_from_the_settings_and_an_empty_list_turns_them_off(db):
    async with db.unit_of_work() as uow:
        updated = await uow.tournaments.update_settings(1, group_leads=(), captain_leads=(90, 15))
        assert reminders.leads(updated.settings) == ((), (90, 15))
        await reminders.sync(uow, 1, NOW)
        await uow.commit()

    kinds = {kind for _, _, kind in await rows(db)}

    assert kinds == {"kaptan:90", "kaptan:15", "sonuc", "ulasilamaz"}


def test_default_leads_are_30_for_the_group_and_60_for_captains():
    assert reminders.leads(TournamentSettings()) == ((30,), (60,))


async def test_a_filled_knockout_tie_brings_its_captain_reminders(db):
    before = await rows(db)
    assert not any(no >= 13 and kind.startswith("kaptan") for no, _, kind in before)
    for line in GROUP_RESULTS:
        async with db.unit_of_work() as uow:
            await results.record(uow, results.Record(line), Actor(ORGANISER, CHAT, NOW))
            await uow.commit()

    found = await rows(db)

    assert (13, CAPTAIN_A1, "kaptan:60") in found  # A1 won group A: semi-final 13
    assert found[(13, CAPTAIN_A1, "kaptan:60")] == "pending"


async def test_an_archived_tournament_keeps_no_pending_rows(db):
    before = len(await rows(db))
    async with db.unit_of_work() as uow:
        await uow.tournaments.archive(1, NOW)
        summary = await reminders.sync(uow, 1, NOW)
        await uow.commit()

    assert summary.removed == before == 29 and summary.added == 0
    assert await rows(db) == {}
