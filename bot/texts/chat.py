"""Replies in the chat: fixtures, tables, results, answers to captains."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo

from bot.texts import moments, season
from bot.texts.common import STAGES, day, hm, pairing, side, stage_label
from bot.texts.files import NO_MATCHES, fixture_head
from bot.texts.table import table as table_text
from bot.usecases import ask
from domain import questions
from domain.lines import Problem, Unclear
from domain.model import Group, PlannedMatch, Score
from domain.outlook import Status
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
    label: str, table: Table, rule: TieBreak, single: bool, finished: bool = True
) -> str:
    """A group's table; open ties are flagged only once the group is over (mid-group a
    level pair is no news, the next match may separate them)."""
    title = None if single else f"{label} Grubu puan durumu"
    return table_text(table, rule, title=title, ties=finished)


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


def _zone(moment: datetime) -> tzinfo:
    return moment.tzinfo or UTC


def next_match(
    team: str,
    match: PlannedMatch,
    now: datetime,
    *,
    day: questions.Day | None = None,
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
    zone = _zone(match.start)
    if (match.home is None or match.away is None) and team not in (match.home, match.away):
        return (
            f"{team}: grup {'maçlarınız' if yours else 'maçları'} bitti."
            " Eşleşmeler grup tamamlanınca belli olacak;"
            f" ilk eleme maçı {moments.kickoff(match.start, now, zone)}."
        )
    asked = _DAY_WORDS.get(day) if day else None
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


_DAY_WORDS = {questions.Day.TODAY: "bugün", questions.Day.TOMORROW: "yarın"}


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


def finished(
    team: str,
    place: str | None,
    awaiting: Sequence[PlannedMatch] = (),
    *,
    yours: bool = True,
) -> str:
    """The team plays no more; with `awaiting` (its matches over without a result) the
    places are not known yet, so no "maçlarınız bitti". `yours`: said to the team's
    captain ("maçlarınız"), else about the team ("maçları")."""
    matches, their = ("maçlarınız", "sıranız") if yours else ("maçları", "sırası")
    if awaiting:
        return (
            f"⏳ {team}: planlanan {matches}ın süresi doldu ama sonuçlar bekleniyor: "
            f"{missing_list(awaiting)}. Sonuçlar girilince {their} belli olacak."
        )
    if place == ask.AWAITING:
        return f"⏳ {team}: {matches}ın sonuçları bekleniyor; girilince {their} belli olacak."
    if place and place.startswith("group:"):
        if yours:
            return f"{team}: maçlarınız bitti, grubunuzu {place[6:]}. sırada tamamladınız."
        return f"{team}: maçları bitti, grubunu {place[6:]}. sırada tamamladı."
    if yours:
        said = PLACES.get(place or "", "turnuva sizin için tamamlandı")
    else:
        said = THEIR_PLACES.get(place or "", "turnuva onlar için tamamlandı")
    return f"{team}: {matches} bitti, {said}."


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
        lines.append(f"{label} ({moments.kickoff(first, moment, _zone(first))}):")
        lines += [
            f"• {m.pitch}: {side(m, True)} - {side(m, False)}" for m in coming if m.start == first
        ]
    elif not missing and (won := snap.champion()) is not None:
        lines.append(f"🏆 Şampiyon: {won}")
    if missing:
        lines.append(f"Sonuç bekleniyor: {missing_list(missing)}")
    tables = snap.tables()
    for group in snap.groups:
        table = tables[group.label]
        order = ", ".join(f"{r.team} {r.points}" for r in table.rows)
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


# --- answers to questions (bot.usecases.ask.respond) ------------------------------------


def missing_list(matches: Sequence[PlannedMatch]) -> str:
    """ "3. maç A1 – A4 (10:00), 4. maç A2 – A3 (10:00)": matches over without a result."""
    return ", ".join(f"{m.no}. maç {pairing(m)} ({hm(m.start)})" for m in matches)


def stage_matches(answer: ask.StageAnswer, now: datetime) -> str:
    """ "final ne zaman": the stage's matches, sides in words while still open."""
    if not answer.matches:
        name = STAGES[answer.stage].lower() if answer.stage else "eleme maçı"
        return f"Bu turnuvada {name} yok."
    lines = []
    for m, score in answer.matches:
        home = m.home or side_code_words(m.home_from)
        away = m.away or side_code_words(m.away_from)
        head = f"🏆 {STAGES[m.stage]}: {home} – {away}"
        if score is not None:
            lines.append(f"{head}: {score_text(score)} (oynandı)")
            continue
        lines.append(f"{head}, {m.pitch}, {moments.when(m.start, now, _zone(m.start), m.end)}")
    return "\n".join(lines)


def next_slot(answer: ask.SlotAnswer, now: datetime, day_asked: questions.Day | None = None) -> str:
    """A bystander's "maç kaçta": the next slot's matches by the clock; missing results
    apart. With "bugün" asked and nothing left today: "bugün yok, sıradaki yarın 09:00"."""
    lines = []
    if answer.start is None:
        if answer.champion and not answer.awaiting:
            lines.append(f"🏁 Maçlar bitti; şampiyon {answer.champion} 🏆")
        else:
            lines.append("Oynanacak maç kalmadı.")
    else:
        zone = _zone(answer.start)
        end = max(m.end for m in answer.matches)
        when = moments.when(answer.start, now, zone, end)
        asked = _DAY_WORDS.get(day_asked) if day_asked else None
        if asked and moments.day_word(answer.start, now, zone) != asked:
            lines.append(f"⏱ {asked} yok, sıradaki maçlar {when}:")
        elif when == "şimdi oynanıyor":
            lines.append(f"⏱ Şimdi oynanıyor (başlama {hm(answer.start)}):")
        else:
            lines.append(f"⏱ Sıradaki maçlar {when}:")
        lines += [f"• {m.pitch}: {pairing(m)} ({stage_label(m)})" for m in answer.matches]
    if answer.awaiting:
        lines.append(f"Sonuç bekleniyor: {missing_list(answer.awaiting)}")
    return "\n".join(lines)


def qualification(answer: ask.QualifyAnswer, now: datetime) -> str:
    """ "gruptan çıkıyor muyuz": through, out, or what it depends on."""
    team, seen = answer.team, answer.outlook
    if seen is None:
        return f"{team}: bu turnuvada gruptan çıkış yok; sıralama için /puan yazın."
    where = (
        f"{seen.rank}. sıra, {seen.points} puan; {seen.group} Grubu'ndan ilk {seen.places} çıkıyor"
    )
    best = " En iyi ikinciler/üçüncüler arasından da çıkılabilir." if seen.best_of else ""
    waiting = f"\nSonucu beklenen: {missing_list(answer.awaiting)}" if answer.awaiting else ""
    match seen.status:
        case Status.DONE if seen.rank <= seen.places:
            text = f"✅ {team}: grubu {seen.rank}. sırada bitirdiniz, gruptan çıktınız."
        case Status.DONE:
            text = f"{team}: grubu {seen.rank}. sırada bitirdiniz ({seen.points} puan).{best}"
        case Status.THROUGH:
            text = f"✅ {team}: gruptan çıkmayı garantilediniz ({where})."
        case Status.OUT:
            text = (
                f"{team}: kalan maçlar ne olursa olsun ilk {seen.places} içine giremiyorsunuz"
                f" ({seen.rank}. sıra, {seen.points} puan).{best}"
            )
        case _:
            left = ", ".join(
                f"{m.home if m.away == team else m.away} ile"
                f" {moments.kickoff(m.start, now, _zone(m.start))}"
                for m in answer.left
            )
            verdict = (
                "Kalan maçlarınızı kazanırsanız çıkıyorsunuz."
                if seen.win_gets_through
                else "Kazanmak da yetmeyebilir; diğer sonuçlara bağlı."
            )
            text = f"{team}: şu an {where}. Kalan maçlarınız: {left or '-'}. {verdict}{best}"
    return text + waiting


def reply(question: questions.Question, response: ask.Response, now: datetime) -> str:
    """The words for `bot.usecases.ask.respond`'s answer. A STANDING answer is the group's
    table, monospaced: the handler sends it inside <pre>."""
    match response:
        case ask.PickTeam():
            return pick_team()
        case ask.StageAnswer():
            return stage_matches(response, now)
        case ask.SlotAnswer():
            return next_slot(response, now, question.day)
        case ask.QualifyAnswer():
            return qualification(response, now)
        case ask.WeekAnswer():
            return season.week_answer(question.intent is questions.Intent.WEEKS_LEFT, response)
    answer = response
    snap = answer.snapshot
    if question.intent is questions.Intent.STANDING and snap is not None:
        group = snap.group_of(answer.team)
        if group is not None:
            return group_table(
                group.label,
                snap.table(group.label),
                snap.rules.tiebreak,
                len(snap.groups) < 2,
                snap.group_finished(group.label),
            )
    if question.intent is questions.Intent.FIXTURE and snap is not None:
        rows = [(m.match, m.result) for m in snap.matches if m.match.involves(answer.team)]
        return fixture(snap.tournament.name, rows, answer.team)
    yours = question.team_hint is None
    if answer.match is None:
        return finished(answer.team, answer.place, answer.awaiting, yours=yours)
    if answer.match.week is not None:  # a season league: the date and the match week
        return season.next_match(answer.team, answer.match, now)
    return next_match(answer.team, answer.match, now, day=question.day, yours=yours)
