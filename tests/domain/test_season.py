"""Season leagues over match weeks: the article's figures, the calendar, the window."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from itertools import pairwise
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies

from domain.matchdays import (
    BadRhythm,
    Calendar,
    SkipOffRhythm,
    TooFewDates,
    months,
    season_days,
)
from domain.season import (
    BadSeason,
    PitchHours,
    RoundDoesNotFit,
    SeasonRules,
    league_rounds,
    season,
)

IST = ZoneInfo("Europe/Istanbul")
SUNDAY = date(2027, 1, 10)
MIN = timedelta(minutes=1)


def names(n: int) -> list[str]:
    return [f"T{i}" for i in range(1, n + 1)]


def sunday_rules(
    every: int = 14, pitches: int = 1, spare: int = 30, skip: tuple[date, ...] = (), **kw
) -> SeasonRules:
    """The article's Sunday: 14:00-17:00, 30 net minutes a match, 5 minutes between."""
    return SeasonRules(
        calendar=Calendar.every(SUNDAY, every, skip),
        pitches=tuple(PitchHours(f"Saha {i}", time(14), time(17)) for i in range(1, pitches + 1)),
        zone=IST,
        match_minutes=30,
        half_time=0,
        changeover=5,
        spare=spare,
        **kw,
    )


def test_eight_teams_every_other_sunday_make_seven_match_weeks_of_four_in_about_three_months():
    plan = season(names(8), sunday_rules())
    assert plan.weeks == 7
    assert [d.date for d in plan.days] == [SUNDAY + timedelta(days=14 * i) for i in range(7)]
    assert all(d.date.weekday() == 6 for d in plan.days)  # Sundays
    for d in plan.days:
        assert len(d.matches) == 4
        starts = [m.start for m in d.matches]
        assert starts[0] == datetime.combine(d.date, time(14), IST)  # packed from the start
        assert [b - a for a, b in pairwise(starts)] == [35 * MIN] * 3
        assert all(m.end - m.start == 30 * MIN for m in d.matches)
        # The 30 spare minutes stay free at the end of the window.
        assert d.last_end <= datetime.combine(d.date, time(16, 30), IST)
        assert d.spare_minutes is not None and d.spare_minutes >= 30
        teams = [t for m in d.matches for t in (m.home, m.away)]
        assert sorted(teams) == sorted(names(8))  # everyone plays each match week once
    per_team = Counter(t for m in plan.matches for t in (m.home, m.away))
    assert set(per_team.values()) == {7}
    assert months(season_days(plan.weeks, 14)) == 3


@pytest.mark.parametrize(
    ("teams", "weeks", "per_week", "byes", "weekly", "fortnightly"),
    [
        pytest.param(9, 9, 4, 1, None, None, id="9-teams"),
        pytest.param(10, 9, 5, 0, 2, 4, id="10-teams"),
        pytest.param(12, 11, 6, 0, 2.5, 5, id="12-teams"),
    ],
)
def test_the_articles_season_shapes(teams, weeks, per_week, byes, weekly, fortnightly):
    plan = season(names(teams), sunday_rules(every=7, pitches=2))
    assert plan.weeks == weeks
    assert {len(d.matches) for d in plan.days} == {per_week}
    assert {len(d.byes) for d in plan.days} == {byes}
    if byes:
        assert sorted(b for d in plan.days for b in d.byes) == sorted(names(teams))
    if weekly is not None:
        assert months(season_days(weeks, 7)) == weekly
        assert months(season_days(weeks, 14)) == fortnightly
    if teams == 10:
        assert season_days(weeks, 7) > 60  # "a little over two months"


def test_eighteen_teams_double_play_306_matches_in_34_match_weeks_of_nine():
    plan = season(names(18), sunday_rules(every=7, pitches=3), double=True)
    assert plan.weeks == 34
    assert len(plan.matches) == 306
    assert {len(d.matches) for d in plan.days} == {9}


def test_a_clubs_four_teams_double_play_twelve_matches_in_six_weeks_once_home_once_away():
    plan = season(names(4), sunday_rules(every=7), double=True)
    assert plan.weeks == 6
    assert len(plan.matches) == 12
    oriented = Counter((m.home, m.away) for m in plan.matches)
    assert len(oriented) == 12 and set(oriented.values()) == {1}
    first = {(m.home, m.away) for m in plan.matches if m.week <= 3}
    second = {(m.away, m.home) for m in plan.matches if m.week > 3}
    assert first == second  # the second half mirrors the first


def test_a_skipped_sunday_moves_the_rest_of_the_season_on_by_one_step():
    skip = (date(2027, 2, 7), date(2027, 3, 21))
    plan = season(names(8), sunday_rules(skip=skip))
    dates = [d.date for d in plan.days]
    assert not set(dates) & set(skip)
    assert len(dates) == 7
    assert dates[-1] == SUNDAY + timedelta(days=14 * 8)  # two steps later than without skips
    assert [d.week for d in plan.days] == list(range(1, 8))


def test_a_round_that_does_not_fit_the_window_says_by_how_much():
    with pytest.raises(RoundDoesNotFit) as refused:
        season(names(12), sunday_rules())
    # 6 matches on one pitch: 5 x 35 + 30 = 205 minutes, plus 30 spare, in 180 minutes.
    assert (refused.value.week, refused.value.matches, refused.value.pitches) == (1, 6, 1)
    assert refused.value.shortfall == 55
    assert refused.value.closes == time(17)


def test_two_rounds_per_match_day_halve_the_weeks_and_nobody_plays_twice_at_once():
    rules = SeasonRules(
        calendar=Calendar.every(SUNDAY, 7),
        pitches=(
            PitchHours("Saha 1", time(10), time(17)),
            PitchHours("Saha 2", time(10), time(17)),
        ),
        zone=IST,
        rounds_per_day=2,
    )
    plan = season(names(8), rules)
    assert plan.weeks == 4
    assert [d.rounds for d in plan.days] == [(1, 2), (3, 4), (5, 6), (7,)]
    for d in plan.days:
        for a in d.matches:
            for b in d.matches:
                if a is not b and a.start < b.end and b.start < a.end:
                    assert not {a.home, a.away} & {b.home, b.away}


def test_a_round_over_two_match_days_fits_a_short_window():
    plan = season(names(12), sunday_rules(days_per_round=2))
    assert plan.weeks == 22
    assert {len(d.matches) for d in plan.days} == {3}
    assert [d.rounds for d in plan.days[:4]] == [(1,), (1,), (2,), (2,)]


def test_listed_dates_are_the_match_days_and_too_few_of_them_are_refused():
    dates = [SUNDAY + timedelta(days=7 * i) for i in range(7)]
    plan = season(names(8), replace(sunday_rules(), calendar=Calendar.listed(reversed(dates))))
    assert [d.date for d in plan.days] == dates
    with pytest.raises(TooFewDates) as refused:
        Calendar.listed(dates[:5]).days(7)
    assert (refused.value.needed, refused.value.given) == (7, 5)


def test_calendar_refusals():
    with pytest.raises(SkipOffRhythm):
        Calendar.every(SUNDAY, 14, [date(2027, 2, 8)]).days(3)
    with pytest.raises(BadRhythm):
        Calendar(every_days=0, first=SUNDAY).days(3)
    with pytest.raises(BadSeason):
        season(names(4), sunday_rules(rounds_per_day=0))


def test_match_numbers_run_on_over_the_season_and_carry_their_week():
    plan = season(names(6), sunday_rules(every=7))
    assert [m.no for m in plan.matches] == list(range(1, 16))
    assert [m.week for m in plan.matches] == [w for w in range(1, 6) for _ in range(3)]
    assert [m.round for m in plan.matches] == [w for w in range(1, 6) for _ in range(3)]


def test_a_sunday_across_the_clock_change_keeps_its_wall_clock_window():
    berlin = ZoneInfo("Europe/Berlin")
    rules = SeasonRules(
        calendar=Calendar.every(date(2027, 3, 21), 7),
        pitches=(PitchHours("Saha 1", time(14), time(17)),),
        zone=berlin,
    )
    plan = season(names(4), rules)
    assert [m.start.strftime("%H:%M") for m in plan.matches[::2]] == ["14:00"] * 3


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12, 18])
def test_a_double_league_is_balanced_by_default_with_3n_minus_6_breaks(n):
    assert sum(
        season(names(n), sunday_rules(every=7, pitches=3), double=True).breaks().values()
    ) == (3 * n - 6)


# --- properties ---------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(strategies.integers(2, 14), strategies.booleans(), strategies.integers(1, 3))
def test_every_team_plays_each_match_week_at_most_once_and_rests_once_when_odd(n, double, pitches):
    rules = SeasonRules(
        calendar=Calendar.every(SUNDAY, 7),
        pitches=tuple(PitchHours(f"S{i}", time(9), time(23)) for i in range(pitches)),
        zone=IST,
    )
    plan = season(names(n), rules, double=double)
    legs = 2 if double else 1
    assert plan.weeks == legs * (n - 1 + n % 2)
    for d in plan.days:
        teams = [t for m in d.matches for t in (m.home, m.away)]
        assert len(teams) == len(set(teams))
        assert set(teams) | set(d.byes) == set(names(n))
    byes = Counter(b for d in plan.days for b in d.byes)
    assert byes == (Counter({t: legs for t in names(n)}) if n % 2 else Counter())
    pairs = Counter(frozenset((m.home, m.away)) for m in plan.matches)
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {legs}
    if double:
        half = plan.weeks // 2
        first = [(m.home, m.away) for m in plan.matches if m.week <= half]
        second = [(m.away, m.home) for m in plan.matches if m.week > half]
        assert first == second


@settings(max_examples=30, deadline=None)
@given(strategies.integers(2, 12), strategies.integers(1, 3))
def test_league_rounds_match_the_plan_round_for_round(n, k):
    rounds = league_rounds(names(n))
    rules = SeasonRules(
        calendar=Calendar.every(SUNDAY, 7),
        pitches=(PitchHours("S", time(8), time(23, 59)),),
        zone=IST,
        rounds_per_day=k,
    )
    plan = season(names(n), rules)
    assert plan.weeks == -(-len(rounds) // k)
    got = sorted((m.round, m.home, m.away) for m in plan.matches)
    assert got == sorted((r.number, p.home, p.away) for r in rounds for p in r.pairings)
