"""A corrected score that leaves a side more goals recorded than it now scored ([Değiştir]
under a result line typed again, /geri_al back to an earlier score): the score stands at
once, and the goals above it are taken back where it is plain which (the side's goals are
one player's, or it scored none); where its scorers differ the organiser who corrected it
is asked which, one button per scorer of that side.

The question is a typed value kept for that organiser in the chat (`GoalChoice`, one per
chat and person, bot.usecases.conversations), written in the unit of work that stored the
score. A press (`gc:<asker>:<match>:<side><index>`, `<side>l` for the side's latest goals)
takes back one goal of that scorer (his latest) and asks again until the side fits, then
about the other side if its scorers differ too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.usecases import conversations, events, match_events, roles, snapshots
from bot.usecases.errors import NotYourButton
from bot.usecases.runner import Actor, writes
from domain.model import PlannedMatch, Score
from storage import UnitOfWork
from storage.records import StoredEvent

KIND = "goal_choice"
LATEST = "l"  # the button that takes back the side's latest goals, as before the question
SIDES = ("h", "a")  # the home side, the away side


@dataclass(frozen=True)
class GoalChoice:
    """The question's state: match `match`'s side `team` has more goals recorded than it
    scored; `options` are its scorers (player id, "goal" or "own_goal"), the buttons'
    indexes, kept while the question lasts so a press means what its button said."""

    match: int
    team: str
    options: tuple[tuple[int, str], ...]


def choice_of(row: dict[str, Any] | None) -> GoalChoice | None:
    if row is None or row.get("kind") != KIND or not isinstance(row.get("match"), int):
        return None
    options = tuple((int(p), str(k)) for p, k in row.get("options") or ())
    return GoalChoice(row["match"], str(row.get("team") or ""), options)


@dataclass(frozen=True)
class Scorer:
    """A button: the scorer at `index` of the state's options, with `goals` recorded."""

    index: int
    player: str
    goals: int
    own_goal: bool = False


@dataclass(frozen=True)
class Question:
    """Which of `team`'s `recorded` goals to take back: it scored `scored` in `score` (the
    match's, home side first); `side`: "h" or "a"."""

    match: PlannedMatch
    score: Score
    team: str
    side: str
    recorded: int
    scored: int
    scorers: tuple[Scorer, ...]

    @property
    def extra(self) -> int:
        return self.recorded - self.scored


@dataclass(frozen=True)
class Settled:
    """The match's goals against its score: those taken back as plainly over it
    (`dropped`), and the question asked about a side whose scorers differ."""

    snapshot: snapshots.Snapshot
    dropped: tuple[StoredEvent, ...] = ()
    asked: Question | None = None


def _sides(match: PlannedMatch, score: Score) -> tuple[tuple[str, int, str], ...]:
    return (
        (str(match.home), score.home_goals, SIDES[0]),
        (str(match.away), score.away_goals, SIDES[1]),
    )


def _goals(snap: snapshots.Snapshot, match: PlannedMatch, team: str) -> list[StoredEvent]:
    return [e for e in snap.events_of(match.no) if events.credited(e, match) == team]


def _plain(goals: list[StoredEvent], scored: int) -> bool:
    """Which goals go needs no asking: the side scored none, or they are one scorer's."""
    return scored == 0 or len({(e.player_id, e.kind) for e in goals}) == 1


async def settle(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    match_no: int,
    actor: Actor,
    previous: GoalChoice | None = None,
) -> Settled:
    """Match `match_no`'s goals against its stored score: a side's goals plainly over it
    are taken back (marked, never deleted); the first side over it whose scorers differ is
    asked about, its question kept for the actor (`previous`: the one it replaces, whose
    buttons keep their indexes)."""
    stored = next((m for m in snap.matches if m.match.no == match_no), None)
    if stored is None or stored.result is None:
        return Settled(snap)
    match, score = stored.match, stored.result
    drop: list[StoredEvent] = []
    ask: tuple[str, list[StoredEvent]] | None = None
    for team, scored, _side in _sides(match, score):
        goals = _goals(snap, match, team)
        if len(goals) <= scored:
            continue
        if _plain(goals, scored):
            drop += goals[scored:]
        elif ask is None:
            ask = (team, goals)
    if drop:
        ids = [e.id for e in drop]
        await uow.players.delete_events(
            ids, by=actor.user_id, at=actor.now, update_id=actor.update_id
        )
        snap = snapshots.without_events(snap, drop)
    if ask is None:
        return Settled(snap, tuple(drop))
    team, goals = ask
    same = previous is not None and (previous.match, previous.team) == (match_no, team)
    kept = previous.options if previous is not None and same else ()  # the buttons' indexes
    options = tuple(dict.fromkeys((*kept, *((e.player_id, e.kind) for e in goals))))
    state = GoalChoice(match_no, team, options)
    await conversations.keep(uow, actor, KIND, state)
    return Settled(snap, tuple(drop), question(snap, state))


def question(snap: snapshots.Snapshot, state: GoalChoice) -> Question:
    """The state's question as the match now stands: its scorers with goals left."""
    stored = next(m for m in snap.matches if m.match.no == state.match)
    match, score = stored.match, stored.result
    assert score is not None
    goals = _goals(snap, match, state.team)
    ((scored, side),) = [(n, s) for t, n, s in _sides(match, score) if t == state.team]
    scorers = []
    for index, (player_id, kind) in enumerate(state.options):
        his = [e for e in goals if (e.player_id, e.kind) == (player_id, kind)]
        if his:
            scorers.append(Scorer(index, his[0].player, len(his), kind == "own_goal"))
    return Question(match, score, state.team, side, len(goals), scored, tuple(scorers))


@dataclass(frozen=True)
class Take:
    """gc:<asker>:<match>:<side><choice>: a scorer's index in the question's state, or
    LATEST; `asker` None: the button's data named nobody."""

    asker: int | None
    match: int
    side: str
    choice: str


@dataclass(frozen=True)
class Taken:
    """What a press took back (`removed`), what then went as plainly over the score (the
    side's goals left being one scorer's: `dropped`), and the question still open (None:
    the goals fit)."""

    match: PlannedMatch
    removed: tuple[StoredEvent, ...]
    dropped: tuple[StoredEvent, ...] = ()
    asked: Question | None = None


@writes
async def take(uow: UnitOfWork, command: Take, actor: Actor) -> Taken:
    """The asker's press: one goal of the scorer chosen (his latest), or the side's latest
    goals above its score, taken back; the question is asked again while the side (or the
    other one) has more goals than it scored."""
    if command.asker is None:
        raise NotYourButton("stale")
    roles.own_button(command.asker, actor)
    state = choice_of(await uow.setups.get(actor.chat_id, actor.user_id))
    if state is None or state.match != command.match or command.side not in SIDES:
        raise NotYourButton("stale")
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(match_events.RECORD, await roles.of(uow, snap.tournament, actor))
    stored = next((m for m in snap.matches if m.match.no == state.match), None)
    if stored is None or stored.result is None:
        raise NotYourButton("stale")  # the result was taken back since
    match = stored.match
    (scored,) = [n for t, n, s in _sides(match, stored.result) if s == command.side]
    if state.team != (match.home if command.side == SIDES[0] else match.away):
        raise NotYourButton("stale")
    goals = _goals(snap, match, state.team)
    gone = _chosen(state, command.choice, goals, scored)
    if gone:
        ids = [e.id for e in gone]
        await uow.players.delete_events(
            ids, by=actor.user_id, at=actor.now, update_id=actor.update_id
        )
        snap = snapshots.without_events(snap, gone)
    await uow.setups.delete(actor.chat_id, actor.user_id)
    settled = await settle(uow, snap, match.no, actor, state)
    return Taken(match, gone, settled.dropped, settled.asked)


def _chosen(
    state: GoalChoice, choice: str, goals: list[StoredEvent], scored: int
) -> tuple[StoredEvent, ...]:
    """The goals a press takes back: none once the side fits (someone took them back
    meanwhile), its latest ones above the score, or the chosen scorer's latest."""
    if len(goals) <= scored:
        return ()
    if choice == LATEST:
        return tuple(goals[scored:])
    index = int(choice) if choice.isascii() and choice.isdigit() and len(choice) < 4 else -1
    if not 0 <= index < len(state.options):
        raise NotYourButton("stale")
    his = [e for e in goals if (e.player_id, e.kind) == state.options[index]]
    if not his:
        raise NotYourButton("stale")
    return (his[-1],)
