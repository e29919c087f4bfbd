"""What the bot says on its own initiative: reminders, result nudges, headcount answers.

Read on a phone at the pitch: the first line says everything, the rest is detail.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time, timedelta

from bot.texts import moments
from bot.texts.common import MONTHS, at, duration, hm, pairing, side
from domain.model import PlannedMatch, Score

DEEP_LINK_PAYLOAD = "hatirlatma"


def minutes_text(minutes: int) -> str:
    """ "30 dk", "90 dk", "3 sa", "2 sa 30 dk": minutes up to two hours, as people say them."""
    minutes = max(1, minutes)
    return f"{minutes} dk" if minutes < 120 else duration(minutes)


def group_reminder(start: datetime, matches: Sequence[PlannedMatch], minutes: int) -> str:
    """One message per time slot: every match kicking off then, pitch by pitch."""
    lines = [f"⏰ {hm(start)} maçları ({minutes_text(minutes)} sonra)"]
    lines += [f"{m.pitch}: {pairing(m)}" for m in sorted(matches, key=lambda m: m.pitch)]
    return "\n".join(lines)


def captain_reminder(team: str, match: PlannedMatch, minutes: int, ask_headcount: bool) -> str:
    home = match.home == team
    opponent = side(match, not home)
    text = (
        f"⏰ {team} maçınız {minutes_text(minutes)} sonra: {hm(match.start)}, {match.pitch},"
        f" rakip {opponent}"
    )
    if ask_headcount:
        text += "\nKaç kişisiniz?"
    return text


def nudge(match: PlannedMatch) -> str:
    home, away = side(match, True), side(match, False)
    return (
        f"📝 Maç {match.no} ({home} – {away}) bitti ama sonuç yok;"
        f" yazmanız yeterli: {home} 2-1 {away}"
    )


def unreachable(teams: Sequence[str], bot_username: str) -> str:
    return (
        f"📵 Bu kaptanlara özelden yazamıyorum: {', '.join(teams)};"
        f" bota bir kez /start demeleri yeterli: {deep_link(bot_username)}"
    )


def deep_link(bot_username: str) -> str:
    return f"https://t.me/{bot_username}?start={DEEP_LINK_PAYLOAD}"


def headcount_thanks(team: str, match: PlannedMatch, count: int) -> str:
    return f"👍 Teşekkürler! {team}, {hm(match.start)} maçına {count} kişi olarak not edildi."


def headcount_short(team: str, match: PlannedMatch, count: int, squad: int) -> str:
    return (
        f"⚠️ {team} {hm(match.start)} maçına {count} kişi geliyor (kadro {squad})."
        f" Maç {match.no}, {match.pitch}, rakip {side(match, match.home != team)}."
    )


def headcount_gone() -> str:
    return "Bu maç için artık sayı alamıyorum (maç başladı ya da kaptanlık değişti)."


def started(next_match: str | None) -> str:
    """The answer to the deep link: reminders will come here."""
    text = "✅ Tamam, hatırlatmalar buraya gelecek."
    if next_match:
        text += "\n" + next_match
    return text


def evening_reminder(
    week: int | None,
    matches: Sequence[PlannedMatch],
    now: datetime,
    decided: Sequence[tuple[PlannedMatch, Score]] = (),
    undated: Sequence[PlannedMatch] = (),
) -> str:
    """A season's match day, told to the group the evening before: every match of it still
    to play (a match moved in from another week says so); one decided already (awarded
    hükmen, or played early) is told as decided, never as a match to come; one of the
    week waiting for a date (`undated`) as postponed."""
    first = min(matches, key=lambda m: (m.start, m.no))
    zone = first.start.tzinfo or now.tzinfo
    said = moments.day_word(first.start, now, zone) if zone else ""
    head = f"{week}. hafta" if week else "Maç günü"
    lines = [f"📅 {head} {said} ({first.start.day}.{first.start.month:02d}):"]
    for m in sorted(matches, key=lambda m: (m.start, m.pitch)):
        moved_in = f" ({m.week}. haftadan)" if week and m.week and m.week != week else ""
        lines.append(f"{hm(m.start)} {m.pitch}: {pairing(m)}{moved_in}")
    for m, score in decided:
        result = f"{m.home} {score.home_goals}-{score.away_goals} {m.away}"
        lines.append(f"Oynanmayacak: {result} (hükmen)" if score.forfeit else f"Oynandı: {result}")
    lines += [f"Ertelendi, tarihi belli değil: {pairing(m)}" for m in undated]
    lines.append('Kaptanlar sorabilir: "ne zaman oynuyoruz?"')
    return "\n".join(lines)


def dating(no: int, example: datetime | None, now: datetime) -> str:
    """ "/ertele 14 14 Mart 16:20": the command that dates match `no`, at `example` (a
    kick-off that fits) or, when no day has room, a week from `now` at 15:00."""
    at = example or (now + timedelta(days=7)).replace(hour=15, minute=0)
    return f"/ertele {no} {at.day} {MONTHS[at.month - 1]} {hm(at)}"


def undated_nudge(
    match: PlannedMatch, since: datetime, now: datetime, example: datetime | None
) -> str:
    """A week after /ertele 14 belirsiz: the organisers, once."""
    days = max(1, (now - since).days)
    fits = " (o gün boş bir saat)" if example is not None else ""
    return (
        f"📅 Maç {match.no} ({pairing(match)}) {days} gündür tarihsiz bekliyor."
        f"\nGün belli olunca yazın: {dating(match.no, example, now)}{fits}"
    )


def day_nudge(week: int | None, missing: Sequence[PlannedMatch]) -> str:
    """After a season's match day: the matches whose results are not in, in one message."""
    head = f"{week}. hafta" if week else "Bugün"
    lines = [f"📝 {head}: {len(missing)} maçın sonucu yok."]
    lines += [f"• Maç {m.no}: {side(m, True)} – {side(m, False)}" for m in missing]
    first = missing[0]
    lines.append(f"Yazmanız yeterli: {side(first, True)} 2-1 {side(first, False)}")
    return "\n".join(lines)


def evening_set(clock: time | None) -> str:
    """/hatirlatma aksam 20:00 (or kapat) in a season league."""
    if clock is None:
        return "🔕 Maç gününden önceki akşam mesajı kapatıldı. Açmak için: /hatirlatma aksam 20:00"
    return f"👍 Her maç gününden önceki akşam {at(clock)} gruba o günün maçlarını yazacağım."


def evening_line(clock: time | None) -> str:
    """The evening-before message in /hatirlatma's answer."""
    if clock is None:
        return "Akşam mesajı: kapalı (/hatirlatma aksam 20:00)"
    return f"Akşam mesajı: maç gününden önceki akşam {clock:%H:%M} (/hatirlatma aksam 21:00)"
