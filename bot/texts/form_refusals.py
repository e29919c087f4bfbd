"""The set-up form's refusals (/yeni_turnuva ...): which part, what was wrong, a line to copy.

Apart from `errors` because the form has its own parts, examples and rhythm words. A date
in words (`full_day`), a first match in the past or too far ahead (`horizon`) and the
chat's examples live here too: `errors` uses them as well, and imports them from here.
"""

from __future__ import annotations

from datetime import date

from bot.texts.common import MONTHS, WEEKDAYS, duration
from bot.texts.parts import quoted
from domain import names, season, setuperrors, when

FORM_EXAMPLE = "/yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | 6 Aralık 10:00 | 24+6"
SEASON_EXAMPLE = "/yeni_turnuva Kış Ligi | 8 takım | iki haftada bir pazar 14:00-17:00"
# Chat syntax only: a chat user never types a command-line flag.
CHAT_START = '"yarın 10:00" ya da "6 Aralık 10:00"'


def full_day(day: date) -> str:
    return f"{day.day} {MONTHS[day.month - 1]} {day.year} {WEEKDAYS[day.weekday()]}"


def horizon(text: str, day: date, too_far: bool) -> str:
    said = f'"{quoted(text)}" ({full_day(day)})' if text else full_day(day)
    if too_far:
        return (
            f"İlk maç {said} {when.MAX_DAYS_AHEAD} günden daha ileride; yılı kontrol edin."
            f" Örnek: {CHAT_START}"
        )
    return f"İlk maç {said} geçmişte kaldı. İleri bir zaman yazın. Örnek: {CHAT_START}"


def bad_slot(text: str) -> str:
    """A match length that cannot be read as minutes on the pitch + changeover ("24+6")."""
    return f'"{quoted(text)}" maç süresi olarak okunamadı. Örnek: 24+6 ya da 26+4'


PARTS = {
    "name": "turnuva adı",
    "teams": "takımlar",
    "groups": "grup sayısı",
    "pitches": "saha sayısı",
    "kickoff": "ilk maç zamanı",
    "slot": "maç süresi",
    "format": "usul",
    "third_place": "üçüncülük maçı",
    "tiebreak": "eşitlik kuralı",
    "rhythm": "maç günü",
    "first_day": "ilk maç günü",
    "skip": "atlanacak tarih",
    "knockout": "eleme turu",
    "advance": "gruptan çıkan takım sayısı",
}
COUNT_EXAMPLES = {
    "teams": "8 takım",
    "groups": "2 grup",
    "pitches": "2 saha",
    "advance": "gruptan 2 çıkar",
}
RHYTHM_WHY = {
    "no_weekday": ("hangi gün oynanacağı yok", "iki haftada bir pazar 14:00-17:00"),
    "no_hours": ("saat aralığı yok", "her pazar 14:00-17:00"),
    "bad_hours": ("saat aralığı geçersiz (kapanış açılıştan sonra olmalı)", "her salı 21:00-23:00"),
    "bad_every": ("kaç haftada bir olduğu geçersiz", "her 2 haftada bir pazar 14:00-17:00"),
    "bad_date": ("tarih okunamadı", "15 Ocak'tan itibaren"),
}


def _capital(words: str) -> str:
    """ "İlk maç günü" (str.capitalize would write "Ilk")."""
    return names.tr_upper(words[:1]) + words[1:]


def form_refusal(exc: setuperrors.FormError) -> str:
    """The set-up's refusals: which part, what was wrong, and a line to copy."""
    part = PARTS.get(str(exc.part), "bilgi")
    match exc:
        case setuperrors.DuplicateTeams():
            return (
                f'"{quoted(exc.first)}" ve "{quoted(exc.second)}" aynı takım sayılır'
                " (büyük/küçük harf farkı)."
                " Her takıma farklı bir ad verin. Örnek: Kartallar, Şahinler, Aslanlar"
            )
        case setuperrors.TooFewTeams():
            return f"En az {exc.minimum} takım gerekli. Örnek: Kartallar, Şahinler, Aslanlar"
        case setuperrors.TooManyTeams():
            return f"En fazla {exc.maximum} takım olabilir ({exc.count} yazıldı)."
        case setuperrors.TooManyGroups():
            return (
                f"{exc.teams} takımla en fazla {exc.hi} grup kurulur (her grupta en az 2 takım)."
                f" Örnek: {exc.hi} grup"
            )
        case setuperrors.BadCount():
            example = COUNT_EXAMPLES.get(str(exc.part), str(exc.lo))
            said = "bir sayı değil" if exc.value is None else f"{exc.value} olamaz"
            return (
                f'{_capital(part)} "{quoted(exc.text)}": {said}; en az {exc.lo},'
                f" en fazla {exc.hi}. Örnek: {example}"
            )
        case setuperrors.OutOfRange():
            return horizon(exc.text, exc.moment, exc.reason is setuperrors.Problem.TOO_FAR)
        case setuperrors.RhythmPartError() if exc.problem == "off_weekday" and exc.day:
            return (
                f"{full_day(exc.day)} ligin maç günü değil; ilk maç günü ligin oynandığı"
                " gün olmalı (gün ve saatleri değiştirmek için: [Değiştir] → Gün ve saat)."
            )
        case setuperrors.RhythmPartError() if exc.problem == "other_time":
            return (
                f'"{quoted(exc.text)}": maçların saati her maç gününün saat aralığıdır; ilk maç'
                " günü için yalnız tarihi yazın (saatleri değiştirmek için: [Değiştir] →"
                " Gün ve saat)."
            )
        case setuperrors.RhythmPartError():
            if exc.problem == "off_rhythm" and exc.day is not None:
                return (
                    f"{full_day(exc.day)} bir maç günü değil; atlanacak tarih ligin oynandığı"
                    " günlerden biri olmalı. Örnek: 21 Şubat hariç"
                )
            why, example = RHYTHM_WHY.get(str(exc.problem), ("anlaşılamadı", SEASON_EXAMPLE))
            return f'{_capital(part)} "{quoted(exc.text)}": {why}. Örnek: {example}'
        case setuperrors.KnockoutConflict():
            return (
                f"{exc.groups} gruptan bu eleme kurulamıyor ({exc.wanted} takımlık tur; her"
                " gruptan en fazla 2 takım, gerekirse en iyi üçüncüler tamamlar)."
                " Örnek: 3 grup | gruptan 2 çıkar"
            )
        case setuperrors.TeamCountMismatch():
            return (
                f"{exc.said} takım yazılmış ama {exc.named} takım adı var. Sayıyı düzeltin"
                " ya da adları tamamlayın."
            )
        case setuperrors.FormatConflict() if exc.part in ("rhythm", "knockout") and not exc.groups:
            return (
                "Haftalara yayılan lig tek grup, elemesiz oynanır; grupları ve eleme turunu"
                f" çıkarın. Örnek: {SEASON_EXAMPLE}"
            )
        case setuperrors.FormatConflict() if exc.part == "kickoff":
            return (
                "Lig haftalara yayılıyorsa ilk maç gününü ayrı yazın, saatler maç gününde."
                f" Örnek: {SEASON_EXAMPLE} | 15 Ocak'tan itibaren"
            )
        case setuperrors.FormatConflict():
            return (
                "Usul ile grup sayısı çelişiyor (lig tek grup, gruplar + eleme en az 2 grup)."
                f" Örnek: {FORM_EXAMPLE}"
            )
        case setuperrors.KickoffError():
            return f'İlk maç zamanı "{quoted(exc.text)}" anlaşılamadı. Örnek: {CHAT_START}'
        case setuperrors.SlotError():
            return bad_slot(exc.text)
        case setuperrors.MissingPart() if exc.part == "rhythm":
            return f"Maç günü eksik. Örnek: {SEASON_EXAMPLE}"
        case setuperrors.MissingPart():
            return f"{_capital(part)} eksik. Örnek: {FORM_EXAMPLE}"
        case setuperrors.UnknownPart():
            return f'"{quoted(exc.text)}" anlaşılamadı. Örnek: {FORM_EXAMPLE}'
        case setuperrors.RepeatedPart():
            return f"{_capital(part)} iki kez yazılmış. Örnek: {FORM_EXAMPLE}"
        case setuperrors.BadName():
            return f"{_capital(part)} en fazla {exc.maximum} karakter olmalı ve harf içermeli."
    return f"{_capital(part)} anlaşılamadı. Örnek: {FORM_EXAMPLE}"


def round_does_not_fit(exc: season.RoundDoesNotFit) -> str:
    """Why a match week cannot be played, said alike after the form and the guided set-up
    (each then says what to change in its own way)."""
    return (
        f"{exc.week}. maç haftası ({full_day(exc.day)}): {exc.matches} maç {exc.pitches}"
        f" sahada kapanışa ({exc.closes:%H:%M}) sığmıyor, {duration(exc.shortfall)} eksik."
    )
