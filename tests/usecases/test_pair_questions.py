"""A question naming two teams asks about their match: "A1 A4 maçı ne zaman",
"a1-a4 maçı kaçta" met silence (the two names read as one name no team has). Now the
answer is that match: its number, group, pitch and time; once played, its score; two
teams without a match together are told so."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import CHAT, ORGANISER

from bot.usecases import snapshots

MEMBER = 4242


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


async def their_match(walk, one: str, other: str):
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    (found,) = [m.match for m in snap.matches if {m.match.home, m.match.away} == {one, other}]
    return found


@pytest.mark.parametrize(
    "typed", ["A1 A4 maçı ne zaman", "a1-a4 maçı kaçta", "A4 A1 maçı hangi sahada?"]
)
async def test_the_pairs_match_is_told(walk, typed):
    m = await their_match(walk, "A1", "A4")
    said = await walk.say(MEMBER, typed)
    local = m.start.astimezone(m.start.tzinfo)
    assert said.startswith(f"⚽ {m.no}. maç, A Grubu: {m.home} – {m.away}. {m.pitch}"), said
    assert f"bugün {local:%H:%M}" in said, said


async def test_a_played_pair_gets_its_score(walk):
    await walk.say(ORGANISER, "A1 3-1 A4")
    m = await their_match(walk, "A1", "A4")
    said = await walk.say(MEMBER, "A1 A4 maçı ne zaman")
    assert said == f"⚽ {m.no}. maç, A Grubu: A1 3-1 A4 (oynandı).", said


async def test_teams_without_a_match_together_are_told_so(walk):
    said = await walk.say(MEMBER, "A1 B1 maçı ne zaman")
    assert said.startswith("A1 ile B1 arasında planlanmış bir maç yok."), said


async def test_one_team_is_still_its_next_match(walk):
    said = await walk.say(MEMBER, "A1 maçı ne zaman")
    assert said.startswith("⚽ A1: sıradaki maçı A Grubu"), said


async def test_a_match_asked_by_its_number(walk):
    """ "6. maç ne zaman" met silence: the number read as a team name."""
    async with walk.db.unit_of_work(read_only=True) as uow:
        m = next(s.match for s in (await snapshots.active(uow, CHAT)).matches if s.match.no == 6)
    said = await walk.say(MEMBER, "6. maç ne zaman")
    assert said.startswith(f"⚽ 6. maç, {m.group} Grubu: {m.home} – {m.away}. {m.pitch}"), said
    said = await walk.say(MEMBER, "99. maç kaçta")
    assert said == "99. maç diye bir maç yok. Maç numaraları: /fikstur metin", said
