"""The reference article's two days, figure for figure, and its single-pitch timings."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from domain.dayplan import Pitch, TimeRules
from domain.formats import Options, groups_then_knockout, league
from domain.model import Group, Stage
from domain.planner import plan
from domain.report import checklist, team_lines

IST = ZoneInfo("Europe/Istanbul")


def at(h, m=0):
    return datetime(2026, 12, 6, h, m, tzinfo=IST)


def pitches(n):
    return tuple(Pitch(f"Saha {i}") for i in range(1, n + 1))


@pytest.fixture(scope="module")
def evening():
    rules = TimeRules(start=at(20), pitches=pitches(1))
    return plan(league(list("ABCD"), Options()), rules)


@pytest.fixture(scope="module")
def day():
    groups = (Group("A", ("A1", "A2", "A3", "A4")), Group("B", ("B1", "B2", "B3", "B4")))
    draft = groups_then_knockout(groups, Options(knockout="semi", third_place=True))
    return plan(draft, TimeRules(start=at(10), pitches=pitches(2)))


def test_evening_plays_six_matches_and_ends_at_22_56(evening):
    assert len(evening.matches) == 6
    assert evening.matches[-1].start == at(22, 30)
    assert evening.matches[-1].end == at(22, 56)


def test_evening_has_exactly_the_two_unavoidable_back_to_backs(evening):
    assert evening.back_to_backs == 2
    assert sum(t.back_to_backs for t in team_lines(evening)) == 2


def test_evening_gives_each_team_three_matches(evening):
    assert {t.team: t.matches for t in team_lines(evening)} == dict.fromkeys("ABCD", 3)


def test_day_group_stage_runs_10_00_to_12_56_on_two_pitches(day):
    group = [m for m in day.matches if m.stage is Stage.GROUP]
    assert len(group) == 12
    assert min(m.start for m in group) == at(10)
    assert max(m.end for m in group) == at(12, 56)
    assert day.group_slots == day.group_slot_bound == 6


def test_day_alternates_groups_so_group_a_comes_at_10_and_group_b_at_10_30(day):
    starts = {g: sorted({m.start for m in day.matches if m.group == g}) for g in "AB"}
    assert starts["A"] == [at(10), at(11), at(12)]
    assert starts["B"] == [at(10, 30), at(11, 30), at(12, 30)]


def test_day_every_team_rests_34_minutes_between_group_matches(day):
    for line in team_lines(day):
        assert line.smallest_rest == 34, line


def test_day_cross_semi_finals_are_parallel_at_13_30(day):
    semis = [m for m in day.matches if m.stage is Stage.SEMI]
    assert [(m.home_from, m.away_from) for m in semis] == [("1A", "2B"), ("1B", "2A")]
    assert {m.start for m in semis} == {at(13, 30)}
    assert {m.pitch for m in semis} == {"Saha 1", "Saha 2"}


def test_day_final_is_alone_last_and_ends_by_the_articles_15_11(day):
    final = day.matches[-1]
    assert final.stage is Stage.FINAL
    assert (final.home_from, final.away_from) == ("W13", "W14")
    assert all(m.end <= final.start for m in day.matches[:-1])
    assert final.end <= at(15, 11)


def test_day_knockout_rests_are_at_least_15_minutes(day):
    by_no = {m.no: m for m in day.matches}
    for m in day.matches:
        for code in (m.home_from, m.away_from):
            if code and code[0] in "WL":
                assert m.start - by_no[int(code[1:])].end >= timedelta(minutes=15)


def test_day_checklist_matches_the_articles_figures(day):
    c = checklist(day)
    assert c.matches == 16
    assert c.pairs_once and not c.overlaps
    assert (c.fewest_play_minutes, c.most_play_minutes) == (72, 120)
    assert c.player_minutes(7) == (504, 840)
    low, high = c.player_minutes(7)
    assert (low / 10, high / 10) == (50.4, 84) and (low / 12, high / 12) == (42, 70)


def test_day_leaves_pitch_two_free_after_14_00(day):
    assert max(m.end for m in day.matches if m.pitch == "Saha 2") <= at(14)


@pytest.mark.parametrize(
    ("teams", "matches", "minutes"),
    [
        (5, 10, 120),
        (6, 15, 180),
        (7, 21, 252),
        (8, 28, 336),
        (9, 36, 432),
        (10, 45, 540),
        (12, 66, 792),
    ],
)
def test_single_pitch_gross_time_at_12_minutes_a_match(teams, matches, minutes):
    rules = TimeRules(start=at(10), pitches=pitches(1), match_minutes=10, half_time=0, changeover=2)
    result = plan(league([f"T{i}" for i in range(teams)], Options()), rules)
    assert len(result.matches) == matches
    assert result.group_slots * rules.slot == minutes
    assert result.back_to_backs == 0


@pytest.mark.parametrize("teams", [6, 8, 10, 12])
def test_two_pitches_take_about_half_the_time(teams):
    def slots(p):
        rules = TimeRules(start=at(10), pitches=pitches(p), match_minutes=10, changeover=2)
        return plan(league([f"T{i}" for i in range(teams)], Options()), rules).group_slots

    assert slots(2) == -(-slots(1) // 2)
