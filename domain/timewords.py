"""The guided set-up's times as a new organiser types them: the match length and the break
("30 dk maç 5 dk ara", "yarım saat maç", "maçlar 25 dakika"), the first kick-off ("17
ocakta başlıyoruz", "cumartesi sabah 10", "yarın akşam 8") and a league's weekly rhythm
("iki haftada bir pazar 14-17", "pazar günleri 14 ile 17 arası").

`read_slot` and `read_kickoff` return the value (or raise domain.when's BadSlot /
BadDateTime); `rhythm_text` rewrites a rhythm into the words domain.weekly reads. Words are
folded (no case, no diacritics); the words around the answer ("abi", "ya", "olsun",
"başlıyoruz") are passed over. Deterministic, no I/O.
"""

from __future__ import annotations

import re
from datetime import datetime, time

from domain.counts import TENS, UNITS, parse_number
from domain.morphology import analyse
from domain.names import fold
from domain.when import (
    MAX_SLOT_MINUTES,
    MONTHS,
    WEEKDAYS,
    BadDateTime,
    BadSlot,
    DateTimeProblem,
    SlotProblem,
    parse_kickoff,
    parse_slot,
)

__all__ = [
    "DEFAULT_CHANGEOVER",
    "DEFAULT_TIME",
    "kickoff_text",
    "read_kickoff",
    "read_slot",
    "rhythm_text",
]

DEFAULT_CHANGEOVER = 6  # "maçlar 25 dakika": the break the set-up assumes (24+6's)
DEFAULT_TIME = time(10, 0)  # "17 ocakta başlıyoruz": the form's kick-off hour too

_WORD = re.compile(r"[0-9]+(?:[:.][0-9]{2})?|[a-z]+")
_MINUTES = re.compile(r"(?:dakika|dakka|dak|dk)[a-z]*")
_HOURS_WORD = re.compile(r"saat[a-z]*")
_MATCH_WORDS = ("mac", "oyun", "sure")
_BREAK_WORDS = ("ara", "mola", "degisim", "dinlenme", "bekleme", "gecis", "bosluk")


def _tokens(text: str) -> list[str]:
    """Folded words and numbers: "30dk'lık maç" -> ["30", "dklik", "mac"]."""
    return _WORD.findall(fold(text).replace("’", "'"))


def _spelled(tokens: list[str]) -> list[str]:
    """Number words as digits, "yarım saat" and "bir saat" as minutes: "otuz beş dk" ->
    ["35", "dk"]; "yarım saat" -> ["30", "dk"]."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        word, following = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else ""
        if word == "yarim" and _HOURS_WORD.fullmatch(following):
            out += ["30", "dk"]
            i += 2
        elif word in ("bir", "1") and _HOURS_WORD.fullmatch(following):
            out += ["60", "dk"]
            i += 2
        elif word in TENS and following in UNITS and following not in ("tek", "sifir"):
            out.append(str(TENS[word] + UNITS[following]))
            i += 2
        elif word != "bir" and (number := parse_number(word)) is not None:
            out.append(str(number))
            i += 1
        else:
            out.append(word)
            i += 1
    return out


def _role(word: str) -> str | None:
    """ "match" for "maç", "maçlar", "süre"; "break" for "ara", "arası", "mola", "değişim"."""
    if word == "arasiz":  # "25 dk arasız": no break, said of the match's minutes
        return "match"
    if word.startswith(_BREAK_WORDS) or word in ("arada", "arasi"):
        return "break"
    found = analyse(word)
    stem = found.stem if found is not None else word
    return "match" if stem.startswith(_MATCH_WORDS) else None


def _halves(tokens: list[str]) -> list[str]:
    """ "2x15", "2 x 15", "iki devre 15er", "2 yarı 15 dk" -> the match's minutes (30)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        word = tokens[i]
        rest = tokens[i + 1 : i + 3]
        if word == "2" and len(rest) == 2 and rest[0] in ("x", "devre", "yari", "devreli"):
            minutes = re.fullmatch(r"([0-9]+)(?:er|ar|sar|ser)?", rest[1])
            if minutes:
                out += [str(2 * int(minutes.group(1))), "mac"]
                i += 3
                continue
        compact = re.fullmatch(r"2x([0-9]+)", word)
        if compact:
            out += [str(2 * int(compact.group(1))), "mac"]
        else:
            out.append(word)
        i += 1
    return out


def read_slot(text: str) -> tuple[int, int]:
    """(minutes of play, minutes of changeover) of "24+6", "30 dk maç 5 dk ara", "maç 30
    ara 5", "maçlar 25 dakika" (DEFAULT_CHANGEOVER after it), "yarım saat maç", "otuz
    dakika maç beş dakika arası", "2x15" (two halves), "25 dk arasız" (no break). Raises
    BadSlot."""
    try:
        return parse_slot(text)
    except BadSlot as refused:
        if refused.reason is not SlotProblem.UNPARSED:
            raise
    tokens = [t for t in _halves(_spelled(_tokens(text))) if not _MINUTES.fullmatch(t)]
    numbers = [i for i, t in enumerate(tokens) if t.isdigit()]
    if not 1 <= len(numbers) <= 2:
        raise BadSlot(text, SlotProblem.UNPARSED)
    roles = [i for i, t in enumerate(tokens) if not t.isdigit() and _role(t) is not None]
    role_first = bool(roles) and roles[0] < numbers[0]  # "maç 30 ara 5", not "30 dk maç"
    found: dict[str, int] = {}
    for i in numbers:
        near = tokens[i - 1 : i] if role_first else tokens[i + 1 : i + 2]
        role = _role(near[0]) if near and not near[0].isdigit() else None
        role = role or ("match" if "match" not in found else "break")
        if role in found:
            raise BadSlot(text, SlotProblem.UNPARSED)
        found[role] = int(tokens[i])
    if "match" not in found:
        raise BadSlot(text, SlotProblem.UNPARSED)
    changeover = found.get("break", 0 if "arasiz" in tokens else DEFAULT_CHANGEOVER)
    if found["match"] == 0 or found["match"] + changeover > MAX_SLOT_MINUTES:
        raise BadSlot(text, SlotProblem.BAD_MINUTES)
    return found["match"], changeover


# --- the first kick-off ---------------------------------------------------------------------

_CASE_ENDINGS = ("nda", "nde", "da", "de", "ta", "te", "ndan", "nden", "dan", "den", "tan")
_CASE_ENDINGS += ("ten", "a", "e", "ya", "ye", "i", "si", "sinde", "sinda", "inde", "inda")
_PARTS_OF_DAY = {"sabah": 0, "ogle": 12, "ogleden": 12, "aksam": 12, "gece": 12}
_DROPPED_STEMS = frozenset({"basla", "ol", "oyna", "mac", "ilk", "yap"})
_FILLERS = frozenset({"abi", "ya", "yaa", "hocam", "gibi", "civari", "civarinda", "sonra"})
_FILLERS |= {"itibaren", "olsun", "ilk", "de", "da", "mi", "hadi", "bence", "herhalde"}


def _bare(word: str, names: dict[str, int]) -> str | None:
    """ "ocakta" -> "ocak", "cumartesiye" -> "cumartesi": a month or a weekday with an
    ending; None for other words."""
    for name in sorted(names, key=len, reverse=True):
        if word.startswith(name) and (word == name or word[len(name) :] in _CASE_ENDINGS):
            return name
    return None


def _hour(word: str, part_of_day: int) -> str | None:
    """ "8" after "akşam" -> "20:00"; "10da" after "sabah" -> "10:00"."""
    digits = re.match(r"[0-9]{1,2}(?:[:.][0-9]{2})?", word)
    if digits is None:
        return None
    hour, _, minute = digits.group(0).replace(".", ":").partition(":")
    value = int(hour) + (part_of_day if part_of_day and int(hour) < 12 else 0)
    return f"{value:02d}:{minute or '00'}"


def _after_day(said: list[str]) -> bool:
    """Whether a number said now is an hour: a day was said ("17 ocak", "yarın"), not
    only its month ("ocak 17de": the day)."""
    if not said:
        return False
    return said[-1] not in MONTHS or (len(said) > 1 and said[-2].isdigit())


def kickoff_text(text: str) -> str:
    """ "17 ocakta başlıyoruz" -> "17 ocak"; "cumartesi akşam 8 gibi" -> "cumartesi
    20:00"; "yarın saat 10da" -> "yarın saat 10da": the words domain.when reads."""
    out: list[str] = []
    part_of_day: int | None = None
    typed = fold(text).replace("’", "'").replace(",", " ")
    typed = re.sub(r"\btek\s+gun(?:luk|de|lugune)?\b", " ", typed).split()  # a league's "tek gün"
    for i, word in enumerate(typed):
        plain = re.sub(r"'[a-z]*$", "", word).strip(".!?")
        following = typed[i + 1] if i + 1 < len(typed) else ""
        if re.fullmatch(r"[0-9]{1,2}", plain) and following in ("da", "de", "ta", "te"):
            word = plain = f"{plain}{following}"  # "10 da": "10da", an hour
        if plain in _PARTS_OF_DAY:
            part_of_day = _PARTS_OF_DAY[plain]
            continue
        if part_of_day is not None and (at := _hour(plain, part_of_day)) is not None:
            out.append(at)
            part_of_day = None
            continue
        if (hour := re.fullmatch(r"([0-9]{1,2})'?(?:da|de|ta|te)", word)) and _after_day(out):
            out.append(f"{int(hour.group(1)):02d}:00")  # "17 ocak 10da": after a day
            continue
        found = analyse(plain) if plain.isalpha() else None
        if plain in _FILLERS or (found is not None and found.stem in _DROPPED_STEMS):
            continue
        named = _bare(plain, MONTHS) or _bare(plain, WEEKDAYS) if plain.isalpha() else None
        out.append(named or word)
    for i in range(len(out) - 1):  # "ocak 17" -> "17 ocak"
        if out[i] in MONTHS and re.fullmatch(r"[0-9]{1,2}(?:'?[a-z]+)?", out[i + 1]):
            out[i], out[i + 1] = re.sub(r"'?[a-z]+$", "", out[i + 1]), out[i]
    return " ".join(out)


def read_kickoff(text: str, now: datetime) -> datetime:
    """The first kick-off of "6 Aralık 10:00", "17 ocakta başlıyoruz" (a day without a
    time: DEFAULT_TIME), "cumartesi sabah 10", "yarın akşam 8'de", seen from `now` as
    domain.when.parse_kickoff sees it. Raises BadDateTime with the text as typed."""
    try:
        return parse_kickoff(text, now)
    except BadDateTime:
        pass
    said = kickoff_text(text)
    try:
        return parse_kickoff(said, now)
    except BadDateTime as refused:
        if refused.reason is not DateTimeProblem.MISSING_TIME:
            raise BadDateTime(text, refused.reason) from None
    try:
        return parse_kickoff(f"{said} {DEFAULT_TIME:%H:%M}", now)
    except BadDateTime as refused:
        raise BadDateTime(text, refused.reason) from None


# --- a league's rhythm --------------------------------------------------------------------

_BETWEEN = re.compile(
    r"\b([0-9]{1,2}(?:[:.][0-9]{2})?)(?:'?(?:d|t)[ae]n)?\s*(?:ile|ila|-|–|—)\s*"
    r"([0-9]{1,2}(?:[:.][0-9]{2})?)(?:'?(?:y?[ae]|[ae] kadar|kadar))?(?:\s+aras[ıi](?:nda)?)?"
)
_FROM_TO = re.compile(
    r"\b([0-9]{1,2}(?:[:.][0-9]{2})?)'?(?:d|t)[ae]n\s+([0-9]{1,2}(?:[:.][0-9]{2})?)'?y?[ae]"
    r"(?:\s+kadar)?\b"
)
_EVERY_DAYS = re.compile(r"\b(?:her\s+)?(14|on dort|ondort)\s+gunde\s+bir\b")
_RHYTHM_FILLERS = frozenset(
    {"abi", "ya", "yaa", "olsun", "oynariz", "oynayalim", "oynuyoruz", "oynanacak", "saat"}
    | {"saatleri", "arasi", "arasinda", "maclar", "gunleri", "gunu", "hocam", "kadar"}
)


def rhythm_text(text: str) -> str:
    """A rhythm's first part in the words domain.weekly reads: "pazar günleri 14 ile 17
    arası" -> "pazar 14-17"; "her cumartesi 10'dan 13'e" -> "her cumartesi 10-13"; "15 günde
    bir" stays unread. The other "|" parts (a first day, skipped days) are left as typed."""
    head, bar, rest = text.replace("\n", "|").partition("|")
    said = fold(head).replace("’", "'")
    said = _FROM_TO.sub(r"\1-\2", said)
    said = _BETWEEN.sub(r"\1-\2", said)
    said = _EVERY_DAYS.sub("iki haftada bir", said)
    said = re.sub(r"\b([0-9]{1,2}[:.][0-9]{2})\s+([0-9]{1,2}[:.][0-9]{2})\b", r"\1-\2", said)
    said = re.sub(r"\b2\s+haftada\s+1\b", "iki haftada bir", said)
    kept = [w for w in said.replace(",", " ").split() if w not in _RHYTHM_FILLERS]
    return " ".join(kept) + (f" {bar}{rest}" if bar else "")
