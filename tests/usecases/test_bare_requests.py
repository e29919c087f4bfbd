"""A command's noun typed alone in the group ("fikstür", "maçlar", "puan") was met with
silence unless it ended in "?". It is a request: answered as the question with "?" is,
while chatter around the same nouns stays silent."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day

CAPTAIN, SUPPORTER = 77, 55  # A1's captain; someone who captains no team


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": CAPTAIN}) as chat:
        yield chat


@pytest.mark.parametrize("who", [CAPTAIN, SUPPORTER])
@pytest.mark.parametrize(
    ("typed", "asked"),
    [
        ("fikstür", "fikstür?"),
        ("fikstur", "fikstür?"),
        ("fikstur abi", "fikstür?"),
        ("maçlar", "fikstür?"),
        ("maçlar?", "fikstür?"),
        ("puan", "puan durumu?"),
        ("puanlar", "puan durumu?"),
        ("A2 fikstürü", "A2 fikstürü?"),
    ],
)
async def test_the_noun_alone_is_answered_as_its_question(walk, who, typed, asked):
    said = await walk.say(who, typed)
    assert said and said == await walk.say(who, asked), said


async def test_our_matches_are_the_captain_s_fixture(walk):
    said = await walk.say(CAPTAIN, "maçlarımız")
    assert "A1 - A4" in said and "B1" not in said, said


@pytest.mark.parametrize(
    "typed",
    [
        "maç",
        "3 puan",
        "maçlar iptal",
        "fikstür berbat",
        "Ahmet fikstür",
        "maçlar bitti",
        "puan yok",
    ],
)
async def test_chatter_around_the_nouns_stays_silent(walk, typed):
    assert await walk.say(CAPTAIN, typed) == ""
