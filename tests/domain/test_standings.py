"""Standings: the article's worked example, lots, validation and invariants of any table."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.model import Result, Score
from domain.standings import (
    Card,
    PointsRule,
    StandingsError,
    Table,
    disciplinary_points,
    standings,
)
from domain.tiebreak import PRESET_NAMES, preset

GROUP_A = ("A1", "A2", "A3", "A4")


def match(home: str, away: str, home_goals: int, away_goals: int) -> Result:
    return Result(home, away, Score(home_goals, away_goals))


# DOMAIN.md, group A in pairing order 1-4, 2-3, 1-3, 2-4, 1-2, 3-4.
ARTICLE_RESULTS = (
    match("A1", "A4", 3, 1),
    match("A2", "A3", 2, 2),
    match("A1", "A3", 1, 0),
    match("A2", "A4", 2, 0),
    match("A1", "A2", 1, 1),
    match("A3", "A4", 3, 2),
)


def columns(table: Table) -> list[tuple[str, int, int, int, int, int, int, int, int]]:
    """The TFF columns as printed: team O G B M A Y AV P."""
    return [
        (
            r.team,
            r.played,
            r.won,
            r.drawn,
            r.lost,
            r.goals_for,
            r.goals_against,
            r.goal_difference,
            r.points,
        )
        for r in table.rows
    ]


# --- the article ---------------------------------------------------------------------------


def test_article_group_a_table_matches_the_worked_example() -> None:
    table = standings(GROUP_A, ARTICLE_RESULTS)

    assert columns(table) == [
        ("A1", 3, 2, 1, 0, 5, 2, +3, 7),
        ("A2", 3, 1, 2, 0, 5, 3, +2, 5),
        ("A3", 3, 1, 1, 1, 5, 5, 0, 4),
        ("A4", 3, 0, 0, 3, 3, 8, -5, 0),
    ]
    assert [r.rank for r in table.rows] == [1, 2, 3, 4]
    assert table.unresolved == ()


def test_article_checks_goals_for_equal_goals_against_and_goal_difference_sums_to_zero() -> None:
    table = standings(GROUP_A, ARTICLE_RESULTS)

    assert sum(r.goals_for for r in table.rows) == 18
    assert sum(r.goals_against for r in table.rows) == 18
    assert sum(r.goal_difference for r in table.rows) == 0


def test_article_a1_and_a2_take_the_two_semi_final_places() -> None:
    table = standings(GROUP_A, ARTICLE_RESULTS)

    assert (table.team_at(1), table.team_at(2)) == ("A1", "A2")


def test_the_table_is_the_same_under_every_preset_when_points_alone_decide() -> None:
    tables = [standings(GROUP_A, ARTICLE_RESULTS, tiebreak=preset(n)) for n in PRESET_NAMES]

    assert all(t == tables[0] for t in tables)


def test_teams_listed_in_any_order_end_up_in_the_same_places() -> None:
    table = standings(("A4", "A3", "A2", "A1"), ARTICLE_RESULTS)

    assert table.teams == GROUP_A


# --- points rule ---------------------------------------------------------------------------


def test_two_points_for_a_win_gives_the_article_group_5_4_3_0() -> None:
    table = standings(GROUP_A, ARTICLE_RESULTS, points=PointsRule(win=2, draw=1, loss=0))

    assert [(r.team, r.points) for r in table.rows] == [
        ("A1", 5),
        ("A2", 4),
        ("A3", 3),
        ("A4", 0),
    ]


def test_two_points_for_a_win_can_put_the_drawing_team_above_the_winning_one() -> None:
    # U wins twice; V draws five times: 6 v 5 under 3/1/0, 4 v 5 under 2/1/0.
    teams = ("U", "V", "a", "b", "c", "d", "e")
    results = [match("U", "a", 1, 0), match("U", "b", 1, 0)]
    results += [match("V", t, 0, 0) for t in ("a", "b", "c", "d", "e")]

    three = standings(teams, results)
    two = standings(teams, results, points=PointsRule(win=2, draw=1, loss=0))

    assert three.teams[:2] == ("U", "V")
    assert two.teams[:2] == ("V", "U")
    assert (two.row("U").points, two.row("V").points) == (4, 5)


def test_penalties_after_a_level_match_do_not_change_the_table() -> None:
    shootout = Result("A", "B", Score(1, 1, home_penalties=5, away_penalties=4))

    table = standings(("A", "B"), [shootout])

    assert [(r.team, r.won, r.drawn, r.points) for r in table.rows] == [
        ("A", 0, 1, 1),
        ("B", 0, 1, 1),
    ]


# --- ties that survive everything, and lots ------------------------------------------------

# A and B draw each other and both beat C 2-0: level on every TFF criterion.
LEVEL_PAIR = (match("A", "B", 1, 1), match("A", "C", 2, 0), match("B", "C", 2, 0))


def test_a_tie_that_survives_every_criterion_leaves_its_places_open() -> None:
    table = standings(("A", "B", "C"), LEVEL_PAIR)

    assert table.unresolved == (("A", "B"),)
    assert table.team_at(1) is None
    assert table.team_at(2) is None
    assert table.team_at(3) == "C"
    assert table.row("A").tie == ("B",)
    assert table.row("B").tie == ("A",)
    assert table.row("C").tie == ()


def test_an_unresolved_tie_is_listed_in_the_given_team_order() -> None:
    table = standings(("B", "C", "A"), LEVEL_PAIR)

    assert table.teams == ("B", "A", "C")


def test_a_recorded_lot_settles_the_tie_and_fills_the_places() -> None:
    table = standings(("A", "B", "C"), LEVEL_PAIR, lots=[("B", "A")])

    assert table.unresolved == ()
    assert (table.team_at(1), table.team_at(2)) == ("B", "A")
    assert table.row("B").decided_by_lot
    assert table.row("A").decided_by_lot
    assert not table.row("C").decided_by_lot
    assert table.row("A").tie == ()


def test_a_lot_among_more_teams_orders_the_ones_still_level() -> None:
    table = standings(("A", "B", "C"), LEVEL_PAIR, lots=[("C", "B", "A")])

    assert table.teams == ("B", "A", "C")
    assert table.unresolved == ()


def test_a_lot_covering_only_part_of_a_tie_leaves_it_open() -> None:
    table = standings(("A", "B", "C"), [], lots=[("B", "A")])

    assert table.unresolved == (("A", "B", "C"),)
    assert table.team_at(1) is None


def test_the_latest_recorded_lot_wins_over_an_earlier_one() -> None:
    table = standings(("A", "B", "C"), LEVEL_PAIR, lots=[("A", "B"), ("B", "A")])

    assert table.teams[:2] == ("B", "A")


def test_a_lot_for_teams_already_separated_changes_nothing() -> None:
    table = standings(GROUP_A, ARTICLE_RESULTS, lots=[("A4", "A3", "A2", "A1")])

    assert table.teams == GROUP_A
    assert not any(r.decided_by_lot for r in table.rows)


def test_before_any_match_every_team_is_level_and_no_place_is_decided() -> None:
    table = standings(GROUP_A, [])

    assert table.teams == GROUP_A
    assert table.unresolved == (GROUP_A,)
    assert [table.team_at(p) for p in range(1, 5)] == [None] * 4
    assert table.row("A3").tie == ("A1", "A2", "A4")


def test_asking_for_a_place_outside_the_table_is_an_error() -> None:
    table = standings(GROUP_A, ARTICLE_RESULTS)

    with pytest.raises(IndexError):
        table.team_at(5)
    with pytest.raises(IndexError):
        table.team_at(0)
    with pytest.raises(KeyError):
        table.row("B1")


# --- cards ---------------------------------------------------------------------------------


def test_disciplinary_points_count_each_card_event_uefa_style() -> None:
    cards = [
        Card("A", "yellow"),
        Card("A", "yellow"),
        Card("B", "second_yellow"),
        Card("C", "red"),
        Card("D", "yellow_red"),
    ]

    assert disciplinary_points(("A", "B", "C", "D", "E"), cards) == {
        "A": 2,
        "B": 3,
        "C": 3,
        "D": 4,
        "E": 0,
    }


def test_the_table_shows_each_teams_disciplinary_points() -> None:
    table = standings(GROUP_A, ARTICLE_RESULTS, cards=[Card("A4", "red"), Card("A4", "yellow")])

    assert table.row("A4").disciplinary == 4
    assert table.row("A1").disciplinary == 0


def test_an_unknown_card_kind_is_refused() -> None:
    with pytest.raises(StandingsError, match="orange"):
        Card("A", "orange")


# --- input that does not fit ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("results", "cards", "lots", "message"),
    [
        ([match("A1", "B1", 1, 0)], [], [], "B1"),
        ([match("A1", "A1", 1, 0)], [], [], "itself"),
        ([match("A1", "A2", -1, 0)], [], [], "negative"),
        ([], [Card("B1", "yellow")], [], "B1"),
        ([], [], [("A1", "B1")], "B1"),
        ([], [], [("A1", "A1")], "twice"),
    ],
)
def test_results_cards_and_lots_must_name_teams_of_the_table(
    results: list[Result], cards: list[Card], lots: list[tuple[str, ...]], message: str
) -> None:
    with pytest.raises(StandingsError, match=message) as caught:
        standings(GROUP_A, results, cards=cards, lots=lots)

    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, DomainError)


def test_a_team_listed_twice_is_refused() -> None:
    with pytest.raises(StandingsError):
        standings(("A1", "A2", "A1"), [])


# --- properties of every table -------------------------------------------------------------


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[tuple[str, ...], list[Result]]:
    """2-8 teams and any subset of their pairings, some played twice, scores 0-5."""
    n = draw(st.integers(min_value=2, max_value=8))
    teams = tuple(f"T{i}" for i in range(n))
    pairs = list(combinations(teams, 2))
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=2 * len(pairs)))
    goals = st.integers(min_value=0, max_value=5)
    results = [match(h, a, draw(goals), draw(goals)) for h, a in chosen]
    return teams, results


@given(tournaments(), st.sampled_from(PRESET_NAMES))
def test_any_table_balances_goals_and_counts_every_match(
    case: tuple[tuple[str, ...], list[Result]], preset_name: str
) -> None:
    teams, results = case
    table = standings(teams, results, tiebreak=preset(preset_name))

    assert sum(r.goals_for for r in table.rows) == sum(r.goals_against for r in table.rows)
    assert sum(r.goal_difference for r in table.rows) == 0
    assert sum(r.played for r in table.rows) == 2 * len(results)
    for r in table.rows:
        assert r.played == r.won + r.drawn + r.lost
        assert r.points == 3 * r.won + r.drawn


@given(tournaments(), st.sampled_from(PRESET_NAMES))
def test_any_table_ranks_every_team_once_and_by_points_first(
    case: tuple[tuple[str, ...], list[Result]], preset_name: str
) -> None:
    teams, results = case
    table = standings(teams, results, tiebreak=preset(preset_name))

    assert sorted(table.teams) == sorted(teams)
    assert [r.rank for r in table.rows] == list(range(1, len(teams) + 1))
    points = [r.points for r in table.rows]
    assert points == sorted(points, reverse=True)


@given(tournaments(), st.sampled_from(PRESET_NAMES))
def test_unresolved_ties_are_level_on_points_contiguous_and_leave_places_open(
    case: tuple[tuple[str, ...], list[Result]], preset_name: str
) -> None:
    teams, results = case
    table = standings(teams, results, tiebreak=preset(preset_name))

    tied = {t for group in table.unresolved for t in group}
    for group in table.unresolved:
        ranks = sorted(table.row(t).rank for t in group)
        assert ranks == list(range(ranks[0], ranks[0] + len(group)))
        assert len({table.row(t).points for t in group}) == 1
        for t in group:
            assert set(table.row(t).tie) == set(group) - {t}
    for place, r in enumerate(table.rows, start=1):
        assert table.team_at(place) == (None if r.team in tied else r.team)


@given(tournaments(), st.sampled_from(PRESET_NAMES), st.randoms(use_true_random=False))
def test_the_same_results_in_any_order_give_the_same_table(
    case: tuple[tuple[str, ...], list[Result]], preset_name: str, rnd: random.Random
) -> None:
    teams, results = case
    shuffled = list(results)
    rnd.shuffle(shuffled)
    rule = preset(preset_name)

    first = standings(teams, results, tiebreak=rule)

    assert standings(teams, results, tiebreak=rule) == first
    assert standings(teams, shuffled, tiebreak=rule) == first


_HASH_SEED_SCRIPT = """
import json
from domain.model import Result, Score
from domain.standings import standings
from domain.tiebreak import preset
teams = ["Kartallar", "Aslanlar", "Boğalar", "Şahinler", "İlkbahar", "Çınar"]
results = [Result(h, a, Score(1, 1)) for i, h in enumerate(teams) for a in teams[i + 1 :]]
results.append(Result("Çınar", "Aslanlar", Score(2, 0)))
out = [standings(teams, results, tiebreak=preset(n)) for n in ("tff", "uefa", "makale")]
print(json.dumps([[t.teams, t.unresolved] for t in out]))
"""


def test_the_table_does_not_depend_on_python_hash_randomisation() -> None:
    root = Path(__file__).resolve().parents[2]
    outputs = []
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}
        run = subprocess.run(
            [sys.executable, "-c", _HASH_SEED_SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
        )
        outputs.append(json.loads(run.stdout))

    assert outputs[0] == outputs[1] == outputs[2]
