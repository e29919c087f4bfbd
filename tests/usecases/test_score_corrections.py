"""Correcting a score keeps the scorers where they still fit: [Değiştir] under a new
result line, /geri_al to an earlier score; the goals plainly above the new score are taken
back and named (the side's scorers differing, it asks: test_goal_choices), and a
correction's own scorers replace the match's (the 8-team day)."""

from __future__ import annotations

import pytest
from eight_team_day import NOW, ORGANISER, result_message, stored_day, who

from bot.texts.goal_choices import dropped
from bot.usecases import goal_choices, result_choices, results, snapshots, undo
from bot.usecases.runner import run
from storage import Database


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    yield database
    await database.dispose()


async def change(db: Database) -> results.Entered:
    """[Değiştir] under the bot's "already played" question."""
    fixed = (await run(db, result_choices.fix, result_choices.Fix(ORGANISER, "c"), who())).value
    assert isinstance(fixed.answer, results.Entered)
    return fixed.answer


async def scorers(db: Database) -> list[tuple[str, str]]:
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.load(uow, 1)
    return [(e.player, e.team) for e in snap.events]


async def test_a_lower_corrected_score_of_one_scorers_side_drops_his_goal_and_says_so(db):
    await result_message(db, "A1 3-1 A4\ngoller: Ali 3 - Mehmet")
    assert isinstance(await result_message(db, "A1 2-1 A4"), results.Asked)
    entered = await change(db)
    assert [(e.player, e.team) for e in entered.dropped] == [("Ali", "A1")]
    assert entered.asked is None  # plain which: no question
    assert await scorers(db) == [("Ali", "A1"), ("Ali", "A1"), ("Mehmet", "A4")]
    assert dropped(entered.dropped) == "⚠ Yeni skora sığmayan 1 gol geri alındı: Ali (A1)."


async def test_a_side_corrected_to_no_goals_loses_them_all_without_a_question(db):
    await result_message(db, "A1 2-1 A4\ngoller: Ali, Veli - Mehmet")
    await result_message(db, "A1 0-1 A4")
    entered = await change(db)
    assert entered.asked is None and len(entered.dropped) == 2
    assert await scorers(db) == [("Mehmet", "A4")]
    assert dropped(entered.dropped) == (
        "⚠ Yeni skora sığmayan 2 gol geri alındı: Ali (A1), Veli (A1)."
    )


async def test_a_higher_corrected_score_keeps_every_goal(db):
    await result_message(db, "A1 1-0 A4\ngoller: Ali")
    await result_message(db, "A1 2-0 A4")
    entered = await change(db)
    assert entered.dropped == () and await scorers(db) == [("Ali", "A1")]


async def test_a_correction_with_its_own_scorers_replaces_the_matchs(db):
    await result_message(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet")
    asked = await result_message(db, "A1 2-1 A4\ngoller: Can 2 - Mehmet")
    assert isinstance(asked, results.Asked) and asked.pending.events
    assert len(await scorers(db)) == 4  # nothing changes before [Değiştir]
    entered = await change(db)
    assert entered.events is not None
    assert await scorers(db) == [("Can", "A1"), ("Can", "A1"), ("Mehmet", "A4")]


async def test_undo_to_an_earlier_score_asks_which_goals_go_when_the_scorers_differ(db):
    await result_message(db, "A1 1-0 A4\ngoller: Ali")
    await result_message(db, "A1 3-0 A4\ngoller: Ali 2, Veli")
    await change(db)
    done = (await run(db, undo.undo_last, undo.UndoLast(), who())).value
    assert done.restored is not None and done.restored.home_goals == 1
    assert done.gone == () and len(await scorers(db)) == 3  # nothing taken back unasked
    asked = done.asked
    assert (asked.team, asked.recorded, asked.extra) == ("A1", 3, 2)
    assert [(s.player, s.goals) for s in asked.scorers] == [("Ali", 2), ("Veli", 1)]
    command = goal_choices.Take(ORGANISER, asked.match.no, asked.side, goal_choices.LATEST)
    taken = (await run(db, goal_choices.take, command, who())).value
    assert [(e.player, e.team) for e in taken.removed] == [("Ali", "A1"), ("Veli", "A1")]
    assert taken.asked is None and await scorers(db) == [("Ali", "A1")]


async def test_a_misspelt_teams_scorers_are_entered_with_the_line_when_its_team_is_pressed(db):
    asked = await result_message(db, "AA1 2-1 A4\ngoller: Ali 2 - Mehmet")
    assert isinstance(asked, results.Asked) and asked.pending.options == ("A1",)
    assert await scorers(db) == []  # nothing stored before the press
    command = result_choices.Fix(ORGANISER, "0")
    fixed = (await run(db, result_choices.fix, command, who())).value
    assert fixed.team == "A1" and isinstance(fixed.answer, results.Entered)
    assert fixed.answer.events is not None
    assert await scorers(db) == [("Ali", "A1"), ("Ali", "A1"), ("Mehmet", "A4")]


async def test_a_misspelt_team_of_a_played_match_keeps_its_scorers_for_the_correction(db):
    await result_message(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet")
    await result_message(db, "AA1 2-1 A4\ngoller: Can 2 - Mehmet")
    command = result_choices.Fix(ORGANISER, "0")
    fixed = (await run(db, result_choices.fix, command, who())).value
    assert isinstance(fixed.answer, results.Asked) and fixed.answer.pending.events
    await change(db)
    assert await scorers(db) == [("Can", "A1"), ("Can", "A1"), ("Mehmet", "A4")]


async def test_scorers_under_a_line_naming_the_second_team_first_keep_their_sides(db):
    await result_message(db, "A4 1-2 AA1\ngoller: Mehmet - Ali 2")
    await run(db, result_choices.fix, result_choices.Fix(ORGANISER, "0"), who())
    assert sorted(await scorers(db)) == [("Ali", "A1"), ("Ali", "A1"), ("Mehmet", "A4")]


async def test_a_corrections_cards_replace_the_matchs_in_the_table_it_answers_with(db):
    from bot.usecases import organisers

    await run(db, organisers.change_tiebreak, organisers.TieBreakRule("uefa"), who())
    first = await result_message(db, "A1 1-1 A2\nsarı: Ali (A1)")
    assert first.table[1].teams[:2] == ("A2", "A1")  # A1's yellow: A2 ahead on fair play
    assert isinstance(
        await result_message(db, "A1 2-2 A2\nsarı: Can (A2)\nkart: Veli sarı"), results.Asked
    )
    entered = await change(db)
    label, table = entered.table
    async with db.unit_of_work(read_only=True) as uow:
        read_again = (await snapshots.load(uow, 1)).table(label)  # as /puan reads it
    assert table.teams[:2] == ("A1", "A2") and table == read_again  # Ali's yellow taken back
    assert [c.player for c in entered.unplaced] == ["Veli"]  # asked about, not a refusal
    assert await scorers(db) == [("Can", "A2")]
