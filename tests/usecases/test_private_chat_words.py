"""A private chat talks to the bot alone: whatever is typed there gets an answer that says
what can be asked there, where results go, and where a group's commands are typed; the
group's ordinary chat stays unanswered."""

from __future__ import annotations

import pytest
from day_walks import results, walking_the_day
from eight_team_day import CHAT

CAPTAIN, STRANGER = 21, 22


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": CAPTAIN}) as chat:
        yield chat


@pytest.mark.parametrize("text", ["merhaba", "hatırlatma kapat", "A2 kaptanıyım", "?"])
async def test_a_private_message_the_bot_cannot_read_says_what_can_be_asked(walk, text):
    (sent,) = await walk.send(CAPTAIN, text, CAPTAIN)
    assert sent.chat == CAPTAIN
    assert "anlayamadım" in sent.text and '"ne zaman oynuyoruz?"' in sent.text
    assert "/yardim" in sent.text


@pytest.mark.parametrize("text", ["A1 3-1 A4", "a1 2 - 0 a4 yendik"])
async def test_a_result_typed_in_private_is_sent_to_the_group_and_not_stored(walk, text):
    (sent,) = await walk.send(CAPTAIN, text, CAPTAIN)
    assert "grubuna yazın" in sent.text and "anlayamadım" not in sent.text
    assert await results(walk) == []


async def test_a_private_question_is_answered_once_without_the_fallback(walk):
    (sent,) = await walk.send(CAPTAIN, "ne zaman oynuyoruz", CAPTAIN)
    assert "A4" in sent.text and "anlayamadım" not in sent.text


@pytest.mark.parametrize("command", ["/kaptan A2", "/puan", "/fikstur", "/goller"])
async def test_a_group_command_in_private_says_it_is_typed_in_the_group(walk, command):
    (sent,) = await walk.send(STRANGER, command, STRANGER)
    assert "grubunda yazın" in sent.text and "/yeni_turnuva" in sent.text
    assert '"puan durumu"' in sent.text


async def test_the_group_without_a_tournament_is_still_told_to_set_one_up(walk):
    (sent,) = await walk.send(CAPTAIN, "/puan", -2002)
    assert sent.text == "Bu sohbette süren bir turnuva yok. Kurmak için: /yeni_turnuva"


@pytest.mark.parametrize("text", ["merhaba", "hatırlatma kapat", "A2 kaptanıyım"])
async def test_the_same_words_in_the_group_stay_unanswered(walk, text):
    assert await walk.send(CAPTAIN, text, CHAT) == []
