"""Joining a team as a captain: as its first captain only, and leaving another team."""

from __future__ import annotations

import asyncio

import pytest
from test_storage_concurrency import wait_until_blocked_on_a_lock
from test_storage_results import make_tournament

from storage.errors import AlreadyCaptain, TooManyCaptains
from storage.uow import Database

FIRST, SECOND, THIRD, FOURTH = 5_000_000_001, 5_000_000_002, 5_000_000_003, 5_000_000_004


async def join(db: Database, tid: int, team: str, user: int, **how: bool) -> bool:
    async with db.unit_of_work() as uow:
        joined = await uow.teams.add_captain(tid, team, user, **how)
        await uow.commit()
    return joined


async def captains(db: Database, tid: int) -> dict[str, tuple[int, ...]]:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.teams.captains(tid)


async def test_first_joins_a_team_only_while_it_has_no_captain(db: Database):
    tid = await make_tournament(db)
    assert await join(db, tid, "Kartallar", FIRST, first=True)
    assert await join(db, tid, "Kartallar", FIRST, first=True)  # already: still True
    assert not await join(db, tid, "Kartallar", SECOND, first=True)
    assert await join(db, tid, "Kartallar", SECOND)  # an organiser's way in
    assert await captains(db, tid) == {"Kartallar": (FIRST, SECOND)}


async def test_a_captain_leaves_their_team_only_when_they_can_join_the_other(db: Database):
    tid = await make_tournament(db)
    await join(db, tid, "Kartallar", FIRST)
    for user in (SECOND, THIRD, FOURTH):
        await join(db, tid, "Işıkspor", user)
    with pytest.raises(AlreadyCaptain):
        await join(db, tid, "Şimşekler", FIRST)
    with pytest.raises(TooManyCaptains):
        await join(db, tid, "Işıkspor", FIRST, leave=True)
    assert not await join(db, tid, "Işıkspor", FIRST, leave=True, first=True)
    assert (await captains(db, tid))["Kartallar"] == (FIRST,)  # stayed

    assert await join(db, tid, "Şimşekler", FIRST, leave=True, first=True)
    assert await captains(db, tid) == {
        "Şimşekler": (FIRST,),
        "Işıkspor": (SECOND, THIRD, FOURTH),
    }


async def test_of_two_racing_first_claims_exactly_one_joins(db: Database, db_url: str):
    """Two Database objects, as two bot processes would have: the race is in the database."""
    tid = await make_tournament(db)
    other = Database.from_url(db_url)
    try:
        joined = await asyncio.gather(
            join(db, tid, "Kartallar", FIRST, first=True),
            join(other, tid, "Kartallar", SECOND, first=True),
        )
    finally:
        await other.dispose()
    assert sorted(joined) == [False, True]
    assert len((await captains(db, tid))["Kartallar"]) == 1


async def test_a_first_claim_waiting_on_another_loses_when_it_commits(pg_db: Database):
    """PostgreSQL only: the second claimant read the team without a captain, then waits on
    slot 1 the first one holds; once the first commits, the second is not added."""
    db = pg_db
    tid = await make_tournament(db)
    async with db.unit_of_work() as first:
        assert await first.teams.add_captain(tid, "Kartallar", FIRST, first=True)
        second = asyncio.create_task(join(db, tid, "Kartallar", SECOND, first=True))
        await wait_until_blocked_on_a_lock(db, expected=1)
        await first.commit()
    assert await second is False
    assert await captains(db, tid) == {"Kartallar": (FIRST,)}
