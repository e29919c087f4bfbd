"""What every picture is drawn with: colours, sizes, the packaged DejaVu font, text cut to
fit or wrapped, the green header, and the PNG kept within Telegram's photo limits.

Apart from `picture` (the fixture and the tables) and `bracket` (the knockout tree), which
both draw with these.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.render import BOLD, REGULAR

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


def png(image: Image.Image) -> bytes:
    width, height = image.size
    if width + height > PHOTO_SUM:  # a last guard: scaled down, never refused by Telegram
        scale = (PHOTO_SUM - 1) / (width + height)
        image = image.resize((max(1, int(width * scale)), max(1, int(height * scale))))
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def fit(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels."""
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def header(draw: ImageDraw.ImageDraw, width: int, title: str, subtitle: str) -> None:
    draw.rectangle((0, 0, width, HEAD - 20), fill=GREEN)
    draw.text((PAD, 22), fit(draw, title, font(46, True), width - 2 * PAD), WHITE, font(46, True))
    draw.text((PAD, 82), subtitle, (220, 235, 220), font(28))


def columns(count: int, per_column: int) -> int:
    return max(1, min(3, math.ceil(count / per_column)))


# Telegram's photo limits: width + height at most 10,000 px, neither side over 20 times
# the other.
PHOTO_SUM = 10_000
PHOTO_RATIO = 20


def within_limits(width: int, height: int) -> bool:
    """Whether Telegram takes a photo of this size (else it must go as a document)."""
    return width + height <= PHOTO_SUM and max(width, height) <= PHOTO_RATIO * min(width, height)


def wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if line and face.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines
