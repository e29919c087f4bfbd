"""A corrected score leaving a side more goals recorded than it scored, its scorers
differing: the score stands, and the organiser who corrected it is asked which goals go,
one button per scorer; each press takes one back until the side fits (the 8-team day)."""

from __future__ import annotations

import pytest
from eight_team_day import CHAT, NOW, ORGANISER, stored_day, who

from bot.handlers.goal_choices import command_of, markup
from bot.texts.discipline import scorers_table
from bot.texts.goal_choices import question, taken
from bot.usecases import (
    discipline,
    goal_choices,
    result_choices,
    result_messages,
    results,
    snapshots,
)
from bot.usecases.errors import NotYourButton
from bot.usecases.runner import Repeated, run
from storage import Database


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    yield database
    await database.dispose()


async def corrected(db: Database, first: str, second: str) -> results.Entered:
    """`first` stored, then `second` typed for the same match and [Değiştir] pressed."""
    await run(db, result_messages.record, result_messages.Message(first), who())
    await run(db, result_messages.record, result_messages.Message(second), who())
    fixed = (await run(db, result_choices.fix, result_choices.Fix(ORGANISER, "c"), who())).value
    assert isinstance(fixed.answer, results.Entered)
    return fixed.answer


def buttons(q: goal_choices.Question) -> list[tuple[str, str]]:
    return [(b.text, b.callback_data) for row in markup(ORGANISER, q).inline_keyboard for b in row]


async def press(
    db: Database,
    q: goal_choices.Question,
    choice: str,
    user: int = ORGANISER,
    update: int | None = None,
) -> goal_choices.Taken:
    """The button `choice` (a scorer's index, or LATEST) of question `q`, by `user`."""
    (data,) = [d for _, d in buttons(q) if d.endswith(f":{q.side}{choice}")]
    return (await run(db, goal_choices.take, command_of(data), who(user, update))).value


async def scorers(db: Database) -> list[tuple[str, str]]:
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.load(uow, 1)
    return [(e.player, e.team) for e in snap.events]


async def goller(db: Database) -> str:
    return scorers_table((await run(db, discipline.tables, discipline.Tables(), who())).value)


async def test_the_question_names_the_sides_scorers_with_their_goals(db):
    entered = await corrected(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet", "A1 2-1 A4")
    assert entered.outcome.score.home_goals == 2  # the correction is stored
    assert entered.dropped == () and len(await scorers(db)) == 4  # nothing taken back unasked
    q = entered.asked
    no = entered.match.no
    assert question(q) == (
        f"⚽ {no}. maç (A1 - A4): skor 2-1 oldu; A1 için 3 gol yazılı. Hangi golü silelim?"
    )
    assert buttons(q) == [
        ("Ali (2)", f"gc:{ORGANISER}:{no}:h0"),
        ("Veli (1)", f"gc:{ORGANISER}:{no}:h1"),
        ("Son yazılanı sil", f"gc:{ORGANISER}:{no}:hl"),
    ]
    longest = markup(2**63 - 1, goal_choices.Question(q.match, q.score, "A1", "h", 3, 2, ()))
    assert len(longest.inline_keyboard[0][0].callback_data.encode()) <= 64


async def test_a_press_takes_back_that_players_goal_and_the_scorers_table_follows(db):
    entered = await corrected(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet", "A1 2-1 A4")
    done = await press(db, entered.asked, "0")  # Ali (2)
    assert [(e.player, e.team) for e in done.removed] == [("Ali", "A1")]
    assert done.asked is None
    no = entered.match.no
    assert taken(done) == f"Silindi: Ali (A1).\n👍 {no}. maçın golleri artık skora uyuyor."
    assert sorted(await scorers(db)) == [("Ali", "A1"), ("Mehmet", "A4"), ("Veli", "A1")]
    table = await goller(db)
    assert "Ali (A1) 1" in table and "Ali (A1) 2" not in table and "Veli (A1) 1" in table
    with pytest.raises(NotYourButton):  # the question is used up
        await press(db, entered.asked, "1")


async def test_each_press_asks_again_until_the_side_fits(db):
    entered = await corrected(db, "A1 4-1 A4\ngoller: Ali 2, Veli 2 - Mehmet", "A1 2-1 A4")
    q = entered.asked
    assert q.extra == 2 and question(q).endswith("Hangi 2 golü silelim? Her düğme bir gol siler.")
    assert buttons(q)[-1][0] == "Son yazılan 2 golü sil"
    first = await press(db, q, "1")  # Veli (2)
    again = first.asked
    assert [(s.index, s.player, s.goals) for s in again.scorers] == [(0, "Ali", 2), (1, "Veli", 1)]
    assert taken(first).startswith("Silindi: Veli (A1).\n⚽") and again.extra == 1
    second = await press(db, again, "1")  # Veli (1): his button goes with his last goal
    assert second.asked is None
    assert sorted(await scorers(db)) == [("Ali", "A1"), ("Ali", "A1"), ("Mehmet", "A4")]


async def test_another_members_press_is_refused_and_the_question_stays(db):
    entered = await corrected(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet", "A1 2-1 A4")
    for user in (ORGANISER + 1, 424242):
        with pytest.raises(NotYourButton) as refused:
            await press(db, entered.asked, "0", user=user)
        assert refused.value.reason == "asker"
    assert len(await scorers(db)) == 4
    assert (await press(db, entered.asked, "1")).removed[0].player == "Veli"


async def test_the_latest_goals_button_takes_them_back_as_before(db):
    entered = await corrected(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet", "A1 2-1 A4")
    done = await press(db, entered.asked, goal_choices.LATEST)
    assert [e.player for e in done.removed] == ["Veli"] and done.asked is None
    assert await scorers(db) == [("Ali", "A1"), ("Ali", "A1"), ("Mehmet", "A4")]


async def test_both_sides_over_ask_one_after_the_other(db):
    entered = await corrected(db, "A1 3-2 A4\ngoller: Ali 2, Veli - Mehmet, Can", "A1 2-1 A4")
    home = entered.asked
    assert home.team == "A1" and home.side == "h"
    done = await press(db, home, "1")  # Veli
    away = done.asked
    assert away.team == "A4" and away.side == "a"
    assert [(s.player, s.goals) for s in away.scorers] == [("Mehmet", 1), ("Can", 1)]
    with pytest.raises(NotYourButton):  # the first side's buttons no longer stand
        await press(db, home, "0")
    assert (await press(db, away, "0")).asked is None  # Mehmet
    assert sorted(await scorers(db)) == [("Ali", "A1"), ("Ali", "A1"), ("Can", "A4")]


async def test_one_side_plain_the_other_asked(db):
    entered = await corrected(db, "A1 3-2 A4\ngoller: Ali 2, Veli - Mehmet 2", "A1 2-1 A4")
    assert [(e.player, e.team) for e in entered.dropped] == [("Mehmet", "A4")]
    assert entered.asked is not None and entered.asked.team == "A1"


async def test_a_press_claims_its_update(db):
    entered = await corrected(db, "A1 4-1 A4\ngoller: Ali 2, Veli 2 - Mehmet", "A1 2-1 A4")
    await press(db, entered.asked, "0", update=7_000_001)
    with pytest.raises(Repeated):  # the same update again: nothing more taken back
        await press(db, entered.asked, "0", update=7_000_001)
    assert sorted(await scorers(db)).count(("Ali", "A1")) == 1


async def test_forged_button_data_is_stale(db):
    await corrected(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet", "A1 2-1 A4")
    for data in ("gc:", "gc:x:1:h0", f"gc:{ORGANISER}:99:h0", f"gc:{ORGANISER}:1:h"):
        with pytest.raises(NotYourButton):
            await run(db, goal_choices.take, command_of(data), who())
    assert len(await scorers(db)) == 4


async def test_a_correction_with_its_own_scorers_asks_nothing(db):
    entered = await corrected(
        db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet", "A1 2-1 A4\ngoller: Ali, Veli - Mehmet"
    )
    assert entered.asked is None and entered.dropped == ()
    assert await scorers(db) == [("Ali", "A1"), ("Veli", "A1"), ("Mehmet", "A4")]
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.setups.get(CHAT, ORGANISER) is None  # no question waits


async def test_in_the_chat_the_question_follows_the_change_and_its_presses(tmp_path):
    """The bot's own Application: [Değiştir], the question's buttons, a stranger's press
    (a toast: nothing sent, nothing taken back), the organiser's press editing it."""
    from chatwalk import walking

    path = tmp_path / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as walk:
        await walk.send(ORGANISER, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet")
        await walk.send(ORGANISER, "A1 2-1 A4")
        changed = await walk.press(ORGANISER, "Değiştir")
        asked = changed[-1]
        assert asked.text == (
            "⚽ 1. maç (A1 - A4): skor 2-1 oldu; A1 için 3 gol yazılı. Hangi golü silelim?"
        )
        assert [t for t, _ in asked.buttons] == ["Ali (2)", "Veli (1)", "Son yazılanı sil"]
        assert "Kaydedildi" in changed[-2].text and "sığmayan" not in changed[-2].text
        assert await walk.press(424242, "Ali (2)") == []  # a toast only
        assert len(await scorers(walk.db)) == 4
        (edited,) = await walk.press(ORGANISER, "Ali (2)")
        assert edited.kind == "edit" and edited.buttons == []
        assert edited.text == "Silindi: Ali (A1).\n👍 1. maçın golleri artık skora uyuyor."
        table = await walk.say(ORGANISER, "/goller")
    assert "Ali (A1) 1" in table and "Veli (A1) 1" in table and "Mehmet (A4) 1" in table


async def test_in_the_chat_undo_to_an_earlier_score_asks_under_its_answer(tmp_path):
    from chatwalk import walking

    path = tmp_path / "undo.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as walk:
        await walk.send(ORGANISER, "A1 1-0 A4\ngoller: Ali")
        await walk.send(ORGANISER, "A1 3-0 A4\ngoller: Ali 2, Veli")
        await walk.press(ORGANISER, "Değiştir")
        undone, asked = await walk.send(ORGANISER, "/geri_al")
        assert "geri alındı" not in undone.text  # nothing taken back unasked
        assert asked.text.endswith(
            "A1 için 3 gol yazılı. Hangi 2 golü silelim? Her düğme bir gol siler."
        )
        assert [t for t, _ in asked.buttons] == ["Ali (2)", "Veli (1)", "Son yazılan 2 golü sil"]
        (edited,) = await walk.press(ORGANISER, "Veli (1)")  # Ali's two left for one goal
        assert edited.text == (
            "Silindi: Veli (A1).\n⚠ Yeni skora sığmayan 1 gol geri alındı: Ali (A1).\n"
            "👍 1. maçın golleri artık skora uyuyor."
        )
        assert edited.buttons == [] and await scorers(walk.db) == [("Ali", "A1")]
