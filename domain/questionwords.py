"""The words a captain's question is read by: what each signals to the rule in
domain.questions' docstring, with the Turkish endings a noun takes and one typo forgiven.

A vocabulary of a few hundred forms and the fuzzy look-up over it, apart from the rule that
adds them up, so the word lists can grow without crowding the reading of a message.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from domain.intents import Day, Intent
from domain.model import Stage
from domain.morphology import Case, Pos, Tense, Word, analyse

__all__ = ["ELSEWHERE", "FUZZY_MIN_TYPED", "FUZZY_MIN_VOCAB", "PHRASES", "Form", "Sense", "lookup"]

# Typo tolerance: one edit, for typed words of FUZZY_MIN_TYPED letters or more against
# vocabulary words of FUZZY_MIN_VOCAB letters or more ("mac" and "kim" must be exact).
FUZZY_MIN_TYPED = 4
FUZZY_MIN_VOCAB = 5


@dataclass(frozen=True)
class Sense:
    """What a vocabulary word contributes to the rule in domain.questions' docstring."""

    asks: bool = False  # a question word
    asks_at_end: bool = False  # a question word only at the end of a clause ("ne")
    topic: bool = False  # a match, turn or playing word
    topic_if_we: bool = False  # a topic word only in the first person plural
    we: bool = False  # first person plural in itself ("oynuyoruz")
    veto: bool = False  # about a match already played
    intent: Intent | None = None
    stage: Stage | None = None  # a knockout stage ("final", "yarı final")
    day: Day | None = None  # "bugün", "yarın"
    ends_alone: bool = False  # a question on its own before a "?" ("rakip?", "saha?")


# Other competitions: a question about them is not about this tournament ("şampiyonlar ligi
# finali ne zaman", "premier lig ne zaman bitiyor"), folded.
ELSEWHERE = frozenset(
    {"sampiyonlar", "uefa", "avrupa", "dunya", "premier", "super", "superlig", "bundesliga"}
    | {"laliga", "nba", "euroleague", "milli"}
)

# "var mı", "yok mu", "belli mi" written as one word; never a typo's target ("yokum").
_GLUED_PARTICLES = ("varmi", "yokmu", "bellimi")

_FILLER = Sense()
_WEEKDAY_WORDS = ("pazartesi", "sali", "carsamba", "persembe", "cuma", "cumartesi", "pazar")
_WEEKDAYS = tuple(day for day in Day if day not in (Day.TODAY, Day.TOMORROW))
_ASKS = Sense(asks=True)
_TOPIC = Sense(topic=True)
_VETO = Sense(veto=True)

# Endings after the folded stem (ı->i, ü->u, ö->o, so one list covers most harmony pairs),
# split by whether the stem ends in a consonant or a vowel; the second list of each pair is
# first person plural ("maçımız", "sahadayız"). Hand-listed rather than combined so that
# "şahane" is not read as "saha" + "ne" nor "Şahin" as a typo of "saha" + "i".
_AFTER_CONSONANT = (
    *("", "i", "u", "in", "un", "a", "e", "da", "de", "ta", "te"),
    *("daki", "deki", "taki", "teki", "ini", "unu", "ina", "ine", "una", "une"),
    *("inda", "inde", "unda", "unde", "lar", "ler", "lari", "leri", "larin", "lerin"),
    *("la", "le", "larda", "lerde"),
)
_AFTER_CONSONANT_WE = (
    *("imiz", "umuz", "imizi", "umuzu", "imizin", "umuzun", "imiza", "imize", "umuza"),
    *("imizda", "imizde", "umuzda", "larimiz", "lerimiz", "larimizi", "lerimizi"),
    *("larimizin", "lerimizin", "iz", "uz", "tayiz", "teyiz", "dayiz", "deyiz"),
)
_AFTER_VOWEL = (
    *("", "nin", "nun", "ya", "ye", "yi", "yu", "da", "de", "daki", "deki"),
    *("si", "su", "sin", "sun", "sina", "sine", "suna", "sinda", "sinde", "sunda"),
    *("lar", "ler", "lari", "leri", "larin", "lerin", "yla", "yle"),
)
_AFTER_VOWEL_WE = (
    *("miz", "muz", "mizi", "muzu", "mizin", "muzun", "miza", "mize", "muza"),
    *("mizda", "mizde", "muzda", "larimiz", "lerimiz", "yiz", "yuz", "dayiz", "deyiz"),
)

# Nouns, folded, with their endings: stem -> sense. The longest stem wins a form
# ("maclarimiz" is "maclar" + "imiz", the fixture, not "mac" + "larimiz").
_NOUNS: dict[str, Sense] = {
    "mac": _TOPIC,
    "maclar": Sense(topic=True, intent=Intent.FIXTURE),
    "fikstur": Sense(topic=True, intent=Intent.FIXTURE),
    "program": Sense(topic_if_we=True, intent=Intent.FIXTURE),
    "saha": Sense(topic=True, intent=Intent.PITCH),
    "rakip": Sense(topic=True, intent=Intent.OPPONENT),
    "rakib": Sense(topic=True, intent=Intent.OPPONENT),
    "sira": _TOPIC,
    "puan": Sense(topic=True, intent=Intent.STANDING),
    "siralama": Sense(topic=True, intent=Intent.STANDING),
    "durum": Sense(topic_if_we=True, intent=Intent.STANDING),
    "kacinci": Sense(asks=True, topic_if_we=True, intent=Intent.STANDING),
    "final": Sense(topic=True, intent=Intent.KNOCKOUT, stage=Stage.FINAL, ends_alone=True),
    "yarifinal": Sense(topic=True, intent=Intent.KNOCKOUT, stage=Stage.SEMI, ends_alone=True),
    "ceyrekfinal": Sense(topic=True, intent=Intent.KNOCKOUT, stage=Stage.QUARTER, ends_alone=True),
    "ucunculuk": Sense(topic=True, intent=Intent.KNOCKOUT, stage=Stage.THIRD, ends_alone=True),
    "3luk": Sense(topic=True, intent=Intent.KNOCKOUT, stage=Stage.THIRD, ends_alone=True),
    "eleme": Sense(topic=True, intent=Intent.KNOCKOUT, ends_alone=True),
    "grup": _TOPIC,
    "grub": _TOPIC,
}
# A single noun before a "?" asks about itself ("rakip?", "saha?", "puan?", "fikstür?").
for _stem in ("rakip", "rakib", "saha", "puan", "fikstur", "siralama"):
    _NOUNS[_stem] = dataclasses.replace(_NOUNS[_stem], ends_alone=True)

# Whole words, folded.
_WORDS: dict[str, Sense] = {
    # Question words.
    "kacta": Sense(asks=True, intent=Intent.TIME),
    "kacda": Sense(asks=True, intent=Intent.TIME),
    "kac": _ASKS,
    "kim": Sense(asks=True, intent=Intent.OPPONENT),
    "kimle": Sense(asks=True, intent=Intent.OPPONENT),
    "kiminle": Sense(asks=True, intent=Intent.OPPONENT),
    "kimlerle": Sense(asks=True, intent=Intent.OPPONENT),
    "kime": Sense(asks=True, intent=Intent.OPPONENT),
    "hangi": _ASKS,
    "hangisi": _ASKS,
    "hangisinde": _ASKS,
    "nerede": Sense(asks=True, intent=Intent.PITCH),
    "nerde": Sense(asks=True, intent=Intent.PITCH),
    "neresi": Sense(asks=True, intent=Intent.PITCH),
    "nedir": _ASKS,
    "ne": Sense(asks_at_end=True),
    "nezaman": Sense(asks=True, intent=Intent.NEXT_MATCH),
    "nezmn": Sense(asks=True, intent=Intent.NEXT_MATCH),
    "nzmn": Sense(asks=True, intent=Intent.NEXT_MATCH),
    "nzaman": Sense(asks=True, intent=Intent.NEXT_MATCH),
    "nolcak": _ASKS,
    "napiyoruz": _ASKS,
    "kimin": _ASKS,
    # The particle glued on: "maç varmı", "belli mi" as "bellimi".
    **dict.fromkeys(_GLUED_PARTICLES, _ASKS),
    "miyiz": Sense(asks=True, we=True),
    "muyuz": Sense(asks=True, we=True),
    # "atar mısın", "atabilir misin": a request asked of the bot (PHRASES); alone, "gelir
    # misin" asks a person.
    **dict.fromkeys(("misin", "musun", "misiniz", "musunuz"), _FILLER),
    # Another competition's match is not this tournament's: "şampiyonlar ligi finali".
    **dict.fromkeys(ELSEWHERE, _VETO),
    # "grupta kimse yok mu": asking for people, not about a match.
    **dict.fromkeys(("kimse", "kimseyi", "kimsenin"), _VETO),
    # Words that only count in a phrase (see PHRASES) or signal an intent.
    "zaman": _FILLER,
    "gunu": _FILLER,  # "pazar günü maç var mı"
    "zmn": _FILLER,
    "zamn": _FILLER,
    "yari": _FILLER,
    "ceyrek": _FILLER,
    "bugun": Sense(day=Day.TODAY),
    "bugunku": Sense(day=Day.TODAY),
    "yarin": Sense(day=Day.TOMORROW),
    "yarinki": Sense(day=Day.TOMORROW),
    **{w: Sense(day=d) for w, d in zip(_WEEKDAY_WORDS, _WEEKDAYS, strict=True)},
    **{f"{w}ki": Sense(day=d) for w, d in zip(_WEEKDAY_WORDS, _WEEKDAYS, strict=True)},
    "mi": _FILLER,
    "mu": _FILLER,
    "saat": Sense(intent=Intent.TIME),
    "sonraki": Sense(intent=Intent.NEXT_MATCH),
    # Verbs of playing and starting.
    **dict.fromkeys(
        (
            *("oynuyoruz", "oynayacagiz", "oynariz", "oynuyoz", "oynicaz", "oynucaz"),
            *("oynayacaz", "basliyoruz", "baslayacagiz", "baslariz", "basliyoz", "baslicaz"),
        ),
        Sense(topic=True, we=True),
    ),
    # Going through the group ("gruptan çıkıyor muyuz", "yarı finale kalır mıyız").
    **dict.fromkeys(
        (
            *("cikiyoruz", "cikacagiz", "cikariz", "cikabiliriz", "cikarmiyiz", "geceriz"),
            *("gecebiliriz", "geciyoruz", "kaliriz", "kaliyoruz", "kalabiliriz", "eleniyoruz"),
            *("elenir", "elendik", "elenecekmiyiz", "cikacakmiyiz", "cikiyomuyuz"),
        ),
        Sense(topic=True, we=True, intent=Intent.QUALIFY),
    ),
    # "biz", "bizim maç": first person plural, so about the asker's team.
    **dict.fromkeys(
        ("biz", "bizim", "bize", "bizi", "bizde", "bizimki", "aldik", "topladik"),
        Sense(we=True),
    ),
    **dict.fromkeys(
        ("karsimizda", "karsimizdaki", "karsimiza", "karsimizdakiler"),
        Sense(topic=True, we=True, intent=Intent.OPPONENT),
    ),
    # Third person and needs: the intent only ("kim çıkar" alone is not about football).
    **dict.fromkeys(
        (
            *("cikiyor", "cikar", "cikabilir", "cikacak", "gecer", "gecebilir", "kalir"),
            *("kaliyor", "kalabilir", "eleniyor", "lazim", "gerek", "gerekiyor", "yeter"),
        ),
        Sense(intent=Intent.QUALIFY),
    ),
    **dict.fromkeys(("gruptan", "grubumuzdan", "grubundan", "grubtan", "turu", "tur"), _TOPIC),
    **dict.fromkeys(
        (
            *("oynuyor", "oynayacak", "oynar", "oynuyorlar", "oynayacaklar", "oynarlar"),
            *("basliyor", "baslayacak", "baslar"),
        ),
        _TOPIC,
    ),
    # A match already played.
    **dict.fromkeys(
        (
            *("bitti", "oldu", "oynadik", "oynadiniz", "oynadi", "oynadilar", "oynandi"),
            *("kazandik", "kaybettik", "yendik", "yenildik", "gecti", "guzeldi", "iyiydi"),
            *("kotuydu", "berabere"),
        ),
        _VETO,
    ),
    # Fillers: never part of a team hint.
    **dict.fromkeys(
        (
            *("ben", "benim", "siz", "sizin", "abi", "abla", "an"),
            *("hocam", "hoca", "kanka", "kardes", "kardesim", "reis", "usta", "ustam"),
            *("arkadaslar", "beyler", "dostum", "acaba", "peki", "ya", "yav", "ki", "de"),
            *("da", "bu", "su", "o", "bi", "aksam", "icin", "cikmak", "gecmek", "kalmak"),
            *("cikmamiz", "gecmemiz", "kalmamiz", "daha"),
            *("sabah", "simdi", "artik", "lutfen", "selam", "merhaba", "slm", "bir", "ilk"),
            *("var", "yok", "ile", "hadi", "tamam", "en", "yakin", "gelecek"),
            *("tekrar", "yine", "haftaki", "sonra", "once", "nasil", "belli"),
            # One edit from a question word, but not one: "kimse" is not "kimle".
            *("kimi", "kacti", "kacan", "hani", "sahane"),
        ),
        _FILLER,
    ),
}

# Two-word question words, on folded (and typo-corrected) words.
PHRASES: dict[tuple[str, str], Sense] = {
    ("ne", "zaman"): Sense(asks=True, intent=Intent.NEXT_MATCH),
    ("ne", "zmn"): Sense(asks=True, intent=Intent.NEXT_MATCH),
    ("ne", "zamn"): Sense(asks=True, intent=Intent.NEXT_MATCH),
    ("yari", "final"): Sense(intent=Intent.KNOCKOUT, stage=Stage.SEMI),
    # "(gruptan) çıkar mı", "(yarı finale) kalır mıyız": going through, as yes or no; the
    # topic must come from "gruptan", "tur", a stage ("akşam çıkıyor muyuz" is not this).
    **{
        (verb, particle): Sense(asks=True, intent=Intent.QUALIFY)
        for verb in (
            *("cikar", "cikiyor", "cikabilir", "cikacak", "gecer", "gecebilir", "kalir"),
            *("kaliyor", "kalabilir", "eleniyor", "yeter"),
        )
        for particle in ("mi", "mu", "miyiz", "muyuz")
    },
    ("ne", "lazim"): _ASKS,
    ("ne", "gerek"): _ASKS,
    ("ne", "gerekiyor"): _ASKS,
    ("ceyrek", "final"): Sense(intent=Intent.KNOCKOUT, stage=Stage.QUARTER),
    ("var", "mi"): _ASKS,
    ("belli", "mi"): _ASKS,  # "rakibimiz belli mi", "finalin saati belli mi"
    # A form of going through the morphology reads, then "miyiz" ("çıkabilecek miyiz"), or
    # its past then "mı" ("finale kaldık mı", "gruptan çıktık mı", "elendik mi").
    **{
        (stem, p): Sense(asks=True, topic=p[-1] == "z", we=p[-1] == "z", intent=Intent.QUALIFY)
        for stem in ("cik", "gec", "kal", "atla", "ele", "elendik")
        for p in ("miyiz", "muyuz", "mi", "mu")
    },
    **{
        (verb, particle): _ASKS
        for verb in ("at", "goster", "yaz", "gonder", "paylas", "ver")
        for particle in ("misin", "musun", "misiniz", "musunuz")
    },
    ("yok", "mu"): _ASKS,
    ("saat", "kac"): Sense(asks=True, intent=Intent.TIME),
    ("ne", "durum"): Sense(asks=True, intent=Intent.STANDING),
    ("durum", "nasil"): Sense(asks=True, intent=Intent.STANDING),
}
_PHRASE_WORDS = frozenset(word for pair in PHRASES for word in pair)


@dataclass(frozen=True)
class Form:
    """A vocabulary form: the canonical word for phrases, its sense, first person or not."""

    word: str
    sense: Sense
    we: bool


def _vocabulary() -> dict[str, Form]:
    forms: dict[str, Form] = {}
    for stem in sorted(_NOUNS, key=len):
        sense = _NOUNS[stem]
        vowel = stem[-1] in "aeiou"
        plain = _AFTER_VOWEL if vowel else _AFTER_CONSONANT
        we = _AFTER_VOWEL_WE if vowel else _AFTER_CONSONANT_WE
        for ending in plain:
            forms[stem + ending] = Form(stem, sense, we=False)
        for ending in we:
            forms[stem + ending] = Form(stem, sense, we=True)
    for word, sense in _WORDS.items():
        if word not in forms or sense.veto:
            forms[word] = Form(word, sense, we=sense.we)
    return forms


_VOCABULARY = _vocabulary()


@cache
def _asked_glued() -> frozenset[str]:
    """Listed forms with the question particle glued on ("cikiyomuyuz"): they ask. Read
    by the morphology at the first question, not at import: it takes 15-30 ms that the
    bot's start (import bot.app, issue 20) need not pay."""
    return frozenset(
        form
        for form in _VOCABULARY
        if ("mi" in form or "mu" in form) and (w := analyse(form)) is not None and w.question
    )


# Typo targets: words that decide something, long enough to tolerate an edit.
_FUZZY_TARGETS = tuple(
    form
    for form, entry in _VOCABULARY.items()
    if len(form) >= FUZZY_MIN_VOCAB
    and not entry.sense.veto
    and (entry.sense != _FILLER or form in _PHRASE_WORDS)
    # Words leaning towards going through ("çıkar"): a name ("Çınar") is likelier than a typo.
    and not (entry.sense.intent is Intent.QUALIFY and not entry.sense.topic)
    and form not in _GLUED_PARTICLES
)


# Stems (domain.morphology) counted as these words: "kimdi" as "kim", "zamana" as "zaman".
_STEM_WORDS = {"kim": "kim", "zaman": "zaman", "hangi": "hangi", "nere": "nerede", "tur": "tur"}
_STEM_WORDS |= dict.fromkeys(("sans", "ihtimal"), "daha")  # "şansımız": a filler, we
_PLAYING = frozenset({"oyna", "basla"})
# Asking the bot for something: the phrase with "mısın" asks ("tabloyu atar mısın").
_REQUESTS = frozenset({"at", "goster", "yaz", "gonder", "paylas", "ver"})
_GOING_THROUGH = frozenset({"cik", "gec", "kal", "atla"})  # "geçer miyiz", "tur atlar mıyız"


def _by_morphology(word: Word) -> Form | None:
    """What a form the vocabulary does not list says, read by its stem and endings:
    "oynuyormuyuz" is a playing verb in the first person plural asking, "rakiplerimizin"
    the noun "rakip"; a form of playing in the past is about a match already played."""
    asks = word.question
    if word.pos is Pos.VERB:
        out = word.stem == "ele" and word.passive  # "elenecek miyiz"
        through = word.stem in _GOING_THROUGH or out
        # "çıkma şansımız": the bare "-ma" is the verbal noun, not "do not".
        bare = word.negative and word.tense is None
        told = word.tense in (Tense.PAST, Tense.PARTICIPLE)  # "kalan maçlar": what is left
        if through and not word.negative and word.tense is Tense.PAST and word.we:
            # "finale kaldık mı": asked (PHRASES), did we go through; told, nothing asked.
            sense = Sense(topic=out, we=True, asks=asks, intent=Intent.QUALIFY if asks else None)
            return Form(word.stem, sense, we=True)
        if through and not word.negative and word.tense is Tense.PAST:  # "A3 elendi mi"
            asked = Intent.QUALIFY if asks else None  # PHRASES: "kaldı mı"; not "kim kaldı"
            return Form(word.stem, Sense(topic=out, asks=asks, intent=asked), we=False)
        if through and (not word.negative or bare) and not told:
            sense = Sense(topic=word.we or out, we=word.we, asks=asks, intent=Intent.QUALIFY)
            return Form(word.stem, sense, we=word.we)
        if word.stem in _REQUESTS and word.tense is Tense.AORIST and not word.negative:
            return Form(word.stem, _FILLER, we=False)
        if word.stem not in _PLAYING or word.negative:
            return None
        if word.tense is Tense.PAST and not word.question:
            return Form(word.stem, _VETO, we=word.we)
        return Form(word.stem, Sense(topic=True, we=word.we, asks=asks), we=word.we)
    if word.stem == "kac" and word.case is Case.LOCATIVE:
        return Form("kacta", _WORDS["kacta"], we=False)
    if word.stem in _STEM_WORDS:
        return Form(word.stem, _WORDS[_STEM_WORDS[word.stem]], we=word.we)
    stem = "maclar" if word.stem == "mac" and word.plural else word.stem
    if stem in _NOUNS:
        sense = _NOUNS[stem]
        return Form(stem, dataclasses.replace(sense, asks=sense.asks or asks), we=word.we)
    return None


def lookup(folded: str) -> Form | None:
    """The vocabulary form of a folded word, else what the morphology reads in it, else
    the vocabulary word one edit from it; None if none."""
    found = _VOCABULARY.get(folded)
    if found is not None and not found.sense.asks and folded in _asked_glued():
        return dataclasses.replace(found, sense=dataclasses.replace(found.sense, asks=True))
    if found is not None or len(folded) < 2:
        return found
    read = analyse(folded)
    if read is not None and not read.typo:
        # A word the morphology reads is that word, not a typo of another ("geliyoruz"
        # is not "geçiyoruz").
        return _by_morphology(read)
    if len(folded) < FUZZY_MIN_TYPED:
        return None
    near = process.extractOne(folded, _FUZZY_TARGETS, scorer=OSA.distance, score_cutoff=1)
    if near is not None:
        return _VOCABULARY[near[0]]
    return None if read is None else _by_morphology(read)
