"""A season league run across its match weeks on the bot's own clock (issue 23, items 1 and
2): a match left without a date has a way out, is listed apart, nudges the organisers once a
week later and is awarded when its team withdraws; an awarded match is a played match to the
evening message and the week picture; /hukmen without a number takes the match that is due.

Eight teams every other Sunday 14:00-17:00 from 10 January 2027, 30+5: seven weeks of four
matches at 14:00, 14:35, 15:10 and 15:45 (10 and 24 Jan, 7 and 21 Feb, 7 and 21 Mar, 4 Apr);
match 8 is week 2's last, 24 January 15:45. The clock moves by restarting the bot.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from client import ORGANISER, Chat, Emulator
from processes import BotProcess, own_bot
from test_e2e_tournament import create

IST = ZoneInfo("Europe/Istanbul")
LEADS_LOG = "reminders: this process sends reminders now"
WAIT = 30.0
TEAMS = "Şahinler, Yıldızspor, Dinamo Kadıköy, Kartallar, Aslanlar, Kaplanlar, Kurtlar, Boğalar"
FORM = (
    "/yeni_turnuva Pazar Ligi | 8 takım | iki haftada bir pazar 14:00-17:00 | 30+5"
    f" | 10 Ocak'tan itibaren\n{TEAMS}"
)
START = datetime(2027, 1, 5, 12, 0, tzinfo=IST)  # a Tuesday before the first Sunday
LINE = re.compile(r"^(\d+)\. .*?· [^:]+: (.+?) - (.+?)(?:  \S.*)?$")


@dataclass
class Season:
    tg: Emulator
    bot: BotProcess
    chat: Chat


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Season]:
    home: Path = tmp_path_factory.mktemp("undated")
    with own_bot(home, __name__, clock_at=START) as (tg, bot):
        yield Season(tg, bot, tg.group("Pazar Ligi"))


def fixture_lines(tg: Emulator, chat: Chat, which: str) -> dict[int, tuple[str, str]]:
    """/fikstur <which> metin as {match no: (home, away)}."""
    tg.send(ORGANISER, chat, f"/fikstur {which} metin")
    text = tg.wait_for(chat, "📅").text
    found = {}
    for line in text.splitlines():
        if (m := LINE.match(line.removeprefix("▶ ").removeprefix("⏳ "))) is not None:
            found[int(m.group(1))] = (m.group(2), m.group(3))
    return found


def say(tg: Emulator, chat: Chat, text: str, expect: str) -> str:
    tg.send(ORGANISER, chat, text)
    return tg.wait_for(chat, expect).text


def test_a_season_with_an_undated_match_a_withdrawal_and_forfeits(season: Season) -> None:
    tg, bot, chat = season.tg, season.bot, season.chat
    created = create(tg, chat, FORM)
    assert "28 maç" in created.text
    week_2 = fixture_lines(tg, chat, "hafta 2")
    home_8, away_8 = week_2[8]

    # Tuesday 5 January: match 8 has no date yet; the reply says how to give it one.
    left = say(tg, chat, "/ertele 8 belirsiz", "Maç 8 ertelendi")
    assert "tarihi belli değil" in left
    assert re.search(r"Gün belli olunca: /ertele 8 \d+ \w+ \d\d:\d\d", left), left
    everything = say(tg, chat, "/fikstur tümü metin", "📅")
    assert f"⏸ Tarihi belli değil:\n8. {home_8} – {away_8} (2. hafta)" in everything
    tg.send(ORGANISER, chat, "/fikstur tümü")
    picture = tg.wait_for(chat, lambda m: m.kind == "photo")
    assert "Tarihi belli olmayan: 1 maç" in picture.text
    tg.send(ORGANISER, chat, "/takvim")
    calendar = tg.wait_for(chat, lambda m: m.kind == "document")
    assert "(27 maç)" in calendar.text  # no event for the match without a date

    # A week later the organisers are reminded of it, once.
    bot.restart(clock_at=bot.clock() + timedelta(days=7, seconds=2))
    bot.wait_for_log(LEADS_LOG)
    nudge = tg.wait_for(chat, "tarihsiz bekliyor", timeout=WAIT)
    assert nudge.text.startswith(f"📅 Maç 8 ({home_8} – {away_8}) 7 gündür tarihsiz bekliyor.")
    assert "/ertele 8 " in nudge.text

    # 1 February: 24 January 15:45 is long gone; the match gets a date like any move.
    bot.restart(clock_at=datetime(2027, 2, 1, 12, 0, tzinfo=IST))
    clash = say(tg, chat, "/ertele 8 7 Mart 15:10", "dolu")
    assert "başladı" not in clash and "En erken uygun saat: 7 Mart 16:20" in clash
    assert "başladı" not in say(tg, chat, "/ertele 8 21 Mart 14:00", "dolu")
    dated = say(tg, chat, "/ertele 8 14.03 16:20", "tarihi belli oldu")
    assert f"Maç 8'in tarihi belli oldu: 14 Mart Pazar 16:20 Saha 1 {home_8} – {away_8}" in dated
    everything = say(tg, chat, "/fikstur tümü metin", "📅")
    assert "Tarihi belli değil" not in everything and re.search(r"^8\. .*16:20", everything, re.M)

    # Another match waits for a date when its team withdraws: it is awarded with the rest.
    # (The team is neither Dinamo Kadıköy nor its week-4 opponent: that match stays open.)
    week_3, week_4 = fixture_lines(tg, chat, "hafta 3"), fixture_lines(tg, chat, "hafta 4")
    due, dinamo_4 = next((no, t) for no, t in week_4.items() if "Dinamo Kadıköy" in t)
    spared = {*dinamo_4}
    undated, gone = next(
        (no, team) for no, teams in sorted(week_3.items()) for team in teams if team not in spared
    )
    say(tg, chat, f"/ertele {undated} belirsiz", f"Maç {undated} ertelendi")
    withdrawn = say(tg, chat, f"/cekil {gone}", "ligden çekildi")
    assert "Kalan 7 maçı 3-0 rakiplerine yazıldı (H)" in withdrawn, withdrawn
    assert f"({undated}. maç)" in withdrawn
    assert "Tarihi belli değil" not in say(tg, chat, "/fikstur tümü metin", "📅")

    # 21 February 14:50, week 4 under way: /hukmen without a number takes today's match,
    # not a later one, and names it.
    bot.restart(clock_at=datetime(2027, 2, 21, 14, 50, tzinfo=IST))
    forfeit = say(tg, chat, "/hukmen Dinamo Kadıköy", "Hükmen:")
    assert f"({due}. maç, 21 Şubat)" in forfeit and "Dinamo Kadıköy hükmen kaybetti" in forfeit

    # 6 March 20:00: week 5's evening message leaves out the withdrawn team's awarded match,
    # and tells it as decided; the week's picture counts it as a result, a forfeit.
    week_5 = fixture_lines(tg, chat, "hafta 5")
    awarded = next(teams for teams in week_5.values() if gone in teams)
    bot.restart(clock_at=datetime(2027, 3, 6, 19, 59, 56, tzinfo=IST))
    bot.wait_for_log(LEADS_LOG)
    evening = tg.wait_for(chat, "📅 5. hafta yarın", timeout=WAIT)
    assert f"{awarded[0]} – {awarded[1]}" not in evening.text
    assert evening.text.count(" Saha 1: ") == 3
    assert re.search(rf"Oynanmayacak: {awarded[0]} \d-\d {awarded[1]} \(hükmen\)", evening.text)
    tg.send(ORGANISER, chat, "/fikstur hafta 5")
    week_picture = tg.wait_for(chat, lambda m: m.kind == "photo")
    assert "1/4 maçın sonucu belli (1 hükmen)" in week_picture.text

    # The nudge went once in all those weeks.
    assert len([m for m in tg.events(chat) if "tarihsiz bekliyor" in m.text]) == 1
