"""What a tournament set-up is made of: its parts (Part), the formats it can name (Format)
and the bounds on its counts and names.

The one-message form (domain.setupform), the reading of its parts (domain.formreading),
the guided steps' answers (domain.counts, domain.teamlists) and the refusals
(domain.setuperrors) all speak of these, so they sit below all of them.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "MAX_ADVANCE",
    "MAX_PITCHES",
    "MAX_TEAMS",
    "MIN_TEAMS",
    "NAME_MAX",
    "TEAM_NAME_MAX",
    "Format",
    "Part",
]

MIN_TEAMS = 2
MAX_TEAMS = 64
MAX_PITCHES = 16
MAX_ADVANCE = 4  # "gruptan 4 çıkar" at most
# Long enough for "Anadolu Kartalları Gençlik Spor Kulübü", short enough for a button.
TEAM_NAME_MAX = 50
NAME_MAX = 80


class Part(StrEnum):
    """A part of the set-up; an error says which one so the bot can show its example."""

    NAME = "name"
    TEAMS = "teams"
    GROUPS = "groups"
    PITCHES = "pitches"
    KICKOFF = "kickoff"
    SLOT = "slot"
    FORMAT = "format"
    THIRD_PLACE = "third_place"
    TIEBREAK = "tiebreak"
    RHYTHM = "rhythm"  # "iki haftada bir pazar 14:00-17:00": a season league over weeks
    FIRST_DAY = "first_day"  # "15 Ocak'tan itibaren"
    SKIP = "skip"  # "1 Şubat hariç"
    KNOCKOUT = "knockout"  # "çeyrek final", "yarı final", "sadece final", "eleme yok"
    ADVANCE = "advance"  # "gruptan 2 çıkar"


class Format(StrEnum):
    """The tournament format; the values are those of domain.advice and the bot's Spec."""

    LEAGUE = "league"
    DOUBLE = "double"
    GROUPS = "groups"
    KNOCKOUT = "knockout"
