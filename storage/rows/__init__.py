"""ORM rows (SQLAlchemy typed mappings). Importing this module registers every table."""

from storage.rows.base import Base
from storage.rows.bot_state import (
    InboxRow,
    PrivateChatRow,
    ProcessedUpdateRow,
    ReminderRow,
    SetupStateRow,
)
from storage.rows.links import PublicLinkRow
from storage.rows.play import (
    CardRow,
    LotPlaceRow,
    LotRow,
    MatchRow,
    ResultAuditRow,
    ResultRow,
)
from storage.rows.tournament import CaptainRow, ChatRow, OrganiserRow, TeamRow, TournamentRow

__all__ = [
    "Base",
    "CaptainRow",
    "CardRow",
    "ChatRow",
    "InboxRow",
    "LotPlaceRow",
    "LotRow",
    "MatchRow",
    "OrganiserRow",
    "PrivateChatRow",
    "ProcessedUpdateRow",
    "PublicLinkRow",
    "ReminderRow",
    "ResultAuditRow",
    "ResultRow",
    "SetupStateRow",
    "TeamRow",
    "TournamentRow",
]
