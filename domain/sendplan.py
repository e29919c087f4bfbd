"""When to send each pending reminder so a burst respects Telegram's limits.

Telegram allows about 30 messages a second overall, 20 a minute into one group and one a
second into one private chat. A reminder must not arrive after its due time, and arriving
a few minutes early is harmless, so the plan works *backwards* from the due times: the
latest due is placed first, at the latest free moment not after it.

Time is a grid of slots starting at `now`, one global send interval apart, so the global
limit is simply "one send per slot". A chat's limit becomes a minimum number of slots
between two of its sends. "The latest free slot at or before x" is a union-find with path
compression over the taken slots (a dict, so a reminder due next week costs no memory for
the week in between), which keeps 100,000 reminders well under a second.
"""

from __future__ import annotations

import math
from bisect import bisect_left, insort
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

_US = timedelta(microseconds=1)


@dataclass(frozen=True)
class Outgoing:
    """One message to plan."""

    key: int  # the reminder row id
    chat_id: int
    group: bool  # a group chat (20 per minute) or a private chat (1 per second)
    due: datetime  # nominal time: must not arrive later
    kickoff: datetime  # ties go to the earlier kick-off


def schedule(
    items: Sequence[Outgoing],
    *,
    now: datetime,
    per_second: float = 29.0,
    per_group_minute: int = 20,
    per_chat_second: float = 1.0,
    max_early: timedelta = timedelta(minutes=10),
) -> dict[int, datetime]:
    """Send time per item key: in [max(now, due - max_early), due] whenever the load allows.

    Limits hold in every half-open window: at most floor(per_second) sends in any second,
    per_group_minute in any minute into one group chat, per_chat_second in any second into
    one private chat. Equal due times go out in kick-off order, and one chat's messages in
    due order. An item that finds no room in its window goes as soon as possible after the
    window opens (so it is late as little as the limits allow). Deterministic.
    """
    if per_second <= 0 or per_group_minute <= 0 or per_chat_second <= 0:
        raise ValueError("rates must be positive")
    if max_early < timedelta(0):
        raise ValueError("max_early must not be negative")
    keys = [item.key for item in items]
    if len(set(keys)) != len(keys):
        raise ValueError("item keys must be unique")

    step = _interval_us(per_second, 1_000_000)
    group_gap = -(-_interval_us(per_group_minute, 60_000_000) // step)
    private_gap = -(-_interval_us(per_chat_second, 1_000_000) // step)
    origin = now.astimezone(UTC)
    early = max_early // _US

    # (due, kick-off, key) in microseconds after `now`: the order of the plan and its ties.
    rows = [
        (
            (item.due.astimezone(UTC) - origin) // _US,
            (item.kickoff.astimezone(UTC) - origin) // _US,
            item.key,
            item.chat_id,
            group_gap if item.group else private_gap,
        )
        for item in items
    ]
    rows.sort(reverse=True)

    grid = _Grid()
    slot_of: dict[int, int] = {}
    lowest: dict[int, int] = {}  # chat -> its earliest send so far (placed backwards)
    overflow: list[tuple[int, int, int, int, int]] = []
    for row in rows:
        due, _, key, chat, gap = row
        lo = max(0, -(-(due - early) // step))
        hi = due // step
        if chat in lowest:
            hi = min(hi, lowest[chat] - gap)
        slot = grid.latest_free(hi) if hi >= lo else lo - 1
        if slot < lo:
            overflow.append(row)
            continue
        grid.take(slot)
        slot_of[key] = slot
        lowest[chat] = slot

    if overflow:
        _forward_fill(overflow, grid, slot_of, rows, step, early)

    zone = now.tzinfo
    return {
        key: (origin + timedelta(microseconds=slot * step)).astimezone(zone)
        for key, slot in slot_of.items()
    }


def _forward_fill(
    overflow: list[tuple[int, int, int, int, int]],
    grid: _Grid,
    slot_of: dict[int, int],
    rows: list[tuple[int, int, int, int, int]],
    step: int,
    early: int,
) -> None:
    """Place what found no room, earliest due first, at the first slot its limits allow.

    A chat's overflow keeps its due order (each starts looking after the previous one), so
    a thousand late messages to one chat cost linear time, not quadratic.
    """
    chats = {row[3] for row in overflow}
    after: dict[int, int] = {}
    sends: dict[int, list[int]] = {chat: [] for chat in chats}
    for _, _, key, chat, _ in reversed(rows):  # ascending order
        if chat in sends and key in slot_of:
            sends[chat].append(slot_of[key])
    for chat in chats:
        sends[chat].sort()
    for due, _, key, chat, gap in sorted(overflow):
        taken = sends[chat]
        slot = max(0, -(-(due - early) // step), after.get(chat, 0))
        while True:
            slot = grid.earliest_free(slot)
            at = bisect_left(taken, slot)
            if at > 0 and slot - taken[at - 1] < gap:
                slot = taken[at - 1] + gap
                continue
            if at < len(taken) and taken[at] - slot < gap:
                slot = taken[at] + gap
                continue
            break
        grid.take(slot)
        slot_of[key] = slot
        insort(taken, slot)
        after[chat] = slot + gap


class _Grid:
    """Taken slots, with "latest free <= x" and "earliest free >= x" in near-constant time.

    Each taken slot points at a neighbour that may be free; following the pointers to a slot
    that is not taken finds the answer, and the path is compressed on the way back.
    """

    def __init__(self) -> None:
        self._down: dict[int, int] = {}
        self._up: dict[int, int] = {}

    def take(self, slot: int) -> None:
        self._down[slot] = slot - 1
        self._up[slot] = slot + 1

    def latest_free(self, slot: int) -> int:
        return _find(self._down, slot)

    def earliest_free(self, slot: int) -> int:
        return _find(self._up, slot)


def _find(parent: dict[int, int], slot: int) -> int:
    root = slot
    while root in parent:
        root = parent[root]
    while slot != root:
        parent[slot], slot = root, parent[slot]
    return root


def _interval_us(count: float, window_us: int) -> int:
    """The spacing that lets at most `count` sends into any half-open window of `window_us`.

    n sends spaced s apart span (n - 1) s, so floor(count) per window needs s >= window /
    floor(count); a rate below one per window becomes one per window / count.
    """
    whole = math.floor(count)
    return math.ceil(window_us / whole) if whole >= 1 else math.ceil(window_us / count)
