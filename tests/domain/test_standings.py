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
from hypothesis import given, strategies

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

    assert all(t.rows == tables[0].rows and t.unresolved == () for t in tables)


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


@strategies.composite
def tournaments(draw: strategies.DrawFn) -> tuple[tuple[str, ...], list[Result]]:
    """2-8 teams and any subset of their pairings, some played twice, scores 0-5."""
    n = draw(strategies.integers(min_value=2, max_value=8))
    teams = tuple(f"T{i}" for i in range(n))
    pairs = list(combinations(teams, 2))
    chosen = draw(strategies.lists(strategies.sampled_from(pairs), max_size=2 * len(pairs)))
    goals = strategies.integers(min_value=0, max_value=5)
    results = [match(h, a, draw(goals), draw(goals)) for h, a in chosen]
    return teams, results


@given(tournaments(), strategies.sampled_from(PRESET_NAMES))
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


@given(tournaments(), strategies.sampled_from(PRESET_NAMES))
def test_any_table_ranks_every_team_once_and_by_points_first(
    case: tuple[tuple[str, ...], list[Result]], preset_name: str
) -> None:
    teams, results = case
    table = standings(teams, results, tiebreak=preset(preset_name))

    assert sorted(table.teams) == sorted(teams)
    assert [r.rank for r in table.rows] == list(range(1, len(teams) + 1))
    points = [r.points for r in table.rows]
    assert points == sorted(points, reverse=True)


@given(tournaments(), strategies.sampled_from(PRESET_NAMES))
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


@given(
    tournaments(), strategies.sampled_from(PRESET_NAMES), strategies.randoms(use_true_random=False)
)
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


# --- forfeits (hükmen) and withdrawals: TFF Futbol Müsabaka Talimatı Madde 23-24 ----------

from domain.forfeits import (  # noqa: E402
    ForfeitError,
    WithdrawalRule,
    forfeit,
    forfeit_loser,
    forfeit_score,
    withdraw,
)
from domain.model import Pairing  # noqa: E402
from domain.roundrobin import circle  # noqa: E402


def test_a_forfeit_is_three_nil_against_the_team_and_its_goals_never_count() -> None:
    assert forfeit("A1", "A2", "A2") == Result("A1", "A2", Score(3, 0, forfeit="away"))
    assert forfeit("A1", "A2", "A1") == Result("A1", "A2", Score(0, 3, forfeit="home"))
    # A played 1-2 where the winner's side forfeited: 3-0 to the other side.
    assert forfeit_score("away", Score(1, 2)) == Score(3, 0, forfeit="away")


def test_the_winners_goals_above_three_stand_and_the_forfeiting_teams_goals_do_not() -> None:
    # Kartallar were 5-1 up when Şahinler left the pitch: 5-0.
    result = forfeit("Kartallar", "Şahinler", "Şahinler", Score(5, 1))
    assert result.score == Score(5, 0, forfeit="away")
    assert forfeit_loser(result) == "Şahinler"
    assert forfeit_loser(match("A1", "A2", 1, 0)) is None


def test_a_forfeit_for_a_team_outside_the_match_is_refused() -> None:
    with pytest.raises(ForfeitError):
        forfeit("A1", "A2", "A3")


def test_the_table_counts_a_forfeit_as_a_three_nil_loss_and_marks_it() -> None:
    results = (*ARTICLE_RESULTS[:5], forfeit("A3", "A4", "A4"))
    table = standings(GROUP_A, results)
    a4 = table.row("A4")
    assert (a4.played, a4.lost, a4.goals_for, a4.goals_against, a4.points) == (3, 3, 1, 8, 0)
    assert a4.forfeit_losses == 1 and a4.deducted == 0
    a3 = table.row("A3")
    assert (a3.won, a3.goals_for, a3.points, a3.forfeit_losses) == (1, 5, 4, 0)


def test_a_no_show_also_loses_as_many_points_as_a_win_gives_when_the_league_says_so() -> None:
    results = (
        match("A1", "A2", 1, 0),
        forfeit("A3", "A4", "A4"),
        match("A4", "A1", 2, 1),
    )
    rule = PointsRule(forfeit_deduction=True)
    a4 = standings(GROUP_A, results, points=rule).row("A4")
    assert (a4.won, a4.lost, a4.forfeit_losses) == (1, 1, 1)
    assert (a4.points, a4.deducted) == (0, 3)
    assert standings(GROUP_A, results).row("A4").points == 3  # without the option


def test_a_deduction_counts_in_the_table_not_in_the_head_to_head() -> None:
    # A1 and A2 end level on 3 points after A2's deduction; A2 beat A1.
    results = (
        match("A2", "A1", 1, 0),
        forfeit("A2", "A3", "A2"),
        match("A2", "A4", 1, 0),
        match("A1", "A4", 1, 0),
    )
    table = standings(GROUP_A, results, points=PointsRule(forfeit_deduction=True))
    assert table.row("A1").points == table.row("A2").points == 3
    assert table.teams.index("A2") < table.teams.index("A1")


EIGHT = ("K1", "K2", "K3", "K4", "K5", "K6", "K7", "K8")


def season_so_far(played_rounds: int) -> tuple[list[Result], list[Pairing]]:
    rounds = circle(EIGHT)
    done = [Result(p.home, p.away, Score(1, 0)) for r in rounds[:played_rounds] for p in r.pairings]
    rest = [p for r in rounds[played_rounds:] for p in r.pairings]
    return done, rest


def test_a_withdrawal_under_the_tff_rule_awards_its_remaining_matches_three_nil() -> None:
    results, remaining = season_so_far(4)
    gone = withdraw("K5", EIGHT, results, remaining, WithdrawalRule.AWARD)
    assert not gone.annulled and gone.teams == EIGHT
    awarded = [r for r in gone.results if forfeit_loser(r) == "K5"]
    assert len(awarded) == 3  # K5 had 3 matches left of its 7
    table = standings(gone.teams, gone.results)
    k5 = table.row("K5")
    assert (k5.played, k5.forfeit_losses) == (7, 3)
    for r in awarded:
        winner = r.away if r.home == "K5" else r.home
        assert (r.score.home_goals, r.score.away_goals) in ((3, 0), (0, 3))
        assert table.row(winner).played >= 5


def test_a_withdrawal_that_annuls_removes_the_team_and_every_result_it_played() -> None:
    results, remaining = season_so_far(3)
    gone = withdraw("K5", EIGHT, results, remaining, WithdrawalRule.ANNUL)
    assert gone.annulled and "K5" not in gone.teams
    assert all("K5" not in (r.home, r.away) for r in gone.results)
    table = standings(gone.teams, gone.results)
    assert len(table.rows) == 7
    assert sum(r.played for r in table.rows) == 2 * (len(results) - 3)


def test_the_hobby_rule_annuls_under_half_played_and_awards_from_half_on() -> None:
    rule = WithdrawalRule.ANNUL_UNDER_HALF
    early = withdraw("K5", EIGHT, *season_so_far(3), rule)  # 3 of 7 played
    late = withdraw("K5", EIGHT, *season_so_far(4), rule)  # 4 of 7 played
    assert early.annulled and not late.annulled


def test_tff_ranks_the_team_without_a_forfeit_loss_higher_after_goals_scored() -> None:
    # Four teams, each 3 points, goal difference 0 and 3 goals scored, head to head level
    # too; only A2's loss was a forfeit (0-3), the others' were played.
    results = (
        match("A1", "A3", 3, 0),
        match("A4", "A1", 3, 0),
        match("A2", "A4", 3, 0),
        forfeit("A2", "A3", "A2"),
    )
    table = standings(GROUP_A, results, tiebreak=preset("tff"))
    assert table.teams[-1] == "A2"
    assert table.unresolved == (("A1", "A3", "A4"),)  # the rest go to a play-off
    # The article's rule knows no forfeit criterion: all four stay level for the lot.
    makale = standings(GROUP_A, results, tiebreak=preset("makale"))
    assert makale.unresolved == (GROUP_A,) and makale.decider == "lot"


def test_tff_ends_with_a_play_off_match_where_other_presets_end_with_a_lot() -> None:
    results = (match("A1", "A2", 1, 1),)
    tff = standings(("A1", "A2"), results, tiebreak=preset("tff"))
    assert tff.unresolved == (("A1", "A2"),) and tff.decider == "playoff"
    for name in ("uefa", "fifa", "makale"):
        assert standings(("A1", "A2"), results, tiebreak=preset(name)).decider == "lot"
    # The play-off's outcome, once recorded, settles the places.
    settled = standings(("A1", "A2"), results, tiebreak=preset("tff"), lots=[("A2", "A1")])
    assert settled.teams == ("A2", "A1") and settled.unresolved == ()
