"""Repositories: each takes an AsyncSession and speaks in domain values and records."""

from storage.repositories.inbox import InboxRepository
from storage.repositories.links import LinkRepository
from storage.repositories.matches import MatchRepository
from storage.repositories.private_chats import PrivateChatRepository
from storage.repositories.reminders import ReminderRepository, WantedReminder
from storage.repositories.results import ResultRepository
from storage.repositories.setups import SetupStateRepository
from storage.repositories.teams import MAX_CAPTAINS, TeamRepository
from storage.repositories.tiebreak import CARD_KINDS, TiebreakRepository
from storage.repositories.tournaments import TournamentRepository
from storage.repositories.updates import UpdateRepository

__all__ = [
    "CARD_KINDS",
    "MAX_CAPTAINS",
    "InboxRepository",
    "LinkRepository",
    "MatchRepository",
    "PrivateChatRepository",
    "ReminderRepository",
    "ResultRepository",
    "SetupStateRepository",
    "TeamRepository",
    "TiebreakRepository",
    "TournamentRepository",
    "UpdateRepository",
    "WantedReminder",
]
