"""PNG pictures people zoom and forward: the fixture, the tables and the knockout bracket.

At least 1080 px wide, large type, drawn with the packaged DejaVu font (every Turkish letter
has a glyph in it). Played matches show their scores; the next slot's matches are highlighted.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.render import BOLD, REGULAR, Row, missing, next_slot, shown_codes
from bot.texts import files as texts
from bot.texts.common import STAGES, day, goal_difference, hm, side, stage_label, tie_rule
from domain.model import PlannedMatch, Score, Stage
from domain.selection import by_kickoff
from domain.standings import Table
from domain.tiebreak import TieBreak

WHITE = (255, 255, 255)
INK = (24, 24, 24)
GREY = (110, 110, 110)
LINE = (205, 205, 205)
STRIPE = (244, 246, 244)
GREEN = (27, 94, 32)
NEXT = (255, 236, 153)
NEXT_EDGE = (230, 160, 0)
GOLD = (212, 160, 23)
GOLD_INK = (140, 100, 0)
WAITING = (253, 226, 226)
WAITING_EDGE = (198, 40, 40)

COLUMN = 1200  # one column of the fixture or of the tables
PAD = 24
ROW = 64
HEAD = 150


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def _png(image: Image.Image) -> bytes:
    width, height = image.size
    if width + height > PHOTO_SUM:  # a last guard: scaled down, never refused by Telegram
        scale = (PHOTO_SUM - 1) / (width + height)
        image = image.resize((max(1, int(width * scale)), max(1, int(height * scale))))
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def _fit(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels."""
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def _header(draw: ImageDraw.ImageDraw, width: int, title: str, subtitle: str) -> None:
    draw.rectangle((0, 0, width, HEAD - 20), fill=GREEN)
    draw.text((PAD, 22), _fit(draw, title, font(46, True), width - 2 * PAD), WHITE, font(46, True))
    draw.text((PAD, 82), subtitle, (220, 235, 220), font(28))


def _columns(count: int, per_column: int) -> int:
    return max(1, min(3, math.ceil(count / per_column)))


# -- the fixture ------------------------------------------------------------------------------


# Telegram's photo limits: width + height at most 10,000 px, neither side over 20 times
# the other. A fixture picture holds at most PAGE matches (3 columns of 45: 3600 x 3100 px);
# a longer fixture shows the PAGE matches from the next one to play, and says how many more
# there are and how to ask for them.
PHOTO_SUM = 10_000
PHOTO_RATIO = 20
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


def within_limits(width: int, height: int) -> bool:
    """Whether Telegram takes a photo of this size (else it must go as a document)."""
    return width + height <= PHOTO_SUM and max(width, height) <= PHOTO_RATIO * min(width, height)


def fixture(
    name: str, rows: Sequence[Row], title: str | None = None, *, now: datetime | None = None
) -> bytes:
    """The matches in `rows` by kick-off with times, pitches, stage and scores; at most PAGE
    of them (see `window`), so the picture stays within Telegram's photo limits. The next
    slot by the clock `now` is highlighted; matches over without a result are marked apart
    (a missing 09:00 result does not keep 09:00 "next" at 09:38)."""
    rows = by_kickoff(rows)
    played = sum(1 for _, r in rows if r is not None)
    total = len(rows)
    rows, left = window(rows, now=now)
    cols = _columns(len(rows), PER_COLUMN)
    per = max(1, math.ceil(len(rows) / cols))
    width = COLUMN * cols
    upcoming = next_slot(rows, now)
    waiting = {m.no for m in missing(rows, now)}
    notes = _fixture_notes(rows, upcoming, waiting, left)
    note_face = font(24)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    lines = [ln for note in notes for ln in _wrap_px(probe, note, note_face, width - 2 * PAD - 50)]
    height = HEAD + per * ROW + 24 + 38 * len(lines) + 16
    image = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(image)
    first = rows[0][0].start if rows else None
    sub = f"{title or texts.FIXTURE} · {day(first) if first else ''} · {played}/{total}"
    _header(draw, width, name, sub)
    for i, (match, result) in enumerate(rows):
        x, y = (i // per) * COLUMN, HEAD + (i % per) * ROW
        mark = "next" if match.start == upcoming else "waiting" if match.no in waiting else ""
        _fixture_row(draw, x, y, match, result, mark, i % 2 == 1)
    y = HEAD + per * ROW + 20
    for line in lines:
        swatch = {
            texts.NEXT[:3]: (NEXT, NEXT_EDGE),
            texts.WAITING_PLAIN[:3]: (WAITING, WAITING_EDGE),
        }
        colours = next((c for k, c in swatch.items() if line.startswith(k)), None)
        if colours is not None:
            draw.rectangle((PAD, y + 4, PAD + 36, y + 30), fill=colours[0], outline=colours[1])
        draw.text((PAD + 50, y), line, INK if colours else GREY, note_face)
        y += 38
    return _png(image)


def _fixture_notes(
    rows: Sequence[Row], upcoming: datetime | None, waiting: set[int], left: int
) -> list[str]:
    notes = []
    if upcoming is not None:
        notes.append(f"{texts.NEXT} ({hm(upcoming)})")
    if waiting:
        notes.append(texts.WAITING_PLAIN + ": " + ", ".join(f"{no}. maç" for no in sorted(waiting)))
    if codes := shown_codes(m for m, _ in rows):
        notes.append(texts.legend(codes))
    if left:
        notes.append(texts.MORE_MATCHES.format(count=left))
    return notes


def _wrap_px(
    draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: int
) -> list[str]:
    return _wrap(text, face, width) or [""]


def _fixture_row(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    m: PlannedMatch,
    result: Score | None,
    mark: str,
    stripe: bool,
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
    draw.text((x + 128, y + 6), _fit(draw, m.pitch, small, 160), GREY, small)
    draw.text((x + 128, y + 34), _fit(draw, f"{m.no}. {stage_label(m)}", small, 160), GREY, small)
    team = font(28, result is None)
    center, half = x + 745, 115  # the score box: room for "1-1 · pen. 4-3"
    home = _fit(draw, side(m, True), team, center - half - 10 - (x + 295))
    away = _fit(draw, side(m, False), team, x + COLUMN - PAD - (center + half + 10))
    draw.text((center - half - 10, y + ROW // 2), home, INK, team, anchor="rm")
    draw.text((center + half + 10, y + ROW // 2), away, INK, team, anchor="lm")
    if result is not None:
        box = (center - half, y + 10, center + half, y + ROW - 10)
        draw.rounded_rectangle(box, 8, fill=GREEN)
        text = texts.score(result)
        face = font(30 if result.home_penalties is None else 24, True)
        draw.text((center, y + ROW // 2), text, WHITE, face, anchor="mm")
    elif mark == "waiting":
        draw.text(
            (center, y + ROW // 2), texts.NO_RESULT, WAITING_EDGE, font(24, True), anchor="mm"
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
    lines = _wrap(rule_text, font(24), width - 2 * PAD)
    height = HEAD + body + 40 + 34 * (len(lines) + 1)
    image = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(image)
    _header(draw, width, name, texts.TABLE)
    for c, stack in enumerate(stacks):
        y = HEAD
        for label in stack:
            title = None if single else texts.GROUP_TABLE.format(label=label)
            y = _table(draw, c * COLUMN, y, groups[label], title)
    y = HEAD + body + 10
    for line in [*lines, texts.TABLE_LEGEND]:
        draw.text((PAD, y), _fit(draw, line, font(22), width - 2 * PAD), GREY, font(22))
        y += 34
    return _png(image)


def _table(draw: ImageDraw.ImageDraw, x: int, y: int, table: Table, title: str | None) -> int:
    head = font(22, True)
    if title:
        draw.text((x + PAD, y + 8), title, GREEN, font(32, True))
    y += ROW - 8 if title else 8
    draw.line((x + PAD, y + 40, x + COLUMN - PAD, y + 40), fill=GREEN, width=3)
    for i, word in enumerate(texts.TABLE_HEAD):
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
                text = _fit(draw, f"{cell}{mark}", face, TABLE_X[2] - TABLE_X[1] - 20)
                draw.text((x + TABLE_X[1], y + 28), text, INK, face, anchor="lm")
            else:
                draw.text((x + TABLE_X[i] + 10, y + 28), str(cell), INK, face, anchor="mm")
        y += 56
    return y + 26


def _wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if line and face.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


# -- the bracket ------------------------------------------------------------------------------

ORDER = (Stage.ROUND_OF_16, Stage.QUARTER, Stage.SEMI, Stage.FINAL)
BOX_W, BOX_H, GAP = 420, 128, 70
WINNER_OF = re.compile(r"^W(\d+)$")


def bracket(
    name: str,
    matches: Sequence[Row],
    sides: dict[str, tuple[str | None, str | None]],
    *,
    now: datetime | None = None,
) -> bytes | None:
    """The knockout stage as a tree, filled in as results arrive, the champion marked once
    the final is played; None without a knockout."""
    knockout = [(m, r) for m, r in matches if m.stage.is_knockout]
    if not knockout:
        return None
    by_no = {m.no: (m, r) for m, r in knockout}
    rounds = [[mr for mr in knockout if mr[0].stage is s] for s in ORDER]
    rounds = [r for r in rounds if r]
    third = [mr for mr in knockout if mr[0].stage is Stage.THIRD]
    leaves = _leaf_order(rounds, by_no)
    slot = BOX_H + 40
    height = HEAD + max(len(leaves), 2) * slot + (slot + 60 if third else 0) + 40
    width = max(1080, PAD * 2 + len(rounds) * (BOX_W + GAP))
    image = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(image)
    _header(draw, width, name, texts.BRACKET)
    upcoming = next_slot(knockout, now)
    centre: dict[int, float] = {}
    for i, (m, _) in enumerate(leaves):
        centre[m.no] = HEAD + (i + 0.5) * slot
    for c, stage_rows in enumerate(rounds):
        x = PAD + c * (BOX_W + GAP)
        ordered = sorted(stage_rows, key=lambda mr: centre.get(mr[0].no, 0.0))
        for k, (m, r) in enumerate(ordered):
            feeders = [n for n in _feeders(m) if n in centre]
            if m.no not in centre:
                centre[m.no] = (
                    sum(centre[n] for n in feeders) / len(feeders)
                    if feeders
                    else HEAD + (k + 0.5) * (height - HEAD) / len(ordered)
                )
            y = centre[m.no]
            for n in feeders:
                px = x - GAP
                draw.line((px, centre[n], px + GAP // 2, centre[n]), fill=GREY, width=3)
                draw.line((px + GAP // 2, centre[n], px + GAP // 2, y), fill=GREY, width=3)
                draw.line((px + GAP // 2, y, x, y), fill=GREY, width=3)
            _box(draw, x, int(y - BOX_H / 2), m, r, sides, m.start == upcoming)
    if third:
        x = PAD + (len(rounds) - 1) * (BOX_W + GAP)
        y = height - 40 - BOX_H
        for m, r in third:
            _box(draw, x, y, m, r, sides, m.start == upcoming)
    if (won := champion(knockout, sides)) is not None:
        final = next(m for m, _ in knockout if m.stage is Stage.FINAL)
        x = PAD + (len(rounds) - 1) * (BOX_W + GAP)
        y = int(centre[final.no] - BOX_H / 2)
        draw.rounded_rectangle(
            (x - 6, y - 6, x + BOX_W + 6, y + BOX_H + 6), 14, outline=GOLD, width=6
        )
        label = _fit(draw, texts.CHAMPION_PLAIN.format(team=won), font(30, True), BOX_W)
        draw.text((x, y - 16), "★ " + label, GOLD_INK, font(30, True), anchor="ld")
    return _png(image)


def champion(rows: Sequence[Row], sides: dict[str, tuple[str | None, str | None]]) -> str | None:
    """The final's winner, once its result is in."""
    for m, r in rows:
        if m.stage is Stage.FINAL and r is not None and (won := r.winner_side()) is not None:
            known = sides.get(m.key or "", (m.home, m.away))
            return (known[0] or m.home) if won == "home" else (known[1] or m.away)
    return None


def _feeders(m: PlannedMatch) -> list[int]:
    found = []
    for code in (m.home_from, m.away_from):
        hit = WINNER_OF.match(code or "")
        if hit:
            found.append(int(hit.group(1)))
    return found


def _leaf_order(rounds: list[list[Row]], by_no: dict[int, Row]) -> list[Row]:
    """First-round matches in the order the tree needs (so connectors do not cross)."""
    if not rounds:
        return []
    first = {m.no for m, _ in rounds[0]}

    def walk(no: int) -> list[int]:
        if no in first:
            return [no]
        m = by_no[no][0]
        return [leaf for n in _feeders(m) if n in by_no for leaf in walk(n)]

    order: list[int] = []
    for m, _ in rounds[-1]:
        order += [n for n in walk(m.no) if n not in order]
    order += sorted(first - set(order))
    return [by_no[n] for n in order]


def _box(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    m: PlannedMatch,
    result: Score | None,
    sides: dict[str, tuple[str | None, str | None]],
    upcoming: bool,
) -> None:
    fill = NEXT if upcoming else WHITE
    edge = NEXT_EDGE if upcoming else GREEN
    draw.rounded_rectangle((x, y, x + BOX_W, y + BOX_H), 10, fill=fill, outline=edge, width=3)
    label = f"{STAGES[m.stage]} · {m.no}. maç · {hm(m.start)} {m.pitch}"
    draw.text((x + 14, y + 8), _fit(draw, label, font(19), BOX_W - 28), GREY, font(19))
    known = sides.get(m.key or "", (m.home, m.away))
    winner = result.winner_side() if result else None
    for i, home in enumerate((True, False)):
        text = known[i] or side(m, home)
        face = font(28, winner == ("home" if home else "away"))
        ty = y + 52 + i * 40
        room = BOX_W - (170 if result is not None and result.home_penalties is not None else 110)
        draw.text((x + 14, ty), _fit(draw, text, face, room), INK, face, anchor="lm")
        if result is not None:
            goals = result.home_goals if home else result.away_goals
            pens = result.home_penalties if home else result.away_penalties
            shown = f"{goals}" + (f" (pen. {pens})" if pens is not None else "")
            draw.text((x + BOX_W - 14, ty), shown, INK, face, anchor="rm")
