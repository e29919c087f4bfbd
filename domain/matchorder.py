"""A match named by its place in a team's order: the next one said alone ("bir sonraki
maçımız", "sonraki maç", "sıradaki maçımız?"), or the n-th ("2. maçımız kaçta", "ikinci
maçımız ne zaman", "Şahinlerin 3. maçı hangi sahada").

* `next_named(words, known)` reads the folded words of a short message: "sonraki" or
  "sıradaki" (after "bir" or "bi" if typed) and a form of "maç" with no case ending,
  nothing after them but a call ("abi", "hocam"), and before them at most a name (words
  `known` says nothing of: "Şahinlerin sonraki maçı") or "bizim". It is the question
  "ne zaman" would make of it; "sonraki maçta görüşürüz", "sonraki maç daha iyi olur" are
  said, not asked.
* `ordinal_in(text)` finds an ordinal right before a possessive form of "maç" ("2. maçımız",
  "3'üncü maçımız", "ikinci maçı"): the n-th match of the team, in its own order. "6. maç"
  without a possessive is the fixture's match number 6 (`bot.usecases.pairs`), and "ilk
  maçımız" the first match (`domain.topics`), so neither is read here. `we`: "maçımız".

Deterministic, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domain.morphology import Person, analyse
from domain.names import fold, normalize
from domain.weekwords import ORDINALS

__all__ = ["CALLS", "NextNamed", "Ordinal", "next_named", "ordinal_in"]


@dataclass(frozen=True)
class NextNamed:
    we: bool  # "sonraki maçımız", "bizim sonraki maç"
    named: tuple[int, ...]  # the positions of the words that may name a team


_NEXT = frozenset({"sonraki", "siradaki"})
_ONE = frozenset({"bir", "bi"})
# Words that call the reader, nothing more: said beside a question, they change nothing.
CALLS = frozenset({"abi", "hocam", "ya", "kanka", "reis", "beyler", "arkadaslar", "peki"})
CALLS |= {"acaba", "kaptan", "hoca", "usta"}


def next_named(words: Sequence[str], known: Callable[[str], bool]) -> NextNamed | None:
    """The next match named alone; `known(word)`: the vocabulary or morphology reads it."""
    said = [i for i, w in enumerate(words) if w not in CALLS]
    at = next((k for k, i in enumerate(said) if words[i] in _NEXT), None)
    if at is None or at + 2 != len(said):
        return None  # the match word must come last: "sonraki maç daha iyi olur" is said
    noun = analyse(words[said[at + 1]])
    if noun is None or noun.stem != "mac" or noun.plural or noun.case is not None:
        return None  # "sonraki maçta görüşürüz", "sonraki maçlar"
    before = said[:at]
    if before and words[before[-1]] in _ONE:
        before = before[:-1]
    ours = [i for i in before if words[i] in ("bizim", "biz")]
    named = tuple(i for i in before if i not in ours)
    if any(known(words[i]) for i in named):
        return None  # "yarın sonraki maç": other words, other meaning
    we = bool(ours) or noun.possessive is Person.WE
    return NextNamed(we, () if we else named)


@dataclass(frozen=True)
class Ordinal:
    nth: int
    word: str  # the ordinal as a folded token ("2", "ikinci", "3uncu"), to set aside
    we: bool  # "maçımız"; else "maçı", which needs a team named


_WORDS = "|".join(w for w in ORDINALS if ORDINALS[w] > 1)
_ORDINAL = re.compile(
    rf"(?<![\w.:])(?:(?P<number>[0-9]{{1,2}})\s*(?:\.|'?[iu]?nc[iu]\b)|(?P<word>{_WORDS}))"
    r"\s*(?P<noun>mac[a-z]*)"
)


def ordinal_in(text: str) -> Ordinal | None:
    """The n-th match named in `text` ("2. maçımız", "ikinci maçı"); see the docstring."""
    folded = fold(normalize(text))
    for found in _ORDINAL.finditer(folded):
        noun = analyse(found.group("noun"))
        if noun is None or noun.stem != "mac" or noun.plural:
            continue
        if noun.possessive not in (Person.WE, Person.HE):
            continue  # "6. maç": the match numbered 6
        number = found.group("number")
        nth = int(number) if number else ORDINALS[found.group("word")]
        if nth < 1:
            continue
        token = re.sub(r"[^a-z0-9]", "", folded[found.start() : found.start("noun")])
        return Ordinal(nth, token, noun.possessive is Person.WE)
    return None
