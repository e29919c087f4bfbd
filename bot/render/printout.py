"""The A4 fixture card for the clubhouse wall: black on white, with cells to fill by hand."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from fpdf import FPDF

from bot.render import BOLD, REGULAR
from bot.texts import files
from bot.texts.common import MONTHS, goal_difference, hm, side, stage_label, tie_rule
from bot.usecases.snapshots import Snapshot
from domain.dayplan import Pitch, Plan, TimeRules
from domain.model import PlannedMatch
from domain.report import checklist
from domain.selection import Selection, Week, by_week
from domain.standings import Table

FAMILY = "DejaVu"
WIDTHS = (9, 12, 16, 27, 44, 28, 44)  # No, time, pitch, stage, home, score, away: 180 mm
SCORE = 5  # the score's column: "1-1 · pen. 4-3" in full, never cut


def card(
    snap: Snapshot,
    printed: datetime,
    chosen: Selection | None = None,
    waits: Sequence[PlannedMatch] | None = None,
) -> bytes:
    """The schedule by time and pitch, each group's table left empty, the tie-break rule in
    words, the checklist figures, the tournament's name and date. `chosen` (/yazdir
    Kartallar, as /fikstur Kartallar chooses): only its matches, its title under the name,
    `waits` the matches waiting for a date it lists."""
    pdf = FPDF(format="A4", unit="mm")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.set_margins(15, 12, 15)
    pdf.add_font(FAMILY, "", str(REGULAR))
    pdf.add_font(FAMILY, "B", str(BOLD))
    pdf.set_draw_color(0)
    pdf.set_text_color(0)
    pdf.alias_nb_pages("{pages}")
    stamp = f"{printed.day:02d}.{printed.month:02d}.{printed.year}"

    def footer() -> None:
        pdf.set_y(-12)
        pdf.set_font(FAMILY, "", 8)
        text = files.CARD_FOOTER.format(printed=stamp, page=pdf.page_no(), pages="{pages}")
        pdf.cell(0, 5, text, align="C")

    pdf.footer = footer  # type: ignore[method-assign]
    pdf.add_page()
    rows = chosen.rows if chosen is not None else [(s.match, s.result) for s in snap.matches]
    matches = sorted(rows, key=lambda r: (r[0].start, r[0].pitch))
    first = matches[0][0].start if matches else None
    pdf.set_font(FAMILY, "B", 18)
    pdf.cell(0, 9, snap.tournament.name, new_x="LMARGIN", new_y="NEXT")
    if chosen is not None and chosen.title:
        pdf.set_font(FAMILY, "B", 13)
        pdf.cell(0, 7, chosen.title, new_x="LMARGIN", new_y="NEXT")
    weeks = by_week(matches)  # a season: by match week
    last = matches[-1][0].start if weeks else None
    pdf.set_font(FAMILY, "", 11)
    pdf.cell(0, 6, files.days_span(first, last) if first else "", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    _heading(pdf, files.CARD_SCHEDULE)
    if weeks:
        _season(pdf, weeks)
    else:
        _row(pdf, files.CARD_HEAD, bold=True)
        for m, result in matches:
            score = files.score(result) if result else ""
            cells = (str(m.no), hm(m.start), m.pitch, stage_label(m), side(m, True), score)
            _row(pdf, (*cells, side(m, False)))
    undated = snap.waiting() if waits is None else tuple(waits)
    if undated:
        _undated(pdf, undated)
    if (won := snap.champion()) is not None:
        pdf.set_font(FAMILY, "B", 11)
        pdf.cell(0, 8, files.CHAMPION_PLAIN.format(team=won), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    played = any(s.result is not None and not s.match.stage.is_knockout for s in snap.matches)
    tables = snap.tables() if played else {}
    heading = _tables_heading(snap, printed) if played else files.CARD_TABLES
    single = len(snap.groups) < 2
    first_group = True
    for group in snap.groups:
        need = 7 + 8 * len(group.teams) + (6 if not single else 0) + (22 if first_group else 0)
        if pdf.will_page_break(need):  # a group's grid stays on one page
            pdf.add_page()
        if first_group:
            _heading(pdf, heading)
            first_group = False
        if not single:
            pdf.set_font(FAMILY, "B", 10)
            pdf.cell(
                0, 6, files.GROUP_TABLE.format(label=group.label), new_x="LMARGIN", new_y="NEXT"
            )
        _table(pdf, group.teams, tables.get(group.label))
        pdf.ln(2)
    _heading(pdf, files.CARD_RULES)
    pdf.set_font(FAMILY, "", 10)
    pdf.multi_cell(0, 5, tie_rule(snap.rules.tiebreak))
    pdf.ln(2)
    _checks(pdf, snap)
    return bytes(pdf.output())


def _season(pdf: FPDF, weeks: list[Week]) -> None:
    """A season's schedule: each match week's heading with its date over its matches, the
    date column saying each match's own day (a moved one keeps its week)."""
    _row(pdf, files.CARD_SEASON_HEAD, bold=True)
    for week in weeks:
        if pdf.will_page_break(7 + 7 * min(3, len(week.rows))):  # no heading alone at a foot
            pdf.add_page()
            _row(pdf, files.CARD_SEASON_HEAD, bold=True)
        pdf.set_font(FAMILY, "B", 10)
        pdf.cell(0, 7, files.week_heading(week.number, week.day), border=1)
        pdf.ln(7)
        for m, result in week.rows:
            score = files.score(result) if result else ""
            on = f"{m.start.day} {MONTHS[m.start.month - 1][:3]}"
            cells = (str(m.no), hm(m.start), m.pitch, on, side(m, True), score, side(m, False))
            _row(pdf, cells)


def _undated(pdf: FPDF, matches: tuple[PlannedMatch, ...]) -> None:
    """The matches waiting for a date (/ertele 14 belirsiz), under the schedule: no time,
    no pitch, their week or stage where the date would be."""
    if pdf.will_page_break(7 + 7 * min(3, len(matches))):
        pdf.add_page()
    pdf.set_font(FAMILY, "B", 10)
    pdf.cell(0, 7, files.CARD_UNDATED, border=1)
    pdf.ln(7)
    for m in matches:
        _row(pdf, (str(m.no), "", "", stage_label(m), side(m, True), "", side(m, False)))


def _tables_heading(snap: Snapshot, printed: datetime) -> str:
    """Final tables say so; tables with group matches left say when they were printed."""
    if all(snap.group_finished(g.label) for g in snap.groups):
        return files.CARD_TABLES_FINAL
    return files.card_tables_filled(hm(printed))


def _heading(pdf: FPDF, text: str) -> None:
    if pdf.will_page_break(20):
        pdf.add_page()
    pdf.set_font(FAMILY, "B", 13)
    pdf.cell(0, 8, text, border="B", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1)


def _row(pdf: FPDF, cells: tuple[str, ...], *, bold: bool = False) -> None:
    """One line of the schedule; a text too wide for its cell is made smaller, then
    wrapped onto a second line: never cut ("Üçüncülük maçı", "1. yarı finalin galibi")."""
    style = "B" if bold else ""
    laid = [_fit(pdf, text, width - 2, style) for width, text in zip(WIDTHS, cells, strict=True)]
    height = 7 if all(len(lines) == 1 for _, lines in laid) else 8
    x, y = pdf.get_x(), pdf.get_y()
    if pdf.will_page_break(height):
        pdf.add_page()
        x, y = pdf.get_x(), pdf.get_y()
    for i, (width, (size, lines)) in enumerate(zip(WIDTHS, laid, strict=True)):
        pdf.set_font(FAMILY, style, size)
        pdf.rect(x, y, width, height)
        line_h = height / len(lines) if len(lines) > 1 else height
        for k, line in enumerate(lines):
            pdf.set_xy(x, y + k * line_h)
            pdf.cell(width, line_h, line, align="C" if i in (0, 1, 2, SCORE) else "L")
        x += width
    pdf.set_xy(pdf.l_margin, y + height)


def _fit(pdf: FPDF, text: str, room: float, style: str) -> tuple[float, list[str]]:
    """The font size and lines `text` takes in `room` mm: 9 pt, smaller down to 6.5 pt,
    then two lines (a word too long even then is made smaller still)."""
    size = 9.0
    pdf.set_font(FAMILY, style, size)
    while size > 6.5 and pdf.get_string_width(text) > room:
        size -= 0.5
        pdf.set_font(FAMILY, style, size)
    if pdf.get_string_width(text) <= room:
        return size, [text]
    lines = _two_lines(pdf, text, room)
    while size > 4 and max(pdf.get_string_width(line) for line in lines) > room:
        size -= 0.5
        pdf.set_font(FAMILY, style, size)
        lines = _two_lines(pdf, text, room)
    return size, lines


def _two_lines(pdf: FPDF, text: str, room: float) -> list[str]:
    """`text` split at the space that leaves the longer line shortest."""
    words = text.split()
    if len(words) < 2:
        return [text]
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    best = min(splits, key=lambda p: max(pdf.get_string_width(p[0]), pdf.get_string_width(p[1])))
    return list(best)


def _table(pdf: FPDF, teams: tuple[str, ...], table: Table | None = None) -> None:
    """A group's grid: the current table once results exist, else empty cells to fill."""
    widths = (8, 60, *([12] * 8))
    pdf.set_font(FAMILY, "B", 9)
    for width, word in zip(widths, files.TABLE_HEAD, strict=True):
        pdf.cell(width, 7, word, border=1, align="C")
    pdf.ln(7)
    pdf.set_font(FAMILY, "", 10)
    if table is None:
        for team in teams:
            pdf.cell(widths[0], 8, "", border=1)
            pdf.cell(widths[1], 8, team, border=1)
            for width in widths[2:]:
                pdf.cell(width, 8, "", border=1)
            pdf.ln(8)
        return
    for r in table.rows:
        cells = (r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against)
        figures = [str(c) for c in cells] + [goal_difference(r.goal_difference), str(r.points)]
        pdf.cell(widths[0], 8, str(r.rank), border=1, align="C")
        pdf.cell(widths[1], 8, r.team, border=1)
        for width, figure in zip(widths[2:], figures, strict=True):
            pdf.cell(width, 8, figure, border=1, align="C")
        pdf.ln(8)


def _plan(snap: Snapshot) -> Plan:
    """The stored plan as the domain's report reads it (the checklist's figures)."""
    settings = snap.tournament.settings
    minutes = settings.slot_minutes if settings.match_minutes is None else settings.match_minutes
    matches = snap.planned
    waits = snap.waiting()  # still matches of the tournament: counted, never timed
    rules = TimeRules(
        start=matches[0].start,
        pitches=tuple(Pitch(p) for p in settings.pitches),
        match_minutes=minutes,
        half_time=min(2, minutes - 1),
        changeover=settings.changeover or 0,
    )
    groups = snap.groups if any(not m.stage.is_knockout for m in matches) else ()
    end = max(m.end for m in matches)
    return Plan((*matches, *waits), (), groups, rules, 0, 0, 0, end)


def _checks(pdf: FPDF, snap: Snapshot) -> None:
    if not snap.matches:
        return
    plan = _plan(snap)
    c = checklist(plan)
    _heading(pdf, files.CARD_CHECKS)
    pdf.set_font(FAMILY, "", 10)
    season = [m for m in snap.planned if m.week is not None]  # the dated ones
    end, span = hm(c.day_end), ""
    if season:  # weeks apart: each match day's end, never one day's
        end = hm(max((m.end for m in season), key=lambda e: e.time()))
        weeks = len({m.week for m in season})
        days = files.days_span(min(m.start for m in season), max(m.start for m in season))
        span = f"{weeks} ({days})"
    lines = files.card_checks(
        c.matches,
        c.fewest_matches,
        c.most_matches,
        c.fewest_play_minutes,
        c.most_play_minutes,
        end,
        span,
    )
    for line in lines:
        pdf.cell(0, 6, "☐ " + line, new_x="LMARGIN", new_y="NEXT")
