"""/yardim named only "/ertele 7 11:30" and its day and team forms with a time, though a
match can also be left waiting for a date ("/ertele 7 belirsiz", or by its two teams):
the /ertele line now names each form, each one it names is understood as written (in
issue 23's league, where Kartallar and Şahinler play), and /yardim stays one Telegram
message."""

from __future__ import annotations

import re

import pytest
from league_walks import walking_the_league
from test_undated_everywhere import ORGANISER

from bot.texts.schedule import ERTELE_HOW
from bot.texts.welcome import HELP

LIMIT = 4096  # Telegram's, in UTF-16 units


def postpone_line() -> str:
    return next(line for line in HELP.splitlines() if line.startswith("/ertele "))


def forms() -> list[str]:
    """Each "/ertele …" of the line, up to the next ',', ';', ')' or ':' that ends it."""
    return [f.strip() for f in re.findall(r"/ertele [^,;():]+(?::\d\d)?", postpone_line())]


def test_the_line_names_the_time_the_teams_and_the_undated_forms():
    found = forms()
    for form in (
        "/ertele 7 11:30",
        "/ertele Kartallar Şahinler 14:00",
        "/ertele 7 belirsiz",
        "/ertele Kartallar Şahinler belirsiz",
    ):
        assert form in found, found


def test_help_fits_one_message():
    assert len(HELP.encode("utf-16-le")) // 2 < LIMIT


@pytest.fixture
async def league(tmp_path):
    async with walking_the_league(tmp_path) as walk:
        yield walk


@pytest.mark.parametrize("form", forms())
async def test_each_form_named_is_taken(league, form):
    """Understood as written: the reply is about one match (moved, left undated, or why
    not at that hour), never the how-to of a line it could not read."""
    said = await league.say(ORGANISER, form)
    assert re.match(r"(📅 )?Maç \d+ ", said) and ERTELE_HOW not in said, (form, said)
