"""Undo: an organiser takes back their last result write, once, and never someone else's."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from storage_data import T0, AuditEntry, audit_history, new_tournament, played
from test_storage_concurrency import wait_until_blocked_on_a_lock
from test_storage_results import KICKOFF_END, apply, entry, make_tournament

from domain.model import Score
from storage.errors import NoResultToCorrect, NothingToUndo, UndoConflict
from storage.records import UndoOutcome
from storage.rows import ResultAuditRow, ResultRow, TournamentRow
from storage.uow import Database

ALI, BERK = 11, 12
LATER = KICKOFF_END + timedelta(minutes=10)


async def undo(
    db: Database, tid: int, user: int = ALI, at=LATER, update_id: int | None = None
) -> UndoOutcome:
    async with db.unit_of_work() as uow:
        outcome = await uow.results.undo_last(tid, user, at, update_id)
        await uow.commit()
    return outcome


async def match_and_history(db: Database, tid: int, no: int = 1):
    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, no)
        assert match is not None
        return match, await audit_history(uow, match.id)


async def test_undoing_a_first_entry_deletes_the_result_and_audits_the_deletion(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(3, 1)))

    outcome = await undo(db, tid)

    match, history = await match_and_history(db, tid)
    assert outcome == UndoOutcome(1, removed=Score(3, 1), restored=None)
    assert match.result is None and match.version == 3  # entry and undo each claimed it
    assert history == [
        AuditEntry(None, Score(3, 1), ALI, KICKOFF_END),
        AuditEntry(Score(3, 1), None, ALI, LATER, undo=True),
    ]
    async with db.unit_of_work(read_only=True) as uow:
        assert played(await uow.matches.plan(tid)) == []


async def test_undoing_a_correction_puts_back_the_score_it_replaced(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 1, 4, 3)))
    await apply(db, entry(tid, Score(1, 1, 3, 4)), correction=True)

    outcome = await undo(db, tid)

    match, history = await match_and_history(db, tid)
    assert outcome == UndoOutcome(1, removed=Score(1, 1, 3, 4), restored=Score(1, 1, 4, 3))
    assert match.result == Score(1, 1, 4, 3) and match.entered_by == ALI
    assert history[-1] == AuditEntry(Score(1, 1, 3, 4), Score(1, 1, 4, 3), ALI, LATER, undo=True)


async def test_each_undo_takes_back_the_write_before_until_nothing_is_left(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), match_no=1))
    await apply(db, entry(tid, Score(2, 0), match_no=2))
    await apply(db, entry(tid, Score(2, 2), match_no=2), correction=True)

    assert await undo(db, tid) == UndoOutcome(2, Score(2, 2), Score(2, 0))
    assert await undo(db, tid) == UndoOutcome(2, Score(2, 0), None)
    assert await undo(db, tid) == UndoOutcome(1, Score(1, 0), None)
    with pytest.raises(NothingToUndo) as refused:
        await undo(db, tid)
    assert refused.value.user_id == ALI

    async with db.unit_of_work(read_only=True) as uow:
        assert all(m.result is None for m in await uow.matches.plan(tid))


async def test_a_user_who_wrote_nothing_in_this_tournament_has_nothing_to_undo(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), entered_by=ALI))
    with pytest.raises(NothingToUndo):
        await undo(db, tid, user=BERK)

    async with db.unit_of_work() as uow:  # ALI's writes in another tournament don't count
        other = await uow.tournaments.create(new_tournament(chat_id=-100777), T0)
        await uow.commit()
    with pytest.raises(NothingToUndo):
        await undo(db, other, user=ALI)


async def test_an_undo_is_refused_when_someone_changed_the_match_after_the_write(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), entered_by=ALI))
    await apply(db, entry(tid, Score(2, 0), entered_by=BERK), correction=True)
    before, _ = await match_and_history(db, tid)

    with pytest.raises(UndoConflict) as refused:
        await undo(db, tid, user=ALI)

    assert (refused.value.match_no, refused.value.current) == (1, Score(2, 0))
    after, history = await match_and_history(db, tid)
    assert after == before and len(history) == 2


async def test_a_later_write_of_the_same_score_by_someone_else_also_blocks_the_undo(
    db: Database,
):
    """Undoing under it would silently take back that other write as well."""
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), entered_by=ALI))
    await apply(db, entry(tid, Score(1, 0), entered_by=BERK), correction=True)

    with pytest.raises(UndoConflict) as refused:
        await undo(db, tid, user=ALI)
    assert refused.value.current == Score(1, 0)


async def test_once_the_later_write_is_undone_the_earlier_one_can_be_undone(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), entered_by=ALI))
    await apply(db, entry(tid, Score(2, 0), entered_by=BERK), correction=True)

    assert await undo(db, tid, user=BERK) == UndoOutcome(1, Score(2, 0), Score(1, 0))
    assert await undo(db, tid, user=ALI) == UndoOutcome(1, Score(1, 0), None)
    with pytest.raises(NothingToUndo):  # BERK's undone write stays undone
        await undo(db, tid, user=BERK)


async def test_the_same_telegram_update_applied_twice_undoes_once(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), match_no=1))
    await apply(db, entry(tid, Score(2, 0), match_no=2))

    first = await undo(db, tid, update_id=4242)
    again = await undo(db, tid, update_id=4242)

    assert first == UndoOutcome(2, Score(2, 0), None)
    assert again == UndoOutcome(2, Score(2, 0), None, duplicate=True)
    async with db.unit_of_work(read_only=True) as uow:
        plan = {m.match.no: m.result for m in await uow.matches.plan(tid)}
    assert plan[1] == Score(1, 0) and plan[2] is None


async def test_a_refused_undo_leaves_nothing_behind_not_even_its_update_id(db: Database):
    tid = await make_tournament(db)
    with pytest.raises(NothingToUndo):
        await undo(db, tid, update_id=4343)
    async with db.unit_of_work() as uow:
        assert await uow.updates.claim(4343, T0)


async def test_the_database_refuses_to_mark_one_write_undone_twice(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0)))
    await apply(db, entry(tid, Score(2, 0)), correction=True)
    async with db.unit_of_work() as uow:
        write = await uow.results.last_write(tid, ALI)
        assert write is not None
        await uow.results.undo_last(tid, ALI, LATER)
        await uow.commit()

    async with db.unit_of_work() as uow:
        await uow.results.restore(write.match_id, Score(1, 0), ALI, LATER)
        with pytest.raises(IntegrityError):
            await uow.results.stamp_undo(write, ALI, LATER)


async def test_the_database_audits_a_deleted_result_whatever_code_path_deleted_it(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0)))
    async with db.unit_of_work() as uow:
        await uow.session.execute(delete(ResultRow))
        await uow.commit()

    _, history = await match_and_history(db, tid)
    assert [(h.old, h.new, h.undo) for h in history] == [
        (None, Score(1, 0), False),
        (Score(1, 0), None, False),
    ]
    with pytest.raises(UndoConflict) as refused:  # the match changed after the entry
        await undo(db, tid)
    assert refused.value.current is None


async def test_deleting_a_tournament_takes_its_results_and_whole_trail_with_it(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), match_no=1))
    await apply(db, entry(tid, Score(2, 0), match_no=2))
    await apply(db, entry(tid, Score(3, 0), match_no=2), correction=True)
    await undo(db, tid)
    await apply(db, entry(tid, Score(0, 1), match_no=3))
    await undo(db, tid)

    async with db.unit_of_work() as uow:
        await uow.session.execute(delete(TournamentRow).where(TournamentRow.id == tid))
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        left = await uow.session.scalar(select(func.count()).select_from(ResultAuditRow))
    assert left == 0


async def test_an_undo_waiting_on_the_row_lock_is_refused_when_a_correction_commits(
    pg_db: Database,
):
    """PostgreSQL only: the undo read the match before the correction committed; its claim
    waits on the row lock, then finds the version moved on and refuses."""
    db = pg_db
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), entered_by=ALI))
    async with db.unit_of_work() as first:
        await first.results.correct(entry(tid, Score(4, 0), entered_by=BERK))

        async def second() -> UndoOutcome | UndoConflict:
            try:
                return await undo(db, tid, user=ALI)
            except UndoConflict as refused:
                return refused

        second_task = asyncio.create_task(second())
        await wait_until_blocked_on_a_lock(db, expected=1)
        await first.commit()

    refused = await second_task
    assert isinstance(refused, UndoConflict) and refused.current == Score(4, 0)


async def test_a_correction_waiting_behind_an_undo_finds_no_result_left_to_correct(
    pg_db: Database,
):
    db = pg_db
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), entered_by=ALI))
    async with db.unit_of_work() as first:
        await first.results.undo_last(tid, ALI, LATER)

        async def second() -> object:
            try:
                return await apply(db, entry(tid, Score(4, 0), entered_by=BERK), correction=True)
            except NoResultToCorrect as refused:
                return refused

        second_task = asyncio.create_task(second())
        await wait_until_blocked_on_a_lock(db, expected=1)
        await first.commit()

    assert isinstance(await second_task, NoResultToCorrect)
    match, _ = await match_and_history(db, tid)
    assert match.result is None
