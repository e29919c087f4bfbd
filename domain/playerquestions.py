"""Questions about the players rather than the matches: the top scorer, the banned, a
team's goals (issue 22).

`player_question(words, asked)` reads the folded words of a short message (`names.fold`,
letters and digits only; `asked`: it ends in "?") and gives what it asks, or None:

* SCORERS: the gol kralı or the scorers' ranking: a "king" beside a goal ("gol kralı kim",
  "gol kırallığı kimde", "golkralı"), a scorer noun with a "who" or a ranking ("en golcü
  kim", "ilk 3 golcü kim", "Şahinlerin golcüsü kim", "golcüler listesi var mı", "en skorer
  oyuncu"), a goal's ranking ("gol sıralaması ne durumda"), "the most" and a goal ("en çok
  gol atan kim", "kim en çok gol attı", "en fazla gol kimde"; "en güzel golü kim attı" is
  not), and "who, how many goals" ("kim kaç gol attı", "kimin kaç golü var");
* BANNED: the players banned now: "cezalı" in any form ("kimler cezalı", "cezalılar",
  "cezalımız var mı", "Ahmet cezalı mı"); a ban had ("kimler ceza aldı", "ceza alan var
  mı", "kart cezası olan", "men cezası", "Mehmet'in cezası bitti mi", "cezadan dolayı
  oynamayan"); a card had ("kırmızı yiyen var mı", "kırmızı kart gören kimdi"); who cannot
  play ("bu hafta kim oynayamıyor"). The penalty box and kick ("ceza sahası", "ceza
  alanı", "ceza atışı") and other fines ("park cezası", "trafik cezası") are no ban;
* GOALS: a team's goals ("kaç golümüz var", "kaç tane gol attık", "golümüz kaç", "gol
  sayımız", "attığımız gol sayısı", "yediğimiz gol ne kadar", "kaç attık kaç yedik",
  "Şahinler kaç gol yedi"), or the tournament's with neither "we" nor a team. "Averajımız
  kaç" and "gol farkımız" ask for the standing, not the goals;
* a list's name alone ("gol krallığı", "kart durumu") and a squad ("kadromuz", "Kartallar
  kadrosu"): `domain.listnames`;
* PLAYS: whether one may play, asked of him by name ("Veli oynayabilir mi", "Veli oynar
  mı", "Ali bu maçta oynayabilir mi"): "oyna" able or in the aorist, third person
  singular, asked with "mı", and when he is back ("Hasan ne zaman döner") (the caller
  answers only for a player of the tournament).

Each needs a word that asks ("kim", "kaç", "mı", "ne kadar", ...) or a final "?" ("gol
kralı Ali" is news, not a question), but for a count of goals named as one ("attığımız gol
sayısı"). A verb in the first or second person singular or the second plural ("kaç gol
attın", "kaç gol attınız dün", "kaç gol atsam gol kralı olurum", "kırmızı yedin mi") is
chat among the players, not asked of the bot. `we` says it asks about the writer's team;
`used` are the positions of the words that say what is asked, the others may name a team.
Deterministic, no I/O.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz.distance import OSA

from domain.listnames import FAIR, KING, RANKING, SCORER, is_goal, named_list
from domain.morphology import Case, Person, Pos, Tense, Word, analyse

__all__ = ["PlayerQuestion", "PlayerTopic", "player_question"]


class PlayerTopic(StrEnum):
    SCORERS = "scorers"
    BANNED = "banned"
    GOALS = "goals"
    CARDS = "cards"
    FAIR_PLAY = "fair_play"
    PLAYS = "plays"
    SQUAD = "squad"


@dataclass(frozen=True)
class PlayerQuestion:
    topic: PlayerTopic
    we: bool = False
    used: frozenset[int] = frozenset()


# Words that ask, folded ("mi" and its forms written apart too).
_ASKING = frozenset(
    {"kim", "kimler", "kimde", "kimdir", "kimdi", "kimin", "kimmis", "kac", "kactir", "hangi"}
    | {"hangisi", "hangileri", "mi", "mu", "mii", "varmi", "yokmu", "nedir", "ne", "nasil"}
    | {"onde", "lider", "belli", "kimse", "misin", "musun", "misiniz", "musunuz", "acaba"}
    | {"kimlerde", "kimlerin", "kacinci", "kacinciyiz", "kacincidir"}
)
# "Who": the words that ask for a person.
_WHO = frozenset({"kim", "kimler", "kimde", "kimdir", "kimdi", "kimin", "kimmis", "hangi"})
_WHO |= {"hangisi", "hangileri", "kimlerde", "kimlerin"}
_WE = frozenset({"bizim", "bize", "bizde", "bizden", "biz"})
# A noun with the first person plural possessive, and a case ending ("kalemize", "sayımız").
_OURS = re.compile(r"[a-z]{3,}[iu]?m[iu]z(?:[iu]n|[ae]|d[ae]n?)?")
_FILLER = frozenset({"en", "cok", "fazla", "oyuncu", "oyuncumuz", "oyuncular", "var", "yok"})
_FILLER |= {"toplam", "toplamda", "tane", "ilk", "kadar", "listesi", "liste", "olan", "dolayi"}
_FILLER |= {"yuzunden", "durumda", "simdiye", "suana"}

_TO_A_FRIEND = frozenset({Person.I, Person.YOU, Person.YOU_ALL})

# Scorers (their words: domain.listnames).
_MOST = frozenset({"cok", "fazla"})
# Bans: what a ban is for ("kart cezası", "2 maç cezası"), what a "ceza" compound is
# when it is no ban (the penalty box, kick and spot), the cards.
_BAN_KINDS = frozenset({"kart", "kirmizi", "sari", "men", "mac", "disiplin", "ihrac"})
_BAN_KINDS |= {"kartlik", "maclik"}
_FINES = frozenset({"trafik", "park", "vergi", "para", "hiz", "otopark", "fatura"})
_NOT_A_BAN = ("saha", "atis", "nokta", "yay", "vurus", "alani", "alanin", "alanda", "alana")
# A red card bans; a yellow only once they add up ("sarı kartı kim yedi" asks of a match).
_RED = ("kirmizi", "kirmzi", "krmizi")
_HAD = frozenset({"ye", "gor", "al"})  # kart yemek, görmek, almak; ceza almak, yemek
# Goals: the standing's words ("averaj", "gol farkı").
_STANDING = ("averaj", "fark", "avaraj", "avarej")


def _ate(word: str) -> Word | None:
    """A form of "ye" (eat; concede a goal, get a card), irregular ("yiyen") and two letters
    long, so left out of the lexicon (it would read "yer", "yedi" the number): its endings
    are read as on "at", the aorist left out ("yer" is the place)."""
    rest = word[2:]  # "ye-di", "yi-yen"
    if not word.startswith(("ye", "yiy")) or not rest:
        return None
    read = analyse("at" + rest)
    if read is None or read.stem != "at" or read.typo or read.tense is Tense.AORIST:
        return None
    return dataclasses.replace(read, typed=word, stem="ye")


def _read(word: str) -> Word | None:
    return analyse(word) or _ate(word)


def _stem(word: Word | None) -> str | None:
    return None if word is None else word.stem


def _asks(words: Sequence[str], read: Sequence[Word | None], asked: bool) -> bool:
    return asked or any(
        w in _ASKING or (r is not None and r.question) for w, r in zip(words, read, strict=True)
    )


def _how_much(words: Sequence[str]) -> int | None:
    """The position of "ne kadar" (how much), or None."""
    for i, w in enumerate(words[:-1]):
        if w == "ne" and words[i + 1] == "kadar":
            return i
    return None


def _to_a_friend(read: Sequence[Word | None]) -> bool:
    """A verb of scoring, conceding, being or getting in the singular or "you": "kaç gol
    attın", "gol kralı olurum", "kırmızı yedin mi"; a request to the bot ("atarmısın") is
    none."""
    return any(
        r is not None
        and r.stem in ("at", "ye", "ol", "gor", "al")
        and r.person in _TO_A_FRIEND
        and not (r.question and r.tense is Tense.AORIST)
        for r in read
    )


def _near_king(word: str) -> bool:
    return len(word) >= 4 and OSA.distance(word[:4], "kral", score_cutoff=1) <= 1


def _scorers(words: Sequence[str], read: Sequence[Word | None]) -> set[int] | None:
    """The positions saying "top scorer" or "the scorers' ranking", or None."""
    goal = [i for i, w in enumerate(words) if is_goal(w)]
    king = [i for i, w in enumerate(words) if w.startswith(KING)]
    # One letter off right after a goal: "gol karlı", "gol kraali".
    king += [i + 1 for i in goal if i + 1 < len(words) and _near_king(words[i + 1])]
    if king and (goal or words[king[0]].startswith("golkral")):
        return {*king, *goal}  # "gol kralı kim", "gol kırallığı kimde"
    who = [i for i, w in enumerate(words) if w in _WHO]
    ranking = [i for i, w in enumerate(words) if w.startswith(RANKING)]
    first = [i for i, w in enumerate(words) if w in ("en", "ilk")]
    scorer = [i for i, w in enumerate(words) if w.startswith(SCORER)]
    if scorer and (who or ranking or first):  # "en golcü kim", "golcüler listesi var mı"
        return {*scorer, *ranking, *first, *(i + 1 for i in first if i + 1 < len(words))}
    ranked = [i for i in goal if i + 1 < len(words) and words[i + 1].startswith(RANKING)]
    if ranked:  # "gol sıralaması ne durumda"
        return {*ranked, *(i + 1 for i in ranked)}
    most = [i for i, w in enumerate(words[:-1]) if w == "en" and words[i + 1] in _MOST]
    shot = [i for i, r in enumerate(read) if _stem(r) == "at"]
    conceded = any(_stem(r) == "ye" for r in read)
    if most and goal and (shot or who) and not conceded:  # "en çok gol atan kim"
        return {*most, *(i + 1 for i in most), *goal, *shot}
    counted = [i for i, w in enumerate(words) if w == "kac"]
    if who and counted and goal:  # "kim kaç gol attı", "kimin kaç golü var"
        return {*who, *counted, *goal, *shot}
    return None


def _ban_noun(i: int, words: Sequence[str], read: Sequence[Word | None]) -> bool:
    """Whether the "ceza" at `i` is a player's ban: taken or had ("ceza aldı", "ceza
    alan", "ceza yedi"), listed ("ceza listesi"), or a ban's own ("kart cezası", "men
    cezası", "Mehmet'in cezası", "cezası olan", "cezadan dolayı"); not the box ("ceza
    sahası", "ceza alanı") nor another fine ("park cezası")."""
    following = words[i + 1] if i + 1 < len(words) else ""
    if following.startswith(_NOT_A_BAN):
        return False
    if _had(read[i + 1] if i + 1 < len(words) else None):
        return True  # "ceza aldı", "ceza alan var mı", "kim ceza yedi"
    if following.startswith(("liste", "durum")):
        return True  # "ceza listesi", "ceza durumu"
    how_long = words[i + 1 : i + 3] in (["ne", "kadar"], ["kac", "mac"])
    if words[i] == "ceza" and i > 0 and how_long and words[i - 1] not in _FINES:
        return True  # "Hasan ceza ne kadar", "Hasan ceza kaç maç": how long his ban runs
    word = read[i]
    ends = any(_stem(r) == "bit" for r in read[i + 1 : i + 4])
    if word is not None and word.possessive is not None and ends:
        return i == 0 or words[i - 1] not in _FINES  # "Hasan cezası ne zaman biter"
    if i > 0 and words[i - 1] in _BAN_KINDS:
        return True  # "kart cezası", "kart ceza durumu"
    if word is None or (word.possessive is None and word.case is not Case.ABLATIVE):
        return False
    if word.case is Case.ABLATIVE and word.possessive is None:
        return True  # "cezadan dolayı", "kimler yok cezadan"
    if i == 0:
        return True  # "cezası olan var mı"
    before, kind = words[i - 1], read[i - 1]
    owner = before.endswith(("in", "un")) or (kind is not None and kind.case is Case.GENITIVE)
    return before.isdigit() or owner or before in _ASKING


def _had(word: Word | None) -> bool:
    """A ban or a card taken, had or being had ("aldı", "alan", "yiyen", "gördü"), not
    wished nor guessed ("almasın", "alır mı") nor told of oneself ("aldım")."""
    return (
        word is not None
        and word.stem in _HAD
        and word.person not in _TO_A_FRIEND
        and word.tense not in (None, Tense.AORIST, Tense.INFINITIVE)
    )


def _banned_word(word: str) -> bool:
    """ "cezalı" in any form, also one letter off ("cezli", "cezzalı", "cazalı")."""
    if word.startswith("cezal"):
        return True
    return not word.startswith("ceza") and any(
        OSA.distance(word[:size], "cezali", score_cutoff=1) <= 1 for size in (5, 6, 7)
    )


def _banned(words: Sequence[str], read: Sequence[Word | None]) -> set[int] | None:
    used = {i for i, w in enumerate(words) if _banned_word(w)}
    for i, r in enumerate(read):
        if _stem(r) == "ceza" and _ban_noun(i, words, read):
            used |= {i, i + 1} if i + 1 < len(words) and _stem(read[i + 1]) in _HAD else {i}
            if i > 0 and words[i - 1] in _BAN_KINDS:
                used.add(i - 1)
    red = [i for i, w in enumerate(words) if w.startswith(_RED)]
    red += [i + 1 for i in red if i + 1 < len(words) and words[i + 1].startswith("kart")]
    had = [i for i, r in enumerate(read) if _had(r)]
    who = bool(_WHO & set(words))
    taken = who or any(read[i].tense is Tense.PARTICIPLE for i in had)
    if red and had and taken and not used:  # "kırmızı yiyen var mı", "kırmızı gören kimdi"
        used |= {*red, *had}
    if used:
        used |= {i for i, w in enumerate(words) if w in _BAN_KINDS or w.startswith("kart")}
    unable = [
        i
        for i, r in enumerate(read)
        if r is not None and r.stem == "oyna" and r.negative and r.tense is not None
    ]
    if unable and not used and who and not any(read[i].person for i in unable):
        used |= set(unable)  # "bu hafta kim oynayamıyor", "kim oynamayacak"
    return used or None


def _goals(words: Sequence[str], read: Sequence[Word | None]) -> set[int] | None:
    if any(w.startswith(_STANDING) for w in words):
        return None  # "averajımız kaç", "gol farkımız": the standing
    goal = [i for i, w in enumerate(words) if is_goal(w)]
    counted = [i for i, w in enumerate(words) if w == "kac"]
    much = _how_much(words)
    if much is not None:
        counted += [much, much + 1]
    number = [i for i in goal if i + 1 < len(words) and words[i + 1].startswith("sayi")]
    verbs = [i for i, r in enumerate(read) if _stem(r) in ("at", "ye")]
    if verbs and all(read[i].tense in (Tense.FUTURE, Tense.AORIST) for i in verbs):
        return None  # "bugün kaç gol atarız": goals to come, a guess
    if goal and (counted or number):  # "kaç golümüz var", "gol sayımız", "golümüz kaç"
        return {*goal, *counted, *(i + 1 for i in number), *verbs}
    scored = [i for i in verbs if read[i].we or read[i].passive]
    if counted and scored:  # "kaç attık kaç yedik", "kaç atıldı"
        return {*counted, *verbs}
    return None


_CARD = re.compile(r"kart(?!al)|sari|kirmizi")  # "kartallar" is a team's name


def _cards(words: Sequence[str], read: Sequence[Word | None]) -> set[int] | None:
    """The cards seen, after BANNED took the bans and reds asked of them: "kaç kartımız
    var", "kaç sarı kartımız var", "en çok kart gören kim"."""
    cards = {i for i, w in enumerate(words) if _CARD.match(w)}
    had = {i for i, r in enumerate(read) if _had(r)}
    counted = {"kac", "en", "kimler", "kimlerin"} & set(words)
    if not any(words[i].startswith("kart") for i in cards) and not (cards and had and counted):
        return None  # "Ali kaç sarı gördü" counts cards without the word
    ours = any(
        words[i].startswith("kart") and ("lar" in words[i] or "imiz" in words[i]) for i in cards
    )
    asked = had and bool(_PARTICLES & set(words))  # "Ali kart gördü mü"
    if not (counted or ours or asked):
        return None  # "kırmızı kart mı o ya", "sarı kartı kim yedi": a match's moment
    return cards | {i for i, r in enumerate(read) if _stem(r) in _HAD}


def _fair_play(words: Sequence[str]) -> set[int] | None:
    """ "en centilmen takım hangisi", "fair play sıralaması"."""
    return {i for i, w in enumerate(words) if w.startswith(FAIR) or w == "play"} or None


def _named(words: Sequence[str]) -> bool:
    """A list or a count named as such, which asks by itself: "gol krallığı listesi",
    "golcü sıralaması", "ilk 5 golcü", "cezalı listesi", "attığımız gol sayısı" (with no
    number told: "gol sayımız 20 oldu" is news)."""
    listed = any(w.startswith(RANKING) for w in words)
    scorers = any(w.startswith((*SCORER, *KING)) for w in words) or any(map(is_goal, words))
    bans = any("ceza" in w or w.startswith(FAIR) for w in words)
    if (scorers and (listed or "ilk" in words)) or (listed and bans):
        return True
    counted = any(is_goal(w) and words[i + 1].startswith("sayi") for i, w in enumerate(words[:-1]))
    return counted and not any(any(c.isdigit() for c in w) for w in words)


def _plays(words: Sequence[str], read: Sequence[Word | None]) -> set[int] | None:
    """ "Veli oynayabilir mi", "Veli oynar mı": "oyna" able or in the aorist, in the third
    person singular, not passive ("oynanır mı"), asked with "mı" and with no other
    question word ("kim oynar", "Veli ne zaman oynar" ask something else)."""
    plays = [
        i
        for i, r in enumerate(read)
        if r is not None
        and r.stem == "oyna"
        and r.tense is Tense.AORIST
        and r.person is None
        and not (r.negative or r.passive or r.plural)
    ]
    asked = [i for i, (w, r) in enumerate(zip(words, read, strict=True)) if w in _PARTICLES]
    asked += [i for i in plays if (read[i] or _NONE_WORD).question]
    others = [w for w in words if w in _ASKING and w not in _PARTICLES]
    if not plays or not asked or others:
        return None
    return {*plays, *asked}


# "dönmek" (to be back), third person: "döner", "dönüyor", "dönecek". Not in the lexicon:
# "döner" is the kebab too, so it counts only after "ne zaman" and of a player by name.
_BACK = re.compile(r"don(?:er|uyor|uyo|ecek|icek|cek|ucek)(?:mi|mu)?")


def _back(words: Sequence[str]) -> set[int] | None:
    """ "Hasan ne zaman döner", "Veli ne zaman dönüyor": when he may play again (after a
    ban), asked as "oynayabilir mi" is: answered of a player of the tournament only."""
    when = [i for i, w in enumerate(words[:-1]) if w == "ne" and words[i + 1] == "zaman"]
    back = [i for i, w in enumerate(words) if _BACK.fullmatch(w)]
    if not (when and back) or when[0] > back[0]:
        return None
    return {*back, when[0], when[0] + 1}


_PARTICLES = frozenset({"mi", "mu", "mii"})
_NONE_WORD = Word("", "", Pos.NOUN)


def _we(words: Sequence[str], read: Sequence[Word | None]) -> bool:
    return bool(_WE & set(words)) or any(
        (r is not None and r.we) or _OURS.fullmatch(w) is not None
        for w, r in zip(words, read, strict=True)
    )


def player_question(words: Sequence[str], asked: bool = False) -> PlayerQuestion | None:
    """What the folded `words` ask about the players; see the module docstring."""
    if not words:
        return None
    read = [_read(w) for w in words]
    listed = named_list(words, asked)  # "gol krallığı", "kadromuz", "Kartallar kadrosu"
    if listed is not None:
        return PlayerQuestion(PlayerTopic(listed[0]), _we(words, read), listed[1])
    if not (_asks(words, read, asked) or _named(words)) or _to_a_friend(read):
        return None
    for topic, found in (
        (PlayerTopic.SCORERS, _scorers(words, read)),
        (PlayerTopic.BANNED, _banned(words, read)),
        (PlayerTopic.GOALS, _goals(words, read)),
        (PlayerTopic.CARDS, _cards(words, read)),
        (PlayerTopic.FAIR_PLAY, _fair_play(words)),
        (PlayerTopic.PLAYS, _plays(words, read) or _back(words)),
    ):
        if found is None:
            continue
        asking = {i for i, w in enumerate(words) if w in _ASKING or w in _FILLER or w in _WE}
        return PlayerQuestion(topic, _we(words, read), frozenset(found | asking))
    return None
