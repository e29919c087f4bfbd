"""/ayarlar esitlik: the tie-break order changed, or why not, and what to type."""

from __future__ import annotations

from bot.texts.common import tie_rule
from bot.texts.parts import quoted
from bot.usecases.organisers import RuleLocked
from domain import tiebreak

HOW = (
    "Eşitlik kuralını şöyle yazın: /ayarlar esitlik averaj, atılan gol, aralarındaki maç"
    " (sırayla; puan hep ilk ölçüttür). Hazır kurallar: /ayarlar esitlik tff · uefa · fifa"
    " · makale · halisaha. Ölçütler: averaj, atılan gol, galibiyet, aralarındaki maç,"
    " ikili averaj, ikili gol, fair play, hükmen"
)


def changed(rule: tiebreak.TieBreak) -> str:
    return f"✅ Eşitlik kuralı değişti. {tie_rule(rule)}\nPuan durumu için: /puan"


def refusal(exc: Exception, words: str) -> str | None:
    """The line for a refused /ayarlar esitlik; None for errors that are not about it."""
    match exc:
        case RuleLocked():
            return (
                f"Eşitlik kuralı ilk maçtan önce ilan edilir; {exc.played} maçın sonucu girildi,"
                f" kural artık değişmez. Geçerli kural: {tie_rule(exc.rule)}"
            )
        case tiebreak.UnknownPreset() | tiebreak.UnknownCriterion():
            return f'"{quoted(words)}" bir eşitlik kuralı olarak okunamadı. {HOW}'
        case tiebreak.TieBreakError():
            return f"Her ölçüt bir kez yazılır. {HOW}"
    return None
