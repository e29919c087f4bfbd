"""The article's circle method, FIDE Berger tables, double legs and home/away balance."""

from itertools import pairwise

import pytest

from domain.roundrobin import TooFewTeams, berger, breaks, circle, double, fixtures


def listing(rounds):
    return [[f"{p.home}-{p.away}" for p in r.pairings] for r in rounds]


def test_six_teams_follow_the_article_circle_pair_for_pair():
    assert listing(circle("ABCDEF")) == [
        ["A-F", "B-E", "C-D"],
        ["A-E", "F-D", "B-C"],
        ["A-D", "E-C", "F-B"],
        ["A-C", "D-B", "E-F"],
        ["A-B", "C-F", "D-E"],
    ]


def test_five_teams_follow_the_article_with_its_byes():
    rounds = circle("ABCDE")
    assert listing(rounds) == [
        ["B-E", "C-D"],
        ["A-E", "B-C"],
        ["A-D", "E-C"],
        ["A-C", "D-B"],
        ["A-B", "D-E"],
    ]
    assert [r.bye for r in rounds] == ["A", "D", "B", "E", "C"]


@pytest.mark.parametrize("n", range(2, 21))
def test_match_and_round_counts_follow_the_formulas(n):
    teams = [f"T{i}" for i in range(n)]
    rounds = circle(teams)
    assert sum(len(r.pairings) for r in rounds) == n * (n - 1) // 2
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    byes = [r.bye for r in rounds if r.bye]
    assert sorted(byes) == (sorted(teams) if n % 2 else [])
    assert all(a != b for a, b in pairwise(byes))


def test_fide_table_for_four_players_matches_the_handbook():
    assert listing(berger("1234")) == [["1-4", "2-3"], ["4-3", "1-2"], ["2-4", "3-1"]]


def test_fide_table_for_six_players_matches_the_handbook():
    assert listing(berger("123456")) == [
        ["1-6", "2-5", "3-4"],
        ["6-4", "5-3", "1-2"],
        ["2-6", "3-1", "4-5"],
        ["6-5", "1-4", "2-3"],
        ["3-6", "4-2", "5-1"],
    ]


def test_fide_table_for_odd_players_uses_the_next_even_table_with_a_bye():
    rounds = berger("12345")
    assert listing(rounds)[0] == ["2-5", "3-4"]
    assert rounds[0].bye == "1"


def test_double_round_robin_mirrors_the_first_leg_with_home_and_away_swapped():
    teams = [f"T{i}" for i in range(18)]
    rounds = fixtures(teams, double_leg=True)
    assert len(rounds) == 34
    assert sum(len(r.pairings) for r in rounds) == 306
    assert all(len(r.pairings) == 9 for r in rounds)
    first, second = rounds[:17], rounds[17:]
    for a, b in zip(first, second, strict=True):
        assert [(p.away, p.home) for p in a.pairings] == [(p.home, p.away) for p in b.pairings]


def test_fide_double_round_robin_swaps_the_last_two_rounds_before_mirroring():
    rounds = fixtures("123456", system="berger", double_leg=True)
    assert listing(rounds)[3] == listing(berger("123456"))[4]
    assert listing(rounds)[4] == listing(berger("123456"))[3]
    assert listing(rounds)[5] == ["6-1", "5-2", "4-3"]


@pytest.mark.parametrize("n", range(4, 31, 2))
def test_balanced_orientation_reaches_de_werras_minimum_of_n_minus_two_breaks(n):
    teams = [f"T{i}" for i in range(n)]
    balanced = circle(teams, balance=True)
    assert sum(breaks(balanced).values()) == n - 2
    assert [sorted(map(frozenset, (p.teams() for p in r.pairings))) for r in balanced] == [
        sorted(map(frozenset, (p.teams() for p in r.pairings))) for r in circle(teams)
    ]


def test_unbalanced_listing_order_has_more_breaks_than_the_balanced_one():
    teams = [f"T{i}" for i in range(10)]
    assert sum(breaks(circle(teams)).values()) > sum(breaks(circle(teams, balance=True)).values())


def test_a_single_team_is_refused():
    with pytest.raises(TooFewTeams):
        circle(["Kartallar"])


def test_double_of_nothing_is_nothing():
    assert double([]) == []
