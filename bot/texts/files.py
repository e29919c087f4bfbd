"""Words inside pictures, the printable card, calendar and CSV files, and their captions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime

from bot.texts.common import MONTHS, WEEKDAYS, day, pairing
from domain import names, when
from domain.model import PlannedMatch, Score

TABLE_HEAD = ("#", "Takım", "O", "G", "B", "M", "A", "Y", "AV", "P")
TABLE_LEGEND = "O oynanan · G galibiyet · B beraberlik · M mağlubiyet · A atılan · Y yenen · P puan"
FIXTURE = "Fikstür"
TABLE = "Puan durumu"
GROUP_TABLE = "{label} Grubu"
BRACKET = "Eleme tablosu"
BRACKET_LEGEND = (
    "Kalın: maçı kazanan · pen.: seri penaltı atışlarında attığı gol · (H): hükmen galibiyet"
    " · sarı kutu: sıradaki maç · çizgi: kazananın gideceği maç"
)
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


# A fixture picture shows at most 135 matches (Telegram's photo limits); the rest:
MORE_MATCHES = "+{count} maç daha: /fikstur grup A · /fikstur bugün · /yazdir"
MORE_WEEKS = "+{count} maç daha: /fikstur hafta {week} · /fikstur {team} · /yazdir"

# The printable card.
CARD_SCHEDULE = "Maç programı"
CARD_HEAD = ("No", "Saat", "Saha", "Aşama", "Ev sahibi", "Skor", "Deplasman")
CARD_SEASON_HEAD = ("No", "Saat", "Saha", "Tarih", "Ev sahibi", "Skor", "Deplasman")
CARD_TABLES = "Puan durumu (elle doldurun)"
CARD_UNDATED = "Tarihi belli değil"  # /ertele 14 belirsiz: listed under the schedule
CARD_TABLES_FINAL = "Son puan durumu"


def card_tables_filled(at: str) -> str:
    return f"Puan durumu ({at} itibarıyla; sonrasını elle doldurun)"


CARD_RULES = "Eşitlik kuralı"
CARD_CHECKS = "Kontrol listesi"
CARD_TEAMS_HEAD = ("Takım", "Maç", "Oyun süresi")
CARD_FOOTER = "Turnuva Botu · {printed} tarihinde basıldı · sayfa {page}/{pages}"


def card_checks(
    matches: int, fewest: int, most: int, low: int, high: int, end: str, season: str = ""
) -> list[str]:
    """The checklist's lines; a season's last line is its weeks (`season`), not one day's
    end."""
    same = fewest == most
    per_team = f"{fewest}" if same else f"en az {fewest}, en çok {most}"
    minutes = f"{low} dk" if low == high else f"en az {low} dk, en çok {high} dk"
    return [
        f"Toplam maç: {matches}",
        f"Takım başına maç: {per_team}",
        f"Takım başına oyun süresi: {minutes}",
        season_checks(season, end) if season else f"Gün sonu: {end}",
    ]


def season_checks(span: str, end: str) -> str:
    """ "Maç haftaları: 7 (10 Ocak – 4 Nisan 2027); maç günlerinin sonu en geç 16:20"."""
    return f"Maç haftaları: {span}; maç günlerinin sonu en geç {end}"


def week_day(on: date) -> str:
    """ "31 Ocak Pazar": a match week's day (and a match moved off it, in its list)."""
    return f"{on.day} {MONTHS[on.month - 1]} {WEEKDAYS[on.weekday()]}"


def week_heading(week: int, on: date) -> str:
    """A season league's match week over its matches: "3. hafta · 31 Ocak Pazar"."""
    return f"{week}. hafta · {week_day(on)}"


def days_span(first: datetime, last: datetime | None) -> str:
    """ "17 Ocak 2027 Pazar" for one day; "17 Ocak – 28 Şubat 2027" for a season."""
    if last is None or last.date() == first.date():
        return day(first)
    head = f"{first.day} {MONTHS[first.month - 1]}"
    if first.year != last.year:
        head += f" {first.year}"
    return f"{head} – {last.day} {MONTHS[last.month - 1]} {last.year}"


_MONTH_NAMES = {names.fold(m): m for m in MONTHS}


def _calendar_words(title: str) -> str:
    """A typed day's weekday and month names as Turkish writes them ("pazar" -> "Pazar",
    "carsamba" -> "Çarşamba", "17 ocak" -> "17 Ocak"); other words as typed."""
    words = []
    for word in title.split():
        folded = names.fold(word)
        if folded in when.WEEKDAYS:
            word = WEEKDAYS[when.WEEKDAYS[folded]]
        words.append(_MONTH_NAMES.get(folded, word))
    return " ".join(words)


# Captions (Telegram allows 1024 characters; these stay short).
def fixture_head(
    name: str, first: datetime, title: str | None, last: datetime | None = None
) -> str:
    """The first line of the fixture, as text and as the picture's caption; with `last`
    (a season's last match) the span of days. A day asked for by its date ("17 Ocak")
    is said once: "Pazar Ligi: 17 Ocak 2027 Pazar", not "17 Ocak · 17 Ocak 2027 Pazar"."""
    span = days_span(first, last)
    title = _calendar_words(title) if title else title
    if title and names.tr_lower(f"{span} ").startswith(names.tr_lower(f"{title.strip()} ")):
        return f"📅 {name}: {span}"
    return f"📅 {name}: {title or 'fikstür'} · {span}"


def fixture_caption(
    name: str,
    first: datetime,
    title: str | None,
    played: int,
    total: int,
    last: datetime | None = None,
    *,
    forfeits: int = 0,
    undated: int = 0,
    wanted: str = "",
) -> str:
    """The head (a season's: its span, to `last`), how many of the matches shown have a
    result (a forfeit is one, said apart: it was not played) and how many more wait for a
    date, counted with the shown ones as the page counts them (`total` the dated ones);
    the text form of the same choice (`wanted`: what followed /fikstur)."""
    head = fixture_head(name, first, title, last)
    total += undated  # a match without a date is still one of them: 0/28, never 0/27
    if forfeits:
        count = f"{played}/{total} maçın sonucu belli ({forfeits} hükmen)."
    else:
        count = f"{played}/{total} maç oynandı."
    if undated:
        count += f" Tarihi belli olmayan: {undated} maç."
    asked = f"/fikstur {wanted} metin" if wanted else "/fikstur metin"
    return f"{head}\n{count} Metin için: {asked}"


def undated_note(matches: Sequence[PlannedMatch]) -> str:
    """The picture's line for the matches without a date."""
    shown = ", ".join(
        f"{m.no}. maç {pairing(m)}" + (f" ({m.week}. hafta)" if m.week else "") for m in matches
    )
    return f"Tarihi belli değil: {shown}"


def table_caption(name: str) -> str:
    return f"📊 {name}: puan durumu. Metin için: /puan metin"


def bracket_caption(name: str) -> str:
    return f"🏆 {name}: eleme tablosu"


NO_KNOCKOUT = "Bu turnuvada eleme turu yok. Puan durumu için /puan yazın."
NO_MATCHES = "Bu seçime uyan maç yok. Örnek: /fikstur, /fikstur Kartallar, /fikstur grup A"


def card_caption(name: str, title: str | None = None) -> str:
    """`title`: the choice printed (/yazdir Kartallar), else the whole fixture."""
    whose = f" – {title}" if title else ""
    return f"🖨 {name}{whose}: A4 fikstür kartı (siyah-beyaz basılabilir)."


def calendar_caption(name: str, team: str | None, count: int, undated: int = 0) -> str:
    """`count` events; `undated` matches waiting for a date have none until they get one."""
    whose = f"{team} maçları" if team else ("tarihi belli maçlar" if undated else "tüm maçlar")
    later = f" Tarihi belli olmayan {undated} maç, tarihi verilince eklenir." if undated else ""
    return (
        f"🗓 {name}: {whose} ({count} maç).{later} Dosyayı açın, takviminize eklensin;"
        " saat değişirse yeni dosyayı yeniden açmanız yeterli, etkinlikler güncellenir."
    )


def export_caption(name: str) -> str:
    return f"📄 {name}: maçlar ve sonuçlar (CSV, Excel'de açılır)."


# Calendar events.
def event_summary(home: str, away: str, stage: str) -> str:
    return f"{home} - {away} ({stage})"


def event_description(name: str, no: int, score: str | None, week: str | None = None) -> str:
    """ "Pazar Ligi, 8. maç · 2. hafta · 24 Ocak Pazar. Sonuç: 2-1": a season's match
    says its week and the week's day (a moved match keeps its week)."""
    text = f"{name}, {no}. maç" + (f" · {week}" if week else "")
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
    "Durum",
)
CSV_UNDATED = "Tarihi belli değil"  # /ertele 14 belirsiz: its date and time left empty


# The events CSV's columns, and each kind of event in words (issue 22).
EVENTS_HEAD = ("Maç", "Tarih", "Aşama", "Takım", "Oyuncu", "Forma", "Olay")
EVENT_WORDS = {
    "goal": "Gol",
    "own_goal": "Kendi kalesine",
    "yellow": "Sarı kart",
    "second_yellow": "İki sarıdan kırmızı",
    "red": "Kırmızı kart",
    "yellow_red": "Sarıdan sonra kırmızı",
}


def events_caption(name: str) -> str:
    return f"📄 {name}: goller ve kartlar (CSV, Excel'de açılır)."


def file_stem(name: str) -> str:
    """A file name from the tournament's name: 'Bahar Kupası' -> 'bahar-kupasi'."""
    ascii_ = names.tr_lower(name).translate(str.maketrans("çğıöşü", "cgiosu"))
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-")
    return stem or "turnuva"
