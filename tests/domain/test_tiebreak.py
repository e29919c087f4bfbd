"""Tie-break presets on tables where they disagree, and the organiser's own orders."""

from __future__ import annotations

import pytest

from domain.errors import DomainError
from domain.model import Result, Score
from domain.standings import Card, standings
from domain.tiebreak import (
    FIFA_DISCIPLINE,
    PRESET_NAMES,
    Criterion,
    TieBreak,
    TieBreakError,
    UnknownCriterion,
    UnknownPreset,
    custom,
    preset,
    stored,
)


def match(home: str, away: str, home_goals: int, away_goals: int) -> Result:
    return Result(home, away, Score(home_goals, away_goals))


# P and Q both on 6 points; P won their match 1-0, Q has the far better goal difference
# (+7 against +1).
H2H_AGAINST_GOAL_DIFFERENCE = (
    match("P", "Q", 1, 0),
    match("P", "S", 0, 1),
    match("P", "T", 1, 0),
    match("Q", "S", 4, 0),
    match("Q", "T", 4, 0),
    match("S", "T", 0, 0),
)


@pytest.mark.parametrize("name", ["tff", "uefa", "fifa"])
def test_head_to_head_presets_put_the_winner_of_the_direct_match_first(name: str) -> None:
    table = standings(("P", "Q", "S", "T"), H2H_AGAINST_GOAL_DIFFERENCE, tiebreak=preset(name))

    assert table.teams == ("P", "Q", "S", "T")
    assert (table.row("P").points, table.row("Q").points) == (6, 6)


def test_the_articles_order_puts_the_better_goal_difference_first() -> None:
    table = standings(("P", "Q", "S", "T"), H2H_AGAINST_GOAL_DIFFERENCE, tiebreak=preset("makale"))

    assert table.teams == ("Q", "P", "S", "T")


# P and Q on 6 points and +1 each; P won their match, Q scored more (6 against 4).
LEVEL_GOAL_DIFFERENCE = (
    match("P", "Q", 1, 0),
    match("P", "S", 0, 3),
    match("P", "T", 3, 0),
    match("Q", "S", 4, 3),
    match("Q", "T", 2, 1),
    match("S", "T", 0, 0),
)


def test_the_articles_order_asks_head_to_head_before_goals_scored() -> None:
    table = standings(("P", "Q", "S", "T"), LEVEL_GOAL_DIFFERENCE, tiebreak=preset("makale"))

    assert table.row("P").goal_difference == table.row("Q").goal_difference == 1
    assert table.teams[:2] == ("P", "Q")


def test_an_organisers_written_order_with_goals_before_head_to_head_is_followed() -> None:
    # DOMAIN.md: "points, then goal difference, then goals scored, then the result
    # between the tied teams".
    rule = custom(["goal_difference", "goals_for", "h2h_points"])

    table = standings(("P", "Q", "S", "T"), LEVEL_GOAL_DIFFERENCE, tiebreak=rule)

    assert table.teams[:2] == ("Q", "P")


# X, Y and Z each beat W and beat one another in a circle, all on 6 points. Among the three,
# X is best (+2); Y and Z are level (-1, 2 goals each) though Y beat Z. Overall Z has the
# best goal difference (+4), X +3, Y 0.
THREE_WAY = (
    match("X", "Y", 3, 0),
    match("Y", "Z", 2, 0),
    match("Z", "X", 2, 1),
    match("X", "W", 1, 0),
    match("Y", "W", 1, 0),
    match("Z", "W", 5, 0),
)
FOUR = ("W", "X", "Y", "Z")


def test_tff_ranks_a_three_way_tie_on_one_mini_table_then_overall_goal_difference() -> None:
    table = standings(FOUR, THREE_WAY, tiebreak=preset("tff"))

    assert table.teams == ("X", "Z", "Y", "W")


def test_uefa_reapplies_head_to_head_to_the_two_still_level_so_their_match_decides() -> None:
    table = standings(FOUR, THREE_WAY, tiebreak=preset("uefa"))

    assert table.teams == ("X", "Y", "Z", "W")


def test_fifa_reapplies_head_to_head_like_uefa() -> None:
    table = standings(FOUR, THREE_WAY, tiebreak=preset("fifa"))

    assert table.teams == ("X", "Y", "Z", "W")


def test_the_articles_order_ranks_the_three_way_tie_by_overall_goal_difference() -> None:
    table = standings(FOUR, THREE_WAY, tiebreak=preset("makale"))

    assert table.teams == ("Z", "X", "Y", "W")


def test_a_three_way_tie_under_tff_is_judged_on_the_matches_among_all_three() -> None:
    # Pairwise, Z beat X; in the three-team mini-table X is ahead, and that is what counts.
    table = standings(FOUR, THREE_WAY, tiebreak=preset("tff"))

    assert table.row("X").rank < table.row("Z").rank


# A and B draw 1-1 and both beat C 2-0: level on points, head-to-head and goals.
LEVEL_PAIR = (match("A", "B", 1, 1), match("A", "C", 2, 0), match("B", "C", 2, 0))


@pytest.mark.parametrize("name", ["uefa", "fifa"])
def test_fewer_disciplinary_points_decide_a_tie_under_uefa_and_fifa(name: str) -> None:
    table = standings(
        ("A", "B", "C"), LEVEL_PAIR, tiebreak=preset(name), cards=[Card("A", "yellow")]
    )

    assert table.teams == ("B", "A", "C")
    assert table.unresolved == ()


@pytest.mark.parametrize("name", ["tff", "makale"])
def test_cards_do_not_break_ties_where_the_rule_has_no_fair_play(name: str) -> None:
    table = standings(
        ("A", "B", "C"), LEVEL_PAIR, tiebreak=preset(name), cards=[Card("A", "yellow")]
    )

    assert table.unresolved == (("A", "B"),)
    assert table.team_at(1) is None


def test_fifa_weighs_a_direct_red_heavier_than_uefa() -> None:
    # A: one direct red. B: four yellows. UEFA 3 v 4 (A ahead); FIFA 4 v 4 (still level).
    cards = [Card("A", "red"), *[Card("B", "yellow")] * 4]

    uefa = standings(("A", "B", "C"), LEVEL_PAIR, tiebreak=preset("uefa"), cards=cards)
    fifa = standings(("A", "B", "C"), LEVEL_PAIR, tiebreak=preset("fifa"), cards=cards)

    assert uefa.teams[:2] == ("A", "B")
    assert uefa.unresolved == ()
    assert (fifa.row("A").disciplinary, fifa.row("B").disciplinary) == (4, 4)
    assert fifa.unresolved == (("A", "B"),)


def test_a_lot_settles_what_even_fair_play_could_not() -> None:
    cards = [Card("A", "yellow"), Card("B", "yellow")]

    table = standings(
        ("A", "B", "C"), LEVEL_PAIR, tiebreak=preset("uefa"), cards=cards, lots=[("B", "A")]
    )

    assert table.teams == ("B", "A", "C")
    assert table.row("B").decided_by_lot


def test_more_wins_can_break_a_tie_when_the_organiser_chooses_it() -> None:
    # D: a win and a loss (3 points, 1 goal); E: three draws (3 points, 2 goals).
    teams = ("E", "D", "F", "G", "H")
    results = [
        match("D", "F", 1, 0),
        match("D", "G", 0, 1),
        match("E", "F", 0, 0),
        match("E", "G", 0, 0),
        match("E", "H", 2, 2),
    ]

    by_wins = standings(teams, results, tiebreak=custom(["wins"]))
    by_goals = standings(teams, results, tiebreak=custom(["goals_for"]))

    assert (by_wins.row("D").points, by_wins.row("E").points) == (3, 3)
    assert by_wins.row("D").rank < by_wins.row("E").rank
    assert by_goals.row("E").rank < by_goals.row("D").rank


# --- presets and custom orders -------------------------------------------------------------


def test_the_four_presets_exist_and_start_with_points() -> None:
    assert set(PRESET_NAMES) == {"tff", "uefa", "fifa", "makale", "halisaha"}
    for name in PRESET_NAMES:
        assert preset(name).name == name
        assert preset(name).criteria[0] is Criterion.POINTS


def test_tff_preset_follows_madde_9_with_one_mini_table() -> None:
    rule = preset("tff")

    assert rule.criteria == (
        Criterion.POINTS,
        Criterion.H2H_POINTS,
        Criterion.H2H_GOAL_DIFFERENCE,
        Criterion.GOAL_DIFFERENCE,
        Criterion.GOALS_FOR,
        Criterion.FORFEIT_LOSSES,
    )
    assert not rule.reapply_h2h
    assert rule.decider == "playoff"


def test_uefa_preset_ends_with_fair_play_and_reapplies_head_to_head() -> None:
    rule = preset("uefa")

    assert rule.criteria[-1] is Criterion.DISCIPLINARY
    assert rule.reapply_h2h


def test_fifa_preset_uses_the_fifa_team_conduct_scale() -> None:
    assert preset("fifa").discipline == FIFA_DISCIPLINE


def test_preset_names_are_case_insensitive() -> None:
    assert preset(" TFF ") == preset("tff")


def test_an_unknown_preset_names_the_valid_ones() -> None:
    with pytest.raises(UnknownPreset) as caught:
        preset("bundesliga")

    assert caught.value.name == "bundesliga"
    assert caught.value.valid == PRESET_NAMES
    assert isinstance(caught.value, DomainError)


def test_custom_puts_points_first_when_the_organiser_leaves_it_out() -> None:
    rule = custom(["goal_difference", "goals_for"])

    assert rule.criteria == (Criterion.POINTS, Criterion.GOAL_DIFFERENCE, Criterion.GOALS_FOR)


def test_custom_accepts_names_in_any_case_with_spaces_or_hyphens() -> None:
    rule = custom(["Points", "H2H-Points", "goal difference"])

    assert rule.criteria == (Criterion.POINTS, Criterion.H2H_POINTS, Criterion.GOAL_DIFFERENCE)


def test_custom_refuses_an_unknown_criterion_and_lists_the_valid_ones() -> None:
    with pytest.raises(UnknownCriterion) as caught:
        custom(["goal_difference", "away_goals"])

    assert caught.value.name == "away_goals"
    assert "h2h_points" in caught.value.valid
    assert "away_goals" in str(caught.value)
    assert isinstance(caught.value, DomainError)


@pytest.mark.parametrize(
    "names",
    [
        ["goal_difference", "points"],
        ["goal_difference", "goal_difference"],
    ],
)
def test_custom_refuses_points_after_another_criterion_or_a_repeated_one(
    names: list[str],
) -> None:
    with pytest.raises(TieBreakError):
        custom(names)


def test_a_tie_break_must_rank_by_points_first() -> None:
    with pytest.raises(TieBreakError):
        TieBreak("empty", ())


def test_the_stored_setting_names_a_preset_or_the_organisers_own_order():
    assert stored("uefa") == preset("uefa")
    assert stored("averaj,atılan gol") == custom(["averaj", "atılan gol"])
    assert stored("averaj,atılan gol").criteria[0] is Criterion.POINTS
    with pytest.raises(UnknownPreset):
        stored("yok")
