"""Scorers and cards of a played match on their own: /gol 7 Ali 2, Veli; Mehmet, /kart 7
Veli sarı, a reply to the bot's "Kaydedildi" with an events line, and /gol_sil 7 Ali,
/kart_sil 7 Veli (a mark: the row stays with who deleted it).

Organisers only (roles.TABLE "record scorers and cards"). Each command claims its update
(the runner), and its rows keep the update id.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.usecases import events, roles, snapshots, squads
from bot.usecases.errors import UndatedMatch
from bot.usecases.runner import Actor, writes
from domain import eventlines, names, playernames
from domain.errors import DomainError
from domain.eventnotes import EventNotes, EventProblem, UnreadableEvents
from domain.model import PlannedMatch
from storage import UnitOfWork
from storage.records import StoredEvent, StoredMatch

RECORD = "record scorers and cards"
# The bot's own "✅ Kaydedildi: Kartallar 3-1 Şahinler (7. maç)" (bot.texts.results).
_SAVED = re.compile(r"^✅ Kaydedildi: .*\(([0-9]{1,4})\. maç\)", re.MULTILINE)


class NoSuchMatch(DomainError):
    def __init__(self, no: int) -> None:
        super().__init__(f"no match {no}")
        self.no = no


class NoMatchNumber(DomainError):
    """/gol or /kart without a match number (`kind` "goal" or "card"; `rest`: what was
    typed); `team` and `match`: a team named first and its latest match with a result,
    for the example (None: no team named, or it has played none)."""

    def __init__(self, kind: str, rest: str, team: str | None, match: PlannedMatch | None) -> None:
        super().__init__(f"/{kind} without a match number")
        self.kind, self.rest, self.team, self.match = kind, rest, team, match


class NoSuchEvent(DomainError):
    """/gol_sil 7 Ali: no live goal (card) of a player named so in match 7; `kind`: goal
    or card; `named`: the players who have one there."""

    def __init__(self, no: int, typed: str, kind: str, named: tuple[str, ...]) -> None:
        super().__init__(f"match {no}: no {kind} of {typed!r}")
        self.no, self.typed, self.kind, self.named = no, typed, kind, named


class DeleteHow(DomainError):
    """/gol_sil 7 without a name (`no` 7; `named`: the players with a goal, or card, in
    match 7), or /gol_sil Ali without a match number (`no` None)."""

    def __init__(self, kind: str, no: int | None = None, named: tuple[str, ...] = ()) -> None:
        super().__init__(f"/{kind} deletion: no {'name' if no else 'match number'}")
        self.kind, self.no, self.named = kind, no, named


class UnclearEvent(DomainError):
    """/gol_sil 7 Ali: the name fits several players with a goal (card) in match 7
    (`candidates`), or is only near one's name (`typo`: the one candidate): refused with
    them, never guessed."""

    def __init__(
        self, no: int, typed: str, kind: str, candidates: tuple[str, ...], typo: bool = False
    ) -> None:
        super().__init__(f"match {no}: {typed!r} fits {candidates!r}")
        self.no, self.typed, self.kind, self.candidates, self.typo = (
            no,
            typed,
            kind,
            candidates,
            typo,
        )


@dataclass(frozen=True)
class Goals:
    """/gol 7 …, as typed after the command."""

    text: str


@dataclass(frozen=True)
class Cards:
    """/kart 7 …, as typed after the command."""

    text: str


@dataclass(frozen=True)
class Reply:
    """A group message replying to the bot's message `replied`: an events line for the
    match that message saved."""

    text: str
    replied: str


def saved_match(replied: str) -> int | None:
    """The match number of the bot's "Kaydedildi" message, or None."""
    found = _SAVED.search(replied)
    return int(found.group(1)) if found else None


@writes
async def goals(uow: UnitOfWork, command: Goals, actor: Actor) -> events.Recorded:
    snap = await _allowed(uow, actor)
    no, notes = _numbered(snap, command.text, "goal", eventlines.read_goal_args)
    return await _record(uow, no, notes, actor, snap, command=f"/gol {no}")


@writes
async def cards(uow: UnitOfWork, command: Cards, actor: Actor) -> events.Recorded:
    snap = await _allowed(uow, actor)
    no, notes = _numbered(snap, command.text, "card", eventlines.read_card_args)
    return await _record(uow, no, notes, actor, snap, command=f"/kart {no}")


def _numbered(
    snap: snapshots.Snapshot, text: str, kind: str, read: Callable[[str], tuple[int, EventNotes]]
) -> tuple[int, EventNotes]:
    """`read(text)`; without a match number ("/gol Kartallar Can") NoMatchNumber, with the
    named team's latest played match for its example: never guessed, but told."""
    try:
        return read(text)
    except UnreadableEvents as exc:
        if exc.problem is not EventProblem.NO_MATCH_NUMBER:
            raise
    try:
        team, rest = squads.split_team(text, snap.teams)
    except DomainError:
        raise NoMatchNumber(kind, text.strip(), None, None) from None
    played = [m.match for m in snap.matches if m.result is not None and m.match.involves(team)]
    latest = max(played, key=lambda m: (m.start, m.no), default=None)
    raise NoMatchNumber(kind, rest, team, latest) from None


async def _allowed(uow: UnitOfWork, actor: Actor) -> snapshots.Snapshot:
    """The chat's tournament, once `actor` may record in it (a member's /gol is refused
    before its arguments are read)."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(RECORD, await roles.of(uow, snap.tournament, actor))
    return snap


@writes
async def reply(uow: UnitOfWork, command: Reply, actor: Actor) -> events.Recorded | None:
    """None: not a reply to a saved result, or no events line (chat)."""
    no = saved_match(command.replied)
    if no is None:
        return None
    snap = await snapshots.active(uow, actor.chat_id)
    notes = EventNotes()
    for line in command.text.splitlines():
        read = eventlines.read_event_line(line, teams=snap.teams) if line.strip() else None
        if read is None:
            return None  # a reply that is not all events lines is chat
        notes += read
    return await _record(uow, no, notes, actor, snap) if notes else None


async def _record(
    uow: UnitOfWork,
    no: int,
    notes: EventNotes,
    actor: Actor,
    snap: snapshots.Snapshot | None = None,
    command: str = "",
) -> events.Recorded:
    """`command`: "/gol 7", "/kart 7" (a refusal's example is one), "" for a reply."""
    snap = snap or await snapshots.active(uow, actor.chat_id)
    roles.require(RECORD, await roles.of(uow, snap.tournament, actor))
    try:
        return await events.record(uow, snap, _match(snap, no), notes, actor)
    except events.WhichTeam as exc:
        raise events.WhichTeam(exc.typed, exc.home, exc.away, exc.note, command) from None


def _match(snap: snapshots.Snapshot, no: int) -> StoredMatch:
    stored = next((m for m in snap.matches if m.match.no == no), None)
    undated = snap.tournament.settings.undated_match(no)
    if stored is None and undated is not None:
        raise UndatedMatch(undated.match)
    if stored is None:
        raise NoSuchMatch(no)
    if stored.result is None:
        raise events.NoResultYet(stored.match)
    return stored


@dataclass(frozen=True)
class Delete:
    """/gol_sil 7 Ali (kind "goal") or /kart_sil 7 Veli (kind "card")."""

    text: str
    kind: str


@dataclass(frozen=True)
class Deleted:
    match_no: int
    event: StoredEvent


_NUMBER = re.compile(r"^\s*#?([0-9]{1,4})\.?\s+(?:maç\s+)?(\S.*)$", re.IGNORECASE)
_NUMBER_ONLY = re.compile(r"^\s*#?([0-9]{1,4})\.?\s*(?:maç\w*)?\s*$", re.IGNORECASE)
GOAL_KINDS = ("goal", "own_goal")


@writes
async def delete(uow: UnitOfWork, command: Delete, actor: Actor) -> Deleted:
    """Take back the player's latest goal (card) of the match; the row stays, marked."""
    snap = await _allowed(uow, actor)
    found = _NUMBER.match(command.text) or _NUMBER_ONLY.match(command.text)
    if found is None:
        raise DeleteHow(command.kind)
    no = int(found.group(1))
    typed = found.group(2).strip() if found.re is _NUMBER else ""
    stored = next((m for m in snap.matches if m.match.no == no), None)
    if stored is None:
        raise NoSuchMatch(no)
    name, hint = playernames.with_team(typed)  # "Ali (A4)": one of two namesakes
    team = None if hint is None else names.resolve(hint, snap.teams)
    mine = [
        e
        for e in snap.events_of(no)
        if (e.kind in GOAL_KINDS) == (command.kind == "goal") and team in (None, e.team)
    ]
    pairs = tuple(dict.fromkeys((e.player, e.team) for e in mine))
    if not typed:  # "/gol_sil 7": whose?
        raise DeleteHow(command.kind, no, playernames.labelled(pairs))
    named = tuple(dict.fromkeys(p for p, _ in pairs))
    match = playernames.match_player(name, named)  # as scorers' names are matched
    if isinstance(match, playernames.Ambiguous):
        chosen = [(p, t) for c in match.candidates for p, t in pairs if p == c]
        raise UnclearEvent(no, typed, command.kind, playernames.labelled(chosen))
    if not isinstance(match, playernames.Found):
        raise NoSuchEvent(no, typed, command.kind, playernames.labelled(pairs))
    owners = [(p, t) for p, t in pairs if p == match.player]
    if match.how is playernames.How.TYPO:  # "Mehmt": asked, never guessed
        raise UnclearEvent(no, typed, command.kind, playernames.labelled(owners)[:1], typo=True)
    if len(owners) > 1:  # both sides have an "Ali" who scored: which one?
        raise UnclearEvent(no, typed, command.kind, playernames.labelled(owners))
    event = [e for e in mine if (e.player, e.team) == owners[0]][-1]
    await uow.players.delete_events(
        [event.id], by=actor.user_id, at=actor.now, update_id=actor.update_id
    )
    return Deleted(no, event)
