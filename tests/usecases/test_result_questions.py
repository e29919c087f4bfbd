"""A played match's result asked in the chat: "son maçımız kaç bitti" was answered with the
time and pitch of the team's last planned match, and "kim kazandı", "A1 A4 maçı kaç kaç
bitti", "A4 maçı ne oldu", "maç kaç bitti" met silence. Now each gets the score of the
match asked about, or that it has no result yet and when it is."""

from __future__ import annotations

from datetime import timedelta

import pytest
from day_walks import walking_the_day
from eight_team_day import CHAT, ORGANISER

from bot.usecases import snapshots

CAPTAIN, MEMBER = 501, 4242


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, captains={"A1": CAPTAIN}) as chat:
        yield chat


async def match_of(walk, one: str, other: str):
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    (found,) = [m.match for m in snap.matches if {m.match.home, m.match.away} == {one, other}]
    return found


async def played_first_round(walk):
    """The clock after A1's first match, its result typed by the organiser."""
    first = await match_of(walk, "A1", "A4")
    walk.now = first.end + timedelta(minutes=5)
    await walk.say(ORGANISER, "A1 3-1 A4")
    return first


@pytest.mark.parametrize(
    "typed",
    [
        "son maçımız kaç bitti",
        "maç kaç bitti",
        "kim kazandı",
        "son maç ne oldu",
        "dünkü maç kaç kaç bitti",
        "maç kaç kaç bitti bilen var mı",
        "kazandık mı",
    ],
)
async def test_the_captains_last_match_is_told_with_its_score(walk, typed):
    m = await played_first_round(walk)
    said = await walk.say(CAPTAIN, typed)
    assert said == f"⚽ A1 3-1 A4 ({m.no}. maç, A Grubu).", said


@pytest.mark.parametrize("typed", ["A1 A4 maçı kaç kaç bitti", "A4 maçı ne oldu", "A4 kaç bitti"])
async def test_a_named_teams_or_pairs_match_is_told_with_its_score(walk, typed):
    m = await played_first_round(walk)
    said = await walk.say(MEMBER, typed)
    assert said == f"⚽ A1 3-1 A4 ({m.no}. maç, A Grubu).", said


async def test_a_match_not_played_yet_has_no_result_and_says_when(walk):
    m = await match_of(walk, "A2", "A3")
    said = await walk.say(MEMBER, "A2 A3 maçı kaç kaç bitti")
    assert said.startswith(f"⚽ A2 – A3 ({m.no}. maç, A Grubu): henüz oynanmadı; {m.pitch}, bugün")
    said = await walk.say(CAPTAIN, "son maçımız kaç bitti")
    first = await match_of(walk, "A1", "A4")
    assert said.startswith(f"⚽ A1 – A4 ({first.no}. maç, A Grubu): henüz oynanmadı"), said


async def test_a_match_over_without_its_result_says_so(walk):
    first = await match_of(walk, "A1", "A4")
    walk.now = first.end + timedelta(minutes=1)
    said = await walk.say(CAPTAIN, "maç kaç bitti")
    assert said.endswith(": sonucu henüz girilmedi (maç bugün 10:00)."), said
    walk.now = first.start + timedelta(minutes=5)
    said = await walk.say(CAPTAIN, "maç kaç bitti")
    assert said.endswith("henüz sonuç yok, maç şimdi oynanıyor (başlama 10:00)."), said


async def test_a_bystander_gets_the_latest_results(walk):
    await played_first_round(walk)
    said = await walk.say(MEMBER, "maç kaç bitti")
    assert said.startswith("⚽ Son sonuçlar:\n• A1 3-1 A4"), said
    assert "sonucu henüz girilmedi" in said, said  # the other pitch's match, not typed yet


async def test_a_result_line_is_still_a_result_and_news_stays_unanswered(walk):
    await played_first_round(walk)
    said = await walk.say(MEMBER, "kim kazandı bence A1")
    assert said == "", said
    said = await walk.say(MEMBER, "fener maçı kaç bitti")
    assert said == "", said


async def test_asked_in_private_it_is_the_captains_team(walk):
    m = await played_first_round(walk)
    said = await walk.say(CAPTAIN, "son maçımız kaç bitti", chat=CAPTAIN)
    assert said == f"⚽ A1 3-1 A4 ({m.no}. maç, A Grubu).", said


@pytest.mark.parametrize("typed", ["A1 3-1 A4?", "a4 1-3 a1?", "A1 2-2 A4 mi bitti?", "A1 5-1 A4?"])
async def test_a_score_asked_about_gets_the_matchs_stored_result(walk, typed):
    """ "A1 3-1 A4?" is no result to record (a score asked about), and it met silence."""
    await played_first_round(walk)
    assert await walk.say(MEMBER, typed) == "⚽ A1 3-1 A4 (1. maç, A Grubu)."
    assert await walk.say(ORGANISER, typed) == "⚽ A1 3-1 A4 (1. maç, A Grubu)."


async def test_a_score_asked_about_a_match_to_play_says_so_and_stores_nothing(walk):
    said = await walk.say(MEMBER, "A2 3-1 A3?")
    assert said.startswith("⚽ A2 – A3 (2. maç, A Grubu): henüz oynanmadı;"), said
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    assert all(m.result is None for m in snap.matches)


@pytest.mark.parametrize("typed", ["sence 3-1 mi biter?", "3-1?", "saat 20:00?", "bugün 3-1 mi?"])
async def test_a_score_asked_without_two_teams_stays_unanswered(walk, typed):
    assert await walk.send(MEMBER, typed) == []
