"""Matches waiting for a date (/ertele 14 belirsiz) in the answers to questions: a week,
a team's next match, the matches or weeks left, the last match. Such a match is still to
play, so an answer that leaves it out would be false ("bu hafta bay", "maç kalmadı")."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.common import pairing, stage_label
from domain.model import PlannedMatch

UNDATED = "tarihi belli değil"
TOLD = "Tarihi verilince grupta duyurulur."


def one(match: PlannedMatch) -> str:
    """ "Kartallar – Dinamo Kadıköy (maç 8, 2. hafta)"."""
    return f"{pairing(match)} (maç {match.no}, {stage_label(match)})"


def listed(matches: Sequence[PlannedMatch]) -> str:
    return ", ".join(one(m) for m in matches)


def line(matches: Sequence[PlannedMatch]) -> str:
    """The note under a list of dated matches: "⏸ Tarihi belli değil: …"."""
    return f"⏸ Tarihi belli değil: {listed(matches)}"


def count(matches: Sequence[PlannedMatch]) -> str:
    """ "tarihi belli olmayan 1 maç"."""
    return f"tarihi belli olmayan {len(matches)} maç"


def opponent(team: str, match: PlannedMatch) -> str:
    return (match.away if match.home == team else match.home) or "?"


def yours(team: str, match: PlannedMatch, *, mine: bool = True, week: bool = True) -> str:
    """ "⏸ Kartallar: 2. hafta Dinamo Kadıköy maçınız ertelendi, tarihi belli değil." """
    when = f"{stage_label(match)} " if week else ""
    its = "maçınız" if mine else "maçı"
    return f"⏸ {team}: {when}{opponent(team, match)} {its} ertelendi, {UNDATED}."


def also(team: str, matches: Sequence[PlannedMatch], *, mine: bool = True) -> str:
    """Under a team's next dated match: its matches still waiting for a date."""
    its = "maçınız" if mine else "maçı"
    said = ", ".join(f"{opponent(team, m)} {its} ({stage_label(m)})" for m in matches)
    return f"⏸ Ertelenen {said}: {UNDATED}."
