"""Refusals: what was wrong, and what to type instead. One line each, no stack traces.

`refusal` is the one entry point: the domain's errors are worded here, the set-up form's in
`form_refusals`, the use cases' and storage's in `usecase_refusals`.
"""

from __future__ import annotations

from bot.runtime import offload
from bot.texts import players
from bot.texts.common import EXAMPLES, duration
from bot.texts.form_refusals import (
    CHAT_START,
    SEASON_EXAMPLE,
    bad_slot,
    form_refusal,
    full_day,
    horizon,
    round_does_not_fit,
)
from bot.texts.parts import quoted
from bot.texts.usecase_refusals import usecase_refusal
from domain import (
    dayplan,
    draw,
    forfeits,
    formats,
    knockout,
    matchdays,
    names,
    roundrobin,
    scores,
    season,
    setuperrors,
    tiebreak,
    when,
)
from domain.standings import StandingsError


def _names(found: tuple[str, ...]) -> str:
    """Candidate team names, a handful at most (each cut short), for a refusal."""
    shown = ", ".join(quoted(f) for f in found[:5])
    return shown + (f" (+{len(found) - 5})" if len(found) > 5 else "")


def kickoff_why(exc: when.BadDateTime) -> str:
    """What is wrong with a first kick-off, for the chat's refusal and the command line's."""
    return {
        "missing_time": "saat eksik",
        "missing_date": "gün eksik",
        "bad_date": "böyle bir tarih yok",
        "bad_time": "böyle bir saat yok",
    }.get(str(exc.reason), "anlaşılamadı")


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


def refusal(exc: Exception, *, cli: bool = False, how: str | None = None) -> str:
    """The Turkish line for a user-caused error; its examples in chat syntax, or as the
    command line's flags when `cli`. `how`: the command's own example, for a team name
    it did not find (a result line's otherwise)."""
    ex_result = f"Örnek: {EXAMPLES['result']}"
    ex = CLI_EXAMPLES if cli else CHAT_EXAMPLES
    team_how = ex_result if how is None else f"Takımlar: /takimlar · {how}"
    match exc:
        case names.UnknownTeam():
            found = _candidates(exc.candidates)
            return f'"{quoted(exc.text)}" adında bir takım yok.{found} {team_how}'
        case names.AmbiguousTeam():
            return (
                f'"{quoted(exc.text)}" birden çok takıma benziyor: {_names(exc.candidates)}.'
                f" Takımın tam adını yazın. {team_how}"
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
                "stray_sign": "skorun yanında fazladan bir işaret (- ya da +) var",
            }.get(str(exc.reason), "skor geçersiz")
            return f'"{quoted(exc.text)}": {why}. {ex_result}'
        case scores.AmbiguousResult():
            return (
                f'"{quoted(exc.text)}" birden çok şekilde okunabiliyor.'
                f" Takım adlarını tam yazın. {ex_result}"
            )
        case when.BadDateTime():
            return f'Başlangıç zamanı "{quoted(exc.text)}": {kickoff_why(exc)}. Örnek: {CHAT_START}'
        case when.OutOfHorizon():
            return horizon(exc.text, exc.moment.date(), exc.too_far)
        case matchdays.CalendarError() | season.RoundDoesNotFit() | season.BadSeason():
            return _season(exc)
        case forfeits.ForfeitError():
            return f"Hükmen kaydı bu maçın takımlarından birini göstermeli. {ex_result}"
        case when.BadSlot():
            return bad_slot(exc.text)
        case roundrobin.TooFewTeams():
            return f"En az 2 takım gerekli ({exc.count} verildi). Örnek: {ex['teams']}"
        case draw.DuplicateTeam():
            return f'"{quoted(exc.team)}" iki kez yazılmış. Her takım bir kez. Örnek: {ex["teams"]}'
        case draw.GroupCountError():
            fits = ex["groups"] if cli or exc.maximum < 1 else f"{exc.maximum} grup"
            if not cli and exc.maximum == 1:  # one group of them all is a league
                fits = "1 grup (ya da grupsuz: lig)"
            return (
                f"{exc.teams} takım {exc.groups} gruba bölünemez (en fazla {exc.maximum} grup,"
                f" grupta en az 2 takım). Örnek: {fits}"
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
        case dayplan.NoPitch():
            return f"En az 1 saha gerekli. Örnek: {ex['pitches']}"
        case dayplan.Infeasible():
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
    if isinstance(exc, setuperrors.FormError):
        return form_refusal(exc)
    if (said := players.refusal(exc)) is not None:  # scorers, cards, bans (issue 22)
        return said
    return usecase_refusal(exc, ex_result)


def _season(exc: Exception) -> str:
    """A season league that cannot be laid out, in the chat's words."""
    match exc:
        case season.RoundDoesNotFit():
            return (
                f"{round_does_not_fit(exc)} Saha ekleyin, maçları kısaltın ya da bir turu iki"
                " maç gününe bölün. Örnek: 2 saha | 20+5"
            )
        case matchdays.SkipOffRhythm():
            return f"{full_day(exc.day)} bir maç günü değil. Örnek: 21 Şubat hariç"
        case matchdays.TooFewDates():
            return (
                f"Lig {exc.needed} maç günü istiyor, {exc.given} tarih var. Örnek: {SEASON_EXAMPLE}"
            )
    return f"Maç günleri kurulamadı. Örnek: {SEASON_EXAMPLE}"


def _infeasible(exc: dayplan.Infeasible, cli: bool = True) -> str:
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
