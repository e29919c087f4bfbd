"""Which team scored or conceded the most (or the fewest): "en çok gol atan takım", "en
golcü takım hangisi", "en çok gol yiyen takım", "en az gol yiyen takım kim".

`team_goals_asked(words)` reads the folded words of a short message: "en" with "çok",
"fazla" or "az" (or "en golcü"), a form of "gol" or "golcü", and "takım" in any form. "En
çok gol atan takım hangisi" was answered with the top scorer, a player; "gol kralı kim"
still asks for him. Said, not asked: a verb of the writer's ("en çok gol atan takım
olacağız") or a number told ("en çok gol atan takım 12 golle biziz") make it chat.
Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.listnames import SCORER, is_goal
from domain.morphology import Person, analyse

__all__ = ["DETAILS", "TeamGoalsAsked", "team_goals_asked"]

DETAILS = frozenset({"most_scored", "fewest_scored", "most_conceded", "fewest_conceded"})

_MOST = frozenset({"cok", "fazla"})
_CONCEDED = ("yiyen", "yedigi", "yiyenler", "yemis")
_SAID = frozenset({Person.I, Person.WE, Person.YOU, Person.YOU_ALL})


@dataclass(frozen=True)
class TeamGoalsAsked:
    """`conceded`: goals let in ("gol yiyen"), else scored; `fewest`: "en az"."""

    conceded: bool = False
    fewest: bool = False

    @property
    def detail(self) -> str:
        """The question's `detail` (domain.questions.Question) that carries it."""
        return f"{'fewest' if self.fewest else 'most'}_{'conceded' if self.conceded else 'scored'}"

    @classmethod
    def of(cls, detail: str | None) -> TeamGoalsAsked | None:
        """The ranking a question's `detail` carries; None for any other detail."""
        if detail not in DETAILS:
            return None
        most, kind = detail.split("_")
        return cls(conceded=kind == "conceded", fewest=most == "fewest")


def team_goals_asked(words: Sequence[str]) -> TeamGoalsAsked | None:
    """The team ranking by goals `words` ask for, or None; see the module docstring."""
    if not _team_after(words):
        return None
    if any(any(c.isdigit() for c in w) for w in words):
        return None  # "12 golle en çok gol atan takım biziz": told
    read = [analyse(w) for w in words]
    if any(r is not None and r.tense is not None and r.person in _SAID for r in read):
        return None  # "en çok gol atan takım olacağız"
    for i, word in enumerate(words[:-1]):
        if word != "en":
            continue
        after = words[i + 1]
        if after.startswith(SCORER) and _team_after(words[i + 2 :]):  # "en golcü takım"
            return TeamGoalsAsked()
        if after not in _MOST and after != "az":
            continue
        rest = words[i + 2 :]
        if not any(is_goal(w) or w.startswith(SCORER) for w in rest) or not _team_after(rest):
            continue
        conceded = any(w.startswith(_CONCEDED) for w in rest)
        return TeamGoalsAsked(conceded=conceded, fewest=after == "az")
    return None


def _team_after(rest: Sequence[str]) -> bool:
    """ "takım" after the goals, as what is asked ("en çok gol atan takım"), not where
    ("takımda en çok gol atan kim" asks for a player of the team)."""
    return any(w.startswith("takim") and not w.endswith(("da", "de")) for w in rest)
