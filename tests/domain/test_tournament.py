"""A running tournament's rules over plain values: groups finish, knockout sides fill,
the final names the champion and the last matches the places, with no database."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import given, settings, strategies

from domain.dayplan import Pitch, TimeRules
from domain.formats import Options, groups_then_knockout, league, pure_knockout
from domain.model import Group, PlannedMatch, Score, Stage
from domain.planner import plan
from domain.standings import PointsRule
from domain.tiebreak import preset
from domain.tournament import (
    PLAYOFF,
    Fixture,
    Play,
    champion,
    final_place,
    group_finished,
    group_of,
    group_results,
    is_playoff,
    knockout_sides,
    playoff_order,
    ranking,
    table,
    tables,
)

KICKOFF = datetime(2026, 12, 6, 10, 0, tzinfo=ZoneInfo("Europe/Istanbul"))
TIMES = TimeRules(start=KICKOFF, pitches=(Pitch("Saha 1"), Pitch("Saha 2")))
GROUPS = (Group("A", ("A1", "A2", "A3", "A4")), Group("B", ("B1", "B2", "B3", "B4")))

# The article's group A (A1 first, A2 second) and a group B that B2 wins before B4.
GROUP_A = [
    ("A1", 3, 1, "A4"),
    ("A2", 2, 2, "A3"),
    ("A1", 1, 0, "A3"),
    ("A2", 2, 0, "A4"),
    ("A1", 1, 1, "A2"),
    ("A3", 3, 2, "A4"),
]
GROUP_B = [
    ("B1", 0, 2, "B4"),
    ("B2", 1, 0, "B3"),
    ("B1", 1, 1, "B3"),
    ("B4", 0, 3, "B2"),
    ("B1", 0, 1, "B2"),
    ("B3", 2, 2, "B4"),
]


def start(groups: tuple[Group, ...] = GROUPS, third_place: bool = True, **rules) -> Play:
    """Two groups of four feeding crossed semi-finals, planned, nothing played yet."""
    draft = groups_then_knockout(groups, Options(knockout="semi", third_place=third_place))
    planned = plan(draft, TIMES)
    return Play(groups, tuple(Fixture(m) for m in planned.matches), **rules)


def scored(play: Play, home: str, hg: int, ag: int, away: str) -> Play:
    """`play` after the match between `home` and `away` ended hg-ag (either way round)."""
    out = []
    for f in play.matches:
        if (f.match.home, f.match.away) == (home, away):
            f = Fixture(f.match, Score(hg, ag))
        elif (f.match.home, f.match.away) == (away, home):
            f = Fixture(f.match, Score(ag, hg))
        out.append(f)
    return dataclasses.replace(play, matches=tuple(out))


def played(play: Play, results: list[tuple[str, int, int, str]]) -> Play:
    for home, hg, ag, away in results:
        play = scored(play, home, hg, ag, away)
    return play


def filled(play: Play) -> Play:
    """The knockout sides results decide written into the plan (as results.fill_knockout)."""
    sides = knockout_sides(play)
    out = []
    for f in play.matches:
        if f.match.key in sides and f.result is None:
            home, away = sides[f.match.key]
            f = Fixture(dataclasses.replace(f.match, home=home, away=away))
        out.append(f)
    return dataclasses.replace(play, matches=tuple(out))


def knockout(play: Play, key: str, score: Score) -> Play:
    """`play` after the knockout tie `key` ended with `score`, later sides filled."""
    out = tuple(Fixture(f.match, score) if f.match.key == key else f for f in play.matches)
    return filled(dataclasses.replace(play, matches=out))


def through_groups(third_place: bool = True) -> Play:
    return filled(played(start(third_place=third_place), GROUP_A + GROUP_B))


def finished_cup(third_place: bool = True) -> Play:
    """A1 beat B4 and A2 beat B2 on penalties; B2 takes third; A1 wins the final."""
    play = through_groups(third_place)
    play = knockout(play, "SF1", Score(2, 0))
    play = knockout(play, "SF2", Score(1, 1, 3, 4))
    if third_place:
        play = knockout(play, "3P", Score(0, 2))
    return knockout(play, "F", Score(2, 1))


def test_a_group_is_finished_once_every_one_of_its_matches_has_a_result():
    play = played(start(), GROUP_A[:5])
    assert not group_finished(play, "A")
    play = scored(play, *GROUP_A[5])
    assert group_finished(play, "A")
    assert not group_finished(play, "B")


def test_a_group_without_planned_matches_is_not_finished():
    play = Play((Group("A", ("X",)),), ())
    assert not group_finished(play, "A")


def test_the_semi_finals_fill_side_by_side_as_each_group_finishes():
    play = played(start(), GROUP_A + GROUP_B[:5])
    assert knockout_sides(play)["SF1"] == ("A1", None)
    assert knockout_sides(play)["SF2"] == (None, "A2")
    play = scored(play, *GROUP_B[5])
    sides = knockout_sides(play)
    assert sides["SF1"] == ("A1", "B4")
    assert sides["SF2"] == ("B2", "A2")
    assert sides["F"] == (None, None)


def test_semi_final_results_fill_the_final_and_the_third_place_match():
    play = knockout(knockout(through_groups(), "SF1", Score(2, 0)), "SF2", Score(1, 1, 3, 4))
    sides = knockout_sides(play)
    assert sides["F"] == ("A1", "A2")
    assert sides["3P"] == ("B4", "B2")


def test_a_league_has_no_knockout_sides():
    planned = plan(league(("X", "Y", "Z"), Options()), TIMES)
    play = Play((Group("A", ("X", "Y", "Z")),), tuple(Fixture(m) for m in planned.matches))
    assert knockout_sides(play) == {}
    assert champion(play) is None


def test_the_champion_is_the_winner_of_the_final_once_it_is_played():
    play = knockout(knockout(through_groups(), "SF1", Score(2, 0)), "SF2", Score(1, 1, 3, 4))
    assert champion(play) is None
    assert champion(knockout(play, "F", Score(0, 0, 4, 5))) == "A2"
    assert champion(finished_cup()) == "A1"


def test_final_places_with_a_third_place_match():
    play = finished_cup()
    places = {t: final_place(play, t) for t in play.teams}
    assert places["A1"] == "1"
    assert places["A2"] == "2"
    assert places["B2"] == "3"
    assert places["B4"] == "4"
    assert places["A3"] == "group:3"
    assert places["B1"] == "group:4"
    assert ranking(play) == ["A1", "A2", "B2", "B4"]


def test_without_a_third_place_match_the_semi_final_losers_go_out_in_the_semis():
    play = finished_cup(third_place=False)
    assert final_place(play, "B4") == "semi"
    assert final_place(play, "B2") == "semi"
    assert ranking(play) == ["A1", "A2"]


def test_a_team_still_in_the_knockout_has_no_final_place_yet():
    play = knockout(through_groups(), "SF1", Score(2, 0))
    assert final_place(play, "A1") is None  # into the final, not played yet
    # A semi-final loser reads "semi" until its third-place match is played (a captain
    # asking meanwhile is told of that match first: ask.answer_for).
    assert final_place(play, "B4") == "semi"
    assert final_place(play, "Nobody") is None
    assert ranking(play) == []


def test_group_of_names_the_team_s_group():
    play = start()
    assert group_of(play, "B3") == GROUPS[1]
    assert group_of(play, "Nobody") is None


def test_an_annulled_withdrawal_is_left_out_of_tables_and_results():
    play = dataclasses.replace(played(start(), GROUP_A), annulled=frozenset({"A4"}))
    assert play.table_groups[0].teams == ("A1", "A2", "A3")
    assert all("A4" not in (r.home, r.away) for r in group_results(play))
    assert [row.team for row in table(play, "A").rows] == ["A1", "A2", "A3"]
    assert tables(play)["A"] == table(play, "A")


def test_the_ranking_rules_are_the_values_the_play_carries():
    rule = preset("uefa")
    points = PointsRule(forfeit_deduction=True)
    play = start(tiebreak=rule, points=points, lots=(("A1", "A2"),))
    assert play.rules.tiebreak is rule
    assert play.rules.points is points
    assert play.rules.lots == (("A1", "A2"),)


def _playoff(no: int, home: str, away: str) -> PlannedMatch:
    return PlannedMatch(
        no, Stage.GROUP, None, None, "Saha 1", KICKOFF, KICKOFF, home, away, key=f"{PLAYOFF}1"
    )


def test_a_play_off_settles_its_tie_as_a_lot_and_counts_in_no_table():
    group = (Group("A", ("X", "Y", "Z")),)
    level = [("X", 1, 1, "Y"), ("Y", 1, 1, "Z"), ("Z", 1, 1, "X")]
    planned = plan(league(("X", "Y", "Z"), Options()), TIMES)
    play = played(Play(group, tuple(Fixture(m) for m in planned.matches)), level)
    assert table(play, "A").team_at(1) is None  # level after every criterion
    off = _playoff(99, "Y", "X")
    assert is_playoff(off) and not is_playoff(planned.matches[0])
    play = dataclasses.replace(play, matches=(*play.matches, Fixture(off, Score(0, 3))))
    assert group_finished(play, "A")
    assert playoff_order(play) == (("X", "Y"),)
    assert len(group_results(play)) == 3  # the play-off counts in no table
    assert play.rules.lots == (("X", "Y"),)


SCORES = strategies.tuples(
    strategies.integers(0, 3),
    strategies.integers(0, 3),
    strategies.integers(0, 5),
    strategies.integers(0, 5),
)


def _winning(score: tuple[int, int, int, int]) -> Score:
    """A knockout score with a winner: level goals go to penalties, level penalties to home."""
    hg, ag, hp, ap = score
    if hg != ag:
        return Score(hg, ag)
    return Score(hg, ag, hp + 1 if hp == ap else hp, ap)


@settings(max_examples=40, deadline=None)
@given(teams=strategies.integers(4, 8), scores=strategies.lists(SCORES, min_size=8, max_size=8))
def test_a_played_out_knockout_places_four_teams_once_each(teams, scores):
    names = tuple(f"T{n}" for n in range(teams))
    planned = plan(pure_knockout(names, Options(third_place=True)), TIMES)
    play = Play((Group("A", names),), tuple(Fixture(m) for m in planned.matches))
    for key, score in zip((m.key for m in planned.matches), scores, strict=False):
        play = knockout(play, key, _winning(score))  # plan order: every side known by then
    places = {t: final_place(play, t) for t in names}
    podium = sorted(p for p in places.values() if p in ("1", "2", "3", "4"))
    assert podium == ["1", "2", "3", "4"]
    assert ranking(play)[0] == champion(play)
    assert [places[t] for t in ranking(play)] == ["1", "2", "3", "4"]
    knocked_out = {p for p in places.values() if p not in podium}
    assert knocked_out <= {Stage.QUARTER.value, Stage.ROUND_OF_16.value}


@settings(max_examples=40, deadline=None)
@given(
    scores=strategies.lists(
        strategies.tuples(strategies.integers(0, 4), strategies.integers(0, 4)),
        min_size=12,
        max_size=12,
    )
)
def test_a_group_finishes_with_its_last_result_and_its_table_is_the_one_of_all_tables(scores):
    play = start()
    group_matches = [f.match for f in play.matches if not f.match.stage.is_knockout]
    for n, (m, (hg, ag)) in enumerate(zip(group_matches, scores, strict=True)):
        play = scored(play, m.home, hg, ag, m.away)
        done = {g.label for g in GROUPS if group_finished(play, g.label)}
        left = {g: sum(1 for x in group_matches[n + 1 :] if x.group == g) for g in "AB"}
        assert done == {g for g, count in left.items() if count == 0}
    every = tables(play)
    assert all(every[g.label] == table(play, g.label) for g in GROUPS)
    assert {t for row in every.values() for t in (r.team for r in row.rows)} == set(play.teams)
