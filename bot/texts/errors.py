"""Refusals: what was wrong, and what to type instead. One line each, no stack traces."""

from __future__ import annotations

from datetime import date

from bot import offload
from bot.texts.common import EXAMPLES, MONTHS, WEEKDAYS, duration
from bot.texts.parts import quoted
from bot.usecases import errors as usecase
from domain import (
    draw,
    forfeits,
    formats,
    knockout,
    matchdays,
    names,
    planner,
    roundrobin,
    scores,
    season,
    setupform,
    tiebreak,
    when,
)
from domain.standings import StandingsError
from storage import errors as stored


def _names(found: tuple[str, ...]) -> str:
    """Candidate team names, a handful at most (each cut short), for a refusal."""
    shown = ", ".join(quoted(f) for f in found[:5])
    return shown + (f" (+{len(found) - 5})" if len(found) > 5 else "")


def _candidates(found: tuple[str, ...]) -> str:
    return f" En yakın: {', '.join(quoted(f) for f in found[:3])}." if found else ""


# The same examples in chat syntax: a chat user never types a command-line flag.
CHAT_EXAMPLES = {
    **EXAMPLES,
    "teams": "Kartallar, Şahinler, Aslanlar, Kaplanlar",
    "pitches": "2 saha",
    "start": '"yarın 10:00" ya da "6 Aralık 10:00"',
    "groups": "2 grup",
    "minutes": "24+6",
    "tiebreak": "tff (ya da uefa, fifa, makale)",
    "seed": "/kura",
    "knockout": "2 grup | yarı final ya da 4 grup | çeyrek final",
}
CLI_EXAMPLES = {
    **EXAMPLES,
    "seed": "--seed 7",
    "knockout": "2 grup için --knockout semi, 4 grup için --knockout quarter",
}


def refusal(exc: Exception, *, cli: bool = False) -> str:
    """The Turkish line for a user-caused error; its examples in chat syntax, or as the
    command line's flags when `cli`."""
    ex_result = f"Örnek: {EXAMPLES['result']}"
    ex = CLI_EXAMPLES if cli else CHAT_EXAMPLES
    match exc:
        case names.UnknownTeam():
            found = _candidates(exc.candidates)
            return f'"{quoted(exc.text)}" adında bir takım yok.{found} {ex_result}'
        case names.AmbiguousTeam():
            return (
                f'"{quoted(exc.text)}" birden çok takıma benziyor: {_names(exc.candidates)}.'
                f" Takımın tam adını yazın. {ex_result}"
            )
        case names.EmptyName():
            return (
                "Takım adı boş kalıyor (görünmeyen karakterler sayılmaz)."
                " Harf ya da rakam içeren bir ad yazın. Örnek: /takim_adi 3 Kartallar"
            )
        case scores.NotAResult():
            return f'"{quoted(exc.text)}" bir skor olarak okunamadı. {ex_result}'
        case scores.SameTeam():
            return f"{quoted(exc.name)} kendisiyle oynayamaz: iki farklı takım yazın. {ex_result}"
        case scores.BadScore():
            why = {
                "too_many_goals": "gol sayısı çok büyük",
                "penalties_not_level": "penaltı yalnızca beraberlikte yazılır",
                "penalties_equal": "penaltı atışlarında bir kazanan olmalı",
            }.get(str(exc.reason), "skor geçersiz")
            return f'"{quoted(exc.text)}": {why}. {ex_result}'
        case scores.AmbiguousResult():
            return (
                f'"{quoted(exc.text)}" birden çok şekilde okunabiliyor.'
                f" Takım adlarını tam yazın. {ex_result}"
            )
        case when.BadDateTime():
            why = {
                "missing_time": "saat eksik",
                "missing_date": "gün eksik",
                "bad_date": "böyle bir tarih yok",
                "bad_time": "böyle bir saat yok",
            }.get(str(exc.reason), "anlaşılamadı")
            return f'Başlangıç zamanı "{quoted(exc.text)}": {why}. Örnek: {CHAT_START}'
        case when.OutOfHorizon():
            return _horizon(exc.text, exc.moment.date(), exc.too_far)
        case matchdays.CalendarError() | season.RoundDoesNotFit() | season.BadSeason():
            return _season(exc)
        case forfeits.ForfeitError():
            return f"Hükmen kaydı bu maçın takımlarından birini göstermeli. {ex_result}"
        case when.BadSlot():
            return f'"{quoted(exc.text)}" maç süresi olarak okunamadı. Örnek: 24+6 ya da 26+4'
        case roundrobin.TooFewTeams():
            return f"En az 2 takım gerekli ({exc.count} verildi). Örnek: {ex['teams']}"
        case draw.DuplicateTeam():
            return f'"{quoted(exc.team)}" iki kez yazılmış. Her takım bir kez. Örnek: {ex["teams"]}'
        case draw.GroupCountError():
            return (
                f"{exc.teams} takım {exc.groups} gruba bölünemez (en fazla {exc.maximum} grup,"
                f" grupta en az 2 takım). Örnek: {ex['groups']}"
            )
        case draw.SeedRequired():
            return f"Kura için bir sayı verin ki aynı kura tekrar çekilebilsin. Örnek: {ex['seed']}"
        case draw.DrawError():
            draw_ex = f"{ex['groups']} --draw order|random|pots" if cli else ex["groups"]
            return f"Kura çekilemedi. Örnek: {draw_ex}"
        case knockout.KnockoutError() | formats.BadFormat():
            return (
                "Bu grup sayısıyla bu eleme turu kurulamıyor: her gruptan en fazla 2 takım çıkar."
                f" Örnek: {ex['knockout']}"
            )
        case planner.NoPitch():
            return f"En az 1 saha gerekli. Örnek: {ex['pitches']}"
        case planner.Infeasible():
            return _infeasible(exc, cli)
        case tiebreak.UnknownPreset() | tiebreak.UnknownCriterion():
            return f'"{quoted(exc.name)}" bir eşitlik kuralı değil. Örnek: {ex["tiebreak"]}'
        case StandingsError():
            return f"Sonuç tabloya işlenemedi: {exc}. {ex_result}"
        case offload.TooSlow():
            return _too_slow(exc)
        case offload.PlanTooLarge():
            return (
                f"Bu plan {exc.matches} maç; bir sohbet en fazla {exc.maximum} maçı taşıyabilir"
                " (sonuçlar, hatırlatmalar, fikstür). Takımları gruplara bölün (ör. 64 takım"
                " için 16 grup) ya da çift devre yerine tek devre seçin."
            )
    if isinstance(exc, setupform.FormError):
        return _form_refusal(exc)
    return _bot_refusal(exc, ex_result)


FORM_EXAMPLE = "/yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | 6 Aralık 10:00 | 24+6"
SEASON_EXAMPLE = "/yeni_turnuva Kış Ligi | 8 takım | iki haftada bir pazar 14:00-17:00"
# Chat syntax only: a chat user never types a command-line flag.
CHAT_START = '"yarın 10:00" ya da "6 Aralık 10:00"'
# An organiser's command refused to someone else (/gecikme, /ertele, /hukmen, /cekil...).
ORGANISERS_ONLY = (
    "Bunu yalnızca düzenleyenler yapabilir. Düzenleyen eklemek için bir düzenleyen,"
    " kişinin mesajına /yetkili diye yanıt versin."
)


def _day(day: date) -> str:
    return f"{day.day} {MONTHS[day.month - 1]} {day.year} {WEEKDAYS[day.weekday()]}"


def _horizon(text: str, day: date, too_far: bool) -> str:
    said = f'"{quoted(text)}" ({_day(day)})' if text else _day(day)
    if too_far:
        return (
            f"İlk maç {said} {when.MAX_DAYS_AHEAD} günden daha ileride; yılı kontrol edin."
            f" Örnek: {CHAT_START}"
        )
    return f"İlk maç {said} geçmişte kaldı. İleri bir zaman yazın. Örnek: {CHAT_START}"


def _season(exc: Exception) -> str:
    """A season league that cannot be laid out, in the chat's words."""
    match exc:
        case season.RoundDoesNotFit():
            return (
                f"{exc.week}. maç haftası ({_day(exc.day)}): {exc.matches} maç {exc.pitches}"
                f" sahada kapanışa ({exc.closes:%H:%M}) sığmıyor, {duration(exc.shortfall)}"
                " eksik. Saha ekleyin, maçları kısaltın ya da bir turu iki maç gününe bölün."
                " Örnek: 2 saha | 20+5"
            )
        case matchdays.SkipOffRhythm():
            return f"{_day(exc.day)} bir maç günü değil. Örnek: 21 Şubat hariç"
        case matchdays.TooFewDates():
            return (
                f"Lig {exc.needed} maç günü istiyor, {exc.given} tarih var. Örnek: {SEASON_EXAMPLE}"
            )
    return f"Maç günleri kurulamadı. Örnek: {SEASON_EXAMPLE}"


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


def _form_refusal(exc: setupform.FormError) -> str:
    """The set-up's refusals: which part, what was wrong, and a line to copy."""
    part = PARTS.get(str(exc.part), "bilgi")
    match exc:
        case setupform.DuplicateTeams():
            return (
                f'"{quoted(exc.first)}" ve "{quoted(exc.second)}" aynı takım sayılır'
                " (büyük/küçük harf farkı)."
                " Her takıma farklı bir ad verin. Örnek: Kartallar, Şahinler, Aslanlar"
            )
        case setupform.TooFewTeams():
            return f"En az {exc.minimum} takım gerekli. Örnek: Kartallar, Şahinler, Aslanlar"
        case setupform.TooManyTeams():
            return f"En fazla {exc.maximum} takım olabilir ({exc.count} yazıldı)."
        case setupform.TooManyGroups():
            return (
                f"{exc.teams} takımla en fazla {exc.hi} grup kurulur (her grupta en az 2 takım)."
                f" Örnek: {exc.hi} grup"
            )
        case setupform.BadCount():
            example = COUNT_EXAMPLES.get(str(exc.part), str(exc.lo))
            said = "bir sayı değil" if exc.value is None else f"{exc.value} olamaz"
            return (
                f'{part.capitalize()} "{quoted(exc.text)}": {said}; en az {exc.lo},'
                f" en fazla {exc.hi}. Örnek: {example}"
            )
        case setupform.OutOfRange():
            return _horizon(exc.text, exc.moment, exc.reason is setupform.Problem.TOO_FAR)
        case setupform.RhythmPartError():
            if exc.problem == "off_rhythm" and exc.day is not None:
                return (
                    f"{_day(exc.day)} bir maç günü değil; atlanacak tarih ligin oynandığı"
                    " günlerden biri olmalı. Örnek: 21 Şubat hariç"
                )
            why, example = RHYTHM_WHY.get(str(exc.problem), ("anlaşılamadı", SEASON_EXAMPLE))
            return f'{part.capitalize()} "{quoted(exc.text)}": {why}. Örnek: {example}'
        case setupform.KnockoutConflict():
            return (
                f"{exc.groups} gruptan bu eleme kurulamıyor ({exc.wanted} takımlık tur; her"
                " gruptan en fazla 2 takım, gerekirse en iyi üçüncüler tamamlar)."
                " Örnek: 3 grup | gruptan 2 çıkar"
            )
        case setupform.TeamCountMismatch():
            return (
                f"{exc.said} takım yazılmış ama {exc.named} takım adı var. Sayıyı düzeltin"
                " ya da adları tamamlayın."
            )
        case setupform.FormatConflict() if exc.part in ("rhythm", "knockout") and not exc.groups:
            return (
                "Haftalara yayılan lig tek grup, elemesiz oynanır; grupları ve eleme turunu"
                f" çıkarın. Örnek: {SEASON_EXAMPLE}"
            )
        case setupform.FormatConflict() if exc.part == "kickoff":
            return (
                "Lig haftalara yayılıyorsa ilk maç gününü ayrı yazın, saatler maç gününde."
                f" Örnek: {SEASON_EXAMPLE} | 15 Ocak'tan itibaren"
            )
        case setupform.FormatConflict():
            return (
                "Usul ile grup sayısı çelişiyor (lig tek grup, gruplar + eleme en az 2 grup)."
                f" Örnek: {FORM_EXAMPLE}"
            )
        case setupform.KickoffError():
            return f'İlk maç zamanı "{quoted(exc.text)}" anlaşılamadı. Örnek: {CHAT_START}'
        case setupform.SlotError():
            return f'"{quoted(exc.text)}" maç süresi olarak okunamadı. Örnek: 24+6 ya da 26+4'
        case setupform.MissingPart() if exc.part == "rhythm":
            return f"Maç günü eksik. Örnek: {SEASON_EXAMPLE}"
        case setupform.MissingPart():
            return f"{part.capitalize()} eksik. Örnek: {FORM_EXAMPLE}"
        case setupform.UnknownPart():
            return f'"{quoted(exc.text)}" anlaşılamadı. Örnek: {FORM_EXAMPLE}'
        case setupform.RepeatedPart():
            return f"{part.capitalize()} iki kez yazılmış. Örnek: {FORM_EXAMPLE}"
        case setupform.BadName():
            return f"{part.capitalize()} en fazla {exc.maximum} karakter olmalı ve harf içermeli."
    return f"{part.capitalize()} anlaşılamadı. Örnek: {FORM_EXAMPLE}"


def _bot_refusal(exc: Exception, ex_result: str) -> str:
    """Refusals of the chat's use cases and of storage."""
    match exc:
        case usecase.MayNotReplace():
            running = f"«{exc.name}» sürüyor" if exc.name else "süren bir turnuva var"
            return (
                f"Bu sohbette {running}; onun yerine yeni turnuvayı yalnızca düzenleyenleri"
                " kurabilir. Süren turnuva için: /fikstur"
            )
        case usecase.NotOrganiser():
            return (
                "Sonuçları yalnızca düzenleyenler girebilir. Düzenleyen eklemek için"
                " bir düzenleyen, kişinin mesajına /yetkili diye yanıt versin."
            )
        case usecase.NoMatchBetween():
            return (
                f"{exc.home} ile {exc.away} arasında maç yok (farklı gruplarda olabilirler)."
                f" Fikstür için /fikstur. {ex_result}"
            )
        case usecase.NeedsPenalties():
            return (
                f"{exc.match.no}. maç eleme maçı, bir kazanan olmalı: penaltıları da yazın."
                f" Örnek: {exc.match.home} 2-2 {exc.match.away} pen 4-3"
            )
        case usecase.NoPenaltiesInGroups():
            return f"Grup maçında penaltı yazılmaz. Örnek: {exc.match.home} 2-2 {exc.match.away}"
        case usecase.UndoBlocked():
            return (
                f"{exc.match.no}. maçın sonucuna bağlı eleme maçları oynandı; geri alınamaz."
                " Skoru düzeltmek için doğru skoru yeniden yazın."
            )
        case usecase.UnclearAnswer():
            return f'"{quoted(exc.text)}" seçeneklerden biri değil. {exc.how}'
        case usecase.NotACaptain():
            return "Henüz bir takımın kaptanı değilsiniz. Örnek: /kaptan Kartallar"
        case stored.NoActiveTournament():
            return "Bu sohbette süren bir turnuva yok. Kurmak için: /yeni_turnuva"
        case stored.ActiveTournamentExists():
            return (
                "Bu arada sohbette başka bir turnuva kuruldu; hiçbir şey değişmedi."
                " Bakmak için: /turnuvalar"
            )
        case usecase.RunningChanged():
            return "Bu arada süren turnuva değişti; hiçbir şey değişmedi. Bakmak için: /turnuvalar"
        case usecase.SetupTimedOut():
            return "Kurulum 30 dakika sessiz kaldığı için iptal edildi. Yeniden: /yeni_turnuva"
        case usecase.NoSuchTournament():
            return "Böyle numaralı bir turnuva yok (numaralar: /turnuvalar). Örnek: /geri_yukle 2"
        case usecase.AlreadyRunning():
            return f"«{exc.name}» zaten sürüyor. Liste: /turnuvalar"
        case stored.ResultAlreadyRecorded():
            return (
                f"{exc.match_no}. maçın sonucu az önce başka biri tarafından girildi."
                " Değiştirmek için skoru yeniden yazın."
            )
        case stored.ResultConflict():
            return (
                f"{exc.match_no}. maç siz yazarken değişti; hiçbir şey kaydedilmedi."
                " Güncel durumu görüp tekrar deneyin: /fikstur"
            )
        case stored.MatchSidesUnknown():
            return f"{exc.match_no}. maçın takımları henüz belli değil."
        case stored.TooManyCaptains():
            return f"{exc.team} takımının zaten {exc.limit} kaptanı var."
        case stored.AlreadyCaptain():
            return f"Zaten {exc.team} kaptanısınız. Takım değiştirmek için düzenleyene yazın."
        case stored.NothingToUndo():
            return "Geri alınacak bir sonuç girişiniz yok."
        case stored.UndoConflict():
            return (
                f"{exc.match_no}. maçın sonucu sizden sonra değiştirildi; geri alınmadı."
                " Doğru skoru yeniden yazın."
            )
        case stored.DuplicateTeam():
            return "Bu adda bir takım zaten var. Başka bir ad seçin. Örnek: /takim_adi 3 Kartallar"
        case stored.TeamNotFound():
            return "Böyle bir takım yok. Takımlar için /takimlar. Örnek: /kaptan Kartallar"
    return "Bir şeyler ters gitti; girdiğiniz bilgiyi kontrol edip tekrar deneyin."


def _infeasible(exc: planner.Infeasible, cli: bool = True) -> str:
    short = duration(exc.shortfall)
    shorter = "--match/--changeover ile maçları" if cli else "maç süresini (ör. 20+5)"
    if exc.rule == "team_window":
        return (
            f"{quoted(exc.subject)} maçlarını verilen saat aralığına sığdıramıyor: {short} eksik."
            f" Aralığı genişletin ya da {shorter} kısaltın."
        )
    if exc.rule == "pitch_window":
        pitch = "(--pitches 2)" if cli else "(ör. 2 saha)"
        return (
            f"Maçlar sahaların açık olduğu saatlere sığmıyor: {short} eksik."
            f" Saha ekleyin {pitch}, erken başlayın ya da maçları kısaltın."
        )
    if exc.rule == "final_alone":
        return f"Final tek başına son maç olamıyor: {short} çakışıyor. Daha çok saha verin."
    rest = "--group-rest değerini" if cli else "dinlenme süresini (/ayarlar)"
    return f"Dinlenme kuralı tutmuyor ({short}). {rest} düşürün."


def _too_slow(exc: offload.TooSlow) -> str:
    seconds = f"{exc.seconds:.0f}"
    if exc.what == "plan":
        return (
            f"Bu kadar büyük bir plan {seconds} saniyede bitmedi; takım ya da grup sayısını"
            " azaltın, saha ekleyin ya da turnuvayı birkaç güne bölün."
        )
    return (
        f"Bu kadar büyük bir dosya {seconds} saniyede hazırlanamadı; daha dar bir seçim"
        " deneyin (ör. /fikstur grup A, /fikstur bugün)."
    )
