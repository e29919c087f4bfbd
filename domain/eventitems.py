"""One name of a scorers or cards line, with what is typed around it: `Ali 2`, `Ali x2`,
`Ali (2)`, `Ali 2 gol`, `Ali 12' 56'` (two goals: a minute, 45', 90+2', 45.dk or 45.
dakika, is one goal at that minute, never a count), `Ali pen`, `Mehmet kk`, `10 Ali`
(shirt 10), `Veli (Kartallar)`, `Veli sarı`, `Hasan 2 sarı`, `Mehmet 🟥`.

Everything is matched on a folded copy of the text of the same length (Turkish lower
case, no diacritics: "SARI", "sari" and "sarı" are one word), and whatever is recognised
is blanked out of both copies; what remains of the original is the player's name, with
its own spelling, apostrophes and initials ("M. Ali", "Ali'nin" stay). Used by
`domain.eventlines`; deterministic, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from domain.eventnotes import EventProblem, UnreadableEvents
from domain.names import fold, normalize
from domain.scores import MAX_GOALS

__all__ = [
    "MAX_NAME_LENGTH",
    "Item",
    "folded",
    "read_card_item",
    "read_goal_item",
    "reserved",
    "scorers",
    "without_symbols",
]

# Longer than any player's name: a sentence, not a name.
MAX_NAME_LENGTH = 60
Default = Literal["yellow", "red"] | None

_B = r"(?<![^\W_])"  # not after a letter or digit
_E = r"(?![^\W_])"  # not before a letter or digit


@lru_cache(maxsize=512)
def _fold_char(c: str) -> str:
    f = fold(c)
    return f if len(f) == 1 else c


def without_symbols(s: str) -> str:
    """`s` normalized without emojis and pictographs ("Ali 🔥" is Ali, "⚽ Hakan" Hakan): a
    player's name as stored and matched."""
    kept = "".join(
        c for c in s if unicodedata.category(c) not in _SYMBOLS and c not in _EMOJI_JOINERS
    )
    return normalize(kept)


_SYMBOLS = frozenset(("So", "Cs", "Co"))
_EMOJI_JOINERS = frozenset(
    "\u200d\ufe0e\ufe0f\u20e3\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff"
)


def folded(s: str) -> str:
    """`fold(s)` letter by letter, so that positions in it are positions in `s`."""
    return "".join(_fold_char(c) for c in s)


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


_SHIRT = _rx(r"^\s*#?([0-9]{1,2})\s+(?=[^\W\d_])")
_OWN = _rx(rf"{_B}(?:kk|k\s?\.\s?k\.?|kendi\s+kale(?:sine|sinden|si|ye|den)?){_E}")
_PEN = _rx(rf"{_B}(?:penalti(?:dan|yla|ile)?|pen|pnl|pk)\.?{_E}")
_PEN_LAST = _rx(r"(?<=\s)p\.?\s*$")
_HATTRICK = _rx(rf"{_B}hat[\s-]?trick{_E}")
_NUMBER_WORDS = {"bir": 1, "iki": 2, "uc": 3, "dort": 4, "bes": 5, "alti": 6, "yedi": 7}
_WORD_COUNT = _rx(rf"{_B}({'|'.join(_NUMBER_WORDS)})\s+(?:gol|kez|kere|tane){_E}")
# A minute is one goal (or the card's time): 45', 90+2', 45.dk, 45. dakika, 90 + 3 dk.
_MINUTE = _rx(
    rf"{_B}([0-9]{{1,3}})(?:\s*\+\s*[0-9]{{1,2}})?"
    rf"\s*(?:['’′`´]+|\.?\s*(?:dk|dak|dakika){_E}\.?)"
)
_COUNT = _rx(
    rf"{_B}(?:[x×*]\s*([0-9]{{1,3}})|([0-9]{{1,3}})\s*[x×]"
    rf"|([0-9]{{1,3}})(?:\s*(?:gol(?:ler|u|leri)?|kez|kere|tane))?){_E}"
)
_GLUED_COUNT = _rx(r"(?<=[^\W\d_])([0-9]{1,2})\s*$")  # "Ali2"
_GOAL_WORD = _rx(rf"{_B}(?:gol(?:ler|u|leri)?|attı|atti){_E}")
_BALL = _rx("\u26bd\ufe0f?")
_PARENS = _rx(r"[(\[]([^()\[\]]*)[)\]]")

_RED_WORDS = r"(?:(?:direkt|direk|dogrudan)\s+)?(?:kirmizi|krmz)(?:\s*kart)?"
_YELLOW_TWICE = _rx(
    rf"{_B}(?:(?:(?:2|iki|cift)\s*(?:x\s*)?|2\s*\.\s*|ikinci\s+)sari(?:\s*kart)?(?:dan|tan)?"
    rf"|sari(?:\s*kart)?\s*(?:x\s*2|2)|sari(?:dan|tan))(?:\s*(?:kirmizi|krmz)(?:\s*kart)?)?{_E}"
)
_YELLOW_RED = _rx(rf"{_B}sari(?:\s*kart)?\s*(?:[+/&-]|ve|sonra)?\s*{_RED_WORDS}{_E}")
_RED = _rx(rf"{_B}(?:{_RED_WORDS}|kk|k\.k\.){_E}")
_YELLOW = _rx(rf"{_B}(?:sari(?:\s*kart)?|sk|s\.k\.){_E}")
_CARD_WORD = _rx(rf"{_B}kart{_E}")
_EDGE = " \t,.;:-–—*•·!?\"'’`´"


@dataclass(frozen=True)
class Item:
    """What one piece of a line says: the name and the marks read around it."""

    player: str
    team_hint: str | None = None
    count: int = 1
    own_goal: bool = False
    shirt: int | None = None
    yellows: int = 0
    red: bool = False


class _Text:
    """An item as two strings of one length: the original and its folded copy; what a
    pattern recognises is blanked out of both."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.fold = folded(text)

    def take(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        found = list(pattern.finditer(self.fold))
        for m in reversed(found):
            blank = " " * (m.end() - m.start())
            self.text = self.text[: m.start()] + blank + self.text[m.end() :]
            self.fold = self.fold[: m.start()] + blank + self.fold[m.end() :]
        return found

    def rest(self) -> str:
        return without_symbols(self.text).strip(_EDGE)


def _number(m: re.Match[str]) -> int:
    return int(next(g for g in m.groups() if g is not None))


def _goal_marks(t: _Text) -> tuple[list[int], int, bool]:
    """Counts, minutes and an own-goal mark taken out of `t`."""
    own = bool(t.take(_OWN))
    balls = len(t.take(_BALL))  # "Ali ⚽⚽": two goals
    t.take(_PEN)
    counts = [3 for _ in t.take(_HATTRICK)]
    counts += [_NUMBER_WORDS[m.group(1)] for m in t.take(_WORD_COUNT)]
    minutes = len(t.take(_MINUTE))
    counts += [_number(m) for m in t.take(_COUNT)]
    t.take(_PEN_LAST)
    t.take(_GOAL_WORD)
    counts += [int(m.group(1)) for m in t.take(_GLUED_COUNT)]
    if balls and not counts and not minutes:
        counts.append(balls)
    return counts, minutes, own


def _split_parens(text: str, whole: str) -> tuple[str, list[str]]:
    """`text` without its parentheses, and their contents."""
    contents = [m.group(1) for m in _PARENS.finditer(text)]
    rest = _PARENS.sub(" ", text)
    if any(c in rest for c in "()[]"):
        raise UnreadableEvents(whole, EventProblem.NO_NAME, text)
    return rest, contents


def _hint(contents: list[str], marks: list[str]) -> str | None:
    """The team hint among the parentheses; the others are marks (counts, "kk", "pen")."""
    hint = None
    for content in contents:
        probe = _Text(f" {content}")  # "(p)": a penalty, as " p" at a name's end
        _goal_marks(probe)
        _card_marks(probe)
        if probe.rest() and hint is None:
            hint = normalize(content).strip(_EDGE)
        else:
            marks.append(content)
    return hint


def _name(t: _Text, whole: str, piece: str) -> str:
    name = t.rest()
    if not any(c.isalpha() for c in name):
        raise UnreadableEvents(whole, EventProblem.NO_NAME, piece.strip())
    if any(c.isdigit() for c in name):
        raise UnreadableEvents(whole, EventProblem.BAD_COUNT, piece.strip())
    if len(name) > MAX_NAME_LENGTH:
        raise UnreadableEvents(whole, EventProblem.TOO_LONG, piece.strip())
    return name


def _shirt(t: _Text) -> int | None:
    found = t.take(_SHIRT)
    return int(found[0].group(1)) if found else None


def read_goal_item(piece: str, whole: str) -> Item:
    """A scorer as typed: name, team hint, count (1 unless typed), own goal, shirt.
    Raises UnreadableEvents (`whole` is the line, for the refusal)."""
    rest, contents = _split_parens(piece, whole)
    marks: list[str] = []
    hint = _hint(contents, marks)
    if _goal_marks(_Text(rest))[:2] != ([], 0):  # "Ali 2 (1 pen)": the 1 is of the 2
        marks = [m for m in marks if not _PEN.search(folded(m))]
    t = _Text(" ".join([rest, *marks]))
    shirt = _shirt(t)
    counts, minutes, own = _goal_marks(t)
    if own and not any(c.isalpha() for c in t.rest()):  # "kk" alone: who put it in?
        raise UnreadableEvents(whole, EventProblem.OWN_GOAL_NO_NAME, piece.strip())
    name = _name(t, whole, piece)
    if len(counts) > 1:
        raise UnreadableEvents(whole, EventProblem.BAD_COUNT, piece.strip())
    count = counts[0] if counts else max(minutes, 1)
    if not 1 <= count <= MAX_GOALS:
        raise UnreadableEvents(whole, EventProblem.BAD_COUNT, piece.strip())
    return Item(name, hint, count, own, shirt)


# A word of a scorer's count or minute: "2", "x2", "2x", "(2)", "45'", "90+2'", "45.dk".
_COUNT_WORD = _rx(
    r"^\(?(?:[x×*]?[0-9]{1,3}[x×]?|[0-9]{1,3}(?:\+[0-9]{1,2})?['’′`´]*\.?(?:dk|dak)?\.?)\)?$"
)
_SHIRT_WORD = _rx(r"^#?[0-9]{1,2}$")


def _next_name(words: list[str], i: int) -> int | None:
    """Where the next scorer starts after the count `words[i]` (past the marks that go
    with it: "2 gol", "45. dakika", "2 kk"), if a name (or a shirt and a name) follows."""
    j = i + 1
    while j < len(words) and reserved(words[j].strip(".,")):
        j += 1
    if j < len(words) and words[j][:1].isalpha():
        return j
    if j + 1 < len(words) and _SHIRT_WORD.match(words[j]) and words[j + 1][:1].isalpha():
        return j
    return None


def scorers(piece: str, whole: str) -> list[str]:
    """`piece` cut after each count or minute that more name words follow: "Ali 2 Veli"
    is Ali 2 and Veli, "Ali 1 Veli 1" two scorers, "Ali 45' Veli 60'" too; a name of
    several words with its count ("Ali Yılmaz 2") stays whole. Left to right, a cut is
    made where the part before it reads as a scorer (a mark after the count, "Ali 2 kk",
    stays with it); if the last part does not read, `piece` stays whole (its refusal)."""
    words = piece.split()
    parts: list[str] = []
    start = depth = 0
    for i, word in enumerate(words[:-1]):
        depth += word.count("(") - word.count(")")
        if i < start or depth or not _COUNT_WORD.match(folded(word)):
            continue
        cut = _next_name(words, i)
        if cut is None or not any(c.isalpha() for c in " ".join(words[start:i])):
            continue  # "10 Ali": a shirt number, not a count
        head = " ".join(words[start:cut])
        try:
            read_goal_item(head, whole)
        except UnreadableEvents:
            continue
        parts.append(head)
        start = cut
    if not parts:
        return [piece]
    last = " ".join(words[start:])
    try:
        read_goal_item(last, whole)
    except UnreadableEvents:
        return [piece]
    return [*parts, last]


def _card_marks(t: _Text) -> tuple[int, int, bool]:
    """Yellows shown, the explicit marks' count, and whether a red was shown."""
    yellows = t.fold.count("\U0001f7e8")
    reds = t.fold.count("\U0001f7e5")
    t.take(_rx("[\U0001f7e8\U0001f7e5]"))
    twice = len(t.take(_YELLOW_TWICE))
    then_red = len(t.take(_YELLOW_RED))
    reds += len(t.take(_RED)) + then_red
    single = len(t.take(_YELLOW))
    t.take(_CARD_WORD)
    t.take(_MINUTE)
    marks = yellows + reds + twice + single
    return yellows + 2 * twice + then_red + single, marks, reds > 0


def read_card_item(piece: str, whole: str, default: Default) -> Item:
    """A booked player as typed. `default` is the colour the line's label gave ("sarı:",
    "kırmızı:"), None for "kart:" and /kart, where each name needs its colour. `yellows`
    and `red` of the Item are what was shown; a bare count ("sarı: Hasan 2") counts
    yellows. Raises UnreadableEvents."""
    rest, contents = _split_parens(piece, whole)
    marks: list[str] = []
    hint = _hint(contents, marks)
    t = _Text(" ".join([rest, *marks]))
    shirt = _shirt(t)
    yellows, explicit, red = _card_marks(t)
    counts = [_number(m) for m in t.take(_COUNT)]
    name = _name(t, whole, piece)
    if len(counts) > 1 or (counts and (red or (not explicit and default != "yellow"))):
        raise UnreadableEvents(whole, EventProblem.BAD_COUNT, piece.strip())
    if counts and not 1 <= counts[0] <= 2:
        problem = EventProblem.TOO_MANY_YELLOWS if counts[0] > 2 else EventProblem.BAD_COUNT
        raise UnreadableEvents(whole, problem, piece.strip())
    if counts:
        yellows = counts[0] * max(yellows, 1) if explicit else counts[0]
    elif not explicit:
        if default is None:
            raise UnreadableEvents(whole, EventProblem.NO_COLOUR, piece.strip())
        yellows, red = (1, False) if default == "yellow" else (0, True)
    if yellows > 2:
        raise UnreadableEvents(whole, EventProblem.TOO_MANY_YELLOWS, piece.strip())
    return Item(name, hint, shirt=shirt, yellows=yellows, red=red)


# Words an item's marks are made of: a generated or stored name must not be one of them.
_RESERVED = frozenset(
    (
        *("kk", "pen", "pnl", "pk", "p", "gol", "goller", "golu", "golleri", "kez", "kere"),
        *("tane", "sari", "kirmizi", "krmz", "kart", "sk", "dk", "dak", "dakika", "x"),
        *("kendi", "kale", "kalesine", "penalti", "direkt", "direk", "dogrudan", "cift"),
        *("ikinci", "sonra", "ve", "hat", "trick", "hattrick", "atti", "saridan"),
        *_NUMBER_WORDS,
    )
)


def reserved(word: str) -> bool:
    """Whether `word` is read as a mark ("kk", "sarı", "pen", "iki") rather than a name."""
    return fold(word) in _RESERVED
