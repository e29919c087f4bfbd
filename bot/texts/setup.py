"""The guided set-up's questions and the summary before [Oluştur]."""

from __future__ import annotations

from bot.texts.common import day, duration, hm

ASK_NAME = "🏆 Yeni turnuva! Turnuvanın adı ne? (Örnek: Bahar Kupası)\nVazgeçmek için /iptal"
ASK_TEAMS = (
    "Takımları yazın: her satıra bir takım ya da virgülle ayırarak (2 ile 64 arası).\n"
    "Örnek: Kartallar, Şahinler, Aslanlar, Kaplanlar"
)
ASK_FORMAT = "Nasıl oynansın?"
ASK_GROUPS = "Kaç grup olsun? (Örnek: 2)"
ASK_PITCHES = "Kaç saha var? (Örnek: 2)"
ASK_KICKOFF = 'İlk maç ne zaman? (Örnek: "6 Aralık 10:00", "yarın 20:00", "cumartesi 10:00")'
ASK_SLOT = 'Maç süresi + maçlar arası değişim kaç dakika? (Örnek: "24+6", "26+4")'
ASK_THIRD = "Üçüncülük maçı oynansın mı?"
ASK_TIEBREAK = "Puan eşitliğinde hangi kural? (Varsayılan: TFF)"
FORMATS = (
    ("groups", "Gruplar + eleme"),
    ("league", "Lig"),
    ("double", "Çift devreli lig"),
    ("knockout", "Eleme"),
)
TIEBREAKS = (("tff", "TFF"), ("uefa", "UEFA"), ("fifa", "FIFA"), ("makale", "Averaj önce"))
TIMED_OUT = (
    "Kurulum 30 dakika sessiz kaldığı için iptal edildi. Yeniden başlamak için /yeni_turnuva"
)
FORMAT_HOW = "Düğmeye basın ya da yazın: Gruplar + eleme, Lig, Çift devreli lig, Eleme"
THIRD_HOW = "Düğmeye basın ya da yazın: Evet ya da Hayır"
TIEBREAK_HOW = "Düğmeye basın ya da yazın: TFF, UEFA, FIFA ya da Makale"
CANCELLED = "Kurulum iptal edildi; hiçbir şey kaydedilmedi."
NOTHING_TO_CANCEL = "İptal edilecek bir işlem yok."
CREATING = "Oluşturuluyor…"


def summary(
    name: str,
    teams: int,
    format_label: str,
    groups: int,
    pitches: int,
    kickoff,  # noqa: ANN001 - datetime
    match: int,
    changeover: int,
    third: bool,
    tiebreak: str,
    matches: int,
    end,  # noqa: ANN001 - datetime
) -> str:
    minutes = int((end - kickoff).total_seconds() // 60)
    lines = [
        f"📋 {name}",
        f"• {teams} takım · {format_label}" + (f" · {groups} grup" if groups > 1 else ""),
        f"• {pitches} saha · ilk maç {day(kickoff)} {hm(kickoff)}",
        f"• Maç {match} dk + {changeover} dk değişim",
        f"• Üçüncülük maçı: {'var' if third else 'yok'} · eşitlik: {tiebreak.upper()}",
        f"• {matches} maç, gün sonu {hm(end)} ({duration(minutes)})",
        "",
        "Her şey doğru mu?",
    ]
    return "\n".join(lines)
