"""Which match week a message names: "3. hafta", "5.hafta", "hafta 4", "beşinci hafta",
"5inci hafta", "ilk hafta", "son hafta", "bu hafta", "haftaya", "gelecek hafta".

`week_in(words)` reads the folded words of a message (`names.fold`, letters and digits
only: "5.hafta" is "5hafta") and gives the week it names with the words that name it,
or None. A week is a number (1 for "ilk" / "birinci"), or THIS_WEEK, NEXT_WEEK,
LAST_WEEK. Deterministic, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from domain.morphology import analyse

__all__ = ["LAST_WEEK", "NEXT_WEEK", "ORDINALS", "THIS_WEEK", "WeekWords", "is_week", "week_in"]

THIS_WEEK, NEXT_WEEK, LAST_WEEK = "this", "next", "last"
# Ordinal words, folded ("üçüncü" -> "ucuncu").
ORDINALS = {
    **{"ilk": 1, "birinci": 1, "ikinci": 2, "ucuncu": 3, "dorduncu": 4, "besinci": 5},
    **{"altinci": 6, "yedinci": 7, "sekizinci": 8, "dokuzuncu": 9, "onuncu": 10},
    **{"onbirinci": 11, "onikinci": 12, "onucuncu": 13, "ondorduncu": 14, "onbesinci": 15},
}
_NEXT_WORDS = frozenset({"gelecek", "sonraki", "onumuzdeki", "diger", "ertesi", "haftaya"})
# A number with an ordinal ending: "5inci", "6nci", "3uncu", "2.", folded.
_NUMBERED = re.compile(r"([0-9]{1,2})(?:[iu]?nc[iu]|nd[ae]|[iu]nc)?")
_GLUED = re.compile(r"([0-9]{1,2})(?:[iu]?nc[iu])?(hafta[a-z]*)")
# "hafta 3 te": the locative written apart after the number.
_APART_ENDINGS = frozenset({"te", "ta", "de", "da", "e", "a", "ye", "ya"})


@dataclass(frozen=True)
class WeekWords:
    """The week a message names, and the positions of the words naming it."""

    week: int | str
    start: int
    end: int  # one past the last word


def is_week(word: str) -> bool:
    """ "hafta", "haftada", "haftaki", "haftanın", "haftaya" (folded)."""
    if not word.startswith("hafta"):
        return False
    if word in ("haftaki", "haftalik"):
        return True
    found = analyse(word)
    return found is not None and found.stem == "hafta" and not found.plural


def _number(word: str) -> int | None:
    if word in ORDINALS:
        return ORDINALS[word]
    match = _NUMBERED.fullmatch(word)
    if match is None:
        return None
    number = int(match.group(1))
    return number if 0 < number < 100 else None


def week_in(words: Sequence[str]) -> WeekWords | None:
    """The first week `words` name; see the module docstring."""
    for i, word in enumerate(words):
        glued = _GLUED.fullmatch(word)
        if glued and is_week(glued.group(2)) and 0 < int(glued.group(1)) < 100:
            return WeekWords(int(glued.group(1)), i, i + 1)
        if not is_week(word):
            continue
        before = words[i - 1] if i else ""
        number = _number(before) if before else None
        if number is not None:
            return WeekWords(number, i - 1, i + 1)
        if before == "son":
            return WeekWords(LAST_WEEK, i - 1, i + 1)
        if before == "bu":
            return WeekWords(THIS_WEEK, i - 1, i + 1)
        if before in _NEXT_WORDS:
            return WeekWords(NEXT_WEEK, i - 1, i + 1)
        after = words[i + 1] if i + 1 < len(words) else ""
        if after.isascii() and after.isdigit() and 0 < int(after) < 100:
            end = i + 3 if i + 2 < len(words) and words[i + 2] in _APART_ENDINGS else i + 2
            return WeekWords(int(after), i, end)
        if word == "haftaya":
            return WeekWords(NEXT_WEEK, i, i + 1)
    return None
