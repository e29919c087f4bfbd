"""A message cut into words for the question rules (`domain.questions` and the rules it
calls), and the team hint among them: the longest run of words that neither say what is
asked nor are known to the vocabulary or the morphology.

A word keeps how it was typed (for the hint: "Şahinler'in" is "Şahinler") and its loose
form (`names.fold`, letters and digits only, for the rules); a case ending written apart
("şahinler in", "kurtlar la") joins the word before it. Deterministic, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.morphology import analyse
from domain.names import fold, normalize
from domain.questionwords import lookup
from domain.topics import ASKING

__all__ = ["Token", "hint_in", "tokens_of"]

_APOSTROPHE = re.compile(r"['’`´]")
_EDGE_PUNCTUATION = '?!.,;:…"“”«»()[]'
_CLAUSE_END = frozenset("?!.,;:…")


@dataclass(frozen=True)
class Token:
    typed: str  # as typed, apostrophe suffix and edge punctuation removed
    folded: str  # loose form of the whole word, apostrophe suffix included
    ends_clause: bool


def tokens_of(text: str) -> list[Token]:
    """The words of `text`, a "?" or an emoji only ending the clause before it."""
    raw = normalize(text).split()
    tokens: list[Token] = []
    for i, word in enumerate(raw):
        ends = i == len(raw) - 1 or word[-1] in _CLAUSE_END
        bare = word.strip(_EDGE_PUNCTUATION)
        folded = "".join(c for c in fold(bare) if c.isalnum())
        if not folded:
            # "?" or an emoji on its own: it may only end the clause before it.
            if tokens and ends:
                last = tokens[-1]
                tokens[-1] = Token(last.typed, last.folded, ends_clause=True)
            continue
        typed = _APOSTROPHE.split(bare, maxsplit=1)[0] or bare
        if folded in _SUFFIXES_APART and tokens and not tokens[-1].ends_clause:
            # "şahinler in maçı", "kurtlar la": the ending belongs to the word before.
            last = tokens[-1]
            tokens[-1] = Token(last.typed, last.folded + folded, ends)
            continue
        tokens.append(Token(typed, folded, ends))
    return tokens


# Case endings phones write apart from the name ("şahinler in", "dinamo nun"), folded.
# ("ya" and "de" are words of their own: "ne zaman ya", "biz de").
_SUFFIXES_APART = frozenset({"in", "un", "nin", "nun", "la", "le", "yla", "yle"})


def hint_in(tokens: list[Token], used: frozenset[int], we: bool) -> str | None:
    """The longest run of words that neither say what is asked (`used`) nor are known to
    the vocabulary or the morphology; None when asked about the writer's own team."""
    runs: list[list[str]] = [[]]
    for i, token in enumerate(tokens):
        known = lookup(token.folded) is not None or analyse(token.folded) is not None
        if i in used or known or token.folded in ASKING:
            runs.append([])
            continue
        runs[-1].append(token.typed)
    longest = max(runs, key=len)
    return " ".join(longest) if longest and not we else None
