"""Results: entered once, idempotent per Telegram update, corrected with an audit trail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update
from storage_data import CHAT, T0, audit_history, new_tournament, played

from domain.model import Result, Score
from storage.errors import (
    MatchNotFound,
    MatchSidesUnknown,
    NoResultToCorrect,
    ResultAlreadyRecorded,
    ResultConflict,
)
from storage.records import RecordResult
from storage.rows import ResultRow
from storage.uow import Database

KICKOFF_END = T0 + timedelta(minutes=30)


async def make_tournament(db: Database, chat_id: int = CHAT, at=T0, **kw) -> int:
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(chat_id, **kw), at)
        await uow.commit()
    return tid


def entry(tid: int, score: Score, **kw: object) -> RecordResult:
    base: dict[str, object] = {
        "tournament_id": tid,
        "match_no": 1,
        "score": score,
        "entered_by": 11,
        "at": KICKOFF_END,
        "source_chat_id": -100,
        "source_message_id": 500,
    }
    return RecordResult(**(base | kw))  # type: ignore[arg-type]


async def apply(db: Database, cmd: RecordResult, *, correction: bool = False):
    async with db.unit_of_work() as uow:
        step = uow.results.correct if correction else uow.results.record_first
        outcome = await step(cmd)
        await uow.commit()
    return outcome


async def test_a_recorded_result_is_stored_with_who_and_when(db: Database):
    tid = await make_tournament(db)
    outcome = await apply(db, entry(tid, Score(3, 1)))

    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, 1)
        standings = played(await uow.matches.plan(tid))
    assert outcome.score == Score(3, 1) and not outcome.duplicate
    assert match is not None and match.result == Score(3, 1) and match.entered_by == 11
    assert match.version == 2 == outcome.version
    assert standings == [("A", Result("Kartallar", "Şimşekler", Score(3, 1)))]


async def test_the_same_telegram_update_applied_twice_stores_one_result(db: Database):
    tid = await make_tournament(db)
    first = await apply(db, entry(tid, Score(2, 2), update_id=90001))
    again = await apply(db, entry(tid, Score(2, 2), update_id=90001))

    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, 1)
        assert match is not None
        history = await audit_history(uow, match.id)
    assert not first.duplicate and again.duplicate
    assert again.score == Score(2, 2)
    assert len(history) == 1 and match.version == 2


async def test_a_second_entry_for_a_played_match_is_refused_with_the_stored_score(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0)))

    with pytest.raises(ResultAlreadyRecorded) as refused:
        await apply(db, entry(tid, Score(0, 1), entered_by=12))
    assert refused.value.current == Score(1, 0) and refused.value.entered_by == 11


async def test_a_correction_keeps_the_old_score_in_the_audit_trail(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0)))
    later = KICKOFF_END + timedelta(minutes=5)
    outcome = await apply(db, entry(tid, Score(1, 1), entered_by=12, at=later), correction=True)

    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, 1)
        assert match is not None
        history = await audit_history(uow, match.id)
    assert outcome.previous == Score(1, 0) and match.result == Score(1, 1)
    assert [(h.old, h.new, h.changed_by) for h in history] == [
        (None, Score(1, 0), 11),
        (Score(1, 0), Score(1, 1), 12),
    ]
    assert history[1].changed_at == later


async def test_a_write_based_on_an_outdated_view_of_the_match_is_refused(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work(read_only=True) as uow:
        seen = await uow.matches.get(tid, 1)
    assert seen is not None
    await apply(db, entry(tid, Score(1, 0), expected_version=seen.version))
    await apply(db, entry(tid, Score(2, 0), entered_by=12), correction=True)

    with pytest.raises(ResultConflict) as refused:
        stale = entry(tid, Score(5, 0), entered_by=13, expected_version=seen.version + 1)
        await apply(db, stale, correction=True)
    assert refused.value.current == Score(2, 0) and refused.value.entered_by == 12


async def test_penalties_are_stored_and_read_back(db: Database):
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 1, 4, 3)))
    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, 1)
    assert match is not None and match.result == Score(1, 1, 4, 3)


async def test_results_for_unknown_or_undecided_matches_are_refused(db: Database):
    tid = await make_tournament(db)
    final = len(new_tournament().plan)
    with pytest.raises(MatchNotFound):
        await apply(db, entry(tid, Score(1, 0), match_no=999))
    with pytest.raises(MatchSidesUnknown):
        await apply(db, entry(tid, Score(1, 0), match_no=final))
    with pytest.raises(NoResultToCorrect):
        await apply(db, entry(tid, Score(1, 0)), correction=True)


async def test_the_database_audits_a_result_write_whatever_code_path_made_it(db: Database):
    """The audit rows come from triggers on `results`, not from the use cases: a plain
    UPDATE that bypasses the repository is audited all the same."""
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0)))
    later = KICKOFF_END + timedelta(hours=1)
    async with db.unit_of_work() as uow:
        match = await uow.matches.get(tid, 1)
        assert match is not None
        await uow.session.execute(
            update(ResultRow)
            .where(ResultRow.match_id == match.id)
            .values(home_goals=4, entered_by=99, entered_at=later)
        )
        await uow.commit()

    async with db.unit_of_work(read_only=True) as uow:
        history = await audit_history(uow, match.id)
    assert [(h.old, h.new, h.changed_by, h.changed_at) for h in history] == [
        (None, Score(1, 0), 11, KICKOFF_END),
        (Score(1, 0), Score(4, 0), 99, later),
    ]


async def test_a_first_entry_against_a_version_the_match_no_longer_has_leaves_nothing(
    db: Database,
):
    tid = await make_tournament(db)
    async with db.unit_of_work(read_only=True) as uow:
        seen = await uow.matches.get(tid, 1)
    assert seen is not None

    with pytest.raises(ResultConflict) as refused:
        stale = entry(tid, Score(1, 0), update_id=777, expected_version=seen.version + 1)
        await apply(db, stale)
    assert refused.value.current is None and type(refused.value) is ResultConflict

    async with db.unit_of_work() as uow:
        match = await uow.matches.get(tid, 1)
        assert await uow.updates.claim(777, T0)  # the refused update id was not kept
    assert match is not None and match.result is None and match.version == seen.version
