"""The events lines of a result message: "Kartallar 3-1 Doğanlar" then "goller: Ali 2,
Veli - Mehmet" (and "kart: Veli sarı"), several result lines each with its own.

`split(text)` takes the events lines out of a message (domain.eventlines reads them) and
says which result line each belongs to: the digit-bearing line above it, as
domain.result_lines counts result lines. `attach(...)` stores a line's events once its
result is stored, in the same unit of work: a refusal (too many goals, a name that fits
no one or several) then undoes the whole message; a name whose team neither a squad nor
the line tells is left out, the rest stored, and the answer says what to type for it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.usecases import conversations, events, results, roles, snapshots
from bot.usecases.errors import AlreadyPlayed, NotAllowed
from bot.usecases.pending_results import KINDS, CaptainResult, Correction, TypoChoice
from bot.usecases.roles import Role
from bot.usecases.runner import Actor
from domain import eventnotes, playernames, scores
from domain.errors import DomainError
from domain.eventlines import inline_events, read_event_line
from domain.eventnotes import EventNotes, UnreadableEvents
from domain.tiebreak import CardKind
from storage import UnitOfWork

# The row of roles.TABLE a result's events ask.
RECORD = "record scorers and cards"
_DIGIT = re.compile(r"[0-9]")
_CARDS = frozenset(k.value for k in CardKind)
_LISTED = re.compile(r"[0-9,;]")


@dataclass(frozen=True)
class Split:
    """A message without its events lines (`text`), and the events of each of its result
    lines, in order (None: that line has none)."""

    text: str
    notes: tuple[EventNotes | None, ...] = ()

    def of(self, n: int) -> EventNotes | None:
        return self.notes[n] if n < len(self.notes) else None


NONE = Split("")  # a message without events lines


def split(text: str, snap: snapshots.Snapshot) -> Split:
    """The message with its events lines taken out, read with the tournament `snap`'s
    teams. An events line belongs to the result line above it (the first one, when it
    comes before any); a result line may carry its own (`_carried`)."""
    teams = snap.teams
    lines = [part for line in text.splitlines() for part in _carried(line, snap)]
    if len(lines) == 1:
        return Split(text)
    kept: list[str] = []
    notes: list[EventNotes | None] = []
    found = False
    for line in lines:
        read = read_event_line(line, teams=teams) if line.strip() else None
        if read is None:
            kept.append(line)
            if _DIGIT.search(line):
                notes.append(None)
            continue
        found = True
        if not notes:
            notes.append(None)
        notes[-1] = read if notes[-1] is None else notes[-1] + read
    if not found:
        return Split(text)
    return Split("\n".join(kept), tuple(notes))


def _carried(line: str, snap: snapshots.Snapshot) -> tuple[str, ...]:
    """A result line with its events on it ("Kartallar 3-1 Şahinler goller: Ali 2",
    "… (Veli)") as the two lines it stands for; any other line as it is. A parenthesis
    may say anything ("(Tebrikler)"): its names count when each is a squad's player, or
    when they are set out as a list of scorers (a count, a comma or a side's ";")."""
    carried = inline_events(line)
    if carried is None:
        return (line,)
    if not carried.labelled:
        try:
            read = read_event_line(carried.events, teams=snap.teams)
        except UnreadableEvents:
            return (line,)
        if not read:
            return (line,)
        squads = snap.squad_names(snap.teams)  # only for a parenthesis: most lines have none
        listed = bool(_LISTED.search(carried.events))  # "(Ali 2, Can; Mehmet)"
        if not listed and not all(_in_squads(n.player, squads) for n in read.goals):
            return (line,)
    return carried.result, carried.events


def _in_squads(typed: str, squads: Mapping[str, Sequence[str]]) -> bool:
    return isinstance(playernames.match_in_squads(typed, squads).match, playernames.Found)


async def attach(
    uow: UnitOfWork,
    answer: results.Answer,
    notes: EventNotes | None,
    line: str,
    actor: Actor,
    snap: snapshots.Snapshot | None = None,
) -> results.Answer:
    """Store `notes` for the match `answer` stored (its first side the line's first-named
    team); the answer with them. A captain's result waiting for the other captain keeps
    them (`wait_with`, in the tournament `snap`). Nothing to do for a line not stored
    now (another question, a refusal, a repeat)."""
    if notes and isinstance(answer, results.Asked) and snap is not None:
        pending = answer.pending
        kept: CaptainResult | Correction | TypoChoice | None = None
        if isinstance(pending, CaptainResult):
            kept = await wait_with(uow, snap, pending, notes, line, actor)
        elif isinstance(pending, Correction):
            kept = keep_with_correction(snap, answer, pending, notes, line)
        elif isinstance(pending, TypoChoice):  # entered with the line once a team is pressed
            kept = dataclasses.replace(pending, events="\n".join(as_typed(notes)))
        if kept is not None:
            await conversations.keep(uow, actor, KINDS[type(kept)], kept)
            return dataclasses.replace(answer, pending=kept)
    if not notes or not isinstance(answer, results.Entered) or answer.outcome.duplicate:
        return answer
    snap = answer.snapshot
    roles.require(RECORD, await roles.of(uow, snap.tournament, actor))
    stored = next(m for m in snap.matches if m.match.no == answer.match.no)
    first = _first_named(line, snap)
    if first is not None and stored.result is not None:
        home, away = stored.match.home, stored.match.away
        score = results.oriented(stored.result, first != home)  # the line's first team's
        if eventnotes.sides_reversed(notes, score.home_goals, score.away_goals):
            first = away if first == home else home  # the winner's scorers were first
    placed = await events.record_placeable(uow, snap, stored, notes, actor, first=first)
    return await entered_with(uow, answer, placed)


async def entered_with(
    uow: UnitOfWork, entered: results.Entered, placed: events.Placed
) -> results.Entered:
    """`entered` with the events stored with its result (a message's events lines, a
    captain's confirmed scorers, a correction's): their cards count for fair play, which
    may break a tie, so the table, fates and knockout sides are worked out again."""
    done = placed.done
    if done is None:
        return dataclasses.replace(entered, unplaced=placed.unplaced)
    entered = dataclasses.replace(
        entered, snapshot=done.snapshot, events=done, unplaced=placed.unplaced
    )
    if any(b.kind in _CARDS for b in done.booked) and not entered.match.stage.is_knockout:
        return await results.recounted(uow, entered)
    return entered


def _first_named(line: str, snap: snapshots.Snapshot) -> str | None:
    """The team the result `line` names first, or None when it reads as no result."""
    try:
        return scores.parse_result(line, snap.teams).home
    except DomainError:
        return None


# The row of roles.TABLE a captain's scorers ask (captains' results on).
CAPTAINS_SCORERS = "scorers with a captain's result, captains' results on"


class OtherSidesPlayers(DomainError):
    """A captain named players of the other side (`names`, of `other`) under his result:
    only his own side's scorers and cards wait with it for the other captain."""

    def __init__(self, team: str, other: str, names: tuple[str, ...]) -> None:
        super().__init__(f"{team}'s captain named {other}'s players {names!r}")
        self.team, self.other, self.names = team, other, names


async def wait_with(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    pending: CaptainResult,
    notes: EventNotes,
    line: str,
    actor: Actor,
) -> CaptainResult:
    """A captain's result waits for the other captain: `pending` with his side's scorers
    and cards (stored when it is confirmed); a name of the other side refuses the whole
    message (roles.TABLE: the other side's are not his to name)."""
    match = next(m.match for m in snap.matches if m.match.no == pending.match)
    home, away = str(match.home), str(match.away)
    team = await uow.teams.captain_of(snap.id, actor.user_id) or home
    first = _first_named(line, snap) or home
    second = away if first == home else home
    placed = eventnotes.place(notes, first, second, snap.teams)
    other = away if team == home else home
    theirs = [p.name for p in snap.squad(other)]
    named = {"home": first, "away": second}
    foreign = tuple(
        note.player
        for note in (*placed.goals, *placed.cards)
        if (named[note.side] == other if note.side else _in(note.player, theirs))
    )
    role = Role.OTHER_CAPTAIN if foreign else Role.CAPTAIN
    try:
        roles.require(CAPTAINS_SCORERS, role)
    except NotAllowed:
        raise OtherSidesPlayers(team, other, foreign) from None
    events_text = "\n".join(as_typed(placed))  # sided names and the others apart
    return dataclasses.replace(pending, events=events_text, first=first, team=team)


def _in(typed: str, squad: list[str]) -> bool:
    """Whether `typed` names (or may name) a player of `squad`."""
    found = playernames.match_player(typed, squad) if squad else None
    return isinstance(found, playernames.Found | playernames.Ambiguous)


notes_of = events.notes_of


def as_typed(notes: EventNotes) -> tuple[str, ...]:
    """`notes` not yet placed as events lines that read back as them (notes_of): the
    names given a side ("Ali - Mehmet") and those without one (by a team's name, or none)
    each on lines of their own."""
    sided = EventNotes(
        tuple(g for g in notes.goals if g.side), tuple(c for c in notes.cards if c.side)
    )
    loose = EventNotes(
        tuple(g for g in notes.goals if not g.side), tuple(c for c in notes.cards if not c.side)
    )
    return eventnotes.event_lines(sided) + eventnotes.event_lines(loose)


def keep_with_correction(
    snap: snapshots.Snapshot,
    answer: results.Asked,
    pending: Correction,
    notes: EventNotes,
    line: str,
) -> Correction | None:
    """A line for a played match asks [Değiştir] first: `pending` with the scorers and
    cards typed under it, to replace the match's when it is changed (None: the line reads
    as no result)."""
    first = _first_named(line, snap)
    if first is None:
        return None
    question = answer.question
    assert isinstance(question, AlreadyPlayed)
    match = question.match
    second = str(match.away if match.home == first else match.home)
    placed = eventnotes.place(notes, first, second, snap.teams)
    return Correction(pending.text, "\n".join(as_typed(placed)), first)
