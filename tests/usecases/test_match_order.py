"""A match named by its place in the team's order. "bir sonraki maçımız", "sonraki maç"
and "sıradaki maçımız?" met silence (no question word) while "sıradaki maç hangisi" was
answered: now they get the next match."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day

CAPTAIN, MEMBER = 501, 4242


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, captains={"A1": CAPTAIN}) as chat:
        yield chat


@pytest.mark.parametrize(
    "typed", ["bir sonraki maçımız", "sonraki maç", "sıradaki maçımız?", "bi sonraki maç abi"]
)
async def test_the_next_match_named_alone_is_asked(walk, typed):
    said = await walk.say(CAPTAIN, typed)
    assert said == await walk.say(CAPTAIN, "sonraki maçımız ne zaman"), said
    assert said.startswith("⚽ A1: sıradaki maçınız A Grubu, rakip A4."), said


async def test_a_named_teams_next_match_and_a_bystanders_next_slot(walk):
    said = await walk.say(MEMBER, "A3'ün sonraki maçı")
    assert said.startswith("⚽ A3: sıradaki maçı A Grubu, rakip A2."), said
    said = await walk.say(MEMBER, "sonraki maç")
    assert said.startswith("⏱ Sıradaki maçlar bugün 10:00"), said


@pytest.mark.parametrize(
    "typed", ["sonraki maçta görüşürüz", "sonraki maç daha iyi oynarız", "ahmet sonraki maç"]
)
async def test_said_about_the_next_match_stays_unanswered(walk, typed):
    assert await walk.say(CAPTAIN, typed) == ""
