"""With captains' results on, a supporter's (neither captain nor organiser) "A1 3-1 bugün
iyiydi" was told to type "A1 3-1 A4" (or "A1 3-1, ardından rakip takımın adı"), a line then
refused for him: only the match's captains and the organisers enter results. The hint now
says who enters them, and gives no line to type; the captains and organisers keep it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from day_walks import results, walking_the_day
from eight_team_day import KICKOFF, ORGANISER

CAPTAIN = 77  # A1's; A1 plays A4 at KICKOFF
OTHER_CAPTAIN = 78  # B1's: A1's match is none of his
SUPPORTER = 79
TURN_ON = "/ayarlar kaptan_sonuc acik"
WHO = "sonucu maçın kaptanları ya da düzenleyenler giriyor"


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": CAPTAIN, "B1": OTHER_CAPTAIN}) as chat:
        await chat.say(ORGANISER, TURN_ON)
        yield chat


def in_the_match(walk) -> None:
    walk.now = (KICKOFF + timedelta(minutes=30)).astimezone(walk.now.tzinfo)


@pytest.mark.parametrize("typed", ["A1 3-1 bugün iyiydi", "A1 2-0 bitti"])
@pytest.mark.parametrize("during", [False, True])
async def test_a_supporter_is_told_who_enters_results(walk, typed, during):
    if during:
        in_the_match(walk)
    said = await walk.say(SUPPORTER, typed)
    assert WHO in said, said
    assert "Şöyle yazın" not in said and "A1 3-1 A4" not in said and "ardından" not in said
    assert TURN_ON not in said, said  # they are on already
    assert await results(walk) == []


async def test_the_line_he_was_once_shown_is_refused_for_him(walk):
    in_the_match(walk)
    said = await walk.say(SUPPORTER, "A1 3-1 A4")
    assert "Kaydedildi" not in said and "onaylayınca" not in said, said
    assert await results(walk) == []


async def test_a_captain_of_neither_side_of_the_current_match_is_told_the_same(walk):
    in_the_match(walk)
    said = await walk.say(OTHER_CAPTAIN, "A1 3-1 bugün iyiydi")
    assert WHO in said and "A1 3-1 A4" not in said, said


async def test_the_captain_of_the_match_keeps_the_line_and_it_waits(walk):
    in_the_match(walk)
    said = await walk.say(CAPTAIN, "A1 3-1 bugün iyiydi")
    assert "A1 3-1 A4" in said and WHO not in said, said
    said = await walk.say(CAPTAIN, "A1 3-1 A4")
    assert "onaylayınca kaydedilecek" in said, said


async def test_an_organiser_keeps_the_line_and_it_is_entered(walk):
    in_the_match(walk)
    said = await walk.say(ORGANISER, "A1 2-0 bugün iyiydi")
    assert "A1 2-0 A4" in said and WHO not in said, said
    assert "Kaydedildi: A1 2-0 A4" in await walk.say(ORGANISER, "A1 2-0 A4")
