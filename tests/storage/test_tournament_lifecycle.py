"""A chat's tournaments are never deleted: numbered, ended or replaced, and brought back."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import text
from storage_data import CHAT, T0, new_tournament

from bot.texts.errors import refusal
from bot.texts.setup import RACED
from bot.usecases import setup
from bot.usecases.errors import NotOrganiser, RunningChanged
from bot.usecases.runner import Actor, run
from bot.usecases.setup_steps import Answers
from domain.model import Score
from storage import migrate
from storage.errors import ActiveTournamentExists, TournamentNotFound
from storage.records import RecordResult
from storage.uow import Database

LATER = T0 + timedelta(hours=1)


async def created(db: Database, name: str, at=T0, *, replace: bool = False) -> int:
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(name=name), at, replace_active=replace)
        await uow.commit()
    return tid


async def listed(db: Database, chat: int = CHAT) -> list[tuple[int, str, str, str | None, int]]:
    async with db.unit_of_work(read_only=True) as uow:
        rows = await uow.tournaments.numbered(chat)
    return [(r.number, r.tournament.name, r.tournament.status, r.reason, r.played) for r in rows]


async def test_a_replaced_tournament_is_listed_as_replaced_with_its_results(db: Database):
    first = await created(db, "Güz Kupası")
    async with db.unit_of_work() as uow:
        await uow.results.record_first(RecordResult(first, 1, Score(2, 1), 11, T0))
        await uow.commit()
    await created(db, "Kış Kupası", LATER, replace=True)

    assert await listed(db) == [
        (1, "Güz Kupası", "archived", "replaced", 1),
        (2, "Kış Kupası", "active", None, 0),
    ]
    async with db.unit_of_work(read_only=True) as uow:
        matches = (await uow.tournaments.numbered(CHAT))[0].matches
    assert matches == len(new_tournament().plan)
    assert await listed(db, chat=-1) == []


async def test_an_ended_tournament_comes_back_with_everything_and_keeps_its_number(db: Database):
    first = await created(db, "Güz Kupası")
    async with db.unit_of_work() as uow:
        await uow.results.record_first(RecordResult(first, 1, Score(2, 1), 11, T0))
        await uow.tournaments.archive(first, T0)
        await uow.commit()
    second = await created(db, "Kış Kupası", LATER)
    async with db.unit_of_work() as uow:
        await uow.tournaments.archive(second, LATER, "replaced")
        await uow.tournaments.restore(first)
        await uow.commit()

    assert await listed(db) == [
        (1, "Güz Kupası", "active", None, 1),
        (2, "Kış Kupası", "archived", "replaced", 0),
    ]
    async with db.unit_of_work(read_only=True) as uow:
        active = await uow.tournaments.active_for_chat(CHAT)
        plan = await uow.matches.plan(first)
    assert active is not None and active.id == first
    assert plan[0].result == Score(2, 1)


async def test_a_restore_into_a_chat_that_runs_another_is_refused(db: Database):
    first = await created(db, "Güz Kupası")
    await created(db, "Kış Kupası", LATER, replace=True)
    async with db.unit_of_work() as uow:
        with pytest.raises(ActiveTournamentExists):
            await uow.tournaments.restore(first)
    async with db.unit_of_work() as uow:
        with pytest.raises(TournamentNotFound):  # running, not archived
            await uow.tournaments.restore(first + 1)
        with pytest.raises(TournamentNotFound):
            await uow.tournaments.restore(999)
    assert [row[2] for row in await listed(db)] == ["archived", "active"]


async def test_an_archive_reason_is_one_of_two_words(db: Database):
    tid = await created(db, "Güz Kupası")
    with pytest.raises(Exception, match=r"(?i)check"):
        async with db.unit_of_work() as uow:
            await uow.tournaments.archive(tid, T0, "deleted")  # type: ignore[arg-type]
            await uow.commit()


OLD_ROW = text(
    "INSERT INTO tournaments (id, chat_id, name, status, created_by, created_at, archived_at,"
    " format, pitches, slot_minutes, break_minutes, rest_minutes, tie_break, reminder_leads,"
    " time_zone, captains_may_enter_results, extra) VALUES (:id, :chat, :name, :status, 1,"
    " :created, :archived, 'league', '[]', 30, 0, 0, 'tff', '[]', 'Europe/Istanbul', false,"
    " '{}')"
)


async def test_tournaments_archived_before_0006_are_told_apart_by_what_they_left(
    empty_db_url: str,
):
    """0005's creation archived the running one at the moment it created the next."""
    await migrate.upgrade_async(empty_db_url, "0005")
    db = Database.from_url(empty_db_url)
    rows = [
        (1, "Güz Kupası", "archived", T0, LATER),  # replaced by 2
        (2, "Kış Kupası", "archived", LATER, LATER + timedelta(hours=5)),  # ended
        (3, "Bahar Kupası", "active", LATER + timedelta(days=1), None),
    ]
    try:
        async with db.unit_of_work() as uow:
            await uow.session.execute(
                text("INSERT INTO chats (id, created_at) VALUES (:id, :at)"),
                {"id": CHAT, "at": T0},
            )
            for tid, name, status, at, archived in rows:
                await uow.session.execute(
                    OLD_ROW,
                    {"id": tid, "chat": CHAT, "name": name, "status": status, "created": at,
                     "archived": archived},
                )  # fmt: skip
            await uow.commit()
    finally:
        await db.dispose()

    await migrate.upgrade_async(empty_db_url)
    expected = [
        (1, "Güz Kupası", "archived", "replaced", 0),
        (2, "Kış Kupası", "archived", "ended", 0),
        (3, "Bahar Kupası", "active", None, 0),
    ]
    db = Database.from_url(empty_db_url)
    try:
        assert await listed(db) == expected
    finally:
        await db.dispose()
    await migrate.downgrade_async(empty_db_url, "0005")  # the column goes, the rows stay
    await migrate.upgrade_async(empty_db_url)
    db = Database.from_url(empty_db_url)
    try:
        assert await listed(db) == expected
    finally:
        await db.dispose()


async def test_two_oluştur_pressed_at_once_make_one_tournament_and_a_turkish_answer(db_url: str):
    """Two members' set-ups in an empty chat, both summaries [Oluştur], pressed together:
    one tournament runs, the other press is refused in words (never a traceback)."""
    db = Database.from_url(db_url)
    data = {
        "name": "Kupa", "teams": ["A", "B", "C", "D"], "pitches": 1, "format": "league",
        "groups": 1, "kickoff": "2026-12-07T20:00:00+03:00", "match": 26, "changeover": 4,
        "third": False, "tiebreak": "tff", "seed": 1,
    }  # fmt: skip
    people = [Actor(user_id=u, chat_id=CHAT, now=T0) for u in (51, 52)]
    try:
        for who in people:
            await run(db, setup.summarise, setup.Summarise(Answers.of(data)), who)
        outcomes = await asyncio.gather(
            *(run(db, setup.confirm, setup.Confirm(False), who) for who in people),
            return_exceptions=True,
        )
        made = [o for o in outcomes if not isinstance(o, BaseException)]
        refused = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(made) == 1 and len(refused) == 1
        assert isinstance(refused[0], NotOrganiser | RunningChanged | ActiveTournamentExists)
        said = refusal(refused[0])
        assert "Bu sohbette" in said or "Bu arada" in said, said
        assert RACED.startswith("Bu arada")
        async with db.unit_of_work(read_only=True) as uow:
            assert [t.tournament.status for t in await uow.tournaments.numbered(CHAT)] == ["active"]
    finally:
        await db.dispose()
