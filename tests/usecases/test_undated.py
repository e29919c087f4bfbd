"""Matches without a date, on the form's season league (8 teams every other Sunday
14:00-17:00, 30+5, 7 weeks of 4 matches from 6 December 2026): /ertele N belirsiz, the date
it gets later (its old kick-off long gone), the week's nudge, a withdrawal that meets it,
and a group that is not over while it waits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from test_season_setup import league_db

from bot.texts import forfeits as forfeit_texts
from bot.texts import schedule as schedule_texts
from bot.texts import weeks as week_texts
from bot.texts.errors import refusal as refusal_text
from bot.usecases import forfeits, schedule, snapshots, undo
from bot.usecases import undated as waiting
from bot.usecases.errors import UndatedMatch
from bot.usecases.runner import Actor, run
from domain.reminders import UNDATED
from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER, CAPTAIN = -2002, 10, 21
START = datetime(2026, 12, 1, 12, 0, tzinfo=IST)
WEEK_3 = datetime(2027, 1, 3, 14, 0, tzinfo=IST)  # week 3's Sunday
_updates = count(7000)


def who(now: datetime, user: int = ORGANISER) -> Actor:
    async def no() -> bool:
        return False

    return Actor(
        user_id=user, chat_id=CHAT, now=now.astimezone(UTC), update_id=next(_updates), admin=no
    )


@pytest.fixture
async def db(tmp_path):
    database = await league_db(tmp_path / "u.sqlite3", (CAPTAIN, ORGANISER))
    yield database
    await database.dispose()


async def snapshot(db: Database) -> snapshots.Snapshot:
    async with db.unit_of_work(read_only=True) as uow:
        return await snapshots.active(uow, CHAT)


async def leave(db: Database, no: int, now: datetime):
    return await run(db, waiting.leave_undated, waiting.LeaveUndated(no), who(now))


async def date_it(db: Database, text: str, now: datetime):
    return await run(db, waiting.postpone_match, schedule.Postpone(text), who(now))


async def rows(db: Database) -> dict[tuple[int, int, str], str]:
    async with db.unit_of_work(read_only=True) as uow:
        tid = (await uow.tournaments.active_for_chat(CHAT)).id
        return await uow.reminders.status(tid)


async def week_3_match(db: Database):
    snap = await snapshot(db)
    return min((m.match for m in snap.matches if m.match.week == 3), key=lambda m: m.start)


async def test_a_match_undated_before_its_day_gets_a_date_after_it_passed(db):
    match = await week_3_match(db)
    left = await leave(db, match.no, WEEK_3 - timedelta(days=2))
    assert left.value.example is not None  # the reply's /ertele fits
    assert left.value.example.date() != match.start.date()  # not the day it was taken off
    assert "/ertele" in week_texts.undated(left.value, WEEK_3)

    later = WEEK_3 + timedelta(days=30)  # 2 February: the old kick-off is a month gone
    done = await date_it(db, f"{match.no} 14 Şubat 16:20", later)

    moved = done.value
    assert moved.dated
    ((old, new),) = moved.changes
    assert old.start == match.start and new.start == datetime(2027, 2, 14, 16, 20, tzinfo=IST)
    text = schedule_texts.postponed(moved)
    assert f"Maç {match.no}'" in text and "tarihi belli oldu: 14 Şubat Pazar 16:20" in text
    after = await snapshot(db)
    assert not after.tournament.settings.undated
    assert new in after.planned
    assert any(no == match.no and kind.startswith("kaptan") for no, _, kind in await rows(db))


@pytest.mark.parametrize("typed", ["14 Mart 16:20", "14.03 16:20", "14.03.2027 16:20"])
async def test_the_date_is_read_as_any_move_reads_it(db, typed):
    match = await week_3_match(db)
    await leave(db, match.no, WEEK_3 - timedelta(days=2))
    done = await date_it(db, f"{match.no} {typed}", WEEK_3 + timedelta(days=30))
    assert done.value.changes[0][1].start == datetime(2027, 3, 14, 16, 20, tzinfo=IST)


async def test_a_date_that_clashes_is_refused_with_one_that_fits(db):
    match = await week_3_match(db)
    await leave(db, match.no, WEEK_3 - timedelta(days=2))
    with pytest.raises(schedule.CannotPostpone) as refused:
        await date_it(db, f"{match.no} 14 Şubat 14:00", WEEK_3 + timedelta(days=30))
    assert refused.value.reason in ("overlap", "rest")
    assert refused.value.suggestion is not None
    said = schedule_texts.refusal(refused.value)
    assert "En erken uygun saat" in said and f"/ertele {match.no}" in said
    assert (await snapshot(db)).tournament.settings.undated  # nothing changed


async def test_a_time_without_a_day_asks_for_the_day(db):
    match = await week_3_match(db)
    await leave(db, match.no, WEEK_3 - timedelta(days=2))
    with pytest.raises(schedule.CannotPostpone) as refused:
        await date_it(db, f"{match.no} 15:10", WEEK_3 + timedelta(days=30))
    said = schedule_texts.refusal(refused.value)
    assert "tarihi belli değil; günü de yazın: /ertele" in said


async def test_the_organiser_is_nudged_once_a_week_after(db):
    match = await week_3_match(db)
    since = WEEK_3 - timedelta(days=2)
    await leave(db, match.no, since)
    async with db.unit_of_work(read_only=True) as uow:
        tid = (await uow.tournaments.active_for_chat(CHAT)).id
        pending = await uow.reminders.pending(tid)
    (nudge,) = [r for r in pending if r.kind == f"{UNDATED}:{match.no}"]
    assert nudge.recipient == ORGANISER and nudge.due_at == since + timedelta(days=7)
    await date_it(db, f"{match.no} 14 Şubat 16:20", since + timedelta(days=3))
    assert not [k for k in await rows(db) if k[2] == f"{UNDATED}:{match.no}"]


async def test_a_group_is_not_over_while_a_match_waits_for_a_date(db):
    match = await week_3_match(db)
    await leave(db, match.no, WEEK_3 - timedelta(days=2))
    snap = await snapshot(db)
    for m in snap.matches:
        text = f"{m.match.home} 1-0 {m.match.away}"
        await run(db, forfeits.results.record, forfeits.results.Record(text), who(START))
    snap = await snapshot(db)
    assert all(m.result is not None for m in snap.matches)
    assert not snap.group_finished(snap.groups[0].label)


async def test_a_withdrawal_awards_its_undated_match_and_undo_puts_it_back(db):
    match = await week_3_match(db)
    await leave(db, match.no, WEEK_3 - timedelta(days=2))
    team = match.home
    done = (await run(db, forfeits.withdraw_team, forfeits.Withdraw(team), who(WEEK_3))).value
    assert match.no in {m.no for m in done.awarded} and len(done.awarded) == 7
    assert "Kalan 7 maçı 3-0" in forfeit_texts.withdrawn(done)
    snap = await snapshot(db)
    assert not snap.tournament.settings.undated
    stored = next(m for m in snap.matches if m.match.no == match.no)
    assert stored.result is not None and stored.result.forfeit == "home"

    await run(db, undo.undo_last, undo.UndoLast(), who(WEEK_3))
    back = await snapshot(db)
    assert [u.match.no for u in back.tournament.settings.undated] == [match.no]
    assert match.no not in {m.match.no for m in back.matches}


async def test_an_annulling_withdrawal_drops_its_undated_match_too(db):
    match = await week_3_match(db)
    await leave(db, match.no, WEEK_3 - timedelta(days=2))
    await run(db, forfeits.set_withdrawal_rule, forfeits.SetWithdrawalRule("iptal"), who(START))
    done = (await run(db, forfeits.withdraw_team, forfeits.Withdraw(match.home), who(WEEK_3))).value
    assert match.no in {m.no for m in done.removed}
    assert not (await snapshot(db)).tournament.settings.undated


async def test_a_forfeit_by_number_reaches_an_undated_match(db):
    match = await week_3_match(db)
    await leave(db, match.no, WEEK_3 - timedelta(days=2))
    command = forfeits.Forfeit(f"{match.no} {match.away}")
    done = await run(db, forfeits.record_forfeit, command, who(WEEK_3 + timedelta(days=1)))
    assert done.value.match.no == match.no
    assert not (await snapshot(db)).tournament.settings.undated


async def test_an_undated_match_played_meanwhile_gets_its_day_then_its_result(db):
    """It was a dead end: its result was refused for want of a date, and /ertele refused
    any date already past."""
    match = await week_3_match(db)
    await leave(db, match.no, WEEK_3 - timedelta(days=2))
    line = f"{match.home} 2-1 {match.away}"
    later = WEEK_3 + timedelta(days=10)  # Wednesday 13 January, 14:00
    with pytest.raises(UndatedMatch) as refused:
        await run(db, forfeits.results.record, forfeits.results.Record(line), who(later))
    assert f"Oynandıysa oynandığı günü yazın: /ertele {match.no} dün 20:00" in refusal_text(
        refused.value
    )
    done = await date_it(db, f"{match.no} dün 20:00", later)
    ((_, new),) = done.value.changes
    assert new.start == datetime(2027, 1, 12, 20, 0, tzinfo=IST) and done.value.played
    assert not done.value.notices  # no captain is told of a kick-off already behind him
    said = schedule_texts.postponed(done.value)
    assert said.startswith(f"📅 Maç {match.no} 12 Ocak Salı 20:00 ") and "oynandı olarak" in said
    assert f"{match.home} 2-1 {match.away}" in said
    await run(db, forfeits.results.record, forfeits.results.Record(line), who(later))
    after = await snapshot(db)
    (played,) = [m for m in after.matches if m.match.no == match.no]
    assert played.result is not None and not after.tournament.settings.undated
    assert not [k for k in await rows(db) if k[0] == match.no and k[2].startswith("kaptan")]
