"""What a scorers or cards line is told when a name's team is wrong or unknown (issue 22's
audit): a team that does not play in the match is named as such with the two sides; a
name whose side cannot be known gets an example of its own kind (a card's for /kart); a
cards line of names no squad places never costs the result."""

from __future__ import annotations

import pytest
from eight_team_day import NOW, result_message, stored_day, who

from bot.texts.errors import refusal
from bot.texts.players import unplaced
from bot.usecases import events, match_events, results, snapshots
from bot.usecases.runner import run
from domain.eventnotes import NotInMatch
from storage import Database


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    yield database
    await database.dispose()


async def snap(db: Database) -> snapshots.Snapshot:
    async with db.unit_of_work(read_only=True) as uow:
        return await snapshots.load(uow, 1)


@pytest.mark.parametrize(
    ("line", "example"),
    [("gol: Ali (A1)", "goller: Ali (A2)"), ("kart: Veli (A4) sarı", "kart: Veli (A2) sarı")],
)
async def test_a_team_that_does_not_play_in_the_match_is_named_as_such(db, line, example):
    with pytest.raises(NotInMatch) as refused:
        await result_message(db, f"A2 1-0 A3\n{line}")
    said = refusal(refused.value)
    assert "adında bir takım yok" not in said
    team = line.split("(")[1].split(")")[0]
    assert said.startswith(f"{team} bu maçta oynamıyor (A2 - A3).")
    assert example in said
    assert all(m.result is None for m in (await snap(db)).matches)


async def test_which_team_for_a_kart_command_gives_a_card_example(db):
    (entered,) = [await result_message(db, "A1 2-1 A4")]
    no = entered.match.no
    with pytest.raises(events.WhichTeam) as refused:
        await run(db, match_events.cards, match_events.Cards(f"{no} Veli kırmızı"), who())
    said = refusal(refused.value)
    assert "gol:" not in said and f"/kart {no} Veli (A1) kırmızı" in said
    with pytest.raises(events.WhichTeam) as refused:
        await run(db, match_events.goals, match_events.Goals(f"{no} Ali"), who())
    assert f"/gol {no} Ali (A1)" in refusal(refused.value)


async def test_a_cards_line_no_squad_places_keeps_the_result_and_says_what_to_type(db):
    answer = await result_message(
        db, "A1 2-1 A4\ngoller: Ali 2 - Mehmet\nkart: Veli sarı, Mehmet kırmızı"
    )
    assert isinstance(answer, results.Entered)
    no = answer.match.no
    s = await snap(db)
    assert next(m for m in s.matches if m.match.no == no).result is not None
    # the goals (each side known) and the card of a name the line placed are stored
    assert [(e.player, e.team, e.kind) for e in s.events_of(no)] == [
        ("Ali", "A1", "goal"),
        ("Ali", "A1", "goal"),
        ("Mehmet", "A4", "goal"),
        ("Mehmet", "A4", "red"),
    ]
    assert [c.player for c in answer.unplaced] == ["Veli"]
    said = unplaced(answer.match, answer.unplaced)
    assert said == (
        "⚠ Takımı belli olmayan kart kaydedilmedi: Veli sarı. Takımıyla yazın:"
        f" /kart {no} Veli (A1) sarı ya da /kart {no} Veli (A4) sarı"
    )
    await run(db, match_events.cards, match_events.Cards(f"{no} Veli (A4) sarı"), who())
    assert (await snap(db)).events_of(no)[-1].player == "Veli"


async def test_a_cards_line_alone_keeps_the_result_and_asks_for_each_card(db):
    answer = await result_message(db, "A1 0-0 A4\nkart: Veli sarı, Mehmet kırmızı")
    assert isinstance(answer, results.Entered) and answer.events is None
    assert [c.player for c in answer.unplaced] == ["Veli", "Mehmet"]
    said = unplaced(answer.match, answer.unplaced)
    assert said.startswith(
        "⚠ Takımı belli olmayan kartlar kaydedilmedi: Veli sarı, Mehmet kırmızı."
    )
    s = await snap(db)
    assert next(m for m in s.matches if m.match.no == answer.match.no).result is not None
    assert not s.events


async def test_the_saved_answer_in_the_chat_says_which_cards_wait_and_what_to_type(tmp_path):
    from datetime import UTC, datetime

    from eight_team_day import CHAT, ORGANISER
    from inprocess import handle, running_bot
    from inprocess import message as update

    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    now = datetime(2026, 12, 6, 6, 30, tzinfo=UTC)
    await (await stored_day(url, now)).dispose()
    async with running_bot(url, now) as app:
        await handle(app, update(1, CHAT, ORGANISER, "A1 0-0 A4\nkart: Veli sarı"))
        (said,) = app.bot_data["request"].texts(CHAT)
    assert said.startswith("✅ Kaydedildi: A1 0-0 A4 (1. maç)")
    assert "⚠ Takımı belli olmayan kart kaydedilmedi: Veli sarı. Takımıyla yazın:" in said
    assert "/kart 1 Veli (A1) sarı ya da /kart 1 Veli (A4) sarı" in said
