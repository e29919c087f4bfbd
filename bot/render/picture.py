"""PNG pictures people zoom and forward: the fixture and the tables.

At least 1080 px wide, large type, drawn with the packaged DejaVu font (every Turkish letter
has a glyph in it). Played matches show their scores; the next slot's matches are highlighted.
The knockout bracket is `bracket`'s; what both draw with is `drawing`'s.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from bot.render import Row, missing, next_slot
from bot.render.drawing import (
    COLUMN,
    GREEN,
    GREY,
    HEAD,
    INK,
    NEXT,
    NEXT_EDGE,
    PAD,
    ROW,
    STRIPE,
    WAITING,
    WAITING_EDGE,
    WHITE,
    columns,
    fit,
    font,
    header,
    png,
    wrap,
)
from bot.texts import files
from bot.texts.common import MONTHS, goal_difference, hm, side, stage_label, tie_rule
from domain.model import PlannedMatch, Score
from domain.selection import Week, by_kickoff, by_week, main_day
from domain.standings import Table
from domain.tiebreak import TieBreak

# -- the fixture ------------------------------------------------------------------------------


# A fixture picture holds at most PAGE matches (3 columns of 45: 3600 x 3100 px), within
# Telegram's photo limits (drawing.PHOTO_SUM); a longer fixture shows the PAGE matches from
# the next one to play, and says how many more there are and how to ask for them.
PER_COLUMN = 45
PAGE = 3 * PER_COLUMN


def window(
    rows: Sequence[Row], size: int = PAGE, now: datetime | None = None
) -> tuple[list[Row], int]:
    """At most `size` of `rows`: those from the next match to play on (the last `size` once
    all are played); with how many were left out."""
    rows = list(rows)
    if len(rows) <= size:
        return rows, 0
    upcoming = next_slot(rows, now)
    first = next((i for i, (m, _) in enumerate(rows) if m.start == upcoming), len(rows))
    first = max(0, min(first, len(rows) - size))
    return rows[first : first + size], len(rows) - size


def fixture(
    name: str,
    rows: Sequence[Row],
    title: str | None = None,
    *,
    now: datetime | None = None,
    undated: Sequence[PlannedMatch] = (),
    upcoming: datetime | Literal["shown"] | None = "shown",
) -> bytes:
    """The matches in `rows` by kick-off with times, pitches, stage and scores; at most PAGE
    lines (see `window`), so the picture stays within Telegram's photo limits. The next
    slot by the clock `now` is highlighted; matches over without a result are marked apart
    (a missing 09:00 result does not keep 09:00 "next" at 09:38). A season league's weeks
    each have a heading line with the week's date, and a column breaks between weeks;
    `undated` matches (no date yet) are listed under the rows, "Tarihi belli değil".
    `upcoming`: the tournament's next slot when `rows` are some of its matches
    (bot.render.next_shown; None: not among them), else the next of those shown."""
    rows = by_kickoff(rows)
    played = sum(1 for _, r in rows if r is not None)
    total = len(rows)
    seasonal = bool(by_week(rows))
    shown, left = season_window(rows, now) if seasonal else window(rows, now=now)
    stacks = _stacks(shown, by_week(shown) if seasonal else [])
    per = max(1, max(len(stack) for stack in stacks))
    width = COLUMN * len(stacks)
    if upcoming == "shown" or not any(m.start == upcoming for m, _ in shown):
        upcoming = next_slot(shown, now) if upcoming == "shown" else None
    waiting = {m.no for m in missing(shown, now)}
    notes = _fixture_notes(shown, upcoming, waiting, left, dated=seasonal, week=_other(rows, shown))
    if undated:
        notes.append(files.undated_note(undated))
    note_face = font(24)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    lines = [ln for note in notes for ln in _wrap_px(probe, note, note_face, width - 2 * PAD - 50)]
    height = HEAD + per * ROW + 24 + 38 * len(lines) + 16
    image = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(image)
    span = files.days_span(rows[0][0].start, rows[-1][0].start) if rows else ""
    header(draw, width, name, f"{title or files.FIXTURE} · {span} · {played}/{total}")
    # one week of a league: a match moved off its day says its date, as under a heading
    one_week = main_day(shown) if shown and all(m.week for m, _ in shown) else None
    for c, stack in enumerate(stacks):
        for i, item in enumerate(stack):
            x, y = c * COLUMN, HEAD + i * ROW
            if isinstance(item, Week):
                _week_row(draw, x, y, item)
                continue
            match, result = item
            mark = "next" if match.start == upcoming else "waiting" if match.no in waiting else ""
            on = _week_of(stack, i).day if seasonal else one_week
            moved = on is not None and match.start.date() != on
            _fixture_row(draw, x, y, match, result, mark, i % 2 == 1, moved=moved)
    y = HEAD + per * ROW + 20
    for line in lines:
        swatch = {
            files.NEXT[:3]: (NEXT, NEXT_EDGE),
            files.WAITING_PLAIN[:3]: (WAITING, WAITING_EDGE),
        }
        colours = next((c for k, c in swatch.items() if line.startswith(k)), None)
        if colours is not None:
            draw.rectangle((PAD, y + 4, PAD + 36, y + 30), fill=colours[0], outline=colours[1])
        draw.text((PAD + 50, y), line, INK if colours else GREY, note_face)
        y += 38
    return png(image)


def season_window(rows: Sequence[Row], now: datetime | None = None) -> tuple[list[Row], int]:
    """A season's whole match weeks, headings counted, within PAGE lines: from the week
    of the next match to play on (the last weeks once all are played); with how many
    matches were left out."""
    weeks = by_week(rows)
    lines = [len(w.rows) + 1 for w in weeks]
    if sum(lines) <= PAGE:
        return list(rows), 0
    upcoming = next_slot(rows, now)
    first = next(
        (i for i, w in enumerate(weeks) if any(m.start == upcoming for m, _ in w.rows)),
        len(weeks),
    )
    while first > 0 and sum(lines[first - 1 :]) <= PAGE:
        first -= 1  # near the end: as many earlier weeks as still fit
    taken = 0
    last = first
    while last < len(weeks) and (taken + lines[last] <= PAGE or last == first):
        taken += lines[last]
        last += 1
    shown = [r for w in weeks[first:last] for r in w.rows]
    return shown, len(rows) - len(shown)


def _other(rows: Sequence[Row], shown: Sequence[Row]) -> int | None:
    """The week to ask for next: the first after those shown, else the last before."""
    seen = {m.week for m, _ in shown}
    rest = sorted({m.week for m, _ in rows if m.week is not None} - seen)
    after = [w for w in rest if seen and w > max(w for w in seen if w is not None)]
    return after[0] if after else (rest[-1] if rest else None)


Item = Row | Week


def _stacks(rows: Sequence[Row], weeks: Sequence[Week]) -> list[list[Item]]:
    """The picture's columns, top to bottom: matches split evenly; a season's whole weeks,
    each under its heading, a new column once one holds its share."""
    if not weeks:
        cols = columns(len(rows), PER_COLUMN)
        per = max(1, math.ceil(len(rows) / cols))
        return [list(rows[i : i + per]) for i in range(0, len(rows), per)] or [[]]
    cols = columns(len(rows) + len(weeks), PER_COLUMN)
    share = math.ceil((len(rows) + len(weeks)) / cols)
    stacks: list[list[Item]] = [[]]
    for week in weeks:
        if len(stacks[-1]) >= share and len(stacks) < cols:
            stacks.append([])
        stacks[-1] += [week, *week.rows]
    return stacks


def _week_of(stack: Sequence[Item], index: int) -> Week:
    return next(item for item in reversed(stack[: index + 1]) if isinstance(item, Week))


def _week_row(draw: ImageDraw.ImageDraw, x: int, y: int, week: Week) -> None:
    draw.text((x + PAD, y + 18), files.week_heading(week.number, week.day), GREEN, font(30, True))
    draw.line((x + PAD, y + ROW - 6, x + COLUMN - PAD, y + ROW - 6), fill=GREEN, width=2)


def _fixture_notes(
    rows: Sequence[Row],
    upcoming: datetime | None,
    waiting: set[int],
    left: int,
    dated: bool,
    week: int | None = None,
) -> list[str]:
    notes = []
    if upcoming is not None:
        when = f"{files.week_day(upcoming.date())} {hm(upcoming)}" if dated else hm(upcoming)
        notes.append(f"{files.NEXT} ({when})")
    if waiting:
        notes.append(files.WAITING_PLAIN + ": " + ", ".join(f"{no}. maç" for no in sorted(waiting)))
    if left:
        more = files.MORE_WEEKS if dated else files.MORE_MATCHES
        team = next((m.home for m, _ in rows if m.home), "Kartallar")
        notes.append(more.format(count=left, week=week or 1, team=team))
    return notes


def _wrap_px(
    draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: int
) -> list[str]:
    return wrap(text, face, width) or [""]


def _fixture_row(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    m: PlannedMatch,
    result: Score | None,
    mark: str,
    stripe: bool,
    *,
    moved: bool = False,
) -> None:
    if mark == "next":
        draw.rectangle((x + 8, y + 2, x + COLUMN - 8, y + ROW - 2), fill=NEXT, outline=NEXT_EDGE)
    elif mark == "waiting":
        edge = WAITING_EDGE
        draw.rectangle((x + 8, y + 2, x + COLUMN - 8, y + ROW - 2), fill=WAITING, outline=edge)
    elif stripe:
        draw.rectangle((x, y, x + COLUMN, y + ROW - 1), fill=STRIPE)
    draw.text((x + PAD, y + 14), hm(m.start), INK, font(30, True))
    small = font(20)
    draw.text((x + 128, y + 6), fit(draw, m.pitch, small, 160), GREY, small)
    # under a week's heading its number is said; a match moved off the week's day says its own
    stage = f"{m.no}. maç" if m.week is not None else f"{m.no}. {stage_label(m)}"
    if moved:
        stage = f"{m.no}. · {m.start.day} {MONTHS[m.start.month - 1][:3]}"
    draw.text((x + 128, y + 34), fit(draw, stage, small, 160), GREY, small)
    team = font(28, result is None)
    center, half = x + 745, 115  # the score box: room for "1-1 · pen. 4-3"
    home = fit(draw, side(m, True), team, center - half - 10 - (x + 295))
    away = fit(draw, side(m, False), team, x + COLUMN - PAD - (center + half + 10))
    draw.text((center - half - 10, y + ROW // 2), home, INK, team, anchor="rm")
    draw.text((center + half + 10, y + ROW // 2), away, INK, team, anchor="lm")
    if result is not None:
        box = (center - half, y + 10, center + half, y + ROW - 10)
        draw.rounded_rectangle(box, 8, fill=GREEN)
        text = files.score(result)
        face = font(30 if result.home_penalties is None else 24, True)
        draw.text((center, y + ROW // 2), text, WHITE, face, anchor="mm")
    elif mark == "waiting":
        draw.text(
            (center, y + ROW // 2), files.NO_RESULT, WAITING_EDGE, font(24, True), anchor="mm"
        )
    else:
        draw.text((center, y + ROW // 2), "-", GREY, font(30), anchor="mm")


# -- the tables -------------------------------------------------------------------------------

TABLE_X = (PAD, 80, 700, 760, 820, 880, 940, 1005, 1075, 1140)  # left edge / centre per column


def tables(name: str, groups: dict[str, Table], rule: TieBreak, *, single: bool = False) -> bytes:
    """Each group's standings (TFF columns) and the tie-break rule in words."""
    labels = list(groups)
    heights = [ROW + len(groups[lb].rows) * 56 + 70 for lb in labels]
    cols = 1 if len(labels) <= 3 else 2 if len(labels) <= 8 else 3
    stacks: list[list[str]] = [[] for _ in range(cols)]
    for i, label in enumerate(labels):
        stacks[i % cols].append(label)
    by_label = dict(zip(labels, heights, strict=True))
    body = max((sum(by_label[lb] for lb in stack) for stack in stacks), default=0)
    rule_text = tie_rule(rule)
    width = COLUMN * cols
    lines = wrap(rule_text, font(24), width - 2 * PAD)
    height = HEAD + body + 40 + 34 * (len(lines) + 1)
    image = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(image)
    header(draw, width, name, files.TABLE)
    for c, stack in enumerate(stacks):
        y = HEAD
        for label in stack:
            title = None if single else files.GROUP_TABLE.format(label=label)
            y = _table(draw, c * COLUMN, y, groups[label], title)
    y = HEAD + body + 10
    for line in [*lines, files.TABLE_LEGEND]:
        draw.text((PAD, y), fit(draw, line, font(22), width - 2 * PAD), GREY, font(22))
        y += 34
    return png(image)


def _table(draw: ImageDraw.ImageDraw, x: int, y: int, table: Table, title: str | None) -> int:
    head = font(22, True)
    if title:
        draw.text((x + PAD, y + 8), title, GREEN, font(32, True))
    y += ROW - 8 if title else 8
    draw.line((x + PAD, y + 40, x + COLUMN - PAD, y + 40), fill=GREEN, width=3)
    for i, word in enumerate(files.TABLE_HEAD):
        anchor = "lm" if i == 1 else "mm"
        draw.text((x + TABLE_X[i] + (0 if i == 1 else 10), y + 22), word, GREEN, head, anchor)
    y += 44
    started = any(r.played for r in table.rows)
    for n, r in enumerate(table.rows):
        if n % 2:
            draw.rectangle((x + PAD, y, x + COLUMN - PAD, y + 55), fill=STRIPE)
        cells = (r.rank, r.team, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against)
        cells += (goal_difference(r.goal_difference), r.points)
        for i, cell in enumerate(cells):
            face = font(28, i in (1, 9))
            if i == 1:
                mark = " *" if r.tie and started else ""
                text = fit(draw, f"{cell}{mark}", face, TABLE_X[2] - TABLE_X[1] - 20)
                draw.text((x + TABLE_X[1], y + 28), text, INK, face, anchor="lm")
            else:
                draw.text((x + TABLE_X[i] + 10, y + 28), str(cell), INK, face, anchor="mm")
        y += 56
    return y + 26
