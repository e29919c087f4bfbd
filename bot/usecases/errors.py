"""Refusals the use cases raise; the bot words them in bot.texts."""

from __future__ import annotations

from domain.errors import DomainError
from domain.model import PlannedMatch, Score


class NotOrganiser(DomainError):
    """Only the tournament's organisers (creator, chat admins, /yetkili) may do this.
    `action`: the row of bot.usecases.roles.TABLE refused, so the reply can name it."""

    def __init__(self, message: str = "", *, action: str | None = None) -> None:
        super().__init__(message)
        self.action = action


class NotAllowed(DomainError):
    """`role` may not do `action` (a row of bot.usecases.roles.TABLE), and being a chat
    administrator would not change that: the other captain's [Onayla], a head count."""

    def __init__(self, action: str, role: str) -> None:
        super().__init__(f"{action}: not for a {role}")
        self.action, self.role = action, role


class NoMatchBetween(DomainError):
    def __init__(self, home: str, away: str) -> None:
        super().__init__(f"no match between {home} and {away}")
        self.home, self.away = home, away


class UndatedMatch(DomainError):
    """A result, scorers or cards for a match waiting for a date (/ertele 8 belirsiz):
    off the plan, it takes nothing until it has a day (`match` as it was planned)."""

    def __init__(self, match: PlannedMatch) -> None:
        super().__init__(f"match {match.no} waits for a date")
        self.match = match


class AlreadyPlayed(DomainError):
    """The pair's match has a result: the bot offers to correct it."""

    def __init__(self, match: PlannedMatch, stored: Score, new: Score) -> None:
        super().__init__(f"match {match.no} already has {stored}")
        self.match, self.stored, self.new = match, stored, new


class SameResult(DomainError):
    """The played match's result typed again with the stored score: nothing to change
    (its first answer may never have arrived); said, not offered as a correction."""

    def __init__(self, match: PlannedMatch, stored: Score) -> None:
        super().__init__(f"match {match.no} already has {stored}")
        self.match, self.stored = match, stored


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
    """A typed answer to a set-up question that matches none of its options. `question`:
    which options the reply lists ("format", "season format", "third", "tiebreak", "edit")."""

    def __init__(self, text: str, question: str) -> None:
        super().__init__(f"unclear answer {text!r} to {question}")
        self.text, self.question = text, question


class NotACaptain(DomainError):
    """The user asked about "our" match but captains no team here."""


class NotYourButton(DomainError):
    """A button pressed by someone it is not for (`reason` says whose it is), or one whose
    question is gone (`reason` "stale"): a toast, never a group message."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"button refused: {reason}")
        self.reason = reason


class StaleCaptainButton(DomainError):
    """A captains' button from an earlier state: `what` is "picker" (the tournament it
    listed is no longer the chat's), "claim" (the claim was decided, withdrawn or
    replaced) or "question" (the presser no longer captains in that tournament)."""

    def __init__(self, what: str) -> None:
        super().__init__(f"stale {what} button")
        self.what = what


class ConversationOpen(DomainError):
    """A claim that must wait, by someone whose set-up or result entry is still open in
    this chat: the claim would overwrite it."""

    def __init__(self, team: str) -> None:
        super().__init__(f"another conversation is open; claim of {team} not stored")
        self.team = team


class NoCaptains(DomainError):
    """/kaptan_sil found nobody to remove: the team has no captain (`team`), or the
    person replied to captains no team here (`name`)."""

    def __init__(self, team: str | None = None, name: str | None = None) -> None:
        super().__init__(f"no captain to remove ({team or name})")
        self.team, self.name = team, name


class MayNotReplace(NotOrganiser):
    """A new tournament would replace the chat's running one (`name`, when known), and the
    actor organises it not: the running one keeps every result."""

    def __init__(self, name: str | None = None) -> None:
        super().__init__(
            f"only the organisers of {name or 'the running tournament'} replace it",
            action="create one that replaces the running one",
        )
        self.name = name


class RunningChanged(DomainError):
    """[Oluştur] or [Evet, yerine kur] pressed after the chat's running tournament changed
    (one was set up, ended or brought back meanwhile): nothing is replaced unasked; a new
    summary names what would be (`name`, None: nothing runs now)."""

    def __init__(self, name: str | None) -> None:
        super().__init__(f"the running tournament changed to {name!r}")
        self.name = name


class SetupRaced(RunningChanged):
    """[Oluştur] at the very moment another tournament was set up in the chat (storage's
    ActiveTournamentExists): nothing changed, and a new summary says what it would replace."""

    def __init__(self) -> None:
        super().__init__(None)


class LongPlanUnconfirmed(DomainError):
    """[Oluştur] under a summary whose day runs past midnight (`midnight`) or over twelve
    hours (`minutes` long): such a plan is made only by its own button, [Yine de Oluştur]."""

    def __init__(self, minutes: int, midnight: bool) -> None:
        super().__init__(f"a day of {minutes} min (past midnight: {midnight}) unconfirmed")
        self.minutes = minutes
        self.midnight = midnight


class SetupTimedOut(DomainError):
    """The set-up was silent too long; it is gone."""


class NoSuchTournament(DomainError):
    """/geri_yukle N: N (None: not a number) is none of the `count` the chat's list has."""

    def __init__(self, number: int | None, count: int) -> None:
        super().__init__(f"no tournament number {number} of {count}")
        self.number, self.count = number, count


class AlreadyRunning(DomainError):
    """/geri_yukle N names the tournament that runs now."""

    def __init__(self, number: int, name: str) -> None:
        super().__init__(f"tournament {number} ({name}) runs already")
        self.number, self.name = number, name


class Overtaken(DomainError):
    """A change that arrived after a later update of its chat was applied (several
    processes: a delivery slower than the reorder window, bot/runtime/shared.py). Applied
    now it would land out of the order it was typed in, so it is not applied: the chat is
    told, and may type it again."""

    def __init__(self) -> None:
        super().__init__("a later update of this chat was applied before this one arrived")
