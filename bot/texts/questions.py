"""Answers to questions in the chat: the words for `bot.usecases.questions.respond`'s answer.

"ne zaman oynuyoruz?", "final ne zaman", "maç kaçta", "gruptan çıkıyor muyuz", the table
or the fixture asked for, a team whose matches are over. Apart from `chat` because these
follow the use case's answer types; the lines they share with the chat's other replies (a
team's next match, a score, a table) are `chat`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo

import domain.questions
from bot.texts import champion, facts, fates, moments, season, starts, waiting, weeks
from bot.texts.captains import pick_team
from bot.texts.common import STAGES, WEEKDAYS, hm, pairing, side, stage_label
from bot.texts.discipline import with_banned
from bot.texts.facts import PLACES, THEIR_PLACES
from bot.texts.fixture import missing_list, score_text
from bot.texts.moments import zone_of
from bot.texts.player_questions import player_answer, plays
from bot.texts.result_questions import result_answer
from bot.texts.results import group_table
from bot.usecases import pairs, player_facts, questions, result_questions, team_goals, views
from bot.usecases.champion import ChampionAnswer
from bot.usecases.facts import (
    CountAnswer,
    DatesAnswer,
    NoWeeks,
    OpponentsAnswer,
    PlaceAnswer,
    PostponedAnswer,
)
from bot.usecases.starts import StartAnswer
from bot.usecases.weeks import playoff_kickoff
from domain import intents
from domain.model import PlannedMatch
from domain.outlook import Status


def finished(
    team: str,
    place: str | None,
    awaiting: Sequence[PlannedMatch] = (),
    *,
    yours: bool = True,
    league: bool = True,
) -> str:
    """The team plays no more; with `awaiting` (its matches over without a result) the
    places are not known yet, so no "maçlarınız bitti". `yours`: said to the team's
    captain ("maçlarınız"), else about the team ("maçları"). `league`: one table and no
    knockout, so a team that left, left the league; in a cup, the tournament."""
    matches, their = ("maçlarınız", "sıranız") if yours else ("maçları", "sırası")
    if awaiting:
        return (
            f"⏳ {team}: planlanan {matches}ın süresi doldu ama sonuçlar bekleniyor: "
            f"{missing_list(awaiting)}. Sonuçlar girilince {their} belli olacak."
        )
    if place == questions.WITHDRAWN:
        left = "ligden" if league else "turnuvadan"
        if yours:
            return f"🚪 {team}: {left} çekildiniz; oynanacak maçınız yok."
        return f"🚪 {team} {left} çekildi; oynanacak maçı yok."
    if place == questions.AWAITING:
        return f"⏳ {team}: {matches}ın sonuçları bekleniyor; girilince {their} belli olacak."
    if place and place.startswith("open:"):
        if yours:
            return (
                f"{team}: maçlarınız bitti; şimdilik {place[5:]}. sıradasınız, kalan maçlar"
                " oynanınca sıranız kesinleşir."
            )
        return (
            f"{team}: maçları bitti; şimdilik {place[5:]}. sırada, kalan maçlar oynanınca"
            " sırası kesinleşir."
        )
    if place and place.startswith("league:"):
        if yours:
            return f"🏁 {team}: maçlarınız bitti, ligi {place[7:]}. sırada tamamladınız."
        return f"🏁 {team}: maçları bitti, ligi {place[7:]}. sırada tamamladı."
    if place and place.startswith("group:"):
        if yours:
            return f"{team}: maçlarınız bitti, grubunuzu {place[6:]}. sırada tamamladınız."
        return f"{team}: maçları bitti, grubunu {place[6:]}. sırada tamamladı."
    if yours:
        said = PLACES.get(place or "", "turnuva sizin için tamamlandı")
    else:
        said = THEIR_PLACES.get(place or "", "turnuva onlar için tamamlandı")
    return f"{team}: {matches} bitti, {said}."


def stage_matches(answer: questions.StageAnswer, now: datetime) -> str:
    """ "final ne zaman": the stage's matches, sides in words while still open."""
    if not answer.matches:
        name = STAGES[answer.stage].lower() if answer.stage else "eleme maçı"
        return f"Bu turnuvada {name} yok."
    lines = []
    for m, score in answer.matches:
        head = f"🏆 {STAGES[m.stage]}: {side(m, True)} – {side(m, False)}"
        if answer.team is not None and score is None:  # "yarı finalde kimle oynuyoruz"
            rival = side(m, m.home != answer.team)
            when = moments.when(m.start, now, zone_of(m.start), m.end)
            lines.append(f"🏆 {answer.team}, {STAGES[m.stage]}: rakip {rival}, {m.pitch}, {when}.")
            continue
        if score is not None:
            lines.append(f"{head}: {score_text(score)} (oynandı)")
            continue
        lines.append(f"{head}, {m.pitch}, {moments.when(m.start, now, zone_of(m.start), m.end)}")
    return "\n".join(lines)


def pair_match(answer: pairs.PairAnswer, now: datetime) -> str:
    """ "Kartallar Şahinler maçı ne zaman": their match to play, else the last played; "6.
    maç ne zaman": match 6; "2. maçımız kaçta": the team's second."""
    one, other = answer.teams
    m = answer.match
    lead = f"{one} takımının {answer.nth}. maçı" if answer.nth is not None else ""
    if m is None and lead:  # "5. maçımız" of a team with four
        return f"{lead} yok. Fikstür: /fikstur metin"
    if m is None and answer.no is not None:
        return f"{answer.no}. maç diye bir maç yok. Maç numaraları: /fikstur metin"
    if m is None:
        return f"{one} ile {other} arasında planlanmış bir maç yok. Fikstür: /fikstur metin"
    head = f"⚽ {lead + ': ' if lead else ''}{m.no}. maç, {stage_label(m)}:"
    if answer.score is not None:
        return f"{head} {m.home} {score_text(answer.score)} {m.away} (oynandı)."
    if answer.undated:
        return f"{head} {pairing(m)}, {waiting.UNDATED}."
    return f"{head} {pairing(m)}. {m.pitch}, {moments.when(m.start, now, zone_of(m.start), m.end)}."


def next_slot(
    answer: questions.SlotAnswer, now: datetime, day_asked: intents.Day | None = None
) -> str:
    """A bystander's "maç kaçta": the next slot's matches by the clock; missing results
    apart. With "bugün" asked and nothing left today: "Bugün maç yok, sıradaki maçlar yarın
    09:00"."""
    lines = []
    if answer.start is None:
        if answer.undated:  # said below
            lines.append(f"⏸ Sıradaki maçın {waiting.UNDATED}: {waiting.listed(answer.undated)}.")
            lines.append(waiting.TOLD)
        elif answer.champion and not answer.awaiting:
            lines.append(f"🏁 Maçlar bitti; şampiyon {answer.champion} 🏆")
        else:
            lines.append("Oynanacak maç kalmadı.")
    else:
        zone = zone_of(answer.start)
        end = max(m.end for m in answer.matches)
        when = moments.when(answer.start, now, zone, end)
        asked = _not_on(day_asked, answer.start, now, zone)
        if asked:
            lines.append(f"⏱ {asked[:1].upper()}{asked[1:]} maç yok, sıradaki maçlar {when}:")
        elif when == "şimdi oynanıyor":
            lines.append(f"⏱ Şimdi oynanıyor (başlama {hm(answer.start)}):")
        else:
            lines.append(f"⏱ Sıradaki {'maç' if len(answer.matches) == 1 else 'maçlar'} {when}:")
        lines += [f"• {m.pitch}: {pairing(m)} ({stage_label(m)})" for m in answer.matches]
    if answer.undated and answer.start is not None:
        lines.append(waiting.line(answer.undated))
    if answer.awaiting:
        lines.append(f"Sonuç bekleniyor: {missing_list(answer.awaiting)}")
    return "\n".join(lines)


def qualification(answer: questions.QualifyAnswer, now: datetime, yours: bool = True) -> str:
    """ "gruptan çıkıyor muyuz": through (and to which match), out, or what it depends on;
    a best n-th place is offered only to a team that may still finish there. Not `yours`
    ("A3 gruptan çıkar mı" from another team): said of the team, in the third person."""
    team, seen = answer.team, answer.outlook
    if seen is None:
        return f"{team}: bu turnuvada gruptan çıkış yok; sıralama için /puan yazın."
    where = (
        f"{seen.rank}. sıra, {seen.points} puan; {seen.group} Grubu'ndan ilk {seen.places} çıkıyor"
    )
    p = _PERSON["you" if yours else "it"]
    best = ""
    if answer.best_place is not None:
        said = fates.best_of_words(answer.best_place, answer.best_slots)
        best = f" Grubu {answer.best_place}. bitirip {said} {p['olur']} yine de {p['çıkar']}."
    waiting = f"\nSonucu beklenen: {missing_list(answer.awaiting)}" if answer.awaiting else ""
    match seen.status:
        case Status.DONE if answer.fate is not None:
            text = fates.fate_line(answer.fate, now)
        case Status.DONE if seen.rank <= seen.places:
            text = f"✅ {team}: grubu {seen.rank}. sırada {p['bitirdi']}, gruptan {p['çıktı']}."
        case Status.DONE:
            text = f"❌ {team}: grubu {seen.rank}. sırada {p['bitirdi']} ({seen.points} puan)."
        case Status.THROUGH:
            text = f"✅ {team}: gruptan çıkmayı {p['garantiledi']} ({where})."
        case Status.OUT:
            text = (
                f"{team}: kalan maçlar ne olursa olsun ilk {seen.places} içine {p['giremiyor']}"
                f" ({seen.rank}. sıra, {seen.points} puan).{best}"
            )
        case _:
            left = ", ".join(
                f"{m.home if m.away == team else m.away} ile"
                f" {moments.kickoff(m.start, now, zone_of(m.start))}"
                for m in answer.left
            )
            verdict = (
                f"{p['Kalanı']} kazanır{p['sa']} {p['çıkıyor']}."
                if seen.win_gets_through
                else "Kazanmak da yetmeyebilir; diğer sonuçlara bağlı."
            )
            text = f"{team}: şu an {where}. {p['Kalan']}: {left or '-'}. {verdict}{best}"
    return text + waiting


# "gruptan çıkıyor muyuz" answered to the team ("you") or about it ("it").
_PERSON = {
    "you": {"olur": "olursanız", "çıkar": "çıkarsınız", "bitirdi": "bitirdiniz"}
    | {"çıktı": "çıktınız", "garantiledi": "garantilediniz", "giremiyor": "giremiyorsunuz"}
    | {"Kalan": "Kalan maçlarınız", "Kalanı": "Kalan maçlarınızı", "sa": "sanız"}
    | {"çıkıyor": "çıkıyorsunuz"},
    "it": {"olur": "olursa", "çıkar": "çıkar", "bitirdi": "bitirdi", "çıktı": "çıktı"}
    | {"garantiledi": "garantiledi", "giremiyor": "giremiyor", "Kalan": "Kalan maçları"}
    | {"Kalanı": "Kalan maçlarını", "sa": "sa", "çıkıyor": "çıkıyor"},
}


def answer_text(
    question: domain.questions.Question, response: questions.Response, now: datetime
) -> str:
    """The words for `bot.usecases.questions.respond`'s answer. A STANDING answer is the group's
    table, monospaced: the handler sends it inside <pre>."""
    match response:
        case questions.PickTeam():
            return pick_team()
        case pairs.PairAnswer():
            return pair_match(response, now)
        case result_questions.ResultAnswer():
            return result_answer(response, now)
        case questions.StageAnswer():
            return stage_matches(response, now)
        case ChampionAnswer():
            return champion.champion(response, now)
        case questions.SlotAnswer():
            return next_slot(response, now, question.day)
        case questions.QualifyAnswer():
            return qualification(response, now, yours=question.team_hint is None)
        case questions.WeekAnswer() if question.detail in ("current", "total"):
            return season.weeks_asked(question.detail == "total", response, now)
        case questions.WeekAnswer():
            left_asked = question.intent is intents.Intent.WEEKS_LEFT
            return season.week_answer(left_asked, response, mine=question.team_hint is None)
        case CountAnswer():
            return facts.count(response)
        case DatesAnswer():
            return facts.dates(response, now)
        case StartAnswer():
            return starts.start(response, now)
        case PostponedAnswer():
            return facts.postponed(response, now)
        case OpponentsAnswer():
            return facts.opponents(response)
        case NoWeeks():
            return facts.no_weeks(response.name)
        case PlaceAnswer():
            return facts.place(response, yours=question.team_hint is None)
        case player_facts.ScorersAnswer() | player_facts.BannedAnswer():
            return player_answer(response)
        case player_facts.GoalsAnswer() | player_facts.CardsAnswer() | player_facts.SquadAnswer():
            return player_answer(response)
        case player_facts.PlayerGoals() | player_facts.PlayerBans() | player_facts.PlayerBookings():
            return player_answer(response)
        case team_goals.TeamGoalsAnswer():  # "en çok gol atan takım"
            return player_answer(response)
        case player_facts.PlayerPlays():  # "Veli oynayabilir mi"
            return plays(response, now)
        case views.Fixture():  # a bystander's "maçlar ne zaman"
            snap = response.snapshot
            played = [(m.match, m.result) for m in snap.matches]
            return weeks.fixture_text(
                snap.tournament.name, played, response.chosen, response.waits, now
            )
        case views.Tables():
            snap = response.snapshot
            return "\n\n".join(
                group_table(
                    label,
                    table,
                    snap.rules.tiebreak,
                    len(snap.groups) < 2,
                    snap.group_finished(label),
                    playoff_kickoff(snap),
                )
                for label, table in snap.tables().items()
                if response.label in (None, label) or response.label not in snap.tables()
            )
    answer = response
    snap = answer.snapshot
    if question.intent is intents.Intent.STANDING and snap is not None:
        named = [g for g in snap.groups if g.label == question.detail]  # "a grubu puan durumu"
        group = named[0] if named else snap.group_of(answer.team)
        if group is not None:
            return group_table(
                group.label,
                snap.table(group.label),
                snap.rules.tiebreak,
                len(snap.groups) < 2,
                snap.group_finished(group.label),
                playoff_kickoff(snap),
            )
    yours = question.team_hint is None
    if answer.match is None and answer.undated:  # no dated match left, one waits for a date
        lines = [waiting.yours(answer.team, m, mine=yours) for m in answer.undated]
        if answer.awaiting:
            lines.append(f"Sonuç bekleniyor: {missing_list(answer.awaiting)}")
        return "\n".join([*lines, waiting.TOLD])
    if answer.match is None:
        league = snap is None or snap.is_league
        return finished(answer.team, answer.place, answer.awaiting, yours=yours, league=league)
    if answer.match.week is not None:  # a season league: the date and the match week
        missing = _not_on(question.day, answer.match.start, now, zone_of(answer.match.start))
        text = season.next_match(answer.team, answer.match, now, missing, yours)
    else:
        text = next_match(answer.team, answer.match, now, day=question.day, yours=yours)
    if answer.undated:
        text += "\n" + waiting.also(answer.team, answer.undated, mine=yours)
    return with_banned(text, snap, answer.team, answer.match.no)


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
    opponent = side(match, match.home != team)
    zone = zone_of(match.start)
    if (match.home is None or match.away is None) and team not in (match.home, match.away):
        return (
            f"{team}: grup {'maçlarınız' if yours else 'maçları'} bitti."
            " Eşleşmeler grup tamamlanınca belli olacak;"
            f" ilk eleme maçı {moments.kickoff(match.start, now, zone)}."
        )
    asked = _not_on(day, match.start, now, zone)
    if asked:
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


DAY_WORDS = {intents.Day.TODAY: "bugün", intents.Day.TOMORROW: "yarın"} | {
    day: word for day, word in zip(list(intents.Day)[2:], WEEKDAYS, strict=True)
}


def _not_on(day: intents.Day | None, start: datetime, now: datetime, zone: tzinfo) -> str | None:
    """The day asked ("bugün", "Pazar": the coming one, today included) when `start` is
    not on it; None when it is, or no day was asked."""
    if day is None:
        return None
    today, on = now.astimezone(zone).date(), start.astimezone(zone).date()
    ahead = (on - today).days
    weekday = list(intents.Day).index(day) - 2
    if weekday < 0:  # today, tomorrow
        return None if ahead == (0 if day is intents.Day.TODAY else 1) else DAY_WORDS[day]
    return None if 0 <= ahead < 7 and on.weekday() == weekday else DAY_WORDS[day]
