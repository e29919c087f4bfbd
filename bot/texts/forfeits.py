"""Texts of /hukmen, /cekil, their /ayarlar keys and /geri_al after a withdrawal."""

from __future__ import annotations

from bot.texts import errors, fixture, results
from bot.texts.parts import quoted
from bot.usecases import forfeits, undo
from bot.usecases.errors import NotOrganiser
from bot.usecases.snapshots import Snapshot
from domain.forfeits import WithdrawalRule
from domain.model import PlannedMatch
from domain.settings import TournamentSettings
from domain.standings import Table

HUKMEN_HOW = (
    "Gelmeyen takımı yazın. Örnek: /hukmen Kartallar (ilk sonucu olmayan maçı 0-3 sayılır),"
    " /hukmen 14 Kartallar ya da oynanan skorla /hukmen Kartallar 5-1"
)
CEKIL_HOW = "Çekilen takımı yazın. Örnek: /cekil Kartallar (kural: /ayarlar cekilme tff|iptal|yari)"
RULE_HOW = (
    "Örnek: /ayarlar cekilme tff (kalan maçlar 3-0 rakibe) · /ayarlar cekilme iptal (tüm"
    " sonuçları silinir) · /ayarlar cekilme yari (yarısından azını oynadıysa silinir)"
)
DEDUCTION_HOW = "Örnek: /ayarlar hukmen_puan_sil acik (ya da kapali)"

RULES = {
    WithdrawalRule.AWARD: "kalan maçları 3-0 rakiplerine yazılır (TFF)",
    WithdrawalRule.ANNUL: "tüm sonuçları iptal edilir",
    WithdrawalRule.ANNUL_UNDER_HALF: (
        "maçlarının yarısından azını oynadıysa sonuçları iptal edilir, yoksa kalanlar 3-0"
        " rakiplerine yazılır"
    ),
}


def _table(snap: Snapshot, table: tuple[str, Table] | None) -> list[str]:
    if table is None:
        return []
    label, tab = table
    return [results.group_table(label, tab, snap.rules.tiebreak, len(snap.groups) < 2, True)]


def _vs(m: PlannedMatch) -> str:
    return f"{m.home} - {m.away} ({m.no}. maç)"


def forfeited(f: forfeits.Forfeited) -> str:
    m = f.match
    parts = [f"⚖️ Hükmen: {m.home} {fixture.score_text(f.score)} {m.away} ({m.no}. maç)"]
    if f.previous is not None:
        parts[0] += f"\nOynanan skor {fixture.score_text(f.previous)} yerine."
    parts[0] += f"\n{f.loser} hükmen kaybetti. Yanlışsa: /geri_al"
    return "\n\n".join(parts + _table(f.snapshot, f.table))


def withdrawn(w: forfeits.Withdrawn) -> str:
    if w.annulled:
        head = f"🚪 {w.team} ligden çekildi: tüm sonuçları iptal, puan tablosundan çıktı."
        if w.removed:
            head += f"\nFikstürden kalkan {len(w.removed)} maç: " + ", ".join(
                _vs(m) for m in w.removed
            )
    else:
        head = f"🚪 {w.team} ligden çekildi."
        if w.awarded:
            head += f"\nKalan {len(w.awarded)} maçı 3-0 rakiplerine yazıldı (H): " + ", ".join(
                _vs(m) for m in w.awarded
            )
    head += "\nYanlışsa: /geri_al"
    return "\n\n".join([head, *_table(w.snapshot, w.table)])


def reinstated(r: undo.Reinstated) -> str:
    return f"↩️ Geri alındı: {r.team} yeniden ligde, {r.matches} maçı eskisi gibi."


def deduction(on: bool) -> str:
    if on:
        return (
            "👍 Hükmen kaybeden takımdan bir galibiyetin puanı da düşülecek (TFF FMT Madde 24)."
            " Tablo: /puan"
        )
    return "Hükmen kaybeden takımdan puan düşülmeyecek. Tablo: /puan"


def rule_of(settings: TournamentSettings) -> str:
    """The league's withdrawal rule as /ayarlar shows it."""
    return RULES[settings.withdrawal_rule]


def rule_set(rule: WithdrawalRule) -> str:
    return f"👍 Çekilen takımın {RULES[rule]}. Çekilme: /cekil Takım"


def refusal(exc: Exception) -> str:
    match exc:
        case NotOrganiser():
            return errors.ORGANISERS_ONLY
        case forfeits.BadForfeit() if exc.reason == "not_theirs":
            if exc.match is None:
                return f"Böyle bir maç yok. {HUKMEN_HOW}"
            return f"{exc.match.no}. maç {_vs(exc.match)}; bu takımın maçı değil. {HUKMEN_HOW}"
        case forfeits.BadForfeit():
            return HUKMEN_HOW
        case forfeits.NoOpenMatch():
            return (
                f"{exc.team} takımının sonucu olmayan maçı yok. Belli bir maç için:"
                f" /hukmen 14 {exc.team}"
            )
        case forfeits.AlreadyWithdrawn():
            return f"{exc.team} zaten çekildi. Geri almak için: /geri_al"
        case forfeits.BadRule():
            return f'"{quoted(exc.text)}" bir çekilme kuralı değil. {RULE_HOW}'
    return errors.refusal(exc)
