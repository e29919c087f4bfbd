"""What the public pages show of the players (issue 22): the scorers' table and the
fair-play table on the tournament's page, the squad with goals and cards on a team's.
Pure, from a tournament snapshot: plain values the templates lay out."""

from __future__ import annotations

from dataclasses import dataclass

from bot.texts.discipline import WEIGHTS, misses
from bot.usecases import discipline
from bot.usecases.snapshots import Snapshot


@dataclass(frozen=True)
class ScorerView:
    rank: int
    player: str
    team: str
    goals: int


@dataclass(frozen=True)
class FairPlayView:
    rank: int
    team: str
    yellows: int
    reds: int  # sent off, whichever way
    points: int


@dataclass(frozen=True)
class PlayersView:
    """The tournament's page: scorers (empty: no goal entered), own goals in words, and
    the fair-play table (empty: no card entered) with its weights in words."""

    scorers: tuple[ScorerView, ...]
    own_goals: str
    fair_play: tuple[FairPlayView, ...]
    weights: str = WEIGHTS


@dataclass(frozen=True)
class SquadPlayerView:
    name: str
    number: str
    goals: int
    yellows: int
    reds: int
    ban: str  # "cezalı: 9. maçta oynamaz", or ""


def players(snap: Snapshot) -> PlayersView:
    shown = discipline.shown(snap)
    table = shown.scorers
    scorers = tuple(ScorerView(r.rank, r.player, r.team, r.goals) for r in table.rows)
    own = ", ".join(f"{r.player} ({r.team}) {r.goals}" for r in table.own_goals)
    fair = ()
    if shown.bookings:
        fair = tuple(
            FairPlayView(
                r.rank,
                r.team,
                r.cards.yellows,
                r.cards.second_yellows + r.cards.reds + r.cards.yellow_reds,
                r.points,
            )
            for r in shown.fair_play
        )
    return PlayersView(scorers, own, fair)


def squad(snap: Snapshot, team: str) -> tuple[SquadPlayerView, ...]:
    """The team's squad, numbers first, with each player's goals, cards and ban; a player
    taken off the squad still shows while he has a goal or a card."""
    goals: dict[str, int] = {}
    yellows: dict[str, int] = {}
    reds: dict[str, int] = {}
    for e in snap.events:
        if e.team != team:
            continue
        if e.kind == "goal":
            goals[e.player] = goals.get(e.player, 0) + 1
        elif e.kind == "yellow":
            yellows[e.player] = yellows.get(e.player, 0) + 1
        elif e.kind in ("second_yellow", "red", "yellow_red"):
            reds[e.player] = reds.get(e.player, 0) + 1
    bans = {}
    if snap.events or snap.bans:
        bans = {b.player: misses(b) for b in discipline.active_bans(snap, team)}
    mine = [
        p
        for p in snap.players
        if p.team == team and (not p.removed or p.name in goals or p.name in yellows)
    ]
    mine.sort(key=lambda p: (p.number is None, p.number or 0, p.id))
    return tuple(
        SquadPlayerView(
            p.name,
            "" if p.number is None else str(p.number),
            goals.get(p.name, 0),
            yellows.get(p.name, 0),
            reds.get(p.name, 0),
            bans.get(p.name, ""),
        )
        for p in dict((p.name, p) for p in mine).values()
    )
