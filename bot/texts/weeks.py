"""Texts of /hafta_ertele: the group's one message, the captains' notices, refusals."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot import render
from bot.render import Row
from bot.texts import fixture, schedule
from bot.texts.common import MONTHS, hm, pairing
from bot.texts.reminders import dating
from bot.usecases.schedule import Moved, Notice
from bot.usecases.weeks import BadWeek, NoPlayoff, Playoff, Undated
from domain.model import PlannedMatch
from domain.selection import Selection
from domain.weekmoves import WeekError

UNDATED = "Tarihi belli değil"
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
    """Every moved match of the captain's team, one line each, and a correction where a
    reminder went out already with the old day."""
    many = len(notice.changes) > 1
    head = f"{len(notice.changes)} maçınızın" if many else f"{notice.new.week}. hafta maçınızın"
    lines = [f"📅 {notice.team}: {head} günü değişti."]
    for old, new in notice.changes:
        opponent = new.away if new.home == notice.team else new.home
        week = f"{new.week}. hafta · " if many and new.week else ""
        lines.append(f"{week}Maç {new.no} · rakip {opponent or '?'} · {new.pitch}")
        lines.append(f"{_date(old)} {hm(old.start)} → {_date(new)} {hm(new.start)}")
    by_no = {old.no: (old, new) for old, new in notice.changes}
    lines += [
        f"⚠️ Düzeltme: hatırlatmadaki {_date(by_no[no][0])} {hm(by_no[no][0].start)} geçersiz,"
        f" maç {no} {_date(by_no[no][1])} {hm(by_no[no][1].start)}."
        for no in notice.reminded
        if no in by_no
    ]
    return "\n".join(lines)


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


def playoff(p: Playoff) -> str:
    m = p.match
    said = (
        f"⚔️ Play-off planlandı: {pairing(m)}, {_date(m)} {hm(m.start)} {m.pitch}"
        f" ({m.no}. maç). Kazanan sırada üstte yer alır; sonucu her maç gibi yazın,"
        f" ör. {m.home} 2-1 {m.away}"
    )
    if not p.moved:
        return said
    old, new = p.moved[0]
    minutes = int((new.start - old.start).total_seconds() // 60)
    return (
        f"{said}\n⏱ Eleme maçları play-off'u bekler: {len(p.moved)} maç {minutes} dk sonra."
        f" İlk eleme maçı {hm(new.start)} ({hm(old.start)} yerine). Program: /fikstur metin"
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


def undated(u: Undated, now: datetime) -> str:
    m = u.match
    fits = " (o gün boş bir saat)" if u.example is not None else ""
    return (
        f"📅 Maç {m.no} ertelendi: {pairing(m)}, tarihi belli değil. Hatırlatma gitmeyecek."
        f" Gün belli olunca: {dating(m.no, u.example, now)}{fits}"
    )


def undated_notice(match: PlannedMatch, team: str) -> str:
    opponent = match.away if match.home == team else match.home
    return (
        f"📅 {team}: {_date(match)} {hm(match.start)} maçınız (rakip {opponent or '?'})"
        " ertelendi, yeni tarihi belli değil. Belli olunca size yazarım."
    )


def fixture_text(
    name: str,
    played: Sequence[Row],
    chosen: Selection,
    waits: Sequence[PlannedMatch],
    now: datetime,
) -> str:
    """/fikstur metin (and a bystander's "maçlar ne zaman"): the matches `chosen` of all
    those `played` so far, the next slot marked, then the matches still without a date."""
    rows = list(chosen.rows)
    upcoming = render.next_shown(rows, played, now, kind=chosen.kind)
    text = fixture.fixture(
        name, rows, chosen.title, upcoming=upcoming, waiting=render.missing(rows, now)
    )
    return text + "\n\n" + waiting(waits) if waits else text


def waiting(matches: Sequence[PlannedMatch]) -> str:
    """The matches still without a date, for a view's last lines."""
    lines = [f"⏸ {UNDATED}:"]
    for m in matches:
        week = f" ({m.week}. hafta)" if m.week else ""
        lines.append(f"{m.no}. {pairing(m)}{week}")
    return "\n".join(lines)
