"""No plan code in anything said about a real stored season league: set up by the organiser
in one message, captains claimed from private chats, then played week by week on the bot's
own clock with the evening messages and captain reminders firing, a /gecikme, a forfeit, a
match left undated and dated later; every text, caption, calendar event, CSV and PDF line
the bot sends, and its public page, are read for `\\b\\d\\.\\d\\b`, `\\bM\\d+\\b`, `\\bG\\d+\\b`
(tests/usecases/test_no_codes_walk.py walks a sample league and a cup the same way)."""

from __future__ import annotations

import io
import re
from datetime import datetime, timedelta

from chatwalk import Sent, walking
from icalendar import Calendar
from pypdf import PdfReader
from test_issue23_why import CHAT, FORM, IST, ORGANISER, TUESDAY
from test_no_codes_walk import TEMPLATES

from bot.usecases import snapshots
from bot.web import players_view, view

CODES = re.compile(r"\b\d\.\d\b|\bM\d+\b|\bG\d+\b")
CAPTAINS = {31: "Şahinler", 32: "Dinamo Kadıköy", 33: "Kartallar", 34: "Boğalar"}
FILES = ("/takvim", "/yazdir", "/disa_aktar", "/fikstur tümü", "/fikstur", "/puan")


def readable(sent: Sent) -> str:
    """What a person reads of it: the text or caption, and a file's words."""
    if sent.name.endswith(".ics"):
        events = Calendar.from_ical(sent.data).walk("VEVENT")
        words = [str(e[k]) for e in events for k in ("summary", "description", "location")]
        return "\n".join([sent.text, *words])
    if sent.name.endswith(".csv"):
        return sent.text + "\n" + sent.data.decode("utf-8-sig")
    if sent.name.endswith(".pdf"):
        pages = PdfReader(io.BytesIO(sent.data)).pages
        return sent.text + "\n" + "\n".join(p.extract_text() for p in pages)
    return sent.text


async def results_of(walk, week: int, skip: set[int]) -> str:
    """The week's lines as the organiser types them: the better-listed team wins 2-1."""
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    order = snap.teams
    lines = []
    for s in snap.matches:
        m = s.match
        if m.week == week and s.result is None and m.no not in skip:
            home_wins = order.index(m.home) < order.index(m.away)
            lines.append(f"{m.home} {'2-1' if home_wins else '0-1'} {m.away}")
    return "\n".join(lines)


async def test_a_stored_season_played_across_its_weeks_says_no_code_anywhere(tmp_path):
    async with walking(tmp_path / "season.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, FORM)
        await walk.press(ORGANISER, "Oluştur")
        for user, team in CAPTAINS.items():
            await walk.send(user, "/start", chat=user)
            await walk.send(user, f"/kaptan {team}")
        await walk.say(ORGANISER, "/ertele 8 belirsiz")  # week 2's last match: no date yet
        first = datetime(2027, 1, 10, tzinfo=IST)
        for week in range(1, 8):
            sunday = first + timedelta(weeks=week - 1)
            await walk.until(sunday - timedelta(hours=3, minutes=59))  # the evening before
            await walk.until(sunday.replace(hour=13, minute=1))  # captains: 60 min before
            if week == 2:
                await walk.say(ORGANISER, "/gecikme 15")
            await walk.until(sunday.replace(hour=14, minute=40))
            skip: set[int] = set()
            if week == 3:
                said = await walk.say(ORGANISER, "/hukmen Kartallar")
                skip |= {int(n) for n in re.findall(r"\((\d+)\. maç", said)[:1]}
            for user in CAPTAINS:
                await walk.say(user, "ne zaman oynuyoruz?")
            await walk.until(sunday.replace(hour=18, minute=0))  # the day's nudge
            await walk.say(ORGANISER, await results_of(walk, week, skip))
            if week == 4:
                dated = await walk.say(ORGANISER, "/ertele 8 7 Mart 15:10")
                assert "tarihi belli oldu" in dated, dated
            for command in ("/fikstur metin", "/puan metin", f"/fikstur hafta {week} metin"):
                await walk.say(ORGANISER, command)
            if week in (2, 7):
                for command in FILES:
                    walk.now += timedelta(minutes=1)
                    await walk.send(ORGANISER, command)
        await walk.until(datetime(2027, 3, 7, 15, 0, tzinfo=IST))  # match 8's evening, kick-off
        await walk.say(ORGANISER, await results_of(walk, 2, set()))
        await walk.say(ORGANISER, "/fikstur tümü metin")
        for command in FILES:
            walk.now += timedelta(minutes=1)
            await walk.send(ORGANISER, command)
        async with walk.db.unit_of_work(read_only=True) as uow:
            snap = await snapshots.active(uow, CHAT)
        assert all(s.result is not None for s in snap.matches), "the season is played out"
        page = TEMPLATES.get_template("tournament.html").render(
            v=view.tournament(snap, walk.now),
            p=players_view.players(snap),
            home="/t/x",
            calendar="webcal://x",
            columns=view.COLUMNS,
        )
        said = [(s.kind, readable(s)) for s in walk.log]
        said.append(("page", re.sub(r"<[^>]+>", " ", page)))

    kinds = {kind for kind, _ in said}
    assert {"message", "edit", "photo", "document", "reminder"} <= kinds, kinds
    words = "\n".join(text for _, text in said)
    for seen in ("hafta yarın", "maçınız 60 dk sonra", "ertelendi", "hükmen", "tarihi belli"):
        assert seen in words, seen
    assert "Maç haftaları: 7" in words  # the PDF was read
    # An address ("webcal://127.0.0.1:8080/...") is no sentence: left out of the search.
    plain = [(kind, re.sub(r"\S+://\S+", "", text)) for kind, text in said]
    found = [(kind, m.group(0), text) for kind, text in plain if (m := CODES.search(text))]
    assert found == [], found[:3]
