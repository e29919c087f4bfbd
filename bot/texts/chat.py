"""Replies in the chat: fixtures, tables, results, a team's next match, captaincy, the
live message.

The words for a question's answer are `answers`', built from the lines here.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo

from bot.texts import moments, season
from bot.texts.common import STAGES, day, hm, pairing, side, stage_label
from bot.texts.files import NO_MATCHES, fixture_head
from bot.texts.table import table
from domain import intents
from domain.lines import Problem, Unclear
from domain.model import Group, PlannedMatch, Score
from domain.standings import Table
from domain.tiebreak import TieBreak


def score_text(score: Score) -> str:
    text = f"{score.home_goals}-{score.away_goals}"
    if score.home_penalties is not None:
        text += f" (pen. {score.home_penalties}-{score.away_penalties})"
    return text + (" (H)" if score.forfeit else "")


def match_line(m: PlannedMatch, result: Score | None = None, *, show_day: bool = False) -> str:
    when = f"{day(m.start)} {hm(m.start)}" if show_day else hm(m.start)
    score = f"  {score_text(result)}" if result else ""
    return f"{m.no}. {when} {m.pitch} · {stage_label(m)}: {side(m, True)} - {side(m, False)}{score}"


def fixture(
    name: str, matches: Sequence[tuple[PlannedMatch, Score | None]], title: str | None = None
) -> str:
    if not matches:
        return NO_MATCHES
    lines = [fixture_head(name, matches[0][0].start, title)]
    lines += [match_line(m, r) for m, r in matches]
    return "\n".join(lines)


def draw(groups: Sequence[Group]) -> str:
    if len(groups) < 2:
        return ""
    return "Kura: " + " · ".join(f"{g.label}: {', '.join(g.teams)}" for g in groups)


def created(
    name: str, groups: Sequence[Group], matches: Sequence[PlannedMatch], end: datetime
) -> str:
    """A summary, not the whole fixture (64 teams' fixture is 9 messages): the draw, the
    first slot's matches and where the rest is."""
    parts = [f"✅ {name} kuruldu: {len(matches)} maç, gün sonu {hm(end)}."]
    if drawn := draw(groups):
        parts.append(drawn)
    if matches:
        first = min(m.start for m in matches)
        opening = [m for m in matches if m.start == first]
        lines = [f"İlk maçlar ({day(first)} {hm(first)}):"]
        lines += [match_line(m) for m in opening[:8]]
        if len(opening) > 8:
            lines.append(f"… ve {len(opening) - 8} maç daha")
        parts.append("\n".join(lines))
    parts.append("Tüm fikstür: /fikstur (resim), /fikstur metin, /yazdir (PDF).")
    parts.append(
        'Kaptanlar /kaptan TakımAdı yazsın; sonra "ne zaman oynuyoruz?" diye sorabilirler.'
    )
    return "\n\n".join(parts)


def result_saved(match: PlannedMatch, score: Score, previous: Score | None) -> str:
    head = f"✅ Kaydedildi: {match.home} {score_text(score)} {match.away} ({match.no}. maç)"
    if previous is not None:
        head += f"\nEski skor: {score_text(previous)} (değişiklik kayıtlı)"
    return head


def group_table(
    label: str, standings: Table, rule: TieBreak, single: bool, finished: bool = True
) -> str:
    """A group's table; open ties are flagged only once the group is over (mid-group a
    level pair is no news, the next match may separate them)."""
    title = None if single else f"{label} Grubu puan durumu"
    return table(standings, rule, title=title, ties=finished)


def filled(matches: Sequence[PlannedMatch]) -> str:
    lines = ["🔔 Eşleşmeler belli oldu:"]
    lines += [
        f"{STAGES[m.stage]}: {m.home or '?'} - {m.away or '?'}, {m.pitch} {hm(m.start)}"
        for m in matches
    ]
    return "\n".join(lines)


def group_done(label: str) -> str:
    return f"🏁 {label} Grubu tamamlandı."


def lot_needed(tied: Sequence[str], decider: str = "lot") -> str:
    """Teams level on every criterion: a lot (/kura), or under TFF's rule a play-off."""
    if decider == "playoff":
        return (
            f"⚖️ {', '.join(tied)} her ölçütte eşit: TFF kuralına göre sıralamayı bir eşitlik"
            " maçı belirler. Planlamak için: /playoff (sıradaki maç günü) ya da"
            " /playoff 7 Mart 15:00. Eşleşme o maçın sonucuna kadar bekler."
        )
    return (
        f"🎲 {', '.join(tied)} her ölçütte eşit: sıralama kurayla belirlenecek."
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


def zone_of(moment: datetime) -> tzinfo:
    """The time zone a match's times are told in (UTC for a naive moment)."""
    return moment.tzinfo or UTC


def next_match(
    team: str,
    match: PlannedMatch,
    now: datetime,
    *,
    day: intents.Day | None = None,
    yours: bool = True,
) -> str:
    """ "⚽ Kartallar: sıradaki maçınız A Grubu, rakip Şahinler.\nSaha 1, bugün 10:00 (45 dk
    sonra)." With `day` (the question said "bugün" or "yarın") and the match on another
    day: "bugün yok, sıradaki maçınız yarın 09:00". Not `yours`: "sıradaki maçı"."""
    its = "maçınız" if yours else "maçı"
    opponent = match.away if match.home == team else match.home
    if opponent is None:
        code = match.away_from if match.home == team else match.home_from
        opponent = f"{side_code_words(code)}"
    zone = zone_of(match.start)
    if (match.home is None or match.away is None) and team not in (match.home, match.away):
        return (
            f"{team}: grup {'maçlarınız' if yours else 'maçları'} bitti."
            " Eşleşmeler grup tamamlanınca belli olacak;"
            f" ilk eleme maçı {moments.kickoff(match.start, now, zone)}."
        )
    asked = DAY_WORDS.get(day) if day else None
    if asked and moments.day_word(match.start, now, zone) != asked:
        return (
            f"⚽ {team}: {asked} yok, sıradaki {its}"
            f" {moments.when(match.start, now, zone, match.end)}.\n"
            f"{stage_label(match)}, rakip {opponent}, {match.pitch}."
        )
    when = moments.when(match.start, now, zone, match.end)
    if when == "şimdi oynanıyor":
        when = f"şimdi oynanıyor (başlama {hm(match.start)})"
    return (
        f"⚽ {team}: sıradaki {its} {stage_label(match)}, rakip {opponent}.\n{match.pitch}, {when}."
    )


DAY_WORDS = {intents.Day.TODAY: "bugün", intents.Day.TOMORROW: "yarın"}


def side_code_words(code: str | None) -> str:
    if not code:
        return "belli değil"
    if code[0] == "W":
        return f"{code[1:]}. maçın galibi"
    if code[0] == "L":
        return f"{code[1:]}. maçın mağlubu"
    if "." in code:
        return "en iyi üçüncülerden biri"
    return f"{code[-1]} Grubu {code[:-1]}.si"


def pick_team() -> str:
    return "Hangi takımın kaptanısınız? Takımınızı seçin:"


def captain_set(team: str) -> str:
    return f'👍 Artık {team} kaptanısınız. "ne zaman oynuyoruz?" diye sorabilirsiniz.'


def no_captaincy() -> str:
    return "Henüz bir takımın kaptanı değilsiniz. Turnuva grubunda /kaptan TakımAdı yazın."


def which_tournament() -> str:
    return "Birden çok turnuvada kaptansınız. Hangisi?"


def captaincy_label(c) -> str:  # noqa: ANN001 - storage.records.Captaincy
    return f"{c.chat_title or c.tournament_name} · {c.team}"


def confirm_request(match: PlannedMatch, score: Score, team: str) -> str:
    return (
        f"{team} kaptanı sonucu yazdı: {match.home} {score_text(score)} {match.away}."
        " Rakip takımın kaptanı onaylayınca kaydedilecek."
    )


def confirm_rejected() -> str:
    return "Sonuç reddedildi; hiçbir şey kaydedilmedi. Düzenleyen doğru skoru girebilir."


def confirmed() -> str:
    return "👍 Rakip kaptan onayladı."


def captain_assigned(name: str, team: str) -> str:
    return f"👍 {name} artık {team} kaptanı."


def live(snap, moment: datetime) -> str:  # noqa: ANN001 - bot.usecases.state.Snapshot
    """The pinned message: the next slot's matches and the standings, in a few lines."""
    lines = [f"📌 {snap.tournament.name}: canlı durum"]
    # The next slot by the clock; matches over without a result are listed apart, so a
    # missing 09:00 result does not keep 09:00 as "next" at 09:38.
    open_ = [m.match for m in snap.matches if m.result is None]
    coming = [m for m in open_ if m.end > moment]
    missing = [m for m in open_ if m.end <= moment and m.home and m.away]
    week = min((m.week for m in coming if m.week is not None), default=None)
    if week is not None:  # a season league: the coming match week, not only its next slot
        lines += season.live_week(week, [m for m in coming if m.week == week], moment)
        coming = []
    if coming:
        first = min(m.start for m in coming)
        label = "Şimdi oynanıyor" if first <= moment else "Sıradaki"
        lines.append(f"{label} ({moments.kickoff(first, moment, zone_of(first))}):")
        lines += [
            f"• {m.pitch}: {side(m, True)} - {side(m, False)}" for m in coming if m.start == first
        ]
    elif not missing and (won := snap.champion()) is not None:
        lines.append(f"🏆 Şampiyon: {won}")
    if missing:
        lines.append(f"Sonuç bekleniyor: {missing_list(missing)}")
    tables = snap.tables()
    for group in snap.groups:
        standing = tables[group.label]
        order = ", ".join(f"{r.team} {r.points}" for r in standing.rows)
        label = "Puan" if len(snap.groups) < 2 else f"{group.label} Grubu"
        lines.append(f"{label}: {order}")
    lines.append(f"Güncellendi: {hm(moment.astimezone(snap.zone))}")
    return "\n".join(lines)


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
            return (
                f"{head}: yalnızca {first} takımını tanıdım, rakip hangisi?"
                f" Şöyle yazın: {first} 3-1 RakipTakım (iki takım ve skor)"
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
                f" Skoru iki takımla yazın: {first} 3-1 RakipTakım"
            )
        case Problem.NOT_YOUR_MATCH:
            return (
                f"{head}: {second} şu anki rakibiniz değil."
                f" Skoru iki takımla yazın: {first} 3-1 {second}"
            )
    return f"{head}: skor anlaşılamadı. Şöyle yazın: {first} 3-1 {second}"


def missing_list(matches: Sequence[PlannedMatch]) -> str:
    """ "3. maç A1 – A4 (10:00), 4. maç A2 – A3 (10:00)": matches over without a result."""
    return ", ".join(f"{m.no}. maç {pairing(m)} ({hm(m.start)})" for m in matches)
