"""Counts as organisers type them: "8", "sekiz", "on iki", "2 grup", "tek saha".

The one-message form's "N takım | N grup | N saha" parts and the guided set-up's answers
are read here; words are compared in folded form, so "IKI", "iki" and "İki" are one number.
"""

from __future__ import annotations

from domain.names import fold
from domain.setuperrors import BadCount
from domain.setupparts import Part

__all__ = [
    "MAX_DIGITS",
    "TENS",
    "UNITS",
    "UNIT_WORDS",
    "ascii_digits",
    "parse_count",
    "parse_number",
    "split_unit",
]

# Folded Turkish number words: "iki grup", "tek saha", "on iki takım" / "oniki takım".
UNITS: dict[str, int] = {
    "sifir": 0,
    "bir": 1,
    "tek": 1,
    "iki": 2,
    "uc": 3,
    "dort": 4,
    "bes": 5,
    "alti": 6,
    "yedi": 7,
    "sekiz": 8,
    "dokuz": 9,
}
TENS: dict[str, int] = {"on": 10, "yirmi": 20, "otuz": 30, "kirk": 40, "elli": 50, "altmis": 60}
# "on iki" is 12, but "on tek" and "on sıfır" are no numbers.
_UNIT_AFTER_TENS = frozenset(UNITS) - {"tek", "sifir"}
# The unit word a count may carry ("2 grup", "2 gruplu", "8 takımla") and fillers.
UNIT_WORDS: dict[Part, str] = {Part.TEAMS: "takim", Part.GROUPS: "grup", Part.PITCHES: "saha"}
_COUNT_FILLERS = frozenset({"tane", "adet"})


def _word_number(word: str) -> int | None:
    if word in UNITS:
        return UNITS[word]
    if word in TENS:
        return TENS[word]
    for tens, value in TENS.items():
        rest = word[len(tens) :]
        if word.startswith(tens) and rest in _UNIT_AFTER_TENS:
            return value + UNITS[rest]
    return None


# Digits a typed number has at most: no count, minute or match number here needs more,
# and int() refuses a text of thousands of digits (ValueError past sys.int_info's limit).
MAX_DIGITS = 9


def ascii_digits(text: str) -> bool:
    """ "12" but not "²", "١٢", "" or a 10,000-digit number: a count as typed on a keyboard
    (str.isdigit takes "²" and "١٢", and int() refuses "²" and one of thousands of digits)."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def parse_number(text: str) -> int | None:
    """ "8", "sekiz", "tek", "on iki", "oniki" -> the number; None if it is not one.

    Words cover sıfır to altmış dokuz (a count here is at most 64); digits are ASCII only,
    as a count is typed, not pasted from another script."""
    words = fold(text).split()
    if len(words) == 1 and ascii_digits(words[0]):
        return int(words[0])
    if len(words) == 1:
        return _word_number(words[0])
    if len(words) == 2 and words[0] in TENS and words[1] in _UNIT_AFTER_TENS:
        return TENS[words[0]] + UNITS[words[1]]
    return None


def split_unit(folded: str) -> tuple[str, Part | None]:
    """ "8 takim" -> ("8", TEAMS); "2gruplu" -> ("2", GROUPS); "iki" -> ("iki", None)."""
    words = [w for w in folded.split() if w not in _COUNT_FILLERS]
    if not words:
        return "", None
    last = words[-1]
    for part, unit in UNIT_WORDS.items():
        at = last.find(unit)
        if at >= 0 and (at == 0 or ascii_digits(last[:at])):
            number = [*words[:-1], last[:at]] if at else words[:-1]
            return " ".join(w for w in number if w), part
    return " ".join(words), None


def parse_count(text: str, what: Part | str, lo: int, hi: int) -> int:
    """A count from `lo` to `hi` for the guided step `what` ("teams", "groups", "pitches").

    Accepts "2", "2 grup", "iki", "iki grup", "tek saha", "on iki"; the unit word must be
    `what`'s own ("2 saha" is no group count). Raises BadCount with the bounds.
    """
    part = Part(what)
    number_text, unit = split_unit(fold(text))
    value = parse_number(number_text) if unit in (None, part) else None
    if value is None:
        raise BadCount(part, text, lo, hi)
    if not lo <= value <= hi:
        raise BadCount(part, text, lo, hi, value)
    return value
