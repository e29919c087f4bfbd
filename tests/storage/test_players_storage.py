"""Squads, match events and ban decisions on both engines: stored in one statement each,
read back with the tournament in its one statement, nothing deleted."""

from __future__ import annotations

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from storage_data import T0, new_tournament

from storage.repositories.players import NewEvent, NewPlayer


@pytest.fixture
async def tid(db):
    async with db.unit_of_work() as uow:
        created = await uow.tournaments.create(new_tournament(), T0)
        await uow.commit()
    return created


class Statements:
    def __init__(self, db) -> None:
        self.engine = db.write_engine.sync_engine
        self.count = 0

    def __enter__(self):
        event.listen(self.engine, "before_cursor_execute", self._one)
        return self

    def __exit__(self, *_):
        event.remove(self.engine, "before_cursor_execute", self._one)

    def _one(self, *_):
        self.count += 1


async def test_a_squad_is_stored_in_one_statement_and_loaded_with_the_tournament(db, tid):
    async with db.unit_of_work() as uow:
        ids = (await uow.tournaments.load(tid)).team_ids
        new = [NewPlayer("Kartallar", "Ali Yılmaz", 10), NewPlayer("Kartallar", "Veli Demir")]
        with Statements(db) as counted:
            stored = await uow.players.add(tid, ids, new, by=1, at=T0, update_id=55)
        assert counted.count == 1
        await uow.commit()
    assert [p.name for p in stored] == ["Ali Yılmaz", "Veli Demir"]
    async with db.unit_of_work(read_only=True) as uow:
        loaded = await uow.tournaments.load(tid)
    assert [(p.team, p.name, p.number) for p in loaded.players] == [
        ("Kartallar", "Ali Yılmaz", 10),
        ("Kartallar", "Veli Demir", None),
    ]
    assert set(loaded.team_ids) == {t for g in loaded.groups for t in g.teams}


async def test_a_player_has_one_live_row_per_team_and_a_name_may_repeat_across_teams(db, tid):
    async with db.unit_of_work() as uow:
        ids = (await uow.tournaments.load(tid)).team_ids
        two = [NewPlayer("Kartallar", "Ali Yılmaz"), NewPlayer("Şimşekler", "ALİ YILMAZ")]
        stored = await uow.players.add(tid, ids, two, by=1, at=T0, update_id=1)
        await uow.commit()
    assert [(p.team, p.name) for p in stored] == [
        ("Kartallar", "Ali Yılmaz"),
        ("Şimşekler", "ALİ YILMAZ"),
    ]
    assert stored[0].id != stored[1].id
    async with db.unit_of_work(read_only=True) as uow:
        loaded = await uow.tournaments.load(tid)
    assert {(p.id, p.team) for p in loaded.players} == {(p.id, p.team) for p in stored}
    async with db.unit_of_work() as uow:
        with pytest.raises(IntegrityError):
            await uow.players.add(
                tid, ids, [NewPlayer("Kartallar", "ali yılmaz")], by=1, at=T0, update_id=2
            )


async def test_events_and_removals_are_marks_and_the_goals_stay(db, tid):
    async with db.unit_of_work() as uow:
        loaded = await uow.tournaments.load(tid)
        ids = loaded.team_ids
        ali, veli = await uow.players.add(
            tid,
            ids,
            [NewPlayer("Kartallar", "Ali Yılmaz"), NewPlayer("Şimşekler", "Veli Demir")],
            by=1,
            at=T0,
            update_id=3,
        )
        match_id = loaded.matches[0].id
        events = [
            NewEvent(match_id, ali.id, "Kartallar", "goal"),
            NewEvent(match_id, ali.id, "Kartallar", "goal"),
            NewEvent(match_id, veli.id, "Şimşekler", "yellow"),
        ]
        with Statements(db) as counted:
            await uow.players.add_events(tid, ids, events, by=1, at=T0, update_id=3)
        assert counted.count == 1
        await uow.players.decide_ban(tid, veli.id, 2, 0, by=1, at=T0, update_id=4)
        await uow.commit()
    async with db.unit_of_work() as uow:
        loaded = await uow.tournaments.load(tid)
        assert [(e.player, e.kind, e.match_no) for e in loaded.events] == [
            ("Ali Yılmaz", "goal", 1),
            ("Ali Yılmaz", "goal", 1),
            ("Veli Demir", "yellow", 1),
        ]
        assert loaded.bans[0].player_id == veli.id and loaded.bans[0].matches == 2
        assert await uow.players.remove(ali.id, by=1, at=T0, update_id=5)
        assert not await uow.players.remove(ali.id, by=1, at=T0, update_id=6)
        assert await uow.players.delete_events([loaded.events[2].id], by=1, at=T0, update_id=7) == 1
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        loaded = await uow.tournaments.load(tid)
    assert [p.removed for p in loaded.players] == [True, False]
    assert [(e.player, e.kind) for e in loaded.events] == [("Ali Yılmaz", "goal")] * 2
