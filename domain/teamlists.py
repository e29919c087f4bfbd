"""Team names as organisers type or paste them: one per line or separated by commas, with
list bullets and numbering dropped, and the checks every name passes (the tournament's too).
"""

from __future__ import annotations

import re

from domain import names
from domain.names import duplicates
from domain.setuperrors import BadName, DuplicateTeams, Problem, TooFewTeams, TooManyTeams
from domain.setupparts import MAX_TEAMS, MIN_TEAMS, TEAM_NAME_MAX, Part

__all__ = ["cased", "check_name", "default_teams", "parse_teams"]

_BULLET = re.compile(r"^[-•*–—·▪►]\s+")
_NUMBERING = re.compile(r"^[0-9]{1,2}\s*[.)]\s+")
# "Takımlar: Kartallar, Şahinler": the list's label is no team.
_AND = re.compile(r"\s+(?:ve|VE|Ve)\s+")
_LABEL = re.compile(r"^\s*(?:tak[ıi]mlar(?:[ıi]m[ıi]z)?|ekipler)\s*:\s*", re.IGNORECASE)


def _entries(text: str) -> list[str]:
    # Zero-width and bidi controls out first: "Kartal\u200blar" is Kartallar, not a new team.
    text = _LABEL.sub("", names.strip_invisible(text))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    lines = [_BULLET.sub("", line) for line in lines if line]
    # "1. Kartallar" in a pasted numbered list; only when every line is numbered, so a
    # lone "1. Lig Gençlik" keeps its name.
    if len(lines) > 1 and all(_NUMBERING.match(line) for line in lines):
        lines = [_NUMBERING.sub("", line) for line in lines]
    entries = (" ".join(entry.split()) for line in lines for entry in _listed(line))
    return [entry for entry in entries if entry]


def _listed(line: str) -> list[str]:
    """A line's names: "Kurtlar, Ayılar ve Boğalar" is three, as a Turkish list ends with
    "ve"; a line without a comma is one name ("Gençlik ve Spor")."""
    entries = line.split(",")
    if len(entries) > 1:
        entries[-1:] = _AND.split(entries[-1], maxsplit=1)
    return entries


def cased(name: str) -> str:
    """A team's name as stored: as typed when its first letter is a capital ("FC kartal",
    "Şahinler"), else each word's first letter a Turkish capital ("şahinler" ->
    "Şahinler", "ısparta" -> "Isparta", "istanbul gençlik" -> "İstanbul Gençlik")."""
    first = next((c for c in name if c.isalpha()), None)
    if first is None or not first.islower():
        return name
    return " ".join(_capital(word) for word in name.split(" "))


def _capital(word: str) -> str:
    """The word with its first letter a Turkish capital (one letter for one: "ß" stays)."""
    upper = names.tr_upper(word[:1]) if word[:1].isalpha() else word[:1]
    return (upper if len(upper) == 1 else word[:1]) + word[1:]


def check_name(part: Part, name: str, maximum: int) -> None:
    """Refuses (BadName) a name over `maximum` characters or without a letter or digit."""
    if len(name) > maximum:
        raise BadName(part, name, Problem.TOO_LONG, maximum)
    if not any(c.isalnum() for c in name):
        raise BadName(part, name, Problem.NO_LETTERS, maximum)


def parse_teams(text: str) -> tuple[str, ...]:
    """The team names in `text`: one per line or separated by commas, as typed (a name
    typed all in lower case gets its capitals, see `cased`).

    Whitespace is collapsed, empty entries and list bullets ("- ", "• ", and "1. " when
    every line is numbered) dropped. Refuses (in this order) a name over TEAM_NAME_MAX or
    without a letter or digit, fewer than MIN_TEAMS or more than MAX_TEAMS names, and names
    equal under Turkish casing (DuplicateTeams).
    """
    teams = _entries(text)
    for team in teams:
        check_name(Part.TEAMS, team, TEAM_NAME_MAX)
    if len(teams) < MIN_TEAMS:
        raise TooFewTeams(text, len(teams))
    if len(teams) > MAX_TEAMS:
        raise TooManyTeams(text, len(teams))
    pairs = duplicates(teams)
    if pairs:  # named as typed: a name's capitals never make it another team
        raise DuplicateTeams(text, tuple(pairs))
    return tuple(cased(team) for team in teams)


def default_teams(count: int) -> tuple[str, ...]:
    """ "Takım 1".."Takım N": the form's teams until renamed with /takim_adi."""
    return tuple(f"Takım {i}" for i in range(1, count + 1))
