"""Matches and results as CSV: UTF-8 with a BOM (spreadsheets then show Turkish letters) and
semicolons (what a Turkish-locale spreadsheet splits columns on). A cell a spreadsheet would
run as a formula (a team named "=HYPERLINK(…)", "+SUM(1;2)", "@SUM(1;1)") is written with a
leading apostrophe, as OWASP's CSV-injection advice has it: the name shows, nothing runs."""

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
    for stored in snap.matches:
        m, r = stored.match, stored.result
        goals = (r.home_goals, r.away_goals) if r else ("", "")
        pens = (
            (r.home_penalties, r.away_penalties) if r and r.home_penalties is not None else ("", "")
        )
        writer.writerow(
            cell(value)
            for value in (
                m.no,
                m.start.strftime("%d.%m.%Y"),
                hm(m.start),
                m.pitch,
                STAGES[m.stage],
                m.group or "",
                side(m, True),
                side(m, False),
                *goals,
                *pens,
            )
        )
    return out.getvalue().encode("utf-8-sig")
