"""Refusals that storage raises for things a user did, so the bot can answer in Turkish.

They subclass `domain.errors.DomainError`: the entry point already turns those into a
friendly reply, and a refused write (someone else was faster) is a user-level event, not a
crash. Each carries the facts the reply needs, never SQL or driver details.
"""

from __future__ import annotations

from domain.errors import DomainError
from domain.model import Score


class TournamentNotFound(DomainError):
    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"tournament {tournament_id} does not exist")
        self.tournament_id = tournament_id


class NoActiveTournament(DomainError):
    def __init__(self, chat_id: int) -> None:
        super().__init__(f"chat {chat_id} has no active tournament")
        self.chat_id = chat_id


class ActiveTournamentExists(DomainError):
    """A chat runs one tournament at a time; archive the current one first."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(f"chat {chat_id} already has an active tournament")
        self.chat_id = chat_id


class TeamNotFound(DomainError):
    def __init__(self, team: str) -> None:
        super().__init__(f"no team named {team!r} in this tournament")
        self.team = team


class DuplicateTeam(DomainError):
    def __init__(self, team: str) -> None:
        super().__init__(f"team {team!r} is listed twice")
        self.team = team


class TooManyCaptains(DomainError):
    """A team has at most `limit` captains (the people who may speak for it)."""

    def __init__(self, team: str, limit: int) -> None:
        super().__init__(f"team {team!r} already has {limit} captains")
        self.team = team
        self.limit = limit


class AlreadyCaptain(DomainError):
    """One person captains at most one team of a tournament."""

    def __init__(self, user_id: int, team: str) -> None:
        super().__init__(f"user {user_id} already captains {team!r}")
        self.user_id = user_id
        self.team = team


class MatchNotFound(DomainError):
    def __init__(self, match_no: int) -> None:
        super().__init__(f"no match number {match_no} in this tournament")
        self.match_no = match_no


class MatchSidesUnknown(DomainError):
    """A knockout match whose teams are not decided yet cannot have a result."""

    def __init__(self, match_no: int) -> None:
        super().__init__(f"match {match_no} has no known teams yet")
        self.match_no = match_no


class ResultConflict(DomainError):
    """A result write was refused so that nothing is silently overwritten.

    `current` is the score stored now (None if the match changed in another way, e.g. it
    was re-planned), `entered_by` who stored it. The user should look and try again.
    """

    def __init__(
        self, match_no: int, reason: str, current: Score | None, entered_by: int | None
    ) -> None:
        super().__init__(f"match {match_no}: {reason}")
        self.match_no = match_no
        self.reason = reason
        self.current = current
        self.entered_by = entered_by


class ResultAlreadyRecorded(ResultConflict):
    """The match already has a result; changing it is a correction, not a new entry."""

    def __init__(self, match_no: int, current: Score, entered_by: int) -> None:
        super().__init__(match_no, "a result is already recorded", current, entered_by)


class NoResultToCorrect(DomainError):
    def __init__(self, match_no: int) -> None:
        super().__init__(f"match {match_no} has no result to correct")
        self.match_no = match_no


class PlanConflict(DomainError):
    """A re-plan would move or drop a played match, or raced with a result entry."""

    def __init__(self, match_no: int, reason: str) -> None:
        super().__init__(f"match {match_no}: {reason}")
        self.match_no = match_no
        self.reason = reason


class NothingToUndo(DomainError):
    """The user has no result write in this tournament left to undo (none at all, or all
    of them undone already)."""

    def __init__(self, user_id: int) -> None:
        super().__init__(f"user {user_id} has no result write to undo")
        self.user_id = user_id


class UndoConflict(DomainError):
    """The write to undo is no longer the match's latest: someone changed the match after
    it. `current` is the score stored now (None: no result). Nothing was changed."""

    def __init__(self, match_no: int, current: Score | None) -> None:
        super().__init__(f"match {match_no} was changed after the write to undo")
        self.match_no = match_no
        self.current = current
