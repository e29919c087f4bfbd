"""Texts of the organisers' commands."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts import forfeits
from bot.texts.common import tie_rule
from bot.texts.discipline import yellow_rule
from bot.texts.schedule import leads
from bot.usecases import reminder_settings
from domain import tiebreak
from domain.settings import TournamentSettings
from storage.records import Tournament

YETKILI_HOW = "Düzenleyen eklemek için kişinin bir mesajına /yetkili diye yanıt verin."
KURA_HOW = "Kurada önde çıkan takımı yazın. Örnek: /kura Kartallar"


def organiser_added(name: str) -> str:
    return f"👍 {name} artık bu turnuvanın düzenleyenlerinden."


def no_tie(team: str) -> str:
    return f"{team} için kurayla çözülecek bir eşitlik yok."


def lot_recorded(order: Sequence[str], filled: Sequence[str]) -> str:
    text = "🎲 Kura kaydedildi: " + " → ".join(order)
    if filled:
        text += "\nEşleşmeler: " + " · ".join(filled)
    return text


def _minutes(s: TournamentSettings) -> str:
    """The match's minutes as the set-up took them ("24+6": 24 dk + 6 dk), though the plan
    keeps half-time inside the match (26 + 4)."""
    if s.match_minutes is None or s.changeover is None:
        return "Maç ? dk + ? dk değişim"
    half = s.half_time or 0
    text = f"Maç {s.match_minutes - half} dk + {s.changeover + half} dk değişim"
    return text + (f" ({half} dk devre arası dahil)" if half else "")


def settings(t: Tournament) -> str:
    s = t.settings
    squad = s.squad
    return "\n".join(
        [
            f"⚙️ {t.name}",
            f"• Saha: {', '.join(s.pitches)}",
            f"• {_minutes(s)}",
            f"• {tie_rule(tiebreak.stored(s.tie_break))} (değiştirmek için: /ayarlar esitlik)",
            f"• Saat dilimi: {s.time_zone}",
            f"• Kaptanlar sonuç girebilir: {'evet' if s.captains_may_enter_results else 'hayır'}",
            f"• Hatırlatma: {leads(*reminder_settings.leads(s))}",
            f"• Kadro kontrolü: {f'en az {squad} kişi' if squad else 'kapalı'}",
            f"• Hükmende puan silme: {'açık' if s.forfeit_deduction else 'kapalı'}",
            f"• Çekilen takım: {forfeits.rule_of(s)}",
            f"• {yellow_rule(s.yellow_limit)}",
            SETTINGS_HOW,
        ]
    )


TAKIM_ADI_HOW = (
    "Yeni adı yazın. Örnek: /takim_adi Kartallar = Kara Kartallar"
    " (numaralı takım için: /takim_adi 3 Kartallar)"
)
SETTINGS_HOW = (
    "Örnek: /ayarlar kaptan_sonuc acik (ya da kapali) · /ayarlar kadro 7 (ya da kapat)"
    " · /ayarlar esitlik averaj, atılan gol, aralarındaki maç · /hatirlatma 60 15"
)


SQUAD_HOW = (
    f"Kadro {reminder_settings.SQUAD[0]} ile {reminder_settings.SQUAD[1]} kişi arasında"
    " bir sayı olmalı."
    " Örnek: /ayarlar kadro 7 (kapatmak için: /ayarlar kadro kapat)"
)


def renamed(old: str, new: str) -> str:
    return f"✏️ {old} artık {new}."


def squad(size: int | None) -> str:
    if size is None:
        return "Kadro kontrolü kapatıldı: kaptanlara kaç kişi oldukları sorulmayacak."
    return (
        f'👍 Kaptan hatırlatmasında "Kaç kişisiniz?" diye soracağım; {size} kişiden az'
        " olan takımı size hemen bildireceğim."
    )


def captains_results(on: bool) -> str:
    if on:
        return (
            "Kaptanlar artık kendi maçlarının sonucunu yazabilir; rakip kaptan onaylayınca"
            " kaydedilir."
        )
    return "Sonuçları yalnızca düzenleyenler girebilir."
