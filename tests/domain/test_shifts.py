"""Late kick-offs: /gecikme shifts the day, /ertele moves one match (issue 5, "Delays").

The properties check every result against `violations`, written here independently of the
module: a delay may keep a broken rule the plan already had, never add one.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies
from planshapes import START, Shape, plan_of

from domain.model import PlannedMatch, Stage
from domain.shifts import (
    CannotMove,
    Spacing,
    day_window,
    delay,
    earliest,
    hours_window,
    move,
    moved,
)

IST = ZoneInfo("Europe/Istanbul")
MIN = timedelta(minutes=1)
SEC = timedelta(seconds=1)


def at(h: int, m: int = 0) -> datetime:
    return datetime(2026, 12, 6, h, m, tzinfo=IST)


def match(no: int, start: datetime, home: str | None, away: str | None, **kw) -> PlannedMatch:
    fields = {"stage": Stage.GROUP, "group": "A", "round": 1, "pitch": "Saha 1"} | kw
    return PlannedMatch(no=no, start=start, end=start + 26 * MIN, home=home, away=away, **fields)


def ko(no: int, start: datetime, home_from: str, away_from: str, **kw) -> PlannedMatch:
    fields = {"stage": Stage.SEMI, "group": None, "round": None} | kw
    return match(no, start, None, None, home_from=home_from, away_from=away_from, **fields)


# Two pitches, 32-minute slots (26 + 6 changeover). Kartallar plays on both pitches.
DAY = (
    match(1, at(10), "Kartallar", "Şahinler"),
    match(2, at(10), "Aslanlar", "Kaplanlar", pitch="Saha 2"),
    match(3, at(10, 32), "Yıldızlar", "Gençlik"),
    match(4, at(10, 32), "Kartallar", "Aslanlar", pitch="Saha 2"),
    match(5, at(11, 4), "Şahinler", "Kaplanlar"),
    match(6, at(11, 4), "Yıldızlar", "Kurtlar", pitch="Saha 2"),
    ko(7, at(12), "1A", "2A"),
    ko(8, at(12, 45), "W7", "L7", stage=Stage.FINAL, pitch="Saha 2"),
)
NOW = at(9)


def starts(plan: tuple[PlannedMatch, ...]) -> dict[int, datetime]:
    return {m.no: m.start for m in plan}


def test_a_delay_on_one_pitch_moves_its_later_matches_and_what_they_force():
    after = delay(DAY, set(), 15, now=at(10, 20), pitch="Saha 1")
    # 1 has kicked off; 3, 5 and the semi-final 7 move with the pitch; Yıldızlar's 6 on
    # Saha 2 would start before 3 ends; the final must start 15 minutes after 7 ends
    assert starts(after) == starts(DAY) | {
        3: at(10, 47),
        5: at(11, 19),
        6: at(11, 19),
        7: at(12, 15),
        8: at(13),
    }
    assert after[0] is DAY[0] and after[1] is DAY[1] and after[3] is DAY[3]
    assert all(m.end - m.start == 26 * MIN for m in after)


def test_a_team_playing_on_the_other_pitch_is_waited_for():
    after = delay(DAY, set(), 10, now=NOW, pitch="Saha 1")
    # 1 ends 10:36 now, Kartallar's 10:32 on Saha 2 must follow; Saha 2 then runs late too
    assert starts(after)[4] == at(10, 42)
    assert starts(after)[6] == at(11, 14)
    assert starts(after)[2] == at(10)  # before the delayed match: untouched
    assert starts(after)[8] == at(12, 55)  # 15 minutes after the semi-final, now 12:36


def test_a_delay_of_everything_moves_only_what_has_not_kicked_off_or_been_played():
    after = delay(DAY, {3}, 20, now=at(10, 5))
    assert starts(after) == {
        1: at(10),
        2: at(10),
        3: at(10, 32),
        4: at(10, 52),
        5: at(11, 24),
        6: at(11, 24),
        7: at(12, 20),
        8: at(13, 5),
    }
    assert [(old.no, new.start) for old, new in moved(DAY, after)] == [
        (4, at(10, 52)),
        (5, at(11, 24)),
        (6, at(11, 24)),
        (7, at(12, 20)),
        (8, at(13, 5)),
    ]


def test_a_gap_wide_enough_absorbs_the_delay():
    after = delay(DAY, set(), 5, now=at(11), pitch="Saha 2")
    # 6 now ends 11:35 and the semi-final at 12:00 still has its 15 minutes
    assert starts(after) == starts(DAY) | {6: at(11, 9), 8: at(12, 50)}


@pytest.mark.parametrize("minutes", [0, -5, 241, 1000])
def test_a_delay_must_be_between_one_minute_and_four_hours(minutes):
    with pytest.raises(CannotMove) as refused:
        delay(DAY, set(), minutes, now=NOW)
    assert refused.value.reason == "bad_minutes"
    assert refused.value.minutes == minutes


def test_a_delay_keeps_real_minutes_across_a_dst_change():
    berlin = ZoneInfo("Europe/Berlin")
    first = datetime(2026, 10, 25, 2, 40, tzinfo=berlin)  # CEST; 03:00 CEST is 02:00 CET
    plan = (match(1, first, "Kartallar", "Şahinler"),)
    (after,) = delay(plan, set(), 30, now=first - timedelta(hours=1))
    assert after.start.astimezone(UTC) - first.astimezone(UTC) == 30 * MIN
    assert after.end.astimezone(UTC) - plan[0].end.astimezone(UTC) == 30 * MIN


def test_moving_a_match_to_a_free_time_keeps_its_length():
    after = move(DAY, set(), 2, at(9, 30), now=NOW)  # earlier is fine too
    assert starts(after) == starts(DAY) | {2: at(9, 30)}
    assert after[1].end == at(9, 56)
    assert [m.no for m in after] == [m.no for m in DAY]


@pytest.mark.parametrize(
    ("no", "start", "played", "now", "reason", "other", "minutes"),
    [
        (42, at(13), set(), NOW, "not_found", None, None),
        (3, at(13), {3}, NOW, "played", None, None),
        (3, at(13), set(), at(10, 40), "started", None, None),
        (5, at(8), set(), NOW, "past", None, None),
        # Saha 1 is busy with 3 until 10:58 + 6 changeover
        (5, at(10, 40), set(), NOW, "overlap", 3, 24),
        # ... and 5 kicks off at 11:04; (a clash with Yıldızlar's 6 counts after the pitch)
        (3, at(10, 50), set(), NOW, "overlap", 5, 18),
        # 4 on a free Saha 3 at 10:20: Kartallar and Aslanlar both end at 10:26 (1 and 2)
        (4, at(10, 20), set(), NOW, "rest", 1, 6),
        # the semi-final before group A ends (5 and 6 end 11:30; +15 rest = 11:45)
        (7, at(11, 40), set(), NOW, "order", 5, 5),
        # the final before the semi it is fed by
        (8, at(12, 20), set(), NOW, "order", 7, 21),
        # a group match after the semi-final it feeds
        (6, at(11, 45), set(), NOW, "order", 7, 26),
    ],
)
def test_a_move_that_breaks_a_rule_is_refused_with_the_reason(
    no, start, played, now, reason, other, minutes
):
    plan = DAY if no != 4 else (*DAY[:3], replace(DAY[3], pitch="Saha 3"), *DAY[4:])
    with pytest.raises(CannotMove) as refused:
        move(plan, played, no, start, now=now)
    assert (refused.value.reason, refused.value.match_no) == (reason, no)
    assert (refused.value.other, refused.value.minutes) == (other, minutes)


def test_a_played_match_holds_neither_its_pitch_nor_its_teams():
    after = move(DAY, {5, 6}, 7, at(11, 15), now=NOW)  # a forfeit recorded in advance
    assert starts(after) == starts(DAY) | {7: at(11, 15)}


def test_the_rests_come_from_the_spacing():
    spacing = Spacing(changeover=6, group_rest=45, knockout_rest=15)
    with pytest.raises(CannotMove) as refused:
        move(DAY, set(), 5, at(11, 6), now=NOW, spacing=spacing)
    # Şahinler (and Kaplanlar) end at 10:26; 45 minutes of rest is 11:11
    assert (refused.value.reason, refused.value.other, refused.value.minutes) == ("rest", 1, 5)


def test_the_earliest_kick_off_that_fits_is_on_the_next_mark_after_the_clash():
    # 5 at 10:40 overlaps 3 (Saha 1 busy until 11:04 with the changeover)
    assert earliest(DAY, set(), 5, at(10, 40), now=NOW) == at(11, 5)
    assert earliest(DAY, set(), 5, at(10, 41), now=NOW, step=15) == at(11, 15)
    # minute by minute it is 11:04, where 5 already is: moving there changes nothing
    assert earliest(DAY, set(), 5, at(10, 40), now=NOW, step=1) == at(11, 4)
    # the semi-final waits for group A (5 and 6 end 11:30, +15) and Saha 1 is free
    assert earliest(DAY, set(), 7, at(11, 40), now=NOW) == at(11, 45)
    # 4 on a free Saha 3: Kartallar and Aslanlar end 10:26 (1 and 2), no rest needed
    on_saha_3 = (*DAY[:3], replace(DAY[3], pitch="Saha 3"), *DAY[4:])
    assert earliest(on_saha_3, set(), 4, at(10, 20), now=NOW) == at(10, 30)


def test_the_marks_are_on_the_start_clock_and_the_answer_in_its_timezone():
    found = earliest(DAY, set(), 5, at(10, 40).astimezone(UTC), now=NOW)
    assert found == at(11, 5) and found.tzinfo is UTC
    # 7-minute marks from midnight: 08:59 is the 77th, 09:06 the 78th
    assert earliest(DAY, set(), 2, at(8, 59), now=at(8), step=7) == at(8, 59)
    assert earliest(DAY, set(), 2, at(9), now=at(8), step=7) == at(9, 6)
    kolkata = ZoneInfo("Asia/Kolkata")  # UTC+5:30: its hours are half past in Istanbul
    found = earliest(DAY, set(), 2, at(8).astimezone(kolkata), now=at(7), step=60)
    assert found == at(8, 30) and found.tzinfo is kolkata


def test_kick_offs_not_after_now_are_skipped():
    assert earliest(DAY, set(), 2, at(8), now=at(9)) == at(9, 5)
    assert earliest(DAY, set(), 2, at(8), now=at(9, 1)) == at(9, 5)


def test_none_fits_that_day_or_before_until():
    # a group match after the semi-final its group feeds: never, whatever the time
    assert earliest(DAY, set(), 6, at(11, 45), now=NOW) is None
    # the final waits for the semi-final (12:26 + 15): 12:45, not before 12:45
    assert earliest(DAY, set(), 8, at(12, 20), now=NOW, until=at(12, 45)) is None
    assert earliest(DAY, set(), 8, at(12, 20), now=NOW, until=at(12, 46)) == at(12, 45)
    # nothing follows the final: any mark of the day, and 23:55 is the last
    assert earliest(DAY, set(), 8, at(23, 51), now=NOW) == at(23, 55)
    assert earliest(DAY, set(), 8, at(23, 56), now=NOW) is None


@pytest.mark.parametrize(
    ("no", "played", "now", "reason"),
    [(42, set(), NOW, "not_found"), (3, {3}, NOW, "played"), (3, set(), at(10, 40), "started")],
)
def test_a_match_that_may_not_move_at_all_is_refused_as_move_refuses_it(no, played, now, reason):
    with pytest.raises(CannotMove) as refused:
        earliest(DAY, played, no, at(13), now=now)
    assert (refused.value.reason, refused.value.match_no) == (reason, no)


@pytest.mark.parametrize("step", [0, -5, True])
def test_the_step_is_a_positive_number_of_minutes(step):
    with pytest.raises(ValueError, match="step"):
        earliest(DAY, set(), 5, at(10, 40), now=NOW, step=step)


# --- properties -----------------------------------------------------------------------

SHAPES = (
    Shape(teams=8, groups=2, pitches=2, knockout="semi", third_place=True),
    Shape(teams=6, groups=1, pitches=2, group_rest=15),
    Shape(teams=12, groups=3, pitches=3, knockout="quarter", knockout_break=0),
    Shape(teams=8, groups=0, pitches=2, knockout_rest=45),
    Shape(teams=10, groups=2, pitches=3, knockout="final", changeover=6, match_minutes=24),
    Shape(teams=7, groups=1, pitches=1, knockout="semi"),
)
FEEDER = re.compile(r"[WL](\d+)")


def spacing_of(shape: Shape) -> Spacing:
    return Spacing(shape.changeover, shape.group_rest, shape.knockout_rest)


def feeds(a: PlannedMatch, b: PlannedMatch) -> bool:
    """Whether b's sides come from a: W/L of a, or a place of a's group table."""
    for code in (b.home_from, b.away_from):
        if code is None:
            continue
        if found := FEEDER.fullmatch(code):
            if int(found.group(1)) == a.no:
                return True
        elif (a.group is not None and not a.stage.is_knockout) and (
            "." in code or code.lstrip("0123456789") == a.group
        ):
            return True
    return False


def violations(
    plan: tuple[PlannedMatch, ...], played: set[int], spacing: Spacing
) -> set[tuple[str, int, int]]:
    live = [m for m in plan if m.no not in played]
    found: set[tuple[str, int, int]] = set()
    for i, x in enumerate(live):
        for y in live[i + 1 :]:
            a, b = (x, y) if x.start <= y.start else (y, x)
            pair = (min(x.no, y.no), max(x.no, y.no))
            if a.pitch == b.pitch and b.start < a.end + spacing.changeover * MIN:
                found.add(("overlap", *pair))
            shared = {a.home, a.away} & {b.home, b.away} - {None}
            rest = spacing.knockout_rest if b.stage.is_knockout else spacing.group_rest
            if shared and b.start < a.end + rest * MIN:
                found.add(("rest", *pair))
            for first, later in ((x, y), (y, x)):
                if feeds(first, later) and later.start < first.end + spacing.knockout_rest * MIN:
                    found.add(("order", first.no, later.no))
    return found


@strategies.composite
def situations(draw: strategies.DrawFn):
    shape = draw(strategies.sampled_from(SHAPES))
    plan = plan_of(shape).matches
    now = START + draw(strategies.integers(-30, 400)) * MIN
    played = draw(
        strategies.sets(strategies.sampled_from([m.no for m in plan if m.start <= now + 60 * MIN]))
    )
    return shape, plan, played, now


pitch_choice = strategies.sampled_from([None, "Saha 1", "Saha 2", "Saha 3"])


@settings(max_examples=250, deadline=None)
@given(situations(), strategies.integers(1, 240), pitch_choice)
def test_a_delay_adds_no_broken_rule_and_moves_everything_by_the_same_minutes(
    situation, minutes, pitch
):
    shape, plan, played, now = situation
    spacing = spacing_of(shape)
    after = delay(plan, played, minutes, now=now, pitch=pitch, spacing=spacing)
    assert [m.no for m in after] == [m.no for m in plan]
    assert violations(after, played, spacing) <= violations(plan, played, spacing)
    shifted = {old.no for old, _ in moved(plan, after)}
    for old, new in zip(plan, after, strict=True):
        if old.no not in shifted:
            assert new is old
            continue
        assert old.no not in played and old.start > now
        assert new.start - old.start == minutes * MIN == new.end - old.end
        assert new.start.tzinfo is old.start.tzinfo
    on_pitch = {
        m.no for m in plan if m.no not in played and m.start > now and pitch in (None, m.pitch)
    }
    assert on_pitch <= shifted


@settings(max_examples=250, deadline=None)
@given(situations(), strategies.integers(1, 120), pitch_choice)
def test_a_match_off_the_delayed_pitch_moves_only_when_a_moved_match_forces_it(
    situation, minutes, pitch
):
    shape, plan, played, now = situation
    spacing = spacing_of(shape)
    after = delay(plan, played, minutes, now=now, pitch=pitch, spacing=spacing)
    pairs = moved(plan, after)

    def forces(a_old: PlannedMatch, a_new: PlannedMatch, x: PlannedMatch) -> bool:
        """x, at its planned time, breaks a rule after the moved a (which it followed)."""
        shared = {a_old.home, a_old.away} & {x.home, x.away} - {None}
        rest = spacing.knockout_rest if x.stage.is_knockout else spacing.group_rest
        follows = x.start >= a_old.start
        return (
            (follows and x.pitch == a_old.pitch and x.start < a_new.end + spacing.changeover * MIN)
            or (follows and bool(shared) and x.start < a_new.end + rest * MIN)
            or (feeds(a_old, x) and x.start < a_new.end + spacing.knockout_rest * MIN)
        )

    for x, _ in pairs:
        if pitch is None or x.pitch == pitch:
            continue
        assert any(forces(a_old, a_new, x) for a_old, a_new in pairs if a_old.no != x.no)
    # and nothing that should have been forced was left behind
    shifted = {old.no for old, _ in pairs}
    for x in plan:
        if x.no in shifted or x.no in played or x.start <= now:
            continue
        assert not any(forces(a_old, a_new, x) for a_old, a_new in pairs)


@settings(max_examples=150, deadline=None)
@given(situations(), strategies.integers(1, 120), strategies.integers(1, 120))
def test_two_delays_of_everything_add_up(situation, a, b):
    shape, plan, played, now = situation
    spacing = spacing_of(shape)
    twice = delay(
        delay(plan, played, a, now=now, spacing=spacing), played, b, now=now, spacing=spacing
    )
    assert twice == delay(plan, played, a + b, now=now, spacing=spacing)


@settings(max_examples=300, deadline=None)
@given(situations(), strategies.data())
def test_a_move_is_made_exactly_when_it_breaks_nothing(situation, data):
    shape, plan, played, now = situation
    spacing = spacing_of(shape)
    target = data.draw(strategies.sampled_from(plan))
    start = START + data.draw(strategies.integers(-60, 600)) * MIN
    try:
        after = move(plan, played, target.no, start, now=now, spacing=spacing)
    except CannotMove as refused:
        assert refused.match_no == target.no
        if refused.reason in ("overlap", "rest", "order"):
            shifted = replace(target, start=start, end=start + (target.end - target.start))
            mix = tuple(shifted if m.no == target.no else m for m in plan)
            clashes = {v for v in violations(mix, played, spacing) if target.no in v[1:]}
            assert (refused.reason, *sorted((target.no, refused.other))) in {
                (v[0], *sorted(v[1:])) for v in clashes
            }
            assert refused.minutes is not None and refused.minutes > 0
        else:
            assert refused.reason in ("played", "started", "past")
        return
    assert target.no not in played and target.start > now and start > now
    assert [m.no for m in after] == [m.no for m in plan]
    assert [new for _, new in moved(plan, after)] in ([], [after[plan.index(target)]])
    assert after[plan.index(target)].start == start
    assert not {v for v in violations(after, played, spacing) if target.no in v[1:]}


@settings(max_examples=150, deadline=None)
@given(situations(), strategies.data())
def test_the_earliest_kick_off_is_one_move_accepts_and_no_earlier_mark_is(situation, data):
    shape, plan, played, now = situation
    spacing = spacing_of(shape)
    movable = [m for m in plan if m.no not in played and m.start > now]
    target = data.draw(
        strategies.sampled_from(
            plan if not movable or data.draw(strategies.booleans()) else movable
        )
    )
    start = (
        START
        + data.draw(strategies.integers(-60, 600)) * MIN
        + data.draw(strategies.sampled_from([0, 0, 1, 30, 59])) * SEC
    )
    step = data.draw(strategies.sampled_from([1, 5, 10, 15, 30]))
    until = data.draw(
        strategies.none() | strategies.integers(0, 300).map(lambda m: start + m * MIN)
    )
    try:
        found = earliest(
            plan, played, target.no, start, now=now, spacing=spacing, step=step, until=until
        )
    except CannotMove as refused:
        assert refused.reason in ("played", "started")
        with pytest.raises(CannotMove) as by_move:
            move(plan, played, target.no, start, now=now, spacing=spacing)
        assert by_move.value.reason == refused.reason
        return
    day = start.replace(hour=0, minute=0, second=0, microsecond=0)
    end = until if until is not None else day + timedelta(days=1)  # Istanbul: no DST
    if found is not None:
        assert start <= found < end and found > now
        assert found.tzinfo is start.tzinfo and found.second == found.microsecond == 0
        assert (found.hour * 60 + found.minute) % step == 0
        after = move(plan, played, target.no, found, now=now, spacing=spacing)
        assert after[plan.index(target)].start == found
    # every earlier mark in range (this day's, or past midnight up to `until`) is refused
    for minute in range(0, 2 * 24 * 60, step):
        mark = day + minute * MIN
        if start <= mark < end and (found is None or mark < found):
            with pytest.raises(CannotMove):
                move(plan, played, target.no, mark, now=now, spacing=spacing)


# --- the day's window --------------------------------------------------------------------

WINDOW_DAY = (
    match(1, at(9), "A", "B"),
    match(2, at(9, 30), "C", "D"),
    match(3, at(10), "A", "C"),
)
BEFORE = at(6)


def test_the_days_window_opens_at_its_first_kick_off_and_closes_an_hour_after_its_end():
    window = day_window(WINDOW_DAY, at(12))
    assert window.opens == at(9) and window.planned_end == at(10, 26)
    assert window.closes == at(11, 26)
    assert day_window(WINDOW_DAY, at(12) + timedelta(days=1)) is None  # a free day


def test_a_move_before_the_day_starts_is_refused_as_early():
    window = day_window(WINDOW_DAY, at(7))
    with pytest.raises(CannotMove) as refused:
        move(WINDOW_DAY, set(), 3, at(7), now=BEFORE, window=window)
    assert refused.value.reason == "early"
    assert move(WINDOW_DAY, set(), 3, at(7), now=BEFORE)[2].start == at(7)  # no window: as before


def test_a_move_ending_past_the_window_is_refused_as_late():
    window = day_window(WINDOW_DAY, at(11))
    with pytest.raises(CannotMove) as refused:
        move(WINDOW_DAY, set(), 3, at(11, 30), now=BEFORE, window=window)
    assert refused.value.reason == "late"
    assert move(WINDOW_DAY, set(), 3, at(11), now=BEFORE, window=window)[2].start == at(11)


def test_earliest_inside_the_window_starts_at_its_opening_and_stops_at_its_close():
    window = day_window(WINDOW_DAY, at(7))
    found = earliest(WINDOW_DAY, set(), 3, at(7), now=BEFORE, window=window)
    assert found is not None and found >= at(9)
    move(WINDOW_DAY, set(), 3, found, now=BEFORE, window=window)  # what it names is accepted
    assert earliest(WINDOW_DAY, set(), 3, at(11, 5), now=BEFORE, window=window) is None


def test_a_pitchs_opening_hours_bound_a_move_on_any_day():
    from datetime import time

    window = hours_window(at(12) + timedelta(days=7), time(14), time(17))
    assert window.pitch_hours and window.opens == at(14) + timedelta(days=7)
    later = tuple(
        replace(
            m, start=m.start + timedelta(days=7, hours=5), end=m.end + timedelta(days=7, hours=5)
        )
        for m in WINDOW_DAY
    )
    with pytest.raises(CannotMove) as refused:
        move(later, set(), 3, at(13, 30) + timedelta(days=7), now=BEFORE, window=window)
    assert refused.value.reason == "early"
    with pytest.raises(CannotMove) as refused:
        move(later, set(), 3, at(16, 50) + timedelta(days=7), now=BEFORE, window=window)
    assert refused.value.reason == "late"
