"""What the bot says about results: a stored result and what follows it (the group's table,
filled knockout sides, a group or the tournament done, a lot needed), an undo, /sonuc
without a score, the questions a line gets instead of being stored (a typo's teams, a
played match, a captain's result) and their buttons' labels and answers."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.texts.common import STAGES, hm, side
from bot.texts.fixture import score_text
from bot.texts.table import playoff_how, table
from domain.model import PlannedMatch, Score
from domain.result_lines import Problem, Unclear
from domain.standings import Table
from domain.tiebreak import TieBreak

SONUC_HOW = "Skoru yazın. Örnek: /sonuc Kartallar 3-1 Şahinler"

# Button labels; the handler puts them on the question (bot.handlers.results).
CHANGE, CANCEL = "Değiştir", "Vazgeç"
CONFIRM, REJECT = "Onayla", "Reddet"

CANCELLED = "Vazgeçildi; hiçbir şey değişmedi."
CHANGING = "Sonuç değiştiriliyor…"


def which_team(wrong: str) -> str:
    """A line naming no team as spelled: the question above the closest teams' buttons."""
    return f'"{wrong[:40]}" adında takım yok. Hangisini demek istediniz?'


def chosen(team: str) -> str:
    return f"Seçilen: {team}"


def result_saved(match: PlannedMatch, score: Score, previous: Score | None) -> str:
    head = f"✅ Kaydedildi: {match.home} {score_text(score)} {match.away} ({match.no}. maç)"
    if previous is not None:
        head += f"\nEski skor: {score_text(previous)} (değişiklik kayıtlı)"
    return head


def group_table(
    label: str,
    standings: Table,
    rule: TieBreak,
    single: bool,
    finished: bool = True,
    playoff: datetime | None = None,
) -> str:
    """A group's table; open ties are flagged only once the group is over (mid-group a
    level pair is no news, the next match may separate them); `playoff`: as table.table."""
    title = None if single else f"{label} Grubu puan durumu"
    return table(standings, rule, title=title, ties=finished, playoff=playoff)


def filled(matches: Sequence[PlannedMatch]) -> str:
    """The knockout matches a result filled; "kısmen" while one of them still waits for a
    side ("A1 - B Grubu 2.si"), so the pairings are not called known before they are."""
    whole = all(m.home is not None and m.away is not None for m in matches)
    lines = [f"🔔 Eşleşmeler {'' if whole else 'kısmen '}belli oldu:"]
    lines += [
        f"{STAGES[m.stage]}: {side(m, True)} - {side(m, False)}, {m.pitch} {hm(m.start)}"
        for m in matches
    ]
    return "\n".join(lines)


def lot_needed(tied: Sequence[str], decider: str = "lot", playoff: datetime | None = None) -> str:
    """Teams level on every criterion: a lot (/kura), or under TFF's rule a play-off
    (`playoff`: the kick-off /playoff alone would give it)."""
    if decider == "playoff" and len(tied) == 2:
        return (
            f"⚖️ {', '.join(tied)} her ölçütte eşit: TFF kuralına göre sıralamayı bir eşitlik"
            f" maçı belirler. Planlamak için: {playoff_how(playoff)}."
            " Eşleşme o maçın sonucuna kadar bekler."
        )
    two = " play-off iki takım arasında oynanır," if decider == "playoff" else ""
    return (
        f"🎲 {', '.join(tied)} her ölçütte eşit:{two} sıralama kurayla belirlenecek."
        f" Kurayı çekip önde çıkanı yazın: /kura {tied[0]}. Eşleşme o zamana kadar bekler."
    )


def champion(team: str, ranking: Sequence[str]) -> str:
    lines = [f"🏆 Tebrikler {team}! Şampiyon oldunuz."]
    if ranking:
        lines.append("Sıralama: " + " · ".join(f"{i}. {t}" for i, t in enumerate(ranking, 1)))
    return "\n".join(lines)


def undone(match: PlannedMatch, removed: Score, restored: Score | None) -> str:
    text = f"↩️ Geri alındı: {match.home} {score_text(removed)} {match.away} ({match.no}. maç)"
    if restored is not None:
        text += f"\nÖnceki skor geri geldi: {score_text(restored)}"
    return text


def already_played(match: PlannedMatch, stored: Score, new: Score) -> str:
    return (
        f"{match.home} - {match.away} maçının sonucu zaten kayıtlı: {score_text(stored)}."
        f" Yeni skor {score_text(new)} ile değiştirilsin mi?"
    )


def confirm_request(match: PlannedMatch, score: Score, team: str) -> str:
    return (
        f"{team} kaptanı sonucu yazdı: {match.home} {score_text(score)} {match.away}."
        " Rakip takımın kaptanı onaylayınca kaydedilecek."
    )


def confirm_rejected() -> str:
    return "Sonuç reddedildi; hiçbir şey kaydedilmedi. Düzenleyen doğru skoru girebilir."


def confirmed() -> str:
    return "👍 Rakip kaptan onayladı."


def unclear_result(unclear: Unclear) -> str:
    """What in a result-like message was not understood, and the line to type instead."""
    teams = unclear.teams
    first = teams[0] if teams else "Kartallar"
    second = teams[1] if len(teams) > 1 else "Rakip"
    head = f'🤔 "{unclear.text}"'
    match unclear.problem:
        case Problem.NO_SCORE:
            return (
                f"{head}: {first} ile {second} var ama skoru okuyamadım."
                f" Şöyle yazın: {first} 3-1 {second}"
            )
        case Problem.ONE_TEAM:
            home, away = unclear.goals or (3, 1)
            if len(teams) > 1:  # the named team's current match
                return (
                    f"{head}: yalnızca {first} takımını tanıdım. {first} - {second} maçının"
                    f" sonucuysa şöyle yazın: {first} {home}-{away} {second}"
                )
            return (
                f"{head}: yalnızca {first} takımını tanıdım, rakip hangisi?"
                f" Şöyle yazın: {first} {home}-{away}, ardından rakip takımın adı"
            )
        case Problem.DRAW_NOT_LEVEL:
            return f"{head}: berabere yazılmış ama skor eşit değil. Şöyle yazın: 2-2 berabere"
        case Problem.WON_LEVEL | Problem.WHOSE_PENALTIES:
            return (
                f"{head}: skor eşit, kazananı penaltılar belirlediyse onları da yazın."
                " Şöyle yazın: 2-2, penaltılarla 4-3 kazandık (ya da kaybettik)"
            )
        case Problem.NO_CURRENT_MATCH:
            return (
                f"{head}: {first} için sonucu beklenen, başlamış bir maç yok."
                f" Skoru iki takımla yazın: {first} 3-1, ardından rakip takımın adı"
            )
        case Problem.STRAY_SIGN:
            home, away = unclear.goals or (3, 1)
            return (
                f"{head}: skorun yanında fazladan bir işaret (- ya da +) var; hangi skor"
                " olduğundan emin olamadım, kaydetmedim."
                f" Skoru işaretsiz yazın: {first} {home}-{away} {second}"
            )
        case Problem.BOTH_TEAMS:
            ours, theirs = unclear.goals or (3, 1)
            pens = "" if unclear.penalties is None else " pen {}-{}".format(*unclear.penalties)
            return (
                f"{head}: hangi maç? Bir takımın kaptanı değilsiniz; sonucu iki takımın adıyla"
                f" yazın: Kartallar {ours}-{theirs} Şahinler{pens}"
            )
        case Problem.ORGANISERS_ENTER:
            return (
                f"{head}: bu turnuvada sonuçları düzenleyenler giriyor; skoru bir düzenleyene"
                " iletin. Kaptanların da sonuç girebilmesi için bir düzenleyen şunu yazabilir:"
                " /ayarlar kaptan_sonuc acik"
            )
        case Problem.CAPTAINS_ENTER:
            return (
                f"{head}: bu turnuvada sonucu maçın kaptanları ya da düzenleyenler giriyor;"
                " skoru onlardan birine iletin."
            )
        case Problem.NOT_YOUR_MATCH:
            return (
                f"{head}: {second} şu anki rakibiniz değil."
                f" Skoru iki takımla yazın: {first} 3-1 {second}"
            )
        case Problem.NO_LAST_ENTRY:
            return (
                f"{head}: bu turnuvada girdiğiniz bir sonuç yok, hangi maç olduğunu"
                " bilemedim. Sonucu iki takımın adıyla yazın: Kartallar 2-1 Şahinler"
            )
    return f"{head}: skor anlaşılamadı. Şöyle yazın: {first} 3-1 {second}"


def last_entry(match: PlannedMatch, score: Score) -> str:
    """ "son sonucu sil": the writer's last result, and the command that takes it back."""
    line = f"{match.home} {score_text(score)} {match.away} ({match.no}. maç)"
    return f"↩️ Son girdiğiniz sonuç: {line}. Silmek için: /geri_al"
