"""The one notice of a member's folded flood (bot/runtime/budget.py)."""

from __future__ import annotations


def folded_notice(name: str) -> str:
    who = f"{name}, kısa" if name else "Kısa"
    return (
        f"⏳ {who} sürede çok soru geldi: grubu meşgul etmemek için bir dakika kadar"
        " sorularınızı cevaplamıyorum (sonuçlar yine kaydedilir). Biraz sonra yeniden sorun."
    )
