"""The schema changes only through Alembic, and the migrations match the models."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.pool import NullPool
from sqlalchemy.schema import CreateIndex
from storage_data import T0, audit_history, new_tournament

from domain.model import Score
from storage import migrate, revision
from storage.engine import make_engine
from storage.records import RecordResult
from storage.rows import Base, ResultRow
from storage.uow import Database

HEAD = ScriptDirectory.from_config(migrate.alembic_config("sqlite://")).get_current_head()


async def tables(url: str) -> set[str]:
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return set(await conn.run_sync(lambda sync: inspect(sync).get_table_names()))
    finally:
        await engine.dispose()


async def triggers(url: str) -> set[str]:
    """Trigger names: the one kind of schema object autogenerate does not compare."""
    engine = make_engine(url, poolclass=NullPool)
    query = {
        "sqlite": "SELECT name FROM sqlite_master WHERE type = 'trigger'",
        "postgresql": "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal",
    }[engine.dialect.name]
    try:
        async with engine.connect() as conn:
            return {row[0] for row in await conn.exec_driver_sql(query)}
    finally:
        await engine.dispose()


async def test_autogenerate_finds_no_difference_between_models_and_migrations(
    empty_db_url: str,
):
    await migrate.upgrade_async(empty_db_url)
    engine = make_engine(empty_db_url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(
                lambda sync: compare_metadata(
                    MigrationContext.configure(sync, opts={"compare_type": True}),
                    Base.metadata,
                )
            )
    finally:
        await engine.dispose()
    assert diff == []


async def audit_trail(db: Database, tid: int, no: int) -> list[tuple[Score | None, ...]]:
    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, no)
        assert match is not None
        return [(h.old, h.new) for h in await audit_history(uow, match.id)]


async def test_an_empty_database_upgrades_to_head_steps_down_two_and_back_up(
    empty_db_url: str,
):
    assert await migrate.current_async(empty_db_url) is None
    await migrate.upgrade_async(empty_db_url)
    assert await migrate.current_async(empty_db_url) == HEAD
    assert {t.name for t in Base.metadata.sorted_tables} <= await tables(empty_db_url)

    db = Database.from_url(empty_db_url)
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(), T0)
        for no, score in ((1, Score(1, 0)), (2, Score(2, 0))):
            await uow.results.record_first(RecordResult(tid, no, score, 11, T0))
        await uow.results.correct(RecordResult(tid, 2, Score(3, 0), 11, T0))
        await uow.results.undo_last(tid, 11, T0)  # match 2 back to 2-0
        await uow.results.undo_last(tid, 11, T0)  # match 2 unplayed again
        await uow.commit()
    await db.dispose()

    # 0003: the database audits inserts and updates of results; 0004: deletes too.
    audit_triggers = await triggers(empty_db_url)
    deletes = {name for name in audit_triggers if name.endswith("_delete")}
    assert len(deletes) == 1
    await migrate.downgrade_async(empty_db_url, "0004")  # later steps: their own tests
    await migrate.downgrade_async(empty_db_url, "-1")
    assert await migrate.current_async(empty_db_url) == "0003"
    assert await triggers(empty_db_url) == audit_triggers - deletes
    db = Database.from_url(empty_db_url)
    async with db.unit_of_work(read_only=True) as uow:
        # 0003 cannot mark undos: undone writes go with their undos, the writes that
        # stand stay (match 1's entry).
        rows = text("SELECT match_id, new_home_goals FROM result_audit")
        assert [row.new_home_goals for row in await uow.session.execute(rows)] == [1]
    await db.dispose()
    await migrate.downgrade_async(empty_db_url, "-1")
    assert await triggers(empty_db_url) == set()

    await migrate.upgrade_async(empty_db_url)
    assert await migrate.current_async(empty_db_url) == HEAD
    assert await triggers(empty_db_url) == audit_triggers
    db = Database.from_url(empty_db_url)
    async with db.unit_of_work(read_only=True) as uow:  # data of older tables kept
        assert len(await uow.matches.plan(tid)) == len(new_tournament().plan)
    assert await audit_trail(db, tid, 1) == [(None, Score(1, 0))]
    async with db.unit_of_work() as uow:  # the write left is undone and audited
        await uow.results.undo_last(tid, 11, T0)
        await uow.commit()
    assert await audit_trail(db, tid, 1) == [(None, Score(1, 0)), (Score(1, 0), None)]
    await db.dispose()


async def test_downgrading_to_base_leaves_only_the_version_table(empty_db_url: str):
    await migrate.upgrade_async(empty_db_url)
    await migrate.downgrade_async(empty_db_url, "base")
    assert await tables(empty_db_url) == {"alembic_version"}
    assert await migrate.current_async(empty_db_url) is None


def test_the_default_database_is_a_sqlite_file_created_on_first_start(tmp_path, monkeypatch):
    """No configuration: a file under $XDG_DATA_HOME/turnuva, made by `turnuva db upgrade`."""
    monkeypatch.delenv("TURNUVA_DB_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from storage.engine import default_url, sqlite_path

    path = sqlite_path(default_url())
    assert path == tmp_path / "data" / "turnuva" / "turnuva.sqlite3"
    migrate.upgrade()
    assert path.exists()
    assert migrate.current() == HEAD
    monkeypatch.setenv("TURNUVA_DB_URL", "postgresql+asyncpg://somewhere/turnuva")
    assert default_url() == "postgresql+asyncpg://somewhere/turnuva"


async def test_0010_moves_forfeit_marks_into_their_own_column_and_back(empty_db_url: str):
    """Up to 0009 a forfeit was -1 in the loser's penalty column (-1/0: home lost, 0/-1:
    away); 0010 moves results and audit trail into `forfeit`, a downgrade puts the marks
    back. A shoot-out is left alone both ways."""
    await migrate.upgrade_async(empty_db_url)
    db = Database.from_url(empty_db_url)
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(), T0)
        await uow.results.record_first(RecordResult(tid, 1, Score(1, 1, 4, 3), 11, T0))
        await uow.commit()
    await db.dispose()
    await migrate.downgrade_async(empty_db_url, "0009")

    results = ResultRow.__table__
    engine = make_engine(empty_db_url, poolclass=NullPool)
    try:
        async with engine.begin() as conn:  # written as 0009 wrote forfeits
            ids = dict((await conn.execute(text("SELECT no, id FROM matches"))).all())
            who = {"entered_by": 11, "entered_at": T0}
            score = ("home_goals", "away_goals", "home_penalties", "away_penalties")
            rows = [(2, (0, 3, -1, 0)), (3, (2, 1, None, None))]
            for no, values in rows:
                new = dict(zip(score, values, strict=True))
                await conn.execute(results.insert().values(match_id=ids[no], **new, **who))
            corrected = dict(zip(score, (3, 0, 0, -1), strict=True))
            stmt = results.update().where(results.c.match_id == ids[3]).values(**corrected)
            await conn.execute(stmt)

        await migrate.upgrade_async(empty_db_url)
        db = Database.from_url(empty_db_url)
        async with db.unit_of_work(read_only=True) as uow:
            stored = {m.match.no: m.result for m in await uow.matches.plan(tid)}
        assert stored[1] == Score(1, 1, 4, 3)
        assert stored[2] == Score(0, 3, forfeit="home")
        assert stored[3] == Score(3, 0, forfeit="away")
        assert await audit_trail(db, tid, 3) == [
            (None, Score(2, 1)),
            (Score(2, 1), Score(3, 0, forfeit="away")),
        ]
        await db.dispose()

        await migrate.downgrade_async(empty_db_url, "0009")
        async with engine.connect() as conn:
            marks = "SELECT m.no, home_penalties, away_penalties FROM results JOIN matches m"
            found = await conn.execute(text(marks + " ON m.id = match_id ORDER BY m.no"))
            assert [tuple(row) for row in found] == [(1, 4, 3), (2, -1, 0), (3, 0, -1)]
            audit = "SELECT new_home_penalties, new_away_penalties FROM result_audit"
            found = await conn.execute(text(audit + f" WHERE match_id = {ids[3]} ORDER BY id"))
            assert [tuple(row) for row in found] == [(None, None), (0, -1)]
    finally:
        await engine.dispose()


async def test_0016_drops_the_team_cards_table_only_while_it_is_empty(empty_db_url: str):
    """Nothing the bot runs ever wrote `cards` (a booking is a player's event): 0016 drops
    the table, and refuses to while it holds rows someone put there by hand."""
    await migrate.upgrade_async(empty_db_url, "0015")
    db = Database.from_url(empty_db_url)
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(), T0)
        await uow.commit()
    await db.dispose()
    engine = make_engine(empty_db_url, poolclass=NullPool)
    card = (
        "INSERT INTO cards (tournament_id, team_id, kind, recorded_by, recorded_at)"
        " SELECT tournament_id, id, 'yellow', 1, CURRENT_TIMESTAMP FROM teams"
        " WHERE tournament_id = :tid"
    )
    try:
        async with engine.begin() as conn:
            await conn.execute(text(card), {"tid": tid})
        with pytest.raises(RuntimeError, match="cards"):
            await migrate.upgrade_async(empty_db_url)
        assert await migrate.current_async(empty_db_url) == "0015"
        async with engine.begin() as conn:
            await conn.execute(text("DELETE FROM cards"))
    finally:
        await engine.dispose()
    await migrate.upgrade_async(empty_db_url)
    assert "cards" not in await tables(empty_db_url)
    await migrate.downgrade_async(empty_db_url, "0015")
    assert "cards" in await tables(empty_db_url)


async def columns(url: str, table: str) -> set[str]:
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            found = await conn.run_sync(lambda sync: inspect(sync).get_columns(table))
            return {column["name"] for column in found}
    finally:
        await engine.dispose()


async def test_0017_drops_the_has_cards_flag_and_keeps_the_tournament(empty_db_url: str):
    """`has_cards` pointed to the `cards` table 0016 dropped: 0017 drops the column, a
    flag set by hand included, and the tournament reads back as it was; stepping down
    gives the column back, false."""
    await migrate.upgrade_async(empty_db_url, "0016")
    db = Database.from_url(empty_db_url)
    async with db.unit_of_work() as uow:
        tid = await uow.tournaments.create(new_tournament(), T0)
        await uow.session.execute(text("UPDATE tournaments SET has_cards = TRUE"))
        await uow.commit()
    await db.dispose()

    await migrate.upgrade_async(empty_db_url)
    assert "has_cards" not in await columns(empty_db_url, "tournaments")
    db = Database.from_url(empty_db_url)
    async with db.unit_of_work(read_only=True) as uow:
        tournament = await uow.tournaments.get(tid)
        assert tournament.name == new_tournament().name
        assert len(await uow.matches.plan(tid)) == len(new_tournament().plan)
    await db.dispose()

    await migrate.downgrade_async(empty_db_url, "0016")
    engine = make_engine(empty_db_url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            flags = await conn.execute(text("SELECT has_cards FROM tournaments"))
            assert [bool(row[0]) for row in flags] == [False]
    finally:
        await engine.dispose()
    await migrate.upgrade_async(empty_db_url)
    assert await migrate.current_async(empty_db_url) == HEAD


def test_the_start_s_revision_check_knows_alembic_s_head():
    assert revision.head() == HEAD


async def test_a_start_migrates_only_a_database_behind_the_newest_schema(empty_db_url: str):
    assert await revision.stored(empty_db_url) is None
    assert await revision.bring_up_to_date(empty_db_url) is True  # empty: migrated
    assert await migrate.current_async(empty_db_url) == HEAD
    assert await revision.bring_up_to_date(empty_db_url) is False  # current: nothing to do
    await migrate.downgrade_async(empty_db_url, "-1")
    assert await revision.stored(empty_db_url) != HEAD
    assert await revision.bring_up_to_date(empty_db_url) is True
    assert await revision.stored(empty_db_url) == HEAD


def test_the_partial_unique_indexes_keep_their_condition_on_both_engines():
    make_engine("postgresql+asyncpg://127.0.0.1/test")  # spells them; connects to nothing
    partial = [
        index
        for table in Base.metadata.sorted_tables
        for index in table.indexes
        if index.name and index.name.startswith("uq_")
    ]
    assert len(partial) == 3
    for index in partial:
        for dialect in (sqlite.dialect(), postgresql.dialect()):
            assert " WHERE " in str(CreateIndex(index).compile(dialect=dialect)), index.name
