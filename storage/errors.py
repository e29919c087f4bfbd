"""Refusals that storage raises for things a user did, so the bot can answer in Turkish.

They subclass `domain.errors.DomainError`: the entry point already turns those into a
friendly reply, and a refused write (someone else was faster) is a user-level event, not a
crash. Each carries the facts the reply needs, never SQL or driver details: its fields,
given in order, and `message` says them.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import ClassVar, dataclass_transform

from sqlalchemy.exc import DBAPIError

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


# SQLite's result codes and PostgreSQL's SQLSTATEs of a database that cannot take a write
# now but will later: another process holds the lock, the disk (or a quota) is full, the
# server is starting, stopping or out of connections.
_SQLITE_WAIT = {5, 6, 13}  # SQLITE_BUSY, SQLITE_LOCKED, SQLITE_FULL
_SQLITE_TEXTS = ("database is locked", "database table is locked", "disk is full")
_POSTGRES_WAIT = {"53100", "53200", "53300", "55P03", "57P03", "40P01", "08006", "08001"}


def unavailable(exc: BaseException) -> bool:
    """True when `exc` is the database saying it is busy or full for now (locked by another
    process, no space left, not accepting connections): the same write may succeed later,
    and nothing of it was stored. Any other error (a bug, a constraint) is False. The
    driver's error comes wrapped by SQLAlchemy, or bare from the BEGIN of a write
    (storage.sqlite_driver)."""
    cause = exc.orig if isinstance(exc, DBAPIError) else exc
    code = getattr(cause, "sqlite_errorcode", None)
    if isinstance(cause, sqlite3.Error) and isinstance(code, int):
        return code & 0xFF in _SQLITE_WAIT
    if isinstance(exc, DBAPIError) and getattr(cause, "sqlstate", None) in _POSTGRES_WAIT:
        return True  # asyncpg's, through SQLAlchemy
    text = str(cause).lower()
    return isinstance(cause, sqlite3.OperationalError) and any(t in text for t in _SQLITE_TEXTS)
