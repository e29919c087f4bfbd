"""Words for the answers about the tournament as a whole (`bot.usecases.facts`): how many
matches, when it ends, postponed matches, the teams met, a team's place and points."""

from __future__ import annotations

from datetime import datetime

from bot.texts import moments, waiting
from bot.texts.common import hm, pairing, stage_label
from bot.texts.moments import zone_of
from bot.texts.season import long_date
from bot.texts.waiting import UNDATED
from bot.usecases import facts
from domain.model import PlannedMatch
from domain.weekmoves import MovedWeek

__all__ = [
    "PLACES",
    "THEIR_PLACES",
    "count",
    "dates",
    "no_weeks",
    "opponents",
    "place",
    "postponed",
]

PLACES = {
    "1": "şampiyon oldunuz 🏆",
    "2": "ikinci oldunuz 🥈",
    "3": "üçüncü oldunuz 🥉",
    "4": "dördüncü oldunuz",
    "semi": "yarı finalde elendiniz",
    "quarter": "çeyrek finalde elendiniz",
    "round_of_16": "son 16'da elendiniz",
}


# The same places said about a team, not to it ("Kartallar ne zaman oynuyor" from anyone).
THEIR_PLACES = {
    "1": "şampiyon oldu 🏆",
    "2": "ikinci oldu 🥈",
    "3": "üçüncü oldu 🥉",
    "4": "dördüncü oldu",
    "semi": "yarı finalde elendi",
    "quarter": "çeyrek finalde elendi",
    "round_of_16": "son 16'da elendi",
}


def count(answer: facts.CountAnswer) -> str:
    n, team = answer.count, answer.team
    shown = answer.played and answer.what != "played"
    played = f" ({answer.played} tanesi oynandı)" if shown else ""
    if answer.undated:  # still to play, without a date: counted, and said so
        played = f"{played[:-1]}; {answer.undated}" if played else f" ({answer.undated}"
        played += " tanesinin tarihi belli değil)"
    match answer.what:
        case "today":
            if team is None:
                return f"📅 Bugün {n} maç var." if n else "📅 Bugün maç yok."
            return f"📅 {team}: bugün {n} maçınız var." if n else f"📅 {team}: bugün maçınız yok."
        case "left":
            if answer.awaiting:  # over by the clock, no result yet: left until it is typed
                played = f"{played[:-1]}; " if played else " ("
                played += f"{answer.awaiting} tanesinin süresi geçti, sonucu bekleniyor)"
            if team is None:
                return f"📅 Oynanacak {n} maç kaldı{played}." if n else "📅 Oynanacak maç kalmadı."
            return f"📅 {team}: {n} maçınız kaldı{played}." if n else f"📅 {team}: maçınız kalmadı."
        case "group":
            who = f"{team}: grupta {n} maç oynuyorsunuz" if team else f"Grup aşamasında {n} maç var"
            return f"📅 {who}{played}."
        case "teams":
            return f"📅 Turnuvada {n} takım var."
        case "played":
            if team is None:
                return f"📅 Şu ana kadar {n} maç oynandı."
            return f"📅 {team}: şu ana kadar {n} maç oynadınız."
    if team is None:
        return f"📅 Turnuvada toplam {n} maç var{played}."
    return f"📅 {team}: toplam {n} maçınız var{played}."


def dates(answer: facts.DatesAnswer, now: datetime) -> str:
    m = answer.match
    if answer.undated and (m is None or answer.over):  # the last match has no date yet
        who = f"{answer.team}: son maçınızın" if answer.team else "Son maçın"
        return f"⏸ {who} {UNDATED}: {waiting.listed(answer.undated)}. {waiting.TOLD}"
    if m is None:
        return f"📅 {answer.name}: planda maç yok."
    return _dated(answer, m, now) + (f"\n{waiting.line(answer.undated)}" if answer.undated else "")


def _dated(answer: facts.DatesAnswer, m: PlannedMatch, now: datetime) -> str:
    zone = zone_of(m.start)
    day = long_date(m.start.astimezone(zone).date())
    slot = f"{hm(m.start.astimezone(zone))}–{hm(m.end.astimezone(zone))}"
    if answer.what == "end" and answer.team is None:
        if answer.over:
            return f"🏁 {answer.name} bitti: son maç {day} günü oynandı."
        week = f" ({m.week}. hafta)" if answer.seasonal and m.week else ""
        if answer.undated:  # it ends when the undated ones are played, not before
            return f"🏁 {answer.name}: planlanan son maç {day}{week}, {slot}."
        return f"🏁 {answer.name} {day} günü bitiyor{week}; son maç {slot}."
    last = "planlanan son maç" if answer.undated else "son maç"  # one waits for a date
    who = f"{answer.team}: {last}ınız" if answer.team else last.capitalize()
    # "Final: G17 – G18": the stage says what the codes of sides not known yet are.
    sides = f"{stage_label(m)}: {pairing(m)}" if m.stage.is_knockout else pairing(m)
    if answer.over:
        return f"📅 {who} {day} oynandı: {sides}."
    return f"📅 {who} {moments.kickoff(m.start, now, zone)}, {m.pitch}: {sides}."


def postponed(answer: facts.PostponedAnswer, now: datetime) -> str:
    whose = f"{answer.team}: " if answer.team else ""
    lines = []
    if answer.undated:
        lines += [f"⏸ {whose}{'tarihi' if whose else 'Tarihi'} belirsiz ertelenen maçlar:"]
        lines += [f"• {waiting.one(m)}" for m in answer.undated]
        lines.append("Yeni tarihleri verilince grupta duyurulur.")
    if answer.weeks:
        lines.append(f"📅 {whose}{'yeni' if whose else 'Yeni'} gününe alınan maç haftaları:")
        lines += [moved_week(w) for w in answer.weeks[:MOVED_WEEKS]]
        if len(answer.weeks) > MOVED_WEEKS:
            rest = len(answer.weeks) - MOVED_WEEKS
            lines.append(f"… ve {rest} hafta daha. Tüm program: /fikstur tümü")
    if answer.moved:
        lines.append(f"⏸ {whose}yeni tarihine ertelenen maçlar:")
        lines += [
            f"• {pairing(m)} ({m.week}. hafta maçı):"
            f" {moments.kickoff(m.start, now, zone_of(m.start))}, {m.pitch}"
            for m in answer.moved
        ]
    if lines:
        return "\n".join(lines)
    said = f"⏸ {whose}{'ertelenen' if whose else 'Ertelenen'} maç yok."  # "⏸ Ertelenen …" alone
    m = answer.next_match
    if m is not None:
        said += f" Sıradaki maç: {pairing(m)}, {moments.kickoff(m.start, now, zone_of(m.start))}."
    return said


# A week moved early in a long season moves every later one: the first few say it.
MOVED_WEEKS = 4


def moved_week(moved: MovedWeek) -> str:
    """ "• 2. hafta: 17 Ocak Pazar yerine 24 Ocak Pazar"."""
    return f"• {moved.week}. hafta: {long_date(moved.planned)} yerine {long_date(moved.day)}"


def opponents(answer: facts.OpponentsAnswer) -> str:
    teams = ", ".join(answer.teams)
    if answer.group is not None:
        if answer.team is not None:
            return f"👥 {answer.team}: {answer.group} Grubu'ndaki rakipleriniz: {teams}."
        return f"👥 {answer.group} Grubu: {teams}."
    if answer.team is not None:
        return f"👥 {answer.team}: rakipleriniz {teams}."
    return f"👥 {answer.name}: {teams}."


def place(answer: facts.PlaceAnswer, *, yours: bool = True) -> str:
    """ "3. sıradasınız, 7 puan; 1.ye 2 puan geridesiniz" (`yours`), or about a team."""
    team, where = answer.team, f"{answer.group} Grubu'nda " if answer.group else ""
    if answer.final is not None and answer.final.startswith("group:"):
        rank = answer.final[6:]
        if yours:
            return f"🏁 {team}: {where}{rank}. sırada bitirdiniz, {answer.points} puan."
        return f"🏁 {team}: {where}{rank}. sırada bitirdi, {answer.points} puan."
    if answer.final in PLACES:
        return f"🏁 {team}: {(PLACES if yours else THEIR_PLACES)[answer.final]}."
    if not answer.played:
        return f"📊 {team}: {where}henüz maç oynanmadı, {answer.points} puan."
    at = "sıradasınız" if yours else "sırada"
    line = f"📊 {team}: {where}{answer.rank}. {at}, {answer.points} puan"
    if answer.rank == 1:
        return f"{line}; liderlik {'sizde' if yours else 'onlarda'}."
    gap = "geridesiniz" if yours else "geride"
    if answer.behind:
        return f"{line}; 1.ye {answer.behind} puan {gap}."
    if yours:
        return f"{line}; 1. ile aynı puandasınız, averajla geridesiniz."
    return f"{line}; 1. ile aynı puanda, averajla geride."


def no_weeks(name: str) -> str:
    """ "3. hafta ne zaman" in a tournament played in one day."""
    return f"📅 {name} tek günde oynanıyor: maç haftası yok."
