"""Texts of /hukmen, /cekil, their /ayarlar keys and /geri_al after a withdrawal."""

from __future__ import annotations

import html

from bot.texts import errors, fixture, results
from bot.texts.common import MONTHS, hm, pairing
from bot.texts.parts import quoted
from bot.texts.refused import only_organisers
from bot.usecases import forfeit_choice, forfeits, undo
from bot.usecases.errors import NotOrganiser
from bot.usecases.snapshots import Snapshot
from bot.usecases.weeks import playoff_kickoff
from domain.forfeits import WithdrawalRule
from domain.model import PlannedMatch
from domain.settings import TournamentSettings
from domain.standings import Table

HUKMEN_HOW = (
    "Gelmeyen takımı yazın. Örnek: /hukmen Kartallar (zamanı gelen maçı 0-3 sayılır),"
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
    """The group's table monospaced, as every other table goes: HTML `<pre>`."""
    if table is None:
        return []
    label, tab = table
    finished = snap.group_finished(label)
    single, at = len(snap.groups) < 2, playoff_kickoff(snap)
    text = results.group_table(label, tab, snap.rules.tiebreak, single, finished, at)
    return [f"<pre>{html.escape(text)}</pre>"]


def _vs(m: PlannedMatch) -> str:
    return f"{m.home} - {m.away} ({m.no}. maç)"


def forfeited(f: forfeits.Forfeited) -> str:
    """The forfeit and the table after it, as HTML (parse_mode="HTML")."""
    m = f.match
    on = f"{m.start.day} {MONTHS[m.start.month - 1]}"
    parts = [f"⚖️ Hükmen: {m.home} {fixture.score_text(f.score)} {m.away} ({m.no}. maç, {on})"]
    if f.previous is not None:
        parts[0] += f"\nOynanan skor {fixture.score_text(f.previous)} yerine."
    parts[0] += f"\n{f.loser} hükmen kaybetti. Yanlışsa: /geri_al"
    return "\n\n".join([html.escape(p) for p in parts] + _table(f.snapshot, f.table))


def withdrawn(w: forfeits.Withdrawn) -> str:
    """The withdrawal and the table after it, as HTML (parse_mode="HTML")."""
    left = f"🚪 {w.team} {'ligden' if w.snapshot.is_league else 'turnuvadan'} çekildi"
    if w.annulled:
        head = f"{left}: tüm sonuçları iptal, puan tablosundan çıktı."
        if w.removed:
            head += f"\nFikstürden kalkan {len(w.removed)} maç: " + ", ".join(
                _vs(m) for m in w.removed
            )
    else:
        head = f"{left}."
        if w.awarded:
            head += f"\nKalan {len(w.awarded)} maçı 3-0 rakiplerine yazıldı (H): " + ", ".join(
                _vs(m) for m in w.awarded
            )
    head += "\nYanlışsa: /geri_al"
    return "\n\n".join([html.escape(head), *_table(w.snapshot, w.table)])


def reinstated(r: undo.Reinstated) -> str:
    back = "ligde" if r.league else "turnuvada"
    return f"↩️ Geri alındı: {r.team} yeniden {back}, {r.matches} maçı eskisi gibi."


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


def refusal(exc: Exception, how: str | None = None) -> str:
    """`how`: the command's example after a team name it did not find."""
    match exc:
        case forfeits.NoShowReported():
            return (
                f"Hükmeni düzenleyenler yazar: biri “{exc.team} gelmedi” yazarsa"
                f" {exc.match.no}. maç ({pairing(exc.match)}) {exc.reporter} lehine hükmen"
                " sayılır."
            )
        case NotOrganiser():
            return only_organisers(exc.action)
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
        case forfeit_choice.NotDue():
            m = exc.next
            return (
                f"{exc.team}: zamanı gelmiş maç yok; sıradaki {m.no}. maç {pairing(m)},"
                f" {m.start.day} {MONTHS[m.start.month - 1]} {hm(m.start)}. Onu şimdiden"
                f" hükmen yazmak için: /hukmen {m.no} {exc.team}"
            )
        case forfeits.AlreadyWithdrawn():
            return f"{exc.team} zaten çekildi. Geri almak için: /geri_al"
        case forfeits.BadRule():
            return f'"{quoted(exc.text)}" bir çekilme kuralı değil. {RULE_HOW}'
    return errors.refusal(exc, how=how)
