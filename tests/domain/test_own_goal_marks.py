"""A goals line with "kk" (kendi kalesine) standing alone, "goller: Ali 3, kk, Veli", was
refused as a number or card without a name: it is now its own problem, so the refusal can
say how an own goal is written ("Mehmet kk", the player who put it in his own goal)."""

from __future__ import annotations

import pytest

from domain.eventlines import read_event_line, read_goal_args
from domain.eventnotes import EventProblem, UnreadableEvents


@pytest.mark.parametrize(
    "line",
    ["goller: Ali 3, kk, Veli", "goller: Ali 2 - kk", "goller: k.k.", "goller: kendi kalesine"],
)
def test_an_own_goal_mark_without_a_player_is_its_own_problem(line):
    with pytest.raises(UnreadableEvents) as caught:
        read_event_line(line)
    assert caught.value.problem is EventProblem.OWN_GOAL_NO_NAME


def test_an_own_goal_mark_alone_after_gol_is_the_same_problem():
    with pytest.raises(UnreadableEvents) as caught:
        read_goal_args("7 kk")
    assert caught.value.problem is EventProblem.OWN_GOAL_NO_NAME


def test_an_own_goal_with_its_player_still_reads():
    notes = read_event_line("goller: Ali 3, Veli - Mehmet kk")
    assert notes is not None
    assert [(g.player, g.side, g.own_goal) for g in notes.goals] == [
        ("Ali", "home", False),
        ("Veli", "home", False),
        ("Mehmet", "away", True),
    ]


def test_a_count_without_a_player_stays_no_name():
    with pytest.raises(UnreadableEvents) as caught:
        read_event_line("goller: 2 - Mehmet")
    assert caught.value.problem is EventProblem.NO_NAME
