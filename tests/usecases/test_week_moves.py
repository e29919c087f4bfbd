"""/hafta_ertele through the use case on a season league set up from the one-message form:
8 teams every other Sunday 14:00-17:00, 30+5, 7 match weeks of 4 from 6 December 2026."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from permission_table import cells
from test_season_setup import FORM, create_league, league_db

from bot.texts import weeks
from bot.usecases import results, schedule, snapshots
from bot.usecases import weeks as moves
from bot.usecases.errors import NotOrganiser
from bot.usecases.runner import Actor, run
from bot.usecases.weeks import NoPlayoff, undated
from domain.weekmoves import WeekError, match_days
from storage import migrate
from storage.errors import NoActiveTournament
from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER, CAPTAIN, MEMBER = -2002, 10, 21, 60
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=IST)
SUNDAYS = [date(2026, 12, 6) + timedelta(days=14 * i) for i in range(8)]
_updates = count(5000)


def who(user: int = ORGANISER, now: datetime = NOW) -> Actor:
    async def no() -> bool:
        return False

    return Actor(
        user_id=user, chat_id=CHAT, now=now.astimezone(UTC), update_id=next(_updates), admin=no
    )


async def postpone_week(db: Database, who: Actor, text: str):
    return await run(db, moves.postpone_week, moves.PostponeWeek(text), who)


async def plan_playoff(db: Database, who: Actor, text: str):
    return await run(db, moves.plan_playoff, moves.PlanPlayoff(text), who)


async def leave_undated(db: Database, who: Actor, number: int):
    return await run(db, moves.leave_undated, moves.LeaveUndated(number), who)


async def postpone_match(db: Database, who: Actor, text: str):
    return await run(db, moves.postpone_match, schedule.Postpone(text), who)


@pytest.fixture
async def db(tmp_path):
    database = await league_db(tmp_path / "w.sqlite3", (CAPTAIN,))
    yield database
    await database.dispose()


async def snapshot(db: Database) -> snapshots.Snapshot:
    async with db.unit_of_work(read_only=True) as uow:
        return await snapshots.active(uow, CHAT)


async def captain_reminders(db: Database) -> dict[int, datetime]:
    async with db.unit_of_work(read_only=True) as uow:
        tid = (await uow.tournaments.active_for_chat(CHAT)).id
        rows = await uow.reminders.pending(tid)
    return {r.match_no: r.due_at for r in rows if r.recipient == CAPTAIN}


async def test_week_3_moves_with_every_later_week_and_their_reminders(db):
    before = await snapshot(db)
    due_before = await captain_reminders(db)
    assert match_days(before.planned) == dict(enumerate(SUNDAYS[:7], 1))

    done = await postpone_week(db, who(), "3")

    after = await snapshot(db)
    days = match_days(after.planned)
    assert [days[w] for w in (1, 2)] == SUNDAYS[:2]
    assert [days[w] for w in range(3, 8)] == SUNDAYS[3:8]  # one step on; week 7 to 14 Mar
    old = {m.match.no: m.match for m in before.matches}
    for m in after.matches:
        if m.match.week >= 3:
            assert m.match.start - old[m.match.no].start == timedelta(days=14)
            assert m.match.start.time() == old[m.match.no].start.time()
    due_after = await captain_reminders(db)
    moved = {m.match.no for m in after.matches if m.match.week >= 3}
    for no, due in due_after.items():
        shift = timedelta(days=14) if no in moved else timedelta(0)
        assert due - due_before[no] == shift
    value = done.value
    assert len(value.changes) == 20 and done.effects.reminders and done.effects.live == (CHAT,)
    assert [n.user_id for n in value.notices] == [CAPTAIN]  # once, their own first match
    assert value.notices[0].new.week == 3
    text = weeks.moved(value)
    assert "3. hafta ertelendi" in text and "7. hafta: 28 Şubat → 14 Mart" in text


async def test_a_played_match_of_the_week_stays(db):
    snap = await snapshot(db)
    first = min((m.match for m in snap.matches if m.match.week == 3), key=lambda m: m.no)
    await run(db, results.record, results.Record(f"{first.home} 2-1 {first.away}"), who())

    await postpone_week(db, who(), "3")

    after = {m.match.no: m.match for m in (await snapshot(db)).matches}
    assert after[first.no].start == first.start


async def test_a_week_moves_alone_to_a_given_day(db):
    await postpone_week(db, who(), "3 10 Ocak")
    days = match_days((await snapshot(db)).planned)
    assert days[3] == date(2027, 1, 10) and days[4] == SUNDAYS[4 - 1]


async def test_a_given_day_of_another_week_is_refused_with_the_match_in_the_way(db):
    with pytest.raises(WeekError) as refused:
        await postpone_week(db, who(), f"3 {SUNDAYS[3].day} Ocak")
    assert "sığmıyor" in weeks.refusal(refused.value)


async def test_a_member_is_refused(db):
    before = (await snapshot(db)).planned
    with pytest.raises(NotOrganiser):
        await postpone_week(db, who(MEMBER), "3")
    assert (await snapshot(db)).planned == before


async def test_an_unknown_week_is_refused(db):
    with pytest.raises(WeekError) as refused:
        await postpone_week(db, who(), "9")
    assert weeks.refusal(refused.value).startswith("9. hafta yok")


# --- docs/permissions.md, "move a match week", cell by cell --------------------------------

CO_ORGANISER, ADMIN, OTHER_CAPTAIN = 20, 30, 50
ROLE_USERS = {
    "creator": ORGANISER,
    "organiser": CO_ORGANISER,
    "admin": ADMIN,
    "captain": CAPTAIN,
    "other captain": OTHER_CAPTAIN,
    "member": MEMBER,
    "private": MEMBER,
}


def in_role(role: str) -> Actor:
    async def is_admin() -> bool:
        return role == "admin"

    user, private = ROLE_USERS[role], role == "private"
    return Actor(
        user_id=user,
        chat_id=user if private else CHAT,
        now=NOW.astimezone(UTC),
        update_id=next(_updates),
        private=private,
        admin=is_admin,
    )


async def seat_roles(db: Database, *captains: tuple[str, int]) -> None:
    """The table's other roles in the stored league: the co-organiser and these captains."""
    async with db.unit_of_work() as uow:
        tid = (await uow.tournaments.active_for_chat(CHAT)).id
        await uow.tournaments.add_organiser(tid, CO_ORGANISER, NOW)
        for team, user in captains:
            await uow.teams.add_captain(tid, team, user)
        await uow.commit()


@pytest.mark.parametrize(("role", "expected"), cells("move a match week"))
async def test_moving_a_match_week(db, role, expected):
    await seat_roles(db, ("Takım 2", OTHER_CAPTAIN))
    before = (await snapshot(db)).planned
    try:
        await postpone_week(db, in_role(role), "3")
        got = "allowed"
    except (NotOrganiser, NoActiveTournament):
        got = "refused"
    assert got == expected
    assert ((await snapshot(db)).planned != before) == (expected == "allowed")


# --- the TFF play-off ----------------------------------------------------------------------

LEVEL_PAIR = (
    "Takım 1 2-0 Takım 3", "Takım 1 2-0 Takım 4", "Takım 2 2-0 Takım 3",
    "Takım 2 2-0 Takım 4", "Takım 1 1-1 Takım 2", "Takım 3 2-1 Takım 4",
)  # fmt: skip


@pytest.fixture
async def four(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'p.sqlite3'}"
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    await create_league(database, FORM.replace("8 takım", "4 takım"))
    async with database.unit_of_work() as uow:
        tid = (await uow.tournaments.active_for_chat(CHAT)).id
        await uow.tournaments.update_settings(tid, tie_break="tff")
        await uow.commit()
    yield database
    await database.dispose()


async def test_a_tff_tie_after_everything_gets_a_play_off_on_the_next_match_day(four):
    for line in LEVEL_PAIR:
        await run(four, results.record, results.Record(line), who())
    table = (await snapshot(four)).tables()["A"]
    assert table.unresolved == (("Takım 1", "Takım 2"),) and table.decider == "playoff"

    done = await plan_playoff(four, who(), "")

    match = done.value.match
    assert {match.home, match.away} == {"Takım 1", "Takım 2"}
    assert match.start == datetime(2027, 1, 17, 14, 0, tzinfo=IST)  # 3 Jan + two weeks
    assert "Play-off planlandı" in weeks.playoff(done.value)
    with pytest.raises(NoPlayoff) as again:
        await plan_playoff(four, who(), "")
    assert "zaten planlı" in weeks.playoff_refusal(again.value)

    await run(four, results.record, results.Record("Takım 2 1-0 Takım 1"), who())
    table = (await snapshot(four)).tables()["A"]
    assert table.teams[:2] == ("Takım 2", "Takım 1") and not table.unresolved
    assert table.row("Takım 1").played == 3  # the play-off counts in no table


async def test_a_play_off_on_a_given_day_and_none_without_a_tie(four):
    with pytest.raises(NoPlayoff) as refused:
        await plan_playoff(four, who(), "")
    assert "Play-off gereken bir eşitlik yok" in weeks.playoff_refusal(refused.value)
    for line in LEVEL_PAIR:
        await run(four, results.record, results.Record(line), who())
    match = (await plan_playoff(four, who(), "10 Ocak 16:00")).value.match
    assert match.start == datetime(2027, 1, 10, 16, 0, tzinfo=IST)


@pytest.mark.parametrize(("role", "expected"), cells("plan a play-off"))
async def test_planning_a_play_off(four, role, expected):
    await seat_roles(four, ("Takım 1", CAPTAIN), ("Takım 2", OTHER_CAPTAIN))
    for line in LEVEL_PAIR:
        await run(four, results.record, results.Record(line), who())
    try:
        await plan_playoff(four, in_role(role), "")
        got = "allowed"
    except (NotOrganiser, NoActiveTournament):
        got = "refused"
    assert got == expected
    planned = [m for m in (await snapshot(four)).matches if snapshots.is_playoff(m.match)]
    assert bool(planned) == (expected == "allowed")


# --- /ertele 14 belirsiz and back ---------------------------------------------------------


async def test_a_match_left_without_a_date_loses_its_reminders_until_it_gets_one(db):
    snap = await snapshot(db)
    mine = min((m.match for m in snap.matches if m.match.involves("Takım 1")), key=lambda m: m.no)
    assert mine.no in await captain_reminders(db)

    done = await leave_undated(db, who(), mine.no)

    assert done.value.tell == ((CAPTAIN, "Takım 1"),)
    assert "tarihi belli değil" in weeks.undated(done.value, NOW)
    after = await snapshot(db)
    assert mine.no not in {m.match.no for m in after.matches}
    assert [m.no for m in undated(after)] == [mine.no]
    assert mine.no not in await captain_reminders(db)
    assert "Tarihi belli değil" in weeks.waiting(undated(after))

    moved = await postpone_match(db, who(), f"{mine.no} 7 Şubat 15:10")

    ((_, new),) = moved.value.changes
    assert new.no == mine.no and new.start == datetime(2027, 2, 7, 15, 10, tzinfo=IST)
    assert new.week == mine.week
    back = await snapshot(db)
    assert not undated(back)
    assert mine.no in await captain_reminders(db)


async def test_a_played_match_cannot_be_left_without_a_date(db):
    snap = await snapshot(db)
    first = snap.matches[0].match
    await run(db, results.record, results.Record(f"{first.home} 1-0 {first.away}"), who())
    with pytest.raises(schedule.CannotPostpone):
        await leave_undated(db, who(), first.no)
    with pytest.raises(NotOrganiser):
        await leave_undated(db, who(MEMBER), snap.matches[1].match.no)


@pytest.mark.parametrize(("role", "expected"), cells("delay or move matches"))
async def test_leaving_a_match_without_a_date(db, role, expected):
    await seat_roles(db, ("Takım 2", OTHER_CAPTAIN))
    try:
        await leave_undated(db, in_role(role), 14)
        got = "allowed"
    except (NotOrganiser, NoActiveTournament):
        got = "refused"
    assert got == expected
    assert bool(undated(await snapshot(db))) == (expected == "allowed")
