"""The files of a season with a match waiting for a date (/ertele 8 belirsiz), through the
bot's own Application: the printed card lists it under "Tarihi belli değil" and counts it,
the CSV keeps its row with no date, time or pitch and says why. (Issue 23's league: match
8 is week 2's Kartallar – Dinamo Kadıköy.)"""

from __future__ import annotations

import csv
import io
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import walking
from pypdf import PdfReader

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -3003, 10
FORM = (
    "/yeni_turnuva Pazar Ligi | 8 takım | her pazar 14:00-17:00 | 30+5 | 10 Ocak'tan itibaren"
    "\nŞahinler, Yıldızspor, Dinamo Kadıköy, Kartallar, Aslanlar, Kaplanlar, Kurtlar, Boğalar"
)
TUESDAY = datetime(2027, 1, 5, 12, 0, tzinfo=IST)


@pytest.fixture
async def league(tmp_path):
    async with walking(tmp_path / "files.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, FORM)
        await walk.press(ORGANISER, "Oluştur")
        assert "tarihi belli değil" in await walk.say(ORGANISER, "/ertele 8 belirsiz")
        yield walk


async def test_the_printed_card_lists_and_counts_the_undated_match(league):
    sent = [s for s in await league.send(ORGANISER, "/yazdir") if s.name.endswith(".pdf")]
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(sent[-1].data)).pages)
    lines = text.splitlines()
    at = lines.index("Tarihi belli değil")
    assert lines[at + 1] == "8 2. hafta Kartallar Dinamo Kadıköy", lines[at : at + 3]
    assert "Toplam maç: 28" in text and "Takım başına maç: 7\n" in text, text


async def test_the_csv_keeps_the_undated_match_without_a_date(league):
    sent = [s for s in await league.send(ORGANISER, "/disa_aktar") if s.name.endswith(".csv")]
    table = list(csv.reader(io.StringIO(sent[-1].data.decode("utf-8-sig")), delimiter=";"))
    head, rows = table[0], {int(row[0]): row for row in table[1:]}
    assert len(rows) == 28 and head[-1] == "Durum"
    eight = dict(zip(head, rows[8], strict=True))
    assert (eight["Tarih"], eight["Saat"], eight["Saha"]) == ("", "", "")
    assert (eight["Ev sahibi"], eight["Deplasman"]) == ("Kartallar", "Dinamo Kadıköy")
    assert eight["Durum"] == "Tarihi belli değil"
    assert rows[7][1] == "17.01.2027" and rows[7][-1] == ""
