"""The group draw: sizes, the snake, seeded random draws and pots."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies

from domain.draw import (
    DuplicateTeam,
    GroupCountError,
    InvalidPotSize,
    SeedRequired,
    UnknownDrawMethod,
    draw_groups,
    group_sizes,
)
from domain.errors import DomainError
from domain.model import Group


def numbered(n: int) -> list[str]:
    return [str(i) for i in range(1, n + 1)]


def as_lists(groups: tuple[Group, ...]) -> dict[str, list[str]]:
    return {group.label: list(group.teams) for group in groups}


# group_sizes


def test_seven_teams_in_two_groups_make_a_four_and_a_three_as_in_the_article() -> None:
    assert group_sizes(7, 2) == [4, 3]


def test_ten_teams_in_three_groups_put_the_extra_team_in_group_a() -> None:
    assert group_sizes(10, 3) == [4, 3, 3]


def test_twelve_teams_in_three_groups_are_three_fours() -> None:
    assert group_sizes(12, 3) == [4, 4, 4]


def test_zero_groups_is_refused_with_the_numbers_in_the_error() -> None:
    with pytest.raises(GroupCountError) as caught:
        group_sizes(8, 0)
    assert (caught.value.teams, caught.value.groups) == (8, 0)


def test_a_group_of_one_is_refused_and_the_error_names_the_most_groups_possible() -> None:
    with pytest.raises(GroupCountError) as caught:
        group_sizes(5, 3)
    assert caught.value.maximum == 2
    assert isinstance(caught.value, DomainError)


def test_two_teams_per_group_is_the_smallest_allowed() -> None:
    assert group_sizes(6, 3) == [2, 2, 2]


@given(
    strategies.integers(1, 16).flatmap(
        lambda k: strategies.tuples(strategies.just(k), strategies.integers(2 * k, 60))
    )
)
def test_sizes_add_up_differ_by_at_most_one_and_shrink_from_group_a(case: tuple[int, int]) -> None:
    k, n = case
    sizes = group_sizes(n, k)
    assert len(sizes) == k
    assert sum(sizes) == n
    assert max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)


# "order": the snake


def test_eight_teams_in_two_groups_are_dealt_in_a_snake() -> None:
    groups = draw_groups(numbered(8), 2, method="order")
    assert as_lists(groups) == {"A": ["1", "4", "5", "8"], "B": ["2", "3", "6", "7"]}


def test_the_snake_gives_the_odd_team_out_to_the_larger_group_a() -> None:
    groups = draw_groups(numbered(7), 2, method="order")
    assert as_lists(groups) == {"A": ["1", "4", "5", "7"], "B": ["2", "3", "6"]}


def test_twelve_teams_in_three_groups_snake_back_and_forth() -> None:
    groups = draw_groups(numbered(12), 3, method="order")
    assert as_lists(groups) == {
        "A": ["1", "6", "7", "12"],
        "B": ["2", "5", "8", "11"],
        "C": ["3", "4", "9", "10"],
    }


def test_groups_are_labelled_from_a_in_order() -> None:
    groups = draw_groups(numbered(8), 4, method="order")
    assert [group.label for group in groups] == ["A", "B", "C", "D"]


# "random"


def test_a_random_draw_without_a_seed_is_refused() -> None:
    with pytest.raises(SeedRequired) as caught:
        draw_groups(numbered(8), 2, method="random")
    assert caught.value.method == "random"


def test_the_same_seed_gives_the_same_random_draw() -> None:
    teams = numbered(16)
    assert draw_groups(teams, 4, method="random", seed=2026) == draw_groups(
        teams, 4, method="random", seed=2026
    )


def test_different_seeds_give_different_random_draws() -> None:
    teams = numbered(16)
    draws = {draw_groups(teams, 4, method="random", seed=seed) for seed in range(5)}
    assert len(draws) == 5


def test_a_random_draw_is_not_the_given_order() -> None:
    teams = numbered(16)
    drawn = draw_groups(teams, 4, method="random", seed=7)
    assert drawn != draw_groups(teams, 4, method="order")


@given(
    strategies.integers(1, 6).flatmap(
        lambda k: strategies.tuples(strategies.just(k), strategies.integers(2 * k, 30))
    ),
    strategies.integers(0, 10**9),
)
def test_a_random_draw_places_every_team_once_in_groups_of_the_right_sizes(
    case: tuple[int, int], seed: int
) -> None:
    k, n = case
    teams = numbered(n)
    groups = draw_groups(teams, k, method="random", seed=seed)
    assert sorted(team for group in groups for team in group.teams) == sorted(teams)
    assert [len(group.teams) for group in groups] == group_sizes(n, k)


# "pots"


def test_pots_put_the_two_seeded_teams_in_different_groups() -> None:
    for seed in range(20):
        groups = draw_groups(numbered(8), 2, method="pots", seed=seed)
        seeded_per_group = [len({"1", "2"} & set(group.teams)) for group in groups]
        assert seeded_per_group == [1, 1]


def test_a_pots_draw_needs_a_seed() -> None:
    with pytest.raises(SeedRequired):
        draw_groups(numbered(8), 2, method="pots")


def test_the_same_seed_gives_the_same_pots_draw_and_another_seed_another_one() -> None:
    teams = numbered(12)
    first = draw_groups(teams, 3, method="pots", seed=1)
    assert first == draw_groups(teams, 3, method="pots", seed=1)
    assert len({draw_groups(teams, 3, method="pots", seed=seed) for seed in range(6)}) > 1


def test_a_pot_of_two_keeps_two_seeds_apart_among_four_groups() -> None:
    teams = numbered(8)
    for seed in range(10):
        groups = draw_groups(teams, 4, method="pots", seed=seed, pot_size=2)
        for pot in (teams[0:2], teams[2:4], teams[4:6], teams[6:8]):
            assert all(len(set(pot) & set(group.teams)) <= 1 for group in groups)


def test_a_pot_larger_than_the_number_of_groups_is_refused() -> None:
    with pytest.raises(InvalidPotSize) as caught:
        draw_groups(numbered(8), 2, method="pots", seed=1, pot_size=3)
    assert (caught.value.pot_size, caught.value.groups) == (3, 2)


@given(
    strategies.integers(1, 6).flatmap(
        lambda k: strategies.tuples(strategies.just(k), strategies.integers(2 * k, 30))
    ),
    strategies.integers(0, 10**9),
)
def test_no_group_gets_two_teams_of_the_same_pot(case: tuple[int, int], seed: int) -> None:
    k, n = case
    teams = numbered(n)
    groups = draw_groups(teams, k, method="pots", seed=seed)
    assert [len(group.teams) for group in groups] == group_sizes(n, k)
    assert sorted(team for group in groups for team in group.teams) == sorted(teams)
    for start in range(0, n, k):
        pot = set(teams[start : start + k])
        assert all(len(pot & set(group.teams)) <= 1 for group in groups)


# refusals common to all methods


def test_a_team_listed_twice_is_refused() -> None:
    with pytest.raises(DuplicateTeam) as caught:
        draw_groups(["Kartallar", "Aslanlar", "Kartallar", "Boğalar"], 2, method="order")
    assert caught.value.team == "Kartallar"


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(UnknownDrawMethod) as caught:
        draw_groups(numbered(8), 2, method="lottery", seed=1)  # type: ignore[arg-type]
    assert caught.value.method == "lottery"


def test_more_groups_than_letters_is_refused() -> None:
    with pytest.raises(GroupCountError):
        draw_groups(numbered(60), 27, method="order")
