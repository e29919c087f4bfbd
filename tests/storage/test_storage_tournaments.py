"""Tournaments, their teams, draw, plan, captains and organisers go in and come back whole."""

from __future__ import annotations

import pytest
from storage_data import CHAT, GROUPS, ORGANISER, T0, new_tournament

from storage.errors import (
    ActiveTournamentExists,
    AlreadyCaptain,
    TeamNotFound,
    TooManyCaptains,
)
from storage.uow import Database


async def test_a_tournament_with_its_draw_and_plan_reads_back_unchanged(db: Database):
    new = new_tournament()
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new, T0)
        await uow.commit()

    async with db.unit_of_work(read_only=True) as uow:
        stored = await uow.tournaments.get(tid)
        groups = (await uow.tournaments.load(tid)).groups
        plan = await uow.matches.plan(tid)
        organisers = await uow.tournaments.organisers(tid)

    assert (stored.chat_id, stored.name, stored.status) == (CHAT, "Kış Kupası", "active")
    assert stored.settings == new.settings
    assert stored.settings.time_zone == "Europe/Istanbul"
    assert groups == GROUPS
    assert tuple(m.match for m in plan) == new.plan
    assert all(m.match.start.utcoffset() is not None for m in plan)
    assert {m.version for m in plan} == {1}
    assert organisers == {ORGANISER: "creator", 7_000_000_002: "co"}


async def test_a_chat_holds_one_active_tournament_and_keeps_the_archived_ones(db: Database):
    async with db.unit_of_work() as uow:
        first = await uow.tournaments.create(new_tournament(name="Güz Kupası"), T0)
        await uow.commit()
    async with db.unit_of_work() as uow:
        with pytest.raises(ActiveTournamentExists):
            await uow.tournaments.create(new_tournament(), T0)
    async with db.unit_of_work() as uow:
        second = await uow.tournaments.create(new_tournament(), T0, replace_active=True)
        await uow.commit()

    async with db.unit_of_work(read_only=True) as uow:
        active = await uow.tournaments.active_for_chat(CHAT)
        history = [n.tournament for n in reversed(await uow.tournaments.numbered(CHAT))]
        old_plan = await uow.matches.plan(first)
    assert active is not None and active.id == second
    assert [(t.id, t.status) for t in history] == [(second, "active"), (first, "archived")]
    assert len(old_plan) == len(new_tournament().plan)


async def test_a_team_takes_at_most_three_captains_and_a_user_captains_one_team(db: Database):
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(), T0)
        for user in (1, 2, 3):
            await uow.teams.add_captain(tid, "Kartallar", user)
        await uow.teams.add_captain(tid, "Kartallar", 1)  # again: nothing changes
        with pytest.raises(TooManyCaptains):
            await uow.teams.add_captain(tid, "Kartallar", 4)
        with pytest.raises(AlreadyCaptain):
            await uow.teams.add_captain(tid, "Şimşekler", 2)
        with pytest.raises(TeamNotFound):
            await uow.teams.add_captain(tid, "Kartalar", 5)
        await uow.teams.remove_captain(tid, 3)
        await uow.teams.add_captain(tid, "Kartallar", 4)
        await uow.commit()

    async with db.unit_of_work(read_only=True) as uow:
        captains = await uow.teams.captains(tid)
    assert captains == {"Kartallar": (1, 2, 4)}


async def test_lots_are_kept_in_the_order_they_were_drawn(db: Database):
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(), T0)
        await uow.tiebreak.record_lot(tid, "A", ["Şimşekler", "Kartallar"], ORGANISER, T0)
        await uow.tiebreak.record_lot(tid, "A", ["Kartallar", "Şimşekler"], ORGANISER, T0)
        await uow.commit()

    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.tiebreak.lots(tid) == {"A": ("Kartallar", "Şimşekler")}
