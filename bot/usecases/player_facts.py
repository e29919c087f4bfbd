"""Answers about the players (issue 22): "gol kralı kim", "kimler cezalı", a captain's
"cezalımız var mı", "kaç golümüz var".

Pure functions of a `snapshots.Snapshot` but for the asker's captaincy (`respond`);
`bot.texts.player_questions` words them. A question naming a team is about that team, a
first-person one about the asker's, the others about the tournament.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import discipline, facts, roles, snapshots, squads, team_goals
from domain import intents, names, playernames, questions
from domain.discipline import Ban
from domain.fairplay import Counts
from domain.model import PlannedMatch
from domain.scorers import ScorerRow
from domain.teamgoals import TeamGoalsAsked
from storage import UnitOfWork
from storage.records import StoredPlayer

INTENTS = frozenset(
    {intents.Intent.TOP_SCORER, intents.Intent.BANNED, intents.Intent.GOALS}
    | {intents.Intent.CARDS, intents.Intent.FAIR_PLAY, intents.Intent.SQUAD}
)
TOP = 3  # rows of the scorers' table in an answer (ties at the last rank kept)


@dataclass(frozen=True)
class ScorersAnswer:
    """ "gol kralı kim": the first rows of the scorers' table (of `team`, or all)."""

    team: str | None
    rows: tuple[ScorerRow, ...]
    own_goals: int = 0
    records: bool = False  # the asker may record scorers (discipline.Shown.records)


@dataclass(frozen=True)
class BannedAnswer:
    """ "kimler cezalı": the bans running now (of `team`, or all); `yours`: asked about
    the asker's own team."""

    team: str | None
    bans: tuple[Ban, ...]
    yours: bool = False


@dataclass(frozen=True)
class GoalsAnswer:
    """ "kaç golümüz var": `team`'s goals for and against in its `played` matches, and its
    scorers; with `team` None the tournament's goals."""

    team: str | None
    scored: int
    conceded: int
    played: int
    scorers: tuple[ScorerRow, ...] = ()
    yours: bool = False
    forfeits: int = 0  # of `played`, matches decided hükmen (their 3-0 counted in)


@dataclass(frozen=True)
class CardsAnswer:
    """ "kaç kartımız var", "en çok kart gören kim" (`fair_play` False), "en centilmen
    takım hangisi" (True): the tables of `shown`, of `team` or all."""

    team: str | None
    shown: discipline.Shown
    fair_play: bool = False
    yours: bool = False


@dataclass(frozen=True)
class SquadAnswer:
    """ "kadromuz", "Kartallar kadrosu": the team's squad as /kadro shows it (`team` None:
    asked in private without a team, the answer says how to name one)."""

    team: str | None
    players: tuple[StoredPlayer, ...] = ()


@dataclass(frozen=True)
class PlayerGoals:
    """ "Ali kaç gol attı": the players of that name (player, team, goals), namesakes of
    several teams each."""

    players: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class PlayerBans:
    """ "Ali cezalı mı": the players of that name (player, team) and each one's running
    ban, if any."""

    players: tuple[tuple[str, str, Ban | None], ...]


@dataclass(frozen=True)
class PlayerBookings:
    """ "Ali kaç kart gördü": the players of that name (player, team) and each one's
    cards, None for none."""

    players: tuple[tuple[str, str, Counts | None], ...]


@dataclass(frozen=True)
class MayPlay:
    """One player asked "oynayabilir mi": his running `ban` (None: he may play), the match
    it keeps him out of (None: not known yet), `over`: his team has no match left."""

    player: str
    team: str
    ban: Ban | None = None
    match: PlannedMatch | None = None
    over: bool = False
    undated: bool = False  # `match` waits for a date (/ertele 14 belirsiz)


@dataclass(frozen=True)
class PlayerPlays:
    """ "Veli oynayabilir mi": the players of that name, namesakes of several teams each."""

    players: tuple[MayPlay, ...]


@dataclass(frozen=True)
class NoCaptaincy:
    """ "cezalımız var mı" from someone who captains no team: the team picker answers."""


PlayerAnswer = (
    ScorersAnswer
    | BannedAnswer
    | GoalsAnswer
    | CardsAnswer
    | SquadAnswer
    | PlayerGoals
    | PlayerBans
    | PlayerBookings
    | PlayerPlays
    | team_goals.TeamGoalsAnswer
)


async def respond(
    uow: UnitOfWork, snap: snapshots.Snapshot, user_id: int, question: questions.Question
) -> PlayerAnswer | NoCaptaincy | None:
    """The answer; None (say nothing) when a question about goals names something that
    is no team of the tournament ("Messi kaç gol attı")."""
    if question.detail == "plays":  # "Veli oynayabilir mi": "Messi …", "Dinamo …" say nothing
        return player_plays(snap, question.team_hint) if question.team_hint else None
    team: str | None = None
    if question.team_hint:
        try:
            team = facts.team_named(question.team_hint, snap.teams)
        except names.UnknownTeam:
            if question.intent is intents.Intent.SQUAD:
                return None  # "Real Madrid kadrosu": another team's
            if question.intent is intents.Intent.GOALS:  # "Ali kaç gol attı": a player's?
                return player_goals(snap, question.team_hint)  # "Messi …": None, chat
            if question.intent is intents.Intent.BANNED:  # "Ali cezalı mı": a player's?
                found = player_bans(snap, question.team_hint)
                if found is not None:
                    return found
            if question.intent is intents.Intent.CARDS:  # "Ali kaç kart gördü"
                booked = player_bookings(snap, question.team_hint)
                if booked is not None:
                    return booked
            team = None  # "gol krallığı nasıl gidiyo": the words name no team
    elif question.personal or question.intent is intents.Intent.SQUAD:
        team = await uow.teams.captain_of(snap.id, user_id)  # "kadroda kim var": ours
        if team is None:
            return NoCaptaincy()
    role = await roles.of_user(uow, snap.tournament, user_id, chat_admin=False)
    return answer(snap, team, question, records=discipline.may_record(role))


def answer(
    snap: snapshots.Snapshot,
    team: str | None,
    question: questions.Question,
    *,
    records: bool = False,
) -> PlayerAnswer:
    """The answer about `team` (None: the tournament's); "…ınız" when asked in the first
    person. `records`: the asker may record scorers and cards (an empty table's example)."""
    intent, yours = question.intent, question.personal
    if (ranking := TeamGoalsAsked.of(question.detail)) is not None:  # "en golcü takım"
        return team_goals.ranked(snap, ranking)
    if intent is intents.Intent.SQUAD:
        return SquadAnswer(team, squads.ordered(snap.squad(team)) if team else ())
    shown = discipline.shown(snap, records=records)
    if intent in (intents.Intent.CARDS, intents.Intent.FAIR_PLAY):
        return CardsAnswer(team, shown, intent is intents.Intent.FAIR_PLAY, yours)
    if intent is intents.Intent.BANNED:
        bans = tuple(b for b in shown.bans if b.active and team in (None, b.team))
        return BannedAnswer(team, bans, yours)
    rows = tuple(r for r in shown.scorers.rows if team in (None, r.team))
    if intent is intents.Intent.TOP_SCORER:
        own = sum(r.goals for r in shown.scorers.own_goals if team in (None, r.team))
        return ScorersAnswer(team, _first(rows), own, records)
    return goals_answer(snap, team, rows, yours)


def _first(rows: tuple[ScorerRow, ...]) -> tuple[ScorerRow, ...]:
    """The first TOP rows, and whoever shares the last one's rank."""
    if len(rows) <= TOP:
        return rows
    last = rows[TOP - 1].rank
    return tuple(r for r in rows if r.rank <= last)


def goals_answer(
    snap: snapshots.Snapshot, team: str | None, rows: tuple[ScorerRow, ...], yours: bool
) -> GoalsAnswer:
    scored = conceded = played = forfeits = 0
    for match, result in snap.counted_results():
        home, away = result.home_goals, result.away_goals
        if team is None or match.involves(team):
            forfeits += result.forfeit is not None
        if team is None:
            scored, played = scored + home + away, played + 1
        elif match.involves(team):
            mine = match.home == team
            scored += home if mine else away
            conceded += away if mine else home
            played += 1
    top = _first(rows) if team else ()
    return GoalsAnswer(team, scored, conceded, played, top, yours, forfeits)


def _named(snap: snapshots.Snapshot, typed: str) -> set[tuple[str, str]]:
    """(player, team) of the tournament's players named `typed` (or its form without a
    case ending: "Ali'nin"), squads' and results' alike; when nobody has that name, those
    it is a part of ("Ali" for Ali Yılmaz; never a typo: "Messi" is nobody)."""
    forms = questions.hint_forms(typed)
    everyone = {(p.name, p.team) for p in snap.players}
    everyone |= {(e.player, e.team) for e in snap.events}
    wanted = {names.key(form) for form in forms}
    named = {(p, t) for p, t in everyone if names.key(p) in wanted}
    for form in forms:
        named = named or {(p, t) for p, t in everyone if playernames.part_of(form, p)}
    return named


def player_goals(snap: snapshots.Snapshot, typed: str) -> PlayerGoals | None:
    """The goals of the players named `typed`; None when no player has that name."""
    named = _named(snap, typed)
    if not named:
        return None
    goals = {(r.player, r.team): r.goals for r in discipline.shown(snap).scorers.rows}
    return PlayerGoals(tuple(sorted((p, t, goals.get((p, t), 0)) for p, t in named)))


def player_bans(snap: snapshots.Snapshot, typed: str) -> PlayerBans | None:
    """The running bans of the players named `typed`; None when no player has that name."""
    named = _named(snap, typed)
    if not named:
        return None
    bans = {(b.player, b.team): b for b in discipline.shown(snap).bans if b.active}
    return PlayerBans(tuple(sorted((p, t, bans.get((p, t))) for p, t in named)))


def player_bookings(snap: snapshots.Snapshot, typed: str) -> PlayerBookings | None:
    """The cards of the players named `typed`; None when no player has that name."""
    named = _named(snap, typed)
    if not named:
        return None
    cards = {(c.player, c.team): c.cards for c in discipline.shown(snap).cards}
    return PlayerBookings(tuple(sorted((p, t, cards.get((p, t))) for p, t in named)))


def player_plays(snap: snapshots.Snapshot, typed: str) -> PlayerPlays | None:
    """Whether the players named `typed` may play their team's next match; None when no
    player of the tournament has that name."""
    named = _named(snap, typed)
    if not named:
        return None
    bans = {(b.player, b.team): b for b in discipline.shown(snap).bans if b.active}
    planned = {m.no: m for m in (*snap.planned, *snap.waiting())}
    undated = {m.no for m in snap.waiting()}
    open_side = any(m.result is None and None in (m.match.home, m.match.away) for m in snap.matches)
    found = []
    for player, team in sorted(named):
        ban = bans.get((player, team))
        left = any(m.result is None and m.match.involves(team) for m in snap.matches)
        left = left or bool(snap.waiting(team)) or open_side
        over = not left or snap.tournament.settings.withdrawal(team) is not None
        match = planned.get(ban.misses) if ban is not None and ban.misses is not None else None
        waits = match is not None and match.no in undated
        found.append(MayPlay(player, team, ban, match, over and ban is None, waits))
    return PlayerPlays(tuple(found))


def player_next(snap: snapshots.Snapshot, question: questions.Question) -> PlayerPlays | str | None:
    """ "Hasan ne zaman oynayabilir", "Veli ne zaman oynuyor": a player named where a team
    was looked for. Banned, the matches he misses (PlayerPlays); free, his team, whose next
    match answers; several of that name, each one's PlayerPlays; None: no player so named
    (a film, a friend), or another question."""
    if question.intent is not intents.Intent.NEXT_MATCH or not question.team_hint:
        return None
    found = player_plays(snap, question.team_hint)
    if found is None or len(found.players) != 1 or found.players[0].ban is not None:
        return found
    return found.players[0].team
