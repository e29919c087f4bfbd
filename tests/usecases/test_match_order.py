"""A match named by its place in the team's order. "bir sonraki maçımız", "sonraki maç"
and "sıradaki maçımız?" met silence (no question word) while "sıradaki maç hangisi" was
answered: now they get the next match. "2. maçımız kaçta" got the next match too: now the
team's second."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import CHAT

from bot.usecases import snapshots

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


async def team_matches(walk, team: str):
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    return sorted((m.match for m in snap.matches if m.match.involves(team)), key=lambda m: m.start)


@pytest.mark.parametrize(
    ("typed", "nth"),
    [("2. maçımız kaçta", 2), ("ikinci maçımız ne zaman", 2), ("3üncü maçımız hangi sahada", 3)],
)
async def test_the_teams_nth_match_is_told_not_the_next(walk, typed, nth):
    """ "2. maçımız kaçta" answered with the next match, the first."""
    m = (await team_matches(walk, "A1"))[nth - 1]
    said = await walk.say(CAPTAIN, typed)
    assert said.startswith(f"⚽ A1 takımının {nth}. maçı: {m.no}. maç, A Grubu: "), said
    assert f"{m.home} – {m.away}. {m.pitch}" in said, said


async def test_another_teams_nth_match_and_one_past_its_last(walk):
    m = (await team_matches(walk, "A3"))[1]
    said = await walk.say(MEMBER, "A3'ün 2. maçı kaçta")
    assert said.startswith(f"⚽ A3 takımının 2. maçı: {m.no}. maç"), said
    assert await walk.say(CAPTAIN, "9. maçımız ne zaman") == (
        "A1 takımının 9. maçı yok. Fikstür: /fikstur metin"
    )
    assert (await walk.say(MEMBER, "6. maç ne zaman")).startswith("⚽ 6. maç, ")  # a number
