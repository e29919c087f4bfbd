"""Questions about a match already played: its score, who won.

`result_asked(words, asked)` reads the folded words of a short message (`names.fold`,
letters and digits only; `asked`: it ends in "?") with `domain.morphology` and says whether
it asks for a result, or None:

* the score: "kaç" (or "kaç kaç") before a form of "bitmek" in the past ("maç kaç bitti",
  "son maçımız kaç bitti", "Şahinler Kurtlar maçı kaç kaç bitti", "kaç kaç bitmiş"), "kaç
  kaç" alone ("Kurtlar Şahinler kaç kaç"), "kaç oldu" beside a match or a score ("maç kaç
  kaç oldu", "skor kaç oldu"), "kaç farkla" ("kaç farkla kazandık");
* the winner: "kim", "hangi", "hangisi" with a past form of "kazanmak" or "yenmek" ("kim
  kazandı", "kim kazanmış", "hangi takım kazandı"), "kazanan kim", "maçı kim aldı"; and
  asked as yes or no: "kazandık mı", "Şahinler kazandı mı", "yenildik mi", "kaybettik mi",
  "berabere mi bitti";
* how it went, beside one match: "maç ne oldu", "son maç ne oldu", "Şahinler maçı ne
  oldu", "maçımız nasıl bitti", "maç nasıl geçti", "maç bitti mi";
* the result or the score named and asked: "sonuç ne", "maçın sonucu ne oldu", "skor
  kaç", "sonuç belli mi", "skor?"; plural, the latest results whoever asks ("sonuçlar
  ne", "maç sonuçları nasıl"): `latest`.

Never a result typed (the caller leaves a line with a score, "dün maç 3-1 bitti", to the
result reader) and never a guess or an opinion: "kim kazanır", "kim kazanacak", "kim
kazandı bence biz", "sizce kim kazandı"; nor not knowing ("kaç kaç bitti bilmiyorum"), a
week ("3. hafta kim kazandı": `domain.weekwords`), the whole league's or cup's winner
("ligi kim kazandı"), a postponed match, goals, points or the clock ("kaç gol oldu",
"puanımız kaç oldu", "maç kaçta bitti": when it ended, not how), nor a question put to
other people ("maçınız kaç bitti", "kazandınız mı").

`we` says it asks about the writer's team ("maçımız", "kazandık mı", "bizim maç"); `used`
are the positions of the words that say what is asked, the others may name a team or two.
Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.morphology import Person, Pos, Tense, Word, analyse

__all__ = ["ResultAsked", "result_asked"]


@dataclass(frozen=True)
class ResultAsked:
    we: bool = False
    used: frozenset[int] = frozenset()
    latest: bool = False  # "sonuçlar ne": the tournament's latest results, not a team's


_PAST = frozenset({Tense.PAST, Tense.REPORTED})
# Asking words, folded; the particle written apart too.
_WHO = frozenset({"kim", "kimler", "hangi", "hangisi", "hangileri"})
_PARTICLES = frozenset({"mi", "mu", "miyiz", "muyuz", "midir", "mudur"})
_ASKING = _WHO | _PARTICLES | {"ne", "nedir", "kac", "nasil", "belli", "acaba"}
# Words beside the question that name neither a team nor what is asked.
_ASIDE = frozenset(
    {"son", "dun", "dunku", "dunki", "demin", "az", "once", "bugun", "bugunku", "aksam"}
    | {"aksamki", "bilen", "var", "yok", "abi", "ya", "beyler", "arkadaslar", "hocam"}
    | {"kanka", "bizim", "biz", "takim", "takimi", "olarak", "kazanan", "farkla", "tam"}
)
# An opinion or a bet, not a question: "kim kazandı bence biz", "sizce kim kazandı".
_OPINION = frozenset({"bence", "sence", "sizce", "bizce", "tahmin", "tahminim", "iddia"})
# Not knowing is said, not asked: "kaç kaç bitti bilmiyorum", "unuttum kaç bitti".
_UNKNOWING = ("bilmiyo", "bilmiyor", "hatirlamiyo", "unuttum", "unutmusum")
# Stems of other questions: the whole tournament's winner, a postponed match, goals,
# points, the clock ("saat kaç oldu").
_ELSE = frozenset(
    {"lig", "turnuva", "sezon", "kupa", "sampiyon", "ertele", "erteleme", "iptal", "gol"}
    | {"kart", "puan", "averaj", "sira", "saat", "dakika", "hafta", "kacinci", "kacta"}
)
_WIN = frozenset({"kazan", "yen", "kaybet"})


def _stem(word: Word | None) -> str | None:
    return None if word is None else word.stem


def _past(word: Word | None, stems: frozenset[str]) -> bool:
    return word is not None and word.stem in stems and word.tense in _PAST


def _ended(word: Word | None) -> bool:
    """ "bitti", "bitmiş", "bitirdik" (the morphology reads "bitir-" as an aorist of "bit")."""
    if word is None or word.stem != "bit":
        return False
    return word.tense in _PAST or word.typed.startswith(("bitird", "bitirm"))


def _matches(read: Sequence[Word | None]) -> list[int]:
    return [i for i, r in enumerate(read) if _stem(r) == "mac"]


def _elsewhere(words: Sequence[str], read: Sequence[Word | None]) -> bool:
    """An opinion, not knowing, another question's words, or people asked, not the bot."""
    if _OPINION & set(words) or any(w.startswith(_UNKNOWING) for w in words):
        return True
    if any(w.startswith(("hafta", "saat", "gol")) for w in words):
        return True
    for r in read:
        if r is None:
            continue
        if r.stem in _ELSE or r.negative:
            return True
        if Person.YOU_ALL in (r.person, r.possessive) or Person.YOU in (r.person,):
            return True  # "maçınız kaç bitti", "kazandınız mı": asked of the others
    return False


def _score(words: Sequence[str], read: Sequence[Word | None]) -> set[int] | None:
    """ "kaç bitti", "kaç kaç bitti", "kaç kaç", "skor kaç oldu", "kaç farkla"."""
    for i, word in enumerate(words):
        if word == "kackac":
            double, j = True, i + 1
        elif word == "kac" and (read[i] is None or read[i].case is None):
            double = i + 1 < len(words) and words[i + 1] == "kac"
            j = i + 2 if double else i + 1
        else:
            continue
        verb = read[j] if j < len(words) else None
        said = set(range(i, j))
        if _ended(verb) or (j < len(words) and words[j] == "farkla"):
            return said | {j}
        named = _matches(read) or [k for k, r in enumerate(read) if _stem(r) in _NAMED]
        if _past(verb, frozenset({"ol"})) and (double or named):
            return said | {j}
        if double and (verb is None or verb.pos is not Pos.VERB):
            return said  # "Kurtlar Şahinler kaç kaç"
    return None


_NAMED = frozenset({"sonuc", "skor"})


def _winner(words: Sequence[str], read: Sequence[Word | None]) -> set[int] | None:
    """ "kim kazandı", "kazanan kim", "maçı kim aldı", "kazandık mı", "berabere mi bitti"."""
    who = [i for i, w in enumerate(words) if w in _WHO or _stem(read[i]) == "kim"]
    won = [i for i, r in enumerate(read) if _past(r, _WIN)]
    if who and won:
        return {*who, *won}
    winner = [i for i, r in enumerate(words) if r == "kazanan"]
    if who and winner:
        return {*who, *winner}
    took = [i for i, r in enumerate(read) if _past(r, frozenset({"al"}))]
    if who and took and _matches(read):
        return {*who, *took}
    for i, r in enumerate(read):
        if not (_past(r, _WIN) or words[i] == "berabere"):
            continue
        after = words[i + 1] if i + 1 < len(words) else ""
        if (r is not None and r.question) or after in _PARTICLES:
            ended = [i + 2] if i + 2 < len(words) and _ended(read[i + 2]) else []
            return {i, *([i + 1] if after else []), *ended}
    return None


def _outcome(words: Sequence[str], read: Sequence[Word | None]) -> set[int] | None:
    """One match and how it went: "maç ne oldu", "maç nasıl bitti", "maç bitti mi"."""
    one = [i for i in _matches(read) if not (read[i] and read[i].plural)]
    if not one:
        return None
    for i in range(len(words)):
        after = read[i + 1] if i + 1 < len(words) else None
        if words[i] == "ne" and _past(after, frozenset({"ol", "yap"})):
            return {*one, i, i + 1}
        if words[i] == "nasil" and (_ended(after) or _past(after, frozenset({"gec", "ol"}))):
            return {*one, i, i + 1}
        following = words[i + 1] if i + 1 < len(words) else ""
        if _ended(read[i]) and ((read[i] and read[i].question) or following in _PARTICLES):
            return {*one, i, *([i + 1] if following else [])}
    return None


def _named(words: Sequence[str], read: Sequence[Word | None], asked: bool) -> set[int] | None:
    """ "sonuç ne", "maçın sonucu ne oldu", "skor kaç", "sonuç belli mi", "skor?"."""
    named = [i for i, r in enumerate(read) if _stem(r) in _NAMED]
    if not named:
        return None
    asking = [i for i, w in enumerate(words) if w in _ASKING or (read[i] and read[i].question)]
    if asking or (asked and len(words) <= 3):
        ended = [i for i, r in enumerate(read) if _ended(r) or _past(r, frozenset({"ol"}))]
        return {*named, *asking, *ended, *_matches(read)}
    return None


def result_asked(words: Sequence[str], asked: bool = False) -> ResultAsked | None:
    """Whether the folded `words` ask for a played match's result; see the docstring."""
    read = [analyse(w) for w in words]
    if not words or _elsewhere(words, read):
        return None
    found = (
        _score(words, read)
        or _winner(words, read)
        or _outcome(words, read)
        or _named(words, read, asked)
    )
    if found is None:
        return None
    plural = [i for i, r in enumerate(read) if _stem(r) in _NAMED and r is not None and r.plural]
    aside = {i for i, w in enumerate(words) if w in _ASIDE or w in _ASKING}
    we = any(r is not None and r.we for r in read) or bool({"biz", "bizim"} & set(words))
    used = found | aside | set(_matches(read)) | set(plural)
    return ResultAsked(we and not plural, frozenset(used), bool(plural))
