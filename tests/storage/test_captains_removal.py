"""Removing captains: all of one team's (/kaptan_sil Takım), or one person's."""

from __future__ import annotations

import pytest
from test_storage_results import make_tournament

from storage.errors import TeamNotFound
from storage.uow import Database

FIRST, SECOND, THIRD, ELSEWHERE = 5_000_000_001, 5_000_000_002, 5_000_000_003, 5_000_000_004


async def test_a_team_loses_all_its_captains_and_no_other_team_loses_any(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work() as uow:
        for user in (FIRST, SECOND, THIRD):
            await uow.teams.add_captain(tid, "Kartallar", user)
        await uow.teams.add_captain(tid, "Işıkspor", ELSEWHERE)
        await uow.commit()

    async with db.unit_of_work() as uow:
        removed = await uow.teams.remove_captains(tid, "Kartallar")
        again = await uow.teams.remove_captains(tid, "Kartallar")
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        captains = await uow.teams.captains(tid)

    assert removed == (FIRST, SECOND, THIRD)  # slot order
    assert again == ()
    assert captains == {"Işıkspor": (ELSEWHERE,)}


async def test_the_freed_slots_take_new_captains(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work() as uow:
        for user in (FIRST, SECOND, THIRD):
            await uow.teams.add_captain(tid, "Kartallar", user)
        await uow.teams.remove_captains(tid, "Kartallar")
        await uow.teams.add_captain(tid, "Kartallar", ELSEWHERE)
        await uow.teams.add_captain(tid, "Şimşekler", FIRST)  # no longer anybody's captain
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.teams.captains(tid) == {
            "Kartallar": (ELSEWHERE,),
            "Şimşekler": (FIRST,),
        }


async def test_an_unknown_team_is_refused(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work() as uow:
        with pytest.raises(TeamNotFound):
            await uow.teams.remove_captains(tid, "Hayaletspor")
