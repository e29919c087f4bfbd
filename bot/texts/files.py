"""Words inside pictures, the printable card, calendar and CSV files, and their captions."""

from __future__ import annotations

import re
from datetime import datetime

from bot.texts.common import day
from domain import names
from domain.model import Score

TABLE_HEAD = ("#", "Takım", "O", "G", "B", "M", "A", "Y", "AV", "P")
TABLE_LEGEND = "O oynanan · G galibiyet · B beraberlik · M mağlubiyet · A atılan · Y yenen · P puan"
FIXTURE = "Fikstür"
TABLE = "Puan durumu"
GROUP_TABLE = "{label} Grubu"
BRACKET = "Eleme tablosu"
NEXT = "▶ Sıradaki maçlar"
WAITING = "⏳ Sonuç bekleniyor"
WAITING_PLAIN = "Sonuç bekleniyor"  # in a picture (the font has no ⏳)
NO_RESULT = "sonuç?"
PENALTIES = "pen. {home}-{away}"
CHAMPION = "🏆 Şampiyon: {team}"
CHAMPION_PLAIN = "Şampiyon: {team}"  # in a picture (no emoji glyph in the font)


def score(result: Score) -> str:
    """ "3-1", and with penalties "1-1 · pen. 4-3" (never cut after "pen.")."""
    text = f"{result.home_goals}-{result.away_goals}"
    if result.home_penalties is not None:
        pens = PENALTIES.format(home=result.home_penalties, away=result.away_penalties)
        text += f" · {pens}"
    return text + (" (H)" if result.forfeit else "")


def code_words(code: str) -> str:
    """What a plan code stands for: 1A, 3.1, W13 (G13), L13 (M13)."""
    if code[0] == "W":
        return f"G{code[1:]} = {code[1:]}. maçın galibi"
    if code[0] == "L":
        return f"M{code[1:]} = {code[1:]}. maçın mağlubu"
    if "." in code:
        place, rank = code.split(".", 1)
        return f"{code} = en iyi {place}.lerin {rank}.si"
    return f"{code} = {code[-1]} Grubu {code[:-1]}.si"


def legend(codes: list[str]) -> str:
    """The codes a picture shows, one example of each kind in words:
    "Kısaltmalar: 1A = A Grubu 1.si · G13 = 13. maçın galibi"."""
    kinds: dict[str, str] = {}
    for c in codes:
        kinds.setdefault(
            "W" if c[0] == "W" else "L" if c[0] == "L" else "." if "." in c else "g", c
        )
    return "Kısaltmalar: " + " · ".join(code_words(c) for c in kinds.values())


# A fixture picture shows at most 135 matches (Telegram's photo limits); the rest:
MORE_MATCHES = "+{count} maç daha: /fikstur grup A · /fikstur bugün · /yazdir"

# The printable card.
CARD_SCHEDULE = "Maç programı"
CARD_HEAD = ("No", "Saat", "Saha", "Aşama", "Ev sahibi", "Skor", "Deplasman")
CARD_TABLES = "Puan durumu (elle doldurun)"


def card_tables_filled(at: str) -> str:
    return f"Puan durumu ({at} itibarıyla; sonrasını elle doldurun)"


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
    """A second expensive file asked for within the rationing window (bot/runtime/rations.py)."""
    return (
        f"⏳ Biraz bekleyin: yeni bir dosya {max(1, round(seconds))} saniye sonra hazırlanabilir."
    )
