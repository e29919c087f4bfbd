"""domain.weekmoves: a match week moves with every later week one step on, or alone to a day."""

from __future__ import annotations

import dataclasses
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from domain.matchdays import Calendar
from domain.model import PlannedMatch, Stage
from domain.weekmoves import (
    WeekError,
    changes,
    match_days,
    move_week_to,
    moved_weeks,
    next_free_day,
    off_their_week,
    postpone_week,
)

IST = ZoneInfo("Europe/Istanbul")
FIRST = date(2027, 1, 10)  # a Sunday; the season every other Sunday


def league(weeks: int = 4, every: int = 14) -> list[PlannedMatch]:
    """Two matches a week, 14:00 and 14:35 on one pitch, teams A-D."""
    plan, no = [], 1
    for w in range(1, weeks + 1):
        day = FIRST + timedelta(days=every * (w - 1))
        for i, (home, away) in enumerate((("A", "B"), ("C", "D"))):
            start = datetime(day.year, day.month, day.day, 14, 35 * i, tzinfo=IST)
            plan.append(
                PlannedMatch(no, Stage.LEAGUE, None, w, "Saha 1", start,
                             start + timedelta(minutes=30), home, away, week=w)
            )  # fmt: skip
            no += 1
    return plan


def test_a_week_takes_the_next_weeks_day_and_the_last_week_the_next_free_day():
    plan = league()
    after = postpone_week(plan, played=set(), week=2, every_days=14)

    days = match_days(after)
    assert days[1] == FIRST
    assert days[2] == FIRST + timedelta(days=28)  # week 3's old day
    assert days[3] == FIRST + timedelta(days=42)
    assert days[4] == FIRST + timedelta(days=56)  # after the old last day, the rhythm on
    moved = [m for m in after if m.week == 2]
    assert [m.start.hour for m in moved] == [14, 14] and moved[1].start.minute == 35
    assert all(m.end - m.start == timedelta(minutes=30) for m in after)
    assert len(changes(plan, after)) == 6


def test_played_matches_of_the_week_stay_and_a_holiday_is_stepped_over():
    plan = league()
    after = postpone_week(plan, played={3}, week=2, skip={FIRST + timedelta(days=56)})
    by_no = {m.no: m for m in after}
    assert by_no[3].start.date() == FIRST + timedelta(days=14)  # played: stays
    assert by_no[4].start.date() == FIRST + timedelta(days=28)
    assert by_no[8].start.date() == FIRST + timedelta(days=70)  # 56 is a holiday


def test_without_a_rhythm_the_gap_between_the_last_two_days_is_the_step():
    assert next_free_day([FIRST, FIRST + timedelta(days=7)]) == FIRST + timedelta(days=14)
    assert next_free_day([FIRST]) == FIRST + timedelta(days=7)


def test_a_week_moves_alone_to_a_given_day():
    plan = league()
    day = FIRST + timedelta(days=21)  # a free Sunday between weeks 2 and 3
    after = move_week_to(plan, set(), 2, day, today=FIRST)
    days = match_days(after)
    assert days[2] == day and days[3] == FIRST + timedelta(days=28)
    assert len(changes(plan, after)) == 2


def test_a_given_day_that_is_another_weeks_day_clashes():
    plan = league()
    with pytest.raises(WeekError) as refused:
        move_week_to(plan, set(), 2, FIRST + timedelta(days=28))
    assert refused.value.reason == "clash" and refused.value.other is not None


@pytest.mark.parametrize(
    ("week", "played", "reason"), [(9, set(), "no_week"), (1, {1, 2}, "nothing_open")]
)
def test_a_week_that_is_not_there_or_all_played_is_refused(week, played, reason):
    with pytest.raises(WeekError) as refused:
        postpone_week(league(), played, week)
    assert refused.value.reason == reason


def test_a_day_in_the_past_is_refused():
    with pytest.raises(WeekError) as refused:
        move_week_to(league(), set(), 2, FIRST, today=FIRST + timedelta(days=1))
    assert refused.value.reason == "past"


def test_no_week_is_moved_while_each_is_on_its_rhythms_day():
    rhythm = Calendar.every(FIRST, 14, [FIRST + timedelta(days=28)])  # a holiday skipped
    plan = postpone_week(league(), set(), 3, every_days=14)  # the plan as set up, skip made
    assert moved_weeks(league(), Calendar.every(FIRST, 14), IST) == []
    assert [m.week for m in moved_weeks(plan, rhythm, IST)] == []


def test_a_postponed_week_and_those_after_it_are_moved_off_their_days():
    plan = postpone_week(league(), set(), 2, every_days=14)
    moved = moved_weeks(plan, Calendar.every(FIRST, 14), IST)
    assert [(m.week, m.planned, m.day) for m in moved] == [
        (2, date(2027, 1, 24), date(2027, 2, 7)),
        (3, date(2027, 2, 7), date(2027, 2, 21)),
        (4, date(2027, 2, 21), date(2027, 3, 7)),
    ]


def test_a_match_moved_alone_does_not_move_its_week():
    plan = league()
    alone = plan[2]  # week 2's first match, a day later
    plan[2] = dataclasses.replace(
        alone, start=alone.start + timedelta(days=1), end=alone.end + timedelta(days=1)
    )
    plan.append(dataclasses.replace(plan[3], no=99))  # its week keeps most of its matches
    assert moved_weeks(plan, Calendar.every(FIRST, 14), IST) == []
    assert [m.no for m in off_their_week(plan, IST)] == [3]
