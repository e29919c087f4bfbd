"""A typed player's name against a squad: "ali", "Yılmaz", "Mehmt" or "M. Ali" for the
one player they mean, never a silent guess between two.

`match_player(typed, squad) -> Found | Ambiguous | Unknown`. Tiers, strictest first; the
first tier that reaches anyone decides (one player: Found, several: Ambiguous):

1. `EXACT`: the same name under Turkish casing (`names.key`: "ALİ YILMAZ" is Ali Yılmaz).
2. `LOOSE`: without diacritics and punctuation (`names.loose_key`: "ali yilmaz").
3. `PART`: the typed words are words of the name, in order, each whole or as an initial
   ("Ali", "Yılmaz", "Ali Yılmaz" for Ali Can Yılmaz, "A. Yılmaz", "M. Ali").
4. `TYPO`: within the edit tolerance of team names (`names.tolerance`: 1 edit for 4-9
   letters, 2 from 10; a letter swap is one edit), as a whole name or word by word as in
   tier 3 ("Mehmt" for Mehmet Demir, "Ali Yilmza").

Each tier is tried with the name as typed and, if that reaches nobody, with a suffix after
an apostrophe dropped ("Ali'nin" -> "Ali"). With `shirts` (player -> shirt number) and a
typed `shirt` ("10 Ali"), candidates wearing that number win over the others.
`Unknown.candidates` are the nearest few players (rapidfuzz ratio), for buttons.
`match_in_squads` looks in a match's two squads, the side the name was listed under first.
Deterministic, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from domain.names import key, loose_key, tolerance

__all__ = [
    "Ambiguous",
    "Found",
    "How",
    "InSquads",
    "Match",
    "Unknown",
    "labelled",
    "match_in_squads",
    "match_player",
    "part_of",
    "with_team",
]

_WITH_TEAM = re.compile(r"^(?P<name>.*?\S)\s*\((?P<team>[^()]*[^\W\d_][^()]*)\)\s*$")

SUGGESTIONS = 3
SUGGESTION_CUTOFF = 60.0
_SUFFIX = re.compile(r"['’`´][^\W\d_]*")
_INITIAL = re.compile(r"^[^\W\d_]\.?$")


class How(StrEnum):
    EXACT = "exact"
    LOOSE = "loose"
    PART = "part"
    TYPO = "typo"


@dataclass(frozen=True)
class Found:
    player: str  # as spelled in the squad
    how: How


@dataclass(frozen=True)
class Ambiguous:
    typed: str
    candidates: tuple[str, ...]  # best first
    how: How = How.TYPO  # the tier that reached them all


@dataclass(frozen=True)
class Unknown:
    typed: str
    candidates: tuple[str, ...]  # the nearest few, best first; may be empty


Match = Found | Ambiguous | Unknown


def part_of(typed: str, name: str) -> bool:
    """Whether `typed` is a part of `name` as tier 3 reads it ("Ali", "Yılmaz" or "A.
    Yılmaz" of Ali Yılmaz), and at least three letters: captains ask about a player by
    his first name ("Ali kaç gol attı") while the squad has his full name."""
    typed_words = _loose_words(typed)
    if len(loose_key(typed).replace(" ", "")) < 3 or not typed_words:
        return False
    return _words_in_order(typed_words, loose_key(name).split(), _Same(False))


def _initial(word: str) -> bool:
    return _INITIAL.match(word) is not None


def _words_in_order(typed: list[str], words: list[str], same: _Same) -> bool:
    """Each typed word, in order, is a word of `words` (whole, or as its initial)."""
    at = 0
    for t in typed:
        while at < len(words) and not same(t, words[at]):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True


class _Same:
    def __init__(self, typo: bool) -> None:
        self.typo = typo

    def __call__(self, typed: str, word: str) -> bool:
        if typed == word or (_initial(typed) and word.startswith(typed.rstrip("."))):
            return True
        if not self.typo or _initial(typed):
            return False
        allowed = tolerance(min(len(typed), len(word)))
        return allowed > 0 and OSA.distance(typed, word, score_cutoff=allowed) <= allowed


def _loose_words(text: str) -> list[str]:
    """Loose words, initials kept with their dot so "M." is not the word "m"."""
    words = []
    for raw in key(text).split():
        loose = loose_key(raw)
        if not loose:
            continue
        words.append(f"{loose}." if raw.endswith(".") and len(loose) == 1 else loose)
    return words


def _tiers(typed: str, squad: Sequence[str]) -> tuple[How, list[str]] | None:
    k, loose = key(typed), loose_key(typed)
    if not loose:
        return None
    exact = [p for p in squad if key(p) == k]
    if exact:
        return How.EXACT, exact
    same_loose = [p for p in squad if loose_key(p) == loose]
    if same_loose:
        return How.LOOSE, same_loose
    typed_words = _loose_words(typed)
    part = [p for p in squad if _words_in_order(typed_words, loose_key(p).split(), _Same(False))]
    if part:
        return How.PART, part
    compact = loose.replace(" ", "")
    near: list[tuple[int, str]] = []
    for p in squad:
        whole = loose_key(p).replace(" ", "")
        allowed = tolerance(min(len(compact), len(whole)))
        distance = OSA.distance(compact, whole, score_cutoff=allowed + 1)
        if distance <= allowed:
            near.append((distance, p))
        elif _words_in_order(typed_words, loose_key(p).split(), _Same(True)):
            near.append((allowed + 1, p))
    if near:
        near.sort(key=lambda pair: pair[0])
        return How.TYPO, [p for _, p in near]
    return None


def _suggestions(typed: str, squad: Sequence[str]) -> tuple[str, ...]:
    loose = loose_key(typed)
    scored = []
    for i, p in enumerate(squad):
        score = fuzz.ratio(loose, loose_key(p))
        if len(loose) >= 3 and any(w.startswith(loose) for w in loose_key(p).split()):
            score = max(score, 90.0)
        scored.append((-score, i, p))
    scored.sort()
    return tuple(p for s, _, p in scored[:SUGGESTIONS] if -s >= SUGGESTION_CUTOFF)


def match_player(
    typed: str,
    squad: Sequence[str],
    *,
    shirt: int | None = None,
    shirts: Mapping[str, int] | None = None,
) -> Match:
    """The player of `squad` that `typed` names; see the module docstring."""
    forms = [typed]
    bare = " ".join(_SUFFIX.sub("", typed).split())
    if bare and bare != typed:
        forms.append(bare)
    for form in forms:
        found = _tiers(form, squad)
        if found is None:
            continue
        how, players = found
        players = list(dict.fromkeys(players))
        if shirt is not None and shirts:
            wearing = [p for p in players if shirts.get(p) == shirt]
            players = wearing or players
        if len(players) == 1:
            return Found(players[0], how)
        return Ambiguous(typed, tuple(players), how)
    return Unknown(typed, _suggestions(bare or typed, squad))


@dataclass(frozen=True)
class InSquads:
    """Which team's squad `match` was found in (None unless Found)."""

    team: str | None
    match: Match


def match_in_squads(
    typed: str, squads: Mapping[str, Sequence[str]], *, listed_under: str | None = None
) -> InSquads:
    """`typed` looked up in every squad of `squads` (team -> players); the team it was
    listed under (`listed_under`) answers first if it knows the name. Reached in exactly
    one team, or by a stricter tier in one team than in the others: that team. Otherwise
    Ambiguous with every player reached, or Unknown with the nearest of all squads."""
    if listed_under is not None and listed_under in squads:
        first = match_player(typed, squads[listed_under])
        if isinstance(first, Found | Ambiguous):
            return InSquads(listed_under if isinstance(first, Found) else None, first)
    found: list[tuple[str, Match]] = [(t, match_player(typed, s)) for t, s in squads.items()]
    hits = [(t, m) for t, m in found if not isinstance(m, Unknown)]
    if len(hits) == 1:
        team, m = hits[0]
        return InSquads(team if isinstance(m, Found) else None, m)
    if hits:
        strongest = _strongest(hits)
        if strongest is not None:
            return strongest
        players = [p for _, m in hits for p in _players(m)]
        how = min((m.how for _, m in hits if isinstance(m, Found | Ambiguous)), key=_RANK.get)
        return InSquads(None, Ambiguous(typed, tuple(dict.fromkeys(players)), how))
    everyone = [p for s in squads.values() for p in s]
    return InSquads(None, Unknown(typed, _suggestions(typed, everyone)))


_RANK = {How.EXACT: 0, How.LOOSE: 1, How.PART: 2, How.TYPO: 3}


def _strongest(hits: list[tuple[str, Match]]) -> InSquads | None:
    """The one Found of a stricter tier than every other hit: an exact "Ali" in one squad
    beats a part "Ali Can" in the other."""
    ranked = sorted(hits, key=lambda hit: _rank(hit[1]))
    (team, best), (_, second) = ranked[0], ranked[1]
    if isinstance(best, Found) and _rank(best) < _rank(second):
        return InSquads(team, best)
    return None


def _rank(m: Match) -> int:
    return _RANK[m.how] if isinstance(m, Found | Ambiguous) else len(_RANK)


def _players(m: Match) -> tuple[str, ...]:
    return (m.player,) if isinstance(m, Found) else m.candidates


def with_team(typed: str) -> tuple[str, str | None]:
    """A name typed with its team in parentheses, "Ali (Kartallar)": ("Ali", "Kartallar");
    without one: (typed, None). How namesakes of two teams are told apart."""
    found = _WITH_TEAM.match(typed.strip())
    if found is None:
        return typed.strip(), None
    return found.group("name"), found.group("team").strip()


def labelled(players: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """(name, team) pairs as a refusal lists them: a name two teams have with its team
    ("Ali (A1)", "Ali (A4)"), any other alone."""
    counts: dict[str, int] = {}
    for name, _ in players:
        counts[name] = counts.get(name, 0) + 1
    return tuple(f"{n} ({t})" if counts[n] > 1 else n for n, t in players)
