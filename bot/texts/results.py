"""Texts of result entry that are not the result itself (that is bot.texts.chat): /sonuc
without a score, the questions a line gets instead of being stored (a typo's teams, a
played match, a captain's result) and their buttons' labels and answers."""

from __future__ import annotations

SONUC_HOW = "Skoru yazın. Örnek: /sonuc Kartallar 3-1 Şahinler"

# Button labels; the handler puts them on the question (bot.handlers.results).
CHANGE, CANCEL = "Değiştir", "Vazgeç"
CONFIRM, REJECT = "Onayla", "Reddet"

CANCELLED = "Vazgeçildi; hiçbir şey değişmedi."
CHANGING = "Sonuç değiştiriliyor…"


def which_team(wrong: str) -> str:
    """A line naming no team as spelled: the question above the closest teams' buttons."""
    return f'"{wrong[:40]}" adında takım yok. Hangisini demek istediniz?'


def chosen(team: str) -> str:
    return f"Seçilen: {team}"
