"""Scorers and cards lines as phone users type them under a result, in the bot's own
Application (tests/usecases/chatwalk.py): "nobody" said as "yok" or "-" stores the result
with no scorer called "yok", and a penalty count in parentheses ("Ali 2 (1 pen)") is of
the goals before it, not a second count that throws the whole message away."""

from __future__ import annotations

import pytest
from chatwalk import walking
from eight_team_day import CHAT, NOW, ORGANISER, stored_day

from bot.usecases import snapshots

NO_ONE = (
    "A1 0-0 A4\ngol: -",
    "A1 0-0 A4\ngoller: yok\nkart: yok",
    "A1 0-0 A4\ngoller: yok\nkartlar: yok",
    "A1 0-0 A4\ngoller: hiç ❌\nsarı: yok",
    "A1 0-0 A4\ngoller yok",
)


async def stored(walk) -> tuple[tuple[int, int] | None, list[tuple[str, str, str]]]:
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    first = next(s for s in snap.matches if s.match.no == 1)
    score = first.result and (first.result.home_goals, first.result.away_goals)
    return score, sorted((e.kind, e.player, e.team) for e in snap.events)


@pytest.mark.parametrize("typed", NO_ONE)
async def test_nobody_typed_as_yok_or_a_dash_stores_the_result_and_no_player(tmp_path, typed):
    path = tmp_path / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as walk:
        said = await walk.say(ORGANISER, typed)
        assert said.startswith("✅ Kaydedildi: A1 0-0 A4 (1. maç)"), said
        assert "Hiçbir şey kaydedilmedi" not in said and "yok" not in said, said
        assert await stored(walk) == ((0, 0), [])
        assert (await walk.say(ORGANISER, "/goller")).startswith("Henüz gol yazılmadı")


async def test_one_side_none_the_other_named(tmp_path):
    path = tmp_path / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as walk:
        said = await walk.say(ORGANISER, "A1 0-1 A4\ngoller: yok - Mehmet")
        assert "⚽ A4: Mehmet" in said and "yok" not in said, said
        assert await stored(walk) == ((0, 1), [("goal", "Mehmet", "A4")])


@pytest.mark.parametrize(
    "typed", ["goller: Ali 2 (1 pen) - Mehmet", "goller: Ali 2 (1 penaltı) - Mehmet (p)"]
)
async def test_a_penalty_count_in_parentheses_is_of_the_goals_before_it(tmp_path, typed):
    path = tmp_path / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as walk:
        said = await walk.say(ORGANISER, f"A1 2-1 A4\n{typed}")
        assert "⚽ A1: Ali 2 · A4: Mehmet" in said, said
        goals = [("goal", "Ali", "A1"), ("goal", "Ali", "A1"), ("goal", "Mehmet", "A4")]
        assert await stored(walk) == ((2, 1), goals)


async def test_emojis_are_no_part_of_a_players_name_and_balls_count_goals(tmp_path):
    """ "Ali 🔥" in a squad and "⚽ Hakan" stayed names (the scorers' table said "⚽ Hakan",
    and "Ali ⚽⚽" asked between Ali and "Ali 🔥"); a ball after a scorer is a goal."""
    path = tmp_path / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as walk:
        said = await walk.say(ORGANISER, "/kadro A1: Ali 🔥, ⚽ Hakan, Veli 💪🏻")
        assert said.startswith("👍 A1 kadrosuna eklendi (3): Ali, Hakan, Veli"), said
        said = await walk.say(ORGANISER, "A1 3-1 A4\ngoller: Ali ⚽⚽, hakan 🚀 - Can ⚽")
        assert "⚽ A1: Ali 2, Hakan · A4: Can" in said, said
        goals = [("goal", n, t) for n, t in (("Ali", "A1"),) * 2 + (("Can", "A4"), ("Hakan", "A1"))]
        assert await stored(walk) == ((3, 1), sorted(goals))


async def test_a_score_glued_to_the_names_is_a_result(tmp_path):
    """ "bogalar2-1sahinler", typed without spaces by a thumb in a hurry, met silence
    (names of three letters at least: "A12-0A4" could be A1 2-0 or A12)."""
    from datetime import datetime

    import test_issue23_why

    league = test_issue23_why
    async with walking(tmp_path / "glued.sqlite3", league.CHAT, league.TUESDAY) as walk:
        await walk.send(ORGANISER, league.FORM)
        await walk.press(ORGANISER, "Oluştur")
        walk.now = datetime(2027, 1, 10, 15, 0, tzinfo=league.IST)
        said = await walk.say(ORGANISER, "bogalar2-1sahinler")
        assert said.startswith("✅ Kaydedildi: Boğalar 2-1 Şahinler (1. maç)"), said


async def test_an_own_goal_listed_where_it_counts_with_the_scorers_team_is_stored(tmp_path):
    """ "goller: Ali, Mehmet (A4) kk - Can": the own goal under the side it counts for,
    its scorer's team told, refused the whole message as a side conflict."""
    path = tmp_path / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as walk:
        said = await walk.say(ORGANISER, "A1 2-1 A4\ngoller: Ali, Mehmet (A4) kk - Can")
        assert said.startswith("✅ Kaydedildi: A1 2-1 A4 (1. maç)"), said
        assert "Mehmet (kendi kalesine)" in said, said
        goals = [("goal", "Ali", "A1"), ("goal", "Can", "A4"), ("own_goal", "Mehmet", "A4")]
        assert await stored(walk) == ((2, 1), goals)


async def test_an_own_goal_under_the_wrong_side_is_refused_saying_where_it_goes(tmp_path):
    """It said to add the other team's player to this squad: "/kadro A1: Mehmet"."""
    path = tmp_path / "chat.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    async with walking(path, CHAT, NOW) as walk:
        await walk.say(ORGANISER, "/kadro A1: Ali")
        said = await walk.say(ORGANISER, "A1 2-1 A4\ngoller: Ali, Mehmet kk - Can")
        assert "Kendi kalesine atan, kendi takımının golcüleriyle yazılır" in said, said
        assert "/kadro A1: Mehmet" not in said and await stored(walk) == (None, [])
