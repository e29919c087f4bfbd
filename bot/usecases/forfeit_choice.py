"""Which match /hukmen means: the one named, or the team's match that is due, never a
later one (an organiser types "/hukmen Kartallar" when Kartallar did not turn up)."""

from __future__ import annotations

from datetime import datetime

from bot.usecases import snapshots
from domain.errors import DomainError
from domain.model import PlannedMatch
from storage.records import StoredMatch


class BadForfeit(DomainError):
    """/hukmen or /cekil without a team (`reason`: missing), or a match number that is not
    this team's (`reason`: not_theirs, with `match`)."""

    def __init__(self, text: str, reason: str, match: PlannedMatch | None = None) -> None:
        super().__init__(f"bad forfeit {text!r}: {reason}")
        self.text, self.reason, self.match = text, reason, match


class NoOpenMatch(DomainError):
    """The team has no match left without a result (/hukmen), or none at all to withdraw."""

    def __init__(self, team: str) -> None:
        super().__init__(f"{team} has no match without a result")
        self.team = team


class NotDue(DomainError):
    """/hukmen Takım (no number) before any match of the team has come: `next` is its first
    match without a result, which needs its number to be forfeited ahead."""

    def __init__(self, team: str, next: PlannedMatch) -> None:
        super().__init__(f"{team} has no match due yet (next: {next.no})")
        self.team, self.next = team, next


def _open_matches(snap: snapshots.Snapshot, team: str) -> list[StoredMatch]:
    return sorted(
        (m for m in snap.matches if m.result is None and m.match.involves(team)),
        key=lambda m: (m.match.start, m.match.no),
    )


def due_match(snap: snapshots.Snapshot, team: str, now: datetime) -> StoredMatch:
    """The team's match a forfeit without a number means: the one due, never a later one.
    Of its matches without a result: the last that kicked off today, else the first still
    to come today, else the last that kicked off before today. NoOpenMatch: none left;
    NotDue: none has come yet (`next` is the first to come)."""
    open_ = _open_matches(snap, team)
    if not open_:
        raise NoOpenMatch(team)
    zone = snap.zone
    today = now.astimezone(zone).date()
    todays = [m for m in open_ if m.match.start.astimezone(zone).date() == today]
    begun = [m for m in open_ if m.match.start <= now]
    if begun_today := [m for m in todays if m.match.start <= now]:
        return begun_today[-1]
    if todays:
        return todays[0]
    if begun:
        return begun[-1]
    raise NotDue(team, open_[0].match)


def chosen(
    snap: snapshots.Snapshot, text: str, number: int | None, team: str, now: datetime
) -> StoredMatch:
    if number is None:
        return due_match(snap, team, now)
    stored = next((m for m in snap.matches if m.match.no == number), None)
    if stored is None or not stored.match.involves(team):
        raise BadForfeit(text, "not_theirs", None if stored is None else stored.match)
    return stored
