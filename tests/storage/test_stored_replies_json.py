"""Stored replies are plain typed JSON, not pickles (issue 30 item 6), on both engines: a
committed result's outcome is kept as JSON and read back by its schema into the outcome the
handler answers with; a row of any other shape is set aside with one log line and nothing
in it runs; 0018 converts the pickled rows a database already has (those it can read) and
drops the others, counted, without running what they name."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import pickle
import sys
import zlib
from datetime import UTC
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.pool import NullPool

from bot.usecases import kept, result_messages, results
from bot.usecases.runner import Actor, Outcome, Repeated, run
from storage import migrate
from storage.engine import make_engine
from storage.uow import Database

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "usecases"))

from eight_team_day import CHAT, KICKOFF, ORGANISER, stored_day

NOW = KICKOFF.astimezone(UTC)
LINE = "A1 3-1 A4"


async def _recorded(db: Database, update_id: int) -> Outcome:
    who = Actor(ORGANISER, CHAT, NOW, update_id=update_id)
    return await run(db, result_messages.record, result_messages.Message(LINE), who)


async def _raw(url: str, update_id: int) -> object:
    """The stored row's outcome column as the database holds it (JSON as text, or bytes)."""
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            found = await conn.scalar(
                text("SELECT outcome FROM stored_replies WHERE update_id = :u"), {"u": update_id}
            )
    finally:
        await engine.dispose()
    return json.loads(found) if isinstance(found, str) else found


async def test_a_committed_results_reply_is_kept_as_json_and_read_back_whole(db_url: str):
    db = await stored_day(db_url, NOW)
    try:
        outcome = await _recorded(db, 1)
        stored = await _raw(db_url, 1)
        assert isinstance(stored, dict) and stored["v"] == kept.VERSION  # JSON, not bytes
        assert json.dumps(stored)  # plain data through and through
        again = Actor(ORGANISER, CHAT, NOW, update_id=1, again=True)
        answered = await run(db, result_messages.record, result_messages.Message(LINE), again)
    finally:
        await db.dispose()
    (entered,) = answered.value  # the stored outcome, as the handler answers it
    assert isinstance(entered, results.Entered) and entered.snapshot.matches
    assert kept.dump(answered) == kept.dump(outcome) == stored


MARK = "turnuva-pickle-ran"


class _Runs:
    """A pickle that would run a command when read (what a row written by someone else can
    hold)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


MALFORMED = {
    "a class not the bot's": {"v": 1, "o": {"c": "subprocess.Popen", "f": {"args": "true"}}},
    "a function of the bot's": {"v": 1, "o": {"c": "bot.usecases.kept.load", "f": {}}},
    "a module's main": {"v": 1, "o": {"c": "bot.__main__.Main", "f": {}}},
    "a class of no version": {"v": 1, "o": {"c": "bot.usecases.runner.Gone", "f": {}}},
    "fields not the class's": {"v": 1, "o": {"c": "bot.usecases.runner.Outcome", "f": {}}},
    "a value of the wrong kind": {
        "v": 1,
        "o": {
            "c": "bot.usecases.runner.Outgoing",
            "f": {"chat_id": "not a number", "text": "x", "buttons": {"t": []}, "private": True},
        },
    },
    "an unknown tag": {"v": 1, "o": {"pickle": "gASVAAAAAAAAAAA="}},
    "another version": {"v": 2, "o": None},
    "not an outcome": {"v": 1, "o": {"t": [1, 2]}},
    "a list": [1, 2],
    "a string": "gASV",
}


@pytest.mark.parametrize("shape", MALFORMED)
async def test_a_malformed_stored_reply_is_set_aside_with_one_line_and_nothing_runs(
    db_url: str, caplog, shape: str
):
    db = await stored_day(db_url, NOW)
    try:
        await _recorded(db, 1)
        async with db.unit_of_work() as uow:
            await uow.session.execute(
                text("UPDATE stored_replies SET outcome = :o WHERE update_id = 1"),
                {"o": json.dumps(MALFORMED[shape])},
            )
            await uow.commit()
        caplog.set_level(logging.INFO)
        again = Actor(ORGANISER, CHAT, NOW, update_id=1, again=True)
        with contextlib.suppress(Repeated):  # answered as a copy is, from the claims
            await run(db, result_messages.record, result_messages.Message(LINE), again)
        async with db.unit_of_work(read_only=True) as uow:
            stored = await uow.replies.unsent(1)  # the line answered again as a copy is...
        assert stored is None or isinstance(kept.load(stored[1]), Outcome)  # ...kept anew
    finally:
        await db.dispose()
    lines = [r.getMessage() for r in caplog.records if "set aside" in r.getMessage()]
    assert len(lines) == 1 and "stored reply of update 1" in lines[0]
    assert [r for r in caplog.records if r.exc_info] == []


async def test_0018_converts_the_pickled_replies_it_can_read_and_drops_the_rest(
    empty_db_url: str, tmp_path: Path, caplog
):
    """A real result's reply, pickled as 0017 stored it (0018's downgrade writes it so),
    is JSON again after the upgrade, equal to what was kept; an unreadable pickle and one
    that would run a command are dropped and counted, and the command never ran."""
    url = empty_db_url
    db = await stored_day(url, NOW)
    try:
        outcome = await _recorded(db, 1)
    finally:
        await db.dispose()
    as_json = kept.dump(outcome)

    await migrate.downgrade_async(url, "0017")
    blob = await _raw(url, 1)
    assert isinstance(blob, bytes)  # a pickle, as 0014 to 0017 kept it
    assert kept.dump(pickle.load(io.BytesIO(zlib.decompress(blob)))) == as_json
    marker = tmp_path / MARK
    poison = zlib.compress(pickle.dumps(Outcome(_Runs(marker))), 1)
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.begin() as conn:
            for update_id, outcome_bytes in ((2, b"not a pickle"), (3, poison)):
                await conn.execute(
                    text(
                        "INSERT INTO stored_replies (update_id, verb, outcome, stored_at)"
                        " VALUES (:u, 'v', :o, :at)"
                    ),
                    {"u": update_id, "o": outcome_bytes, "at": NOW},
                )
    finally:
        await engine.dispose()
    caplog.set_level(logging.INFO)
    caplog.clear()  # the downgrade's own count

    await migrate.upgrade_async(url)

    assert not marker.exists()  # the pickle's command never ran
    assert await _raw(url, 1) == as_json
    assert await _raw(url, 2) is None and await _raw(url, 3) is None
    counts = [r.getMessage() for r in caplog.records if "stored replies:" in r.getMessage()]
    assert counts == ["stored replies: 1 converted to JSON, 2 unreadable dropped"]
    db = Database.from_url(url)
    try:
        again = Actor(ORGANISER, CHAT, NOW, update_id=1, again=True)
        answered = await run(db, result_messages.record, result_messages.Message(LINE), again)
    finally:
        await db.dispose()
    assert kept.dump(answered) == as_json  # answered from the converted row
