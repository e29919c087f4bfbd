"""The tournament set-up as organisers type it: the one-message form and the guided steps.

The power user's form is one line, the name first and the other parts in any order:

    /yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | 6 Aralık 10:00 | 24+6

optionally followed, in the same message, by the team names (one per line or separated by
commas). The guided set-up asks the same things one at a time; `teamlists.parse_teams`
and `counts.parse_count` read its answers, and `when.parse_kickoff` / `when.parse_slot` the
rest.

Words are compared in folded form (Turkish lower case, no diacritics: "TAKIM", "takim" and
"Takım" are one word), so an organiser on a phone without Turkish letters is understood.
Refusals are FormError subclasses (domain.setuperrors) carrying which part, the text and a
Problem: the bot words them in Turkish with an example, and nothing is half-applied.

Here the parts, each read by domain.formreading, are checked together into a Form; a
league over match weeks among them becomes its Season in domain.formseason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from domain.draw import MAX_GROUPS, MIN_GROUP_SIZE
from domain.formats import QUALIFIERS
from domain.formreading import Said, horizon, read_part, value_of
from domain.formseason import Season, described_season
from domain.season import PitchHours, SeasonRules
from domain.setuperrors import (
    FormatConflict,
    FormError,
    KnockoutConflict,
    MissingPart,
    RepeatedPart,
    TeamCountMismatch,
    TooManyGroups,
)
from domain.setupparts import NAME_MAX, Format, Part
from domain.teamlists import check_name, default_teams, parse_teams

__all__ = [
    "COMMAND",
    "DEFAULT_CHANGEOVER",
    "DEFAULT_MATCH_MINUTES",
    "DEFAULT_TIEBREAK",
    "Form",
    "parse_form",
    "season_rules",
    "slot_times",
]

COMMAND = "/yeni_turnuva"
# "24+6": 24 minutes of play, 6 between kick-offs' matches (2 half-time + 4 changeover).
DEFAULT_MATCH_MINUTES = 24
DEFAULT_CHANGEOVER = 6
# The article's slot: of the minutes between, up to 2 are half-time, the rest changeover
# (never below 4 while the half-time can give way).
HALF_TIME = 2
MIN_CHANGEOVER = 4


def slot_times(play: int, between: int) -> tuple[int, int, int]:
    """ "24+6" -> (26, 2, 4): the planner's match (half-time included), half-time and
    changeover. The slot stays play + between (30 minutes for 24+6): the seed's 24 minutes
    of play, 2 of half-time and 4 to change over; 26+4 keeps its 26 on the pitch."""
    half = min(HALF_TIME, max(0, between - MIN_CHANGEOVER))
    return play + half, half, between - half


DEFAULT_TIEBREAK = "tff"
_COMMAND = re.compile(re.escape(COMMAND) + r"(@\w+)?(?=\s|$)", re.IGNORECASE)


@dataclass(frozen=True)
class Form:
    """A complete one-message set-up, checked for consistency; what [Oluştur] builds.

    `groups` is None when the form did not say (a league or a knockout); `kickoff` is None
    when it gave no date (the bot proposes one). `match_minutes` and `changeover` are the
    two numbers of "24+6" as typed: minutes of play and minutes between; `slot_times`
    turns them into the planner's match, half-time and changeover.
    """

    name: str
    team_count: int
    teams: tuple[str, ...]
    groups: int | None = None
    pitches: int = 1
    kickoff: datetime | None = None
    match_minutes: int = DEFAULT_MATCH_MINUTES
    changeover: int = DEFAULT_CHANGEOVER
    format: Format = Format.LEAGUE
    third_place: bool = False
    tiebreak: str = DEFAULT_TIEBREAK
    season: Season | None = None  # a league over match weeks; None: one day
    knockout: str | None = None  # "quarter", "semi", "final", "none"; None: the default
    advance: int | None = None  # how many of each group go through ("gruptan 2 çıkar")

    @property
    def is_season(self) -> bool:
        return self.season is not None


def season_rules(form: Form, pitches: Sequence[str], zone: tzinfo) -> SeasonRules:
    """What `domain.season.season` needs for this form's league over match weeks."""
    if form.season is None:
        raise ValueError("a one-day form has no season")
    match, half, changeover = slot_times(form.match_minutes, form.changeover)
    return SeasonRules(
        calendar=form.season.calendar(),
        pitches=tuple(PitchHours(p, form.season.opens, form.season.closes) for p in pitches),
        zone=zone,
        match_minutes=match,
        half_time=half,
        changeover=changeover,
    )


def _knockout(
    said: dict[Part, Said], fmt: Format, groups: int | None
) -> tuple[str | None, int | None]:
    """The knockout's size and the places per group going through, checked together:
    "gruptan 2 çıkar" alone gives the smallest bracket that holds them (best-placed next
    places fill it), and with a size given the two must agree."""
    stage = value_of(said, Part.KNOCKOUT, str)
    advance = value_of(said, Part.ADVANCE, int)
    if stage is None and advance is None:
        return None, None
    part = Part.KNOCKOUT if stage is not None else Part.ADVANCE
    one_table = fmt in (Format.LEAGUE, Format.DOUBLE)
    if fmt is Format.KNOCKOUT or (one_table and advance is not None):
        raise FormatConflict(part, said[part].text, fmt, groups)
    count = 1 if one_table else groups or 1
    if advance is not None:
        fitting = _smallest_stage(advance * count)
        if advance * count < 2 or (stage not in (None, "none") and stage != fitting):
            wanted = QUALIFIERS[stage] if stage else 2
            raise KnockoutConflict(said[part].text, count, advance, wanted)
        return stage or fitting, advance
    wanted = QUALIFIERS[stage or "none"]
    per_group = max(1, wanted // count)  # as formats.groups_then_knockout reads it
    if not one_table and wanted and (per_group * count > wanted or per_group > 2):
        raise KnockoutConflict(said[part].text, count, None, wanted)
    return stage, None


def _smallest_stage(qualifiers: int) -> str:
    for stage, size in sorted(QUALIFIERS.items(), key=lambda kv: kv[1]):
        if size >= qualifiers and size:
            return stage
    return "round_of_16"


def _form_and_names(text: str) -> tuple[str, str]:
    """The form line and the lines after it (the team names), the command word dropped."""
    body = _COMMAND.sub("", text.lstrip(), count=1) if text.lstrip().startswith("/") else text
    lines = body.splitlines()
    for i, line in enumerate(lines):
        if line.strip():
            return line.strip(), "\n".join(lines[i + 1 :])
    return "", ""


def _format(said: dict[Part, Said], line: str, groups: int | None) -> Format:
    """The format said, or groups with two groups or more and a league otherwise;
    refuses the contradictions listed on FormatConflict."""
    fmt = value_of(said, Part.FORMAT, Format)
    if fmt is None:
        return Format.GROUPS if groups is not None and groups >= 2 else Format.LEAGUE
    if fmt is Format.GROUPS and groups is None:
        raise MissingPart(Part.GROUPS, line)
    if groups is not None and (groups >= 2) != (fmt is Format.GROUPS):
        raise FormatConflict(Part.GROUPS, said[Part.GROUPS].text, fmt, groups)
    return fmt


def parse_form(text: str, now: datetime) -> Form:
    """The one-message set-up in `text`, seen from `now` (aware, for "yarın 10:00").

    Line one: "[/yeni_turnuva] name | part | part ..." with the parts in any order:
    "N takım", "N grup", "N saha" (digits or words), a kick-off (when.parse_kickoff), a slot
    "24+6", a format ("lig", "çift devreli", "gruplar + eleme", "eleme"), "üçüncülük"
    ["yok"], a tie-break preset ("tff", "uefa", "fifa", "makale"). Team names may follow on
    the next lines (see parse_teams); with "N takım" too, the counts must agree; with
    neither, the form is refused. Without names the teams are "Takım 1".."Takım N".
    """
    line, names_text = _form_and_names(text)
    name, *parts = (" ".join(p.split()) for p in line.split("|"))
    if not name:
        raise MissingPart(Part.NAME, line)
    check_name(Part.NAME, name, NAME_MAX)
    try:
        read_part(name, now)
    except FormError:
        pass
    else:
        # "8 takım | 2 grup": the name was left out and a part came first.
        raise MissingPart(Part.NAME, line)

    said: dict[Part, Said] = {}
    for part_text in parts:
        if not part_text:
            continue
        found = read_part(part_text, now)
        if found.part in said:
            raise RepeatedPart(found.part, part_text, said[found.part].text)
        said[found.part] = found

    named = parse_teams(names_text) if names_text.strip() else ()
    said_count = value_of(said, Part.TEAMS, int)
    if said_count is None and not named:
        raise MissingPart(Part.TEAMS, line)
    count = len(named) if said_count is None else said_count
    if named and len(named) != count:
        raise TeamCountMismatch(said[Part.TEAMS].text, count, len(named))

    groups = value_of(said, Part.GROUPS, int)
    if groups is not None and groups > count // MIN_GROUP_SIZE:
        hi = max(1, min(count // MIN_GROUP_SIZE, MAX_GROUPS))
        raise TooManyGroups(said[Part.GROUPS].text, count, hi, groups)
    fmt = _format(said, line, groups)
    third = bool(value_of(said, Part.THIRD_PLACE, bool))
    if third and fmt in (Format.LEAGUE, Format.DOUBLE):
        raise FormatConflict(Part.THIRD_PLACE, said[Part.THIRD_PLACE].text, fmt, groups)
    slot = value_of(said, Part.SLOT, tuple) or (DEFAULT_MATCH_MINUTES, DEFAULT_CHANGEOVER)
    pitches = value_of(said, Part.PITCHES, int)
    kickoff = value_of(said, Part.KICKOFF, datetime)
    if kickoff is not None:
        horizon(Part.KICKOFF, said[Part.KICKOFF].text, kickoff, now)
    season = described_season(said, line, fmt, now)
    knockout, advance = _knockout(said, fmt, groups)
    return Form(
        name=name,
        team_count=count,
        teams=named or default_teams(count),
        groups=groups,
        pitches=1 if pitches is None else pitches,
        kickoff=kickoff,
        match_minutes=int(slot[0]),
        changeover=int(slot[1]),
        format=fmt,
        third_place=third,
        tiebreak=value_of(said, Part.TIEBREAK, str) or DEFAULT_TIEBREAK,
        season=season,
        knockout=knockout,
        advance=advance,
    )
