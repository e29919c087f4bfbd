"""The knockout bracket as a PNG: the tree filled in as results arrive, the champion
marked once the final is played.

Apart from `picture` (the fixture and the tables) because the tree has its own layout:
first-round matches ordered so connectors do not cross, each box joined to the matches
that feed it. It draws with `drawing`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from PIL import Image, ImageDraw, ImageFont

from bot.render import Row, next_slot
from bot.render.drawing import (
    GOLD,
    GOLD_INK,
    GREEN,
    GREY,
    HEAD,
    INK,
    NEXT,
    NEXT_EDGE,
    PAD,
    WHITE,
    fit,
    font,
    header,
    png,
    wrap,
)
from bot.texts.common import STAGES, hm, side
from bot.texts.files import BRACKET, BRACKET_LEGEND, CHAMPION_PLAIN
from domain.model import PlannedMatch, Score, Stage
from domain.sidewords import stage_names

ORDER = (Stage.ROUND_OF_16, Stage.QUARTER, Stage.SEMI, Stage.FINAL)
BOX_W, BOX_H, GAP = 420, 128, 70
WIDEST = 640  # a box grows up to this for long names, then names shrink, then wrap
NAME, SMALLEST = 28, 18  # a name's font size, and the smallest it shrinks to on one line
LEGEND_FACE = 22
WINNER_OF = re.compile(r"^W([0-9]+)$")


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
    box_w = _box_width(knockout, sides)
    stages = stage_names(m for m, _ in knockout)
    slot = BOX_H + 40
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    width = max(1080, PAD * 2 + len(rounds) * (box_w + GAP))
    legend = wrap(BRACKET_LEGEND, font(LEGEND_FACE), width - 2 * PAD)
    won = champion(knockout, sides)
    crown = _crown(probe, won, width - PAD - (PAD + (len(rounds) - 1) * (box_w + GAP)))
    top = HEAD + max(0, len(crown) - 1) * 34
    body = max(len(leaves), 2) * slot + (slot + 60 if third else 0)
    height = top + body + 40 + 32 * len(legend) + 20
    image = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(image)
    header(draw, width, name, BRACKET)
    upcoming = next_slot(knockout, now)
    centre: dict[int, float] = {}
    for i, (m, _) in enumerate(leaves):
        centre[m.no] = top + (i + 0.5) * slot
    for c, stage_rows in enumerate(rounds):
        x = PAD + c * (box_w + GAP)
        ordered = sorted(stage_rows, key=lambda mr: centre.get(mr[0].no, 0.0))
        for k, (m, r) in enumerate(ordered):
            feeders = [n for n in _feeders(m) if n in centre]
            if m.no not in centre:
                centre[m.no] = (
                    sum(centre[n] for n in feeders) / len(feeders)
                    if feeders
                    else top + (k + 0.5) * body / len(ordered)
                )
            y = centre[m.no]
            for n in feeders:
                px = x - GAP
                draw.line((px, centre[n], px + GAP // 2, centre[n]), fill=GREY, width=3)
                draw.line((px + GAP // 2, centre[n], px + GAP // 2, y), fill=GREY, width=3)
                draw.line((px + GAP // 2, y, x, y), fill=GREY, width=3)
            box = _Box(x, int(y - BOX_H / 2), box_w, stages.get(m.no))
            _box(draw, box, m, r, sides, m.start == upcoming)
    if third:
        x = PAD + (len(rounds) - 1) * (box_w + GAP)
        y = top + body - BOX_H
        for m, r in third:
            _box(draw, _Box(x, y, box_w, None), m, r, sides, m.start == upcoming)
    if won is not None:
        final = next(m for m, _ in knockout if m.stage is Stage.FINAL)
        x = PAD + (len(rounds) - 1) * (box_w + GAP)
        y = int(centre[final.no] - BOX_H / 2)
        draw.rounded_rectangle(
            (x - 6, y - 6, x + box_w + 6, y + BOX_H + 6), 14, outline=GOLD, width=6
        )
        lines, face = crown
        for i, line in enumerate(lines):
            ly = y - 16 - (len(lines) - 1 - i) * (face.size + 6)
            draw.text((x, ly), line, GOLD_INK, face, anchor="ld")
    y = top + body + 30
    for line in legend:
        draw.text((PAD, y), line, GREY, font(LEGEND_FACE))
        y += 32
    return png(image)


def _crown(
    draw: ImageDraw.ImageDraw, won: str | None, room: int
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """The champion's line above the final, whole: smaller type, then two lines."""
    if won is None:
        return [], font(30, True)
    text = "★ " + CHAMPION_PLAIN.format(team=won)
    for size in range(30, 19, -2):
        if draw.textlength(text, font=font(size, True)) <= room:
            return [text], font(size, True)
    face = font(22, True)
    return wrap(text, face, room) or [text], face


def _box_width(rows: Sequence[Row], sides: dict[str, tuple[str | None, str | None]]) -> int:
    """Wide enough for the longest side at a readable size, within WIDEST."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    longest = 0.0
    for m, r in rows:
        known = sides.get(m.key or "", (m.home, m.away))
        room = _score_room(r)
        for i, home in enumerate((True, False)):
            text = known[i] or side(m, home)
            longest = max(longest, probe.textlength(text, font=font(24)) + room + 28)
    return int(min(WIDEST, max(BOX_W, longest)))


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


class _Box:
    """Where a match's box goes, how wide it is, and its stage's name for a feeder
    ("1. yarı final": what "1. yarı finalin galibi" in a later box points to)."""

    __slots__ = ("name", "w", "x", "y")

    def __init__(self, x: int, y: int, w: int, name: str | None) -> None:
        self.x, self.y, self.w, self.name = x, y, w, name


def _score_room(result: Score | None) -> int:
    if result is None:
        return 20
    return 170 if result.home_penalties is not None else 80


def _box(
    draw: ImageDraw.ImageDraw,
    box: _Box,
    m: PlannedMatch,
    result: Score | None,
    sides: dict[str, tuple[str | None, str | None]],
    upcoming: bool,
) -> None:
    x, y, w = box.x, box.y, box.w
    fill = NEXT if upcoming else WHITE
    edge = NEXT_EDGE if upcoming else GREEN
    draw.rounded_rectangle((x, y, x + w, y + BOX_H), 10, fill=fill, outline=edge, width=3)
    stage = box.name[:1].upper() + box.name[1:] if box.name else STAGES[m.stage]
    label = f"{stage} · {m.no}. maç · {hm(m.start)} {m.pitch}"
    draw.text((x + 14, y + 8), fit(draw, label, font(19), w - 28), GREY, font(19))
    known = sides.get(m.key or "", (m.home, m.away))
    winner = result.winner_side() if result else None
    room = w - 28 - _score_room(result)
    for i, home in enumerate((True, False)):
        text = known[i] or side(m, home)
        bold = winner == ("home" if home else "away")
        ty = y + 52 + i * 40
        _name(draw, (x + 14, ty), text, bold, room)
        if result is not None:
            goals = result.home_goals if home else result.away_goals
            pens = result.home_penalties if home else result.away_penalties
            shown = f"{goals}" + (f" (pen. {pens})" if pens is not None else "")
            shown += " (H)" if result.forfeit == ("away" if home else "home") else ""
            draw.text((x + w - 14, ty), shown, INK, font(NAME, bold), anchor="rm")


def _name(draw: ImageDraw.ImageDraw, at: tuple[int, int], text: str, bold: bool, room: int) -> None:
    """A side's name whole within `room` px: smaller type first, then two lines."""
    x, y = at
    for size in range(NAME, SMALLEST - 1, -2):
        face = font(size, bold)
        if draw.textlength(text, font=face) <= room:
            draw.text((x, y), text, INK, face, anchor="lm")
            return
    face = font(16, bold)
    lines = wrap(text, face, room)[:2] or [text]
    lines = [fit(draw, line, face, room) for line in lines]
    for k, line in enumerate(lines):
        draw.text((x, y + (k - (len(lines) - 1) / 2) * 19), line, INK, face, anchor="lm")
