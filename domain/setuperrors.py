"""Why a set-up input was refused: FormError and its subclasses, each carrying which part,
the text as typed and a Problem.

The bot words each in Turkish with an example (bot.texts.form_refusals), and nothing is
half-applied; the form, its parts and the guided steps all raise these.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum

from domain.errors import DomainError
from domain.setupparts import MAX_TEAMS, MIN_TEAMS, Format, Part
from domain.weekly import RhythmProblem
from domain.when import DateTimeProblem, SlotProblem

__all__ = [
    "BadCount",
    "BadName",
    "DuplicateTeams",
    "FormError",
    "FormatConflict",
    "KickoffError",
    "KnockoutConflict",
    "MissingPart",
    "OutOfRange",
    "Problem",
    "RepeatedPart",
    "RhythmPartError",
    "SlotError",
    "TeamCountMismatch",
    "TooFewTeams",
    "TooManyGroups",
    "TooManyTeams",
    "UnknownPart",
]


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
