"""Going through a group: through, out or open, by the points alone."""

from __future__ import annotations

from domain.model import PlannedMatch, Result, Score, Stage
from domain.outlook import Status, group_places, outlook
from domain.standings import standings

TEAMS = ("A1", "A2", "A3", "A4")
# DOMAIN.md's group A, the first four results: A1 6, A2 4, A3 1, A4 0.
PLAYED = [
    Result("A1", "A4", Score(3, 1)),
    Result("A2", "A3", Score(2, 2)),
    Result("A1", "A3", Score(1, 0)),
    Result("A2", "A4", Score(2, 0)),
]
LEFT = [("A1", "A2"), ("A3", "A4")]


def table(results=PLAYED):
    return standings(TEAMS, results)


def test_a_team_no_one_can_catch_enough_is_through():
    assert outlook(table(), "A", "A1", LEFT, 2).status is Status.THROUGH


def test_a_team_that_cannot_reach_the_places_is_out():
    assert outlook(table(), "A", "A4", LEFT, 2).status is Status.OUT


def test_a_team_whose_fate_depends_on_others_is_open_and_told_if_winning_is_enough():
    a3 = outlook(table(), "A", "A3", LEFT, 2)
    assert a3.status is Status.OPEN and a3.left == 1 and not a3.win_gets_through
    a2 = outlook(table(), "A", "A2", LEFT, 2)
    assert a2.status is Status.THROUGH or a2.win_gets_through


def test_a_finished_group_is_done_with_the_rank():
    final = outlook(table(), "A", "A3", [], 2)
    assert final.status is Status.DONE and final.rank == 3


def test_the_places_come_from_the_knockout_side_codes():
    semis = [
        PlannedMatch(13, Stage.SEMI, None, None, "Saha 1", None, None, None, None, "1A", "2B"),  # type: ignore[arg-type]
        PlannedMatch(14, Stage.SEMI, None, None, "Saha 2", None, None, None, None, "1B", "2A"),  # type: ignore[arg-type]
    ]
    assert group_places(semis, "A") == (2, False)
    third = [PlannedMatch(9, Stage.QUARTER, None, None, "S", None, None, None, None, "1A", "3.1")]  # type: ignore[arg-type]
    assert group_places(third, "A") == (1, True)
