"""A season league through Telegram on a bot clock of its own (issue 23, items 3 and 4):
the guided set-up asks the first match day and the days to skip, [Değiştir] → [İlk maç] →
"17 ocak 14:00" keeps the season, lower-case team names get their capitals; then
/fikstur tümü as text, picture and PDF by match week, each week with its date, and again
with the clock moved to the third match week. The bot's clock is set (offset_to), so
nothing here depends on today's date."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from client import ORGANISER, BotMessage, Chat, Emulator
from processes import BotProcess, own_bot
from pypdf import PdfReader
from test_e2e_files import download

IST = ZoneInfo("Europe/Istanbul")
TUESDAY = datetime(2027, 1, 5, 12, 0, tzinfo=IST)  # the set-up's day
THIRD_WEEK = datetime(2027, 1, 31, 12, 0, tzinfo=IST)  # the morning of match week 3
TEAMS = "kartallar, şahinler, aslanlar, kaplanlar, kurtlar, ayılar, boğalar, ısparta"
HEADING = re.compile(r"^(\d+)\. hafta · (\d+ \w+ \w+)$", re.MULTILINE)
WEEKS = [
    "1. hafta · 17 Ocak Pazar",
    "2. hafta · 24 Ocak Pazar",
    "3. hafta · 31 Ocak Pazar",
    "4. hafta · 7 Şubat Pazar",
    "5. hafta · 14 Şubat Pazar",
    "6. hafta · 21 Şubat Pazar",
    "7. hafta · 28 Şubat Pazar",
]


@dataclass
class League:
    tg: Emulator
    bot: BotProcess
    chat: Chat


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[League]:
    home: Path = tmp_path_factory.mktemp("season_views")
    with own_bot(home, __name__, clock_at=TUESDAY) as (tg, bot):
        yield League(tg, bot, tg.group("Pazar Ligi"))


def ask(tg: Emulator, chat: Chat, text: str, asked: str) -> BotMessage:
    tg.send(ORGANISER, chat, text)
    return tg.wait_for(chat, asked)


def press(tg: Emulator, chat: Chat, message: BotMessage, label: str, then: str) -> BotMessage:
    tg.press(ORGANISER, chat, message.message_id, message.button(label))
    return tg.wait_for(chat, then)


def test_the_guided_league_asks_its_first_day_and_skips_and_an_edit_keeps_it_a_season(league):
    tg, chat = league.tg, league.chat
    ask(tg, chat, "/yeni_turnuva", "adı ne")
    ask(tg, chat, "Pazar Ligi", "Takımları yazın")
    pitches = ask(tg, chat, TEAMS, "Kaç saha")
    fmt = press(tg, chat, pitches, "1", "Nasıl oynansın")
    kind = press(tg, chat, fmt, "Lig", "haftalara yayılan lig mi")
    rhythm = press(tg, chat, kind, "Haftalara yayılan lig", "Hangi gün ve saatlerde")
    first = press(tg, chat, rhythm, "her pazar 14:00-17:00", "İlk maç günü hangi gün?")
    assert "her Pazar 14:00-17:00" in first.text
    assert first.labels == ["10 Ocak Pazar", "17 Ocak Pazar"]
    skip = press(tg, chat, first, "10 Ocak Pazar", "Atlanacak maç günü var mı")
    assert skip.has_button("Yok, atlanan gün yok")
    ask(tg, chat, "yok hiç", "Maç süresi")
    rule = ask(tg, chat, "30+5", "eşitliğinde")
    tg.press(ORGANISER, chat, rule.message_id, rule.button("TFF"))
    summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    assert "7 maç haftası · 10 Oca – 21 Şub · her hafta 4 maç" in summary.text
    assert "her Pazar 14:00-17:00 · 1 saha" in summary.text and "⚠" not in summary.text

    fields = press(tg, chat, summary, "Değiştir", "Neyi değiştirelim?")
    assert fields.has_button("İlk maç") and fields.has_button("Atlanan günler")
    press(tg, chat, fields, "İlk maç", "İlk maç günü hangi gün?")
    tg.send(ORGANISER, chat, "17 ocak 14:00")
    again = tg.wait_for(chat, lambda m: m.has_button("Oluştur"))
    assert "haftalara yayılan lig" in again.text, again.text
    assert "7 maç haftası · 17 Oca – 28 Şub · her hafta 4 maç" in again.text
    assert "son maç 28 Şubat Pazar" in again.text and "⚠" not in again.text
    created = press(tg, chat, again, "Oluştur", "kuruldu")
    assert "28 maç" in created.text and "1. hafta (17 Ocak Pazar)" in created.text
    tg.wait_for(chat, "canlı durum")

    tg.send(ORGANISER, chat, "/takimlar")
    teams = tg.wait_for(chat, "takımlar").text
    for name in ("Kartallar", "Şahinler", "Ayılar", "Boğalar", "Isparta"):
        assert f"• {name}" in teams, teams


def texts_of(tg: Emulator, chat: Chat, command: str) -> list[str]:
    tg.send(ORGANISER, chat, command)
    return [m.text for m in tg.silence(chat) if m.kind == "message"]


def test_the_whole_season_by_week_with_dates_as_text_picture_and_pdf(league):
    tg, chat = league.tg, league.chat
    said = texts_of(tg, chat, "/fikstur tümü metin")
    text = "\n".join(said)
    assert all(len(m.encode("utf-16-le")) // 2 <= 4096 for m in said)
    assert "Pazar Ligi: fikstür · 17 Ocak – 28 Şubat 2027" in text
    assert [f"{n}. hafta · {d}" for n, d in HEADING.findall(text)] == WEEKS
    assert " tur" not in text and "17 Ocak 2027 Pazar" not in text
    for week in WEEKS:  # four matches, times only, under each week
        block = text.split(week, 1)[1].split("\n\n", 1)[0].strip().splitlines()
        times = [line.removeprefix("▶ ").split()[1] for line in block[:4]]
        assert times == ["14:00", "14:35", "15:10", "15:45"], block

    tg.send(ORGANISER, chat, "/fikstur tümü")
    photo = tg.wait_for(chat, kinds=("photo",))
    assert "17 Ocak – 28 Şubat 2027" in photo.text and download(tg, photo).startswith(b"\x89PNG")
    width, height = photo.event["width"], photo.event["height"]
    assert width + height <= 10_000 and max(width, height) <= 20 * min(width, height)

    tg.send(ORGANISER, chat, "/yazdir")
    document = tg.wait_for(chat, kinds=("document",))
    pages = PdfReader(io.BytesIO(download(tg, document))).pages
    printed = "\n".join(p.extract_text() for p in pages)
    for week in WEEKS:
        assert week in printed, week
    assert "17 Ocak – 28 Şubat 2027" in printed


def test_on_the_third_match_week_the_views_say_which_week_and_day_it_is(league):
    tg, bot, chat = league.tg, league.bot, league.chat
    bot.restart(clock_at=THIRD_WEEK)
    said = texts_of(tg, chat, "/fikstur metin")
    assert said and said[0].startswith("📅 Pazar Ligi: 3. hafta · 31 Ocak 2027 Pazar"), said
    assert said[0].count(" Saha 1 · 3. hafta: ") == 4 and " tur" not in said[0]
    everything = "\n".join(texts_of(tg, chat, "/fikstur tümü metin"))
    assert "▶ Sıradaki maçlar (31 Ocak Pazar 14:00)" in everything
    assert "(17 Ocak Pazar 14:00)" in everything  # a result due since week 1, with its day


def test_the_single_leg_season_has_the_fewest_home_and_away_breaks(league):
    """Issue 23, item 7, as the organiser sees it: in /fikstur tümü each team is home one
    week and away the next but for n − 2 breaks in all (6 for these 8 teams, de Werra's
    minimum), at most one a team; the first-named side is at home."""
    text = "\n".join(texts_of(league.tg, league.chat, "/fikstur tümü metin"))
    sides: dict[str, list[str]] = {}
    for week in WEEKS:
        block = text.split(week, 1)[1].split("\n\n", 1)[0].strip().splitlines()[:4]
        for line in block:
            home, away = line.rsplit(": ", 1)[1].split(" - ")
            sides.setdefault(home.split(" (")[0].strip(), []).append("H")
            sides.setdefault(away.split(" (")[0].strip(), []).append("A")
    assert len(sides) == 8 and all(len(run) == 7 for run in sides.values()), sides
    breaks = {team: sum(a == b for a, b in itertools.pairwise(run)) for team, run in sides.items()}
    assert sum(breaks.values()) == 6 and max(breaks.values()) == 1, breaks
