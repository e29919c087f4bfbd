"""A season league's fixture views (issue 23, item 3): /fikstur tümü as text, picture and
PDF grouped by match week, each week headed with its date, "hafta" and never "tur"; every
message within Telegram's 4096 characters, a week never cut across two messages, the
picture within Telegram's photo limits."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from PIL import Image
from pypdf import PdfReader

from bot import render
from bot.render import drawing, picture, printout, sample
from bot.texts import fixture, parts
from bot.usecases.snapshots import Snapshot
from domain.matchdays import Calendar
from domain.model import Group, Score
from domain.season import PitchHours, SeasonRules, season
from domain.selection import Kind, by_kickoff, by_week
from domain.settings import TournamentSettings
from storage.records import StoredMatch, Tournament

IST = ZoneInfo("Europe/Istanbul")
EIGHT = (
    "Kartallar",
    "Şahinler",
    "Aslanlar",
    "Kaplanlar",
    "Kurtlar",
    "Ayılar",
    "Boğalar",
    "Tilkiler",
)
FIRST = date(2027, 1, 17)  # a Sunday
NOW = datetime(2027, 1, 10, 12, 0, tzinfo=IST)
HEADING = re.compile(r"^(\d+)\. hafta · (\d+) (\w+) (\w+)$")


def league(teams=EIGHT, *, double=False, pitches=1, every=7) -> Snapshot:
    rules = SeasonRules(
        calendar=Calendar.every(FIRST, every),
        pitches=tuple(PitchHours(f"Saha {i}", time(14), time(17)) for i in range(1, pitches + 1)),
        zone=IST,
        match_minutes=30,
        changeover=5,
    )
    plan = season(teams, rules, double=double)
    settings = TournamentSettings(
        pitches=tuple(p.name for p in rules.pitches),
        first_kickoff=plan.matches[0].start,
        slot_minutes=35,
        match_minutes=30,
        changeover=5,
    )
    tournament = Tournament(
        9, -1009, "Pazar Ligi", "active", 1, datetime(2027, 1, 1, tzinfo=UTC), settings
    )
    stored = tuple(StoredMatch(m, None, id=i + 1) for i, m in enumerate(plan.matches))
    return Snapshot(tournament, (Group("A", tuple(teams)),), stored)


def rows(snap: Snapshot):
    return by_kickoff([(m.match, m.result) for m in snap.matches])


def moved(snap: Snapshot, no: int, to: datetime) -> Snapshot:
    """Match `no` moved to `to` (as /ertele leaves it: same week, another day)."""

    def move(s: StoredMatch) -> StoredMatch:
        if s.match.no != no:
            return s
        return replace(s, match=replace(s.match, start=to, end=to + (s.match.end - s.match.start)))

    return replace(snap, matches=tuple(move(s) for s in snap.matches))


def test_the_whole_season_as_text_is_grouped_by_week_with_each_weeks_date():
    snap = league()
    text = fixture.fixture("Pazar Ligi", rows(snap), upcoming=rows(snap)[0][0].start)
    lines = text.splitlines()
    assert lines[0] == "📅 Pazar Ligi: fikstür · 17 Ocak – 28 Şubat 2027"
    headings = [li for li in lines if HEADING.match(li)]
    assert headings[:3] == [
        "1. hafta · 17 Ocak Pazar",
        "2. hafta · 24 Ocak Pazar",
        "3. hafta · 31 Ocak Pazar",
    ]
    assert headings[-1] == "7. hafta · 28 Şubat Pazar" and len(headings) == 7
    assert " tur" not in text and "tur:" not in text
    # under each heading its four matches, with times only (the heading has the day)
    third = lines.index("3. hafta · 31 Ocak Pazar")
    assert [li.split()[1] for li in lines[third + 1 : third + 5]] == [
        "14:00",
        "14:35",
        "15:10",
        "15:45",
    ]
    assert lines[third + 1].startswith("9. 14:00 Saha 1: ")
    assert "▶ Sıradaki maçlar (17 Ocak Pazar 14:00)" in lines


def test_a_match_moved_off_its_weeks_day_stays_in_its_week_with_its_own_date():
    snap = moved(league(), 9, datetime(2027, 3, 7, 15, 10, tzinfo=IST))
    text = fixture.fixture("Pazar Ligi", rows(snap))
    lines = text.splitlines()
    third = lines.index("3. hafta · 31 Ocak Pazar")
    week = lines[third + 1 : lines.index("4. hafta · 7 Şubat Pazar")]
    assert any(li.startswith("9. 7 Mart Pazar 15:10 Saha 1: ") for li in week), week
    assert lines[0].endswith("17 Ocak – 7 Mart 2027")


def test_one_weeks_view_gives_a_match_moved_off_its_day_its_own_date(monkeypatch):
    """/fikstur 2. hafta after /ertele 8 7 Mart 15:10 listed "8. 15:10" under "17 Ocak",
    as if played there, in the 15:10 slot another match has; the picture likewise."""
    snap = moved(league(), 9, datetime(2027, 3, 7, 15, 10, tzinfo=IST))
    week = [r for r in rows(snap) if r[0].week == 3]
    lines = fixture.fixture("Pazar Ligi", week, "3. hafta").splitlines()
    assert lines[0] == "📅 Pazar Ligi: 3. hafta · 31 Ocak 2027 Pazar"
    assert lines[-1].startswith("9. 7 Mart Pazar 15:10 Saha 1 · 3. hafta: "), lines
    assert sum(" 15:10 " in li for li in lines) == 2  # its own 15:10 and 7 March's
    moves: list[tuple[int, bool]] = []
    drawn = picture._fixture_row

    def row(draw, x, y, match, result, mark, odd, *, moved):
        moves.append((match.no, moved))
        drawn(draw, x, y, match, result, mark, odd, moved=moved)

    monkeypatch.setattr(picture, "_fixture_row", row)
    picture.fixture("Pazar Ligi", week, now=NOW)
    assert [no for no, was in moves if was] == [9], moves


def test_one_week_keeps_its_single_heading_and_says_hafta():
    snap = league()
    week = [r for r in rows(snap) if r[0].week == 3]
    text = fixture.fixture("Pazar Ligi", week, "3. hafta")
    assert text.splitlines()[0] == "📅 Pazar Ligi: 3. hafta · 31 Ocak 2027 Pazar"
    assert "3. hafta: " in text and "tur" not in text


@pytest.mark.parametrize(("teams", "double", "pitches"), [(10, False, 1), (18, True, 2)])
def test_every_message_fits_telegram_and_no_week_is_cut_across_two(teams, double, pitches):
    names = tuple(f"Takım {i}" for i in range(1, teams + 1))
    snap = league(names, double=double, pitches=pitches)
    text = fixture.fixture("Pazar Ligi", rows(snap))
    messages = parts.split(text)
    assert all(parts.units(m) <= parts.LIMIT for m in messages)
    assert len(messages) == (1 if teams == 10 else 4)
    seen = []
    for message in messages:
        body = re.sub(r"^\(\d+/\d+\) ", "", message).splitlines()
        starts = [i for i, li in enumerate(body) if HEADING.match(li)]
        assert starts, message[:80]
        if message is not messages[0]:
            assert starts[0] == 0  # a message after the first opens with a week's heading
        for a, b in zip(starts, [*starts[1:], len(body)], strict=True):
            week = int(HEADING.match(body[a]).group(1))
            matches = [li for li in body[a + 1 : b] if re.match(r"^\d+\. ", li)]
            assert len(matches) == teams // 2, (week, matches)
            seen.append(week)
    assert seen == list(range(1, (teams - 1) * (2 if double else 1) + 1))


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def test_the_season_picture_holds_whole_weeks_within_telegrams_limits():
    names = tuple(f"Takım {i}" for i in range(1, 19))
    snap = league(names, double=True, pitches=2)
    shown, left = picture.season_window(rows(snap), NOW)
    weeks = by_week(shown)
    assert len(shown) + len(weeks) <= picture.PAGE and left == 306 - len(shown)
    assert all(len(w.rows) == 9 for w in weeks) and weeks[0].number == 1
    image = png(picture.fixture("Pazar Ligi", rows(snap), now=NOW))
    assert drawing.within_limits(*image.size)
    played = snap
    for no in range(1, 10 * 9 + 1):  # ten weeks played: the picture starts at week 11
        played = replace(
            played,
            matches=tuple(
                replace(s, result=Score(1, 0)) if s.match.no == no else s for s in played.matches
            ),
        )
    later = datetime(2027, 3, 22, 12, 0, tzinfo=IST)
    shown, _ = picture.season_window(rows(played), later)
    assert by_week(shown)[0].number == 11


def test_the_season_pdf_has_every_weeks_heading_with_its_date():
    snap = league()
    text = "\n".join(
        page.extract_text() for page in PdfReader(io.BytesIO(printout.card(snap, NOW))).pages
    )
    for heading in (
        "1. hafta · 17 Ocak Pazar",
        "3. hafta · 31 Ocak Pazar",
        "7. hafta · 28 Şubat Pazar",
    ):
        assert heading in text, heading
    assert "17 Ocak – 28 Şubat 2027" in text and "Tarih" in text
    assert " tur" not in text


def test_a_later_weeks_text_before_week_one_marks_no_match_as_next():
    """/fikstur hafta 2 metin typed before week 1: week 1's match is next, not week 2's."""
    snap = league()
    every = rows(snap)
    weeks = by_week(every)
    second, first = list(weeks[1].rows), list(weeks[0].rows)
    text = fixture.fixture("Pazar Ligi", second, upcoming=render.next_shown(second, every, NOW))
    assert "▶" not in text and "Sıradaki" not in text
    text = fixture.fixture("Pazar Ligi", first, upcoming=render.next_shown(first, every, NOW))
    assert "▶ Sıradaki maçlar (14:00)" in text
    assert text.count("▶") == 2  # the first match's line and the note


def test_a_later_weeks_picture_before_week_one_marks_no_match_as_next(monkeypatch):
    marks: list[tuple[int, str]] = []
    drawn = picture._fixture_row

    def row(draw, x, y, match, result, mark, odd, *, moved):
        marks.append((match.no, mark))
        drawn(draw, x, y, match, result, mark, odd, moved=moved)

    monkeypatch.setattr(picture, "_fixture_row", row)
    every = rows(league())
    second = list(by_week(every)[1].rows)
    picture.fixture("Pazar Ligi", second, now=NOW, upcoming=render.next_shown(second, every, NOW))
    assert marks and all(mark == "" for _, mark in marks)
    marks.clear()
    picture.fixture("Pazar Ligi", second, now=NOW)  # the rows alone: their own first is next
    assert marks[0] == (second[0][0].no, "next")


def test_a_teams_own_fixture_marks_its_own_next_match():
    """A team's view (`/fikstur Kartallar`) marks the team's next match ▶, even when the
    tournament's next slot is another team's."""
    every = [(s.match, s.result) for s in sample.snapshot().matches]
    first = every[0][0]
    before = first.start - timedelta(hours=1)
    playing = {side for m, _ in every if m.start == first.start for side in (m.home, m.away)}
    team = next(m.home for m, _ in every if m.home not in playing)
    mine = [(m, r) for m, r in every if team in (m.home, m.away)]
    own = render.next_shown(mine, every, before, kind=Kind.TEAM)
    assert own is not None and own == mine[0][0].start != first.start
    assert render.next_shown(mine, every, before, kind=Kind.WEEK) is None
