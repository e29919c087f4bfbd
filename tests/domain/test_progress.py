"""Knockout pairings fill themselves as results arrive, and never by silent guesswork."""

from domain.formats import Options, groups_then_knockout
from domain.model import BestOfPlace, Group, GroupPlace, Result, Score
from domain.progress import Rules, group_tables, places, sides

GROUPS = (Group("A", ("A1", "A2", "A3", "A4")), Group("B", ("B1", "B2", "B3", "B4")))
DRAFT = groups_then_knockout(GROUPS, Options(knockout="semi", third_place=True))
PER_GROUP = {"A": 6, "B": 6}


def r(home, hg, ag, away, pens=None):
    hp, ap = pens or (None, None)
    return Result(home, away, Score(hg, ag, hp, ap))


ARTICLE_A = [
    r("A1", 3, 1, "A4"),
    r("A2", 2, 2, "A3"),
    r("A1", 1, 0, "A3"),
    r("A2", 2, 0, "A4"),
    r("A1", 1, 1, "A2"),
    r("A3", 3, 2, "A4"),
]
GROUP_B = [
    r("B1", 0, 2, "B4"),
    r("B2", 1, 0, "B3"),
    r("B1", 1, 1, "B3"),
    r("B4", 0, 3, "B2"),
    r("B1", 0, 1, "B2"),
    r("B3", 2, 2, "B4"),
]


def test_semi_finals_stay_open_until_each_group_is_finished():
    known = places(GROUPS, ARTICLE_A + GROUP_B[:5], PER_GROUP, Rules())
    filled = sides(DRAFT.ties, known, {})
    assert filled["SF1"] == ("A1", None)
    assert filled["SF2"] == (None, "A2")


def test_finished_groups_fill_the_cross_semi_finals():
    known = places(GROUPS, ARTICLE_A + GROUP_B, PER_GROUP, Rules())
    filled = sides(DRAFT.ties, known, {})
    assert filled["SF1"] == ("A1", "B4")
    assert filled["SF2"] == ("B2", "A2")
    assert filled["F"] == (None, None)


def test_semi_final_results_fill_the_final_and_the_third_place_match():
    known = places(GROUPS, ARTICLE_A + GROUP_B, PER_GROUP, Rules())
    played = {
        "SF1": ("A1", "B4", Score(2, 0)),
        "SF2": ("B2", "A2", Score(1, 1, 3, 4)),
    }
    filled = sides(DRAFT.ties, known, played)
    assert filled["F"] == ("A1", "A2")
    assert filled["3P"] == ("B4", "B2")


def test_a_level_knockout_match_without_penalties_fills_nothing():
    known = places(GROUPS, ARTICLE_A + GROUP_B, PER_GROUP, Rules())
    filled = sides(DRAFT.ties, known, {"SF1": ("A1", "B4", Score(1, 1))})
    assert filled["F"][0] is None


def test_an_unbreakable_tie_leaves_the_place_open_until_a_lot_is_recorded():
    group = (Group("A", ("X", "Y", "Z")),)
    # Every match 1-1: all three level on every criterion.
    results = [r("X", 1, 1, "Y"), r("Y", 1, 1, "Z"), r("Z", 1, 1, "X")]
    open_ = places(group, results, {"A": 3}, Rules())
    assert open_[GroupPlace("A", 1)] is None
    settled = places(group, results, {"A": 3}, Rules(lots=(("Z", "X", "Y"),)))
    assert [settled[GroupPlace("A", p)] for p in (1, 2, 3)] == ["Z", "X", "Y"]


def test_best_third_places_rank_across_groups_discounting_the_extra_team():
    groups = (
        Group("A", ("A1", "A2", "A3", "A4")),
        Group("B", ("B1", "B2", "B3")),
    )
    results_a = [
        r("A1", 5, 0, "A4"),
        r("A2", 3, 0, "A3"),
        r("A1", 2, 0, "A3"),
        r("A2", 4, 0, "A4"),
        r("A1", 1, 0, "A2"),
        r("A3", 9, 0, "A4"),  # against the 4th: ignored when comparing thirds
    ]
    results_b = [r("B1", 1, 0, "B2"), r("B2", 1, 0, "B3"), r("B1", 1, 0, "B3")]
    best = [BestOfPlace(3, 1), BestOfPlace(3, 2)]
    known = places(groups, results_a + results_b, {"A": 6, "B": 3}, Rules(), best)
    # A3 counted only against A1, A2: 0 points, -5; B3: 0 points, -2.
    assert known[BestOfPlace(3, 1)] == "B3"
    assert known[BestOfPlace(3, 2)] == "A3"


def test_ties_read_back_from_a_stored_plan_equal_the_bracket_that_made_it():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from domain.dayplan import Pitch, TimeRules
    from domain.planner import plan
    from domain.progress import ties_from_plan

    start = datetime(2026, 12, 6, 10, tzinfo=ZoneInfo("Europe/Istanbul"))
    made = plan(DRAFT, TimeRules(start=start, pitches=(Pitch("1"), Pitch("2"))))
    assert ties_from_plan(made.matches) == DRAFT.ties


def test_a_lot_drawn_in_one_group_orders_that_group_and_leaves_the_other_alone():
    """/kura in group A: group B's table must still be computed (a lot is checked against
    the teams of the table it is given, so each group gets only its own lots)."""
    all_drawn = [r(h, 0, 0, a) for h, a in (("A1", "A4"), ("A2", "A3"), ("A1", "A3"))]
    all_drawn += [r(h, 0, 0, a) for h, a in (("A2", "A4"), ("A1", "A2"), ("A3", "A4"))]
    lot = ("A3", "A1", "A4", "A2")

    tables = group_tables(GROUPS, all_drawn + GROUP_B, Rules(lots=(lot,)))

    assert tuple(row.team for row in tables["A"].rows) == lot
    assert [row.team for row in tables["B"].rows] == [
        row.team for row in group_tables(GROUPS, GROUP_B, Rules())["B"].rows
    ]
