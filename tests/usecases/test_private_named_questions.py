"""A captain's questions in his private chat with the bot that name a team, a player or
two teams ("A2 kaçta", "Ali kaç gol attı", "A1 A4 maçı kaç bitti") met silence: they were
looked up in the private chat, which runs no tournament. They are answered as the group
answers them, in the tournament he captains in; someone who captains nowhere is told how
to become a captain, as for his other private questions."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import ORGANISER

CAPTAIN, STRANGER = 21, 40


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": CAPTAIN}) as chat:
        await chat.send(CAPTAIN, "/start", chat=CAPTAIN)
        said = await chat.say(ORGANISER, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet")
        assert said.startswith("✅ Kaydedildi: A1 3-1 A4"), said
        yield chat


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("A2 kaçta", "⚽ A2: sıradaki maçı A Grubu"),
        ("a4 ne zaman oynuyor", "⚽ A4: sıradaki maçı A Grubu"),
        ("A4 kaçıncı", "📊 A4: A Grubu'nda"),
        ("Ali kaç gol attı", "⚽ Ali (A1): 2 gol."),
        ("A1 A4 maçı kaç bitti", "⚽ A1 3-1 A4 (1. maç, A Grubu)."),
    ],
)
async def test_a_captains_private_question_naming_a_team_or_player_is_answered(walk, typed, told):
    said = await walk.say(CAPTAIN, typed, chat=CAPTAIN)
    assert said.startswith(told), said
    assert said == await walk.say(ORGANISER, typed), "as the group is answered"


async def test_someone_who_captains_nowhere_is_told_how_to_become_one(walk):
    said = await walk.say(STRANGER, "A2 kaçta", chat=STRANGER)
    assert said == "Henüz bir takımın kaptanı değilsiniz. Turnuva grubunda /kaptan TakımAdı yazın."
