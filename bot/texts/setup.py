"""The guided set-up's questions, the summary before [Oluştur] (or, when it replaces the
running tournament, [Evet, yerine kur]) and the set-up's refusals."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.texts import season
from bot.texts.advice import describe, season_line
from bot.texts.common import day, duration, hm, roster, tie_rule_name
from bot.texts.form_refusals import round_does_not_fit
from bot.usecases.setup_spec import PlanWarning
from bot.usecases.setup_steps import SEASON_FORMATS, Answers
from domain.dayplan import Plan
from domain.season import RoundDoesNotFit

if TYPE_CHECKING:  # for annotations only: domain.advice is the planner's side
    from domain.advice import Candidate

ASK_NAME = "🏆 Yeni turnuva! Turnuvanın adı ne? (Örnek: Bahar Kupası)\nVazgeçmek için /iptal"
ASK_TEAMS = (
    "Takımları yazın: her satıra bir takım ya da virgülle ayırarak (2 ile 64 arası).\n"
    "Örnek: Kartallar, Şahinler, Aslanlar, Kaplanlar"
)
ASK_FORMAT = "Nasıl oynansın?"
ASK_GROUPS = "Kaç grup olsun? (Örnek: 2)"
ASK_PITCHES = "Kaç saha var? (Örnek: 2)"
ASK_KICKOFF = 'İlk maç ne zaman? (Örnek: "6 Aralık 10:00", "yarın 20:00", "cumartesi 10:00")'
ASK_SLOT = 'Maç süresi + maçlar arası değişim kaç dakika? (Örnek: "24+6", "26+4")'
ASK_THIRD = "Üçüncülük maçı oynansın mı?"
ASK_TIEBREAK = "Puan eşitliğinde hangi kural? (Varsayılan: TFF)"
FORMATS = (
    ("groups", "Gruplar + eleme"),
    ("league", "Lig"),
    ("double", "Çift devreli lig"),
    ("knockout", "Eleme"),
)
TIEBREAKS = (("tff", "TFF"), ("uefa", "UEFA"), ("fifa", "FIFA"), ("makale", "Averaj önce"))
TIMED_OUT = (
    "Kurulum 30 dakika sessiz kaldığı için iptal edildi. Yeniden başlamak için /yeni_turnuva"
)
FORMAT_HOW = "Düğmeye basın ya da yazın: Gruplar + eleme, Lig, Çift devreli lig, Eleme"
THIRD_HOW = "Düğmeye basın ya da yazın: Evet ya da Hayır"
TIEBREAK_HOW = "Düğmeye basın ya da yazın: TFF, UEFA, FIFA ya da Averaj önce"
CANCELLED = "Kurulum iptal edildi; hiçbir şey kaydedilmedi."
NOTHING_TO_CANCEL = "İptal edilecek bir işlem yok."
CREATING = "Oluşturuluyor…"
CREATE = "Oluştur"
REPLACE = "Evet, yerine kur"
CREATE_LONG = "Yine de Oluştur"  # a day past midnight or over 12 hours
REPLACE_LONG = "Yine de yerine kur"
EDIT = "Değiştir"
CANCEL = "İptal"
NOT_YOURS = "Bu kurulum başkasına ait. Kendi turnuvanız için: /yeni_turnuva"
STALE = "Bu kurulum düğmesi artık geçerli değil. Yeniden başlamak için: /yeni_turnuva"
RACED = "Bu arada sohbette başka bir turnuva kuruldu; hiçbir şey değişmedi. Yeni özete bakın."
TIMED_OUT_TOAST = "Kurulum 30 dakika sessiz kaldığı için iptal edildi. Yeniden: /yeni_turnuva"


def may_not_replace(name: str | None) -> str:
    """A member's /yeni_turnuva (or button) while a tournament runs: nothing changes."""
    running = f"«{name}» sürüyor" if name else "süren bir turnuva var"
    return (
        f"Bu sohbette {running}; yerine yenisini yalnızca o turnuvayı düzenleyenler kurabilir."
        " Süren turnuva ve sonuçları yerinde duruyor: /fikstur"
    )


def may_not_replace_toast(name: str | None) -> str:
    running = f"«{name}» sürüyor" if name else "süren bir turnuva var"
    return f"Bu sohbette {running}; yerine yenisini yalnızca onu düzenleyenler kurabilir."


def running_changed(name: str | None) -> str:
    """The press came after the running tournament changed: nothing was replaced."""
    if name is None:
        return "Bu arada süren turnuva bitti; hiçbir şey değişmedi. Yeni özete bakın."
    return f"Bu arada «{name}» kuruldu; hiçbir şey değişmedi. Yeni özete bakın."


def wait(seconds: float) -> str:
    """The set-up's summary was built for this person moments ago (rationed)."""
    return (
        f"⏳ Özet az önce hazırlandı. {max(1, round(seconds))} sn sonra tekrar yazın"
        " (ya da kurulumu bırakmak için /iptal)."
    )


def started_over(name: str) -> str:
    """/yeni_turnuva by an organiser while a tournament runs: said before the first question."""
    return (
        f"⚠️ Bu sohbette «{name}» sürüyor. Yeni turnuva onun yerine kurulur;"
        f" «{name}» sonuçlarıyla arşivde kalır (/turnuvalar, /geri_yukle)."
    )


def made(name: str, replaced: str | None) -> str:
    """The summary, once the button was pressed."""
    if replaced is None:
        return f"✅ {name} oluşturuldu."
    return (
        f"✅ {name} oluşturuldu. «{replaced}» sonuçlarıyla arşivde;"
        " geri getirmek için /turnuvalar ve /geri_yukle."
    )


def summary(
    name: str,
    teams: Sequence[str],
    format_label: str,
    groups: int,
    pitches: int,
    kickoff,  # noqa: ANN001 - datetime
    match: int,
    changeover: int,
    third: bool,
    tiebreak: str,
    matches: int,
    end,  # noqa: ANN001 - datetime
    replaces: str | None = None,
) -> str:
    """`replaces`: the running tournament this one would replace, said in the first line;
    `teams` named, so a list split other than meant shows before [Oluştur]."""
    minutes = int((end - kickoff).total_seconds() // 60)
    lines = [f"⚠️ Bu turnuva süren «{replaces}» turnuvasının yerine kurulur."] if replaces else []
    lines += [
        f"📋 {name}",
        f"• {len(teams)} takım · {format_label}" + (f" · {groups} grup" if groups > 1 else ""),
        f"• Takımlar: {roster(teams)}",
        f"• {pitches} saha · ilk maç {day(kickoff)} {hm(kickoff)}",
        f"• Maç {match} dk + {changeover} dk değişim",
        f"• Üçüncülük maçı: {'var' if third else 'yok'} · eşitlik: {tie_rule_name(tiebreak)}",
        f"• {matches} maç, gün sonu {hm(end)} ({duration(minutes)})",
        "",
        (
            f"«{replaces}» bitmiş sayılır, sonuçlarıyla arşivde kalır (/geri_yukle)."
            " Yerine kurulsun mu?"
            if replaces
            else "Her şey doğru mu?"
        ),
    ]
    return "\n".join(lines)


UNSEARCHED = (
    "• Tek güne sığan bir biçim aranırken süre doldu. Saha ekleyin, maçları kısaltın ya da"
    " ligi haftalara yayın ([Değiştir] → Saha, Süre, İlk maç)."
)


def warning(w: PlanWarning) -> str:
    """The ⚠ lines before [Oluştur]: a plan in the past, past midnight or over 12 hours,
    with the formats that fit a day (or a season league over weeks), or UNSEARCHED when
    their search ran out of time."""
    lines = []
    if w.past:
        lines.append(
            "⚠ İlk maç geçmişte kalıyor; hatırlatmalar gönderilemez."
            ' [Değiştir] → İlk maç ile yeni bir zaman yazın (örnek: "yarın 10:00").'
        )
    if w.long or w.midnight:
        why = "gece yarısını geçiyor" if w.midnight else "12 saatten uzun sürüyor"
        lines.append(f"⚠ Bu program {why} ({duration(w.minutes)}).")
        for c in w.alternatives:
            lines.append(
                f"• Öneri: {describe(c)}: {c.matches} maç, {duration(c.minutes)}"
                " ([Değiştir] → Biçim)"
            )
        if w.season is not None:
            lines.append(f"• Öneri: {season_line(w.season)}")
        if not w.searched:  # the search ran out of its time budget: nothing found says nothing
            lines.append(UNSEARCHED)
        elif not w.alternatives and w.season is None:
            lines.append("• Saha ekleyin ya da maçları kısaltın ([Değiştir] → Saha, Süre).")
        lines.append(f"• Bu programla kurmak için: [{CREATE_LONG}]")
    return "\n".join(lines)


# [Değiştir]: which answer to change; then back to the summary.
ASK_EDIT = "Neyi değiştirelim? Seçin; yeni cevaptan sonra özet yeniden gelir."
EDIT_FIELDS = (
    ("name", "Ad"),
    ("teams", "Takımlar"),
    ("pitches", "Saha"),
    ("format", "Biçim"),
    ("groups", "Grup sayısı"),
    ("kickoff", "İlk maç"),
    ("slot", "Süre"),
    ("third", "Üçüncülük"),
    ("tiebreak", "Eşitlik"),
)
# A league over match weeks: these instead of the kick-off ("İlk maç" is its first day).
SEASON_EDIT_FIELDS = (("rhythm", "Gün ve saat"), ("first", "İlk maç"), ("skip", "Atlanan günler"))
EDIT_HOW = "Düğmeye basın ya da yazın: " + ", ".join(label for _, label in EDIT_FIELDS)
# A guided league whose match week does not fit: what to change, as the guided user can.
ASK_EDIT_UNFIT = (
    'Neyi değiştirelim? Saha ekleyin (yazın: "2 saha"), maçları kısaltın (yazın: "20+5")'
    " ya da Gün ve saat düğmesiyle saatleri genişletin. Yeni cevaptan sonra özet yeniden gelir."
)
_FORM_EXAMPLE = re.compile(r" ?Örnek: [^\n]*\|[^\n]*")  # "Örnek: 2 saha | 20+5": the form's


def unplanned(exc: Exception, refused: str, answers: Answers) -> str:
    """A guided set-up whose plan failed (`refused`: the refusal after the one-message
    form): why, without the form's example a guided user never saw, then which answer to
    change, by its button or typed with its value."""
    if isinstance(exc, RoundDoesNotFit):
        return f"{round_does_not_fit(exc)}\n\n{ASK_EDIT_UNFIT}"
    return f"{_FORM_EXAMPLE.sub('', refused)}\n\n{question('edit', answers)}"


ASK_NAME_AGAIN = "Turnuvanın yeni adı ne? (Örnek: Bahar Kupası)"


def how(question: str) -> str:
    """The options of a set-up question, for an answer that matched none (UnclearAnswer)."""
    return {
        "format": FORMAT_HOW,
        "season format": season.FORMAT_HOW,
        "third": THIRD_HOW,
        "tiebreak": TIEBREAK_HOW,
        "edit": EDIT_HOW,
    }[question]


# A refused answer: the question again, bare, with one answer its reader accepts
# (tests/usecases/test_setup_words.py holds every example accepted at its step).
ASKED_AGAIN = {
    "name": "Turnuvanın adı ne?",
    "teams": "Takımları yazın: her satıra bir takım ya da virgülle ayırarak (2 ile 64 arası).",
    "pitches": "Kaç saha var?",
    "format": "Nasıl oynansın?",
    "groups": "Kaç grup olsun?",
    "kickoff": "İlk maç ne zaman?",
    "season kickoff": "Tek gün mü, haftalara yayılan lig mi? İlk maç ne zaman?",
    "rhythm": "Hangi gün ve saatlerde oynanacak?",
    "first": "İlk maç günü hangi gün?",
    "skip": "Atlanacak maç günü var mı?",
    "slot": "Maç süresi + maçlar arası değişim kaç dakika?",
    "third": "Üçüncülük maçı oynansın mı?",
    "tiebreak": "Puan eşitliğinde hangi kural?",
    "edit": "Neyi değiştirelim?",
}
EXAMPLES = {
    "name": "Bahar Kupası",
    "teams": "Kartallar, Şahinler, Aslanlar, Kaplanlar",
    "pitches": "2 saha var",
    "format": "lig usulü",
    "groups": "2 grup",
    "kickoff": "yarın 10:00",
    "season kickoff": "yarın 10:00",
    "rhythm": "iki haftada bir pazar 14-17",
    "skip": "yok",
    "slot": "30 dk maç 5 dk ara",
    "third": "evet",
    "tiebreak": "tff olsun",
    "edit": "Saha",
}


def asked_as(step: str, answers: Answers) -> str:
    """The key of ASKED_AGAIN and EXAMPLES for `step`: a league's kick-off is its own."""
    return "season kickoff" if step == "kickoff" and answers.format in SEASON_FORMATS else step


def refused(reason: str, step: str, answers: Answers) -> str:
    """A refused answer to `step`: why (the refusal without its own example), then the
    question again with one example that would be accepted."""
    why = reason.split(" Örnek: ")[0].rstrip()
    key = asked_as(step, answers)
    return f'{why}\n{ASKED_AGAIN[key]} Örnek: "{example(key, answers)}"'


def example(key: str, answers: Answers) -> str:
    """One answer `key`'s step accepts: a season's first day is one of its match days."""
    if key == "first" and answers.season:
        return season.first_example(dict(answers.season))
    return EXAMPLES[key]


def question(step: str, answers: Answers, hint: Candidate | None = None) -> str:
    """The question that asks `step` ("edit": which answer to change); `hint`: the format
    the format question suggests."""
    if step == "edit":
        return ASK_EDIT
    if step == "kickoff" and answers.format in SEASON_FORMATS:
        return season.ASK_KIND
    asked = {
        "name": ASK_NAME_AGAIN,
        "teams": ASK_TEAMS,
        "pitches": ASK_PITCHES,
        "groups": ASK_GROUPS,
        "kickoff": ASK_KICKOFF,
        "slot": ASK_SLOT,
        "third": ASK_THIRD,
        "tiebreak": ASK_TIEBREAK,
        "rhythm": season.ASK_RHYTHM,
    }.get(step, ASK_FORMAT)
    if step in ("first", "skip") and answers.season:
        rhythm = dict(answers.season)
        asked = season.ask_first(rhythm) if step == "first" else season.ask_skip(rhythm)
    if step == "format" and hint is not None:
        asked += f"\nÖneri: {describe(hint)}"
    return asked


Options = tuple[tuple[tuple[str, str], ...], int]  # (value, label) buttons, and how many a row


def options(step: str, answers: Answers, fields: Sequence[str] = ()) -> Options:
    """The buttons under `step`'s question; none: the answer is typed. `fields`: for
    "edit", the answers that may change."""
    if step == "edit":
        labels = {**dict(EDIT_FIELDS), **dict(SEASON_EDIT_FIELDS)}
        return tuple((f, labels[f]) for f in fields), 3
    if step == "first" and answers.season:
        days = season.first_choices(dict(answers.season))
        return tuple((d.isoformat(), season.long_date(d)) for d in days), 2
    if step == "skip":
        return (season.NO_SKIP,), 1
    if step == "format":
        offered = (f for f in FORMATS if not answers.season or f[0] in SEASON_FORMATS)
        return tuple(offered), 2
    if step == "kickoff":
        return ((season.SEASON_BUTTON,), 1) if answers.format in SEASON_FORMATS else ((), 2)
    fixed: dict[str, Options] = {
        "rhythm": (tuple((str(n), r) for n, r in enumerate(season.RHYTHMS)), 1),
        "pitches": (tuple((str(n), str(n)) for n in (1, 2, 3, 4)), 4),
        "groups": (tuple((str(n), str(n)) for n in (2, 3, 4)), 3),
        "slot": (tuple((s, s) for s in ("24+6", "26+4", "40+5", "50+10")), 4),
        "third": ((("yes", "Evet"), ("no", "Hayır")), 2),
        "tiebreak": (TIEBREAKS, 2),
    }
    return fixed.get(step, ((), 2))


def summary_of(answers: Answers, planned: Plan, replaces: str | None) -> str:
    """The summary before [Oluştur] of a day (`summary`) or a season league over match
    weeks (`season.summary`); `replaces`: the running tournament it would replace."""
    a = answers
    assert a.name is not None and a.teams is not None and a.kickoff is not None, a
    label = dict(FORMATS).get(a.format or "groups", "")
    pitches = 1 if a.pitches is None else a.pitches
    match = 24 if a.match is None else a.match
    changeover = 6 if a.changeover is None else a.changeover
    tiebreak = a.tiebreak or "tff"
    if a.season:  # a league over match weeks: its weeks and span instead
        return season.summary(
            a.name, a.teams, label, pitches, dict(a.season), match, changeover,
            tiebreak, planned.matches, replaces=replaces,
        )  # fmt: skip
    groups = 1 if a.groups is None else a.groups
    third = True if a.third is None else a.third
    return summary(
        a.name, a.teams, label, groups, pitches, a.kickoff, match, changeover, third,
        tiebreak, len(planned.matches), planned.day_end, replaces=replaces,
    )  # fmt: skip


def warned(text: str, w: PlanWarning) -> str:
    """A summary with its ⚠ lines, above its question."""
    head, _, asked = text.rpartition("\n\n")
    return f"{head}\n{warning(w)}\n\n{asked}"
