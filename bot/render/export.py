"""Matches and results, and the players' goals and cards, as CSV: UTF-8 with a BOM
(spreadsheets then show Turkish letters) and semicolons (what a Turkish-locale spreadsheet
splits columns on). A cell a spreadsheet would run as a formula (a team named
"=HYPERLINK(…)", "+SUM(1;2)", "@SUM(1;1)") is written with a leading apostrophe, as
OWASP's CSV-injection advice has it: the name shows, nothing runs."""

from __future__ import annotations

import csv
import io

from bot.texts import files
from bot.texts.common import STAGES, hm, side
from bot.usecases.snapshots import Snapshot

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A text that a spreadsheet would take for a formula, defused; anything else as is."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def csv_bytes(snap: Snapshot) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(files.CSV_HEAD)
    # A match waiting for a date (/ertele 14 belirsiz) is a match of the tournament too:
    # its row in number order, no date, time or pitch, and the last column says why.
    rows = [(s.match, s.result, False) for s in snap.matches]
    rows += [(m, None, True) for m in snap.waiting()]
    for m, r, undated in sorted(rows, key=lambda row: row[0].no):
        goals = (r.home_goals, r.away_goals) if r else ("", "")
        pens = (
            (r.home_penalties, r.away_penalties) if r and r.home_penalties is not None else ("", "")
        )
        writer.writerow(
            cell(value)
            for value in (
                m.no,
                "" if undated else m.start.strftime("%d.%m.%Y"),
                "" if undated else hm(m.start),
                "" if undated else m.pitch,
                STAGES[m.stage],
                m.group or "",
                side(m, True),
                side(m, False),
                *goals,
                *pens,
                files.CSV_UNDATED if undated else "",
            )
        )
    return out.getvalue().encode("utf-8-sig")


def events_csv_bytes(snap: Snapshot) -> bytes | None:
    """The goals and cards, one row each, in match order then as entered; None without
    any. Names are defused as the matches' are: a player typed "=1+1" shows as typed."""
    if not snap.events:
        return None
    matches = {s.match.no: s.match for s in snap.matches}
    numbers = {p.id: p.number for p in snap.players}
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(files.EVENTS_HEAD)
    for e in sorted(snap.events, key=lambda e: (e.match_no, e.id)):
        m = matches.get(e.match_no)
        number = numbers.get(e.player_id)
        writer.writerow(
            cell(value)
            for value in (
                e.match_no,
                m.start.strftime("%d.%m.%Y") if m else "",
                STAGES[m.stage] if m else "",
                e.team,
                e.player,
                "" if number is None else number,
                files.EVENT_WORDS.get(e.kind, e.kind),
            )
        )
    return out.getvalue().encode("utf-8-sig")
