"""Which of the bot's commands an unknown one was meant as: "/fikstür" (Turkish letters,
which no Telegram command has) is /fikstur, "/puandurumu" is /puan, "/fiksture" is
/fikstur. Deterministic, no I/O; the bot's command names come in.
"""

from __future__ import annotations

from collections.abc import Iterable

from rapidfuzz.distance import OSA

from domain.names import fold

__all__ = ["closest_command", "command_word", "joined_command", "setting_words"]

# A known command this short is only suggested for an exact fold ("/kura", "/gol"): a
# prefix or one typo away from three letters is any word at all.
MIN_PREFIX = 4


def command_word(text: str) -> tuple[str, str | None]:
    """The command of a message starting with "/" as typed, and the bot it names: "/fikstür
    metin" -> ("fikstür", None), "/puan@turnuva_bot" -> ("puan", "turnuva_bot")."""
    head = text.split(maxsplit=1)[0] if text.split() else ""
    command, _, to = head.removeprefix("/").partition("@")
    return command, (to or None)


def _key(word: str) -> str:
    return fold(word).replace("_", "").replace("-", "")


def setting_words(args: list[str], keys: Iterable[str]) -> list[str]:
    """/ayarlar's words with its setting's name as the bot spells it: "sarı ceza 4" ->
    ["sari_ceza", "4"], "Kaptan sonuç açık" -> ["kaptan_sonuc", "açık"], "hükmen-puan-sil"
    -> ["hukmen_puan_sil"]; the words as they came when no key fits."""
    wanted = {_key(k): k for k in keys}
    for n in range(min(3, len(args)), 0, -1):
        key = wanted.get("".join(_key(a) for a in args[:n]))
        if key is not None:
            return [key, *args[n:]]
    return list(args)


def closest_command(typed: str, known: Iterable[str]) -> str | None:
    """The known command `typed` most plausibly means, or None: the same once Turkish
    letters, case and underscores are folded away ("fikstür", "Takimlar", "disaaktar"),
    the longest one it starts with ("puandurumu"), the only one it starts ("fiks"), or
    the only one nearest within a typo or two ("fiksture", "takimlr"); None when two
    fit as well ("geri": /geri_al or /geri_yukle?)."""
    names = sorted(set(known))
    word = _key(typed)
    if not word:
        return None
    keys = {name: _key(name) for name in names}
    same = [n for n in names if keys[n] == word]
    if same:
        return same[0]
    long_enough = [n for n in names if len(keys[n]) >= MIN_PREFIX]
    heads = [n for n in long_enough if word.startswith(keys[n])]  # "puandurumu"
    if heads:
        return max(heads, key=lambda n: len(keys[n]))  # "kaptansilme": /kaptan_sil
    if len(word) >= MIN_PREFIX:
        begun = [n for n in long_enough if keys[n].startswith(word)]  # "fiks"
        if len(begun) == 1:
            return begun[0]
    allowed = 1 if len(word) <= 5 else 2
    near = sorted((OSA.distance(word, keys[n]), n) for n in long_enough)
    best = [n for d, n in near if d == near[0][0]] if near and near[0][0] <= allowed else []
    return best[0] if len(best) == 1 else None


def joined_command(typed: str, rest: str, known: Iterable[str]) -> tuple[str, str] | None:
    """A command typed in two words, with a space for its underscore or none at all: "/geri
    al" -> ("geri_al", ""), "/yeni turnuva Bahar Kupası" -> ("yeni_turnuva", "Bahar
    Kupası"); None unless the two words are exactly one known command once folded."""
    words = rest.split(maxsplit=1)
    if not words:
        return None
    wanted = _key(typed + words[0])
    for name in sorted(set(known)):
        if _key(name) == wanted:
            return name, words[1] if len(words) > 1 else ""
    return None
