"""A forfeit ("hükmen") is a stored result with its marker: read back, audited, undone."""

from __future__ import annotations

from datetime import timedelta

from storage_data import AuditEntry, audit_history, played
from test_storage_results import KICKOFF_END, apply, entry, make_tournament

from domain.model import Score
from storage.uow import Database

ALI = 11
LATER = KICKOFF_END + timedelta(minutes=10)


async def test_a_forfeit_comes_back_with_its_marker_everywhere_it_is_read(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(0, 3, forfeit="home")))

    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, 1)
        state = await uow.matches.get(tid, 1)
        standings = played(await uow.matches.plan(tid))
        plan = await uow.matches.plan(tid)
        assert match is not None and state is not None
        history = await audit_history(uow, match.id)
    assert match.result == Score(0, 3, forfeit="home")
    assert state.result == Score(0, 3, forfeit="home")
    assert [r.score for _, r in standings] == [Score(0, 3, forfeit="home")]
    assert plan[0].result == Score(0, 3, forfeit="home")
    assert history == [AuditEntry(None, Score(0, 3, forfeit="home"), ALI, KICKOFF_END)]


async def test_correcting_a_played_score_to_a_forfeit_and_undoing_it_puts_the_score_back(
    db: Database,
):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(2, 1)))
    await apply(db, entry(tid, Score(3, 0, forfeit="away"), at=LATER), correction=True)

    async with db.unit_of_work() as uow:
        outcome = await uow.results.undo_last(tid, ALI, LATER + timedelta(minutes=1))
        await uow.commit()

    assert outcome.removed == Score(3, 0, forfeit="away")
    assert outcome.restored == Score(2, 1)
    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, 1)
    assert match is not None and match.result == Score(2, 1)


async def test_a_shoot_out_is_not_read_as_a_forfeit(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 1, 0, 3)))
    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, 1)
    assert match is not None and match.result == Score(1, 1, 0, 3)
