"""Pictures, the printable card, the calendar and the CSV, from the 8-team day, no Telegram."""

from __future__ import annotations

import csv
import dataclasses
import io
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from fontTools.ttLib import TTFont
from icalendar import Calendar
from PIL import Image, ImageDraw
from pypdf import PdfReader

from bot.render import BOLD, REGULAR, bracket, calendar, drawing, export, picture, printout, sample
from bot.texts.common import hm, tie_rule
from domain.model import Score
from storage.records import StoredEvent, StoredPlayer

IST = ZoneInfo("Europe/Istanbul")
REFERENCE = Path(__file__).parent / "reference"
TURKISH = "çğıİöşüÇĞÖŞÜ"
STAMP = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def day():
    return sample.snapshot()


def rows(snap):
    return [(m.match, m.result) for m in snap.matches]


def png(data):
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("path", [REGULAR, BOLD])
def test_every_turkish_letter_has_its_own_glyph_not_the_missing_box(path):
    cmap = TTFont(path).getBestCmap()
    face = drawing.font(40, path == BOLD)
    assert 0xE000 not in cmap
    box = drawn(face, "\ue000")  # private use: not in the font, so drawn as .notdef
    assert box.getbbox() is not None
    for letter in TURKISH:
        assert ord(letter) in cmap, letter
        glyph = drawn(face, letter)
        assert glyph.getbbox() is not None, letter
        assert glyph.tobytes() != box.tobytes(), letter
    assert len({drawn(face, c).tobytes() for c in TURKISH}) == len(TURKISH)


def drawn(face, text):
    image = Image.new("L", (80, 80))
    ImageDraw.Draw(image).text((10, 10), text, 255, font=face)
    return image


def test_the_fixture_picture_is_wide_and_changes_when_a_result_is_entered(day):
    before = picture.fixture(day.tournament.name, rows(day))
    image = png(before)
    assert image.format == "PNG" and image.width >= 1080
    after_snap = sample.with_result(day, 1, Score(3, 1))
    after = picture.fixture(day.tournament.name, rows(after_snap))
    assert after != before
    assert png(after).size == image.size


def test_the_table_picture_is_wide_and_changes_with_a_result(day):
    rule = day.rules.tiebreak
    before = picture.tables(day.tournament.name, day.tables(), rule)
    later = sample.with_result(day, 1, Score(3, 1))
    after = picture.tables(day.tournament.name, later.tables(), rule)
    assert png(before).width >= 1080 and after != before


def test_the_bracket_fills_in_and_a_league_has_none(day):
    before = bracket.bracket(day.tournament.name, rows(day), day.knockout_sides())
    assert before is not None and png(before).width >= 1080
    played = day
    for m in day.matches:
        if not m.match.stage.is_knockout:
            played = sample.with_result(played, m.match.no, Score(1, 0))
    after = bracket.bracket(day.tournament.name, rows(played), played.knockout_sides())
    assert after != before
    league = sample.snapshot(sample.names(4), group_size=4, pitches=1)
    assert bracket.bracket("Lig", rows(league), league.knockout_sides()) is None


def test_reference_pictures_are_kept_for_review(day):
    """tests/render/reference/ holds one picture of each kind; REFRESH_REFERENCE=1 rewrites."""
    snap = sample.with_result(sample.with_result(day, 1, Score(3, 1)), 2, Score(0, 0))
    made = {
        "fixture.png": picture.fixture(snap.tournament.name, rows(snap)),
        "table.png": picture.tables(snap.tournament.name, snap.tables(), snap.rules.tiebreak),
        "bracket.png": bracket.bracket(snap.tournament.name, rows(snap), snap.knockout_sides()),
    }
    for name, data in made.items():
        path = REFERENCE / name
        if os.environ.get("REFRESH_REFERENCE") or not path.exists():
            REFERENCE.mkdir(exist_ok=True)
            path.write_bytes(data)
        assert png(path.read_bytes()).size == png(data).size, name


def test_the_card_holds_every_team_kickoff_and_the_tie_break_words(day):
    data = printout.card(day, STAMP)
    reader = PdfReader(io.BytesIO(data))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4
    text = "\n".join(page.extract_text() for page in reader.pages)
    for team in day.teams:
        assert team in text, team
    for m in day.planned:
        assert hm(m.start) in text
    rule = day.rules.tiebreak
    assert tie_rule(rule) in " ".join(text.split())  # wrapped on the page
    assert day.tournament.name in text and "6 Aralık 2026" in text
    assert "Toplam maç: 16" in text and "oyun süresi" in text


def test_the_card_shows_a_played_score(day):
    text = "\n".join(
        p.extract_text()
        for p in PdfReader(
            io.BytesIO(printout.card(sample.with_result(day, 1, Score(3, 1)), STAMP))
        ).pages
    )
    assert "3-1" in text


def events(data):
    return [c for c in Calendar.from_ical(data).walk("VEVENT")]


def test_the_calendar_has_istanbul_times_and_a_team_filter(day):
    found = events(calendar.ics(day, STAMP, "Kartallar"))
    mine = [m for m in day.planned if m.involves("Kartallar")]
    assert len(found) == len(mine) == 3
    for event, m in zip(found, mine, strict=True):
        start = event.decoded("dtstart")
        assert start == m.start
        assert start.utcoffset() == timedelta(hours=3)
        assert start.astimezone(IST).strftime("%H:%M") == hm(m.start)
        assert event["dtstart"].params["TZID"] == "Europe/Istanbul"
        assert "Kartallar" in str(event["summary"])
    assert len(events(calendar.ics(day, STAMP))) == len(day.matches)


def test_a_delay_keeps_the_uids_and_raises_the_sequence(day):
    from dataclasses import replace

    before = {str(e["uid"]): e for e in events(calendar.ics(day, STAMP))}
    late = replace(
        day,
        matches=tuple(
            replace(
                s,
                version=s.version + 1,
                match=replace(
                    s.match,
                    start=s.match.start + timedelta(minutes=20),
                    end=s.match.end + timedelta(minutes=20),
                ),
            )
            for s in day.matches
        ),
    )
    after = {str(e["uid"]): e for e in events(calendar.ics(late, STAMP))}
    assert set(before) == set(after) and f"{day.id}-1@turnuva" in after
    for key, event in after.items():
        assert int(event["sequence"]) > int(before[key]["sequence"])
        assert event.decoded("dtstart") - before[key].decoded("dtstart") == timedelta(minutes=20)


def test_the_csv_has_a_bom_and_turkish_letters(day):
    data = export.csv_bytes(sample.with_result(day, 1, Score(3, 1)))
    assert data.startswith(b"\xef\xbb\xbf")
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert table[0][0] == "Maç" and len(table) == 1 + len(day.matches)
    assert table[1][6:10] == ["Kartallar", "Kaplanlar", "3", "1"]
    assert "İğneler" in data.decode("utf-8-sig")


def card_text(snap):
    reader = PdfReader(io.BytesIO(printout.card(snap, STAMP)))
    return "\n".join(p.extract_text() for p in reader.pages)


def test_the_card_prints_a_penalty_score_whole(day):
    snap = sample.with_result(day, 13, Score(1, 1, 4, 3))
    assert "1-1 · pen. 4-3" in card_text(snap)


def test_the_card_fills_the_standings_once_results_exist(day):
    empty = card_text(day)
    assert "elle doldurun" in empty and "+2" not in empty
    first = day.matches[0].match
    played = card_text(sample.with_result(day, first.no, Score(3, 1)))
    assert "itibarıyla" in played
    row = next(li for li in played.splitlines() if li.startswith(f"1 {first.home}"))
    assert row.split()[-2:] == ["+2", "3"]


def test_the_card_says_unknown_sides_in_words_never_in_codes(day):
    text = card_text(day)
    assert "A Grubu 1.si" in text and "1. yarı finalin" in text and "galibi" in text
    assert not re.search(r"\b\d\.\d\b|\b[MGWL]\d+\b|\b\d[A-Z]\b", text), text


def test_the_next_slot_goes_by_the_clock_and_missing_results_stand_apart(day):
    from bot.render import missing, next_slot

    first = day.planned[0]
    at_938 = first.end + timedelta(minutes=12)  # the first slot over, no result typed
    assert next_slot(rows(day), at_938) == first.start + timedelta(minutes=30)
    assert {m.no for m in missing(rows(day), at_938)} == {1, 2}
    assert next_slot(rows(day)) == first.start  # without a clock: the first match to play


def test_the_fixture_picture_lists_a_moved_match_in_its_new_place(day):
    from dataclasses import replace

    from domain.selection import by_kickoff

    moved = [
        (replace(m, start=m.start - timedelta(hours=3), end=m.end - timedelta(hours=3)), r)
        if m.no == 10
        else (m, r)
        for m, r in rows(day)
    ]
    assert [m.no for m, _ in by_kickoff(moved)][:3] == [10, 1, 2]
    assert picture.fixture(day.tournament.name, moved) == picture.fixture(
        day.tournament.name, by_kickoff(moved)
    )


def test_the_bracket_marks_the_champion(day):
    sides = {"SF1": ("A1", "B2"), "SF2": ("B1", "A2"), "3P": ("B2", "A2"), "F": ("A1", "B1")}
    final = next(m for m in day.planned if m.key == "F")
    before = bracket.bracket(day.tournament.name, rows(day), sides)
    won = sample.with_result(day, final.no, Score(1, 1, 4, 3))
    assert bracket.champion(rows(won), sides) == "A1"
    after = bracket.bracket(day.tournament.name, rows(won), sides)
    assert png(after).size == png(before).size and after != before


def test_a_team_name_a_spreadsheet_would_run_is_written_as_text():
    risky = ('=HYPERLINK("x")', "+SUM(1;2)", "@SUM(1;1)", "-1+2", "\t=1+1", "\r=1+1")
    snap = sample.snapshot(teams=(*risky, "Kartallar", "Şahinler"))
    table = list(csv.reader(io.StringIO(export.csv_bytes(snap).decode("utf-8-sig")), delimiter=";"))
    sides = {name for row in table[1:] for name in row[6:8]}
    assert {"'" + name for name in risky} | {"Kartallar"} <= sides
    assert not any(name.startswith(("=", "+", "@", "-", "\t", "\r")) for name in sides)


def test_the_events_csv_has_a_row_per_goal_and_card_and_defuses_names():
    snap = sample.with_result(sample.snapshot(), 1, Score(2, 1))
    home, away = snap.matches[0].match.home, snap.matches[0].match.away
    players = (StoredPlayer(1, home, "Ali Yılmaz", 10), StoredPlayer(2, away, "=1+1"))
    events = (
        StoredEvent(1, 1, 1, "Ali Yılmaz", home, "goal"),
        StoredEvent(2, 1, 1, "Ali Yılmaz", home, "goal"),
        StoredEvent(3, 1, 2, "=1+1", away, "goal"),
        StoredEvent(4, 1, 2, "=1+1", away, "second_yellow"),
    )
    assert export.events_csv_bytes(snap) is None  # nothing entered: no file
    data = export.events_csv_bytes(dataclasses.replace(snap, players=players, events=events))
    assert data.startswith(b"\xef\xbb\xbf")
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert table[0] == ["Maç", "Tarih", "Aşama", "Takım", "Oyuncu", "Forma", "Olay"]
    assert [row[3:] for row in table[1:]] == [
        [home, "Ali Yılmaz", "10", "Gol"],
        [home, "Ali Yılmaz", "10", "Gol"],
        [away, "'=1+1", "", "Gol"],
        [away, "'=1+1", "", "İki sarıdan kırmızı"],
    ]
