"""Is a chat message a result, and which? Never silent on a result, never loud on chat.

`read_line(text, teams)` sorts a group message into one of:

* `Record`: a result line (`scores.parse_result` reads it, in any of its shapes). The
  line to enter is `Record.line`, the text with clock times and dates blanked out.
* `Attempt`: a line naming a team of the tournament with a score that cannot be recorded
  as it stands (unknown or ambiguous side, a team against itself, an impossible score);
  entering `Attempt.line` raises the same error, whose refusal says what to type.
* `OwnScore`: a captain's "3-1 kazandık", "1-3 kaybettik", "2-2 berabere", "Şahinler'i
  3-1 yendik": the score from the writer's side. Only a captain's message may be read so
  (the caller knows who wrote it); the other side is his current match.
* `Unclear`: teams of the tournament and numbers, but no result in a known shape (or a
  score with a stray sign, "Kartallar -1-3 Şahinler"): the bot answers what it did not
  understand and the shape to type.
* None: ordinary chat. A score guessed, hoped for or asked about ("Kartallar 3-1
  Şahinler olur bence", "… olursa lider biziz", "… mi?") is chat, never stored. A line that
  names no team of the tournament is never a result
  (only the own-score forms need no team), clock times ("20:00") and dates ("6.12") are
  not scores, and the bot stays silent.

Deterministic, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz import process
from rapidfuzz.distance import OSA

from domain.errors import DomainError
from domain.mentions import mentioned
from domain.model import PlannedMatch, Score
from domain.names import AmbiguousTeam, UnknownTeam, fold, normalize
from domain.resultwords import number_words, told, with_digits
from domain.scores import (
    MAX_GOALS,
    MAX_LINE_LENGTH,
    BadScore,
    BadScoreReason,
    NotAResult,
    ParsedResult,
    parse_result,
)

__all__ = [
    "Attempt",
    "Outcome",
    "OwnScore",
    "Problem",
    "Record",
    "Unclear",
    "may_be_result",
    "read_line",
    "result_line",
    "several_results",
]


class Outcome(StrEnum):
    WON = "won"
    LOST = "lost"
    DRAW = "draw"


class Problem(StrEnum):
    """Why a message that looks meant as a result was not read as one."""

    NO_SCORE = "no_score"  # teams and numbers, but no score in a known shape
    ONE_TEAM = "one_team"  # a score and one team: who was the other side?
    DRAW_NOT_LEVEL = "draw_not_level"  # "3-1 berabere"
    WON_LEVEL = "won_level"  # "2-2 kazandık" (the penalties are missing)
    WHOSE_PENALTIES = "whose_penalties"  # "2-2 berabere pen 4-3": which side had four?
    NO_CURRENT_MATCH = "no_current_match"  # "3-1 kazandık", but no match of his is open
    NOT_YOUR_MATCH = "not_your_match"  # "Aslanlar'ı 3-1 yendik", not his current opponent
    STRAY_SIGN = "stray_sign"  # "Kartallar -1-3 Şahinler": which score was meant?
    BOTH_TEAMS = "both_teams"  # "3-1 kazandık" by an organiser who captains no team
    ORGANISERS_ENTER = "organisers_enter"  # a captain's "3-1 kazandık", captains' results off
    CAPTAINS_ENTER = "captains_enter"  # a supporter's "A1 3-1 bugün iyiydi", captains' on
    NO_LAST_ENTRY = "no_last_entry"  # "yanlış yazdım 2-1 olacak", but he entered none


@dataclass(frozen=True)
class Record:
    line: str
    result: ParsedResult


@dataclass(frozen=True)
class Attempt:
    line: str
    error: DomainError


@dataclass(frozen=True)
class Unclear:
    text: str
    problem: Problem
    teams: tuple[str, ...] = ()  # the teams it named, for the example to type
    goals: tuple[int, int] | None = None  # the score as typed (STRAY_SIGN, ONE_TEAM)
    penalties: tuple[int, int] | None = None  # BOTH_TEAMS: ours-theirs, when typed


@dataclass(frozen=True)
class OwnScore:
    """Goals from the writer's side: `ours` for his team, `theirs` for the other."""

    text: str
    ours: int
    theirs: int
    outcome: Outcome
    named: str | None = None  # a team the line names (the opponent, or his own team)
    our_penalties: int | None = None
    their_penalties: int | None = None

    def result(self, team: str, match: PlannedMatch) -> ParsedResult:
        """The result of `match` (one side of it is `team`), home side first."""
        if match.home == team:
            score = Score(self.ours, self.theirs, self.our_penalties, self.their_penalties)
            return ParsedResult(team, match.away or "", score)
        score = Score(self.theirs, self.ours, self.their_penalties, self.our_penalties)
        return ParsedResult(match.home or "", team, score)


Reading = Record | Attempt | OwnScore | Unclear

# Clock times and dates are not scores: "20:00", "19.30", "6.12", "06/12/2026".
_CLOCK_OR_DATE = re.compile(
    r"(?<![0-9])(?:[0-9]{1,2}[:.][0-9]{2}(?![0-9])|[0-9]{1,2}[./][0-9]{1,2}(?:[./][0-9]{2,4})?)"
    r"(?![0-9])"
)
_DIGIT = re.compile(r"[0-9]")
_NOT_GOALS = re.compile(
    r"(?<![^\W_])[0-9]{1,3}(?:"
    r"\s*['’]?\s*(?:[ıiuü]?nc[ıiuü]|nd[ae]|ncı)[^\W\d_]*"  # ordinals: 3'üncü, 2nci
    r"|\.(?=\s+[^\W\d_])|\.s[ıiuü]\b"  # "2. maç", "1.si"
    r"|\s*(?:kişi|kisi|dk|dakika|dakka|sa|saat|saniye|gün|gun|hafta|tl|lira"
    r"|puan(?:la|ı|i|dayız|dayiz)?|numara(?:lı|li)?|nolu|no|oyuncu(?:yla|yuz|yuz)?"
    r"|kart(?:ı|i|lar|ları|lari)?|sarı|sari|kırmızı|kirmizi)\b)",
    re.IGNORECASE,
)
_GOAL_WORD = re.compile(r"(?<=[0-9])\s*gol(?:le|ler)?\b", re.IGNORECASE)
_STANDALONE_NUMBER = re.compile(r"(?<![^\W_])[0-9]{1,3}(?![^\W_])")
# A score as one piece: "3-1", "3 - 1", "3:1", and Turkish "3'e 1", "2'ye 1", "1e0".
_SCORE = re.compile(
    r"(?<![^\W_])([0-9]{1,2})(?:\s*[-:]\s*|\s*['’]?\s*y?[aeıiuü]\s+|\s+)([0-9]{1,2})(?![0-9])",
    re.IGNORECASE,
)
_PENALTIES = re.compile(
    r"\(?\s*(?:pen(?:alt[ıi](?:lar)?(?:la|da)?)?\.?|p\.?)\s*:?\s*([0-9]{1,2})\s*[-:]\s*"
    r"([0-9]{1,2})\s*(?:pen\.?)?\)?|\(?([0-9]{1,2})\s*[-:]\s*([0-9]{1,2})\s*pen\.?\)?",
    re.IGNORECASE,
)

# Words of a match the writer's team played, folded: "kazandık", "yenildik", "berabere".
_OUTCOME_WORDS: dict[str, Outcome] = {
    **dict.fromkeys(
        (
            *("kazandik", "kazandk", "kazandiik", "kazandikk", "kazanmisiz", "kazandiiik"),
            *("yendik", "yendikk", "yenmisiz", "aldik", "galibiz"),
        ),
        Outcome.WON,
    ),
    **dict.fromkeys(
        (
            *("kaybettik", "kaybetdik", "kaybettk", "kaybettikk", "kaybetmisiz"),
            *("yenildik", "yenildk", "yenilmisiz", "maglubuz"),
        ),
        Outcome.LOST,
    ),
    **dict.fromkeys(("berabere", "berabereyiz", "beraberlik", "beraber"), Outcome.DRAW),
}
# Third person: about someone else's match, one edit from ours ("kazandı", "kaybetti").
_THIRD_PERSON = frozenset(
    ("kazandi", "kazanmis", "kaybetti", "kaybetmis", "yendi", "yenildi", "yenilmis", "aldi")
)
_FUZZY_OUTCOMES = tuple(w for w in _OUTCOME_WORDS if len(w) >= 7)
_WORD = re.compile(r"[^\W\d_]+")
# Words of a guess, a wish, a condition or a question, folded: such a score is not played.
_HEDGES = frozenset(
    (
        *("bence", "tahmin", "tahminim", "tahminen", "insallah", "umarim", "belki"),
        *("olur", "olursa", "olsa", "olacak", "olabilir", "olmaz", "mi", "mu", "misin"),
        *("yener", "yenerse", "yeneriz", "yenersek", "yenecek", "yenecegiz"),
        *("kazanir", "kazanirsa", "kazaniriz", "kazanirsak", "kazanacak", "kazanacagiz"),
        *("kaybeder", "kaybederse", "kaybederiz", "aliriz", "alirsak", "alir", "alirsa"),
    )
)


# An organiser may paste a round's results at once, one per line.
MAX_LINES = 12


def may_be_result(text: str) -> bool:
    """Cheap filter before any look-up: a digit (or two number words), in a short message
    or a few short lines."""
    if not _DIGIT.search(text):
        return number_words(text) >= 2 and len(normalize(text)) <= MAX_LINE_LENGTH
    if len(normalize(text)) <= MAX_LINE_LENGTH:
        return True
    parts = text.splitlines()
    return len(parts) <= MAX_LINES and all(len(normalize(p)) <= MAX_LINE_LENGTH for p in parts)


def several_results(text: str, teams: Iterable[str]) -> tuple[Record | Attempt, ...]:
    """Each line of a message of several result lines ("Kartallar 3-1 Şahinler" then
    "Aslanlar 2-0 Kaplanlar"), or () unless every line with a digit reads as a result."""
    team_list = tuple(teams)
    parts = [p for p in text.splitlines() if _DIGIT.search(p)]
    if len(parts) < 2 or len(parts) > MAX_LINES:
        return ()
    readings = [read_line(p, team_list) for p in parts]
    found = tuple(r for r in readings if isinstance(r, Record | Attempt))
    return found if len(found) == len(parts) else ()


def result_line(result: ParsedResult) -> str:
    """The line that `parse_result` reads back as `result`: "Kartallar 2-2 Şahinler pen 4-3"."""
    score = result.score
    line = f"{result.home} {score.home_goals}-{score.away_goals} {result.away}"
    if score.home_penalties is not None:
        line += f" pen {score.home_penalties}-{score.away_penalties}"
    return line


def _blank_clock_and_dates(line: str) -> str:
    """Clock times, dates, ordinals ("2. maç", "3'üncü") and counts of other things ("5
    kişi", "10 dk", "6 puan") out; "3 gol" is the number 3 ("Kartallar 3 gol Şahinler 1")."""
    line = _CLOCK_OR_DATE.sub(" ", line)
    line = _NOT_GOALS.sub(" ", line)
    line = _GOAL_WORD.sub("", line)
    return " ".join(line.split())


def _outcome(line: str) -> Outcome | None:
    """The outcome the writer's words give: one of won and lost (a draw then penalties
    is the penalties' outcome), else a draw; None without such a word or with both."""
    found: set[Outcome] = set()
    for word in _WORD.findall(fold(line)):
        outcome = _OUTCOME_WORDS.get(word)
        if outcome is None and len(word) >= 6 and word not in _THIRD_PERSON:
            near = process.extractOne(word, _FUZZY_OUTCOMES, scorer=OSA.distance, score_cutoff=1)
            outcome = None if near is None else _OUTCOME_WORDS[near[0]]
        if outcome is not None:
            found.add(outcome)
    decided = found - {Outcome.DRAW}
    if len(decided) > 1:
        return None
    if decided:
        return decided.pop()
    return Outcome.DRAW if found else None


def _own_score(text: str, line: str, named: tuple[str, ...]) -> OwnScore | Unclear | None:
    outcome = _outcome(line)
    if outcome is None or len(named) > 1:
        return None
    penalties = _PENALTIES.search(line)
    pens: tuple[int, int] | None = None
    if penalties is not None:
        a, b = penalties.group(1, 2) if penalties.group(1) else penalties.group(3, 4)
        pens = (int(a), int(b))
        line = f"{line[: penalties.start()]} {line[penalties.end() :]}"
    scores = list(_SCORE.finditer(line))
    if len(scores) != 1:
        return None
    goals = (int(scores[0].group(1)), int(scores[0].group(2)))
    hint = named[0] if named else None
    low, high = min(goals), max(goals)
    if outcome is Outcome.DRAW:
        if low != high:
            return Unclear(text, Problem.DRAW_NOT_LEVEL, named)
        if pens is not None:  # "2-2 berabere pen 4-3": whose four?
            return Unclear(text, Problem.WHOSE_PENALTIES, named)
        return OwnScore(text, low, high, outcome, hint)
    if low == high:
        if pens is None or pens[0] == pens[1]:
            return Unclear(text, Problem.WON_LEVEL, named)
        ours, theirs = (max(pens), min(pens)) if outcome is Outcome.WON else sorted(pens)
        return OwnScore(text, low, high, outcome, hint, ours, theirs)
    if outcome is Outcome.WON:
        return OwnScore(text, high, low, outcome, hint)
    return OwnScore(text, low, high, outcome, hint)


def _numbers_look_like_a_score(line: str, named: tuple[str, ...]) -> bool:
    """Two numbers, or one in a line of little else than the teams ("Kartallar 3 Şahinler"):
    "Kartallar Şahinler maçı 10 dk gecikecek" is news, not a result."""
    numbers = len(_STANDALONE_NUMBER.findall(line))
    if numbers >= 2:
        return True
    words = len(_WORD.findall(line))
    team_words = sum(len(_WORD.findall(team)) for team in named)
    return words - team_words <= 1


# How many words around a result line ("dün", "maçı bitti") may be dropped to find it.
MAX_TRIMMED_WORDS = 4


def _trimmed(line: str, teams: tuple[str, ...]) -> Record | None:
    """The result inside `line` once a few words without digits are dropped from its
    ends: "Kartallar 3-1 Şahinler maçı bitti". Words with digits are never dropped, so
    "Kartallar 3-1 Şahinler değil, 1-3" is not read as 3-1."""
    words = line.split()
    for k in range(1, min(MAX_TRIMMED_WORDS, len(words) - 2) + 1):
        for lead in range(k + 1):
            kept = words[lead : len(words) - (k - lead)]
            dropped = words[:lead] + words[len(words) - (k - lead) :]
            if any(_DIGIT.search(w) for w in dropped):
                continue
            candidate = " ".join(kept)
            try:
                return Record(candidate, parse_result(candidate, teams))
            except DomainError:
                continue
    return None


def _in_words(text: str, teams: tuple[str, ...]) -> Record | None:
    """ "Kartallar üç bir Şahinler": a result line once its number words are digits; any
    other line without digits is chat."""
    if number_words(text) < 2:
        return None
    line = _blank_clock_and_dates(with_digits(normalize(text)))
    try:
        return Record(line, parse_result(line, teams))
    except DomainError:
        return None


# A score glued to the names around it (three letters at least, so "A13-1A4" stays).
_GLUED_SCORE = re.compile(
    r"(?<=[^\W\d_]{3})(?=[0-9]{1,2}[-:][0-9]{1,2}(?![0-9]))|(?<=[0-9][-:][0-9])(?=[^\W\d_]{3})"
    r"|(?<=[0-9][-:][0-9][0-9])(?=[^\W\d_]{3})"
)


def _hedged(text: str, teams: tuple[str, ...]) -> bool:
    """A guess, a wish or a question ("olur bence", "inşallah", "mi?"), in words that are
    no team's name."""
    names = {w for team in teams for w in _WORD.findall(fold(team))}
    words = set(_WORD.findall(fold(text))) - names
    return bool(words & _HEDGES) or text.rstrip().endswith("?")


def read_line(text: str, teams: Iterable[str]) -> Reading | None:
    """What `text`, typed in the tournament's group, says about a result; see the module
    docstring. None is ordinary chat, to be left unanswered."""
    team_list = tuple(teams)
    if len(normalize(text)) > MAX_LINE_LENGTH or _hedged(text, team_list):
        return None
    if not _DIGIT.search(text):
        return _in_words(text, team_list)
    line = _blank_clock_and_dates(normalize(text))
    if not _STANDALONE_NUMBER.search(line):
        unglued = _GLUED_SCORE.sub(" ", line)  # "kurtlar3-1aslanlar"
        return None if unglued == line else read_line(unglued, team_list)
    named = mentioned(line, team_list)
    try:
        return Record(line, parse_result(line, team_list))
    except NotAResult:
        error: DomainError | None = None
    except (UnknownTeam, AmbiguousTeam) as e:
        error = e
    except BadScore as e:
        if e.reason is not BadScoreReason.STRAY_SIGN:
            return Attempt(line, e)
        goals = next(((int(m[1]), int(m[2])) for m in _SCORE.finditer(line)), None)
        return Unclear(text, Problem.STRAY_SIGN, named, goals)  # "Kartallar -1-3 Şahinler"
    except DomainError as e:  # both sides are teams: a team against itself, a bad score
        return Attempt(line, e)
    if len(named) >= 2 and (said := told(line, team_list)) is not None:
        return Record(result_line(said), said)  # "Kurtlar yendi Şahinleri 2-1"
    if len(named) >= 2 and (trimmed := _trimmed(line, team_list)) is not None:
        return trimmed
    own = _own_score(text, line, named)
    if own is not None:
        return own
    if len(named) >= 2 and _numbers_look_like_a_score(line, named):
        return Unclear(text, Problem.NO_SCORE, named)
    if isinstance(error, AmbiguousTeam):
        return Attempt(line, error)  # the refusal lists the teams it may be
    if isinstance(error, UnknownTeam) and named and error.candidates:
        return Attempt(line, error)  # the entry offers the candidates as buttons
    scores = [m for m in _SCORE.finditer(line) if max(map(int, m.groups())) <= MAX_GOALS]
    if named and scores:
        return Unclear(text, Problem.ONE_TEAM, named, (int(scores[0][1]), int(scores[0][2])))
    return None
