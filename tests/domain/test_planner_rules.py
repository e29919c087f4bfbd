"""Hard rules an organiser sets (opening hours, team times, rests) and the refusals."""

from datetime import UTC, datetime, timedelta
from itertools import pairwise
from zoneinfo import ZoneInfo

import pytest

from domain.dayplan import Infeasible, NoPitch, Pitch, TeamWindow, TimeRules
from domain.formats import Options, groups_then_knockout, league, pure_knockout
from domain.model import Group, Stage
from domain.planner import plan

IST = ZoneInfo("Europe/Istanbul")
TEAMS = ["Kartallar", "Şahinler", "Aslanlar", "Kaplanlar", "Kurtlar"]


def at(h, m=0):
    return datetime(2026, 12, 6, h, m, tzinfo=IST)


def rules(**kw):
    base = {"start": at(10), "pitches": (Pitch("Saha 1"),)}
    return TimeRules(**(base | kw))


def test_a_team_that_cannot_come_before_eleven_never_kicks_off_earlier():
    result = plan(
        league(TEAMS, Options()),
        rules(team_windows={"Kartallar": TeamWindow(not_before=at(11))}),
    )
    assert all(m.start >= at(11) for m in result.matches if m.involves("Kartallar"))
    assert result.group_slots == 10


def test_a_team_that_must_leave_at_one_finishes_its_matches_by_then():
    result = plan(
        league(TEAMS, Options()),
        rules(team_windows={"Şahinler": TeamWindow(not_after=at(13))}),
    )
    assert all(m.end <= at(13) for m in result.matches if m.involves("Şahinler"))


def test_an_impossible_team_window_names_the_team_and_the_missing_minutes():
    with pytest.raises(Infeasible) as refused:
        plan(league(TEAMS, Options()), rules(team_windows={"Kartallar": TeamWindow(None, at(11))}))
    assert refused.value.rule == "team_window"
    assert refused.value.subject == "Kartallar"
    # four matches need 3 x 30 + 26 = 116 minutes; 10:00-11:00 gives 60
    assert refused.value.shortfall == 56


def test_a_pitch_that_closes_too_early_is_refused_with_the_shortfall():
    with pytest.raises(Infeasible) as refused:
        plan(league(TEAMS, Options()), rules(pitches=(Pitch("Saha 1", closes=at(13)),)))
    assert refused.value.rule == "pitch_window"
    assert refused.value.shortfall == 116  # the tenth match would end 14:56


def test_a_second_pitch_opening_at_noon_is_used_only_from_noon():
    pitches = (Pitch("Saha 1"), Pitch("Saha 2", opens=at(12)))
    result = plan(league([f"T{i}" for i in range(8)], Options()), rules(pitches=pitches))
    assert all(m.start >= at(12) for m in result.matches if m.pitch == "Saha 2")
    assert any(m.pitch == "Saha 2" for m in result.matches)


def test_a_group_rest_of_thirty_minutes_forbids_back_to_backs():
    result = plan(league(TEAMS[:4], Options()), rules(group_rest=30))
    assert result.back_to_backs == 0
    for team in TEAMS[:4]:
        mine = [m for m in result.matches if m.involves(team)]
        assert all(b.start - a.end >= timedelta(minutes=30) for a, b in pairwise(mine))


def test_knockout_rest_is_respected_when_raised_to_forty_minutes():
    groups = (Group("A", ("A1", "A2", "A3", "A4")), Group("B", ("B1", "B2", "B3", "B4")))
    draft = groups_then_knockout(groups, Options(knockout="semi", third_place=True))
    result = plan(draft, rules(pitches=(Pitch("1"), Pitch("2")), knockout_rest=40))
    by_no = {m.no: m for m in result.matches}
    for m in result.matches:
        for code in (m.home_from, m.away_from):
            if code and code[0] in "WL":
                assert m.start - by_no[int(code[1:])].end >= timedelta(minutes=40)


def test_the_final_may_share_the_last_slot_when_the_organiser_allows_it():
    groups = (Group("A", ("A1", "A2", "A3", "A4")), Group("B", ("B1", "B2", "B3", "B4")))
    draft = groups_then_knockout(groups, Options(knockout="semi", third_place=True))
    two = (Pitch("1"), Pitch("2"))
    alone = plan(draft, rules(pitches=two))
    shared = plan(draft, rules(pitches=two, final_alone=False))
    final = next(m for m in shared.matches if m.stage is Stage.FINAL)
    third = next(m for m in shared.matches if m.stage is Stage.THIRD)
    assert final.start == third.start
    assert shared.day_end < alone.day_end


def test_a_pure_knockout_gives_the_top_seeds_their_byes():
    result = plan(pure_knockout(["S1", "S2", "S3", "S4", "S5", "S6"], Options()), rules())
    first_round = [m for m in result.matches if m.stage is Stage.QUARTER]
    assert len(first_round) == 2
    assert not any(m.involves("S1") or m.involves("S2") for m in first_round)


def test_no_pitch_is_refused():
    with pytest.raises(NoPitch):
        plan(league(TEAMS, Options()), rules(pitches=()))


def test_times_stay_right_across_a_daylight_saving_change():
    berlin = ZoneInfo("Europe/Berlin")
    start = datetime(2026, 3, 29, 1, 0, tzinfo=berlin)  # clocks jump 02:00 -> 03:00
    result = plan(league(TEAMS[:4], Options()), rules(start=start))
    second = result.matches[2]
    elapsed = second.start.astimezone(UTC) - result.matches[0].start.astimezone(UTC)
    assert elapsed == timedelta(minutes=60)
    assert second.start.hour == 3


@pytest.mark.parametrize("teams", [6, 7, 8])
@pytest.mark.parametrize("opens", [11, 12, 13])
def test_every_match_is_planned_once_when_a_pitch_opens_late(teams, opens):
    # The local search must not put two matches into a slot with one pitch open.
    pitches = (Pitch("Saha 1"), Pitch("Saha 2", opens=at(opens)))
    names = [f"T{i}" for i in range(teams)]
    result = plan(league(names, Options()), rules(pitches=pitches))
    assert len(result.matches) == teams * (teams - 1) // 2
    assert len({frozenset((m.home, m.away)) for m in result.matches}) == len(result.matches)
    for pitch in ("Saha 1", "Saha 2"):
        games = sorted((m for m in result.matches if m.pitch == pitch), key=lambda m: m.start)
        assert all(a.end <= b.start for a, b in pairwise(games))
    assert all(m.start >= at(opens) for m in result.matches if m.pitch == "Saha 2")
