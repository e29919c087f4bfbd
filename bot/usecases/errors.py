"""Refusals the use cases raise; the bot words them in bot.texts."""

from __future__ import annotations

from domain.errors import DomainError
from domain.model import PlannedMatch, Score


class NotOrganiser(DomainError):
    """Only the tournament's organisers (creator, chat admins, /yetkili) may do this."""


class NoMatchBetween(DomainError):
    def __init__(self, home: str, away: str) -> None:
        super().__init__(f"no match between {home} and {away}")
        self.home, self.away = home, away


class AlreadyPlayed(DomainError):
    """The pair's match has a result: the bot offers to correct it."""

    def __init__(self, match: PlannedMatch, stored: Score, new: Score) -> None:
        super().__init__(f"match {match.no} already has {stored}")
        self.match, self.stored, self.new = match, stored, new


class NeedsPenalties(DomainError):
    def __init__(self, match: PlannedMatch) -> None:
        super().__init__(f"knockout match {match.no} ended level without penalties")
        self.match = match


class NoPenaltiesInGroups(DomainError):
    def __init__(self, match: PlannedMatch) -> None:
        super().__init__(f"group match {match.no} cannot have penalties")
        self.match = match


class NeedsConfirmation(DomainError):
    """A captain entered their own match's result; the other captain must confirm it."""

    def __init__(self, match: PlannedMatch, score: Score, team: str) -> None:
        super().__init__(f"match {match.no}: {team}'s captain entered {score}")
        self.match, self.score, self.team = match, score, team


class UndoBlocked(DomainError):
    """Later knockout play already stands on this result; undoing it would orphan that."""

    def __init__(self, match: PlannedMatch) -> None:
        super().__init__(f"match {match.no} already decided later play")
        self.match = match


class UnclearAnswer(DomainError):
    """A typed answer to a set-up question that matches none of its options."""

    def __init__(self, text: str, how: str) -> None:
        super().__init__(f"unclear answer {text!r}")
        self.text, self.how = text, how


class NotACaptain(DomainError):
    """The user asked about "our" match but captains no team here."""
