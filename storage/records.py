"""Plain values that cross the storage boundary: what callers hand in and get back.

The domain has no type for a stored tournament, a stored match with its version, or a
result command; these frozen dataclasses carry them without exposing ORM rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from domain.model import Group, PlannedMatch, Score
from domain.settings import TournamentSettings
from domain.tournament import Fixture


@dataclass(frozen=True)
class NewTournament:
    """Everything a tournament starts with; stored in one transaction or not at all."""

    chat_id: int
    name: str
    created_by: int
    settings: TournamentSettings
    teams: tuple[str, ...]
    groups: tuple[Group, ...] = ()
    plan: tuple[PlannedMatch, ...] = ()
    co_organisers: tuple[int, ...] = ()
    chat_title: str | None = None


@dataclass(frozen=True)
class Tournament:
    id: int
    chat_id: int
    name: str
    status: str
    created_by: int
    created_at: datetime
    settings: TournamentSettings


@dataclass(frozen=True)
class StoredMatch(Fixture):
    """A match as stored: the domain's Fixture (the planned match, its score once played)
    with its row id and version (for optimistic writes) and who entered its result. The one
    shape of a match above storage: the rules (domain.tournament.Play) take it as it is."""

    id: int = 0
    version: int = 1
    entered_by: int | None = None

    @property
    def sides_known(self) -> bool:
        """Both teams are decided: only then may the match have a result."""
        return self.match.home is not None and self.match.away is not None


@dataclass(frozen=True)
class StoredPlayer:
    """A player of a team's squad (storage.player_rows.PlayerRow); `removed`: taken off
    the squad, his goals and cards kept."""

    id: int
    team: str
    name: str
    number: int | None = None
    removed: bool = False
    listed: bool = False  # put there by /kadro (not only named in a result)


@dataclass(frozen=True)
class StoredEvent:
    """A goal, an own goal or a card (`kind`: storage.player_rows.EVENT_KINDS) of player
    `player_id` of `team` in match `match_no`, with the update that recorded it."""

    id: int
    match_no: int
    player_id: int
    player: str
    team: str
    kind: str
    update_id: int | None = None


@dataclass(frozen=True)
class StoredBan:
    """/ceza: player `player_id` misses `matches` of his team's matches after match
    `after_match` (None: from its first; 0 matches: his ban lifted)."""

    player_id: int
    matches: int
    after_match: int | None


@dataclass(frozen=True)
class Loaded:
    """A tournament as one read gives it: settings, draw (groups by label, teams in draw
    order) and every match with its result, in match-number order; the squads (players
    taken off them included, for their goals and cards), the live events in the order
    recorded and the /ceza decisions, oldest first."""

    tournament: Tournament
    groups: tuple[Group, ...]
    matches: tuple[StoredMatch, ...]
    players: tuple[StoredPlayer, ...] = ()
    events: tuple[StoredEvent, ...] = ()
    bans: tuple[StoredBan, ...] = ()
    team_ids: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class RecordResult:
    """Enter or correct a match's result.

    `expected_version` is the match version the user was shown, if the bot kept it; the
    write is refused when the match changed since. `update_id` makes the write idempotent.
    """

    tournament_id: int
    match_no: int
    score: Score
    entered_by: int
    at: datetime
    update_id: int | None = None
    source_chat_id: int | None = None
    source_message_id: int | None = None
    expected_version: int | None = None


@dataclass(frozen=True)
class RecordOutcome:
    """What was stored; `duplicate` when this Telegram update had been applied already."""

    match_no: int
    score: Score | None
    previous: Score | None
    version: int
    duplicate: bool = False


@dataclass(frozen=True)
class ReplanSummary:
    moved: tuple[int, ...]
    added: tuple[int, ...]
    removed: tuple[int, ...]


@dataclass(frozen=True)
class Captaincy:
    """A team `user_id` captains in an active tournament, with where that tournament is
    played: enough to answer "ne zaman oynuyoruz?" asked in a private chat."""

    tournament_id: int
    chat_id: int
    chat_title: str | None
    tournament_name: str
    team: str


@dataclass(frozen=True)
class UndoOutcome:
    """What an undo did to match `match_no`: `removed` the score the undone write stored,
    `restored` the score it had replaced (None: the result was deleted, the match is
    unplayed again). `duplicate` when this Telegram update had been applied already."""

    match_no: int
    removed: Score
    restored: Score | None
    duplicate: bool = False


@dataclass(frozen=True)
class AuditedWrite:
    """One result write as the audit trail keeps it: its row id, the match, and the
    score before (None: first entry) and after."""

    audit_id: int
    match_id: int
    match_no: int
    old: Score | None
    new: Score


@dataclass(frozen=True)
class SyncSummary:
    """What `ReminderRepository.sync` changed: pending rows added, given a new due time, deleted."""

    added: int
    moved: int
    removed: int


@dataclass(frozen=True)
class PendingReminder:
    """A stored reminder with what the sender needs to plan and check it: where the
    tournament is played (`chat_id`) and when the match kicks off and ends."""

    id: int
    tournament_id: int
    chat_id: int
    match_id: int
    match_no: int
    recipient: int
    kind: str
    due_at: datetime
    start_at: datetime
    end_at: datetime
