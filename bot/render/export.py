"""Matches and results as CSV: UTF-8 with a BOM (spreadsheets then show Turkish letters) and
semicolons (what a Turkish-locale spreadsheet splits columns on)."""

from __future__ import annotations

import csv
import io

from bot.texts import files
from bot.texts.common import STAGES, hm, side
from bot.usecases.state import Snapshot


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
            (
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
