"""Words for when the tournament starts (`bot.usecases.starts`): "📅 Pazar Ligi 10 Ocak Pazar
14:00'te başlıyor (1. hafta); ilk maç: Boğalar – Şahinler (Saha 1).", once started "📅 Pazar
Ligi 10 Ocak'ta başladı; sıradaki maç …", or a named team's first match."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.texts import moments, waiting
from bot.texts.common import MONTHS, at, hm, pairing, stage_label
from bot.texts.moments import zone_of
from bot.texts.season import long_date
from bot.usecases.starts import StartAnswer
from domain.model import PlannedMatch

__all__ = ["start"]

# The locative after a month's name as it is said: Ocak'ta, Nisan'da, Eylül'de.
_MONTH_ENDINGS = ("ta", "ta", "ta", "da", "ta", "da", "da", "ta", "de", "de", "da", "ta")


def start(answer: StartAnswer, now: datetime) -> str:
    if not answer.first:
        if answer.undated:  # every match waits for a date
            who = f"{answer.team}: maçlarının" if answer.team else "Maçların"
            return f"⏸ {who} {waiting.UNDATED}: {waiting.listed(answer.undated)}. {waiting.TOLD}"
        return f"📅 {answer.name}: planda maç yok."
    if answer.team is not None:
        return _team(answer, now)
    first = answer.first[0]
    if not answer.started:
        local = first.start.astimezone(zone_of(first.start))
        return (
            f"📅 {answer.name} {_day(first.start, now)} {at(local)} başlıyor{_week(first)};"
            f" {_listed(answer.first, 'ilk maç')}."
        )
    began = f"📅 {answer.name} {_began(first.start, now)} başladı"
    if answer.coming:
        return f"{began}; {_next(answer.coming, now, 'sıradaki maç')}."
    if answer.undated:
        return f"{began}.\n{waiting.line(answer.undated)}"
    if answer.played:
        return f"🏁 {answer.name} {_began(first.start, now)} başladı; tüm maçları oynandı."
    return f"{began}; başlayacak başka maç yok."


def _team(answer: StartAnswer, now: datetime) -> str:
    """ "📅 Kurtlar: ilk maçı (1. hafta): 10 Ocak Pazar 14:00, Kurtlar – Aslanlar (Saha 1)."
    once played "📅 Kurtlar ilk maçını 10 Ocak'ta oynadı: …; sıradaki maçı …"."""
    team, first = answer.team, answer.first[0]
    if first.start > now:
        when = f"{_day(first.start, now)} {hm(first.start.astimezone(zone_of(first.start)))}"
        return f"📅 {team}: ilk maçı{_week(first)}: {when}, {_pairs(answer.first)}."
    if first.end > now:  # under way: "şimdi oynanıyor"
        return f"📅 {team}: {_next(answer.first, now, 'ilk maçı')}."
    said = f"📅 {team} ilk maçını {_began(first.start, now)} oynadı: {_sides(first)}"
    if answer.coming:
        return f"{said}; {_next(answer.coming, now, 'sıradaki maçı')}."
    return f"{said}."


def _next(matches: Sequence[PlannedMatch], now: datetime, head: str) -> str:
    """ "sıradaki maç (2. hafta): 17 Ocak Pazar 14:00, A – B (Saha 1)", several "maçlar"."""
    first = matches[0]
    when = moments.when(first.start, now, zone_of(first.start), first.end)
    plural = head.replace("maç", "maçlar") if len(matches) > 1 else head
    return f"{plural}{_week(first)}: {when}, {_pairs(matches)}"


def _listed(matches: Sequence[PlannedMatch], head: str) -> str:
    plural = head.replace("maç", "maçlar") if len(matches) > 1 else head
    return f"{plural}: {_pairs(matches)}"


def _pairs(matches: Sequence[PlannedMatch]) -> str:
    return ", ".join(f"{_sides(m)} ({m.pitch})" for m in matches)


def _sides(match: PlannedMatch) -> str:
    """ "Kartallar – Şahinler"; a knockout match with its stage ("Final: …")."""
    return f"{stage_label(match)}: {pairing(match)}" if match.stage.is_knockout else pairing(match)


def _week(match: PlannedMatch) -> str:
    return f" ({match.week}. hafta)" if match.week is not None else ""


def _day(start: datetime, now: datetime) -> str:
    """ "bugün", "yarın", else the date: "10 Ocak Pazar" (a start is told by its date)."""
    zone = zone_of(start)
    said = moments.day_word(start, now, zone)
    return said if said in ("bugün", "yarın") else long_date(start.astimezone(zone).date())


def _began(start: datetime, now: datetime) -> str:
    """ "bugün 10:00'da" on the day, else "10 Ocak'ta"."""
    zone = zone_of(start)
    local = start.astimezone(zone)
    if local.date() == now.astimezone(zone).date():
        return f"bugün {at(local)}"
    return f"{local.day} {MONTHS[local.month - 1]}'{_MONTH_ENDINGS[local.month - 1]}"
