"""Texts of /gecikme, /ertele and /hatirlatma: new times, captains' notices, refusals."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.texts import errors, reminders
from bot.texts.common import MONTHS, WEEKDAYS, at, hm, pairing, stage_label
from bot.texts.fixture import score_text
from bot.texts.form_refusals import full_day
from bot.texts.parts import quoted
from bot.texts.refused import only_organisers
from bot.usecases import pairs, reminder_settings, schedule
from bot.usecases.errors import NotOrganiser
from domain import when
from domain.model import PlannedMatch
from storage.errors import PlanConflict

GECIKME_HOW = "Örnek: /gecikme 15 (tüm sahalar) ya da /gecikme 15 saha 2"
ERTELE_HOW = "Örnek: /ertele 7 11:30 (maçın günü) ya da /ertele 7 yarın 10:00"
HATIRLATMA_HOW = (
    "Örnek: /hatirlatma 60 15 (grup ve kaptanlar) · /hatirlatma grup 30"
    " · /hatirlatma kaptan 60 15 · /hatirlatma kapat"
)
COMPACT_FROM = 9  # from this many moved matches on, a line per pitch instead of per match


def _when(moment: datetime, reference: datetime) -> str:
    """The time; with the date when it is not `reference`'s day."""
    if moment.date() == reference.date():
        return hm(moment)
    return f"{moment.day} {MONTHS[moment.month - 1]} {hm(moment)}"


def _lines(changes: Sequence[tuple[PlannedMatch, PlannedMatch]]) -> list[str]:
    return [
        f"{hm(old.start)} → {_when(new.start, old.start)} {new.pitch} {pairing(new)}"
        for old, new in changes
    ]


def delayed(moved: schedule.Moved) -> str:
    """The group's one message: every new time; when many, which matches on which pitch
    (a delay moves them all by the same minutes) and the next kick-off."""
    where = f" ({moved.pitch})" if moved.pitch else ""
    if len(moved.changes) < COMPACT_FROM:
        return "\n".join([f"⏱ {moved.minutes} dk gecikme{where}:", *_lines(moved.changes)])
    by_pitch: dict[str, list[int]] = {}
    for _, new in moved.changes:
        by_pitch.setdefault(new.pitch, []).append(new.no)
    old, new = moved.changes[0]
    return "\n".join(
        [
            f"⏱ {moved.minutes} dk gecikme{where}: {len(moved.changes)} maç"
            f" {moved.minutes} dk sonra başlıyor.",
            *(f"{pitch}: Maç {', '.join(map(str, nos))}" for pitch, nos in by_pitch.items()),
            f"Sıradaki: {hm(new.start)} {new.pitch} {pairing(new)} ({hm(old.start)} yerine)",
            "Yeni program: /fikstur metin",
        ]
    )


def postponed(moved: schedule.Moved) -> str:
    first_old, _ = moved.changes[0]
    if moved.played:  # an undated match played meanwhile: its day, then its result
        _, new = moved.changes[0]
        return (
            f"📅 Maç {new.no} {_date(new.start)} {hm(new.start)} {new.pitch} oynandı olarak"
            f" yazıldı: {pairing(new)}. Sonucunu yazın, örneğin: {new.home} 2-1 {new.away}"
        )
    if moved.dated:  # an undated match (/ertele 14 belirsiz) got its date
        _, new = moved.changes[0]
        return (
            f"📅 Maç {new.no}'{genitive(new.no)} tarihi belli oldu:"
            f" {_date(new.start)} {hm(new.start)} {new.pitch} {pairing(new)}."
            " Hatırlatmalar bu tarihe göre. Program: /fikstur"
        )
    if len(moved.changes) == 1:
        old, new = moved.changes[0]
        return (
            f"📅 Maç {new.no} ertelendi: {hm(old.start)} → {_when(new.start, old.start)}"
            f" {new.pitch} {pairing(new)}"
        )
    return "\n".join([f"📅 Maç {first_old.no} ertelendi:", *_lines(moved.changes)])


def _date(moment: datetime) -> str:
    return f"{moment.day} {MONTHS[moment.month - 1]} {WEEKDAYS[moment.weekday()]}"


# The genitive after a number read aloud: Maç 8'in, Maç 6'nın, Maç 10'un, Maç 3'ün.
_GENITIVE = {1: "in", 2: "nin", 3: "ün", 4: "ün", 5: "in", 6: "nın", 7: "nin", 8: "in", 9: "un"}
_GENITIVE_TENS = {1: "un", 2: "nin", 3: "un", 4: "ın", 5: "nin", 6: "ın", 7: "in", 8: "in", 9: "ın"}


def genitive(number: int) -> str:
    """The genitive suffix of a number read aloud ("8'in", "9'un", "20'nin")."""
    if number % 10:
        return _GENITIVE[number % 10]
    if number % 100:
        return _GENITIVE_TENS[number // 10 % 10]
    return "ün"  # yüz


def captain_notice(notice: schedule.Notice, *, dated: bool = False) -> str:
    """A captain's private message: every moved match of their own team, and a short
    correction of a reminder of one that went out already with the old time."""
    lines = []
    for old, new in notice.changes:
        opponent = new.away if new.home == notice.team else new.home
        lines.append(f"Maç {new.no} · {stage_label(new)} · rakip {opponent or '?'}")
        if dated:
            lines.append(f"{new.pitch}: {_date(new.start)} {hm(new.start)}")
        else:
            lines.append(f"{new.pitch}: {hm(old.start)} → {_when(new.start, old.start)}")
    if dated:
        head = f"📅 {notice.team}: tarihi belli olmayan maçınızın günü belli oldu."
    elif len(notice.changes) > 1:
        head = f"⏱ {notice.team}: {len(notice.changes)} maçınızın saati değişti."
    else:
        head = f"⏱ {notice.team}: maçınızın saati değişti."
    by_no = {old.no: (old, new) for old, new in notice.changes}
    lines += [
        f"⚠️ Düzeltme: hatırlatmadaki {hm(by_no[no][0].start)} geçersiz, maç {no}"
        f" {_when(by_no[no][1].start, by_no[no][0].start)}."
        for no in notice.reminded
        if no in by_no
    ]
    return "\n".join([head, *lines])


def _minutes_list(values: Sequence[int]) -> str:
    if not values:
        return "kapalı"
    words = [str(v) for v in values]
    joined = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " ve " + words[-1]
    return f"maçtan {joined} dk önce"


def leads(group: Sequence[int], captain: Sequence[int]) -> str:
    return f"grup {_minutes_list(group)} · kaptanlar {_minutes_list(captain)}"


def leads_shown(group: Sequence[int], captain: Sequence[int]) -> str:
    return f"⏰ Hatırlatmalar: {leads(group, captain)}.\n{HATIRLATMA_HOW}"


def leads_set(group: Sequence[int], captain: Sequence[int], target: str = "") -> str:
    """The leads now set; `target` (reminder_settings.target_of) says which the organiser
    changed: a bare "/hatirlatma 30" sets both alike, which /yardim's "grup 30" forms did
    not lead him to expect, so the reply says so and how to set one alone."""
    if not group and not captain:
        return (
            "🔕 Maç hatırlatmaları kapatıldı. Sonucu girilmemiş maçlar için size yine"
            " haber vereceğim. Açmak için: /hatirlatma 60 15"
        )
    if target == "both" and group:
        typed = " ".join(str(v) for v in group)
        return (
            f"👍 Grup ve kaptan hatırlatmaları: {_minutes_list(group)}. Yalnız biri için:"
            f" /hatirlatma grup {typed} ya da /hatirlatma kaptan {typed}"
        )
    if target in ("group", "captain"):
        changed, kept = (group, captain) if target == "group" else (captain, group)
        whose, other = ("Grup", "Kaptan") if target == "group" else ("Kaptan", "Grup")
        return (
            f"👍 {whose} hatırlatması: {_minutes_list(changed)}."
            f" {other} hatırlatması değişmedi: {_minutes_list(kept)}."
        )
    return f"👍 Hatırlatmalar: {leads(group, captain)}."


def refusal(exc: Exception) -> str:
    """This module's refusals; anything else in the common words."""
    match exc:
        case NotOrganiser():
            return only_organisers(exc.action)
        case schedule.BadDelay():
            return _bad_delay(exc)
        case schedule.UnknownPitch():
            return (
                f'"{quoted(exc.text)}" diye bir saha yok. Sahalar: {", ".join(exc.pitches)}.'
                f" {GECIKME_HOW}"
            )
        case schedule.NothingToMove():
            if exc.match is not None:
                return f"Maç {exc.match.no} zaten {at(exc.match.start)}; değişen bir şey yok."
            where = f"{exc.pitch} için" if exc.pitch else "Hiçbir sahada"
            return f"{where} kaydırılacak maç yok: hepsi oynandı ya da başladı."
        case schedule.BadPostpone():
            if exc.reason == "missing" and exc.text.strip():
                return f"Yeni saati de yazın. {ERTELE_HOW}"
            if exc.reason == "missing":
                return f"Maç numarasını ve yeni saati yazın. {ERTELE_HOW}"
            said = quoted(exc.text)
            return f'"{said}": önce maç numarası (fikstürdeki), sonra saat. {ERTELE_HOW}'
        case schedule.CannotPostpone():
            return cannot_postpone(exc)
        case pairs.PairMove():
            return _pair_move(exc)
        case when.BadDateTime():
            why = {
                "missing_time": "saat eksik",
                "bad_date": "böyle bir tarih yok",
                "bad_time": "böyle bir saat yok",
            }.get(str(exc.reason), "saat olarak okunamadı")
            return f'"{quoted(exc.text)}": {why}. {ERTELE_HOW}'
        case when.OutOfHorizon() if exc.too_far:
            return (
                f'"{quoted(exc.text)}" ({full_day(exc.moment.date())})'
                f" {when.MAX_DAYS_AHEAD} günden daha ileride; yılı kontrol edin. {ERTELE_HOW}"
            )
        case reminder_settings.BadLeads():
            why = {
                "range": f"her süre 1 ile {reminder_settings.MAX_LEAD} dakika arasında olmalı",
                "too_many": f"her liste için en fazla {reminder_settings.MAX_LEADS} süre",
            }.get(exc.reason, "anlaşılamadı")
            return f'"{quoted(exc.text)}": {why}. {HATIRLATMA_HOW}'
        case PlanConflict():
            return (
                f"Maç {exc.match_no} siz yazarken değişti (sonuç girilmiş olabilir);"
                " hiçbir şey kaydedilmedi. Komutu tekrar yazın."
            )
    return errors.refusal(exc)


def _bad_delay(exc: schedule.BadDelay) -> str:
    if exc.reason == "missing":
        return f"Kaç dakika gecikme var? {GECIKME_HOW}"
    if exc.reason == "range":
        return (
            f"Gecikme 1 ile {schedule.MAX_DELAY} dakika arasında olmalı. {GECIKME_HOW}."
            " Bir maçı başka güne almak için: /ertele 7 yarın 10:00"
        )
    return f'"{quoted(exc.text)}" dakika olarak okunamadı. {GECIKME_HOW}'


def _pair_move(exc: pairs.PairMove) -> str:
    """/ertele naming two teams: none of their matches left, or which of several."""
    pair = " - ".join(exc.teams)
    if not exc.numbers:
        return f"{pair}: oynanacak maçları kalmadı. {ERTELE_HOW}"
    listed = ", ".join(f"Maç {no}" for no in exc.numbers)
    return (
        f"{pair}: oynanacak {len(exc.numbers)} maç var ({listed}). Hangisi?"
        f" Örnek: /ertele {exc.numbers[0]} {exc.rest or '11:30'}"
    )


def cannot_postpone(exc: schedule.CannotPostpone) -> str:
    """Why /ertele refused, naming the match in the way and what to type instead; when
    the refusal is about time, it ends with the earliest kick-off that fits that day."""
    why = _why_not(exc)
    about_time = exc.reason in ("overlap", "rest", "order", "early", "late")
    from_now = exc.reason == "past" and exc.suggestion is not None
    if exc.match is None or not (about_time or from_now):
        return why
    return f"{why}\n{_earliest(exc.match, exc.suggestion, '/gecikme' not in why)}"


def _earliest(match: PlannedMatch, suggestion: datetime | None, hint: bool) -> str:
    """The earliest kick-off that fits, as a command to type (with the date when it is
    not the match's own day, which is what a time alone means to /ertele); when none
    does, /gecikme unless the refusal already named it."""
    if suggestion is None:
        if not hint:
            return "Bu gün için uygun saat yok."
        return "Bu gün için uygun saat yok; /gecikme ile tüm programı kaydırabilirsiniz."
    if suggestion == match.start:
        return f"En erken uygun saat maçın şimdiki saati: {_when(suggestion, match.start)}."
    local = match.start.astimezone(suggestion.tzinfo)
    typed = hm(suggestion)
    if suggestion.date() != local.date():
        typed = f"{suggestion:%d.%m.%Y} {typed}"
    return f"En erken uygun saat: {_when(suggestion, local)} (/ertele {match.no} {typed})"


def _why_not(exc: schedule.CannotPostpone) -> str:
    no, match, other = exc.number, exc.match, exc.other
    if exc.reason == "not_found" or match is None:
        return f"Maç {no} diye bir maç yok. Maç numaraları için: /fikstur metin"
    if exc.reason == "undated":
        return (
            f"Maç {no} ({match.home} – {match.away}) zaten ertelendi, tarihi belli değil."
            f" Gün belli olunca: /ertele {no} GÜN SAAT (örnek: /ertele {no} 7 Şubat 15:10)"
        )
    if exc.reason == "played":
        score = f" ({match.home} {score_text(exc.result)} {match.away})" if exc.result else ""
        return (
            f"Maç {no} oynandı{score}; oynanmış maç ertelenemez. Sonucu değiştirmek için"
            f" doğru skoru yazın (örnek: {match.home} 2-1 {match.away}) ya da /geri_al."
        )
    if exc.reason == "needs_date":
        return (
            f"Maç {no}'{genitive(no)} tarihi belli değil; günü de yazın:"
            f" {reminders.dating(no, exc.suggestion, match.start)}"
        )
    if exc.reason == "started":
        return (
            f"Maç {no} {at(match.start)} başladı; başlamış maç ertelenemez."
            " Kalan maçları kaydırmak için: /gecikme 15"
        )
    if exc.reason == "past":
        when = hm(exc.start) if exc.start else "O saat"
        return f"{when} geçti; ileri bir saat yazın. {ERTELE_HOW}"
    if exc.reason in ("early", "late") and exc.window is not None and exc.window.pitch_hours:
        return (
            f"Maç {no} saat {hm(exc.start or match.start)} oynanamaz: saha o gün"
            f" {hm(exc.window.opens)}–{hm(exc.window.closes)} arası açık, maç bu arada"
            " başlayıp bitmeli."
        )
    if exc.reason == "early" and exc.window is not None:
        return (
            f"Maç {no} saat {hm(exc.start or match.start)} başlayamaz: o gün ilk maç"
            f" saat {hm(exc.window.opens)}, daha erken program yok."
        )
    if exc.reason == "late" and exc.window is not None:
        return (
            f"Maç {no} saat {hm(exc.start or match.start)} başlarsa çok geç biter: o gün maçlar"
            f" en geç saat {hm(exc.window.closes)} bitmeli (planlanan bitiş"
            f" {hm(exc.window.planned_end)})."
        )
    if exc.reason == "overlap" and other is not None:
        return (
            f"{other.pitch} {at(other.start)} dolu: Maç {other.no} {pairing(other)}."
            " Başka bir saat yazın; program için: /fikstur metin"
        )
    if exc.reason == "rest" and other is not None:
        return _no_rest(exc, match, other)
    if exc.reason == "order" and other is not None:
        return _out_of_order(exc, match, other)
    return f"Maç {no} o saate alınamıyor. Başka bir saat yazın. {ERTELE_HOW}"


def _no_rest(exc: schedule.CannotPostpone, match: PlannedMatch, other: PlannedMatch) -> str:
    shared = [t for t in (match.home, match.away) if t is not None and other.involves(t)]
    team = shared[0] if shared else f"Maç {match.no} takımları"
    if not exc.gap:
        return (
            f"{team} aynı anda iki maçta olamaz: Maç {other.no} {other.pitch}"
            f" {hm(other.start)}–{hm(other.end)}. Başka bir saat yazın."
        )
    if other.start <= (exc.start or match.start):
        return (
            f"{team} dinlenemez: Maç {other.no} {at(other.end)} bitiyor, en az {exc.gap} dk"
            " ara gerekir. Daha geç bir saat yazın."
        )
    return (
        f"{team} dinlenemez: Maç {other.no} {at(other.start)} başlıyor, en az {exc.gap} dk"
        " ara gerekir. Daha erken bir saat yazın."
    )


def _waits_for(later: PlannedMatch, earlier: PlannedMatch) -> bool:
    """Whether `later`'s sides come from `earlier` (its winner or loser, or its group)."""
    codes = {f"W{earlier.no}", f"L{earlier.no}"}
    if codes & {later.home_from, later.away_from}:
        return True
    return later.stage.is_knockout and not earlier.stage.is_knockout


def _out_of_order(exc: schedule.CannotPostpone, match: PlannedMatch, other: PlannedMatch) -> str:
    gap = timedelta(minutes=exc.gap or 0)
    if _waits_for(other, match):
        latest = other.start - gap - (match.end - match.start)
        return (
            f"Maç {other.no} ({stage_label(other)}, {hm(other.start)}) bu maçın sonucunu"
            f" bekliyor; Maç {match.no} en geç {hm(latest)} başlamalı. Bütün programı"
            " kaydırmak için: /gecikme 15"
        )
    return (
        f"Maç {match.no}, Maç {other.no} ({stage_label(other)}) sonucunu bekliyor;"
        f" en erken {hm(other.end + gap)} başlayabilir."
    )
