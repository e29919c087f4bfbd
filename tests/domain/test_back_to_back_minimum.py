"""Triples and back-to-backs against the proven minimum (issues 2 and 14).

The minimum comes from a tiny exhaustive search: a memoised DP over the set of matches still
to play, the teams that played in the slot just before and those that played in both slots
before. A step fills one slot with pairwise disjoint matches, at most one per pitch. Only
plans with the fewest slots count (the day's length comes first), so a step is allowed only
if the rest can still be played in the fewest slots that remain. Among those the search
minimises, in this order (docs/planner.md), triples (a team in three consecutive slots; four
in a row count two) and back-to-backs (a team in two consecutive slots).
In a double round robin a return match may only come in or after the slot that closes its
group's first leg.
"""

from __future__ import annotations

import functools
import itertools
import math

import pytest
from planshapes import START, Shape, plan_of

from domain.dayplan import Plan
from domain.model import Group


class BackToBackSearch:
    """Exact (fewest slots, then fewest triples, then fewest back-to-backs) for round robins
    in `groups`."""

    def __init__(self, groups: list[tuple[str, ...]], pitches: int, legs: int = 1) -> None:
        teams = [t for g in groups for t in g]
        bit = {t: 1 << i for i, t in enumerate(teams)}
        self.matches: list[int] = []  # team mask per match
        self.group_of: list[int] = []
        self.first_leg = [0] * len(groups)  # per group, the mask of its first-leg matches
        self.returns: list[bool] = []
        for g, members in enumerate(groups):
            for leg in range(legs):
                for a, b in itertools.combinations(members, 2):
                    if not leg:
                        self.first_leg[g] |= 1 << len(self.matches)
                    self.matches.append(bit[a] | bit[b])
                    self.group_of.append(g)
                    self.returns.append(bool(leg))
        self.widths = [max(1, min(pitches, len(g) // 2)) for g in groups]
        self.pitches = pitches
        self.all = (1 << len(self.matches)) - 1
        self.steps = self._steps()
        self._fewest = functools.cache(self._fewest_slots)
        self._least = functools.cache(self._least_back_to_backs)
        self._fits = functools.cache(self._fits_without_triple)
        self._strain = functools.cache(self._least_strain)
        self._moves_of = functools.cache(self._moves)

    def _steps(self) -> list[tuple[int, int, int]]:
        """Every slot content: (match mask, team mask, first-leg matches that must be over by
        the end of this slot),
        disjoint matches, at most `pitches`."""
        steps = []
        for size in range(1, self.pitches + 1):
            for chosen in itertools.combinations(range(len(self.matches)), size):
                teams = waits_for = 0
                for i in chosen:
                    if teams & self.matches[i]:
                        break
                    teams |= self.matches[i]
                    if self.returns[i]:
                        waits_for |= self.first_leg[self.group_of[i]]
                else:
                    steps.append((sum(1 << i for i in chosen), teams, waits_for))
        return steps

    def _lower(self, left: int) -> int:
        """Slots `left` needs at least: pitches, per group width, per team matches."""
        idx = [i for i in range(len(self.matches)) if left >> i & 1]
        bound = math.ceil(len(idx) / self.pitches)
        for g, width in enumerate(self.widths):
            bound = max(bound, math.ceil(sum(self.group_of[i] == g for i in idx) / width))
        per_team: dict[int, int] = {}
        for i in idx:
            for t in range(self.matches[i].bit_length()):
                if self.matches[i] >> t & 1:
                    per_team[t] = per_team.get(t, 0) + 1
        return max(bound, max(per_team.values(), default=0))

    def _fewest_slots(self, left: int) -> int:
        if not left:
            return 0
        target = self._lower(left)
        best = math.inf
        for done, _, waits_for in self.steps:
            if done & left == done and not left & ~done & waits_for:
                best = min(best, 1 + self._fewest(left & ~done))
                if best == target:
                    break
        return int(best)

    def _moves(self, left: int) -> list[tuple[int, int]]:
        """(teams, matches left after) for each slot content that keeps the day shortest."""
        need = self._fewest(left)
        return [
            (teams, left & ~done)
            for done, teams, waits_for in self.steps
            if done & left == done
            and not left & ~done & waits_for
            and self._fewest(left & ~done) == need - 1
        ]

    def _least_back_to_backs(self, left: int, before: int) -> int:
        """Back-to-backs still to come, triples allowed."""
        if not left:
            return 0
        best = math.inf
        for teams, rest in self._moves_of(left):
            cost = (teams & before).bit_count()
            if cost < best:
                best = min(best, cost + self._least(rest, teams))
                if best == 0:
                    break
        return int(best)

    def _fits_without_triple(self, left: int, before: int, twice: int, budget: int) -> bool:
        """Can `left` be played with no team in three running slots and at most `budget`
        back-to-backs? `twice` are the teams that played both slots before."""
        if not left:
            return True
        for teams, rest in self._moves_of(left):
            cost = (teams & before).bit_count()
            if (
                not teams & twice
                and cost <= budget
                and self._fits(rest, teams, teams & before, budget - cost)
            ):
                return True
        return False

    def _least_strain(self, left: int, before: int, twice: int) -> tuple[int, int]:
        """(triples, back-to-backs) still to come, lexicographically least."""
        if not left:
            return (0, 0)
        best = (math.inf, math.inf)
        for teams, rest in self._moves_of(left):
            cost = ((teams & twice).bit_count(), (teams & before).bit_count())
            if cost < best:
                more = self._strain(rest, teams, teams & before)
                best = min(best, (cost[0] + more[0], cost[1] + more[1]))
        return (int(best[0]), int(best[1]))

    def minimum(self) -> tuple[int, int, int]:
        """(fewest slots, fewest triples, fewest back-to-backs among those plans).

        Where the fewest back-to-backs can be had without a triple, that is the answer and
        a search within that budget shows it quickly; otherwise the full search decides.
        """
        slots, b2b = self._fewest(self.all), self._least(self.all, 0)
        if self._fits(self.all, 0, 0, b2b):
            return (slots, 0, b2b)
        return (slots, *self._strain(self.all, 0, 0))


def search_for(groups: tuple[Group, ...], pitches: int, legs: int = 1) -> tuple[int, int, int]:
    return BackToBackSearch([g.teams for g in groups], pitches, legs).minimum()


def fixture_back_to_backs(plan: Plan) -> int:
    """Back-to-backs read off the printed fixture: a team's next match in the very next slot."""
    slot = plan.rules.slot
    kickoffs: dict[str, list[int]] = {}
    for m in plan.matches:
        if m.stage.is_knockout:
            continue
        minute = int((m.start - START).total_seconds() // 60)
        for team in (m.home, m.away):
            kickoffs.setdefault(team, []).append(minute)
    return sum(
        1
        for starts in kickoffs.values()
        for a, b in itertools.pairwise(sorted(starts))
        if b - a == slot
    )


def fixture_triples(plan: Plan) -> int:
    """Triples read off the printed fixture: a team's next two matches in the next two slots."""
    slot = plan.rules.slot
    kickoffs: dict[str, list[int]] = {}
    for m in plan.matches:
        if not m.stage.is_knockout:
            minute = int((m.start - START).total_seconds() // 60)
            for team in (m.home, m.away):
                kickoffs.setdefault(team, []).append(minute)
    runs = 0
    for starts in kickoffs.values():
        gaps = [b - a for a, b in itertools.pairwise(sorted(starts))]
        runs += sum(1 for g, h in itertools.pairwise(gaps) if g == h == slot)
    return runs


# The search itself, on counts anyone can do by hand.


@pytest.mark.parametrize(
    ("teams", "groups", "pitches", "double", "expected"),
    [
        (3, 1, 1, False, (3, 0, 2)),  # any two matches of three teams share a team
        (4, 1, 1, False, (6, 0, 2)),  # the article: at most 3 of 5 neighbours complementary
        (4, 1, 2, False, (3, 4, 8)),  # three full rounds: every team plays every slot
        (5, 1, 1, False, (10, 0, 0)),
        (9, 3, 1, False, (9, 0, 0)),  # A, B, C, A, B, C, ...
        (6, 2, 2, False, (3, 0, 4)),  # one match per group per slot; neighbours share a team
        (4, 1, 1, True, (12, 0, 4)),  # two per leg; the turn can be free (... B-C, A-D ...)
        # Every neighbour shares a team, across the turn too; resting A, B, C, A, B, C
        # nobody plays three running.
        (3, 1, 1, True, (6, 0, 5)),
    ],
)
def test_the_search_agrees_with_counts_done_by_hand(teams, groups, pitches, double, expected):
    shape = Shape(teams=teams, groups=groups, pitches=pitches, double=double)
    assert search_for(shape.draft().groups, pitches, 2 if double else 1) == expected


# The planner against the search: (teams, groups, pitches, double round robin).

SMALL_SHAPES = [
    *((teams, 1, pitches, False) for teams in (4, 5, 6) for pitches in (1, 2, 3)),
    *((teams, 2, pitches, False) for teams in (6, 8, 7) for pitches in (1, 2, 3)),
    *((9, 3, pitches, False) for pitches in (1, 2, 3)),
    *((10, 3, pitches, False) for pitches in (2, 3)),  # groups of 4, 3, 3
    *((12, 4, pitches, False) for pitches in (2, 3)),
    *((teams, 1, pitches, True) for teams in (3, 4, 5, 6) for pitches in (1, 2)),
    *((teams, 2, pitches, True) for teams in (6, 7, 8) for pitches in (1, 2)),
    (9, 3, 3, True),
]


def _shape_id(value: tuple[int, int, int, bool]) -> str:
    teams, groups, pitches, double = value
    legs = "double" if double else "single"
    return f"{teams}teams-{groups}groups-{pitches}pitches-{legs}"


@pytest.mark.parametrize("small", SMALL_SHAPES, ids=_shape_id)
def test_the_planner_reaches_the_fewest_triples_then_back_to_backs_of_the_shortest_day(small):
    teams, groups, pitches, double = small
    shape = Shape(teams=teams, groups=groups, pitches=pitches, double=double)
    plan = plan_of(shape)
    fewest = search_for(plan.groups, pitches, 2 if double else 1)
    assert (plan.group_slots, plan.triples, plan.back_to_backs) == fewest
    assert fixture_back_to_backs(plan) == plan.back_to_backs
    assert fixture_triples(plan) == plan.triples


# The article's fixed facts.


def test_four_teams_on_one_pitch_have_exactly_two_back_to_backs():
    plan = plan_of(Shape(teams=4, groups=1, pitches=1))
    assert plan.back_to_backs == 2
    assert fixture_back_to_backs(plan) == 2


@pytest.mark.parametrize("teams", range(5, 17))
def test_five_or_more_teams_in_one_group_on_one_pitch_have_no_back_to_back(teams):
    plan = plan_of(Shape(teams=teams, groups=1, pitches=1))
    assert plan.back_to_backs == 0
    assert fixture_back_to_backs(plan) == 0
