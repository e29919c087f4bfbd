"""Words for "şampiyon kim" (bot.usecases.champion): the champion and the podium, the
final still to play, or the leader of a league under way."""

from __future__ import annotations

from datetime import datetime

from bot.texts import moments
from bot.texts.common import pairing
from bot.texts.moments import zone_of
from bot.usecases.champion import ChampionAnswer, Leader

OPEN = "🏆 Şampiyon henüz belli değil"


def champion(answer: ChampionAnswer, now: datetime) -> str:
    """ "🏆 Şampiyon: Kartallar! İkinci: Şahinler, üçüncü: Kurtlar." or what decides it."""
    if answer.champion is not None:
        points = f" ({answer.points} puan)" if answer.points is not None else ""
        podium = [f"İkinci: {answer.runner_up}"] if answer.runner_up else []
        podium += [f"üçüncü: {answer.third}"] if answer.third else []
        tail = f" {', '.join(podium)}." if podium else ""
        return f"🏆 Şampiyon: {answer.champion}{points}!{tail}"
    m = answer.final
    if m is not None:
        when = moments.when(m.start, now, zone_of(m.start), m.end)
        return f"{OPEN}. Final: {pairing(m)}, {m.pitch}, {when}."
    if not answer.leaders:
        return f"{OPEN}."
    left = f" Kalan maç: {answer.left}." if answer.left else ""
    if len(answer.leaders) == 1:
        return f"{OPEN}; şu an {_leader(answer.leaders[0])}.{left}"
    firsts = ", ".join(f"{g.group} Grubu'nda {_leader(g)}" for g in answer.leaders)
    return f"{OPEN}; şu an {firsts}.{left}"


def _leader(leader: Leader) -> str:
    if leader.team is None:
        return f"ilk sırada eşitlik: {', '.join(leader.level)} ({leader.points} puan)"
    return f"lider {leader.team} ({leader.points} puan)"
