""" "Ne zaman oynuyoruz?": the next match of the team this user captains in this chat."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy import event
from storage_data import CHAT, T0, new_tournament
from test_storage_results import apply, entry

from domain.model import Score, Stage
from storage.uow import Database

CAPTAIN = 555


async def tournament_with_captain(db: Database, team: str = "Yıldızspor") -> int:
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(), T0)
        await uow.teams.add_captain(tid, team, CAPTAIN)
        await uow.commit()
    return tid


async def next_match(db: Database, now=T0, chat: int = CHAT, user: int = CAPTAIN):
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.matches.next_for_captain(chat, user, now)


async def test_the_next_match_names_the_opponent_pitch_time_and_stage(db: Database):
    await tournament_with_captain(db)
    plan = new_tournament().plan
    first = next(m for m in plan if m.involves("Yıldızspor"))

    found = await next_match(db)

    assert found is not None
    team, match = found
    assert (match.no, team) == (first.no, "Yıldızspor")
    assert (match.home, match.away) == (first.home, first.away)  # which side, the opponent
    assert (match.pitch, match.start, match.end) == (first.pitch, first.start, first.end)
    assert match.stage is Stage.GROUP and match.group == "A"
    assert match.start.tzinfo == ZoneInfo("Europe/Istanbul")  # the tournament's clock


async def test_played_and_finished_matches_are_skipped(db: Database):
    tid = await tournament_with_captain(db, team="Kartallar")
    ours = [m for m in new_tournament().plan if m.involves("Kartallar")]
    await apply(db, entry(tid, Score(1, 0), match_no=ours[0].no))
    assert (await next_match(db))[1].no == ours[1].no

    after_second = ours[1].end + timedelta(seconds=1)
    assert (await next_match(db, now=after_second))[1].no == ours[2].no
    during_second = ours[1].start + timedelta(minutes=1)
    assert (await next_match(db, now=during_second))[1].no == ours[1].no


async def test_no_answer_for_other_chats_strangers_archived_or_finished_tournaments(db: Database):
    tid = await tournament_with_captain(db)
    last = max(m.end for m in new_tournament().plan)
    assert await next_match(db, chat=CHAT + 1) is None
    assert await next_match(db, user=CAPTAIN + 1) is None
    assert await next_match(db, now=last) is None
    async with db.unit_of_work() as uow:
        await uow.tournaments.archive(tid, T0)
        await uow.commit()
    assert await next_match(db) is None


async def test_the_look_up_is_one_query_served_by_indexes_on_sqlite(
    tmp_path: Path, sqlite_template: Path
):
    path = tmp_path / "plan.sqlite3"
    shutil.copy(sqlite_template, path)
    db = Database.from_url(f"sqlite+aiosqlite:///{path}")
    try:
        await tournament_with_captain(db)
        statements: list[tuple[str, tuple]] = []

        @event.listens_for(db.engine.sync_engine, "before_cursor_execute")
        def record(conn, cursor, statement, params, context, executemany):
            statements.append((statement, params))

        assert await next_match(db) is not None
        selects = [s for s in statements if s[0].lstrip().upper().startswith("SELECT")]
        assert len(selects) == 1
        statement, params = selects[0]
        async with db.engine.connect() as conn:
            plan = await conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, params)
            details = " | ".join(str(row[-1]) for row in plan)
        assert "ix_matches_home_team_id_start_at" in details, details
        assert "ix_matches_away_team_id_start_at" in details, details
        assert "SCAN matches" not in details and "SCAN captains" not in details, details
    finally:
        await db.dispose()
