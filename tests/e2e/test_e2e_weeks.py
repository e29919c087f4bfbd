"""A season league's match week moves through Telegram: /hafta_ertele 3 takes week 3 and
every later week one step on, their reminders with them, and the group is told once."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

from client import ORGANISER
from test_e2e_forfeits import create_league


def pending(bot, chat) -> dict[tuple[int, int, str], datetime]:
    """(match no, recipient, kind) -> due, read from the bot's own SQLite file."""
    path = bot.db_url.removeprefix("sqlite+aiosqlite:///")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT m.no, r.recipient, r.kind, r.due_at FROM reminders r"
            " JOIN matches m ON m.id = r.match_id JOIN tournaments t ON t.id = m.tournament_id"
            " WHERE t.chat_id = ? AND t.status = 'active' AND r.status = 'pending'",
            (chat.id,),
        ).fetchall()
    return {(no, who, kind): datetime.fromisoformat(due) for no, who, kind, due in rows}


def _matches(bot, chat, column: str) -> dict:
    path = bot.db_url.removeprefix("sqlite+aiosqlite:///")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute(
            f"SELECT m.no, m.{column} FROM matches m JOIN tournaments t"
            " ON t.id = m.tournament_id WHERE t.chat_id = ? AND t.status = 'active'",
            (chat.id,),
        ).fetchall()
    return dict(rows)


def weeks_of(bot, chat) -> dict[int, int]:
    return _matches(bot, chat, "week")


def starts(bot, chat) -> dict[int, datetime]:
    return {no: datetime.fromisoformat(s) for no, s in _matches(bot, chat, "start_at").items()}


def test_a_week_postponed_moves_every_later_week_and_its_reminders(tg, bot):
    chat = create_league(tg, "Erteleme Ligi")
    before = pending(bot, chat)
    week = weeks_of(bot, chat)
    assert before and {week[no] for no, _, _ in before} >= {1, 2, 3, 7}

    tg.send(ORGANISER, chat, "/hafta_ertele 3")
    said = [m for m in tg.silence(chat) if m.kind == "message"]
    assert [m.text.count("ertelendi") for m in said] == [1]  # announced once
    moved = said[0]
    assert "3. hafta: 3 Ocak → 17 Ocak" in moved.text
    assert "7. hafta: 28 Şubat → 14 Mart" in moved.text

    after = pending(bot, chat)
    assert set(after) == set(before)
    for key, due in after.items():
        shift = timedelta(days=14) if week[key[0]] >= 3 else timedelta(0)
        assert due - before[key] == shift, key

    tg.send(ORGANISER, chat, "/hafta_ertele 3 10 Ocak")
    assert "3. hafta: 17 Ocak → 10 Ocak" in tg.wait_for(chat, "3. hafta ertelendi").text

    # One match to another date: its reminders follow it, nobody else's move.
    before, was = pending(bot, chat), starts(bot, chat)
    tg.send(ORGANISER, chat, "/ertele 14 7 Şubat 15:10")
    assert "7 Şubat 15:10" in tg.wait_for(chat, "Maç 14 ertelendi").text
    after, now = pending(bot, chat), starts(bot, chat)
    assert now[14].date().isoformat() == "2027-02-07"
    for key, due in after.items():
        if key not in before:  # 7 February is a match day of its own now: its result
            # nudge, and the group's message the evening before
            assert key[0] == 14 and key[2] in ("sonuclar", "aksam"), key
            continue
        assert due - before[key] == (now[14] - was[14] if key[0] == 14 else timedelta(0)), key

    # Without a date: no reminder of it is left; a date later brings them back.
    tg.send(ORGANISER, chat, "/ertele 14 belirsiz")
    assert "tarihi belli değil" in tg.wait_for(chat, "Maç 14 ertelendi").text
    assert not [key for key in pending(bot, chat) if key[0] == 14]
    tg.send(ORGANISER, chat, "/ertele 14 21 Şubat 15:10")
    assert "21 Şubat Pazar 15:10" in tg.wait_for(chat, "Maç 14'ün tarihi belli oldu").text
    assert [key for key in pending(bot, chat) if key[0] == 14]
