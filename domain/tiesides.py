"""Who plays in a knockout tie: each side's team as far as results tell (`progress`), and
the short code a printed plan shows for a side not yet known (`source_code`: "1A", "3.1",
"W13").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.model import BestOfPlace, Entrant, GroupPlace, Loser, Score, Source, Tie, Winner

__all__ = ["progress", "source_code"]


def progress(
    ties: Sequence[Tie],
    *,
    places: Mapping[GroupPlace | BestOfPlace, str | None],
    scores: Mapping[str, tuple[str, str, Score]],
) -> dict[str, tuple[str | None, str | None]]:
    """Each tie's (home, away) teams as far as they are known, None where not yet.

    `places` gives final group places (None or missing while a group is open); `scores`
    maps a played tie's key to (home, away, score). A level score without penalties has no
    winner yet, so the next tie keeps None.
    """

    def team(source: Source) -> str | None:
        if isinstance(source, Entrant):
            return source.team
        if isinstance(source, GroupPlace | BestOfPlace):
            return places.get(source)
        played = scores.get(source.key)
        if played is None:
            return None
        home, away, score = played
        side = score.winner_side()
        if side is None:
            return None
        if isinstance(source, Winner):
            return home if side == "home" else away
        return away if side == "home" else home

    return {tie.key: (team(tie.home), team(tie.away)) for tie in ties}


def source_code(source: Source, numbers: Mapping[str, int]) -> str | None:
    """The short code printed in plans: "1A", "3.1", "W13" / "L13"; None for a known team.

    `numbers` maps tie keys to match numbers; a key missing from it is a caller's bug.
    """
    if isinstance(source, GroupPlace | BestOfPlace):
        return source.code()
    if isinstance(source, Winner):
        return f"W{numbers[source.key]}"
    if isinstance(source, Loser):
        return f"L{numbers[source.key]}"
    return None
