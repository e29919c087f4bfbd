"""An empty /goller or /kartlar (and "gol kralı kim") showed everyone the line that records
scorers or cards ("Örnek: /kart 7 Veli sarı"), but only organisers may record them
(roles.TABLE "record scorers and cards"): a captain or a member who typed it was refused.
The example is now the organisers'; the others are told who writes them."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import ORGANISER

CAPTAIN = 31  # A1's
MEMBER = 32
EXAMPLES = ("Örnek", "/kart 7", "goller: Ali", "Sonucun altına")


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": CAPTAIN}) as chat:
        yield chat


@pytest.mark.parametrize("typed", ["/goller", "/kartlar", "gol kralı kim", "A1 golcüsü kim"])
@pytest.mark.parametrize("user", [CAPTAIN, MEMBER])
async def test_a_reader_who_may_not_record_is_told_who_writes_them(walk, typed, user):
    said = await walk.say(user, typed)
    assert "yazılmadı" in said and "düzenleyenler yazar" in said, said
    assert not any(example in said for example in EXAMPLES), said


@pytest.mark.parametrize(
    ("typed", "example"),
    [
        ("/goller", "goller: Ali 2"),
        ("/kartlar", "/kart 7 Veli sarı"),
        ("gol kralı kim", "Sonucun altına yazın: goller: Ali 2"),
    ],
)
async def test_an_organiser_gets_the_line_that_records_them(walk, typed, example):
    said = await walk.say(ORGANISER, typed)
    assert "yazılmadı" in said and example in said and "düzenleyenler yazar" not in said, said


async def test_once_a_card_is_written_everyone_sees_the_table_not_the_hint(walk):
    await walk.say(ORGANISER, "A1 1-0 A4")
    await walk.say(ORGANISER, "/kart 1 Veli (A1) sarı")
    said = await walk.say(CAPTAIN, "/kartlar")
    assert "Veli (A1): 1 sarı" in said and "düzenleyenler yazar" not in said, said
