"""The tournament set-up as organisers type it: the one-message form and the guided steps.

The power user's form is one line, the name first and the other parts in any order:

    /yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | 6 Aralık 10:00 | 24+6

optionally followed, in the same message, by the team names (one per line or separated by
commas). The guided set-up asks the same things one at a time; `parse_teams` and
`parse_count` read its answers, and `when.parse_kickoff` / `when.parse_slot` the rest.

Words are compared in folded form (Turkish lower case, no diacritics: "TAKIM", "takim" and
"Takım" are one word), so an organiser on a phone without Turkish letters is understood.
Refusals are FormError subclasses carrying which part, the text and a Problem: the bot
words them in Turkish with an example, and nothing is half-applied.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, tzinfo
from enum import StrEnum
from typing import TypeVar

from domain import names, weekly
from domain.draw import MAX_GROUPS, MIN_GROUP_SIZE
from domain.errors import DomainError
from domain.formats import QUALIFIERS
from domain.matchdays import Calendar
from domain.names import duplicates, fold
from domain.season import PitchHours, SeasonRules
from domain.tiebreak import PRESET_NAMES
from domain.weekly import Rhythm, RhythmProblem
from domain.when import (
    MONTHS,
    RELATIVE_DAYS,
    WEEKDAYS,
    BadDateTime,
    BadSlot,
    DateTimeProblem,
    OutOfHorizon,
    SlotProblem,
    check_horizon,
    parse_kickoff,
    parse_slot,
)

__all__ = [
    "COMMAND",
    "DEFAULT_CHANGEOVER",
    "DEFAULT_MATCH_MINUTES",
    "DEFAULT_TIEBREAK",
    "MAX_PITCHES",
    "MAX_TEAMS",
    "MIN_TEAMS",
    "NAME_MAX",
    "TEAM_NAME_MAX",
    "BadCount",
    "BadName",
    "DuplicateTeams",
    "Form",
    "FormError",
    "Format",
    "FormatConflict",
    "KickoffError",
    "MissingPart",
    "Part",
    "Problem",
    "RepeatedPart",
    "SlotError",
    "TeamCountMismatch",
    "TooFewTeams",
    "TooManyTeams",
    "UnknownPart",
    "ascii_digits",
    "default_teams",
    "parse_count",
    "parse_form",
    "parse_number",
    "parse_teams",
    "slot_times",
]

COMMAND = "/yeni_turnuva"
MIN_TEAMS = 2
MAX_TEAMS = 64
MAX_PITCHES = 16
MAX_ADVANCE = 4  # "gruptan 4 çıkar" at most
# Long enough for "Anadolu Kartalları Gençlik Spor Kulübü", short enough for a button.
TEAM_NAME_MAX = 50
NAME_MAX = 80
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


class Problem(StrEnum):
    """Why a part was refused."""

    UNRECOGNISED = "unrecognised"  # a form part that names nothing known
    REPEATED = "repeated"  # the same part twice in one form
    MISSING = "missing"  # a part the form cannot do without
    NOT_A_NUMBER = "not_a_number"
    OUT_OF_RANGE = "out_of_range"
    TOO_FEW = "too_few"
    TOO_MANY = "too_many"
    DUPLICATE = "duplicate"
    TOO_LONG = "too_long"
    NO_LETTERS = "no_letters"  # a name of punctuation only cannot be typed back
    MISMATCH = "mismatch"  # "8 takım" but 7 names
    CONFLICT = "conflict"  # "lig" with "2 grup"
    BAD_KICKOFF = "bad_kickoff"  # see KickoffError.problem
    BAD_SLOT = "bad_slot"  # see SlotError.problem
    BAD_RHYTHM = "bad_rhythm"  # see RhythmPartError.problem
    PAST = "past"  # a kick-off or first match day already past
    TOO_FAR = "too_far"  # more than when.MAX_DAYS_AHEAD days ahead


class Format(StrEnum):
    """The tournament format; the values are those of domain.advice and the bot's Spec."""

    LEAGUE = "league"
    DOUBLE = "double"
    GROUPS = "groups"
    KNOCKOUT = "knockout"


class FormError(DomainError):
    """A refused set-up input: `part` (None for a form part nobody recognised), `text`
    (the offending text as typed) and `reason`."""

    def __init__(self, part: Part | None, text: str, reason: Problem) -> None:
        super().__init__(part, text, reason)
        self.part = part
        self.text = text
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.part or 'form'}: {self.reason.value} in {self.text!r}"


class UnknownPart(FormError):
    """A form part that is no count, format, date, slot, third place or tie-break word."""

    def __init__(self, text: str) -> None:
        super().__init__(None, text, Problem.UNRECOGNISED)
        self.args = (text,)


class RepeatedPart(FormError):
    """The same part given twice ("2 grup | 3 grup"); `first` is the earlier text."""

    def __init__(self, part: Part, text: str, first: str) -> None:
        super().__init__(part, text, Problem.REPEATED)
        self.first = first
        self.args = (part, text, first)


class MissingPart(FormError):
    """The form lacks `part`: the name, the teams (neither "N takım" nor names), or the
    group count of "gruplar + eleme"; `text` is the whole form line."""

    def __init__(self, part: Part, text: str) -> None:
        super().__init__(part, text, Problem.MISSING)
        self.args = (part, text)


class BadCount(FormError):
    """Not a count from `lo` to `hi`; `value` is the number read, None if none was."""

    def __init__(self, part: Part, text: str, lo: int, hi: int, value: int | None = None) -> None:
        reason = Problem.NOT_A_NUMBER if value is None else Problem.OUT_OF_RANGE
        super().__init__(part, text, reason)
        self.lo = lo
        self.hi = hi
        self.value = value
        self.args = (part, text, lo, hi, value)


class TooFewTeams(FormError):
    """Fewer than `minimum` team names; `count` were given."""

    def __init__(self, text: str, count: int, minimum: int = MIN_TEAMS) -> None:
        super().__init__(Part.TEAMS, text, Problem.TOO_FEW)
        self.count = count
        self.minimum = minimum
        self.args = (text, count, minimum)


class TooManyTeams(FormError):
    """More than `maximum` team names; `count` were given."""

    def __init__(self, text: str, count: int, maximum: int = MAX_TEAMS) -> None:
        super().__init__(Part.TEAMS, text, Problem.TOO_MANY)
        self.count = count
        self.maximum = maximum
        self.args = (text, count, maximum)


class DuplicateTeams(FormError):
    """Two names are one team under Turkish casing; `first`/`second` are the first such
    pair as typed ("Işıkspor", "IŞIKSPOR") and `pairs` all of them."""

    def __init__(self, text: str, pairs: tuple[tuple[str, str], ...]) -> None:
        super().__init__(Part.TEAMS, text, Problem.DUPLICATE)
        self.pairs = pairs
        self.first, self.second = pairs[0]
        self.args = (text, pairs)


class BadName(FormError):
    """A tournament or team name (`part` NAME or TEAMS) that is too long (TOO_LONG, over
    `maximum` characters) or has no letter or digit (NO_LETTERS)."""

    def __init__(self, part: Part, text: str, reason: Problem, maximum: int) -> None:
        super().__init__(part, text, reason)
        self.maximum = maximum
        self.args = (part, text, reason, maximum)


class TeamCountMismatch(FormError):
    """ "8 takım" (`said`) but a different number of names (`named`) follow."""

    def __init__(self, text: str, said: int, named: int) -> None:
        super().__init__(Part.TEAMS, text, Problem.MISMATCH)
        self.said = said
        self.named = named
        self.args = (text, said, named)


class FormatConflict(FormError):
    """`part` contradicts the `format`: groups with a league or a knockout, one group with
    "gruplar + eleme", a third-place match in a league; `groups` as given."""

    def __init__(self, part: Part, text: str, format: Format, groups: int | None) -> None:
        super().__init__(part, text, Problem.CONFLICT)
        self.format = format
        self.groups = groups
        self.args = (part, text, format, groups)


class KickoffError(FormError):
    """A form part that looks like a kick-off but is not one; `problem` says why."""

    def __init__(self, text: str, problem: DateTimeProblem) -> None:
        super().__init__(Part.KICKOFF, text, Problem.BAD_KICKOFF)
        self.problem = problem
        self.args = (text, problem)


class SlotError(FormError):
    """A form part with "+" that is no "24+6" slot; `problem` says why."""

    def __init__(self, text: str, problem: SlotProblem) -> None:
        super().__init__(Part.SLOT, text, Problem.BAD_SLOT)
        self.problem = problem
        self.args = (text, problem)


class TooManyGroups(BadCount):
    """More groups (`value`) than `teams` teams allow: at most `hi` (MIN_GROUP_SIZE a group)."""

    def __init__(self, text: str, teams: int, hi: int, value: int) -> None:
        super().__init__(Part.GROUPS, text, 1, hi, value)
        self.teams = teams
        self.args = (text, teams, hi, value)


class OutOfRange(FormError):
    """A kick-off or first match day (`part`) already past (PAST) or more than
    when.MAX_DAYS_AHEAD days ahead (TOO_FAR); `moment` is the day read."""

    def __init__(self, part: Part, text: str, reason: Problem, moment: date) -> None:
        super().__init__(part, text, reason)
        self.moment = moment
        self.args = (part, text, reason, moment)


class RhythmPartError(FormError):
    """A rhythm, first day or skip part (`part`) that says it wrongly; `problem` is a
    weekly.RhythmProblem and `day` the offending date, if any."""

    def __init__(
        self, part: Part, text: str, problem: RhythmProblem, day: date | None = None
    ) -> None:
        super().__init__(part, text, Problem.BAD_RHYTHM)
        self.problem = problem
        self.day = day
        self.args = (part, text, problem, day)


class KnockoutConflict(FormError):
    """The knockout asked for cannot follow these groups: `qualifiers` teams go through
    (`groups` x `advance`, or `wanted` by the knockout's size) where `wanted` fit."""

    def __init__(self, text: str, groups: int, advance: int | None, wanted: int) -> None:
        super().__init__(Part.KNOCKOUT, text, Problem.CONFLICT)
        self.groups = groups
        self.advance = advance
        self.wanted = wanted
        self.args = (text, groups, advance, wanted)


@dataclass(frozen=True)
class Season:
    """A league over match weeks: every `every_days` days from `first_day` (the weekday of
    the rhythm), `opens`-`closes` on every pitch, minus `skip`."""

    every_days: int
    weekday: int
    opens: time
    closes: time
    first_day: date
    skip: tuple[date, ...] = ()

    def calendar(self) -> Calendar:
        return Calendar.every(self.first_day, self.every_days, self.skip)


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


# --- numbers -----------------------------------------------------------------------

# Folded Turkish number words: "iki grup", "tek saha", "on iki takım" / "oniki takım".
UNITS: dict[str, int] = {
    "sifir": 0,
    "bir": 1,
    "tek": 1,
    "iki": 2,
    "uc": 3,
    "dort": 4,
    "bes": 5,
    "alti": 6,
    "yedi": 7,
    "sekiz": 8,
    "dokuz": 9,
}
TENS: dict[str, int] = {"on": 10, "yirmi": 20, "otuz": 30, "kirk": 40, "elli": 50, "altmis": 60}
# "on iki" is 12, but "on tek" and "on sıfır" are no numbers.
_UNIT_AFTER_TENS = frozenset(UNITS) - {"tek", "sifir"}
# The unit word a count may carry ("2 grup", "2 gruplu", "8 takımla") and fillers.
UNIT_WORDS: dict[Part, str] = {Part.TEAMS: "takim", Part.GROUPS: "grup", Part.PITCHES: "saha"}
_COUNT_FILLERS = frozenset({"tane", "adet"})


def _word_number(word: str) -> int | None:
    if word in UNITS:
        return UNITS[word]
    if word in TENS:
        return TENS[word]
    for tens, value in TENS.items():
        rest = word[len(tens) :]
        if word.startswith(tens) and rest in _UNIT_AFTER_TENS:
            return value + UNITS[rest]
    return None


def ascii_digits(text: str) -> bool:
    """ "12" but not "²", "١٢" or "": a count as typed on a keyboard (str.isdigit takes all
    three of the first, and int() then refuses some of them)."""
    return text.isascii() and text.isdigit()


def parse_number(text: str) -> int | None:
    """ "8", "sekiz", "tek", "on iki", "oniki" -> the number; None if it is not one.

    Words cover sıfır to altmış dokuz (a count here is at most 64); digits are ASCII only,
    as a count is typed, not pasted from another script."""
    words = fold(text).split()
    if len(words) == 1 and ascii_digits(words[0]):
        return int(words[0])
    if len(words) == 1:
        return _word_number(words[0])
    if len(words) == 2 and words[0] in TENS and words[1] in _UNIT_AFTER_TENS:
        return TENS[words[0]] + UNITS[words[1]]
    return None


def _split_unit(folded: str) -> tuple[str, Part | None]:
    """ "8 takim" -> ("8", TEAMS); "2gruplu" -> ("2", GROUPS); "iki" -> ("iki", None)."""
    words = [w for w in folded.split() if w not in _COUNT_FILLERS]
    if not words:
        return "", None
    last = words[-1]
    for part, unit in UNIT_WORDS.items():
        at = last.find(unit)
        if at >= 0 and (at == 0 or ascii_digits(last[:at])):
            number = [*words[:-1], last[:at]] if at else words[:-1]
            return " ".join(w for w in number if w), part
    return " ".join(words), None


def parse_count(text: str, what: Part | str, lo: int, hi: int) -> int:
    """A count from `lo` to `hi` for the guided step `what` ("teams", "groups", "pitches").

    Accepts "2", "2 grup", "iki", "iki grup", "tek saha", "on iki"; the unit word must be
    `what`'s own ("2 saha" is no group count). Raises BadCount with the bounds.
    """
    part = Part(what)
    number_text, unit = _split_unit(fold(text))
    value = parse_number(number_text) if unit in (None, part) else None
    if value is None:
        raise BadCount(part, text, lo, hi)
    if not lo <= value <= hi:
        raise BadCount(part, text, lo, hi, value)
    return value


# --- team names ----------------------------------------------------------------------

_BULLET = re.compile(r"^[-•*–—·▪►]\s+")
_NUMBERING = re.compile(r"^[0-9]{1,2}\s*[.)]\s+")


def _entries(text: str) -> list[str]:
    # Zero-width and bidi controls out first: "Kartal\u200blar" is Kartallar, not a new team.
    lines = [" ".join(line.split()) for line in names.strip_invisible(text).splitlines()]
    lines = [_BULLET.sub("", line) for line in lines if line]
    # "1. Kartallar" in a pasted numbered list; only when every line is numbered, so a
    # lone "1. Lig Gençlik" keeps its name.
    if len(lines) > 1 and all(_NUMBERING.match(line) for line in lines):
        lines = [_NUMBERING.sub("", line) for line in lines]
    entries = (" ".join(entry.split()) for line in lines for entry in line.split(","))
    return [entry for entry in entries if entry]


def _check_name(part: Part, name: str, maximum: int) -> None:
    if len(name) > maximum:
        raise BadName(part, name, Problem.TOO_LONG, maximum)
    if not any(c.isalnum() for c in name):
        raise BadName(part, name, Problem.NO_LETTERS, maximum)


def parse_teams(text: str) -> tuple[str, ...]:
    """The team names in `text`: one per line or separated by commas, as typed.

    Whitespace is collapsed, empty entries and list bullets ("- ", "• ", and "1. " when
    every line is numbered) dropped. Refuses (in this order) a name over TEAM_NAME_MAX or
    without a letter or digit, fewer than MIN_TEAMS or more than MAX_TEAMS names, and names
    equal under Turkish casing (DuplicateTeams).
    """
    teams = _entries(text)
    for team in teams:
        _check_name(Part.TEAMS, team, TEAM_NAME_MAX)
    if len(teams) < MIN_TEAMS:
        raise TooFewTeams(text, len(teams))
    if len(teams) > MAX_TEAMS:
        raise TooManyTeams(text, len(teams))
    pairs = duplicates(teams)
    if pairs:
        raise DuplicateTeams(text, tuple(pairs))
    return tuple(teams)


def default_teams(count: int) -> tuple[str, ...]:
    """ "Takım 1".."Takım N": the form's teams until renamed with /takim_adi."""
    return tuple(f"Takım {i}" for i in range(1, count + 1))


# --- the one-message form ------------------------------------------------------------

# Folded, with "+", "&", "ve" and "usulü" dropped: "Gruplar + Eleme" is "gruplar eleme".
FORMAT_WORDS: dict[str, Format] = {
    "lig": Format.LEAGUE,
    "tek devre": Format.LEAGUE,
    "tek devreli": Format.LEAGUE,
    "tek devreli lig": Format.LEAGUE,
    "cift devre": Format.DOUBLE,
    "cift devreli": Format.DOUBLE,
    "cift devreli lig": Format.DOUBLE,
    "rovansli": Format.DOUBLE,
    "rovansli lig": Format.DOUBLE,
    "gruplar eleme": Format.GROUPS,
    "grup eleme": Format.GROUPS,
    "gruplar": Format.GROUPS,
    "gruplu": Format.GROUPS,
    "eleme": Format.KNOCKOUT,
    "direkt eleme": Format.KNOCKOUT,
    "tek mac eleme": Format.KNOCKOUT,
}
_FORMAT_FILLERS = frozenset({"+", "&", "ve", "usulu", "sistemi", "format", "formati"})
THIRD_PLACE_WORDS: dict[str, bool] = {
    "ucunculuk": True,
    "ucunculuk var": True,
    "ucunculuk maci": True,
    "ucunculuk maci var": True,
    "ucunculuk yok": False,
    "ucunculuk maci yok": False,
}
# "TFF averajı", "uefa sıralaması": a preset name with these around it.
_TIEBREAK_FILLERS = frozenset(
    {"averaj", "averaji", "siralama", "siralamasi", "kural", "kurali", "kurallari"}
)
KNOCKOUT_WORDS: dict[str, str] = {
    "son 16": "round_of_16",
    "son 16 turu": "round_of_16",
    "ceyrek final": "quarter",
    "ceyrek finalden": "quarter",
    "yari final": "semi",
    "yari finalden": "semi",
    "sadece final": "final",
    "yalniz final": "final",
    "final": "final",
    "eleme yok": "none",
    "elemesiz": "none",
}
_ADVANCE = re.compile(r"(?:her\s+)?gruptan\s+(\S+)\s+(?:takim\s+)?(?:cikar|cikiyor|gecer|kalir)")
_CLOCK = re.compile(r"[0-9]{1,2}[:.][0-9]{2}")
_DATE_WORDS = frozenset(MONTHS) | frozenset(WEEKDAYS) | {w for k in RELATIVE_DAYS for w in k}
_COMMAND = re.compile(re.escape(COMMAND) + r"(@\w+)?(?=\s|$)", re.IGNORECASE)
_RANGES: dict[Part, tuple[int, int]] = {
    Part.TEAMS: (MIN_TEAMS, MAX_TEAMS),
    Part.GROUPS: (1, MAX_GROUPS),
    Part.PITCHES: (1, MAX_PITCHES),
}


_T = TypeVar("_T")
_Value = int | bool | str | Format | datetime | date | Rhythm | tuple[int, ...]


@dataclass(frozen=True)
class _Said:
    """One recognised form part: which, its text as typed, and the value read."""

    part: Part
    text: str
    value: _Value


def _value(said: dict[Part, _Said], part: Part, kind: type[_T]) -> _T | None:
    """The value read for `part`, None if the form did not say it."""
    found = said.get(part)
    if found is None:
        return None
    if not isinstance(found.value, kind):
        raise TypeError(f"{part} read as {found.value!r}, not {kind.__name__}")
    return found.value


def _words(folded: str, fillers: frozenset[str]) -> str:
    spaced = folded.replace("+", " + ").replace("&", " & ")
    return " ".join(w for w in spaced.split() if w not in fillers)


def _looks_like_kickoff(folded: str) -> bool:
    return bool(_CLOCK.search(folded)) or any(w.strip(".,'") in _DATE_WORDS for w in folded.split())


def _read_part(text: str, now: datetime) -> _Said:
    """What one "|"-separated part says; raises a FormError if it says it wrongly."""
    folded = fold(text)
    number_text, unit = _split_unit(folded)
    if unit is not None and number_text:
        lo, hi = _RANGES[unit]
        return _Said(unit, text, parse_count(text, unit, lo, hi))
    if (fmt := FORMAT_WORDS.get(_words(folded, _FORMAT_FILLERS))) is not None:
        return _Said(Part.FORMAT, text, fmt)
    if (third := THIRD_PLACE_WORDS.get(" ".join(folded.split()))) is not None:
        return _Said(Part.THIRD_PLACE, text, third)
    if (preset := _words(folded, _TIEBREAK_FILLERS)) in PRESET_NAMES:
        return _Said(Part.TIEBREAK, text, preset)
    if (stage := KNOCKOUT_WORDS.get(" ".join(folded.split()))) is not None:
        return _Said(Part.KNOCKOUT, text, stage)
    if (advance := _ADVANCE.fullmatch(" ".join(folded.split()))) is not None:
        value = parse_number(advance.group(1))
        if value is None or not 1 <= value <= MAX_ADVANCE:
            raise BadCount(Part.ADVANCE, text, 1, MAX_ADVANCE, value)
        return _Said(Part.ADVANCE, text, value)
    season = _season_part(text, now)
    if season is not None:
        return season
    if "+" in folded:
        try:
            return _Said(Part.SLOT, text, parse_slot(text))
        except BadSlot as bad:
            raise SlotError(text, bad.reason) from None
    try:
        return _Said(Part.KICKOFF, text, parse_kickoff(text, now))
    except BadDateTime as bad:
        if bad.reason is not DateTimeProblem.UNPARSED or _looks_like_kickoff(folded):
            raise KickoffError(text, bad.reason) from None
    raise UnknownPart(text)


def _season_part(text: str, now: datetime) -> _Said | None:
    """A rhythm, a first day or a skip list, or None when the part is none of them."""
    try:
        if weekly.is_from(text):
            return _Said(Part.FIRST_DAY, text, weekly.parse_from(text, now.date()))
        if weekly.is_skip(text):
            return _Said(Part.SKIP, text, weekly.parse_skip(text, now.date()))
        if weekly.looks_like_rhythm(text):
            return _Said(Part.RHYTHM, text, weekly.parse_rhythm(text))
    except weekly.RhythmError as bad:
        part = (
            Part.FIRST_DAY
            if weekly.is_from(text)
            else Part.SKIP
            if weekly.is_skip(text)
            else Part.RHYTHM
        )
        raise RhythmPartError(part, text, bad.problem, bad.day) from None
    return None


def _horizon(part: Part, text: str, moment: datetime, now: datetime) -> None:
    """A day already past or more than when.MAX_DAYS_AHEAD days ahead never reaches the
    planner (a year 9999 overflows it)."""
    try:
        check_horizon(moment, now, text)
    except OutOfHorizon as out:
        reason = Problem.TOO_FAR if out.too_far else Problem.PAST
        raise OutOfRange(part, text, reason, moment.date()) from None


def _season(said: dict[Part, _Said], line: str, fmt: Format, now: datetime) -> Season | None:
    """The league over match weeks the form describes, or None for one day."""
    rhythm = _value(said, Part.RHYTHM, Rhythm)
    if rhythm is None:
        for part in (Part.FIRST_DAY, Part.SKIP):
            if part in said:
                raise MissingPart(Part.RHYTHM, line)
        return None
    if fmt not in (Format.LEAGUE, Format.DOUBLE):
        raise FormatConflict(Part.RHYTHM, said[Part.RHYTHM].text, fmt, None)
    if _value(said, Part.KNOCKOUT, str) not in (None, "none"):
        raise FormatConflict(Part.KNOCKOUT, said[Part.KNOCKOUT].text, fmt, None)
    if Part.KICKOFF in said:
        raise FormatConflict(Part.KICKOFF, said[Part.KICKOFF].text, fmt, None)
    since = _value(said, Part.FIRST_DAY, date)
    first = rhythm.first_day(now, since)
    if since is not None:
        moment = datetime.combine(first, rhythm.opens, now.tzinfo)
        _horizon(Part.FIRST_DAY, said[Part.FIRST_DAY].text, moment, now)
    skip = _value(said, Part.SKIP, tuple) or ()
    for day in skip:
        if not isinstance(day, date) or day < first or (day - first).days % rhythm.every_days:
            raise RhythmPartError(
                Part.SKIP, said[Part.SKIP].text, weekly.RhythmProblem.OFF_RHYTHM, day
            )
    return Season(
        every_days=rhythm.every_days,
        weekday=rhythm.weekday,
        opens=rhythm.opens,
        closes=rhythm.closes,
        first_day=first,
        skip=tuple(d for d in skip if isinstance(d, date)),
    )


def _knockout(
    said: dict[Part, _Said], fmt: Format, groups: int | None
) -> tuple[str | None, int | None]:
    """The knockout's size and the places per group going through, checked together:
    "gruptan 2 çıkar" alone gives the smallest bracket that holds them (best-placed next
    places fill it), and with a size given the two must agree."""
    stage = _value(said, Part.KNOCKOUT, str)
    advance = _value(said, Part.ADVANCE, int)
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


def _format(said: dict[Part, _Said], line: str, groups: int | None) -> Format:
    """The format said, or groups with two groups or more and a league otherwise;
    refuses the contradictions listed on FormatConflict."""
    fmt = _value(said, Part.FORMAT, Format)
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
    _check_name(Part.NAME, name, NAME_MAX)
    try:
        _read_part(name, now)
    except FormError:
        pass
    else:
        # "8 takım | 2 grup": the name was left out and a part came first.
        raise MissingPart(Part.NAME, line)

    said: dict[Part, _Said] = {}
    for part_text in parts:
        if not part_text:
            continue
        found = _read_part(part_text, now)
        if found.part in said:
            raise RepeatedPart(found.part, part_text, said[found.part].text)
        said[found.part] = found

    named = parse_teams(names_text) if names_text.strip() else ()
    said_count = _value(said, Part.TEAMS, int)
    if said_count is None and not named:
        raise MissingPart(Part.TEAMS, line)
    count = len(named) if said_count is None else said_count
    if named and len(named) != count:
        raise TeamCountMismatch(said[Part.TEAMS].text, count, len(named))

    groups = _value(said, Part.GROUPS, int)
    if groups is not None and groups > count // MIN_GROUP_SIZE:
        hi = max(1, min(count // MIN_GROUP_SIZE, MAX_GROUPS))
        raise TooManyGroups(said[Part.GROUPS].text, count, hi, groups)
    fmt = _format(said, line, groups)
    third = bool(_value(said, Part.THIRD_PLACE, bool))
    if third and fmt in (Format.LEAGUE, Format.DOUBLE):
        raise FormatConflict(Part.THIRD_PLACE, said[Part.THIRD_PLACE].text, fmt, groups)
    slot = _value(said, Part.SLOT, tuple) or (DEFAULT_MATCH_MINUTES, DEFAULT_CHANGEOVER)
    pitches = _value(said, Part.PITCHES, int)
    kickoff = _value(said, Part.KICKOFF, datetime)
    if kickoff is not None:
        _horizon(Part.KICKOFF, said[Part.KICKOFF].text, kickoff, now)
    season = _season(said, line, fmt, now)
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
        tiebreak=_value(said, Part.TIEBREAK, str) or DEFAULT_TIEBREAK,
        season=season,
        knockout=knockout,
        advance=advance,
    )
