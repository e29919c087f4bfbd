"""Words inside pictures, the printable card, calendar and CSV files, and their captions."""

from __future__ import annotations

import re
from datetime import datetime

from bot.texts.common import day
from domain import names

TABLE_HEAD = ("#", "Takım", "O", "G", "B", "M", "A", "Y", "AV", "P")
TABLE_LEGEND = "O oynanan · G galibiyet · B beraberlik · M mağlubiyet · A atılan · Y yenen · P puan"
FIXTURE = "Fikstür"
TABLE = "Puan durumu"
GROUP_TABLE = "{label} Grubu"
BRACKET = "Eleme tablosu"
NEXT = "▶ Sıradaki maçlar"
PENALTIES = "pen. {home}-{away}"
# A fixture picture shows at most 135 matches (Telegram's photo limits); the rest:
MORE_MATCHES = "+{count} maç daha: /fikstur grup A · /fikstur bugün · /yazdir"

# The printable card.
CARD_SCHEDULE = "Maç programı"
CARD_HEAD = ("No", "Saat", "Saha", "Aşama", "Ev sahibi", "Skor", "Deplasman")
CARD_TABLES = "Puan durumu (elle doldurun)"
CARD_RULES = "Eşitlik kuralı"
CARD_CHECKS = "Kontrol listesi"
CARD_TEAMS_HEAD = ("Takım", "Maç", "Oyun süresi")
CARD_FOOTER = "Turnuva Botu · {printed} tarihinde basıldı · sayfa {page}/{pages}"


def card_checks(matches: int, fewest: int, most: int, low: int, high: int, end: str) -> list[str]:
    same = fewest == most
    per_team = f"{fewest}" if same else f"en az {fewest}, en çok {most}"
    minutes = f"{low} dk" if low == high else f"en az {low} dk, en çok {high} dk"
    return [
        f"Toplam maç: {matches}",
        f"Takım başına maç: {per_team}",
        f"Takım başına oyun süresi: {minutes}",
        f"Gün sonu: {end}",
    ]


# Captions (Telegram allows 1024 characters; these stay short).
def fixture_head(name: str, first: datetime, title: str | None) -> str:
    """The first line of the fixture, as text and as the picture's caption."""
    return f"📅 {name}: {title or 'fikstür'} · {day(first)}"


def fixture_caption(name: str, first: datetime, title: str | None, played: int, total: int) -> str:
    head = fixture_head(name, first, title)
    return f"{head}\n{played}/{total} maç oynandı. Metin için: /fikstur metin"


def table_caption(name: str) -> str:
    return f"📊 {name}: puan durumu. Metin için: /puan metin"


def bracket_caption(name: str) -> str:
    return f"🏆 {name}: eleme tablosu"


NO_KNOCKOUT = "Bu turnuvada eleme turu yok. Puan durumu için /puan yazın."
NO_MATCHES = "Bu seçime uyan maç yok. Örnek: /fikstur, /fikstur Kartallar, /fikstur grup A"


def card_caption(name: str) -> str:
    return f"🖨 {name}: A4 fikstür kartı (siyah-beyaz basılabilir)."


def calendar_caption(name: str, team: str | None, count: int) -> str:
    whose = f"{team} maçları" if team else "tüm maçlar"
    return (
        f"🗓 {name}: {whose} ({count} maç). Dosyayı açın, takviminize eklensin;"
        " saat değişirse yeni dosyayı yeniden açmanız yeterli, etkinlikler güncellenir."
    )


def export_caption(name: str) -> str:
    return f"📄 {name}: maçlar ve sonuçlar (CSV, Excel'de açılır)."


# Calendar events.
def event_summary(home: str, away: str, stage: str) -> str:
    return f"{home} - {away} ({stage})"


def event_description(name: str, no: int, score: str | None) -> str:
    text = f"{name}, {no}. maç"
    return f"{text}. Sonuç: {score}" if score else text


CALENDAR_TEAM_NAME = "{name}: {team}"

# CSV columns.
CSV_HEAD = (
    "Maç",
    "Tarih",
    "Saat",
    "Saha",
    "Aşama",
    "Grup",
    "Ev sahibi",
    "Deplasman",
    "Ev gol",
    "Deplasman gol",
    "Ev penaltı",
    "Deplasman penaltı",
)


def file_stem(name: str) -> str:
    """A file name from the tournament's name: 'Bahar Kupası' -> 'bahar-kupasi'."""
    ascii_ = names.tr_lower(name).translate(str.maketrans("çğıöşü", "cgiosu"))
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-")
    return stem or "turnuva"


def wait(seconds: float) -> str:
    """A second expensive file asked for within the rationing window (bot/rations.py)."""
    return (
        f"⏳ Biraz bekleyin: yeni bir dosya {max(1, round(seconds))} saniye sonra hazırlanabilir."
    )
