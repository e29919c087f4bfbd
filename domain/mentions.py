"""Which teams a chat message names anywhere: typos, short names and suffixes included.

Used to tell a message about the tournament from ordinary chat (`domain.result_lines`): a line
naming no team of the tournament is never a result. Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.names import AmbiguousTeam, UnknownTeam, normalize, resolve

__all__ = ["mentioned"]


def mentioned(text: str, teams: Iterable[str], *, max_words: int = 5) -> tuple[str, ...]:
    """The teams `text` names anywhere (typos, short names and suffixes included), in the
    order they appear; the longest run of words that names one team wins its words.

    A run that could be several teams names none of them. Used to tell a message about
    the tournament from ordinary chat; deterministic, no I/O.
    """
    team_list = tuple(teams)
    words = [w.strip(_EDGE) for w in normalize(text).split()]
    found: list[str] = []
    i = 0
    while i < len(words):
        for n in range(min(max_words, len(words) - i), 0, -1):
            gram = " ".join(w for w in words[i : i + n] if w)
            if not words[i] or sum(c.isalnum() for c in gram) < 2:
                continue
            try:
                team = resolve(gram, team_list)
            except (UnknownTeam, AmbiguousTeam):
                continue
            if team not in found:
                found.append(team)
            i += n
            break
        else:
            i += 1
    return tuple(found)


_EDGE = ' \t,;:!?.()[]"“”«»…-–—'
