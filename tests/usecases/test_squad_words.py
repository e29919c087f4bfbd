"""/kadro and /kadro_sil typed half right on a phone, in the bot's own Application
(tests/usecases/chatwalk.py): each answer says what is missing, with its own command as
the example, never a result's example or "does not start with a team" for a team."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import ORGANISER


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        await chat.say(ORGANISER, "/kadro A1: Ali, Veli")
        yield chat


async def test_kadro_sil_with_the_team_alone_asks_whom(walk):
    for typed in ("/kadro_sil A1", "/kadro_sil a1:"):
        said = await walk.say(ORGANISER, typed)
        assert said == "A1 kadrosundan kimi çıkaralım? Adını da yazın: /kadro_sil A1 Ali." + (
            " Kadroda: Ali, Veli."
        ), said
    assert "2 oyuncu" in await walk.say(ORGANISER, "/kadro A1")


async def test_kadro_with_a_team_and_names_but_no_colon_says_where_the_colon_goes(walk):
    said = await walk.say(ORGANISER, "/kadro A1 Zeki")
    assert said.startswith("Oyuncu eklemek için takımın adından sonra iki nokta koyun:"), said
    assert "/kadro A1: Zeki" in said and "Kartallar 3-1" not in said, said
    assert "2 oyuncu" in await walk.say(ORGANISER, "/kadro A1")  # Zeki not added unasked


async def test_kadro_of_no_team_gives_the_squads_example_not_a_results(walk):
    said = await walk.say(ORGANISER, "/kadro Z9: Zeki")
    assert said.startswith('"Z9" adında bir takım yok.') and "/kadro Kartallar" in said, said
    assert "3-1" not in said, said


async def test_a_shirt_number_another_player_wears_is_not_given_twice(walk):
    """Two players with shirt 10 were listed "• 10. Ali Yılmaz" and "• 10. Can"."""
    said = await walk.say(ORGANISER, "/kadro A1: 10 Ali Yılmaz, 10 Can, 7 Veli")
    assert "⚠ 10 numaralı forma kadroda zaten var (Ali Yılmaz); Can numarasız eklendi." in said
    said = await walk.say(ORGANISER, "/kadro A1: 7 Ali")
    assert "⚠ 7 numaralı forma kadroda zaten var (Veli); Ali numarası değişmedi." in said
    said = await walk.say(ORGANISER, "/kadro A1: 11 Ali Yılmaz, 10 Can")  # 10 freed first
    assert "⚠" not in said, said
    shown = await walk.say(ORGANISER, "/kadro A1")
    assert "• 7. Veli\n• 10. Can\n• 11. Ali Yılmaz\n• Ali" in shown, shown
