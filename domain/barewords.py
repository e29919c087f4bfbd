"""A request noun typed alone: "fikstür", "fikstur abi", "maçlar", "maçlarımız", "puan".

People ask the bot for what a command shows by typing the command's noun, without a
question word and often without a "?": "fikstür" is /fikstur, "puan" is /puan. Such a
message is a request only when the noun is all there is, beside calls ("abi") and at
most a team ("Kartallar fikstürü"); the caller answers a message with a team only if
the name is a team's ("Ahmet fikstür", "maçlar iptal" stay silent). "maç", "saha" and
"rakip" alone are no request ("maç!" cheers; "rakip?" asks with its "?", see
domain.questions), nor is a number beside the noun ("3 puan": points won).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.intents import Intent
from domain.matchorder import CALLS
from domain.names import fold
from domain.questiontokens import Token
from domain.questionwords import lookup

__all__ = ["BareRequest", "bare_request"]

# A command's noun, as the vocabulary words it (domain.questionwords), and its question.
_NOUNS = {"fikstur": Intent.FIXTURE, "maclar": Intent.FIXTURE, "puan": Intent.STANDING}
# A request is this short: the noun and a team name of up to two words.
MAX_WORDS = 3


@dataclass(frozen=True)
class BareRequest:
    intent: Intent
    we: bool  # "maçlarımız", "puanımız": the asker's own team
    hint: str | None  # the words that may name a team ("Kartallar fikstürü")


def bare_request(tokens: list[Token], hint: str | None) -> BareRequest | None:
    """The request `tokens` make, given `hint` (the words the vocabulary does not know,
    as domain.questions reads them); None unless the noun is all the message says."""
    said = [t for t in tokens if t.folded not in CALLS]
    if not said or len(said) > MAX_WORDS:
        return None
    known = [f for f in (lookup(t.folded) for t in said) if f is not None]
    if len(known) != 1 or known[0].word not in _NOUNS:
        return None
    named = " ".join(w for w in (hint or "").split() if fold(w) not in CALLS) or None
    if len(said) - 1 != (0 if named is None else len(named.split())):
        return None  # a word beside the noun that names no team: "maçlarımız berbat"
    if named is not None and named.isdigit():
        return None
    return BareRequest(_NOUNS[known[0].word], known[0].we, named)
