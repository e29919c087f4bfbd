"""The one notice of a member's folded burst (bot/runtime/budget.py), and the answer to a
button press that waits behind its chat's earlier messages (bot/runtime/presses.py)."""

from __future__ import annotations

# A toast under the pressed button (Telegram's limit: 200 characters).
PRESS_QUEUED = "⏳ Sırada: önceki mesajlar işlenince yapılacak."


def folded_notice(name: str) -> str:
    who = f"{name}, kısa" if name else "Kısa"
    return (
        f"⏳ {who} sürede çok soru geldi: grubu meşgul etmemek için art arda gelenleri"
        " cevaplamıyorum (sonuçlar yine kaydedilir). Birkaç saniye arayla sorarsanız"
        " hepsini cevaplarım."
    )
