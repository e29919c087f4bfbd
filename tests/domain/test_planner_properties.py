"""Properties of the day plan over many tournament shapes (issue 2, "Time plan").

Shapes: 2-40 teams in 1-8 groups (snake draw; a single group is a league), 1-8 pitches,
single or double round robin, no knockout / final / semi / quarter, with or without a
third-place match, group rest 0, 15 or 30 min, a few clocks; and pure knockouts of 2-16.
Every test draws from the same strategy with the same seed, so the plans are computed once
per shape (`planshapes.built`) and shared; the determinism tests plan afresh.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path

from hypothesis import HealthCheck, assume, example, given, seed, settings, strategies
from planshapes import START, Shape, built, plan_of, round_robin_matches, slot_lower_bound

from domain.dayplan import Plan
from domain.errors import DomainError
from domain.model import (
    BestOfPlace,
    Entrant,
    GroupPlace,
    Loser,
    PlannedMatch,
    Stage,
    Winner,
)
from domain.planner import plan
from domain.report import checklist

EXAMPLES = 100
SEED = 20261206

CLOCKS = ((26, 4), (24, 6), (40, 5), (18, 2))  # (match on the pitch, changeover)


def _valid(shape: Shape) -> Shape:
    """Drop formats the domain refuses (e.g. a quarter-final after two groups)."""
    try:
        shape.draft()
    except DomainError:
        assume(False)
    return shape


@strategies.composite
def group_shapes(draw: strategies.DrawFn, rests: tuple[int, ...] = (0, 0, 15, 30)) -> Shape:
    teams = draw(strategies.integers(2, 40))
    clock = draw(strategies.sampled_from(CLOCKS))
    shape = Shape(
        teams=teams,
        groups=draw(strategies.integers(1, min(8, teams // 2))),
        pitches=draw(strategies.integers(1, 8)),
        double=draw(strategies.booleans()),
        knockout=draw(strategies.sampled_from(("none", "final", "semi", "quarter"))),
        third_place=draw(strategies.booleans()),
        group_rest=draw(strategies.sampled_from(rests)),
        match_minutes=clock[0],
        changeover=clock[1],
        knockout_break=draw(strategies.sampled_from((30, 15, 0))),
        knockout_rest=draw(strategies.sampled_from((15, 20, 45))),
        final_alone=draw(strategies.booleans()),
    )
    return _valid(shape)


@strategies.composite
def knockout_shapes(draw: strategies.DrawFn) -> Shape:
    clock = draw(strategies.sampled_from(CLOCKS))
    return Shape(
        teams=draw(strategies.integers(2, 16)),
        groups=0,
        pitches=draw(strategies.integers(1, 8)),
        third_place=draw(strategies.booleans()),
        match_minutes=clock[0],
        changeover=clock[1],
        knockout_rest=draw(strategies.sampled_from((15, 20, 45))),
        final_alone=draw(strategies.booleans()),
    )


SHAPES = strategies.one_of(group_shapes(), group_shapes(), group_shapes(), knockout_shapes())


def shape_property(test=None, *, shapes=SHAPES, examples=EXAMPLES):
    """Same strategy, same seed, no database: every property sees the same shapes.

    So a property that only concerns some shapes returns early on the others instead of
    calling `assume`, which would steer the generator to shapes nobody has planned yet.
    """
    if test is None:
        return lambda test: shape_property(test, shapes=shapes, examples=examples)
    test = given(shape=shapes)(test)
    test = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )(test)
    return seed(SEED)(test)


# Reading the plan back.


def minutes(moment: datetime) -> int:
    return int((moment - START).total_seconds() // 60)


def group_stage(plan: Plan) -> list[PlannedMatch]:
    return [m for m in plan.matches if not m.stage.is_knockout]


def matches_of_group(plan: Plan, label: str) -> list[PlannedMatch]:
    """A league's matches carry no group label; its one group is still "A"."""
    single = len(plan.groups) == 1
    return [m for m in group_stage(plan) if m.group == label or (single and m.group is None)]


def rounds_per_leg(size: int) -> int:
    return size - 1 if size % 2 == 0 else size


def by_team(matches: list[PlannedMatch]) -> dict[str, list[PlannedMatch]]:
    out: dict[str, list[PlannedMatch]] = defaultdict(list)
    for m in matches:
        for team in (m.home, m.away):
            if team is not None:
                out[team].append(m)
    for games in out.values():
        games.sort(key=lambda m: m.start)
    return out


def knockout_size(shape: Shape) -> int:
    """Ties a format must produce, counted from the format alone."""
    if shape.groups == 0:
        bracket_ties = shape.teams - 1
        return bracket_ties + (1 if shape.third_place and shape.teams >= 4 else 0)
    wanted = {"none": 0, "final": 2, "semi": 4, "quarter": 8}[shape.knockout]
    if not wanted:
        return 0
    return wanted - 1 + (1 if shape.third_place and wanted >= 4 else 0)


# Fixtures: pairs and byes.


@shape_property
def test_within_each_group_every_pair_meets_once_per_leg_home_and_away_swapped(shape):
    plan = plan_of(shape)
    for group in plan.groups:
        games = matches_of_group(plan, group.label)
        per_leg = rounds_per_leg(len(group.teams))
        first = Counter((m.home, m.away) for m in games if m.round <= per_leg)
        second = Counter((m.away, m.home) for m in games if m.round > per_leg)
        pairs = {frozenset(p) for p in itertools.combinations(group.teams, 2)}
        assert {frozenset(p) for p in first} == pairs
        assert sum(first.values()) == len(pairs), "a pair meets twice in one leg"
        if shape.double:
            assert second == first, "the second leg is not the first with home and away swapped"
            # The return leg may open beside the first leg's last kick-off, never before it.
            last_first_leg = max(m.start for m in games if m.round <= per_leg)
            assert all(m.start >= last_first_leg for m in games if m.round > per_leg), (
                "a return match kicks off before the first leg of its group is closing"
            )
            for home, away in first:
                out = next(m for m in games if (m.home, m.away) == (home, away))
                back = next(m for m in games if (m.home, m.away) == (away, home))
                assert back.start >= out.end, "a return match before the first meeting ended"
        else:
            assert not second
        assert {m.round for m in games} <= set(range(1, per_leg * (1 + shape.double) + 1))


@shape_property
def test_in_an_odd_group_each_team_sits_out_once_per_leg_and_never_twice_running(shape):
    plan = plan_of(shape)
    for group in plan.groups:
        single = len(plan.groups) == 1
        byes = [b for b in plan.byes if b.group == group.label or (single and b.group is None)]
        size = len(group.teams)
        legs = 2 if shape.double else 1
        if size % 2 == 0:
            assert not byes
            continue
        per_leg = rounds_per_leg(size)
        assert sorted(b.round for b in byes) == list(range(1, per_leg * legs + 1))
        rounds_off: dict[str, list[int]] = defaultdict(list)
        for b in byes:
            rounds_off[b.team].append(b.round)
        assert set(rounds_off) == set(group.teams)
        games = matches_of_group(plan, group.label)
        for team, off in rounds_off.items():
            off.sort()
            assert [(r - 1) // per_leg for r in off] == list(range(legs)), team
            assert all(b - a > 1 for a, b in itertools.pairwise(off)), (team, off)
            assert not any(m.involves(team) and m.round in off for m in games), team


# Time: teams, pitches, knockout feeders, the final.


@shape_property
def test_no_team_is_in_two_matches_that_overlap_in_time(shape):
    plan = plan_of(shape)
    for team, games in by_team(list(plan.matches)).items():
        for a, b in itertools.pairwise(games):
            assert a.end <= b.start, (team, a.no, b.no)


@shape_property
def test_no_pitch_holds_two_matches_at_once_and_each_changeover_is_kept(shape):
    plan = plan_of(shape)
    names = {p.name for p in plan.rules.pitches}
    on_pitch: dict[str, list[PlannedMatch]] = defaultdict(list)
    for m in plan.matches:
        assert m.pitch in names
        assert minutes(m.end) - minutes(m.start) == shape.match_minutes
        on_pitch[m.pitch].append(m)
    for pitch, games in on_pitch.items():
        games.sort(key=lambda m: m.start)
        for a, b in itertools.pairwise(games):
            assert minutes(b.start) - minutes(a.end) >= shape.changeover, (pitch, a.no, b.no)


@shape_property
def test_each_knockout_match_starts_only_after_its_feeders_and_the_break(shape):
    draft, plan = built(shape)
    by_key = {m.key: m for m in plan.matches if m.key is not None}
    assert set(by_key) == {t.key for t in draft.ties}
    group_end = {g.label: max(m.end for m in matches_of_group(plan, g.label)) for g in plan.groups}
    after_group = shape.changeover + shape.knockout_break
    for tie in draft.ties:
        match = by_key[tie.key]
        assert match.stage is tie.stage
        for source, team, code in (
            (tie.home, match.home, match.home_from),
            (tie.away, match.away, match.away_from),
        ):
            if isinstance(source, GroupPlace):
                assert code == f"{source.place}{source.group}"
                assert minutes(match.start) >= minutes(group_end[source.group]) + after_group
            elif isinstance(source, BestOfPlace):
                assert code == f"{source.place}.{source.rank}"
                last = max(group_end.values())
                assert minutes(match.start) >= minutes(last) + after_group
            elif isinstance(source, Winner | Loser):
                feeder = by_key[source.key]
                letter = "W" if isinstance(source, Winner) else "L"
                assert code == f"{letter}{feeder.no}"
                assert minutes(match.start) - minutes(feeder.end) >= shape.knockout_rest
            else:
                assert isinstance(source, Entrant)
                assert (team, code) == (source.team, None)


@shape_property
def test_the_final_is_played_alone_after_every_other_match(shape):
    plan = plan_of(shape)
    finals = [m for m in plan.matches if m.stage is Stage.FINAL]
    assert len(finals) == (1 if knockout_size(shape) else 0)
    if not (finals and shape.final_alone):
        return
    (final,) = finals
    assert final.no == len(plan.matches)
    assert final.end == plan.day_end
    for m in plan.matches[:-1]:
        assert m.end <= final.start, (m.no, m.stage)


# Quality and rest.


# Double round robins where the return legs' turns cost the planner a slot (a CP-SAT model
# of the same rules finds a plan at the bound for each).
@example(shape=Shape(teams=14, groups=2, pitches=4, double=True))  # bound 21, planned 22
@example(shape=Shape(teams=21, groups=4, pitches=7, double=True))  # bound 13, planned 14
@shape_property(shapes=group_shapes(rests=(0,)))
def test_the_group_stage_takes_exactly_its_lower_bound_of_slots_without_rest_rules(shape):
    plan = plan_of(shape)
    sizes = [len(g.teams) for g in plan.groups]
    bound = slot_lower_bound(sizes, shape.double, shape.pitches)
    assert plan.group_slot_bound == bound
    kickoffs = {minutes(m.start) for m in group_stage(plan)}
    assert all(k % shape.slot == 0 for k in kickoffs), "a group match is off the slot grid"
    used = max(kickoffs) // shape.slot + 1
    assert plan.group_slots == used
    assert used == bound, f"{shape}: {used} slots, bound {bound}"


@shape_property
def test_the_reported_back_to_backs_are_those_of_the_printed_fixture(shape):
    plan = plan_of(shape)
    counted = sum(
        1
        for games in by_team(group_stage(plan)).values()
        for a, b in itertools.pairwise(games)
        if minutes(b.start) - minutes(a.start) == shape.slot
    )
    assert plan.back_to_backs == counted


@shape_property
def test_the_reported_triples_are_those_of_the_printed_fixture(shape):
    plan = plan_of(shape)
    counted = 0
    for games in by_team(group_stage(plan)).values():
        gaps = [minutes(b.start) - minutes(a.start) for a, b in itertools.pairwise(games)]
        counted += sum(1 for g, h in itertools.pairwise(gaps) if g == h == shape.slot)
    assert plan.triples == counted


@shape_property
def test_every_minimum_rest_holds(shape):
    draft, plan = built(shape)
    for team, games in by_team(group_stage(plan)).items():
        for a, b in itertools.pairwise(games):
            assert minutes(b.start) - minutes(a.end) >= shape.group_rest, (team, a.no, b.no)
    by_key = {m.key: m for m in plan.matches if m.key is not None}
    for tie in draft.ties:
        for source in (tie.home, tie.away):
            if isinstance(source, Winner | Loser):
                rest = minutes(by_key[tie.key].start) - minutes(by_key[source.key].end)
                assert rest >= max(15, shape.knockout_rest), (tie.key, source.key, rest)


# Bookkeeping: checklist, numbering, determinism.


@shape_property
def test_the_checklist_holds_and_counts_every_group_match_and_knockout_tie(shape):
    draft, plan = built(shape)
    report = checklist(plan)
    assert report.pairs_once
    assert report.overlaps == ()
    group_matches = sum(round_robin_matches(len(g.teams), shape.double) for g in plan.groups)
    assert len(draft.ties) == knockout_size(shape)
    assert report.matches == len(plan.matches) == group_matches + knockout_size(shape)


@shape_property
def test_match_numbers_run_from_one_in_kick_off_order(shape):
    plan = plan_of(shape)
    assert [m.no for m in plan.matches] == list(range(1, len(plan.matches) + 1))
    assert all(a.start <= b.start for a, b in itertools.pairwise(plan.matches))


@shape_property(examples=EXAMPLES // 4)
def test_the_same_input_gives_the_same_plan(shape):
    draft = shape.draft()
    assert plan(draft, shape.rules()) == plan_of(shape)


FRESH_SHAPE = Shape(teams=20, groups=4, pitches=3, knockout="quarter", third_place=True)

FRESH_SCRIPT = f"""
import sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from planshapes import Shape, plan_of
print(repr(plan_of({FRESH_SHAPE!r}).matches))
"""


def test_a_fresh_interpreter_with_another_hash_seed_gives_the_same_plan():
    root = Path(__file__).resolve().parents[2]
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", FRESH_SCRIPT],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            stdout=subprocess.PIPE,
            text=True,
        )
        for hash_seed in ("1", "2")
    ]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert all(run.returncode == 0 for run in runs)
    here = repr(plan_of(FRESH_SHAPE).matches) + "\n"
    assert outputs == [here, here]
