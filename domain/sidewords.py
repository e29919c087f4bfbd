"""A knockout side not yet known, said as a player says it: "A Grubu 1.si", "en iyi
ikinci", "1. yarı finalin galibi", "2. çeyrek finalin kaybedeni".

A stored plan keeps short codes for such sides ("1A", "2.1", "W19", "L19"; see
`domain.tiesides.source_code`); they are for the program, never for a message. A group
place or a best-of place is said from its code alone; a winner or loser needs the plan,
because "W19" is "the winner of the first semi-final" only where match 19 is the first
semi-final (stage matches counted in match-number order, the order every list shows them
in). `worded` writes those words onto the plan's matches once, where the whole plan is at
hand; a match read alone still says "19. maçın galibi".

Pure and deterministic.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence

from domain.model import PlannedMatch, Stage

__all__ = ["code_words", "ordinal_suffix", "stage_names", "worded"]

_GROUP_PLACE = re.compile(r"([0-9]+)([^0-9.].*)")
_BEST_OF = re.compile(r"([0-9]+)\.([0-9]+)")
_FED_BY = re.compile(r"([WL])([0-9]+)")

# The ordinal of a place as a word: "ikinci", "üçüncü" (the best runner-up is "en iyi ikinci").
PLACE_WORDS = {
    1: "birinci",
    2: "ikinci",
    3: "üçüncü",
    4: "dördüncü",
    5: "beşinci",
    6: "altıncı",
    7: "yedinci",
    8: "sekizinci",
}

# A stage as the feeder of a later match: "1. yarı final", then "1. yarı finalin galibi".
_FEEDER = {
    Stage.ROUND_OF_16: ("son 16 maçı", "son 16 maçının"),
    Stage.QUARTER: ("çeyrek final", "çeyrek finalin"),
    Stage.SEMI: ("yarı final", "yarı finalin"),
    Stage.THIRD: ("üçüncülük maçı", "üçüncülük maçının"),
    Stage.FINAL: ("final", "finalin"),
}


def ordinal_suffix(number: int) -> str:
    """The possessive after a written ordinal: 1.si (birincisi), 3.sü, 6.sı, 9.su, 10.su.

    The suffix follows the vowel of the ordinal's last syllable: -inci/-ıncı/-üncü/-uncu."""
    last = number % 10
    if number % 100 in (10, 30):  # onuncu, otuzuncu
        return "su"
    if number % 100 in (20, 50, 70, 80):  # yirminci, ellinci, yetmişinci, sekseninci
        return "si"
    if number % 100 in (40, 60, 90):  # kırkıncı, altmışıncı, doksanıncı
        return "sı"
    return {1: "si", 2: "si", 3: "sü", 4: "sü", 5: "si", 6: "sı", 7: "si", 8: "si", 9: "su"}.get(
        last, "su"
    )


def _best_of(place: int, rank: int) -> str:
    word = PLACE_WORDS.get(place, f"{place}.")
    return f"en iyi {word}" if rank == 1 else f"{rank}. en iyi {word}"


def stage_names(plan: Iterable[PlannedMatch]) -> dict[int, str]:
    """Match number -> how a knockout match is named as a feeder: "1. yarı final",
    "2. çeyrek final"; a stage with one match has no number ("yarı final")."""
    by_stage: dict[Stage, list[int]] = {}
    for m in plan:
        if m.stage.is_knockout:
            by_stage.setdefault(m.stage, []).append(m.no)
    names: dict[int, str] = {}
    for stage, numbers in by_stage.items():
        numbers.sort()
        for i, no in enumerate(numbers, 1):
            names[no] = f"{i}. {_FEEDER[stage][0]}" if len(numbers) > 1 else _FEEDER[stage][0]
    return names


def _genitive(name: str) -> str:
    """ "1. yarı final" -> "1. yarı finalin", "son 16 maçı" -> "son 16 maçının"."""
    for plain, owner in _FEEDER.values():
        if name.endswith(plain):
            return name[: -len(plain)] + owner
    return name + "nin"


def code_words(
    code: str | None, names: Mapping[int, str] | None = None, *, one_table: bool = False
) -> str:
    """The words for a side's plan code; `names` from `stage_names` (else "19. maçın").

    "1A" -> "A Grubu 1.si" ("1. sıradaki takım" after a league's `one_table`), "2.1" ->
    "en iyi ikinci", "3.2" -> "2. en iyi üçüncü", "W19" -> "1. yarı finalin galibi",
    "L19" -> "1. yarı finalin kaybedeni"."""
    if not code:
        return "belli değil"
    if found := _FED_BY.fullmatch(code):
        no = int(found.group(2))
        named = (names or {}).get(no)
        owner = _genitive(named) if named else f"{no}. maçın"
        return f"{owner} {'galibi' if found.group(1) == 'W' else 'kaybedeni'}"
    if found := _BEST_OF.fullmatch(code):
        return _best_of(int(found.group(1)), int(found.group(2)))
    if found := _GROUP_PLACE.fullmatch(code):
        place = int(found.group(1))
        if one_table:
            return f"{place}. sıradaki takım"
        return f"{found.group(2)} Grubu {place}.{ordinal_suffix(place)}"
    return "belli değil"


def worded(plan: Sequence[PlannedMatch]) -> tuple[PlannedMatch, ...]:
    """The plan with each unknown knockout side's words set (`home_words`, `away_words`)."""
    names = stage_names(plan)
    one = len({m.group for m in plan if not m.stage.is_knockout}) == 1
    out = []
    for m in plan:
        if m.home_from is None and m.away_from is None:
            out.append(m)
            continue
        out.append(
            dataclasses.replace(
                m,
                home_words=code_words(m.home_from, names, one_table=one) if m.home_from else None,
                away_words=code_words(m.away_from, names, one_table=one) if m.away_from else None,
            )
        )
    return tuple(out)
