"""An unknown command ("/bilinmeyen_komut", "/fikstür" with Turkish letters, "/puandurumu")
got no answer: it is now answered "Böyle bir komut yok … Tüm komutlar: /yardim", with the
nearest command when one is near, in private and in a group when addressed to this bot or
plainly meant for it; another bot's "/x@baska_bot", and a bare command like none of ours
("/warn", maybe another bot's), are left alone, and no known command is shadowed."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import ORGANISER

from domain.commands import closest_command

ME = "turnuva_bot"  # the username of the test bot (tests/usecases/inprocess.py)


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


@pytest.mark.parametrize(
    ("typed", "near"),
    [
        ("/fikstür", "/fikstur"),
        ("/fikstür metin", "/fikstur metin"),
        ("/puandurumu", "/puan"),
        ("/takımlar", "/takimlar"),
        ("/yardım", "/yardim"),
        (f"/puandurumu@{ME}", "/puan"),
        ("/geri al", "/geri_al"),  # a space for the underscore: was silence in a group
        ("/Geri Al", "/geri_al"),
        ("/yeni turnuva Bahar Kupası", "/yeni_turnuva Bahar Kupası"),
    ],
)
async def test_a_near_command_gets_the_right_one(walk, typed, near):
    said = await walk.say(ORGANISER, typed)
    assert said.startswith("Böyle bir komut yok: /"), said
    assert f"Bunu mu demek istediniz: {near}\n" in said and "/yardim" in said, said


async def test_an_unknown_command_addressed_to_this_bot_is_answered(walk):
    said = await walk.say(ORGANISER, f"/bilinmeyen_komut@{ME}")
    assert said == "Böyle bir komut yok: /bilinmeyen_komut. Komutlar: /yardim", said


async def test_in_private_every_unknown_command_is_answered(walk):
    said = await walk.say(ORGANISER, "/bilinmeyen_komut", chat=ORGANISER)
    assert said == "Böyle bir komut yok: /bilinmeyen_komut. Komutlar: /yardim", said


@pytest.mark.parametrize(
    "typed", ["/fikstur@baska_bot", "/bilinmeyen_komut@baska_bot", "/warn", "/ban Ali"]
)
async def test_another_bots_commands_are_left_alone(walk, typed):
    assert await walk.send(ORGANISER, typed) == []


@pytest.mark.parametrize(
    ("typed", "starts"),
    [
        ("/fikstur metin", "📅"),
        (f"/puan@{ME} metin", "<pre>"),
        ("/yardim", ""),
        ("/takimlar", "👥"),
    ],
)
async def test_known_commands_are_not_shadowed(walk, typed, starts):
    said = await walk.say(ORGANISER, typed)
    assert said and "Böyle bir komut yok" not in said and said.startswith(starts), said


def test_no_command_is_suggested_when_two_fit_as_well():
    assert closest_command("geri", ["geri_al", "geri_yukle"]) is None
    assert closest_command("kaptansilme", ["kaptan", "kaptan_sil"]) == "kaptan_sil"
    assert closest_command("warn", ["puan", "kura", "kart"]) is None
