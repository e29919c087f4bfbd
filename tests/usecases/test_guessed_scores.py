"""A score guessed, hoped for or asked about in the group ("A1 3-1 A4 olur bence",
"A1 3-1 A4 olursa lider biziz") is chat, and one asked about ("A1 3-1 A4 mi?") gets the
match's state: even an organiser's is not stored as the match's result (it was, an hour
before the match). The plain line still is."""

from __future__ import annotations

import pytest
from day_walks import results, walking_the_day
from eight_team_day import ORGANISER


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


@pytest.mark.parametrize(
    "typed",
    [
        "A1 3-1 A4 olur bence",
        "bence A1 3-1 A4",
        "A1 3-1 A4 olursa grubu lider bitiririz",
        "A1 3-1 A4 mı bitti",
        "A1 3-1 A4 inşallah",
        "A1 A4'ü 3-1 yener",
    ],
)
async def test_an_organisers_guess_is_not_stored(walk, typed):
    assert await walk.send(ORGANISER, typed) == []
    assert await results(walk) == []


@pytest.mark.parametrize("typed", ["A1 3-1 A4 mi?", "A1 3-1 A4?"])
async def test_an_organisers_score_asked_about_is_answered_not_stored(walk, typed):
    """A question: the match's stored state is told (tests/usecases/test_result_questions)."""
    said = await walk.say(ORGANISER, typed)
    assert said.startswith("⚽ A1 – A4 (1. maç, A Grubu): henüz oynanmadı;"), said
    assert await results(walk) == []


async def test_the_plain_line_after_it_is_stored(walk):
    await walk.send(ORGANISER, "A1 3-1 A4 olur bence")
    said = await walk.say(ORGANISER, "A1 3-1 A4 maçı bitti")
    assert said.startswith("✅ Kaydedildi: A1 3-1 A4"), said
    assert len(await results(walk)) == 1
