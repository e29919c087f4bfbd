"""One "|"-separated part of the one-message form read: which Part its words name and the
value they say, or the FormError that says why it says it wrongly.

The form (domain.setupform) reads every part here first, then checks them together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import TypeVar

from domain import weekly
from domain.counts import parse_count, parse_number, split_unit
from domain.draw import MAX_GROUPS
from domain.names import fold
from domain.setuperrors import (
    BadCount,
    KickoffError,
    OutOfRange,
    Problem,
    RhythmPartError,
    SlotError,
    UnknownPart,
)
from domain.setupparts import MAX_ADVANCE, MAX_PITCHES, MAX_TEAMS, MIN_TEAMS, Format, Part
from domain.tiebreak import PRESET_NAMES
from domain.timewords import read_slot
from domain.weekly import Rhythm
from domain.when import (
    MONTHS,
    RELATIVE_DAYS,
    WEEKDAYS,
    BadDateTime,
    BadSlot,
    DateTimeProblem,
    OutOfHorizon,
    check_horizon,
    parse_kickoff,
    parse_slot,
)

__all__ = [
    "FORMAT_WORDS",
    "KNOCKOUT_WORDS",
    "THIRD_PLACE_WORDS",
    "Said",
    "horizon",
    "read_part",
    "value_of",
]

# Folded, with "+", "&", "ve" and "usulü" dropped: "Gruplar + Eleme" is "gruplar eleme".
FORMAT_WORDS: dict[str, Format] = {
    "lig": Format.LEAGUE,
    "tek devre": Format.LEAGUE,
    "tek devreli": Format.LEAGUE,
    "tek devreli lig": Format.LEAGUE,
    "cift devre": Format.DOUBLE,
    "cift devreli": Format.DOUBLE,
    "cift devreli lig": Format.DOUBLE,
    "rovansli": Format.DOUBLE,
    "rovansli lig": Format.DOUBLE,
    "gruplar eleme": Format.GROUPS,
    "grup eleme": Format.GROUPS,
    "gruplar": Format.GROUPS,
    "gruplu": Format.GROUPS,
    "eleme": Format.KNOCKOUT,
    "direkt eleme": Format.KNOCKOUT,
    "tek mac eleme": Format.KNOCKOUT,
}
_FORMAT_FILLERS = frozenset({"+", "&", "ve", "usulu", "sistemi", "format", "formati"})
THIRD_PLACE_WORDS: dict[str, bool] = {
    "ucunculuk": True,
    "ucunculuk var": True,
    "ucunculuk maci": True,
    "ucunculuk maci var": True,
    "ucunculuk yok": False,
    "ucunculuk maci yok": False,
}
# "TFF averajı", "uefa sıralaması": a preset name with these around it.
_TIEBREAK_FILLERS = frozenset(
    {"averaj", "averaji", "siralama", "siralamasi", "kural", "kurali", "kurallari"}
)
KNOCKOUT_WORDS: dict[str, str] = {
    "son 16": "round_of_16",
    "son 16 turu": "round_of_16",
    "ceyrek final": "quarter",
    "ceyrek finalden": "quarter",
    "yari final": "semi",
    "yari finalden": "semi",
    "sadece final": "final",
    "yalniz final": "final",
    "final": "final",
    "eleme yok": "none",
    "elemesiz": "none",
}
_ADVANCE = re.compile(r"(?:her\s+)?gruptan\s+(\S+)\s+(?:takim\s+)?(?:cikar|cikiyor|gecer|kalir)")
# A match's length said without "+": "25 dk", "25 dakika", "2x20" (two halves).
_SLOT_WORDS = re.compile(r"[0-9]\s*(?:dk|dak|dakika)|\b2\s*x\s*[0-9]")
_CLOCK = re.compile(r"[0-9]{1,2}[:.][0-9]{2}")
_DATE_WORDS = frozenset(MONTHS) | frozenset(WEEKDAYS) | {w for k in RELATIVE_DAYS for w in k}
_RANGES: dict[Part, tuple[int, int]] = {
    Part.TEAMS: (MIN_TEAMS, MAX_TEAMS),
    Part.GROUPS: (1, MAX_GROUPS),
    Part.PITCHES: (1, MAX_PITCHES),
}


_T = TypeVar("_T")
_Value = int | bool | str | Format | datetime | date | Rhythm | tuple[int, ...]


@dataclass(frozen=True)
class Said:
    """One recognised form part: which, its text as typed, and the value read."""

    part: Part
    text: str
    value: _Value


def value_of(said: dict[Part, Said], part: Part, kind: type[_T]) -> _T | None:
    """The value read for `part`, None if the form did not say it."""
    found = said.get(part)
    if found is None:
        return None
    if not isinstance(found.value, kind):
        raise TypeError(f"{part} read as {found.value!r}, not {kind.__name__}")
    return found.value


def _words(folded: str, fillers: frozenset[str]) -> str:
    spaced = folded.replace("+", " + ").replace("&", " & ")
    return " ".join(w for w in spaced.split() if w not in fillers)


def _looks_like_kickoff(folded: str) -> bool:
    return bool(_CLOCK.search(folded)) or any(w.strip(".,'") in _DATE_WORDS for w in folded.split())


def read_part(text: str, now: datetime) -> Said:
    """What one "|"-separated part says; raises a FormError if it says it wrongly."""
    folded = fold(text)
    number_text, unit = split_unit(folded)
    if unit is not None and number_text:
        lo, hi = _RANGES[unit]
        return Said(unit, text, parse_count(text, unit, lo, hi))
    if (fmt := FORMAT_WORDS.get(_words(folded, _FORMAT_FILLERS))) is not None:
        return Said(Part.FORMAT, text, fmt)
    if (third := THIRD_PLACE_WORDS.get(" ".join(folded.split()))) is not None:
        return Said(Part.THIRD_PLACE, text, third)
    if (preset := _words(folded, _TIEBREAK_FILLERS)) in PRESET_NAMES:
        return Said(Part.TIEBREAK, text, preset)
    if (stage := KNOCKOUT_WORDS.get(" ".join(folded.split()))) is not None:
        return Said(Part.KNOCKOUT, text, stage)
    if (advance := _ADVANCE.fullmatch(" ".join(folded.split()))) is not None:
        value = parse_number(advance.group(1))
        if value is None or not 1 <= value <= MAX_ADVANCE:
            raise BadCount(Part.ADVANCE, text, 1, MAX_ADVANCE, value)
        return Said(Part.ADVANCE, text, value)
    season = _season_part(text, now)
    if season is not None:
        return season
    worded = _SLOT_WORDS.search(folded) is not None  # "25 dk", "2x20", "20 dk + 5 dk ara"
    if "+" in folded or worded:  # "24+6" as the form's example; "24+" is no slot
        try:
            return Said(Part.SLOT, text, read_slot(text) if worded else parse_slot(text))
        except BadSlot as bad:
            raise SlotError(text, bad.reason) from None
    try:
        return Said(Part.KICKOFF, text, parse_kickoff(text, now))
    except BadDateTime as bad:
        if bad.reason is not DateTimeProblem.UNPARSED or _looks_like_kickoff(folded):
            raise KickoffError(text, bad.reason) from None
    raise UnknownPart(text)


def _season_part(text: str, now: datetime) -> Said | None:
    """A rhythm, a first day or a skip list, or None when the part is none of them."""
    try:
        if weekly.is_from(text):
            return Said(Part.FIRST_DAY, text, weekly.parse_from(text, now.date()))
        if weekly.is_skip(text):
            return Said(Part.SKIP, text, weekly.parse_skip(text, now.date()))
        if weekly.looks_like_rhythm(text):
            return Said(Part.RHYTHM, text, weekly.parse_rhythm(text))
    except weekly.RhythmError as bad:
        part = (
            Part.FIRST_DAY
            if weekly.is_from(text)
            else Part.SKIP
            if weekly.is_skip(text)
            else Part.RHYTHM
        )
        raise RhythmPartError(part, text, bad.problem, bad.day) from None
    return None


def horizon(part: Part, text: str, moment: datetime, now: datetime) -> None:
    """A day already past or more than when.MAX_DAYS_AHEAD days ahead never reaches the
    planner (a year 9999 overflows it)."""
    try:
        check_horizon(moment, now, text)
    except OutOfHorizon as out:
        reason = Problem.TOO_FAR if out.too_far else Problem.PAST
        raise OutOfRange(part, text, reason, moment.date()) from None
