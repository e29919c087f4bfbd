"""Goals and cards of a match, from the notes of an events line (domain.eventlines) to the
rows stored: names matched in the two squads, goals checked against the score (a hükmen
one: TFF Madde 23/4), the players a team without a squad gets from them.

`record(uow, snap, stored, notes, actor, first=...)` is shared by a result line with its
events line, /gol, /kart and a reply to "Kaydedildi". A name is never guessed: one that
fits two players (or both squads) is refused with the candidates, one no squad has is
taken as typed only where its side has no squad yet (else refused with the closest
names), too many goals are refused: the caller's unit of work then stores nothing."""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import discipline, snapshots
from bot.usecases.runner import Actor
from domain import eventlines, eventnotes, forfeits, names, playernames, squads
from domain.discipline import is_banned
from domain.errors import DomainError
from domain.eventnotes import CardNote, EventNotes, GoalNote, Side
from domain.model import PlannedMatch, Score
from storage import UnitOfWork
from storage.records import StoredEvent, StoredMatch, StoredPlayer
from storage.repositories.players import NewEvent, NewPlayer


class NoResultYet(DomainError):
    """/gol 7 …: match 7 has no result, so no goal can be checked against it."""

    def __init__(self, match: PlannedMatch) -> None:
        super().__init__(f"match {match.no} has no result")
        self.match = match


class TooManyGoals(DomainError):
    """More goals for `team` than it scored in `match`: `counted` named (with those stored
    before), `scored` in the result; `forfeit`: the hükmen score that leaves a goal for
    `team` to nobody (domain.forfeits.goals_stand)."""

    def __init__(
        self,
        match: PlannedMatch,
        team: str,
        counted: int,
        scored: int,
        forfeit: Score | None = None,
    ) -> None:
        super().__init__(f"match {match.no}: {counted} goals for {team}, who scored {scored}")
        self.match, self.team, self.counted, self.scored = match, team, counted, scored
        self.forfeit = forfeit


class SentOff(DomainError):
    """A card for a player already sent off in match `no` (a red, or two yellows)."""

    def __init__(self, player: str, team: str, no: int) -> None:
        super().__init__(f"{player} ({team}) was sent off in match {no}")
        self.player, self.team, self.no = player, team, no


class UnknownPlayer(DomainError):
    """`typed` is no player of `team`'s squad; `candidates` are the closest names."""

    def __init__(
        self, typed: str, team: str, candidates: tuple[str, ...] = (), own_goal: bool = False
    ) -> None:
        super().__init__(f"{typed!r} is not in {team}'s squad")
        self.typed, self.team, self.candidates = typed, team, candidates
        self.own_goal = own_goal  # listed as an own goal: maybe under the side it counts for


class AmbiguousPlayer(DomainError):
    """`typed` fits several players: (name, team) each; `typo`: it is no player's name,
    only near one (the one candidate), so it is not taken without asking either."""

    def __init__(
        self, typed: str, candidates: tuple[tuple[str, str], ...], typo: bool = False
    ) -> None:
        super().__init__(f"{typed!r} fits {len(candidates)} players")
        self.typed, self.candidates, self.typo = typed, candidates, typo


class WhichTeam(DomainError):
    """`typed` was given without a side and neither squad tells: "gol: Ali (Kartallar)".
    `note`: the goal or card as read (for an example of its own kind); `command`: "/kart
    7" when typed with a command (its example is one), else "" (an events line)."""

    def __init__(
        self,
        typed: str,
        home: str,
        away: str,
        note: GoalNote | CardNote | None = None,
        command: str = "",
    ) -> None:
        super().__init__(f"{typed!r}: {home} or {away}?")
        self.typed, self.home, self.away, self.note, self.command = typed, home, away, note, command


@dataclass(frozen=True)
class Booked:
    """One stored event: `kind` (goal, own_goal, a CardKind) of `player` of `team`;
    `count` rows for a player's goals."""

    kind: str
    player: str
    team: str
    count: int = 1


@dataclass(frozen=True)
class Recorded:
    """What a message's events came to for `match`: the events, the players added to a
    squad as typed (team, name), the tournament as it now stands."""

    match: PlannedMatch
    booked: tuple[Booked, ...]
    added: tuple[tuple[str, str], ...]
    snapshot: snapshots.Snapshot
    banned: tuple[tuple[str, str], ...] = ()  # (player, team) named while banned for it


@dataclass(frozen=True)
class _Who:
    """A note's player once matched: an existing player, or a new one for `team`."""

    team: str
    player: StoredPlayer | None
    name: str


async def record(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    stored: StoredMatch,
    notes: EventNotes,
    actor: Actor,
    *,
    first: str | None = None,
    score: Score | None = None,
    team: str | None = None,
) -> Recorded:
    """Store `notes` for the match `stored` (its result `score`, else the stored one).
    `first`: the team the events line's first side is (the result line's first-named
    team; the match's home side by default). `team`: the side a name listed without one
    is taken for, when no squad tells (a captain's own side)."""
    match = stored.match
    result = score or stored.result
    if result is None:
        raise NoResultYet(match)
    home, away = str(match.home), str(match.away)
    first = first or home
    second = away if first == home else home
    placed = eventnotes.place(notes, first, second, snap.teams)
    teams: dict[Side, str] = {"home": first, "away": second}
    new: dict[str, _Who] = {}  # by (team, key): one new player however often named
    # A goal without a side, of a name no squad has, is the one scoring side's if only
    # one side scored ("A1 2-0 A4" then "goller: Ali, Veli").
    scored = [
        s
        for s, n in (
            ("home", _goals_of(result, match, first)),
            ("away", _goals_of(result, match, second)),
        )
        if n
    ]
    only: Side | None = scored[0] if len(scored) == 1 else None  # type: ignore[assignment]
    mine: Side | None = None if team is None else ("home" if team == first else "away")
    goals = [
        (g, _who(snap, g, teams, new, None if g.own_goal else mine or only)) for g in placed.goals
    ]
    cards = [(c, _who(snap, c, teams, new, mine)) for c in placed.cards]
    shown = _shown_after(snap, match.no, cards)
    _check_goals(snap, match, result, goals)
    fresh = [NewPlayer(w.team, w.name) for w in new.values()]
    added = await uow.players.add(
        snap.id,
        dict(snap.team_ids),
        fresh,
        by=actor.user_id,
        at=actor.now,
        update_id=actor.update_id,
    )
    ids = {(p.team, names.key(p.name)): p for p in added}
    rows: list[NewEvent] = []
    booked: list[Booked] = []
    for note, who in goals:
        player = who.player or ids[(who.team, names.key(who.name))]
        kind = "own_goal" if note.own_goal else "goal"
        rows += [NewEvent(stored.id, player.id, who.team, kind)] * note.count
        booked.append(Booked(kind, player.name, who.team, note.count))
    for (card, who), kind in zip(cards, shown, strict=True):
        player = who.player or ids[(who.team, names.key(who.name))]
        rows.append(NewEvent(stored.id, player.id, who.team, card.kind.value))
        booked.append(Booked(kind, player.name, who.team))
    await uow.players.add_events(
        snap.id,
        dict(snap.team_ids),
        rows,
        by=actor.user_id,
        at=actor.now,
        update_id=actor.update_id,
    )
    by_id = {p.id: p for p in (*snap.players, *added)}
    events = tuple(
        StoredEvent(
            0, match.no, e.player_id, by_id[e.player_id].name, e.team, e.kind, actor.update_id
        )
        for e in rows
    )
    now = snapshots.with_events(snap, added, events)  # its cards count for fair play
    bans = discipline.bans(snap)  # before this message's cards: what he was banned by
    banned = tuple(
        dict.fromkeys(
            (b.player, b.team) for b in booked if is_banned(bans, b.player, match.no, team=b.team)
        )
    )
    added_names = tuple((p.team, p.name) for p in added)
    return Recorded(match, tuple(booked), added_names, now, banned)


def _who(
    snap: snapshots.Snapshot,
    note: GoalNote | CardNote,
    teams: dict[Side, str],
    new: dict[str, _Who],
    default: Side | None = None,
) -> _Who:
    """The player `note` names, in his side's squad (in either, without a side): found,
    or new to a team without a squad; else refused, never guessed."""
    typed, side = note.player, note.side
    rosters = {t: snap.squad(t) for t in teams.values()}
    squads_ = {t: [p.name for p in r] for t, r in rosters.items()}
    shirts = {p.name: p.number for r in rosters.values() for p in r if p.number is not None}
    if side is not None:
        team: str | None = teams[side]
        found = playernames.match_player(
            typed, squads_[teams[side]], shirt=note.shirt, shirts=shirts
        )
    else:
        got = playernames.match_in_squads(typed, squads_)
        team, found = got.team, got.match
    if isinstance(found, playernames.Found) and team is not None:
        player = next(p for p in rosters[team] if p.name == found.player)
        if found.how is playernames.How.TYPO:  # "Mehmt": asked, never guessed
            raise AmbiguousPlayer(typed, ((player.name, player.team),), typo=True)
        return _Who(player.team, player, player.name)
    if isinstance(found, playernames.Ambiguous):  # a name two teams have: each with his team
        raise AmbiguousPlayer(
            typed, tuple((c, t) for c in found.candidates for t in rosters if c in squads_[t])
        )
    fresh = [w for w in new.values() if side is None or w.team == teams[side]]
    again = playernames.match_player(typed, [w.name for w in fresh])
    if isinstance(again, playernames.Found):  # named earlier in this message
        same = [w for w in fresh if w.name == again.player]
        if len(same) > 1:  # "goller: Ali - Ali" then "sarı: Ali": which Ali?
            raise AmbiguousPlayer(typed, tuple((w.name, w.team) for w in same))
        return same[0]
    if side is None and default is None:
        raise WhichTeam(typed, teams["home"], teams["away"], note)
    team = teams[side or default or "home"]
    if any(p.listed for p in rosters[team]):  # a squad set with /kadro: never a new name
        near = tuple(c for c in found.candidates if c in squads_[team])
        raise UnknownPlayer(typed, team, near, isinstance(note, GoalNote) and note.own_goal)
    name = squads.capitalised(names.normalize(typed))
    return new.setdefault(f"{team}\n{names.key(name)}", _Who(team, None, name))


def _goals_of(score: Score, match: PlannedMatch, team: str) -> int:
    return score.home_goals if team == match.home else score.away_goals


_YELLOWS = {"yellow": 1, "second_yellow": 2, "red": 2, "yellow_red": 2}  # 2: sent off


def _shown_after(
    snap: snapshots.Snapshot, no: int, cards: list[tuple[CardNote, _Who]]
) -> list[str]:
    """Each card as it counts after the match's cards stored before: a yellow on top of
    one is the second ("second_yellow"), a red on top of one "yellow_red"; a card for a
    player already sent off is refused (SentOff)."""
    before: dict[tuple[str, str], int] = {}
    for e in snap.events_of(no):
        if e.kind in _YELLOWS:
            key = (e.team, names.key(e.player))
            before[key] = before.get(key, 0) + _YELLOWS[e.kind]
    shown = []
    for card, who in cards:
        key = (who.team, names.key(who.name))
        earlier, kind = before.get(key, 0), card.kind.value
        if earlier >= 2 or (earlier and kind == "second_yellow"):
            raise SentOff(who.name, who.team, no)
        if earlier:
            kind = "second_yellow" if kind == "yellow" else "yellow_red"
        before[key] = earlier + _YELLOWS[card.kind.value]
        shown.append(kind)
    return shown


def _check_goals(
    snap: snapshots.Snapshot,
    match: PlannedMatch,
    score: Score,
    goals: list[tuple[GoalNote, _Who]],
) -> None:
    """Every side's goals (those stored before included) at most what it scored."""
    home, away = str(match.home), str(match.away)
    counted = {home: 0, away: 0}
    for e in snap.events_of(match.no):
        if e.kind in ("goal", "own_goal"):
            side = e.team if e.kind == "goal" else (away if e.team == home else home)
            counted[side] += 1
    for note, who in goals:
        side = who.team if not note.own_goal else (away if who.team == home else home)
        if not forfeits.goals_stand(score, "home" if side == home else "away"):
            raise TooManyGoals(match, side, note.count, 0, forfeit=score)
        counted[side] += note.count
    for team, scored in ((home, score.home_goals), (away, score.away_goals)):
        if counted[team] > scored:
            raise TooManyGoals(match, team, counted[team], scored)


def credited(e: StoredEvent, match: PlannedMatch) -> str | None:
    """The side a goal counts for (an own goal: the other one); None for a card."""
    if e.kind == "goal":
        return e.team
    if e.kind == "own_goal":
        return str(match.away) if e.team == match.home else str(match.home)
    return None


def notes_of(text: str, teams: tuple[str, ...]) -> EventNotes:
    """Events lines kept with a waiting question (domain.eventnotes.event_lines), read."""
    notes = EventNotes()
    for line in text.splitlines():
        read = eventlines.read_event_line(line, teams=teams) if line.strip() else None
        if read is not None:
            notes += read
    return notes


@dataclass(frozen=True)
class Placed:
    """What `record_placeable` stored (None: no name was left to store) and the names it
    left out, whose team neither a squad nor the line tells."""

    done: Recorded | None
    unplaced: tuple[GoalNote | CardNote, ...] = ()


async def record_placeable(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    stored: StoredMatch,
    notes: EventNotes,
    actor: Actor,
    *,
    first: str | None = None,
) -> Placed:
    """`record` for the events typed with a result: a name whose team nothing tells
    (WhichTeam) is left out and the rest stored, so the result never waits on it; the
    answer says what to type for it. `record` stores nothing before every name is
    placed, so a try that raised left nothing behind."""
    unplaced: list[GoalNote | CardNote] = []
    while notes:
        try:
            return Placed(
                await record(uow, snap, stored, notes, actor, first=first), tuple(unplaced)
            )
        except WhichTeam as exc:
            if exc.note is None:
                raise
            unplaced.append(exc.note)
            notes = EventNotes(
                tuple(g for g in notes.goals if g != exc.note),
                tuple(c for c in notes.cards if c != exc.note),
            )
    return Placed(None, tuple(unplaced))


async def replace_all(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    match: PlannedMatch,
    text: str,
    first: str | None,
    actor: Actor,
) -> Placed:
    """A corrected result's own events lines (`text`): the match's stored goals and cards
    are taken back (marked) and these recorded in their place (`record_placeable`)."""
    old = snap.events_of(match.no)
    if old:
        ids = [e.id for e in old]
        await uow.players.delete_events(
            ids, by=actor.user_id, at=actor.now, update_id=actor.update_id
        )
        snap = snapshots.without_events(snap, old)
    stored = next(m for m in snap.matches if m.match.no == match.no)
    notes = notes_of(text, snap.teams)
    return await record_placeable(uow, snap, stored, notes, actor, first=first)
