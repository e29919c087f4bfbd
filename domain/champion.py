"""Is a short message asking who won the tournament (its champion)?

`champion_asked(words)` reads the folded words (`names.fold`) with `domain.morphology`:

* "şampiyon" (or "şampiyonu", "şampiyonumuz") with "kim", "hangi" or "belli" and no verb
  but a past "olmak": "şampiyon kim", "kim şampiyon oldu", "şampiyon belli oldu mu",
  "turnuvanın şampiyonu kimdi";
* "kim" or "hangi" with a past "kazanmak", "almak" or "kaldırmak" of the league, the cup or
  the tournament: "turnuvayı kim kazandı", "kupayı kim aldı", "ligi hangi takım kazandı".

A guess or a wish stays chat, as `domain.resultquestions` keeps "kim kazanır": no
future, no aorist ("kim şampiyon olur", "şampiyon olacağız"), no "sizce" or "bence".
"şampiyonlar ligi" is another competition (`questionwords.ELSEWHERE`, read earlier).
`used` are the positions of the words that say so; the rest may name a team (which the
caller checks: a word that names none is chat). Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.morphology import Person, Pos, Tense, Word, analyse

__all__ = ["ChampionAsked", "champion_asked"]


@dataclass(frozen=True)
class ChampionAsked:
    used: frozenset[int]
    we: bool = False  # "şampiyon olduk mu", "şampiyonumuz kim": the writer's words


_WHO = frozenset({"kim", "hangi"})
_KNOWN = frozenset({"belli", "bellimi"})  # "şampiyon belli mi", "belli oldu mu"
_OPINION = frozenset({"bence", "sence", "sizce", "bizce", "tahmin", "tahminin", "iddia"})
_WHOLE = frozenset({"turnuva", "lig", "kupa", "sezon"})
# The cup's accusative, which the morphology does not read: "kupayı kim aldı".
_CUP = frozenset({"kupa", "kupayi", "kupanin"})
_TAKE = frozenset({"kazan", "al", "kaldir"})
_DONE = frozenset({Tense.PAST, Tense.REPORTED})


def champion_asked(words: Sequence[str]) -> ChampionAsked | None:
    """What says the champion is asked, or None (see the module docstring)."""
    if _OPINION & set(words):
        return None
    read = [analyse(w) for w in words]
    who = [i for i, r in enumerate(read) if r is not None and r.stem in _WHO]
    verbs = [(i, r) for i, r in enumerate(read) if r is not None and r.pos is Pos.VERB]
    if any(r.tense not in _DONE for _, r in verbs):
        return None  # "kim şampiyon olur", "kupayı kim alacak": a guess
    title = [i for i, r in enumerate(read) if _stem(r) == "sampiyon" and not _many(r)]
    if title and all(r.stem == "ol" for _, r in verbs):
        asking = who + [i for i, w in enumerate(words) if w in _KNOWN]
        if asking:
            used = frozenset(title + asking + [i for i, _ in verbs])
            return ChampionAsked(used, we=_we(read))
    whole = [i for i, (w, r) in enumerate(zip(words, read, strict=True)) if _whole(w, r)]
    took = [i for i, r in verbs if r.stem in _TAKE and r.person in (None, Person.HE)]
    if whole and who and took and len(verbs) == 1:
        return ChampionAsked(frozenset(whole + who + took))
    return None


def _stem(word: Word | None) -> str | None:
    return None if word is None else word.stem


def _many(word: Word | None) -> bool:
    return word is not None and word.plural


def _whole(folded: str, word: Word | None) -> bool:
    if folded in _CUP:
        return True
    return word is not None and word.stem in _WHOLE and bool(word.case or word.possessive)


def _we(read: Sequence[Word | None]) -> bool:
    return any(r is not None and Person.WE in (r.person, r.possessive) for r in read)
