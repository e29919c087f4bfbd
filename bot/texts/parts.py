"""Texts cut to what Telegram carries: long replies in numbered parts, quotes kept short.

Telegram refuses a message over 4096 characters, counted as UTF-16 code units of the text
it shows (HTML tags removed, `&lt;` one character). `split` cuts at line boundaries into
parts under that (plain text at a blank line when one is near the part's end, so a section
such as a match week stays whole), numbers them "(1/3)", keeps `<pre>` blocks balanced (a
part that ends inside one closes it, the next opens it again), and past `max_parts` ends
with a line that says how much was left out and what to ask for instead. `quoted` cuts a
user's input that a refusal repeats, so a 4000-character message cannot make the refusal
itself too long.
"""

from __future__ import annotations

import html
import re

LIMIT = 4096  # characters of a message, as Telegram counts them
CAPTION = 1024  # characters of a photo's or a document's caption
MAX_PARTS = 5  # messages one reply may take; more would flood the chat
QUOTE = 40  # characters of a user's input repeated in a refusal
# Room kept free in every part for its number and, in the last, the note on what was left.
RESERVE = 400
OMITTED = (
    "… {count} satır daha var, hepsi sığmadı. Daha dar bir seçim deneyin"
    " (/fikstur Kartallar, /fikstur grup A, /fikstur bugün) ya da PDF için /yazdir."
)
_TAG = re.compile(r"<[^>]*>")
_ENTITY = re.compile(r"&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);")


def units(text: str, *, markup: bool = False) -> int:
    """The length Telegram checks: UTF-16 code units of the shown text."""
    shown = html.unescape(_TAG.sub("", text)) if markup else text
    return len(shown.encode("utf-16-le")) // 2


def quoted(text: str, limit: int = QUOTE) -> str:
    """`text` on one line, cut to `limit` characters with "…" when longer."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def caption(text: str, limit: int = CAPTION) -> str:
    """A caption cut to `limit` characters (at a line end when there is one) with "…"."""
    if units(text) <= limit:
        return text
    cut = text[: limit - 1]
    while units(cut) > limit - 1:
        cut = cut[:-1]
    if "\n" in cut:
        cut = cut[: cut.rindex("\n")]
    return cut.rstrip() + "…"


def split(
    text: str, *, markup: bool = False, limit: int = LIMIT, max_parts: int = MAX_PARTS
) -> list[str]:
    """`text` as one or more messages, each within `limit` (see the module's note).

    `markup`: the text is Telegram HTML (only `<pre>` may span lines)."""
    if units(text, markup=markup) <= limit:
        return [text]
    budget = max(100, limit - RESERVE)
    pieces: list[list[str]] = [[]]
    sizes = [0]
    inside = False  # in a <pre> block at the start of the current line
    opened = [False]  # the current part begins inside a <pre> block
    for line in _lines(text, budget, markup):
        size = units(line, markup=markup) + 1
        if sizes[-1] and sizes[-1] + size > budget:
            carried = [] if markup else _after_blank(pieces[-1])
            if carried:  # plain text: the part ends at its last blank line (a section's end)
                del pieces[-1][-len(carried) - 1 :]
                sizes[-1] -= sum(units(c) + 1 for c in carried) + 1
            pieces.append(carried)
            sizes.append(sum(units(c) + 1 for c in carried))
            opened.append(inside)
        pieces[-1].append(line)
        sizes[-1] += size
        if markup:
            inside = _pre_after(line, inside)
    chunks = []
    for i, lines in enumerate(pieces):
        body = "\n".join(lines) if markup else "\n".join(lines).strip("\n")
        if markup and opened[i]:
            body = "<pre>" + body
        if markup and _pre_after(body, False):
            body += "</pre>"
        chunks.append(body)
    left = 0
    if len(chunks) > max_parts:
        left = sum(len(lines) for lines in pieces[max_parts:])
        chunks = chunks[:max_parts]
    total = len(chunks)
    out = [f"({n}/{total}) {chunk}" for n, chunk in enumerate(chunks, 1)]
    if left:
        note = OMITTED.format(count=left)
        out[-1] += "\n" + (html.escape(note) if markup else note)
    return out


def _after_blank(lines: list[str]) -> list[str]:
    """The lines after the last blank one when that blank is in the second half of
    `lines` (so a section moves whole to the next part); [] otherwise."""
    for i in range(len(lines) - 1, len(lines) // 2 - 1, -1):
        if not lines[i].strip():
            return lines[i + 1 :]
    return []


def _pre_after(line: str, inside: bool) -> bool:
    """Whether a `<pre>` block is open after `line`, given whether it was before."""
    for tag in re.findall(r"</?pre>", line):
        inside = tag == "<pre>"
    return inside


def _lines(text: str, budget: int, markup: bool) -> list[str]:
    """The text's lines, a line longer than `budget` cut into pieces that fit."""
    out = []
    for line in text.split("\n"):
        while units(line, markup=markup) > budget:
            cut = _cut(line, budget, markup)
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


def _cut(line: str, budget: int, markup: bool) -> int:
    """Where to cut `line` so the head fits `budget`: at a space if one is near, never
    inside a tag or an entity."""
    cut = min(len(line), budget)
    while cut > 1 and units(line[:cut], markup=markup) > budget:
        cut -= max(1, cut // 20)
    if markup:
        head = line[:cut]
        for mark, end in (("<", ">"), ("&", ";")):
            start = head.rfind(mark)
            if start > head.rfind(end):
                cut = start
                head = line[:cut]
    space = line.rfind(" ", 0, cut)
    return space if space > cut // 2 else max(1, cut)
