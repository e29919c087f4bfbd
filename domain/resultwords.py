"""Result lines told in words: a verb that says who won, numbers written out.

Organisers and captains also write a result as a sentence:

* "Kartallar kazandı 3-1 Kurtlar'a", "Kurtlar yendi Şahinleri 2-1", "Şahinler, Gençlik
  Spor'u 2-0 yendi", "Demirspor'u 1-0 yendi Sarıyer": the team in the nominative won (the
  subject of "kazandı" / "yendi"), the team with a case ending ("-ı", "-a") lost;
* "Şahinler 1-2 yenildi Dinamo'ya", "Kurtlar 0-2 kaybetti Kartallar'a": the subject lost;
* "Kartallar üç bir Şahinler", "Yıldızspor iki sıfır Kurtlar": the goals as words.

`told(line, teams)` reads the first two shapes: one score, one verb in the third person
past (`domain.morphology` reads "kazandı", "yenmiş", "yenildi"), and exactly two teams
around them. The winner gets the larger number whichever order the score was typed in;
the teams come back in the order the line names them. A level score with such a verb, a
line where both or neither team could be the subject, or anything else: None, and the
result-line rules go on as before. `with_digits(text)` writes number words as digits.
Deterministic, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from domain.errors import DomainError
from domain.model import Score
from domain.morphology import Case, Person, Tense, analyse, case_of
from domain.names import fold, loose_key, name_words, resolve
from domain.scores import MAX_GOALS, ParsedResult

__all__ = ["NUMBER_WORDS", "number_words", "told", "with_digits"]

# A score as one piece: "3-1", "3 - 1", "3:1", "3'e 1", "3e 1", "2 ye 1".
_SCORE = re.compile(
    r"(?<![^\W_])([0-9]{1,2})(?:\s*[-:]\s*|\s*['’]?\s*y?[aeıiuü]\s+)([0-9]{1,2})(?![0-9])",
    re.IGNORECASE,
)
_APOSTROPHE = re.compile(r"['’`´]")
_WORDS = re.compile(r"[^\s,;]+|[,;]")
# Won: the subject beat the other side; lost: the other side beat the subject.
_WIN_STEMS = frozenset({"kazan", "yen"})
_LOSE_STEMS = frozenset({"kaybet"})
_TOLD = frozenset({Tense.PAST, Tense.REPORTED})

NUMBER_WORDS = {
    **{"sifir": 0, "bir": 1, "iki": 2, "uc": 3, "dort": 4, "bes": 5, "alti": 6},
    **{"yedi": 7, "sekiz": 8, "dokuz": 9, "on": 10},
}


def number_words(text: str) -> int:
    """How many words of `text` are numbers written out ("üç bir" -> 2)."""
    return sum(1 for w in fold(text).split() if w.strip(",.!?") in NUMBER_WORDS)


def with_digits(text: str) -> str:
    """`text` with number words written as digits: "üç bir" -> "3 1"."""
    return " ".join(
        str(NUMBER_WORDS[fold(w)]) if fold(w) in NUMBER_WORDS else w for w in text.split()
    )


def _verb(word: str) -> bool | None:
    """True: "the subject won" ("kazandı", "yendi"); False: "the subject lost"
    ("yenildi", "kaybetti"); None: no such verb in the third person."""
    found = analyse(word)
    if found is None or found.tense not in _TOLD or found.person not in (None, Person.THEY):
        return None
    if found.stem in _WIN_STEMS:
        return not found.passive
    if found.stem in _LOSE_STEMS:
        return False
    return None


def _oblique(typed: str, team: str) -> bool:
    """Whether the last typed word of a team carries a case ending ("Kurtlar'a",
    "şahinleri", "dinamoya"): then it is not the subject."""
    last = typed.split()[-1]
    if _APOSTROPHE.search(last):
        ending = fold(_APOSTROPHE.split(last, maxsplit=1)[1])
        return case_of(ending) not in (None, Case.GENITIVE)
    word = loose_key(last)
    for name in sorted(name_words(loose_key(team)), key=len, reverse=True):
        if word.startswith(name) and word != name:
            return case_of(word[len(name) :]) is not None
    return False


def _two_teams(words: list[str], teams: tuple[str, ...]) -> Iterator[tuple[str, str, str, str]]:
    """Ways to read `words` (commas as words) as two teams: (typed, team) twice."""
    for cut in range(1, len(words)):
        first = " ".join(w for w in words[:cut] if w not in ",;")
        second = " ".join(w for w in words[cut:] if w not in ",;")
        if not first or not second:
            continue
        try:
            a = resolve(first, teams)
            b = resolve(second, teams)
        except DomainError:
            continue
        if a != b:
            yield first, a, second, b


def told(line: str, teams: tuple[str, ...]) -> ParsedResult | None:
    """The result `line` tells with a verb ("Kurtlar yendi Şahinleri 2-1"); see the module
    docstring. None when it is not told so, or not unambiguously."""
    scores = list(_SCORE.finditer(line))
    if len(scores) != 1:
        return None
    goals = sorted(int(g) for g in scores[0].groups())
    if goals[0] == goals[1] or goals[1] > MAX_GOALS:
        return None
    rest = f"{line[: scores[0].start()]} , {line[scores[0].end() :]}"
    # "mahalleye karşı": the postposition says nothing more than the case ending.
    words = [w for w in _WORDS.findall(rest) if fold(w) not in ("karsi", "karsisinda")]
    verbs = [(i, v) for i, w in enumerate(words) if (v := _verb(w)) is not None]
    if len(verbs) != 1:
        return None
    at, subject_won = verbs[0]
    words = [*words[:at], ",", *words[at + 1 :]]
    while words and words[0] in ",;":
        words.pop(0)
    readings = set()
    for first, a, second, b in _two_teams(words, teams):
        oblique = (_oblique(first, a), _oblique(second, b))
        if oblique == (True, True):
            continue
        subject, other = (b, a) if oblique == (True, False) else (a, b)
        winner = subject if subject_won else other
        low, high = goals
        score = Score(high, low) if winner == a else Score(low, high)
        readings.add(ParsedResult(a, b, score))
    return readings.pop() if len(readings) == 1 else None
