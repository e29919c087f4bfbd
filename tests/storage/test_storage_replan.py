"""Re-planning rewrites future matches in one transaction and never touches played ones."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest
from storage_data import new_tournament
from test_storage_results import apply, entry, make_tournament

from domain.model import PlannedMatch, Score
from storage.errors import PlanConflict
from storage.uow import Database

DELAY = timedelta(minutes=45)


def delayed(plan: tuple[PlannedMatch, ...], played: set[int]) -> list[PlannedMatch]:
    return [
        m if m.no in played else dataclasses.replace(m, start=m.start + DELAY, end=m.end + DELAY)
        for m in plan
    ]


async def stored_plan(db: Database, tid: int):
    async with db.unit_of_work(read_only=True) as uow:
        return {m.match.no: m for m in await uow.matches.plan(tid)}


async def test_a_delay_moves_every_unplayed_match_and_keeps_played_ones(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(2, 1), match_no=1))
    plan = new_tournament().plan

    async with db.unit_of_work() as uow:
        summary = await uow.matches.replan(tid, delayed(plan, played={1}))
        await uow.commit()

    after = await stored_plan(db, tid)
    assert summary.moved == tuple(m.no for m in plan if m.no != 1)
    assert after[1].match == plan[0] and after[1].result == Score(2, 1)
    assert all(after[m.no].match.start == m.start + DELAY for m in plan[1:])
    assert all(after[m.no].version == 2 for m in plan[1:])


async def test_a_team_added_before_kick_off_gets_its_matches_in_the_same_transaction(
    db: Database,
):
    tid = await make_tournament(db)
    plan = list(new_tournament().plan)
    extra = [
        dataclasses.replace(plan[0], no=100 + i, home="Yeni Takım", away=team, pitch="Saha 3")
        for i, team in enumerate(("Kartallar", "Şimşekler"))
    ]
    dropped = plan[-1].no

    async with db.unit_of_work() as uow:
        await uow.teams.add_many(tid, ["Yeni Takım"])
        summary = await uow.matches.replan(tid, plan[:-1] + extra)
        await uow.commit()

    after = await stored_plan(db, tid)
    assert summary.added == (100, 101) and summary.removed == (dropped,)
    assert after[100].match.home == "Yeni Takım" and dropped not in after


async def test_a_replan_that_moves_a_played_match_is_refused_and_changes_nothing(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(0, 0), match_no=1))
    before = await stored_plan(db, tid)

    with pytest.raises(PlanConflict) as refused:
        async with db.unit_of_work() as uow:
            await uow.matches.replan(tid, delayed(new_tournament().plan, played=set()))
            await uow.commit()

    assert refused.value.match_no == 1
    assert await stored_plan(db, tid) == before


async def test_a_result_entered_while_replanning_makes_the_replan_fail_not_move_it(
    db: Database,
):
    tid = await make_tournament(db)
    plan = new_tournament().plan
    async with db.unit_of_work(read_only=True) as uow:
        seen = await uow.matches.plan(tid)
    await apply(db, entry(tid, Score(1, 0), match_no=2))

    async with db.unit_of_work() as uow:
        stale = seen[1]  # the re-planner read match 2 before its result came in
        moved = dataclasses.replace(stale.match, start=stale.match.start + DELAY)
        team_ids = await uow.teams.ids(tid)
        assert not await uow.matches.rewrite(stale.id, stale.version, moved, team_ids)

    after = await stored_plan(db, tid)
    assert after[2].match == plan[1] and after[2].result == Score(1, 0)
