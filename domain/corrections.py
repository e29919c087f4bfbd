"""A result just entered, corrected or taken back in words without the teams: "yanlış
yazdım 2-1 olacak", "düzeltme: 2-1", "pardon 2-1 olacaktı", "son sonucu sil", "sonucu
geri al". The writer means the result he entered last (the caller looks it up); the
teams are not repeated because he just typed them.

Read only when every word is one of these lists' (folded): a message with any other word
("bu maç 2-1 olacak", "mesajı sil", "fener 2-1 olacak") is someone else's chat. A bare
"2-1 olacak" is a guess, not a correction: a word of error or correction must be there.
"""

from __future__ import annotations

import re

from domain.names import fold

__all__ = ["corrected_score", "undo_asked"]

# "2-1", "2 - 1", "2:1"; not a clock ("20:00", "9:30") or a date ("6.12").
_SCORE = re.compile(r"(?<![0-9:.])([0-9]{1,2})\s*(?:-\s*([0-9]{1,2})|:\s*([0-9]))(?![0-9:.])")
# Words that say the last entry was wrong, or is being put right.
_WRONG = frozenset(
    {"yanlis", "yanlislikla", "pardon", "duzeltme", "duzelt", "duzeltiyorum", "hata"}
    | {"hatali", "dogrusu", "aslinda", "olacakti", "olmali", "olmaliydi", "olcakti"}
)
# Words a correction or an undo also holds: the writer, the result, politeness.
_AROUND = frozenset(
    {"yazdim", "girdim", "yazmisim", "girmisim", "yazdik", "girdik", "skor", "skoru"}
    | {"sonuc", "sonucu", "son", "abi", "ya", "kusura", "bakmayin", "lutfen", "dogru"}
    | {"olacak", "olcak", "olsun", "sorry", "degil", "oldu", "tekrar", "girdigim"}
    | {"yazdigim", "sonucunu", "skorunu", "bi", "bir", "mi"}
)
_RESULT = frozenset({"sonuc", "sonucu", "sonucunu", "skor", "skoru", "skorunu"})
_DELETE = frozenset({"sil", "silin", "silelim", "siler", "silebilir", "iptal", "kaldir", "geri"})
_UNDO_AROUND = frozenset({"al", "alin", "alir", "alalim", "et", "edin", "misin", "misiniz"})
_MAX_WORDS = 8


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", fold(text))


def corrected_score(text: str) -> tuple[int, int] | None:
    """The goals of "yanlış yazdım 2-1 olacak" (as the last entry's line had them, first
    side first), or None: not one line with one score and words of correction only."""
    if "\n" in text.strip():
        return None
    scores = _SCORE.findall(text)
    if len(scores) != 1:
        return None
    words = _words(_SCORE.sub(" ", text))
    if len(words) > _MAX_WORDS or not _WRONG & set(words):
        return None
    if not set(words) <= _WRONG | _AROUND:
        return None
    first, dashed, colon = scores[0]
    return int(first), int(dashed or colon)


def undo_asked(text: str) -> bool:
    """ "son sonucu sil", "sonucu geri al", "yanlış girdim sil": the last entry taken back."""
    if re.search(r"[0-9]", text):
        return False
    words = _words(text)
    if not words or len(words) > _MAX_WORDS:
        return False
    known = set(words) <= _WRONG | _AROUND | _DELETE | _UNDO_AROUND
    said = bool(_DELETE & set(words)) and bool((_RESULT | {"yanlis"}) & set(words))
    return known and said
