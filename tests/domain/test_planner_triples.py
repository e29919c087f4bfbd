"""Nobody plays three slots in a row where the day allows it (issue 14).

The 10-team day of the issue: two groups of 5 on 3 pitches, 25 minutes + 5 changeover, as
`turnuva plan --teams ... --groups 2 --pitches 3 --match 25 --half-time 0 --changeover 5`
builds it, under any team names and any draw. And the planner's own bookkeeping: the
triples it reports are those of the printed fixture, and the names never change the plan.
"""

from __future__ import annotations

import itertools
from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, seed, settings, strategies
from planshapes import Shape, plan_of
from test_back_to_back_minimum import fixture_back_to_backs, fixture_triples

from domain.dayplan import Pitch, Plan, TimeRules
from domain.draw import draw_groups
from domain.formats import Options, groups_then_knockout
from domain.planner import plan

IST = ZoneInfo("Europe/Istanbul")
DAY = TimeRules(
    start=datetime(2026, 12, 6, 10, 0, tzinfo=IST),
    pitches=(Pitch("Saha 1"), Pitch("Saha 2"), Pitch("Saha 3")),
    match_minutes=25,
    half_time=0,
    changeover=5,
)

NAMES = strategies.lists(
    strategies.text(
        alphabet="abcçdefgğhıijklmnoöprsştuüvyz ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ", min_size=1
    ),
    min_size=10,
    max_size=10,
    unique_by=lambda name: name.casefold(),
)
DRAWS = strategies.one_of(
    strategies.just(("order", None)),
    strategies.tuples(strategies.sampled_from(("random", "pots")), strategies.integers(0, 10**6)),
)

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def streaks(plan: Plan) -> dict[str, int]:
    """Per team, the longest run of consecutive group slots it plays, read off the fixture."""
    slot = plan.rules.slot
    kickoffs: dict[str, list[int]] = {}
    for m in plan.matches:
        if not m.stage.is_knockout:
            minute = int((m.start - plan.rules.start).total_seconds() // 60)
            for team in (m.home, m.away):
                kickoffs.setdefault(team, []).append(minute // slot)
    longest = {}
    for team, slots in kickoffs.items():
        run = best = 1
        for a, b in itertools.pairwise(sorted(slots)):
            run = run + 1 if b - a == 1 else 1
            best = max(best, run)
        longest[team] = best
    return longest


@seed(14)
@SETTINGS
@given(names=NAMES, draw=DRAWS, knockout=strategies.sampled_from(("none", "semi")))
def test_the_ten_team_day_on_three_pitches_has_nobody_three_in_a_row(names, draw, knockout):
    method, draw_seed = draw
    groups = draw_groups(names, 2, method=method, seed=draw_seed)
    result = plan(groups_then_knockout(groups, Options(knockout=knockout)), DAY)
    assert result.group_slots == result.group_slot_bound == 7
    assert result.triples == 0
    assert max(streaks(result).values()) <= 2
    assert result.back_to_backs <= 10


@seed(14)
@SETTINGS
@given(names=NAMES)
def test_other_names_for_the_same_draw_give_the_same_slots(names):
    mine = [f"T{i}" for i in range(10)]
    rename = dict(zip(mine, names, strict=True))
    base = plan(groups_then_knockout(draw_groups(mine, 2, method="order"), Options()), DAY)
    renamed = plan(groups_then_knockout(draw_groups(names, 2, method="order"), Options()), DAY)
    assert [(rename[m.home], rename[m.away], m.start, m.pitch) for m in base.matches] == [
        (m.home, m.away, m.start, m.pitch) for m in renamed.matches
    ]


# One group per shape; the slot bound leaves room for a plan without a triple on all but
# 5/2 and 6/3 (every team plays 4 of 5 slots, or all of them).
ONE_GROUP = [(4, 1), (5, 1), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (10, 3), (12, 3), (16, 4)]


@given(shape=strategies.sampled_from(ONE_GROUP))
@settings(max_examples=len(ONE_GROUP) * 2, deadline=None, database=None)
def test_one_group_where_the_bound_allows_it_has_no_triple(shape):
    teams, pitches = shape
    result = plan_of(Shape(teams=teams, groups=1, pitches=pitches))
    assert result.group_slots == result.group_slot_bound
    assert result.triples == fixture_triples(result) == 0
    assert fixture_back_to_backs(result) == result.back_to_backs


def test_one_group_of_8_12_and_16_on_a_quarter_as_many_pitches_beats_the_peers():
    # Best public scheduler, docs/planner.md: 6, 10 and 14 back-to-backs at these lengths.
    for teams, peer in ((8, 6), (12, 10), (16, 14)):
        result = plan_of(Shape(teams=teams, groups=1, pitches=teams // 4))
        assert result.group_slots == 2 * (teams - 1)
        assert result.back_to_backs == teams // 2 < peer
        assert result.triples == 0
