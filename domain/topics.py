"""Questions about the tournament rather than the next match: how many matches, when it
ends, a postponed match, the teams met, the table, a team's place.

`topic_in(words)` reads the folded words of a short message (`names.fold`, letters and
digits only) with `domain.morphology` and gives what it asks, or None:

* COUNT: "kaç" before a form of "maç" ("bugün kaç maç var", "kaç maçımız kaldı", "grupta
  kaç maç oynuyoruz", "toplam kaç maçımız var"); `detail` says what is counted: today,
  left, group, played or total;
* DATES: the end of the league, the season, the tournament or the day ("lig ne zaman
  bitiyor", "sezon ne zamana kadar", "bugün kaça kadar sürer"), detail "end"; the last
  match ("son maç ne zaman", "ligin son maçı hangi tarihte"), detail "last_match"; its
  start ("lig ne zaman başlıyor", "sezon başladı mı", "ilk maç ne zaman", "turnuvanın ilk
  maçı kaçta"), detail "start", never in the first person ("kaçta başlıyoruz" asks the
  time of our match);
* POSTPONED: "ertelenen maç ne zaman", "maçımız ertelendi mi", "maç iptal mi": a form of
  "ertele" or "iptal" in a question (an organiser's "maç ertelendi" is news, not asked);
  a match waiting for a date ("tarihi belli olmayan maç var mı", "hangi maçların tarihi
  belli değil", "belirsiz maçlar"): asked, or named alone before the match word;
* OPPONENTS: the teams met in the group or the league ("rakiplerimiz kimler", "grupta
  kimler var", "gruptaki takımlar hangileri", "kimlerle oynuyoruz bu sezon");
* TABLE: "puan durumu", "puan tablosu", "sıralama nasıl", "kim lider", "ligde kim önde",
  "ligde durum ne", "lig durumu" (alone: "lig durumu karışık" is said, not asked); `mine`
  when it asks the writer's own ("puanımız", "sıramız");
* PLACE: a place asked without "we" ("Kartallar kaçıncı", "kaçıncı olduk").

`used` are the positions of the words that say so; the other words may name a team.
Deterministic, no I/O.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain.morphology import Case, Person, Pos, Tense, Word, analyse

__all__ = ["ASKING", "Topic", "TopicQuestion", "topic_in"]


class Topic(StrEnum):
    COUNT = "count"
    DATES = "dates"
    POSTPONED = "postponed"
    OPPONENTS = "opponents"
    TABLE = "table"
    PLACE = "place"
    KNOCKOUT = "knockout"  # "eleme tablosu": the table /eleme shows


@dataclass(frozen=True)
class TopicQuestion:
    topic: Topic
    detail: str | None = None  # COUNT: today/left/group/played/total; DATES: end/last_match
    we: bool = False  # asked about the writer's team ("maçımız", "oynuyoruz")
    used: frozenset[int] = frozenset()
    group: str | None = None  # a group named by its letter: "a grubu puan durumu" -> "A"


# Words that ask, folded; "mi" and its forms written apart too.
ASKING = frozenset(
    {"ne", "nezaman", "nzmn", "nezmn", "kac", "kacta", "hangi", "hangisi", "hangileri", "kim"}
    | {"mi", "mu", "miyiz", "muyuz", "misin", "musun", "nasil", "nedir", "belli", "kimler"}
)
_SEASON = frozenset({"lig", "sezon", "turnuva"})
_TODAY = frozenset({"bugun", "bugunku"})
_TOTAL = frozenset({"toplam", "sezon", "lig", "ligde", "hepsi", "tum", "butun"})
_AHEAD = frozenset({"onde", "ondeki", "birinci", "lider", "zirvede"})


def _stem(word: Word | None) -> str | None:
    return None if word is None else word.stem


def _asks(words: Sequence[str], read: Sequence[Word | None]) -> bool:
    return any(
        w in ASKING or (r is not None and (r.question or r.pos is Pos.QUESTION))
        for w, r in zip(words, read, strict=True)
    )


def _we(read: Sequence[Word | None], words: Sequence[str]) -> bool:
    return any(r is not None and r.we for r in read) or "bizim" in words or "bize" in words


def _where(read: Sequence[Word | None], stems: frozenset[str]) -> list[int]:
    return [i for i, r in enumerate(read) if r is not None and r.stem in stems]


def _count(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    at = next(
        (
            i
            for i in range(len(words) - 1)
            if _stem(read[i]) == "kac" and read[i] is not None and read[i].case is None
            if _stem(read[i + 1]) == "mac"
        ),
        None,
    )
    if at is None:
        return _teams_counted(words, read)
    if any(w.startswith("hafta") for w in words):
        return None  # "kaç maç haftası kaldı": the weeks left
    used = {at, at + 1}
    played = [
        i
        for i, r in enumerate(read)
        if r and r.stem == "oyna" and r.tense is Tense.PAST and r.person is Person.WE
    ]
    left = _where(read, frozenset({"kal"}))
    group = _where(read, frozenset({"grup", "grub"}))
    if _TODAY & set(words):
        detail = "today"
    elif left:
        detail, used = "left", used | set(left)
    elif group:
        detail, used = "group", used | set(group)
    elif played:
        detail, used = "played", used | set(played)
    else:
        detail = "total"
    used |= {i for i, w in enumerate(words) if w in _TOTAL | _TODAY or w in ("var", "yok")}
    used |= set(_where(read, frozenset({"oyna", "yap"})))
    return TopicQuestion(Topic.COUNT, detail, _we(read, words), frozenset(used))


def _teams_counted(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    """ "ligde kaç takım var", "turnuvada kaç takım var": the tournament's teams counted
    (detail "teams"); "kaç takım çıkıyor" asks who goes through, "grupta kaç takım" a
    group's, neither this."""
    at = next(
        (i for i in range(len(words) - 1) if words[i] == "kac" and _stem(read[i + 1]) == "takim"),
        None,
    )
    if at is None or "var" not in words[at + 2 :] or _where(read, frozenset({"grup", "grub"})):
        return None
    whole = _where(read, frozenset(_SEASON))
    rest = [w for i, w in enumerate(words) if i not in (at, at + 1, *whole) and w != "var"]
    if not set(rest) <= {"bu", "toplam", "mi", "abi", "hocam", "acaba"}:
        return None
    used = {at, at + 1, *whole, *(i for i, w in enumerate(words) if w == "var")}
    return TopicQuestion(Topic.COUNT, "teams", False, frozenset(used))


def _dates(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    ends = [
        i
        for i, r in enumerate(read)
        if r is not None and r.stem in ("bit", "sur") and r.tense is not Tense.PAST
    ]
    whole = [i for i, w in enumerate(words) if _stem(read[i]) in _SEASON or w in _TODAY]
    # "lig ne zaman sona eriyor", "ligin bitiş tarihi ne"
    ends += [i for i in range(len(words) - 1) if words[i] == "sona" and words[i + 1][:2] == "er"]
    ends += [i for i, w in enumerate(words) if w.startswith("bitis")]
    until = [
        i
        for i in range(1, len(words))
        if words[i] == "kadar" and words[i - 1] in ("zamana", "kaca")
    ]
    if any(w.startswith("hafta") for w in words):
        return None  # "ligin bitmesine kaç hafta kaldı": the weeks left
    if whole and (ends or until) and (_asks(words, read) or until):
        return TopicQuestion(Topic.DATES, "end", False, frozenset(ends + whole + until))
    last = [
        i
        for i in range(len(words) - 1)
        if words[i] == "son" and _stem(read[i + 1]) == "mac" and not (read[i + 1] or _NONE).plural
    ]
    if last and _asks(words, read):
        used = {last[0], last[0] + 1, *whole, *_where(read, frozenset({"tarih"}))}
        return TopicQuestion(Topic.DATES, "last_match", _we(read, words), frozenset(used))
    return None


# Words that ask when ("ne zaman", "saat kaçta", "hangi tarihte"), folded; "kaçta" is read.
_WHEN = frozenset({"zaman", "zmn", "zman", "nezaman", "nzmn", "nezmn", "saat", "tarih", "gun"})
_WHEN |= {"tarihte", "tarihinde", "gunu", "gunde"}
# Verbs of a first match or a start asked about; any other ("ilk maç ne zaman bitti", "ilk
# maçta kim attı") asks about something else.
_STARTING = frozenset({"basla", "oyna", "ol"})


def _start(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    """The start of the league, the season or the tournament: a form of "başla" beside one
    of them, asked when or whether ("lig ne zaman başlıyor", "sezon başladı mı"), or the
    first match asked when ("ilk maç ne zaman", "ligin ilk maçı kaçta"); detail "start"."""
    if any(w.startswith("hafta") for w in words):
        return None  # "ilk hafta ne zaman": a week
    if any(r is not None and r.pos is Pos.VERB and r.stem not in _STARTING for r in read):
        return None
    begins = _where(read, frozenset({"basla"}))
    whole = _where(read, _SEASON)
    first = [i for i in range(len(words) - 1) if words[i] == "ilk" and _stem(read[i + 1]) == "mac"]
    we = _we(read, words)
    if we and not first:
        return None  # "lige kaçta başlıyoruz": our next match
    when = [
        i
        for i, (w, r) in enumerate(zip(words, read, strict=True))
        if w in _WHEN or (r is not None and r.stem == "kac" and r.case is Case.LOCATIVE)
    ]
    particle = [
        i
        for i, (w, r) in enumerate(zip(words, read, strict=True))
        if w in ("mi", "mu") or (r is not None and r.question)
    ]
    if begins and whole and (when or particle):
        used = {*begins, *whole, *when, *particle}
    elif first and when:
        used = {*first, *(i + 1 for i in first), *whole, *begins, *when}
    else:
        return None
    used |= {i for i, w in enumerate(words) if w in ("ne", "hangi", "acaba")}
    return TopicQuestion(Topic.DATES, "start", we, frozenset(used))  # "ilk maçımız": ours


def _postponed(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    moved = _where(read, frozenset({"ertele", "erteleme", "iptal"}))
    if not moved:
        return None
    participle = any((read[i] or _NONE).tense is Tense.PARTICIPLE for i in moved)
    if not (participle or _asks(words, read)):
        return None  # "maç ertelendi": news
    return TopicQuestion(Topic.POSTPONED, None, _we(read, words), frozenset(moved))


# A match without a date: "belirsiz maç", "tarihsiz maç", "tarihi belli değil/olmayan".
_UNDATED = frozenset({"belirsiz", "tarihsiz"})
_NOT = frozenset({"degil", "deyil", "olmayan", "olmayanlar"})


def _undated(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    """ "tarihi belli olmayan maç var mı", "hangi maçların tarihi belli değil", "belirsiz
    maçlar": the matches waiting for a date. Said of a match ("maç saati belirsiz"), it is
    chat unless asked; named before the match word, it asks on its own ("belirsiz maçlar")."""
    marks = [i for i, w in enumerate(words) if w in _UNDATED]
    for i in range(len(words) - 2):
        if _stem(read[i]) == "tarih" and words[i + 1] == "belli" and words[i + 2] in _NOT:
            marks += [i, i + 1, i + 2]
    matches = _where(read, frozenset({"mac"}))
    if not marks or not matches:
        return None
    asked = any(
        w in ASKING or (r is not None and (r.question or r.pos is Pos.QUESTION))
        for i, (w, r) in enumerate(zip(words, read, strict=True))
        if i not in marks
    )
    named = max(marks) + 1 in matches  # "belirsiz maçlar", "tarihi belli olmayan maç"
    rest = [w for i, w in enumerate(words) if i not in marks and i not in matches]
    if not (asked or (named and all(w in _CALLS for w in rest))):
        return None
    used = {*marks, *matches, *(i for i, w in enumerate(words) if w in ("var", "yok", "hangi"))}
    we = _we([r for i, r in enumerate(read) if i not in marks], words)  # not "tarihsiz"
    return TopicQuestion(Topic.POSTPONED, None, we, frozenset(used))


def _opponents(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    rivals = [i for i, r in enumerate(read) if r and r.stem == "rakip" and r.plural and r.we]
    who = [i for i, r in enumerate(read) if r and r.stem == "kim" and (r.plural or r.case is None)]
    many_who = [i for i in who if (read[i] or _NONE).plural]
    group = _where(read, frozenset({"grup", "grub", "lig", "sezon"}))
    teams = [i for i, r in enumerate(read) if r and r.stem == "takim" and r.plural]
    which = [i for i, w in enumerate(words) if w in ("hangi", "hangileri", "kimler")]
    if rivals and (who or which):
        used = {*rivals, *who, *group}
    elif many_who and (group or _we(read, words)):
        used = {*many_who, *group, *_where(read, frozenset({"oyna"}))}
    elif teams and which and group:
        used = {*teams, *which, *group}
    elif who and group and "var" in words:
        used = {*who, *group}
    else:
        return None
    used |= {i for i, w in enumerate(words) if w in ("var", "bizim", "bu")}
    return TopicQuestion(Topic.OPPONENTS, None, True, frozenset(used))


def _table(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    points = _where(read, frozenset({"puan"}))
    state = _where(read, frozenset({"durum"}))
    table = _where(read, frozenset({"tablo", "siralama"}))
    lead = _where(read, frozenset({"lider", "liderlik"}))
    ahead = [i for i, w in enumerate(words) if w in _AHEAD]
    whole = _where(read, frozenset({"lig", "grup", "grub"}))
    mine = any((read[i] or _NONE).possessive is Person.WE for i in points + state + table)
    knockout = [i - 1 for i in table if i > 0 and _stem(read[i - 1]) == "eleme"]
    if points and state:
        used = {*points, *state}
    elif table:
        used = {*table, *knockout}
    elif (lead or ahead) and "kim" in words + [_stem(r) or "" for r in read]:
        used = {*lead, *ahead, *_where(read, frozenset({"kim"}))}
    elif whole and state and (_asks(words, read) or _named_state(words, read, whole, state)):
        used = {*whole, *state}  # "ligde durum ne"; "lig durumu", "grup durumu?"
    else:
        return None
    used |= {*whole, *(i for i, w in enumerate(words) if w in ("nasil", "ne", "alemde"))}
    used |= {i - 1 for i in state if i > 0 and words[i - 1] == "son"}  # "ligde son durum ne"
    rest = [r for i, r in enumerate(read) if i not in used]
    if not _asks(words, read) and (len(rest) > 2 or any(r and r.pos is Pos.PRONOUN for r in rest)):
        return None  # "puan durumu bizi üzüyor": said, not asked for
    topic = Topic.KNOCKOUT if knockout and not (points and state) else Topic.TABLE
    return TopicQuestion(topic, None, mine, frozenset(used))


def _named_state(
    words: Sequence[str], read: Sequence[Word | None], whole: list[int], state: list[int]
) -> bool:
    """ "lig durumu", "ligin durumu", "grup durumu?": the table named as "puan durumu" is,
    with nothing beside it but a call ("abi"); "lig durumu karışık" is said, not asked."""
    named = [i for i in state if i - 1 in whole and (read[i] or _NONE).possessive is Person.HE]
    rest = [w for i, w in enumerate(words) if i not in whole and i not in state]
    return bool(named) and all(w in _CALLS for w in rest)


def _place(words: Sequence[str], read: Sequence[Word | None]) -> TopicQuestion | None:
    at = [i for i, r in enumerate(read) if r and r.stem == "kacinci"]
    if not at:  # "puanımız kaç oldu", "sıramız ne", "averajımız kaç", "gol farkımız ne"
        ours = [i for i, r in enumerate(read) if r and r.stem in _OURS_PLACE and r.we]
        gap = [i for i, w in enumerate(words[1:], 1) if w.startswith("farkimiz")]
        ours += [j for i in gap if words[i - 1] in ("gol", "puan") for j in (i - 1, i)]
        # "sıramız ne abi", "puanımız ne durumda", "gol farkımız ne durumda abi"
        said = [i for i, w in enumerate(words) if w not in _CALLS]
        last = said[-1] if said else -1
        asked = [i for i, w in enumerate(words) if w == "kac" or (w == "ne" and i == last)]
        asked += [i for i, w in enumerate(words[:-1]) if w == "ne" and words[i + 1] == "durumda"]
        asked += [i + 1 for i in asked if words[i] == "ne" and i + 1 < len(words)]
        if ours and asked and len(said) <= 4:
            return TopicQuestion(Topic.PLACE, None, True, frozenset(ours + asked))
    if not at or _where(read, frozenset({"saha", "mac", "hafta"})):
        return None  # "kaçıncı sahada oynuyoruz" asks for the pitch
    became = [i for i, w in enumerate(words) if w in ("olduk", "bitirdik", "kaldik")]
    we = bool(became) or _we(read, words)
    return TopicQuestion(Topic.PLACE, None, we, frozenset(at + became))


_NONE = Word("", "", Pos.NOUN)
# Calling the others, not a word of the question ("abi", "hocam").
_CALLS = frozenset({"abi", "hocam", "ya", "kanka", "reis", "beyler"})
# Our points, place and goal difference ("averaj") tell our standing.
_OURS_PLACE = frozenset({"puan", "sira", "averaj"})


def topic_in(words: Sequence[str]) -> TopicQuestion | None:
    """What `words` (folded) ask about the tournament, or None; see the module docstring."""
    read = [analyse(w) for w in words]
    for rule in (_postponed, _undated, _count, _dates, _start, _opponents, _place, _table):
        found = rule(words, read)
        if found is not None:
            return _with_group(found, words, read)
    return None


def _with_group(
    found: TopicQuestion, words: Sequence[str], read: Sequence[Word | None]
) -> TopicQuestion:
    """The group a letter before a form of "grup" names ("a grubunda", "B grubu")."""
    for i, word in enumerate(words[:-1]):
        if len(word) == 1 and word.isalpha() and _stem(read[i + 1]) in ("grup", "grub"):
            used = found.used | {i, i + 1}
            return dataclasses.replace(found, used=used, group=word.upper())
    return found
