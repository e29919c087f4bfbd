"""/yazdir Kartallar printed the whole fixture, the team's name ignored: an organiser who
wants one team's sheet for its captain got every match. It prints what /fikstur Kartallar
shows (a team, a group, a day), and refuses a name it does not know as /fikstur does."""

from __future__ import annotations

import io
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import walking
from pypdf import PdfReader

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -4013, 10
NOW = datetime(2026, 12, 5, 12, 0, tzinfo=IST)
FORM = "/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | 24+6\n"
TEAMS = "Kartallar, Şahinler, Aslanlar, Kaplanlar"


@pytest.fixture
async def walk(tmp_path):
    async with walking(tmp_path / "print.sqlite3", CHAT, NOW) as chat:
        await chat.say(ORGANISER, FORM + TEAMS)
        await chat.press(ORGANISER, "Oluştur")
        yield chat


async def printed(walk, typed: str):
    sent = [s for s in await walk.send(ORGANISER, typed) if s.name.endswith(".pdf")]
    assert sent, [s.text for s in walk.log[-3:]]
    pdf = sent[-1]
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
    rows = [line for line in text.splitlines() if re.match(r"[0-9]+ [0-9]{2}:[0-9]{2} ", line)]
    return pdf, rows


async def test_a_teams_card_has_its_matches_only(walk):
    pdf, rows = await printed(walk, "/yazdir Kartallar")
    assert len(rows) == 3 and all("Kartallar" in r for r in rows), rows
    assert pdf.name.endswith("-kartallar.pdf") and "Kartallar" in pdf.text, (pdf.name, pdf.text)


async def test_the_whole_card_without_a_choice(walk):
    pdf, rows = await printed(walk, "/yazdir")
    assert len(rows) == 6 and pdf.name.endswith("-fikstur.pdf"), (pdf.name, rows)


async def test_an_unknown_name_is_refused_as_fikstur_refuses_it(walk):
    said = await walk.say(ORGANISER, "/yazdir Zebralar")
    assert said == await walk.say(ORGANISER, "/fikstur Zebralar"), said
    assert said.startswith('"Zebralar" bir gün, grup, saha ya da takım adı değil.'), said
