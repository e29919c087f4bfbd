"""Answers to the questions about the players: "gol kralı kim", "kimler cezalı",
"cezalımız var mı", "kaç golümüz var" (bot.usecases.player_facts)."""

from __future__ import annotations

from datetime import datetime

from bot.texts import moments, waiting
from bot.texts.common import pairing
from bot.texts.discipline import (
    BY_ORGANISERS,
    REASONS,
    card_counts,
    cards_table,
    fair_play_table,
    misses,
)
from bot.texts.squads import squad
from bot.usecases.player_facts import (
    BannedAnswer,
    CardsAnswer,
    GoalsAnswer,
    PlayerAnswer,
    PlayerBans,
    PlayerBookings,
    PlayerGoals,
    PlayerPlays,
    ScorersAnswer,
    SquadAnswer,
)
from bot.usecases.team_goals import TeamGoalsAnswer

NO_GOALS_HOW = "Sonucun altına yazın: goller: Ali 2, Veli - Mehmet"


def scorers(answer: ScorersAnswer) -> str:
    if not answer.rows:
        whose = f"{answer.team} için" if answer.team else "Henüz"
        how = NO_GOALS_HOW if answer.records else BY_ORGANISERS
        return f"{whose} gol yazılmadı. {how}"
    # A team's own scorers keep their ranks in the whole table: its best may be 3rd there.
    best = min(r.rank for r in answer.rows)
    top = [r for r in answer.rows if r.rank == best]
    who = ", ".join(r.player if answer.team else f"{r.player} ({r.team})" for r in top)
    label = "Gol kralı" if len(top) == 1 else "Gol kralları"
    if answer.team:
        label = f"{answer.team} golcüsü" if len(top) == 1 else f"{answer.team} golcüleri"
    lines = [f"⚽ {label}: {who}, {top[0].goals} gol"]
    rest = [r for r in answer.rows if r.rank != best]
    named = [r.player for r in answer.rows]  # namesakes of two teams keep their team
    if rest:
        lines.append(
            " · ".join(
                f"{'' if answer.team else f'{r.rank}. '}{r.player}"
                f"{f' ({r.team})' if named.count(r.player) > 1 else ''}"
                f" {r.goals}"
                for r in rest
            )
        )
    lines.append("Tüm liste: /goller")
    return "\n".join(lines)


def banned(answer: BannedAnswer) -> str:
    if not answer.bans:
        if answer.yours:
            return f"{answer.team}: cezalı oyuncunuz yok."
        if answer.team:
            return f"{answer.team}: cezalı oyuncusu yok."
        return "Şu an cezalı oyuncu yok."
    head = f"{answer.team}: cezalı oyuncular" if answer.team else "Cezalı oyuncular"
    lines = [f"🟥 {head}"]
    for ban in answer.bans:
        team = "" if answer.team else f" ({ban.team})"
        lines.append(f"• {ban.player}{team}: {misses(ban)} ({REASONS[ban.reason]})")
    lines.append("Kartlar: /kartlar")
    return "\n".join(lines)


def goals(answer: GoalsAnswer) -> str:
    if answer.team is None:
        if not answer.played:
            return "Henüz oynanmış maç yok."
        return (
            f"⚽ {answer.played} maçta toplam {answer.scored} gol atıldı{_forfeits(answer)}."
            " Gol krallığı: /goller"
        )
    if not answer.played:
        return f"{answer.team}: henüz oynanmış maç yok."
    did = "attınız" if answer.yours else "attı"
    let = "yediniz" if answer.yours else "yedi"
    text = (
        f"⚽ {answer.team}: {answer.played} maçta {answer.scored} gol {did},"
        f" {answer.conceded} gol {let}{_forfeits(answer)}."
    )
    if answer.scorers:
        who = ", ".join(f"{r.player} {r.goals}" for r in answer.scorers)
        text += f"\nGolcüler: {who}"
    return text


def _forfeits(answer: GoalsAnswer) -> str:
    """ " (hükmen sonuçlanan 1 maçın skoru dahil)": goals no one scored, counted as the table
    counts them."""
    if not answer.forfeits:
        return ""
    return f" (hükmen sonuçlanan {answer.forfeits} maçın skoru dahil)"


def cards(answer: CardsAnswer) -> str:
    """ "kaç kartımız var", "en centilmen takım hangisi": the table, or the team's line."""
    shown, team = answer.shown, answer.team
    if team is None:
        return fair_play_table(shown) if answer.fair_play else cards_table(shown)
    row = next((r for r in shown.fair_play if r.team == team), None)
    place = f"Fair play sıralamasında {row.rank}. ({row.points} puan): /fairplay" if row else ""
    if answer.fair_play:
        return f"🤝 {team}: {place[0].lower()}{place[1:]}" if row else f"🤝 {team}: /fairplay"
    mine = [r for r in shown.cards if r.team == team]
    if not mine:
        whose = "kart görmediniz" if answer.yours else "kart görmedi"
        return f"🟨 {team}: henüz {whose}. {place}".strip()
    lines = [f"🟨🟥 {team}: kartlar"]
    for r in mine:
        lines.append(f"• {r.player}: {card_counts(r.cards)}")
    lines.append(place or "Kartlar: /kartlar")
    return "\n".join(lines)


def plays(answer: PlayerPlays, now: datetime) -> str:
    """ "✅ Veli (A1) oynayabilir." or "⛔ Veli (A1) cezalı (kırmızı kart): 7. maçı kaçırır
    (A1 – A2, bugün 10:30).", a line for each player of that name."""
    lines = []
    for one in answer.players:
        who, ban, m = f"{one.player} ({one.team})", one.ban, one.match
        if ban is None:
            over = f"{who}: takımının oynayacak maçı kalmadı."
            lines.append(over if one.over else f"✅ {who} oynayabilir.")
            continue
        said = f"⛔ {who} cezalı ({REASONS[ban.reason]}): "
        if m is None:
            lines.append(said + "takımının sonraki maçında oynayamaz (maç henüz belli değil).")
            continue
        zone = moments.zone_of(m.start)
        when = waiting.UNDATED if one.undated else moments.kickoff(m.start, now, zone)
        more = f" Ardından {len(ban.ahead) - 1} maç daha oynayamaz." if len(ban.ahead) > 1 else ""
        lines.append(f"{said}{m.no}. maçı kaçırır ({pairing(m)}, {when}).{more}")
    return "\n".join(lines)


def player_answer(answer: PlayerAnswer) -> str:
    match answer:
        case ScorersAnswer():
            return scorers(answer)
        case BannedAnswer():
            return banned(answer)
        case CardsAnswer():
            return cards(answer)
        case SquadAnswer(team=None):
            return "Hangi takımın kadrosu? Takımı yazın, örneğin: /kadro Kartallar"
        case SquadAnswer(team=team):
            return squad(team, answer.players)
        case PlayerBans():
            return "\n".join(
                f"🟥 {p} ({t}): {misses(b)} ({REASONS[b.reason]})"
                if b
                else f"✅ {p} ({t}) cezalı değil."
                for p, t, b in answer.players
            )
        case PlayerBookings():
            said = [
                f"{p} ({t}): {card_counts(c)}" if c else f"{p} ({t}): kart görmedi"
                for p, t, c in answer.players
            ]
            return f"🟨🟥 {' · '.join(said)}. Tüm kartlar: /kartlar"
        case PlayerGoals():
            said = [
                f"{p} ({t}): {n} gol" if n else f"{p} ({t}): henüz gol yok"
                for p, t, n in answer.players
            ]
            return f"⚽ {' · '.join(said)}. Gol krallığı: /goller"
        case TeamGoalsAnswer():
            return team_goals(answer)
    return goals(answer)


def team_goals(answer: TeamGoalsAnswer) -> str:
    """ "en çok gol atan takım": "⚽ En çok gol atan takım: A1, 7 gol. Tablo: /puan"."""
    if not answer.leaders:
        return "Henüz oynanmış maç yok."
    most = "en az" if answer.asked.fewest else "en çok"
    did = "yiyen" if answer.asked.conceded else "atan"
    teams = "takımlar" if len(answer.leaders) > 1 else "takım"
    named = ", ".join(answer.leaders)
    return f"⚽ {most.capitalize()} gol {did} {teams}: {named}, {answer.goals} gol. Tablo: /puan"
