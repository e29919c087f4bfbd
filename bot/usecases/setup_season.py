"""A season league's answers in the guided set-up: the rhythm, the first match day and the
days to skip, each kept in the season's dict (setup_spec.season_data's keys).

The rhythm may carry the other two ("her pazar 14:00-17:00 | 15 Ocak'tan itibaren | 1
Şubat hariç"); what it did not say is asked after it (`told`). A changed rhythm keeps the
first day and the skipped days that still fall on it; a changed first day keeps the
skipped days after it. Pure: dicts in, dicts out (bot.usecases.setup_steps holds the rest).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time
from typing import Any

from domain import seasonwords, weekly
from domain.formreading import horizon
from domain.setuperrors import RhythmPartError
from domain.setupparts import Part
from domain.weekly import RhythmProblem

PARTS = ("first", "skip")  # the season's answers asked after its rhythm


def told(text: str) -> tuple[str, ...]:
    """The parts after the rhythm that `text` says: "first" ("… 'tan itibaren") and
    "skip" ("… hariç")."""
    parts = [p.strip() for p in text.replace("\n", "|").split("|")[1:] if p.strip()]
    found = []
    if any(weekly.is_from(p) for p in parts):
        found.append("first")
    if any(weekly.is_skip(p) for p in parts):
        found.append("skip")
    return tuple(found)


def _first(season: Mapping[str, Any]) -> date:
    return date.fromisoformat(season["first"])


def _kept_skip(season: Mapping[str, Any], first: date) -> list[str]:
    every = int(season["every_days"])
    kept = [
        d
        for d in season.get("skip") or ()
        if seasonwords.on_rhythm(date.fromisoformat(d), first, every)
    ]
    return kept


def merged(
    old: Mapping[str, Any] | None, new: Mapping[str, Any], said: tuple[str, ...], now: datetime
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The season after a new rhythm answer (`new`, which says the parts in `said`): an
    earlier first day and skipped days kept where the new rhythm did not say them and
    they still fall on it; with the parts now known. A part dropped is asked again."""
    out = dict(new)
    known = set(said)
    if old is None:
        return out, tuple(p for p in PARTS if p in known)
    if "first" not in said and old.get("first"):
        first = _first(old)
        opens = time.fromisoformat(out["opens"])
        ahead = datetime.combine(first, opens, now.tzinfo) >= now
        if first.weekday() == int(out["weekday"]) and ahead:
            out["first"] = first.isoformat()
            known.add("first")
    if "skip" not in said:
        kept = _kept_skip({**out, "skip": old.get("skip") or []}, _first(out))
        out["skip"] = kept
        if len(kept) == len(old.get("skip") or ()):
            known.add("skip")
    return out, tuple(p for p in PARTS if p in known)


def with_first(season: Mapping[str, Any], text: str, now: datetime) -> tuple[dict[str, Any], bool]:
    """The season from the first match day `text` says (a button's ISO date, or typed;
    seasonwords.read_first_day); with whether every skipped day was kept (those before the
    new first day, or off its rhythm, are dropped)."""
    opens = time.fromisoformat(season["opens"])
    weekday = int(season["weekday"])
    try:
        first = date.fromisoformat(text)
    except ValueError:
        first = seasonwords.read_first_day(text, weekday, opens, now)
    else:  # a button's date, checked as a typed one is
        if first.weekday() != weekday:
            raise RhythmPartError(Part.FIRST_DAY, text, RhythmProblem.OFF_WEEKDAY, first)
        horizon(Part.FIRST_DAY, text, datetime.combine(first, opens, now.tzinfo), now)
    out = {**season, "first": first.isoformat()}
    kept = _kept_skip(out, first)
    whole = len(kept) == len(season.get("skip") or ())
    return {**out, "skip": kept}, whole


def with_skip(season: Mapping[str, Any], text: str, now: datetime) -> dict[str, Any]:
    """The season with the days to skip `text` says ("yok": none)."""
    days = seasonwords.read_skip(text, _first(season), int(season["every_days"]), now.date())
    return {**season, "skip": [d.isoformat() for d in days]}
