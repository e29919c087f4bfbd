"""Result lines as captains type them in the group: "Kartallar 3-1 Şahinler".

Team names may themselves contain digits, spaces and hyphens ("A1", "Takım 12",
"1907 Spor", "Ankara-Gücü"), so no regular expression can tell where a name ends.
Instead every pair of stand-alone numbers is tried as the two goal counts, the text
around them as the two names, each side is looked up with `names.resolve` (typos, short
names "Dinamo", case endings "Dinamo'nun"), and the reading in which both sides are
teams wins. If two different readings both work the line is refused rather than guessed.

The shapes, for teams A and B and the score 3-1 (A's goals first):

    A 3-1 B     A 3 - 1 B    A 3:1 B     A 3 1 B        the score between the names
    A 3 - B 1   A 3 B 1      A 3, B 1                   each name followed by its goals
    A - B 3-1   A, B 3-1     A vs B 3-1  A ile B 3-1    the names first, then the score
    A B 3-1     A B 3 1                                 (the space is tried everywhere)
    3-1 A - B                                           the score first

Penalties are written many ways: "(pen 4-3)", "(p 4-3)", "(4-3 pen)", "pen. 4-3",
"penaltı 4-3", "penaltılar 4-3", a bare "(4-3)" after the score. Each such clause is
tried removed from the line. A sign glued to the score's outside ("A -1-3 B", "A 1-3- B")
is a typo whose meaning cannot be known: BadScore, never a guess. Whether a chat message
is meant as a result at all, and a captain's own "3-1 kazandık", are
`domain.result_lines`' concern.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from domain.errors import DomainError
from domain.model import Result, Score
from domain.names import AmbiguousTeam, UnknownTeam, normalize, resolve

__all__ = [
    "MAX_GOALS",
    "MAX_LINE_LENGTH",
    "AmbiguousResult",
    "BadScore",
    "BadScoreReason",
    "NotAResult",
    "ParsedResult",
    "SameTeam",
    "looks_like_result",
    "parse_result",
]

# More than this many goals (or penalties) for one side is a typo, not a result.
MAX_GOALS = 99
# Two long names, a score and penalties fit easily; longer text is chat, and every
# score-shaped piece of it would multiply the readings to try.
MAX_LINE_LENGTH = 160

_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−", "-"))
# Up to three digits so that "100-0" is reported as a bad score, not as "no score".
_SCORE = r"([0-9]{1,3})\s*[-:]\s*([0-9]{1,3})"
_SCORE_AT = re.compile(rf"(?<![0-9]){_SCORE}(?![0-9])")
# A number of goals: up to three digits touching no letter or digit ("A1", "1907" are names).
_NUMBER = re.compile(r"(?<![^\W_])[0-9]{1,3}(?![^\W_])")
# What may stand between the two goal counts of one score: "3-1", "3 - 1", "3:1", "3 1".
_BETWEEN_GOALS = re.compile(r"[\s()]*[-:]?[\s()]*")
_PEN_WORD = r"(?:penalt[ıiIİ](?:lar)?(?:la|da|de)?|pen|p)\.?"
_NO_LETTER_AFTER = r"(?![^\W\d_])"
_PEN_CLAUSES = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        rf"\(\s*{_PEN_WORD}{_NO_LETTER_AFTER}[\s:]*{_SCORE}\s*\)",  # (pen 4-3)
        rf"\(\s*{_SCORE}\s*{_PEN_WORD}{_NO_LETTER_AFTER}\s*\)",  # (4-3 pen)
        rf"\(\s*{_SCORE}\s*\)",  # (4-3)
        rf"(?<![^\s(,;])\b{_PEN_WORD}{_NO_LETTER_AFTER}[\s:]*{_SCORE}",  # pen 4-3
        rf"(?<![0-9]){_SCORE}\s*{_PEN_WORD}{_NO_LETTER_AFTER}",  # 4-3 pen
    )
)
# Between two names when the score comes last: "Kartallar - Şahinler 3-1".
_NAMES_SEPARATOR = re.compile(r"\s*-\s*|\s*,\s*|\s+(?:vs|ile)\.?\s+", re.IGNORECASE)
_EDGES = re.compile(r"^[\W_]+|[\W_]+$")
_TRAILING_JUNK = re.compile(r"[\s!.?]+$")
_LETTER = re.compile(r"[^\W\d_]")
_SIGNS = "-+"


class BadScoreReason(StrEnum):
    """Why a score that was found cannot be a result."""

    TOO_MANY_GOALS = "too_many_goals"
    PENALTIES_NOT_LEVEL = "penalties_not_level"
    PENALTIES_EQUAL = "penalties_equal"
    STRAY_SIGN = "stray_sign"  # "Kartallar -1-3 Şahinler": a typo, never guessed past


class NotAResult(DomainError):
    """No score with text on both sides was found in `text`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f"no result (team score team) found in {self.text!r}"


class SameTeam(DomainError):
    """Both sides of the line name the same team, `name`."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"a team cannot play itself: {self.name!r}"


class BadScore(DomainError):
    """The score in `text` is impossible; `reason` says why."""

    def __init__(self, text: str, reason: BadScoreReason) -> None:
        super().__init__(text, reason)
        self.text = text
        self.reason = reason

    def __str__(self) -> str:
        return f"bad score in {self.text!r}: {self.reason.value}"


class AmbiguousResult(DomainError):
    """`text` reads as more than one valid result (`readings`); rare, never guessed."""

    def __init__(self, text: str, readings: Iterable[ParsedResult]) -> None:
        self.text = text
        self.readings: tuple[ParsedResult, ...] = tuple(readings)
        super().__init__(text, self.readings)

    def __str__(self) -> str:
        shown = [
            f"{r.home} {r.score.home_goals}-{r.score.away_goals} {r.away}" for r in self.readings
        ]
        return f"result {self.text!r} can be read as any of {shown}"


@dataclass(frozen=True)
class ParsedResult:
    """A result line resolved against the tournament's teams (canonical names)."""

    home: str
    away: str
    score: Score

    def to_result(self) -> Result:
        return Result(self.home, self.away, self.score)


@dataclass(frozen=True)
class _Split:
    """One way of reading the line: where the names are and which numbers are whose."""

    home_text: str
    away_text: str
    goals: tuple[int, int]
    penalties: tuple[int, int] | None
    pen_clause_removed: bool
    stray_sign: bool = False


def _normalize(text: str) -> str:
    text = normalize(text).translate(_DASHES)
    return _TRAILING_JUNK.sub("", " ".join(text.split()))


def _side(text: str) -> str:
    """A name's text without what cannot start or end a name (punctuation, emoji)."""
    return _EDGES.sub("", text)


def _scores(text: str) -> Iterator[re.Match[str]]:
    """Every score-shaped match, overlapping ones included ("1 2-1" has only "2-1")."""
    for start in range(len(text)):
        match = _SCORE_AT.match(text, start)
        if match:
            yield match


def _numbers(text: str) -> list[re.Match[str]]:
    """Every number that stands alone (not the "1" of "A1", not four-digit "1907")."""
    return list(_NUMBER.finditer(text))


def _two_names(names: str) -> Iterator[tuple[str, str]]:
    """Ways to read `names` as two names: at a separator ("A - B", "A vs B", "A, B"),
    then at any space ("A B")."""
    for sep in _NAMES_SEPARATOR.finditer(names):
        home, away = _side(names[: sep.start()]), _side(names[sep.end() :])
        if home and away:
            yield home, away
    for space in re.finditer(r" ", names):
        home, away = _side(names[: space.start()]), _side(names[space.end() :])
        if home and away:
            yield home, away


def _stray_sign(text: str, first: re.Match[str], second: re.Match[str]) -> bool:
    """A sign glued to the score's outside, on no name: "-1-3", "+1-3", "1-3-" (a
    typo whose meaning cannot be known; "Takım-2" is a name, "A - 1-3 B" a separator)."""
    at = first.start()
    if at and text[at - 1] in _SIGNS and (at == 1 or not text[at - 2].isalnum()):
        return True
    end = second.end()
    return (
        end < len(text)
        and text[end] in _SIGNS
        and (end + 1 == len(text) or not text[end + 1].isalnum())
    )


def _splits_of(text: str, penalties: tuple[int, int] | None, removed: bool) -> Iterator[_Split]:
    """Every reading of `text` as two names and two goal counts, in the shapes of the
    module docstring, the usual one ("A 3-1 B") first."""
    numbers = _numbers(text)
    later: list[_Split] = []
    for i, first in enumerate(numbers):
        for second in numbers[i + 1 :]:
            goals = (int(first.group()), int(second.group()))
            before = _side(text[: first.start()])
            between = text[first.end() : second.start()]
            after = _side(text[second.end() :])
            signed = _stray_sign(text, first, second)
            if _BETWEEN_GOALS.fullmatch(between):
                if before and after:
                    yield _Split(before, after, goals, penalties, removed, signed)
                elif before or after:
                    for home, away in _two_names(before or after):
                        later.append(_Split(home, away, goals, penalties, removed, signed))
            elif before and not after and _LETTER.search(between):
                # "A 3 - B 1", "A 3 B 1": each name followed by its goals.
                later.append(_Split(before, _side(between), goals, penalties, removed, signed))
    yield from later


def _splits(text: str) -> list[_Split]:
    found = list(_splits_of(text, None, removed=False))
    for clause in _PEN_CLAUSES:
        for match in clause.finditer(text):
            rest = f"{text[: match.start()]} {text[match.end() :]}"
            penalties = (int(match.group(1)), int(match.group(2)))
            found.extend(_splits_of(_normalize(rest), penalties, removed=True))
    return found


def _score_problem(split: _Split) -> BadScoreReason | None:
    if split.stray_sign:
        return BadScoreReason.STRAY_SIGN
    numbers = split.goals + (split.penalties or ())
    if any(n > MAX_GOALS for n in numbers):
        return BadScoreReason.TOO_MANY_GOALS
    if split.penalties is not None:
        if split.goals[0] != split.goals[1]:
            return BadScoreReason.PENALTIES_NOT_LEVEL
        if split.penalties[0] == split.penalties[1]:
            return BadScoreReason.PENALTIES_EQUAL
    return None


def _lookup(text: str, teams: tuple[str, ...], side: str, fuzzy: bool = True) -> str | DomainError:
    try:
        return resolve(text, teams, fuzzy=fuzzy)
    except UnknownTeam as e:
        return UnknownTeam(e.text, e.candidates, side=side)
    except AmbiguousTeam as e:
        return AmbiguousTeam(e.text, e.candidates, side=side)


def parse_result(text: str, teams: Iterable[str], *, fuzzy: bool = True) -> ParsedResult:
    """Read "Kartallar 2-2 Şahinler (pen 4-3)" against `teams`.

    With `fuzzy` off a misspelt name is not corrected but refused with its closest teams
    as candidates: the bot asks with buttons instead of storing a guess.

    Raises NotAResult (also for lines over MAX_LINE_LENGTH), UnknownTeam or
    AmbiguousTeam (with `side`), SameTeam, BadScore, or AmbiguousResult when two
    different results fit the line.
    """
    team_list = tuple(teams)
    line = _normalize(text)
    splits = _splits(line) if len(line) <= MAX_LINE_LENGTH else []
    if not splits:
        raise NotAResult(text)
    looked_up: dict[tuple[str, str], str | DomainError] = {}

    def lookup(name: str, side: str) -> str | DomainError:
        if (name, side) not in looked_up:
            looked_up[name, side] = _lookup(name, team_list, side, fuzzy)
        return looked_up[name, side]

    valid: list[ParsedResult] = []
    bad_scores: list[BadScoreReason] = []
    same: list[str] = []
    # Failed readings as ((sides resolved, pen clause removed, -order), first error):
    # the reading that got furthest explains the failure best.
    failures: list[tuple[tuple[int, bool, int], DomainError]] = []
    for order, split in enumerate(splits):
        home = lookup(split.home_text, "home")
        away = lookup(split.away_text, "away")
        if isinstance(home, str) and isinstance(away, str):
            if home == away:
                same.append(home)
                continue
            problem = _score_problem(split)
            if problem is not None:
                bad_scores.append(problem)
                continue
            score = Score(split.goals[0], split.goals[1], *(split.penalties or (None, None)))
            reading = ParsedResult(home, away, score)
            if reading not in valid:
                valid.append(reading)
            continue
        errors = [side for side in (home, away) if isinstance(side, DomainError)]
        resolved = 2 - len(errors)
        failures.append(((resolved, split.pen_clause_removed, -order), errors[0]))

    if len(valid) == 1:
        return valid[0]
    if valid:
        raise AmbiguousResult(text, valid)
    if bad_scores:
        raise BadScore(text, bad_scores[0])
    if same:
        raise SameTeam(same[0])
    failures.sort(key=lambda f: f[0], reverse=True)
    raise failures[0][1]


def looks_like_result(text: str) -> bool:
    """Cheap filter for group chat: a score with words on both sides, not a clock time.

    "maç güzeldi" and "yarın 20:00" are not results; "bugün 3-1 yendik" looks like one
    (parse_result then decides). Names-first lines ("A - B 3-1") count too.
    """
    line = _normalize(text)
    if len(line) > MAX_LINE_LENGTH:
        return False
    for match in _scores(line):
        if _is_clock_time(match):
            continue
        before, after = line[: match.start()], line[match.end() :]
        if _LETTER.search(before) and _LETTER.search(after):
            return True
        names = before if _LETTER.search(before) else after
        for sep in _NAMES_SEPARATOR.finditer(names):
            if _LETTER.search(names[: sep.start()]) and _LETTER.search(names[sep.end() :]):
                return True
    return False


def _is_clock_time(match: re.Match[str]) -> bool:
    """ "20:00", "19:30": a colon, no spaces, two-digit minutes; "3:1" stays a score."""
    return re.fullmatch(r"[0-9]{1,2}:[0-9]{2}", match.group(0)) is not None
