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

Between the loose and the fuzzy tier, the forms people type in chat (`chat_forms`): a
suffix after an apostrophe dropped ("Dinamo'nun", "Kartallar'a"), a case ending without
one ("Kartalların"), and a short name: the words typed are consecutive words of exactly
one team's name, at least one of them distinctive ("Dinamo" or "Kadıköy" for "Dinamo
Kadıköy", "Boğaziçi" for "Boğaziçi Spor"; never "Spor", "FK" or "Takım" alone). All the
teams these forms reach are collected together: one is the answer, more are ambiguous.

Names are compared after `normalize`: NFC, zero-width and bidirectional controls removed
(a name pasted from a web page may carry U+200B or U+200F), whitespace collapsed.
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
    "EmptyName",
    "UnknownTeam",
    "chat_forms",
    "clean_name",
    "duplicates",
    "fold",
    "fold_plain",
    "key",
    "loose_key",
    "name_words",
    "normalize",
    "resolve",
    "strip_diacritics",
    "strip_invisible",
    "tolerance",
    "tr_lower",
    "tr_upper",
]

_TR_LOWER = str.maketrans({"I": "ı", "İ": "i"})
_TR_UPPER = str.maketrans({"i": "İ", "ı": "I"})
# Letters NFD cannot take apart; "ı" has no decomposition to "i" + mark.
_FOLD_EXTRA = str.maketrans({"ı": "i", "ø": "o", "ł": "l", "đ": "d", "ß": "ss"})
_NOT_WORD = re.compile(r"[\W_]+")
# Zero-width characters and bidirectional controls: invisible, but they make two names
# that look the same compare different (U+200B-U+200F, U+202A-U+202E, U+2060-U+2064,
# U+2066-U+2069, U+061C, U+180E, U+FEFF).
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u061c\u180e\ufeff]")
_APOSTROPHE = re.compile(r"['’`´]")
_DIGITS = re.compile(r"[0-9]+")

# How many suggestions an UnknownTeam carries, and how similar a team must be to be
# suggested at all: rapidfuzz `ratio` (0-100) on the loose keys without spaces, raised
# to PREFIX_SCORE when the text starts a word of the name ("Anadolu" -> "Anadolu
# Kartalları"). 60 keeps "Galatasaray" or "A5" from suggesting unrelated teams.
SUGGESTIONS = 3
SUGGESTION_CUTOFF = 60.0
PREFIX_SCORE = 90.0


def strip_invisible(s: str) -> str:
    """`s` in NFC without zero-width characters and bidi controls; line breaks kept."""
    return _INVISIBLE.sub("", unicodedata.normalize("NFC", s))


def normalize(s: str) -> str:
    """NFC, zero-width and bidi controls removed, whitespace collapsed and stripped:
    "Kartal\u200blar " -> "Kartallar". The form a name is stored and compared in."""
    return " ".join(_INVISIBLE.sub("", unicodedata.normalize("NFC", s)).split())


class EmptyName(DomainError):
    """`text` is nothing once `normalize` has removed its invisible characters."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f"the name {self.text!r} is empty once invisible characters are removed"


def clean_name(s: str) -> str:
    """`normalize(s)`, refusing a name that is then empty or has no letter or digit."""
    cleaned = normalize(s)
    if not any(c.isalnum() for c in cleaned):
        raise EmptyName(s)
    return cleaned


def tr_lower(s: str) -> str:
    """Lower case with Turkish dotted/dotless i: "IŞIK" -> "ışık", "İZMİR" -> "izmir"."""
    return unicodedata.normalize("NFC", s).translate(_TR_LOWER).lower()


def tr_upper(s: str) -> str:
    """Upper case with Turkish dotted/dotless i: "izmir" -> "İZMİR", "ışık" -> "IŞIK"."""
    return unicodedata.normalize("NFC", s).translate(_TR_UPPER).upper()


def key(s: str) -> str:
    """The identity of a name: Turkish lower case, single spaces, no edge spaces, NFC."""
    return unicodedata.normalize("NFC", tr_lower(normalize(s)))


def strip_diacritics(s: str) -> str:
    """Drop accents and map dotless ı to i (ç->c, ğ->g, ö->o, ş->s, ü->u, â->a)."""
    decomposed = unicodedata.normalize("NFD", s.translate(_FOLD_EXTRA))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare)


def fold(s: str) -> str:
    """Turkish lower case without diacritics ("IŞIK Şahin" -> "isik sahin"), spacing and
    punctuation kept: the form in which typed words are compared."""
    return strip_diacritics(tr_lower(s))


def fold_plain(s: str) -> str:
    """`fold` with whitespace collapsed and stripped (" 15  Dk " -> "15 dk"): a typed
    command's words as they are matched."""
    return " ".join(fold(s).split())


def loose_key(s: str) -> str:
    """`key` without diacritics, with punctuation read as a space ("Ankara-Gücü" ->
    "ankara gucu"): how a name typed on a phone without Turkish letters looks."""
    return " ".join(_NOT_WORD.sub(" ", fold(_INVISIBLE.sub("", s))).split())


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


def _only(text: str, found: list[str]) -> str | None:
    """The one team of `found`; None for none; AmbiguousTeam for several."""
    if len(found) > 1:
        raise AmbiguousTeam(text, found)
    return found[0] if found else None


def resolve(text: str, teams: Iterable[str], *, fuzzy: bool = True) -> str:
    """The team in `teams` that `text` names, as spelled in `teams`.

    Raises UnknownTeam when nothing is close enough and AmbiguousTeam when more than
    one team is; see the module docstring for the tiers and thresholds. Without `fuzzy`
    a typo is not corrected: UnknownTeam lists the typo-close teams first.
    """
    spellings = _spellings(tuple(teams))
    wanted = _Spelling.of(text)
    if found := _only(text, [t.name for t in spellings if t.key == wanted.key]):
        return found
    if not wanted.loose:
        raise UnknownTeam(text, ())
    if found := _only(text, [t.name for t in spellings if t.loose == wanted.loose]):
        return found
    if found := _only(text, _by_chat_forms(text, spellings)):
        return found

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


# Words that say what kind of club a team is, not which one: never a short name alone.
GENERIC_WORDS = frozenset(
    (
        *("spor", "sport", "sports", "sk", "fk", "fc", "gsk", "gs", "bk", "as", "ve", "club"),
        *("kulubu", "kulup", "futbol", "takim", "takimi", "the", "of", "de", "da", "ile", "fan"),
        "team",
    )
)
# Words common in club names that still name one team when no other team has them
# ("genclik" for Gençlik Spor, "birlik" for Tuzla Birlik; two teams with it: neither).
COMMON_WORDS = frozenset(
    (
        *("genclik", "gencligi", "birlik", "birligi", "united", "city", "idman", "yurdu"),
        *("gucu", "belediye", "veteran", "veteranlar"),
    )
)
ABBREVIATIONS = {"utd": "united", "spr": "spor", "gnclk": "genclik", "bld": "belediye"}  # typed
# A one-word name ending in one of these also goes by its head: "Yıldız" for Yıldızspor.
_COMPOUND_TAILS = ("spor", "gucu")


def name_words(loose: str) -> tuple[str, ...]:
    """A name's loose words with a compound's tail apart: "yildizspor" -> ("yildiz",
    "spor"), so "Yıldız" is one of its words."""
    words: list[str] = []
    for word in loose.split():
        tail = next((t for t in _COMPOUND_TAILS if word.endswith(t) and len(word) > len(t) + 2), "")
        words.extend((word[: -len(tail)], tail) if tail else (word,))
    return tuple(words)


# Case endings a name takes in chat without an apostrophe ("Kartalların", "Dinamoya"),
# folded, longest first; cut only when three letters or more remain.
CASE_ENDINGS = (
    *("nin", "nun", "yla", "yle", "dan", "den", "tan", "ten", "ndan", "nden"),
    *("in", "un", "la", "le", "ya", "ye", "yi", "yu", "da", "de", "ta", "te"),
    *("i", "u", "a", "e"),
)
_SUFFIX_AFTER_APOSTROPHE = re.compile(r"['’`´][^\W\d_]*")


def chat_forms(text: str) -> tuple[str, ...]:
    """`text` and the forms it may stand for in chat, for the team look-up: suffixes after
    apostrophes dropped ("Dinamo Kadıköy'ün" -> "Dinamo Kadıköy"), then the last word's
    case ending cut ("Kartalların" -> "Kartallar")."""
    forms = [text]
    bare = " ".join(_SUFFIX_AFTER_APOSTROPHE.sub("", text).split())
    if bare and bare != text:
        forms.append(bare)
    head, _, last = bare.rpartition(" ")
    folded = fold(last)
    if len(folded) == len(last):  # a letter folded into two ("ß"): positions would drift
        for ending in sorted(CASE_ENDINGS, key=len, reverse=True):
            if folded.endswith(ending) and len(folded) - len(ending) >= 3:
                cut = last[: len(last) - len(ending)]
                forms.append(f"{head} {cut}" if head else cut)
                break
    return tuple(dict.fromkeys(forms))


def _short_name_of(words: tuple[str, ...], team: _Spelling, common: frozenset[str]) -> bool:
    """`words` are consecutive words of `team`'s name, at least one distinctive: not a
    generic word, and a common one only if no other team has it (`common`)."""
    names = name_words(team.loose)
    if not words or len(words) >= len(names):
        return False
    if not any(
        len(w) >= 3 and w not in GENERIC_WORDS and (w not in COMMON_WORDS or w in common)
        for w in words
    ):
        return False
    return any(names[i : i + len(words)] == words for i in range(len(names) - len(words) + 1))


@lru_cache(maxsize=64)
def _common_once(spellings: tuple[_Spelling, ...]) -> frozenset[str]:
    """The COMMON_WORDS that exactly one team's name has."""
    counts: dict[str, int] = {}
    for team in spellings:
        for word in set(name_words(team.loose)) & COMMON_WORDS:
            counts[word] = counts.get(word, 0) + 1
    return frozenset(w for w, n in counts.items() if n == 1)


def _by_chat_forms(text: str, spellings: tuple[_Spelling, ...]) -> list[str]:
    reached: list[str] = []
    common = _common_once(spellings)
    for form in chat_forms(text):
        words = tuple(ABBREVIATIONS.get(w, w) for w in loose_key(form).split())
        loose = " ".join(words)
        for team in spellings:
            if team.name in reached:
                continue
            if team.loose == loose or _short_name_of(words, team, common):
                reached.append(team.name)
    return reached
