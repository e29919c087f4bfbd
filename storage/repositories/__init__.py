"""Repositories: each takes an AsyncSession and speaks in domain values and records."""

from storage.repositories.bot_state import (
    PrivateChats,
    Reminders,
    SetupStates,
    UpdateLog,
    WantedReminder,
)
from storage.repositories.inbox import Inbox
from storage.repositories.links import LinkRepository
from storage.repositories.matches import MatchRepository
from storage.repositories.results import ResultRepository
from storage.repositories.teams import MAX_CAPTAINS, TeamRepository
from storage.repositories.tiebreak import CARD_KINDS, TiebreakRepository
from storage.repositories.tournaments import TournamentRepository

__all__ = [
    "CARD_KINDS",
    "MAX_CAPTAINS",
    "Inbox",
    "LinkRepository",
    "MatchRepository",
    "PrivateChats",
    "Reminders",
    "ResultRepository",
    "SetupStates",
    "TeamRepository",
    "TiebreakRepository",
    "TournamentRepository",
    "UpdateLog",
    "WantedReminder",
]
