"""Poisoned inbox rows on both engines (issue 30 item 6): whatever JSON a row holds (a list,
a string, a number, null, a message whose text is a number or that has no chat), the inbox
hands it back as stored, by `unfinished` (one process) and by `take` (several), and the
intake sets it aside with one log line, never handing it to the handlers."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from telegram import Bot

from bot.runtime.intake import Intake
from storage.uow import Database

NOW = datetime(2027, 1, 10, 9, 0, tzinfo=UTC)
BOT = Bot("123456:TEST")
CHAT = -100


def _good(update_id: int) -> dict:
    return {
        "update_id": update_id,
        "message": {
            "message_id": update_id,
            "date": int(NOW.timestamp()),
            "chat": {"id": CHAT, "type": "supergroup", "title": "G"},
            "from": {"id": 7, "is_bot": False, "first_name": "Ayşe"},
            "text": "A1 1-0 A2",
        },
    }


POISON = {
    2: [1, 2],
    3: "an update",
    4: 5,
    5: None,
    6: {**_good(6), "message": {**_good(6)["message"], "text": 5}},
    7: {"update_id": 7, "message": {"message_id": 1, "date": 0, "text": "x"}},
    8: {"update_id": 8},
}


async def test_poisoned_rows_are_handed_back_as_stored_and_set_aside_once(db: Database, caplog):
    async with db.unit_of_work() as uow:
        rows = [(1, CHAT, _good(1)), *((u, CHAT, p) for u, p in POISON.items())]
        await uow.inbox.add([*rows, (9, CHAT, _good(9))], NOW)
        await uow.commit()
    async with db.unit_of_work() as uow:
        await uow.inbox.finish([1], NOW)
        taken = await uow.inbox.take(CHAT, "a:1")  # several processes: the oldest not done
        await uow.commit()
    assert taken is not None and (taken.update_id, taken.payload) == (2, [1, 2])
    caplog.set_level(logging.INFO)

    replay, _ = await Intake(lambda: db, lambda: NOW).unfinished(BOT)

    assert [u.update_id for u in replay] == [9]
    aside = [r.getMessage() for r in caplog.records if "set aside" in r.getMessage()]
    assert len(aside) == len(POISON), aside
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []
    async with db.unit_of_work() as uow:
        assert (await uow.inbox.take(CHAT, "a:1")).update_id == 9  # the poison is done
