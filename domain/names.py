"""Team names under Turkish rules: identity, duplicates and typo-tolerant lookup.

Python's own casing is wrong for Turkish ("I".lower() is "i", not "ı"), so a captain
writing "IŞIKSPOR" would not find "Işıkspor". Everything here goes through `tr_lower`.

Lookup (`resolve`) has three tiers, strictest first, and never guesses between teams:

1. `key`: Turkish lower case, whitespace collapsed. Diacritics matter.
2. `loose_key`: diacritics and punctuation dropped ("Sahinler" finds "Şahinler",
   "Ankara Gucu" finds "Ankara-Gücü"), accepted only if exactly one team matches.
3. Fuzzy: optimal-string-alignment edit distance (a swap of two letters is one edit)
   on the loose key with spaces removed, accepted only if exactly one team is within
   the tolerance:

   ===========================  ===============
   shorter of the two names     edits tolerated
   ===========================  ===============
   up to 3 letters ("A1")       0
   4 to 9 ("Kartallar")         1
   10 or more ("Yıldızspor")    2
   ===========================  ===============

   and the numbers in both names must be identical: "Takım 1" is one edit from
   "Takım 11" and "A1" from "A2", but a typo in a number is a different team, not a
   slip of the finger. A spacing-only difference ("Yıldız Spor") is distance 0 and
   wins if no other team is also at distance 0.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from domain.errors import DomainError

__all__ = [
    "AmbiguousTeam",
    "UnknownTeam",
    "duplicates",
    "fold",
    "key",
    "loose_key",
    "resolve",
    "strip_diacritics",
    "tolerance",
    "tr_lower",
    "tr_upper",
]

_TR_LOWER = str.maketrans({"I": "ı", "İ": "i"})
_TR_UPPER = str.maketrans({"i": "İ", "ı": "I"})
# Letters NFD cannot take apart; "ı" has no decomposition to "i" + mark.
_FOLD_EXTRA = str.maketrans({"ı": "i", "ø": "o", "ł": "l", "đ": "d", "ß": "ss"})
_NOT_WORD = re.compile(r"[\W_]+")
_DIGITS = re.compile(r"[0-9]+")

# How many suggestions an UnknownTeam carries, and how similar a team must be to be
# suggested at all: rapidfuzz `ratio` (0-100) on the loose keys without spaces, raised
# to PREFIX_SCORE when the text starts a word of the name ("Anadolu" -> "Anadolu
# Kartalları"). 60 keeps "Galatasaray" or "A5" from suggesting unrelated teams.
SUGGESTIONS = 3
SUGGESTION_CUTOFF = 60.0
PREFIX_SCORE = 90.0


def tr_lower(s: str) -> str:
    """Lower case with Turkish dotted/dotless i: "IŞIK" -> "ışık", "İZMİR" -> "izmir"."""
    return unicodedata.normalize("NFC", s).translate(_TR_LOWER).lower()


def tr_upper(s: str) -> str:
    """Upper case with Turkish dotted/dotless i: "izmir" -> "İZMİR", "ışık" -> "IŞIK"."""
    return unicodedata.normalize("NFC", s).translate(_TR_UPPER).upper()


def key(s: str) -> str:
    """The identity of a name: Turkish lower case, single spaces, no edge spaces, NFC."""
    return unicodedata.normalize("NFC", " ".join(tr_lower(s).split()))


def strip_diacritics(s: str) -> str:
    """Drop accents and map dotless ı to i (ç->c, ğ->g, ö->o, ş->s, ü->u, â->a)."""
    decomposed = unicodedata.normalize("NFD", s.translate(_FOLD_EXTRA))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare)


def fold(s: str) -> str:
    """Turkish lower case without diacritics ("IŞIK Şahin" -> "isik sahin"), spacing and
    punctuation kept: the form in which typed words are compared."""
    return strip_diacritics(tr_lower(s))


def loose_key(s: str) -> str:
    """`key` without diacritics, with punctuation read as a space ("Ankara-Gücü" ->
    "ankara gucu"): how a name typed on a phone without Turkish letters looks."""
    return " ".join(_NOT_WORD.sub(" ", fold(s)).split())


def tolerance(length: int) -> int:
    """Edits tolerated between names whose shorter loose form has `length` characters."""
    if length <= 3:
        return 0
    if length <= 9:
        return 1
    return 2


def duplicates(names: Iterable[str]) -> list[tuple[str, str]]:
    """Every pair (earlier, later) of names with the same `key`, in input order."""
    seen: list[tuple[str, str]] = []
    pairs: list[tuple[str, str]] = []
    for name in names:
        k = key(name)
        pairs.extend((earlier, name) for earlier, earlier_key in seen if earlier_key == k)
        seen.append((name, k))
    return pairs


class _TeamLookupError(DomainError):
    """`text` names no single team; `candidates` are teams it may mean, best first.

    `side` is "home" or "away" when the name came from a result line, else None.
    """

    def __init__(self, text: str, candidates: Iterable[str] = (), side: str | None = None) -> None:
        self.text = text
        self.candidates: tuple[str, ...] = tuple(candidates)
        self.side = side
        super().__init__(text, self.candidates, side)

    def _where(self) -> str:
        return f" ({self.side} side)" if self.side else ""


class UnknownTeam(_TeamLookupError):
    """No team is close enough to `text`; `candidates` are the nearest few, best first."""

    def __str__(self) -> str:
        return f"unknown team {self.text!r}{self._where()}; closest: {list(self.candidates)}"


class AmbiguousTeam(_TeamLookupError):
    """`text` is about equally close to several teams (`candidates`, best first)."""

    def __init__(self, text: str, candidates: Iterable[str], side: str | None = None) -> None:
        super().__init__(text, candidates, side)

    def __str__(self) -> str:
        shown = list(self.candidates)
        return f"ambiguous team {self.text!r}{self._where()}; could be any of {shown}"


def _compact(loose: str) -> str:
    return loose.replace(" ", "")


@dataclass(frozen=True)
class _Spelling:
    """A team name with every form `resolve` compares, computed once per team list."""

    name: str
    key: str
    loose: str
    compact: str
    numbers: tuple[str, ...]

    @classmethod
    def of(cls, name: str) -> _Spelling:
        loose = loose_key(name)
        return cls(name, key(name), loose, _compact(loose), tuple(_DIGITS.findall(loose)))


@lru_cache(maxsize=64)
def _spellings(teams: tuple[str, ...]) -> tuple[_Spelling, ...]:
    # A result line is resolved against the same list a dozen times; cache per list.
    return tuple(_Spelling.of(team) for team in teams)


def _similarity(text: _Spelling, team: _Spelling) -> float:
    score = fuzz.ratio(text.compact, team.compact)
    words = [team.loose, *team.loose.split()]
    if len(text.loose) >= 3 and any(w.startswith(text.loose) for w in words):
        score = max(score, PREFIX_SCORE)
    return score


def _suggestions(text: _Spelling, teams: tuple[_Spelling, ...]) -> tuple[str, ...]:
    scored = [(_similarity(text, team), -i, team.name) for i, team in enumerate(teams)]
    scored.sort(reverse=True)
    return tuple(name for score, _, name in scored[:SUGGESTIONS] if score >= SUGGESTION_CUTOFF)


def resolve(text: str, teams: Iterable[str], *, fuzzy: bool = True) -> str:
    """The team in `teams` that `text` names, as spelled in `teams`.

    Raises UnknownTeam when nothing is close enough and AmbiguousTeam when more than
    one team is; see the module docstring for the tiers and thresholds. Without `fuzzy`
    a typo is not corrected: UnknownTeam lists the typo-close teams first.
    """
    spellings = _spellings(tuple(teams))
    wanted = _Spelling.of(text)
    exact = [t.name for t in spellings if t.key == wanted.key]
    if len(exact) == 1:
        return exact[0]
    if len(exact) > 1:
        raise AmbiguousTeam(text, exact)

    if not wanted.loose:
        raise UnknownTeam(text, ())
    loose = [t.name for t in spellings if t.loose == wanted.loose]
    if len(loose) == 1:
        return loose[0]
    if len(loose) > 1:
        raise AmbiguousTeam(text, loose)

    near: list[tuple[int, int, str]] = []
    for i, team in enumerate(spellings):
        if team.numbers != wanted.numbers:
            continue
        allowed = tolerance(min(len(wanted.compact), len(team.compact)))
        distance = OSA.distance(wanted.compact, team.compact, score_cutoff=allowed + 1)
        if distance <= allowed:
            near.append((distance, i, team.name))
    near.sort()
    if not fuzzy and not (near and near[0][0] == 0):
        close = [name for _, _, name in near]
        rest = [c for c in _suggestions(wanted, spellings) if c not in close]
        raise UnknownTeam(text, (close + rest)[:SUGGESTIONS])
    if len(near) == 1:
        return near[0][2]
    if len(near) > 1:
        if near[0][0] == 0 and near[1][0] > 0:
            return near[0][2]
        raise AmbiguousTeam(text, [name for _, _, name in near])
    raise UnknownTeam(text, _suggestions(wanted, spellings))
