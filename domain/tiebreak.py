"""Tie-break rules, chosen per tournament and announced before the first match.

The article calls a semi-final decided by lot because no rule was written "the
tournament's one real disaster", so the order is an explicit value (`TieBreak`) that the
organiser picks from a preset or writes out. `domain.standings` applies it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from domain.errors import DomainError
from domain.names import loose_key


class TieBreakError(DomainError, ValueError):
    """A tie-break rule the organiser wrote cannot be used as it stands."""


class UnknownCriterion(TieBreakError):
    """A criterion name that is not one of `Criterion`; carries the valid names for the reply."""

    def __init__(self, name: str, valid: tuple[str, ...]) -> None:
        super().__init__(f"unknown tie-break criterion {name!r}; valid: {', '.join(valid)}")
        self.name = name
        self.valid = valid


class UnknownPreset(TieBreakError):
    """A preset name that does not exist; carries the valid names for the reply."""

    def __init__(self, name: str, valid: tuple[str, ...]) -> None:
        super().__init__(f"unknown tie-break preset {name!r}; valid: {', '.join(valid)}")
        self.name = name
        self.valid = valid


class Criterion(StrEnum):
    """One way to separate teams; `H2H_*` look only at the matches among the level teams."""

    POINTS = "points"
    GOAL_DIFFERENCE = "goal_difference"
    GOALS_FOR = "goals_for"
    WINS = "wins"
    H2H_POINTS = "h2h_points"
    H2H_GOAL_DIFFERENCE = "h2h_goal_difference"
    H2H_GOALS_FOR = "h2h_goals_for"
    DISCIPLINARY = "disciplinary"
    FORFEIT_LOSSES = "forfeit_losses"  # the team without a forfeit loss ranks higher

    @property
    def is_h2h(self) -> bool:
        """Head-to-head criteria need a mini-table of the level teams, not the whole table."""
        return self in (
            Criterion.H2H_POINTS,
            Criterion.H2H_GOAL_DIFFERENCE,
            Criterion.H2H_GOALS_FOR,
        )

    @property
    def lower_is_better(self) -> bool:
        """Disciplinary points and forfeit losses are penalties: fewer ranks higher."""
        return self in (Criterion.DISCIPLINARY, Criterion.FORFEIT_LOSSES)


class CardKind(StrEnum):
    """What the referee showed, as one event per sending-off or booking."""

    YELLOW = "yellow"
    SECOND_YELLOW = "second_yellow"  # indirect red: counts for the whole sending-off
    RED = "red"  # direct red
    YELLOW_RED = "yellow_red"  # a yellow, then a direct red for the same player


@dataclass(frozen=True)
class DisciplineRule:
    """Penalty points per card event (UEFA-like by default); fewer is better.

    A sending-off for two yellows is one `second_yellow` event worth its full value: the
    player's first yellow is not recorded separately, or it would count twice.
    """

    yellow: int = 1
    second_yellow: int = 3
    red: int = 3
    yellow_red: int = 4

    def points_for(self, kind: str) -> int:
        """Penalty for one card event; raises `ValueError` for an unknown kind."""
        values = {
            CardKind.YELLOW: self.yellow,
            CardKind.SECOND_YELLOW: self.second_yellow,
            CardKind.RED: self.red,
            CardKind.YELLOW_RED: self.yellow_red,
        }
        return values[CardKind(kind)]


UEFA_DISCIPLINE = DisciplineRule()
# FIFA World Cup 2026 team conduct score, negated: -1 / -3 / -4 / -5.
FIFA_DISCIPLINE = DisciplineRule(yellow=1, second_yellow=3, red=4, yellow_red=5)


@dataclass(frozen=True)
class TieBreak:
    """The ranking order of one tournament.

    `criteria` always starts with POINTS (a "puan durumu" ranks by points; the rest only
    break ties). Consecutive H2H criteria form one run that is evaluated on a mini-table
    of the matches among the teams level when the run is reached. With `reapply_h2h`
    (UEFA), a strictly smaller subset still level after the run gets the run again on a
    mini-table of its own matches; without it (TFF) that one mini-table is final and the
    subset goes on to the next criteria.

    `decider` is what settles teams still level after every criterion: "lot" (kura), or
    "playoff" (TFF Madde 9: a play-off match; the standings say one is needed).
    """

    name: str
    criteria: tuple[Criterion, ...]
    reapply_h2h: bool = False
    discipline: DisciplineRule = UEFA_DISCIPLINE
    decider: str = "lot"

    def __post_init__(self) -> None:
        for criterion in self.criteria:
            if not isinstance(criterion, Criterion):
                raise UnknownCriterion(str(criterion), _VALID_CRITERIA)
        if not self.criteria or self.criteria[0] is not Criterion.POINTS:
            raise TieBreakError("a tie-break order must start with points")
        if len(set(self.criteria)) != len(self.criteria):
            raise TieBreakError("a tie-break criterion may appear only once")
        if self.decider not in DECIDERS:
            raise TieBreakError(f"a tie is decided by {' or '.join(DECIDERS)}")


_VALID_CRITERIA: tuple[str, ...] = tuple(c.value for c in Criterion)
DECIDERS: tuple[str, ...] = ("lot", "playoff")

_C = Criterion
_UEFA_CRITERIA = (  # UEFA Art. 20.01 and FIFA World Cup 2026 Art. 13 alike
    _C.POINTS,
    _C.H2H_POINTS,
    _C.H2H_GOAL_DIFFERENCE,
    _C.H2H_GOALS_FOR,
    _C.GOAL_DIFFERENCE,
    _C.GOALS_FOR,
    _C.DISCIPLINARY,
)
_PRESETS: dict[str, TieBreak] = {
    # TFF Futbol Müsabaka Talimatı Madde 9: head-to-head first, no away goals, one
    # mini-table for three or more level teams; after goals scored the team without a
    # forfeit loss ranks higher, then a play-off match (no lot).
    "tff": TieBreak(
        "tff",
        (
            _C.POINTS,
            _C.H2H_POINTS,
            _C.H2H_GOAL_DIFFERENCE,
            _C.GOAL_DIFFERENCE,
            _C.GOALS_FOR,
            _C.FORFEIT_LOSSES,
        ),
        decider="playoff",
    ),
    # UEFA Art. 20.01: head-to-head a)-c), re-applied to those still level, then overall.
    "uefa": TieBreak("uefa", _UEFA_CRITERIA, reapply_h2h=True),
    # FIFA World Cup 2026 Art. 13: as UEFA (re-application included), with FIFA's
    # team-conduct scale instead of UEFA's.
    "fifa": TieBreak("fifa", _UEFA_CRITERIA, reapply_h2h=True, discipline=FIFA_DISCIPLINE),
    # The article: goal difference, head-to-head, goals scored.
    "makale": TieBreak(
        "makale",
        (_C.POINTS, _C.GOAL_DIFFERENCE, _C.H2H_POINTS, _C.H2H_GOAL_DIFFERENCE, _C.GOALS_FOR),
    ),
    # The rule an organiser writes in the seed's group (and the article's example): goal
    # difference, goals scored, then the result between the tied teams.
    "halisaha": TieBreak("halisaha", (_C.POINTS, _C.GOAL_DIFFERENCE, _C.GOALS_FOR, _C.H2H_POINTS)),
}

PRESET_NAMES: tuple[str, ...] = tuple(_PRESETS)


def preset(name: str) -> TieBreak:
    """The named preset ("tff", "uefa", "fifa", "makale"), case-insensitive."""
    key = name.strip().lower()
    if key not in _PRESETS:
        raise UnknownPreset(name, PRESET_NAMES)
    return _PRESETS[key]


def stored(setting: str) -> TieBreak:
    """The rule a tournament's `tie_break` setting names: a preset's name, or an
    organiser's criteria joined by commas (what /ayarlar esitlik stores)."""
    return custom(setting.split(",")) if "," in setting else preset(setting)


# What organisers write (diacritics and case folded by names.loose_key).
TURKISH_CRITERIA: dict[str, Criterion] = {
    "puan": Criterion.POINTS,
    "averaj": Criterion.GOAL_DIFFERENCE,
    "genel averaj": Criterion.GOAL_DIFFERENCE,
    "gol averaji": Criterion.GOAL_DIFFERENCE,
    "atilan gol": Criterion.GOALS_FOR,
    "gol": Criterion.GOALS_FOR,
    "galibiyet": Criterion.WINS,
    "ikili puan": Criterion.H2H_POINTS,
    "aralarindaki mac": Criterion.H2H_POINTS,
    "aralarindaki maclar": Criterion.H2H_POINTS,
    "ikili mac": Criterion.H2H_POINTS,
    "ikili averaj": Criterion.H2H_GOAL_DIFFERENCE,
    "ikili gol": Criterion.H2H_GOALS_FOR,
    "ikili atilan gol": Criterion.H2H_GOALS_FOR,
    "fair play": Criterion.DISCIPLINARY,
    "kart": Criterion.DISCIPLINARY,
    "kart puani": Criterion.DISCIPLINARY,
    "hukmen": Criterion.FORFEIT_LOSSES,
    "hukmen maglubiyet": Criterion.FORFEIT_LOSSES,
}


def parse_criterion(name: str) -> Criterion:
    """A criterion from its identifier or its Turkish name ("averaj", "ikili puan")."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        return Criterion(key)
    except ValueError:
        turkish = TURKISH_CRITERIA.get(loose_key(name))
        if turkish is None:
            raise UnknownCriterion(name, _VALID_CRITERIA) from None
        return turkish


def custom(
    names: Iterable[str],
    *,
    name: str = "custom",
    reapply_h2h: bool = False,
    discipline: DisciplineRule = UEFA_DISCIPLINE,
) -> TieBreak:
    """An organiser's own order; POINTS is put first when left out, since it always ranks."""
    criteria = tuple(parse_criterion(n) for n in names)
    if Criterion.POINTS not in criteria:
        criteria = (Criterion.POINTS, *criteria)
    return TieBreak(name, criteria, reapply_h2h=reapply_h2h, discipline=discipline)
