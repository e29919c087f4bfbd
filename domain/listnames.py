"""A list the bot keeps, asked for by its name alone, as "puan durumu" asks for the table:
"gol krallığı", "golcüler", "kart durumu", "fair play", "cezalılar"; and a team's squad,
"kadromuz", "Kartallar kadrosu", "kadroda kim var", "bizim kadro".

`named_list(words, asked)` takes the folded words of a short message and gives the
`PlayerTopic` value it names ("scorers", "fair_play", "banned", "cards", "squad") with
the positions of the words that say so (the others name a team), or None. A bare "gol"
or "kart" is a shout on the pitch, so a goal needs its king or its scorers and a card its
state or list; "kadromuz şahane" and "kadroyu kurduk" are news: besides the squad's word
only words that ask (and a team before it) may stand; a team's name that is no team of
the tournament leaves the bot silent ("Real Madrid kadrosu": bot.usecases.player_facts).
Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["FAIR", "KING", "RANKING", "SCORER", "is_goal", "named_list"]

# The players' words (folded word beginnings), domain.playerquestions's too.
KING = ("kral", "kiral", "golkral")  # "kırallık": a typo the phones keep
SCORER = ("golcu", "skorer", "golkral")
RANKING = ("sirala", "liste", "tablo")
FAIR = ("centilmen", "fairplay", "fair")
_LISTED = ("durum", *RANKING)
_TITLE_WORDS = (*SCORER, *KING, *FAIR, *_LISTED, "play", "gol", "kart", "ceza")
# Words that may stand beside "kadro" in a question about a squad.
_ASKING = frozenset({"kim", "kimler", "kimlerden", "ne", "nedir", "nasil", "hangi", "mi"})
_ASKING |= {"mu", "var", "kac", "kisi", "kisiyiz", "acaba", "bizim", "oyuncular", "listesi"}
# Words before "kadro" that say which squad without naming a team: "bu kadro", "yeni kadro".
_NOT_A_TEAM = frozenset({"bu", "su", "o", "yeni", "eski", "ilk", "ayni", "tum", "butun"})
MAX_TITLE_WORDS = 3
MAX_SQUAD_WORDS = 5


def named_list(words: Sequence[str], asked: bool = False) -> tuple[str, frozenset[int]] | None:
    """The list `words` name; see the module docstring. `asked`: the message ends in "?"."""
    title = _title(words)
    if title is not None:
        return title, frozenset(range(len(words)))
    return _squad(words, asked)


def is_goal(word: str) -> bool:
    """A goal's word ("gol", "golü", "goller"), not a scorer's ("golcü", "golkralı")."""
    return word.startswith("gol") and not word.startswith(SCORER)


def _title(words: Sequence[str]) -> str | None:
    if len(words) > MAX_TITLE_WORDS or not all(w.startswith(_TITLE_WORDS) for w in words):
        return None
    listed = any(w.startswith(_LISTED) for w in words)
    goal = any(map(is_goal, words))
    if any(w.startswith(SCORER) for w in words) or (
        goal and any(w.startswith(KING) for w in words)
    ):
        return "scorers"
    if any(w.startswith(FAIR) for w in words):
        return "fair_play"
    if any(w.startswith("cezal") for w in words) or (listed and any("ceza" in w for w in words)):
        return "banned"
    if listed and any(w.startswith("kart") for w in words):
        return "cards"
    return None


def _squad(words: Sequence[str], asked: bool) -> tuple[str, frozenset[int]] | None:
    at = [i for i, w in enumerate(words) if w.startswith("kadro")]
    if len(at) != 1 or len(words) > MAX_SQUAD_WORDS:
        return None
    i = at[0]
    word, before, after = words[i], words[:i], words[i + 1 :]
    if not all(w in _ASKING for w in after):
        return None
    named = not word.startswith("kadrom") and not set(before) & (_ASKING | _NOT_A_TEAM)
    if before and named:  # "Kartallar kadrosu", "aslanlar kadro": the team before it
        return "squad", frozenset(range(i, len(words)))
    if not all(w in _ASKING for w in before):
        return None
    ours = word.startswith(("kadromuz", "kadrom")) or "bizim" in before
    if ours or any(w in _ASKING for w in (*before, *after)) or asked:
        return "squad", frozenset(range(len(words)))  # "kadromuz", "kadroda kim var"
    return None
