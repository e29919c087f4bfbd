"""Texts of /hafta_ertele: the group's one message, the captains' notices, refusals."""

from __future__ import annotations

from bot.texts import schedule
from bot.texts.common import MONTHS, hm, pairing
from bot.usecases.schedule import Moved, Notice
from bot.usecases.weeks import BadWeek, NoPlayoff, Playoff, Undated
from domain.model import PlannedMatch
from domain.weekmoves import WeekError

HOW = (
    "Örnek: /hafta_ertele 3 (3. hafta ve sonraki haftalar birer hafta kayar)"
    " ya da /hafta_ertele 3 7 Şubat (yalnız 3. hafta o güne)"
)


def _date(m: PlannedMatch) -> str:
    return f"{m.start.day} {MONTHS[m.start.month - 1]}"


def moved(moved: Moved) -> str:
    """One line per week: its old and new match day; the first week's matches in full."""
    weeks: dict[int, tuple[PlannedMatch, PlannedMatch]] = {}
    for old, new in moved.changes:
        weeks.setdefault(new.week or 0, (old, new))
    first = min(weeks)
    lines = [f"📅 {first}. hafta ertelendi ({len(moved.changes)} maç):"]
    lines += [f"{w}. hafta: {_date(old)} → {_date(new)}" for w, (old, new) in sorted(weeks.items())]
    lines += [
        f"{new.no}. {_date(new)} {hm(new.start)} {new.pitch} {pairing(new)}"
        for _, new in moved.changes
        if new.week == first
    ]
    lines.append("Hatırlatmalar yeni günlere göre. Program: /fikstur")
    return "\n".join(lines)


def captain_notice(notice: Notice) -> str:
    old, new = notice.old, notice.new
    opponent = new.away if new.home == notice.team else new.home
    return (
        f"📅 {notice.team}: {new.week}. hafta maçınızın günü değişti.\n"
        f"Maç {new.no} · rakip {opponent or '?'} · {new.pitch}\n"
        f"{_date(old)} {hm(old.start)} → {_date(new)} {hm(new.start)}"
    )


def refusal(exc: Exception) -> str:
    match exc:
        case BadWeek() if exc.reason == "no_weeks":
            return "Bu turnuva tek günde oynanıyor; maç haftası yok. Tek maç için: /ertele 7 11:30"
        case BadWeek():
            return f"Hafta numarasını yazın. {HOW}"
        case WeekError() if exc.reason == "no_week":
            return f"{exc.week}. hafta yok. {HOW}"
        case WeekError() if exc.reason == "nothing_open":
            return f"{exc.week}. haftanın bütün maçları oynandı; kaydırılacak maç yok."
        case WeekError() if exc.reason == "past":
            return f"Geçmiş bir gün verildi. {HOW}"
        case WeekError() if exc.reason == "clash" and exc.other is not None:
            other = exc.other
            return (
                f"O gün {hm(other.start)} {other.pitch} {pairing(other)} ({other.no}. maç) var;"
                f" {exc.week}. hafta aynı saatlere sığmıyor. Başka bir gün verin ya da"
                f" /hafta_ertele {exc.week} (sonraki haftalar da kayar)."
            )
    return schedule.refusal(exc)


PLAYOFF_HOW = "Örnek: /playoff (sıradaki boş maç günü) ya da /playoff 7 Mart 15:00"


def playoff(p: Playoff) -> str:
    m = p.match
    return (
        f"⚔️ Play-off planlandı: {pairing(m)}, {_date(m)} {hm(m.start)} {m.pitch}"
        f" ({m.no}. maç). Kazanan sırada üstte yer alır; sonucu her maç gibi yazın,"
        f" ör. {m.home} 2-1 {m.away}"
    )


def playoff_refusal(exc: Exception) -> str:
    match exc:
        case NoPlayoff() if exc.reason == "lot":
            return "Bu eşitlik kurayla bozulur (play-off değil). Kura sonucunu yazın: /kura Takım"
        case NoPlayoff() if exc.reason == "many":
            return (
                f"{len(exc.teams)} takım eşit: {', '.join(exc.teams)}. Play-off iki takım"
                " arasında; sırayı kurayla belirleyin: /kura Takım"
            )
        case NoPlayoff() if exc.reason == "planned" and exc.match is not None:
            m = exc.match
            return f"Play-off zaten planlı: {pairing(m)}, {_date(m)} {hm(m.start)} ({m.no}. maç)."
        case NoPlayoff():
            return (
                "Play-off gereken bir eşitlik yok: biten bir puan tablosunda her kuralla eşit"
                " kalan iki takım olmalı. Tablo: /puan"
            )
    return refusal(exc)


def undated(u: Undated) -> str:
    m = u.match
    return (
        f"📅 Maç {m.no} ertelendi: {pairing(m)}, tarihi belli değil. Hatırlatma gitmeyecek."
        f" Gün belli olunca: /ertele {m.no} 7 Şubat 15:10"
    )


def undated_notice(match: PlannedMatch, team: str) -> str:
    opponent = match.away if match.home == team else match.home
    return (
        f"📅 {team}: {_date(match)} {hm(match.start)} maçınız (rakip {opponent or '?'})"
        " ertelendi, yeni tarihi belli değil. Belli olunca size yazarım."
    )


def waiting(matches: list[PlannedMatch]) -> str:
    """The matches still without a date, for a view's last lines."""
    return "\n".join(f"{m.no}. {pairing(m)}: tarihi belli değil" for m in matches)
