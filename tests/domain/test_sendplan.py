"""Bursts of reminders under Telegram's limits (issue 5, "Bursts").

Every plan is checked against the limits directly: sorted send times, and for each send the
number of sends in the half-open window that starts with it.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies

from domain.sendplan import Outgoing, schedule

NOW = datetime(2026, 12, 6, 9, 0, tzinfo=ZoneInfo("Europe/Istanbul"))
SECOND = timedelta(seconds=1)
MINUTE = timedelta(minutes=1)
EARLY = timedelta(minutes=10)
STEP = timedelta(microseconds=34_483)  # the send grid at 29/s: sends land up to this early


def most_in_window(times: Iterable[datetime], window: timedelta) -> int:
    """The most sends in any half-open window [t, t + window)."""
    ordered = sorted(t.astimezone(UTC) for t in times)
    return max(
        (bisect_left(ordered, t + window) - i for i, t in enumerate(ordered)),
        default=0,
    )


def assert_limits(
    items: Sequence[Outgoing],
    sent: dict[int, datetime],
    per_second: int = 29,
    per_group_minute: int = 20,
    per_chat_second: int = 1,
) -> None:
    assert sorted(sent) == sorted(item.key for item in items)
    assert most_in_window(sent.values(), SECOND) <= per_second
    by_chat: dict[int, list[datetime]] = defaultdict(list)
    group_chats = set()
    for item in items:
        by_chat[item.chat_id].append(sent[item.key])
        if item.group:
            group_chats.add(item.chat_id)
    for chat, times in by_chat.items():
        if chat in group_chats:
            assert most_in_window(times, MINUTE) <= per_group_minute
        else:
            assert most_in_window(times, SECOND) <= per_chat_second


def item(key: int, chat: int, due: datetime, kickoff: datetime | None = None) -> Outgoing:
    return Outgoing(key, chat, chat < 0, due, kickoff or due + timedelta(minutes=30))


def test_a_lone_reminder_goes_when_due():
    due = NOW + timedelta(minutes=30)
    sent = schedule([item(1, 5, due)], now=NOW)[1]
    assert due - STEP < sent <= due


def test_a_reminder_already_due_goes_now():
    sent = schedule([item(1, 5, NOW - timedelta(minutes=3))], now=NOW)
    assert sent == {1: NOW}


def test_reminders_due_together_go_out_in_kickoff_order():
    due = NOW + timedelta(minutes=30)
    items = [item(k, 100 + k, due, NOW + timedelta(minutes=60 + 5 * (k % 7))) for k in range(50)]
    sent = schedule(items, now=NOW)
    by_send = sorted(items, key=lambda i: sent[i.key])
    assert [i.kickoff for i in by_send] == sorted(i.kickoff for i in items)
    assert due - STEP < max(sent.values()) <= due
    assert_limits(items, sent)


def test_twenty_five_to_one_group_in_a_minute_start_early_enough():
    due = NOW + timedelta(minutes=30)
    items = [item(k, -1, due) for k in range(25)]
    sent = schedule(items, now=NOW)
    assert all(t <= due for t in sent.values())
    # 3 s apart (a hair more on the grid), so the first goes 72 s before
    assert due - timedelta(seconds=72.1) < min(sent.values()) <= due - timedelta(seconds=72)
    assert_limits(items, sent)


def test_ten_thousand_due_in_one_minute_across_two_thousand_chats_all_fit():
    due = NOW + timedelta(minutes=30)
    items = [
        Outgoing(k, k % 2000, k % 2000 < 100, due + timedelta(seconds=k % 60), due + 30 * MINUTE)
        for k in range(10_000)
    ]
    started = time.perf_counter()
    sent = schedule(items, now=NOW)
    elapsed = time.perf_counter() - started
    assert all(sent[i.key] <= i.due for i in items)
    first = min(sent.values())
    # 10,000 sends at 29/s take 344.8 s, less what fits inside the due minute itself
    assert due - timedelta(seconds=346) <= first <= due - timedelta(seconds=280)
    assert_limits(items, sent)
    assert elapsed < 2.0, elapsed


def test_a_hundred_thousand_over_one_day_plan_fast():
    items = [
        Outgoing(k, k % 3000, k % 3000 < 50, NOW + k * timedelta(seconds=0.8), NOW)
        for k in range(100_000)
    ]
    started = time.perf_counter()
    sent = schedule(items, now=NOW)
    elapsed = time.perf_counter() - started
    assert all(i.due - EARLY <= sent[i.key] <= i.due for i in items)
    assert_limits(items, sent)
    assert elapsed < 3.0, elapsed


def test_more_than_ten_minutes_of_load_sends_the_rest_as_soon_as_possible():
    due = NOW + timedelta(minutes=30)
    items = [item(k, 1000 + k, due) for k in range(20_000)]
    sent = schedule(items, now=NOW)
    assert_limits(items, sent)
    on_time = [k for k, t in sent.items() if t <= due]
    late = sorted(t for t in sent.values() if t > due)
    assert 600 * 29 <= len(on_time) <= 600 * 29 + 1  # every slot of [due - 10 min, due]
    assert len(late) == 20_000 - len(on_time)
    # the late ones follow the due time back to back, none left waiting
    assert late[0] - due <= STEP
    assert late[-1] - due < timedelta(seconds=len(late) / 29 + 0.1)
    assert min(sent.values()) >= due - EARLY


def test_overflow_never_goes_before_its_window_even_with_room_earlier():
    due = NOW + timedelta(hours=2)
    items = [item(k, -1, due) for k in range(300)]  # 300 to one group need 15 minutes
    sent = schedule(items, now=NOW)
    assert_limits(items, sent)
    assert min(sent.values()) >= due - EARLY
    assert sum(t <= due for t in sent.values()) in (200, 201)  # 10 min at 3 s


def test_a_pile_of_late_messages_to_one_group_is_spaced_in_linear_time():
    """After a long outage: 20,000 overdue messages to one group, 3 s apart from now on."""
    items = [item(k, -1, NOW - timedelta(seconds=k % 100)) for k in range(20_000)]
    started = time.perf_counter()
    sent = schedule(items, now=NOW)
    elapsed = time.perf_counter() - started
    assert_limits(items, sent)
    assert min(sent.values()) == NOW
    assert max(sent.values()) - NOW < timedelta(seconds=3 * 20_000)
    assert elapsed < 1.0, elapsed


def test_limits_can_be_changed():
    due = NOW + timedelta(minutes=30)
    items = [item(k, -1 - k % 3, due) for k in range(90)]
    sent = schedule(items, now=NOW, per_second=10, per_group_minute=30, per_chat_second=2)
    assert_limits(items, sent, per_second=10, per_group_minute=30)
    assert all(t <= due for t in sent.values())


def test_send_times_are_real_time_across_a_dst_change():
    berlin = ZoneInfo("Europe/Berlin")
    now = datetime(2026, 10, 25, 2, 50, fold=0, tzinfo=berlin)  # clocks go back at 03:00
    due = (now.astimezone(UTC) + timedelta(hours=1)).astimezone(berlin)
    sent = schedule([item(1, 5, due)], now=now)
    assert timedelta(0) <= due.astimezone(UTC) - sent[1].astimezone(UTC) < STEP


def test_duplicate_keys_are_a_programming_error():
    due = NOW + MINUTE
    with pytest.raises(ValueError):
        schedule([item(1, 5, due), item(1, 6, due)], now=NOW)


# --- properties -----------------------------------------------------------------------

chats = strategies.integers(-8, 40)  # negative ids are group chats, as in Telegram


@strategies.composite
def loads(draw: strategies.DrawFn, size: int = 400, spread: int = 1800) -> list[Outgoing]:
    """Items due from 5 minutes before now to `spread` seconds after, in a few chats."""
    n = draw(strategies.integers(0, size))
    dues = draw(strategies.lists(strategies.integers(-300, spread), min_size=n, max_size=n))
    kick = draw(strategies.lists(strategies.integers(0, 5), min_size=n, max_size=n))
    owners = draw(strategies.lists(chats, min_size=n, max_size=n))
    return [
        Outgoing(
            k,
            owners[k],
            owners[k] < 0,
            NOW + timedelta(seconds=dues[k], milliseconds=7 * k % 1000),
            NOW + timedelta(minutes=30 + 15 * kick[k]),
        )
        for k in range(n)
    ]


@settings(max_examples=150, deadline=None)
@given(loads(), strategies.sampled_from([EARLY, timedelta(minutes=1), timedelta(seconds=5)]))
def test_limits_hold_and_nothing_goes_before_its_window(items, early):
    sent = schedule(items, now=NOW, max_early=early)
    assert_limits(items, sent)
    for i in items:
        assert sent[i.key] >= max(NOW, i.due - early)


@settings(max_examples=150, deadline=None)
@given(loads(size=400, spread=3600))
def test_the_plan_is_deterministic_and_independent_of_input_order(items):
    once = schedule(items, now=NOW)
    assert schedule(list(reversed(items)), now=NOW) == once


@strategies.composite
def feasible(draw: strategies.DrawFn) -> list[Outgoing]:
    """Items whose due times are themselves a valid plan, so all can be on time: at least
    35 ms apart (29/s is 34.48 ms), a group chat's 3.001 s, a private chat's 1.001 s."""
    n = draw(strategies.integers(1, 300))
    gaps = draw(
        strategies.lists(
            strategies.sampled_from([35, 35, 36, 50, 100, 1000, 4000]), min_size=n, max_size=n
        )
    )
    items: list[Outgoing] = []
    last: dict[int, int] = {}
    at = 0
    for k, gap in enumerate(gaps):
        at += gap
        chat = draw(chats)
        need = 3001 if chat < 0 else 1001
        if chat in last and at - last[chat] < need:
            chat = 1000 + k  # a fresh private chat
        last[chat] = at
        items.append(
            Outgoing(k, chat, chat < 0, NOW + timedelta(milliseconds=at), NOW + 40 * MINUTE)
        )
    return items


@settings(max_examples=200, deadline=None)
@given(
    feasible(), strategies.sampled_from([EARLY, timedelta(seconds=2), timedelta(milliseconds=100)])
)
def test_nothing_is_late_when_the_load_fits(items, early):
    sent = schedule(items, now=NOW, max_early=early)
    assert_limits(items, sent)
    for i in items:
        assert i.due - early <= sent[i.key] <= i.due


@settings(max_examples=150, deadline=None)
@given(
    strategies.lists(strategies.integers(0, 12), min_size=1, max_size=200),
    strategies.lists(strategies.integers(0, 3), min_size=200, max_size=200),
)
def test_equal_dues_go_out_in_kickoff_order(kickoffs, due_minutes):
    """One private chat per item, so only the global limit and the ties decide."""
    items = [
        Outgoing(
            k,
            10_000 + k,
            False,
            NOW + timedelta(minutes=20 + due_minutes[k]),
            NOW + timedelta(minutes=60 + 5 * kick),
        )
        for k, kick in enumerate(kickoffs)
    ]
    sent = schedule(items, now=NOW)
    assert all(sent[i.key] <= i.due for i in items)
    for a in items:
        for b in items:
            if a.due == b.due and a.kickoff < b.kickoff:
                assert sent[a.key] < sent[b.key]
