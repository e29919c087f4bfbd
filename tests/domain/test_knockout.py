"""Knockout brackets after groups and from a seeded list, their progress and plan codes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings, strategies

from domain.draw import DuplicateTeam
from domain.knockout import (
    BracketCannotBeFilled,
    BracketTooLarge,
    GroupTooSmall,
    InvalidPerGroup,
    InvalidUntil,
    TooFewEntrants,
    after_groups,
    seeded,
    seeding_positions,
)
from domain.model import (
    BestOfPlace,
    Entrant,
    Group,
    GroupPlace,
    Loser,
    Score,
    Source,
    Stage,
    Tie,
    Winner,
)
from domain.tiesides import progress, source_code


def groups_of(count: int, size: int = 4) -> list[Group]:
    return [
        Group(label, tuple(f"{label}{i}" for i in range(1, size + 1)))
        for label in "ABCDEFGHIJ"[:count]
    ]


def text(source: Source) -> str:
    if isinstance(source, GroupPlace | BestOfPlace):
        return source.code()
    if isinstance(source, Winner):
        return f"W({source.key})"
    if isinstance(source, Loser):
        return f"L({source.key})"
    return source.team


def lines(ties: Sequence[Tie]) -> list[str]:
    return [f"{tie.key} {text(tie.home)}-{text(tie.away)}" for tie in ties]


def by_key(ties: Sequence[Tie]) -> dict[str, Tie]:
    return {tie.key: tie for tie in ties}


def entrants_under(ties: Sequence[Tie], source: Source) -> set[Source]:
    """The first-round sides (or bye entrants) that can come out of `source`."""
    if isinstance(source, Winner):
        tie = by_key(ties)[source.key]
        return entrants_under(ties, tie.home) | entrants_under(ties, tie.away)
    return {source}


def halves(ties: Sequence[Tie]) -> tuple[set[Source], set[Source]]:
    final = by_key(ties)["F"]
    return entrants_under(ties, final.home), entrants_under(ties, final.away)


# after groups: the required cases


def test_two_groups_cross_semi_finals_as_in_the_article() -> None:
    ties = after_groups(groups_of(2), per_group=2, third_place=True)
    assert lines(ties) == [
        "SF1 1A-2B",
        "SF2 1B-2A",
        "3P L(SF1)-L(SF2)",
        "F W(SF1)-W(SF2)",
    ]
    assert [tie.stage for tie in ties] == [Stage.SEMI, Stage.SEMI, Stage.THIRD, Stage.FINAL]


def test_the_article_day_has_four_knockout_matches_and_three_without_third_place() -> None:
    assert len(after_groups(groups_of(2), per_group=2, third_place=True)) == 4
    assert lines(after_groups(groups_of(2), per_group=2, third_place=False)) == [
        "SF1 1A-2B",
        "SF2 1B-2A",
        "F W(SF1)-W(SF2)",
    ]


def test_four_groups_quarter_finals_keep_1a_and_2a_apart_until_the_final() -> None:
    ties = after_groups(groups_of(4), per_group=2, third_place=False)
    assert lines(ties) == [
        "QF1 1A-2B",
        "QF2 1C-2D",
        "QF3 1B-2A",
        "QF4 1D-2C",
        "SF1 W(QF1)-W(QF2)",
        "SF2 W(QF3)-W(QF4)",
        "F W(SF1)-W(SF2)",
    ]
    assert {tie.stage for tie in ties[:4]} == {Stage.QUARTER}


def test_eight_groups_round_of_16_follows_the_world_cup_pattern() -> None:
    ties = after_groups(groups_of(8), per_group=2, third_place=True)
    assert lines(ties)[:8] == [
        "R16-1 1A-2B",
        "R16-2 1C-2D",
        "R16-3 1E-2F",
        "R16-4 1G-2H",
        "R16-5 1B-2A",
        "R16-6 1D-2C",
        "R16-7 1F-2E",
        "R16-8 1H-2G",
    ]
    assert lines(ties)[8:12] == [
        "QF1 W(R16-1)-W(R16-2)",
        "QF2 W(R16-3)-W(R16-4)",
        "QF3 W(R16-5)-W(R16-6)",
        "QF4 W(R16-7)-W(R16-8)",
    ]
    assert [tie.key for tie in ties[12:]] == ["SF1", "SF2", "3P", "F"]
    assert {tie.stage for tie in ties[:8]} == {Stage.ROUND_OF_16}


def test_two_groups_top_one_is_just_the_final_and_third_place_is_ignored() -> None:
    ties = after_groups(groups_of(2), per_group=1, third_place=True)
    assert lines(ties) == ["F 1A-1B"]
    assert ties[0].stage is Stage.FINAL


def test_three_groups_top_two_add_the_two_best_thirds_against_group_winners() -> None:
    ties = after_groups(groups_of(3), per_group=2, third_place=True)
    assert lines(ties)[:4] == [
        "QF1 1A-3.1",
        "QF2 1B-2C",
        "QF3 1C-3.2",
        "QF4 2A-2B",
    ]
    top, bottom = halves(ties)
    for label in "ABC":
        first, second = GroupPlace(label, 1), GroupPlace(label, 2)
        assert (first in top) != (second in top), label
    assert BestOfPlace(3, 1) in top and BestOfPlace(3, 2) in bottom


def test_three_groups_top_one_bring_the_best_runner_up_into_the_semi_finals() -> None:
    ties = after_groups(groups_of(3), per_group=1, third_place=True)
    assert lines(ties) == [
        "SF1 1A-2.1",
        "SF2 1B-1C",
        "3P L(SF1)-L(SF2)",
        "F W(SF1)-W(SF2)",
    ]


def test_six_groups_top_two_fill_the_round_of_16_with_four_best_thirds() -> None:
    ties = after_groups(groups_of(6), per_group=2, third_place=False)
    first_round = ties[:8]
    thirds = [tie for tie in first_round if isinstance(tie.away, BestOfPlace)]
    assert [tie.away for tie in thirds] == [BestOfPlace(3, rank) for rank in (1, 2, 3, 4)]
    assert all(isinstance(tie.home, GroupPlace) and tie.home.place == 1 for tie in thirds)


# after groups: the limits


def test_five_groups_top_two_cannot_fill_a_bracket_of_16_with_five_thirds() -> None:
    with pytest.raises(BracketCannotBeFilled) as caught:
        after_groups(groups_of(5), per_group=2, third_place=False)
    error = caught.value
    assert (error.qualifiers, error.bracket, error.place, error.needed, error.available) == (
        10,
        16,
        3,
        6,
        5,
    )


def test_best_thirds_only_come_from_groups_that_have_a_third() -> None:
    groups = [*groups_of(2, size=2), Group("C", ("C1", "C2", "C3"))]
    with pytest.raises(BracketCannotBeFilled) as caught:
        after_groups(groups, per_group=2, third_place=False)
    assert caught.value.available == 1


def test_more_than_16_qualifiers_is_refused() -> None:
    with pytest.raises(BracketTooLarge) as caught:
        after_groups(groups_of(9), per_group=2, third_place=False)
    assert (caught.value.entrants, caught.value.bracket, caught.value.limit) == (18, 32, 16)


def test_a_group_smaller_than_its_qualifying_places_is_refused() -> None:
    groups = [Group("A", ("A1", "A2", "A3")), Group("B", ("B1",))]
    with pytest.raises(GroupTooSmall) as caught:
        after_groups(groups, per_group=2, third_place=False)
    assert (caught.value.group, caught.value.size, caught.value.needed) == ("B", 1, 2)


def test_nobody_qualifying_is_refused() -> None:
    with pytest.raises(InvalidPerGroup):
        after_groups(groups_of(2), per_group=0, third_place=False)
    with pytest.raises(TooFewEntrants):
        after_groups([], per_group=2, third_place=False)


def test_one_group_top_two_is_a_final_between_its_first_two() -> None:
    assert lines(after_groups(groups_of(1), per_group=2, third_place=True)) == ["F 1A-2A"]


def test_until_semi_stops_before_the_final_and_drops_the_third_place_match() -> None:
    ties = after_groups(groups_of(4), per_group=2, until=Stage.SEMI, third_place=True)
    assert [tie.key for tie in ties] == ["QF1", "QF2", "QF3", "QF4", "SF1", "SF2"]


def test_until_a_round_before_the_first_one_is_refused() -> None:
    with pytest.raises(InvalidUntil) as caught:
        after_groups(groups_of(2), per_group=2, until=Stage.QUARTER, third_place=False)
    assert (caught.value.until, caught.value.first) == (Stage.QUARTER, Stage.SEMI)


def test_until_a_non_knockout_stage_is_refused() -> None:
    with pytest.raises(InvalidUntil):
        after_groups(groups_of(2), per_group=2, until=Stage.GROUP, third_place=False)


# after groups: the rules for every shape

VALID_SHAPES = [
    (count, per_group)
    for count in range(1, 9)
    for per_group in (1, 2)
    if (count, per_group) != (5, 2)
]


def check_tree(ties: Sequence[Tie], *, third_place: bool) -> None:
    """Unique keys, references only backwards, every winner used once, ends with F."""
    keys = [tie.key for tie in ties]
    assert len(keys) == len(set(keys))
    assert ties[-1].key == "F" and ties[-1].stage is Stage.FINAL
    seen: set[str] = set()
    used = Counter[str]()
    for tie in ties:
        for side in (tie.home, tie.away):
            if isinstance(side, Winner | Loser):
                assert side.key in seen, f"{tie.key} refers forward to {side.key}"
            if isinstance(side, Winner):
                used[side.key] += 1
        seen.add(tie.key)
    played = [key for key in keys if key not in ("F", "3P")]
    assert used == Counter(played)
    semis = [tie.key for tie in ties if tie.stage is Stage.SEMI]
    if third_place and len(semis) == 2:
        assert ties[-2] == Tie("3P", Stage.THIRD, Loser(semis[0]), Loser(semis[1]))
    else:
        assert "3P" not in keys


@settings(deadline=None)
@given(
    strategies.sampled_from(VALID_SHAPES),
    strategies.booleans(),
    strategies.data(),
)
def test_every_valid_shape_gives_a_sound_cross_bracket(
    shape: tuple[int, int], third_place: bool, data: strategies.DataObject
) -> None:
    count, per_group = shape
    sizes = data.draw(
        strategies.lists(strategies.integers(per_group + 1, 6), min_size=count, max_size=count)
    )
    groups = [
        Group(label, tuple(f"{label}{i}" for i in range(size)))
        for label, size in zip("ABCDEFGH", sizes, strict=False)
    ]
    ties = after_groups(groups, per_group=per_group, third_place=third_place)
    check_tree(ties, third_place=third_place)

    qualifiers = count * per_group
    bracket = 2
    while bracket < qualifiers:
        bracket *= 2
    expected = [
        GroupPlace(group.label, place) for group in groups for place in range(1, per_group + 1)
    ]
    expected += [BestOfPlace(per_group + 1, rank) for rank in range(1, bracket - qualifiers + 1)]
    first_round = [tie for tie in ties if not isinstance(tie.home, Winner | Loser)]
    sides = [side for tie in first_round for side in (tie.home, tie.away)]
    assert Counter(sides) == Counter(expected)
    assert len(first_round) == bracket // 2

    places = sorted(side.place for side in expected)
    fold = sorted(zip(places[: bracket // 2], reversed(places[bracket // 2 :]), strict=True))
    assert sorted((tie.home.place, tie.away.place) for tie in first_round) == fold
    for tie in first_round:
        home, away = tie.home, tie.away
        assert isinstance(home, GroupPlace)
        if count > 1 and isinstance(away, GroupPlace):
            assert home.group != away.group, tie.key

    if count > 1 and per_group == 2:
        top, _ = halves(ties)
        for group in groups:
            assert (GroupPlace(group.label, 1) in top) != (GroupPlace(group.label, 2) in top)


def test_the_bracket_does_not_depend_on_team_names_or_group_sizes() -> None:
    small = after_groups(groups_of(3, size=3), per_group=2, third_place=True)
    large = after_groups(groups_of(3, size=5), per_group=2, third_place=True)
    assert small == large


# seeded knockout


def test_standard_seeding_positions_put_seeds_one_and_two_in_opposite_halves() -> None:
    assert seeding_positions(2) == (1, 2)
    assert seeding_positions(4) == (1, 4, 2, 3)
    assert seeding_positions(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert seeding_positions(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


def test_eight_seeded_teams_play_one_against_eight_and_so_on() -> None:
    teams = [f"T{i}" for i in range(1, 9)]
    assert lines(seeded(teams, third_place=True)) == [
        "QF1 T1-T8",
        "QF2 T4-T5",
        "QF3 T2-T7",
        "QF4 T3-T6",
        "SF1 W(QF1)-W(QF2)",
        "SF2 W(QF3)-W(QF4)",
        "3P L(SF1)-L(SF2)",
        "F W(SF1)-W(SF2)",
    ]


def test_five_seeded_teams_give_byes_to_the_top_three() -> None:
    teams = [f"T{i}" for i in range(1, 6)]
    ties = seeded(teams, third_place=True)
    assert lines(ties) == [
        "QF1 T4-T5",
        "SF1 T1-W(QF1)",
        "SF2 T2-T3",
        "3P L(SF1)-L(SF2)",
        "F W(SF1)-W(SF2)",
    ]
    assert by_key(ties)["SF1"].home == Entrant("T1")


def test_six_seeded_teams_give_byes_to_the_top_two() -> None:
    teams = [f"T{i}" for i in range(1, 7)]
    assert lines(seeded(teams, third_place=False)) == [
        "QF1 T4-T5",
        "QF2 T3-T6",
        "SF1 T1-W(QF1)",
        "SF2 T2-W(QF2)",
        "F W(SF1)-W(SF2)",
    ]


def test_three_seeded_teams_have_one_semi_final_and_no_third_place_match() -> None:
    assert lines(seeded(["T1", "T2", "T3"], third_place=True)) == ["SF1 T2-T3", "F T1-W(SF1)"]


def test_two_teams_are_just_a_final() -> None:
    assert seeded(["Kartallar", "Aslanlar"], third_place=True) == (
        Tie("F", Stage.FINAL, Entrant("Kartallar"), Entrant("Aslanlar")),
    )


def test_a_seeded_knockout_refuses_one_team_duplicates_and_more_than_16() -> None:
    with pytest.raises(TooFewEntrants):
        seeded(["T1"], third_place=False)
    with pytest.raises(DuplicateTeam):
        seeded(["T1", "T2", "T1"], third_place=False)
    with pytest.raises(BracketTooLarge) as caught:
        seeded([f"T{i}" for i in range(17)], third_place=False)
    assert caught.value.bracket == 32


@given(strategies.integers(2, 16), strategies.booleans())
def test_every_seeded_bracket_is_sound_with_byes_for_the_top_seeds(
    count: int, third_place: bool
) -> None:
    teams = [f"T{i}" for i in range(1, count + 1)]
    ties = seeded(teams, third_place=third_place)
    check_tree(ties, third_place=third_place)
    appearances = [
        side.team for tie in ties for side in (tie.home, tie.away) if isinstance(side, Entrant)
    ]
    assert sorted(appearances) == sorted(teams)
    bracket = 2
    while bracket < count:
        bracket *= 2
    byes = bracket - count
    first_stage = ties[0].stage
    playing_first = {
        side.team
        for tie in ties
        if tie.stage is first_stage
        for side in (tie.home, tie.away)
        if isinstance(side, Entrant)
    }
    assert playing_first == set(teams[byes:])
    top, bottom = halves(ties)
    assert Entrant("T1") in top and Entrant("T2") in bottom


# progress


def test_progress_fills_semi_finals_from_group_places_and_the_final_from_results() -> None:
    ties = after_groups(groups_of(2), per_group=2, third_place=True)
    places = {
        GroupPlace("A", 1): "A1",
        GroupPlace("A", 2): "A2",
        GroupPlace("B", 1): "B1",
        GroupPlace("B", 2): None,
    }
    assert progress(ties, places=places, scores={}) == {
        "SF1": ("A1", None),
        "SF2": ("B1", "A2"),
        "3P": (None, None),
        "F": (None, None),
    }
    places[GroupPlace("B", 2)] = "B2"
    scores = {
        "SF1": ("A1", "B2", Score(1, 2)),
        "SF2": ("B1", "A2", Score(1, 1, home_penalties=4, away_penalties=5)),
    }
    assert progress(ties, places=places, scores=scores) == {
        "SF1": ("A1", "B2"),
        "SF2": ("B1", "A2"),
        "3P": ("A1", "B1"),
        "F": ("B2", "A2"),
    }


def test_a_level_knockout_score_without_penalties_decides_nobody() -> None:
    ties = after_groups(groups_of(2), per_group=2, third_place=True)
    scores = {"SF1": ("A1", "B2", Score(2, 2)), "SF2": ("B1", "A2", Score(3, 0))}
    filled = progress(ties, places={}, scores=scores)
    assert filled["F"] == (None, "B1")
    assert filled["3P"] == (None, "A2")


def test_progress_shows_teams_with_a_bye_from_the_start() -> None:
    ties = seeded(["T1", "T2", "T3", "T4", "T5"], third_place=False)
    filled = progress(ties, places={}, scores={"QF1": ("T4", "T5", Score(0, 3))})
    assert filled == {
        "QF1": ("T4", "T5"),
        "SF1": ("T1", "T5"),
        "SF2": ("T2", "T3"),
        "F": (None, None),
    }


# plan codes


def test_source_codes_are_the_ones_printed_in_plans() -> None:
    numbers = {"SF1": 13, "SF2": 14}
    assert source_code(GroupPlace("A", 1), numbers) == "1A"
    assert source_code(BestOfPlace(3, 1), numbers) == "3.1"
    assert source_code(Winner("SF1"), numbers) == "W13"
    assert source_code(Loser("SF2"), numbers) == "L14"
    assert source_code(Entrant("Kartallar"), numbers) is None


def test_the_article_final_reads_w13_w14_and_third_place_l13_l14() -> None:
    ties = by_key(after_groups(groups_of(2), per_group=2, third_place=True))
    numbers = {"SF1": 13, "SF2": 14, "3P": 15, "F": 16}
    final, third = ties["F"], ties["3P"]
    assert (source_code(final.home, numbers), source_code(final.away, numbers)) == ("W13", "W14")
    assert (source_code(third.home, numbers), source_code(third.away, numbers)) == ("L13", "L14")
