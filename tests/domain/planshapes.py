"""Tournament shapes for the planner tests: a hashable description and what it builds.

A `Shape` is the organiser's choice in numbers (teams, groups, pitches, format, clock);
`draft()` and `rules()` turn it into the planner's input the way the CLI would: groups by
the snake draw ("order"), a league when there is a single group, a seeded bracket for a
pure knockout. `plan_of` caches plans per shape so several properties can share them.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from domain import formats
from domain.dayplan import Draft, Pitch, Plan, TimeRules
from domain.draw import draw_groups
from domain.planner import plan

ISTANBUL = ZoneInfo("Europe/Istanbul")
START = datetime(2026, 12, 6, 10, 0, tzinfo=ISTANBUL)
TEAM_NAMES = (
    "Kartallar", "Şahinler", "Aslanlar", "Kaplanlar", "Yıldızlar", "Gençlik", "Işıkspor",
    "İzmir Gücü", "Boğaziçi", "Çınarlar", "Dostlar", "Ekspres", "Fırtına", "Gökyüzü",
    "Hilal", "Irmak", "Jet", "Kuzey", "Lale", "Marmara", "Nehir", "Orman", "Poyraz",
    "Rüzgar", "Sahil", "Toros", "Uçurum", "Vadi", "Yakamoz", "Zirve", "Anadolu", "Bozkır",
    "Ceylan", "Dalga", "Ege", "Fener", "Güneş", "Haliç", "İnci", "Kelebek",
)  # fmt: skip


@dataclass(frozen=True)
class Shape:
    """`groups == 0` means a pure knockout of all `teams` from a seeded list."""

    teams: int
    groups: int
    pitches: int
    double: bool = False
    knockout: str = "none"
    third_place: bool = False
    group_rest: int = 0
    match_minutes: int = 26
    changeover: int = 4
    knockout_break: int = 30
    knockout_rest: int = 15
    final_alone: bool = True

    def team_names(self) -> list[str]:
        return list(TEAM_NAMES[: self.teams])

    def draft(self) -> Draft:
        """The planner's input; raises the domain's error for an impossible format."""
        options = formats.Options(
            double=self.double, knockout=self.knockout, third_place=self.third_place
        )
        if self.groups == 0:
            return formats.pure_knockout(self.team_names(), options)
        if self.groups == 1:
            return formats.league(self.team_names(), options)
        groups = draw_groups(self.team_names(), self.groups, method="order")
        return formats.groups_then_knockout(groups, options)

    def rules(self) -> TimeRules:
        return TimeRules(
            start=START,
            pitches=tuple(Pitch(f"Saha {i}") for i in range(1, self.pitches + 1)),
            match_minutes=self.match_minutes,
            changeover=self.changeover,
            knockout_break=self.knockout_break,
            group_rest=self.group_rest,
            knockout_rest=self.knockout_rest,
            final_alone=self.final_alone,
        )

    @property
    def slot(self) -> int:
        return self.match_minutes + self.changeover


@functools.lru_cache(maxsize=512)
def built(shape: Shape) -> tuple[Draft, Plan]:
    """The draft and its plan, computed once per shape."""
    draft = shape.draft()
    return draft, plan(draft, shape.rules())


def plan_of(shape: Shape) -> Plan:
    return built(shape)[1]


def round_robin_matches(size: int, double: bool) -> int:
    return size * (size - 1) // 2 * (2 if double else 1)


def slot_lower_bound(group_sizes: list[int], double: bool, pitches: int) -> int:
    """The issue's bound, written out independently of `domain.slots`: pitch capacity,
    and per group its matches over the matches it can run at once (min(pitches, g // 2)).

    A double round robin's return leg may share the slot in which its group's first leg
    closes, so the legs do not round up separately.
    """
    counts = [round_robin_matches(g, double) for g in group_sizes]
    bound = math.ceil(sum(counts) / pitches)
    for size, count in zip(group_sizes, counts, strict=True):
        bound = max(bound, math.ceil(count / min(pitches, size // 2)))
    return bound
