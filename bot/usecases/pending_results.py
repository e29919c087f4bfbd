"""What the bot waits for after a result line it asked about: a typo's choice of team, a
correction of a played match, a captain's result awaiting the other captain.

Each is a typed value a use case stores (one per chat and person, bot.usecases.
conversations) in the same unit of work as the question, so it survives a restart; the
older rows' shapes are read too, so an upgrade loses no waiting question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PENDING = "pending_result"  # the older rows' kind of a typo's choice or a correction
CONFIRM = "captain_result"  # a captain's result awaiting the other captain
TYPO, CORRECTION = "result_typo", "result_correction"


@dataclass(frozen=True)
class TypoChoice:
    """A line naming no team as spelled ("Kartalar"): the teams its buttons offer;
    `events`: the scorers and cards typed under it, as typed (their sides the line's, in
    its order: domain.eventlines reads them), entered with the line once a team is
    pressed."""

    text: str
    wrong: str
    options: tuple[str, ...]
    events: str = ""


@dataclass(frozen=True)
class Correction:
    """A line for a played match: [Değiştir] stores it in place of the stored result;
    `events`: the scorers and cards typed under it (domain.eventnotes.event_lines, its
    first side `first`), which then replace the match's."""

    text: str
    events: str = ""
    first: str = ""


@dataclass(frozen=True)
class CaptainResult:
    """A captain's line (captains' results on), until the other side's captain answers;
    `events`: his side's scorers and cards typed under it (domain.eventnotes.event_lines,
    its first side `first`), stored with the result when it is confirmed; `team`: his."""

    text: str
    match: int
    events: str = ""
    first: str = ""
    team: str = ""


Pending = TypoChoice | Correction | CaptainResult
KINDS: dict[type, str] = {TypoChoice: TYPO, Correction: CORRECTION, CaptainResult: CONFIRM}


def pending_of(row: dict[str, Any] | None) -> Pending | None:
    """The stored state as its dataclass; None for another kind (a set-up, a claim) or
    none. Reads the older rows too: one kind "pending_result" for a typo's choice (with
    its options) and a correction."""
    if row is None:
        return None
    kind, text = row.get("kind"), str(row.get("text") or "")
    if kind == TYPO or (kind == PENDING and row.get("options")):
        wrong, options = str(row.get("wrong") or ""), tuple(row.get("options") or ())
        return TypoChoice(text, wrong, options, str(row.get("events") or ""))
    if kind in (CORRECTION, PENDING):
        return Correction(text, str(row.get("events") or ""), str(row.get("first") or ""))
    if kind == CONFIRM and isinstance(row.get("match"), int):
        extra = {k: str(row.get(k) or "") for k in ("events", "first", "team")}
        return CaptainResult(text, row["match"], **extra)
    return None
