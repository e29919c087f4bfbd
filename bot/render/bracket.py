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

from PIL import Image, ImageDraw

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
)
from bot.texts.common import STAGES, hm, side
from bot.texts.files import BRACKET, CHAMPION_PLAIN
from domain.model import PlannedMatch, Score, Stage

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
    header(draw, width, name, BRACKET)
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
        label = fit(draw, CHAMPION_PLAIN.format(team=won), font(30, True), BOX_W)
        draw.text((x, y - 16), "★ " + label, GOLD_INK, font(30, True), anchor="ld")
    return png(image)


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
    draw.text((x + 14, y + 8), fit(draw, label, font(19), BOX_W - 28), GREY, font(19))
    known = sides.get(m.key or "", (m.home, m.away))
    winner = result.winner_side() if result else None
    for i, home in enumerate((True, False)):
        text = known[i] or side(m, home)
        face = font(28, winner == ("home" if home else "away"))
        ty = y + 52 + i * 40
        room = BOX_W - (170 if result is not None and result.home_penalties is not None else 110)
        draw.text((x + 14, ty), fit(draw, text, face, room), INK, face, anchor="lm")
        if result is not None:
            goals = result.home_goals if home else result.away_goals
            pens = result.home_penalties if home else result.away_penalties
            shown = f"{goals}" + (f" (pen. {pens})" if pens is not None else "")
            draw.text((x + BOX_W - 14, ty), shown, INK, face, anchor="rm")
