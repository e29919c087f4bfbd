"""Refusals that storage raises for things a user did, so the bot can answer in Turkish.

They subclass `domain.errors.DomainError`: the entry point already turns those into a
friendly reply, and a refused write (someone else was faster) is a user-level event, not a
crash. Each carries the facts the reply needs, never SQL or driver details: its fields,
given in order, and `message` says them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, dataclass_transform

from domain.errors import DomainError
from domain.model import Score


@dataclass_transform(eq_default=False)
class Refusal(DomainError):
    message: ClassVar[str]

    def __init_subclass__(cls) -> None:
        # Compared by identity like any exception (eq=False keeps them hashable).
        dataclass(eq=False, repr=False)(cls)

    def __str__(self) -> str:
        return self.message.format(**vars(self))


class TournamentNotFound(Refusal):
    tournament_id: int
    message = "tournament {tournament_id} does not exist"


class NoActiveTournament(Refusal):
    chat_id: int
    message = "chat {chat_id} has no active tournament"


class ActiveTournamentExists(Refusal):
    """A chat runs one tournament at a time; archive the current one first."""

    chat_id: int
    message = "chat {chat_id} already has an active tournament"


class TeamNotFound(Refusal):
    team: str
    message = "no team named {team!r} in this tournament"


class DuplicateTeam(Refusal):
    team: str
    message = "team {team!r} is listed twice"


class TooManyCaptains(Refusal):
    """A team has at most `limit` captains (the people who may speak for it)."""

    team: str
    limit: int
    message = "team {team!r} already has {limit} captains"


class AlreadyCaptain(Refusal):
    """One person captains at most one team of a tournament."""

    user_id: int
    team: str
    message = "user {user_id} already captains {team!r}"


class MatchNotFound(Refusal):
    match_no: int
    message = "no match number {match_no} in this tournament"


class MatchSidesUnknown(Refusal):
    """A knockout match whose teams are not decided yet cannot have a result."""

    match_no: int
    message = "match {match_no} has no known teams yet"


class ResultConflict(Refusal):
    """A result write was refused so that nothing is silently overwritten.

    `current` is the score stored now (None if the match changed in another way, e.g. it
    was re-planned), `entered_by` who stored it. The user should look and try again.
    """

    match_no: int
    reason: str
    current: Score | None
    entered_by: int | None
    message = "match {match_no}: {reason}"


class ResultAlreadyRecorded(ResultConflict):
    """The match already has a result; changing it is a correction, not a new entry."""

    def __init__(self, match_no: int, current: Score, entered_by: int) -> None:
        super().__init__(match_no, "a result is already recorded", current, entered_by)


class NoResultToCorrect(Refusal):
    match_no: int
    message = "match {match_no} has no result to correct"


class PlanConflict(Refusal):
    """A re-plan would move or drop a played match, or raced with a result entry."""

    match_no: int
    reason: str
    message = "match {match_no}: {reason}"


class NothingToUndo(Refusal):
    """The user has no result write in this tournament left to undo (none at all, or all
    of them undone already)."""

    user_id: int
    message = "user {user_id} has no result write to undo"


class UndoConflict(Refusal):
    """The write to undo is no longer the match's latest: someone changed the match after
    it. `current` is the score stored now (None: no result). Nothing was changed."""

    match_no: int
    current: Score | None
    message = "match {match_no} was changed after the write to undo"
