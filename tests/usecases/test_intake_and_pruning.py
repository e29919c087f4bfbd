"""The durable intake's inbox and the hourly pruning, on a real SQLite file."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from telegram import Bot, Update

from bot.runtime import hygiene, services
from bot.runtime.intake import Intake
from storage import migrate
from storage.uow import Database

NOW = datetime(2026, 12, 6, 7, 0, tzinfo=UTC)
BOT = Bot("123456:TEST")


def update(update_id: int, chat_id: int = -100, text: str = "Kartallar 1-0 Şahinler") -> Update:
    user = {"id": 7, "is_bot": False, "first_name": "Ayşe"}
    chat = {"id": chat_id, "type": "supergroup", "title": "G"}
    message = {"message_id": update_id, "date": int(NOW.timestamp()), "chat": chat}
    return Update.de_json(
        {"update_id": update_id, "message": message | {"from": user, "text": text}}, BOT
    )


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    yield database
    await database.dispose()


async def test_received_updates_wait_in_the_inbox_until_handled_and_copies_are_ignored(db):
    intake = Intake(lambda: db, lambda: NOW)
    fresh = await intake.store([update(1), update(2), update(3)])
    assert [u.update_id for u in fresh] == [1, 2, 3]
    assert await intake.store([update(2)]) == []  # a copy Telegram sent again
    await intake.finished(fresh[0])
    await intake.flush()

    after_crash = Intake(lambda: db, lambda: NOW)  # a new process: what is left to do
    replay, offset = await after_crash.unfinished(BOT)
    assert [u.update_id for u in replay] == [2, 3] and offset == 4
    assert replay[0].message.text == "Kartallar 1-0 Şahinler"
    assert await after_crash.store([update(1)]) == []  # handled already: not again


async def test_pruning_forgets_old_ids_abandoned_set_ups_and_their_index(db):
    intake = Intake(lambda: db, lambda: NOW)
    done = await intake.store([update(1), update(2)])
    for u in done:
        await intake.finished(u)
    await intake.flush()
    async with db.unit_of_work() as uow:
        await uow.updates.claim(1, NOW)
        await uow.setups.put(5, 5, {"step": "name"}, NOW)  # abandoned
        await uow.setups.put(6, 6, {"step": "name"}, NOW + timedelta(days=2))  # going on
        await uow.commit()
    found = services.Services(db=db, clock=lambda: NOW + timedelta(days=2, hours=1))
    found.conversations = {(5, 5), (6, 6), (9, 9)}  # (9, 9): left by /iptal, stored nowhere

    pruned = await hygiene.prune(found)

    assert (pruned.updates, pruned.setups, pruned.index) == (1, 1, 2)
    assert pruned.inbox == 1  # the newest row stays: polling resumes after it
    assert found.conversations == {(6, 6)}
    _, offset = await Intake(lambda: db, found.clock).unfinished(BOT)
    assert offset == 3


async def test_a_poisoned_row_is_set_aside_with_one_line_and_the_rest_replayed(db, caplog):
    """A row with a string update_id (an older version stored what a forged POST sent) made
    every start-up fail with "can only concatenate str (not "int") to str"; a payload this
    version cannot read, or one stored under another id, must not stop the rest either."""
    intake = Intake(lambda: db, lambda: NOW)
    await intake.store([update(1), update(5)])
    async with db.unit_of_work() as uow:
        for update_id, payload in (
            ("abc", '{"update_id": "abc", "message": {}}'),
            (2, '{"update_id": 2, "message": "not a message"}'),
            (3, '{"update_id": 4}'),
        ):
            await uow.session.execute(
                text(
                    "INSERT INTO inbox (update_id, chat_id, payload, received_at)"
                    " VALUES (:u, -100, :p, :at)"
                ),
                {"u": update_id, "p": payload, "at": NOW.isoformat()},
            )
        await uow.commit()

    replay, offset = await Intake(lambda: db, lambda: NOW).unfinished(BOT)

    assert [u.update_id for u in replay] == [1, 5] and offset == 6
    aside = [r for r in caplog.records if "set aside" in r.getMessage()]
    assert len(aside) == 3, [r.getMessage() for r in aside]
    async with db.unit_of_work(read_only=True) as uow:
        rows = await uow.session.execute(
            text(
                "SELECT update_id FROM inbox WHERE set_aside_at IS NOT NULL AND done_at IS NOT NULL"
            )
        )
        assert sorted(str(u) for (u,) in rows) == ["2", "3", "abc"]
    again, _ = await Intake(lambda: db, lambda: NOW).unfinished(BOT)  # the next start
    assert [u.update_id for u in again] == [1, 5]


async def test_an_update_without_a_numeric_id_is_refused_at_the_door(db, caplog):
    forged = update(7)
    forged._unfreeze()
    forged.update_id = "7; DROP"  # type: ignore[assignment]
    intake = Intake(lambda: db, lambda: NOW)
    assert await intake.store([forged, update(8)]) == [update(8)]
    assert any("without a numeric update_id" in r.getMessage() for r in caplog.records)
    replay, offset = await Intake(lambda: db, lambda: NOW).unfinished(BOT)
    assert [u.update_id for u in replay] == [8] and offset == 9


def _message(update_id: int, **changed: object) -> dict:
    user = {"id": 7, "is_bot": False, "first_name": "Ayşe"}
    chat = {"id": -100, "type": "supergroup", "title": "G"}
    message = {"message_id": 9, "date": int(NOW.timestamp()), "chat": chat, "from": user}
    return {"update_id": update_id, "message": {**message, "text": "A1 1-0 A2", **changed}}


HUGE = 2**70
# Inbox rows no Telegram update makes, as anything that writes the table might leave them
# (issue 30: `text: 5` was handled, with a traceback): (update id as SQL, payload as stored).
POISON = {
    "a text that is a number": ("10", json.dumps(_message(10, text=5))),
    "a text that is a list": ("11", json.dumps(_message(11, text=["a"]))),
    "a list": ("12", "[1, 2]"),
    "JSON null": ("13", "null"),
    "a string": ("15", '"an update"'),
    "a number": ("16", "16"),
    "no message": ("17", '{"update_id": 17}'),
    "a message without its chat": (
        "18",
        json.dumps({"update_id": 18, "message": {"message_id": 1, "date": 0, "text": "x"}}),
    ),
    "a message that is a string": ("19", '{"update_id": 19, "message": "x"}'),
    "a chat id that is a string": ("20", json.dumps(_message(20, chat={"id": "abc"}))),
    "a sender id past 64 bits": ("21", json.dumps(_message(21, **{"from": {"id": HUGE}}))),
    "an update id past 64 bits": (str(HUGE), json.dumps(_message(HUGE))),
    "an update id that is a fraction": ("22.5", json.dumps(_message(22))),
    "not JSON": ("24", "{not json"),
    "nested 100,000 deep": (
        "25",
        '{"update_id": 25, "message": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ),
    "nested past the bound": (
        "26",
        json.dumps(_message(26, entities=[[[]]])).replace("[[[]]]", "[" * 70 + "]" * 70),
    ),
    "a button's data that is a list": (
        "27",
        json.dumps(
            {
                "update_id": 27,
                "callback_query": {
                    "id": "1",
                    "chat_instance": "c",
                    "from": {"id": 7, "is_bot": False, "first_name": "A"},
                    "data": ["a"],
                },
            }
        ),
    ),
}


@pytest.mark.parametrize("shape", POISON)
async def test_a_poison_row_of_any_shape_is_set_aside_once_with_one_line(db, caplog, shape):
    """Each shape alone, between two good updates: set aside with one log line and no
    traceback, never handed to the handlers, and not met again at the next start."""
    update_id, payload = POISON[shape]
    intake = Intake(lambda: db, lambda: NOW)
    await intake.store([update(1), update(50)])
    async with db.unit_of_work() as uow:
        await uow.session.execute(
            text(
                "INSERT INTO inbox (update_id, chat_id, payload, received_at)"
                f" VALUES ({update_id}, -100, :p, :at)"  # as written: no driver would bind it
            ),
            {"p": payload, "at": NOW.isoformat()},
        )
        await uow.commit()
    caplog.set_level(logging.DEBUG)

    replay, _ = await Intake(lambda: db, lambda: NOW).unfinished(BOT)

    assert [u.update_id for u in replay] == [1, 50]
    aside = [r.getMessage() for r in caplog.records if "set aside" in r.getMessage()]
    assert len(aside) == 1, aside
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []
    caplog.clear()
    again, _ = await Intake(lambda: db, lambda: NOW).unfinished(BOT)  # the next start
    assert [u.update_id for u in again] == [1, 50]
    assert not [r for r in caplog.records if "set aside" in r.getMessage()]
