"""The guided set-up's answers as a new organiser types them, not as the buttons say them.

"1 saha var", "2 sahamız var", "iki saha", "üç grup olsun abi" (a count), "lig usulü",
"gruplar + eleme", "grup usulü sonra eleme", "eleme yok, lig" (a format), "tff olsun",
"averaj olsun", "halı saha kuralı" (a tie rule), "olsun", "gerek yok" (yes or no). Words are
compared folded (names.loose_key: no case, no diacritics, punctuation as a space), the
words around the answer ("abi", "ya", "olsun", "var") are passed over, and the unit word
is read with its endings (domain.morphology: "sahamız", "gruba", "takımla").

Each reader returns the value, or None / a BadCount when the text says none; the bot words
the refusal. Deterministic, no I/O.
"""

from __future__ import annotations

from rapidfuzz.distance import OSA

from domain.counts import TENS, UNITS, ascii_digits, parse_count, parse_number
from domain.morphology import analyse
from domain.names import loose_key
from domain.setuperrors import BadCount
from domain.setupparts import Part
from domain.when import MONTHS, RELATIVE_DAYS, WEEKDAYS

__all__ = [
    "read_count",
    "read_field",
    "read_format",
    "read_tiebreak",
    "read_yes_no",
    "says_cancel",
    "words",
]

# The stem each counted thing has in domain.morphology's lexicon ("grub": "grubumuz").
_UNIT_STEMS: dict[str, Part] = {
    "saha": Part.PITCHES,
    "grup": Part.GROUPS,
    "grub": Part.GROUPS,
    "takim": Part.TEAMS,
}
# A number word with a dative or locative ending: "ikiye bölelim", "dörde ayıralım".
_NUMBER_ENDINGS = ("ye", "ya", "e", "a", "de", "da", "te", "ta")
# Words that say "none" or "not": a count is never read from "saha yok".
_NOT = frozenset({"yok", "degil", "olmasin", "olmaz", "istemiyoruz", "istemiyorum"})
# A day's or a clock's words: "yarın saat 10'da" typed at the pitch question is a kick-off
# answered too early, never 10 pitches; "25 dk" is a match's length, never 25 of anything.
_WHEN = frozenset(MONTHS) | frozenset(WEEKDAYS) | {w for k in RELATIVE_DAYS for w in k}
_WHEN |= {"saat", "dk", "dakika", "dak", "aksam", "sabah", "ogle", "ogleden", "gece"}


def words(text: str) -> list[str]:
    """The folded words of `text`, punctuation read as a space: "Lig, usulü!" -> ["lig",
    "usulu"]; "+" and "&" are kept as words of their own ("gruplar+eleme")."""
    spaced = text.replace("+", " + ").replace("&", " & ")
    return [w for p in spaced.split() for w in ([p] if p in "+&" else loose_key(p).split())]


def _unit(word: str) -> Part | None:
    found = analyse(word)
    if found is not None and found.stem in _UNIT_STEMS:
        return _UNIT_STEMS[found.stem]
    for stem, part in _UNIT_STEMS.items():  # "gruplu", "sahali": an adjective of the unit
        if word.startswith(stem) and word[len(stem) :] in ("lu", "li", "luk", "lik", "ya", "ye"):
            return part
    return None


def _number_word(word: str) -> int | None:
    """ "2", "iki", "tek", "oniki", "ikiye", "2ye" -> the number; None for other words."""
    if ascii_digits(word):
        return int(word)
    digits = word.rstrip("abcdefghijklmnopqrstuvwxyz")
    if digits and ascii_digits(digits) and word[len(digits) :] in _NUMBER_ENDINGS:
        return int(digits)
    found = parse_number(word)
    if found is not None:
        return found
    for ending in _NUMBER_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            found = parse_number(word[: -len(ending)])
            if found is not None:
                return found
    return None


def _numbers(found: list[str]) -> list[int]:
    """The numbers said in `found`, "on iki" as one (12)."""
    out: list[int] = []
    i = 0
    while i < len(found):
        word = found[i]
        following = found[i + 1] if i + 1 < len(found) else ""
        if word in TENS and following in UNITS and following not in ("tek", "sifir"):
            out.append(TENS[word] + UNITS[following])
            i += 2
            continue
        value = _number_word(word)
        if value is not None:
            out.append(value)
        i += 1
    return out


def read_count(text: str, what: Part | str, lo: int, hi: int) -> int:
    """A count from `lo` to `hi` for the guided step `what` ("teams", "groups",
    "pitches"): "2", "iki", "1 saha var", "2 sahamız var", "üç grup olsun abi", "4 gruba
    bölelim", "tek sahada oynuyoruz". Exactly one number, no other unit's word ("2 saha"
    is no group count), no "yok" and no day or clock ("yarın saat 10'da", "25 dk");
    raises BadCount with the bounds."""
    part = Part(what)
    try:
        return parse_count(text, part, lo, hi)
    except BadCount as refused:
        if refused.value is not None:  # read, but out of bounds
            raise
    found = words(text)
    units = {u for u in (_unit(w) for w in found) if u is not None}
    numbers = _numbers([w for w in found if _unit(w) is None])
    if units - {part} or len(numbers) != 1 or (_NOT | _WHEN) & set(found):
        raise BadCount(part, text, lo, hi)
    if not lo <= numbers[0] <= hi:
        raise BadCount(part, text, lo, hi, numbers[0])
    return numbers[0]


# Typed instead of /iptal: "iptal", "vazgeç", "vazgeçtim", "boşver", "iptal et", "kurulumu
# iptal edelim". Only these words, so a team list or a name with "iptal" in it is no cancel.
_CANCEL = frozenset({"iptal", "vazgec", "vazgectim", "vazgectik", "bosver", "cancel"})
_CANCEL_FILLERS = frozenset({"et", "edelim", "edin", "ediyorum", "kurulum", "kurulumu", "turnuva"})
_CANCEL_FILLERS |= {"turnuvayi", "abi", "ya", "lutfen", "simdilik", "tamam", "hepsini", "bunu"}


def says_cancel(text: str) -> bool:
    """Whether a typed answer means /iptal: see _CANCEL."""
    found = words(text)
    return bool(set(found) & _CANCEL) and all(w in _CANCEL | _CANCEL_FILLERS for w in found)


# --- the format ---------------------------------------------------------------------------


def _says_knockout(word: str) -> bool:
    return word.startswith("elem") and not word.startswith("elemesiz")


def _groups_word(word: str) -> bool:
    """ "grup", "gruplar", "gruplu", and one edit from them ("grplar", "gruplr")."""
    if _unit(word) is Part.GROUPS:
        return True
    return len(word) >= 4 and any(OSA.distance(word, w) <= 1 for w in ("grup", "gruplar"))


def read_format(text: str) -> str | None:
    """ "league", "double", "groups" or "knockout", as typed: "lig usulü", "lig olsun",
    "çift devre", "rövanşlı lig", "gruplar + eleme", "grup usulü sonra eleme", "gruplu",
    "eleme yok, lig", "direkt eleme", "kupa usulü", "herkes herkesle"; None when it names
    none or two ("lig sonra eleme")."""
    found = words(text)
    negated = (_NOT - {"yok"}) & set(found)
    if not found or (negated and not any(w.startswith("elem") for w in found)):
        return None
    no_knockout = any(w.startswith("elemesiz") for w in found) or any(
        _says_knockout(w) and i + 1 < len(found) and found[i + 1] in _NOT
        for i, w in enumerate(found)
    )
    knockout = not no_knockout and any(_says_knockout(w) for w in found)
    knockout = knockout or any(w in ("nakavt", "kupa", "direkt", "tekli") for w in found)
    groups = any(_groups_word(w) for w in found)
    double = any(w.startswith(("cift", "rovans")) for w in found) or (
        any(w.startswith("devre") for w in found) and "iki" in found
    )
    league = double or any(w.startswith(("lig", "herkes", "puan")) for w in found)
    league = league or "devre" in found
    if groups and not league:
        return "groups"  # "gruplar", "gruplar + eleme": the groups are followed by knockouts
    if league and not knockout and not groups:
        return "double" if double else "league"
    if knockout and not league:
        return "knockout"
    return None


# --- yes or no: the third-place match -----------------------------------------------------

_YES = frozenset(
    {"evet", "olsun", "var", "oynansin", "oynayalim", "oynasin", "isteriz", "istiyoruz"}
    | {"tabi", "tabii", "elbette", "olur", "tamam", "yes", "e", "he", "aynen", "oynanacak"}
    | {"evt", "evte", "eet", "ewet", "oynansn", "olsn"}
)
_NO = frozenset(
    {"hayir", "yok", "olmasin", "oynanmasin", "istemiyoruz", "istemeyiz", "gerek", "no"}
    | {"gereksiz", "oynamayalim", "yapmayalim", "olmaz", "h", "yoo", "yo", "oynanmayacak"}
    | {"hayr", "hyr", "hayi", "olmasn"}
)


def read_yes_no(text: str) -> bool | None:
    """True for "evet", "olsun", "üçüncülük maçı oynansın", False for "hayır", "yok",
    "gerek yok", "olmasın abi"; None when it says neither (or both: "evet yok")."""
    found = set(words(text))
    yes, no = bool(found & _YES), bool(found & _NO)
    if "gerek" in found and not found & {"yok", "degil"}:  # "gerek" alone: needed
        no, yes = False, True
    return yes if yes != no else None


# --- the tie rule ---------------------------------------------------------------------------

_DEFAULT = frozenset({"varsayilan", "farketmez", "standart", "normal", "resmi", "klasik"})


def read_tiebreak(text: str) -> str | None:
    """A preset of domain.tiebreak as typed: "tff olsun", "TFF kuralı", "uefa", "averaj
    olsun" / "averaj önce" (goal difference first: the article's rule), "halı saha kuralı",
    "ikili averaj" (the head-to-head first: TFF's), "farketmez" / "varsayılan" (TFF, the
    default); None for none."""
    found = words(text)
    joined = "".join(found)
    named = [p for p in ("tff", "uefa", "fifa", "makale") if p in found]
    if "halisaha" in joined:
        named.append("halisaha")
    if len(named) == 1:
        return named[0]
    if named:
        return None
    if "ikili" in found or "aralarindaki" in found:
        return "tff"
    if any(w.startswith("averaj") for w in found):
        return "makale"
    if _DEFAULT & set(found) or "fark etmez" in " ".join(found):
        return "tff"
    return None


# --- which answer to change, from the summary ---------------------------------------------

_FIELDS = (  # (a word's stem or its start, the answer it names); the first found counts
    ("takim", "teams"),
    ("saha", "pitches"),
    ("grup", "groups"),
    ("grub", "groups"),
    ("ucuncu", "third"),
    ("esitlik", "tiebreak"),
    ("averaj", "tiebreak"),
    ("kural", "tiebreak"),
    ("sure", "slot"),
    ("dakika", "slot"),
    ("bicim", "format"),
    ("format", "format"),
    ("usul", "format"),
    ("tarih", "kickoff"),
    ("saat", "kickoff"),
    ("gun", "kickoff"),
    ("ilk", "kickoff"),
    ("isim", "name"),
    ("ad", "name"),
)


def read_field(text: str) -> str | None:
    """The answer a typed [Değiştir] choice names: "sahayı değiştir" (pitches), "süreyi",
    "takımları düzelt", "ilk maç saatini", "adını değiştirelim"; None for none."""
    for word in words(text):
        found = analyse(word)
        stem = found.stem if found is not None else word
        for start, field in _FIELDS:
            if stem.startswith(start) and (start != "ad" or stem in ("ad", "adi", "adini")):
                return field
    return None
