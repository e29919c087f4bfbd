"""Late kick-offs: shift the rest of the day (`/gecikme`) or move one match (`/ertele`).

A delay on the pitch ripples: the next match on that pitch, a team's next match elsewhere,
a knockout tie its winner feeds. `delay` shifts everything a rule forces, all by the same
minutes, so the gaps between moved matches stay exactly as planned and nothing is pulled
apart more than the delay itself. `move` changes one match and refuses, naming the rule and
the other match, when that breaks anything: the organiser decides, the bot never reshuffles.
`earliest` finds, with `move`'s own checks, the first kick-off it would accept that day, so a
refusal can say what would work. Both keep a match inside its day's window (`day_window`:
from the day's first kick-off to its planned end plus a margin), so a match never moves to
07:00 on a day that starts at 09:00, and a refusal never says "nothing fits" while an
earlier time does.

A match with a result is over (or was forfeited): it neither moves nor holds its pitch or
its teams. A match without a result whose kick-off has passed is being played: it does not
move but still counts. Times are compared in UTC so a DST change cannot bend them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Sequence, Set
from dataclasses import dataclass, replace
from datetime import UTC, datetime, time, timedelta

from domain.errors import DomainError
from domain.model import PlannedMatch

MAX_DELAY = 240  # minutes; a longer delay is another day, not a delay
DAY_MARGIN = 60  # minutes a moved match may end after the day's planned end

_FED_BY_MATCH = re.compile(r"[WL]([0-9]+)")
_FED_BY_GROUP = re.compile(r"[0-9]+([^0-9.].*)")  # "1A": place 1 of group A
_FED_BY_BEST = re.compile(r"[0-9]+\.[0-9]+")  # "3.1": the best third of all groups


@dataclass(frozen=True)
class Spacing:
    """The minimum gaps, in minutes, that a moved plan keeps."""

    changeover: int = 6  # between matches on one pitch
    group_rest: int = 0  # a team's minimum between two group matches
    knockout_rest: int = 15  # before a knockout match, after the team's (or feeder's) match


class CannotMove(DomainError):
    """The move breaks a rule; `other` is the match it clashes with, `minutes` the shortfall.

    Reasons: "not_found", "played", "started", "past" (the new time is not after now),
    "early" (before the day's first kick-off), "late" (ending past the day's window),
    "bad_minutes" (`match_no` 0, `minutes` the refused value), "overlap" (the pitch is busy
    with `other`), "rest" (a team's rest with `other`), "order" (before its feeder `other`
    ends, or after a tie it feeds starts).
    """

    def __init__(
        self,
        reason: str,
        match_no: int,
        other: int | None = None,
        minutes: int | None = None,
    ) -> None:
        super().__init__(f"match {match_no} cannot move: {reason} (other={other}, {minutes} min)")
        self.reason = reason
        self.match_no = match_no
        self.other = other
        self.minutes = minutes


def delay(
    matches: Sequence[PlannedMatch],
    played: Set[int],
    minutes: int,
    *,
    now: datetime,
    pitch: str | None = None,
    spacing: Spacing = Spacing(),
    until: datetime | None = None,
) -> tuple[PlannedMatch, ...]:
    """Shift by `minutes` every match without a result that kicks off after `now` (and
    before `until`: a season's delay is its match day's; on `pitch`, or all), then every
    such match a moved one forces, until nothing is broken.

    A match is forced when, at its planned time, it would break a rule with a moved match
    it follows: the same pitch within the changeover, a shared team within the rest, or a
    knockout tie fed by it (winner/loser, or a place of its group). Every moved match moves
    exactly `minutes`; the rest are returned as they were, in the input order.
    """
    if isinstance(minutes, bool) or not 1 <= minutes <= MAX_DELAY:
        raise CannotMove("bad_minutes", 0, minutes=minutes)
    now_utc = now.astimezone(UTC)
    live = [_Live(m) for m in matches if m.no not in played]
    movable = [x for x in live if x.start > now_utc and (until is None or x.start < until)]
    shift = timedelta(minutes=minutes)
    moved: dict[int, _Live] = {}
    queue: list[tuple[_Live, _Live]] = []
    for x in movable:
        if pitch is None or x.match.pitch == pitch:
            moved[x.match.no] = x.shifted(shift)
            queue.append((x, moved[x.match.no]))
    while queue:
        old, new = queue.pop()
        for x in movable:
            if x.match.no not in moved and _forced(old, new, x, spacing):
                moved[x.match.no] = x.shifted(shift)
                queue.append((x, moved[x.match.no]))
    return tuple(moved[m.no].match if m.no in moved else m for m in matches)


@dataclass(frozen=True)
class Window:
    """When a day's matches may be played: from `opens` (its first kick-off) until
    `closes` (its planned end plus DAY_MARGIN); `planned_end` as planned."""

    opens: datetime
    planned_end: datetime
    closes: datetime
    pitch_hours: bool = False  # the pitch's opening hours (a season league's rental)

    def refuses(self, match: PlannedMatch) -> str | None:
        """ "early", "late" or None (the match fits the window)."""
        if match.start.astimezone(UTC) < self.opens.astimezone(UTC):
            return "early"
        if match.end.astimezone(UTC) > self.closes.astimezone(UTC):
            return "late"
        return None


def day_window(
    matches: Sequence[PlannedMatch], moment: datetime, *, margin: int = DAY_MARGIN
) -> Window | None:
    """The window of the day `moment` falls on (its wall clock): None when no match is
    planned that day (a match moved to a free day is the organiser's choice)."""
    zone = moment.tzinfo
    day = moment.date()
    same = [m for m in matches if m.start.astimezone(zone).date() == day]
    if not same:
        return None
    opens = min(m.start for m in same).astimezone(zone)
    end = max(m.end for m in same).astimezone(zone)
    return Window(opens, end, end + timedelta(minutes=margin))


def hours_window(moment: datetime, opens: time, closes: time) -> Window:
    """The pitch's opening hours on the day `moment` falls on (its wall clock): a match
    must kick off after `opens` and end by `closes`."""
    day, zone = moment.date(), moment.tzinfo
    shut = datetime.combine(day, closes, zone)
    return Window(datetime.combine(day, opens, zone), shut, shut, pitch_hours=True)


def move(
    matches: Sequence[PlannedMatch],
    played: Set[int],
    no: int,
    start: datetime,
    *,
    now: datetime,
    spacing: Spacing = Spacing(),
    window: Window | None = None,
) -> tuple[PlannedMatch, ...]:
    """Match `no` kicks off at `start` (same duration); the whole plan, in the input order.

    Raises CannotMove with the first broken rule: the new time past, outside `window`
    ("early", "late"), a pitch overlap, then a knockout order, then a team's rest; within a
    rule the clash short by the most minutes, so one answer tells the organiser how far the
    match must go.
    """
    old, others = _movable(matches, played, no, now)
    if start.astimezone(UTC) <= now.astimezone(UTC):
        raise CannotMove("past", no)
    new = old.shifted(start.astimezone(UTC) - old.start)
    if window is not None and (outside := window.refuses(new.match)) is not None:
        raise CannotMove(outside, no)
    if (refused := _first_clash(new, others, spacing)) is not None:
        raise refused
    return tuple(new.match if m.no == no else m for m in matches)


def earliest(
    matches: Sequence[PlannedMatch],
    played: Set[int],
    no: int,
    start: datetime,
    *,
    now: datetime,
    spacing: Spacing = Spacing(),
    step: int = 5,
    until: datetime | None = None,
    window: Window | None = None,
) -> datetime | None:
    """The first kick-off at or after `start` that `move` would accept for match `no` (on
    its own pitch), or None when none does before `until`.

    The kick-offs tried are the `step`-minute marks of `start`'s wall clock (11:30, 11:35
    for 5), from the first at or after `start`, before `until` (default: the next midnight
    of `start`'s clock, so the same day); those not after `now` are skipped. The checks are
    `move`'s own, so a match `move` refuses outright (not found, played, under way) raises
    the same CannotMove here. With `window`, only kick-offs inside it count (the search
    starts at its opening when `start` is earlier). The answer is in `start`'s timezone.
    """
    if isinstance(step, bool) or step < 1:
        raise ValueError(f"step must be a positive number of minutes, not {step!r}")
    old, others = _movable(matches, played, no, now)
    now_utc = now.astimezone(UTC)
    if window is not None and start.astimezone(UTC) < window.opens.astimezone(UTC):
        start = window.opens.astimezone(start.tzinfo)
    for mark in _marks(start, step, until):
        kickoff = mark.astimezone(UTC)
        if kickoff <= now_utc:
            continue
        new = old.shifted(kickoff - old.start)
        if window is not None and window.refuses(new.match) is not None:
            if window.refuses(new.match) == "late":
                return None
            continue
        if _first_clash(new, others, spacing) is None:
            return mark
    return None


def retimed(match: PlannedMatch, start: datetime) -> PlannedMatch:
    """`match` kicking off at `start` (on its clock), as long as it was: an undated match
    (/ertele 14 belirsiz) put back into the plan to be moved to the date it got."""
    return _Live(match).shifted(start.astimezone(UTC) - match.start.astimezone(UTC)).match


def moved(
    before: Sequence[PlannedMatch], after: Sequence[PlannedMatch]
) -> list[tuple[PlannedMatch, PlannedMatch]]:
    """(old, new) for each match whose kick-off changed, by new kick-off then number."""
    old = {m.no: m for m in before}
    pairs = [
        (old[m.no], m)
        for m in after
        if m.no in old and old[m.no].start.astimezone(UTC) != m.start.astimezone(UTC)
    ]
    pairs.sort(key=lambda pair: (pair[1].start.astimezone(UTC), pair[1].no))
    return pairs


_REASONS = ("overlap", "order", "rest")


class _Live:
    """A match with its times in UTC and where its sides come from, parsed once."""

    __slots__ = ("best_of", "end", "fed_by", "groups", "match", "start", "teams")

    def __init__(self, match: PlannedMatch) -> None:
        self.match = match
        self.start = match.start.astimezone(UTC)
        self.end = match.end.astimezone(UTC)
        self.teams = {t for t in (match.home, match.away) if t is not None}
        self.fed_by: set[int] = set()
        self.groups: set[str] = set()
        self.best_of = False
        for code in (match.home_from, match.away_from):
            if code is None:
                continue
            if found := _FED_BY_MATCH.fullmatch(code):
                self.fed_by.add(int(found.group(1)))
            elif found := _FED_BY_GROUP.fullmatch(code):
                self.groups.add(found.group(1))
            elif _FED_BY_BEST.fullmatch(code):
                self.best_of = True

    def shifted(self, by: timedelta) -> _Live:
        m = self.match
        return _Live(
            replace(
                m,
                start=(self.start + by).astimezone(m.start.tzinfo),
                end=(self.end + by).astimezone(m.end.tzinfo),
            )
        )

    @property
    def group_stage(self) -> bool:
        return self.match.group is not None and not self.match.stage.is_knockout

    def feeds(self, later: _Live) -> bool:
        """Whether `later`'s sides come from this match or from its group's table."""
        if self.match.no in later.fed_by:
            return True
        return self.group_stage and (later.best_of or self.match.group in later.groups)


def _movable(
    matches: Sequence[PlannedMatch], played: Set[int], no: int, now: datetime
) -> tuple[_Live, list[_Live]]:
    """Match `no` and the matches it must fit among, or CannotMove when it may not move."""
    target = next((m for m in matches if m.no == no), None)
    if target is None:
        raise CannotMove("not_found", no)
    if no in played:
        raise CannotMove("played", no)
    old = _Live(target)
    if old.start <= now.astimezone(UTC):
        raise CannotMove("started", no)
    return old, [_Live(m) for m in matches if m.no not in played and m.no != no]


def _first_clash(new: _Live, others: Sequence[_Live], spacing: Spacing) -> CannotMove | None:
    """The refusal `move` gives for `new` among `others`, or None when it fits."""
    clashes = sorted(_clashes(new, others, spacing))
    if not clashes:
        return None
    rank, most, other = clashes[0]
    return CannotMove(_REASONS[rank], new.match.no, other=other, minutes=-most)


def _marks(start: datetime, step: int, until: datetime | None) -> Iterator[datetime]:
    """The `step`-minute marks of `start`'s wall clock from `start` on, before `until`."""
    midnight = start.replace(hour=0, minute=0, second=0, microsecond=0, fold=0)
    end = (midnight + timedelta(days=1) if until is None else until).astimezone(UTC)
    width = timedelta(minutes=step)
    k = math.ceil((start.replace(fold=0) - midnight) / width)  # wall-clock difference
    while (mark := midnight + k * width).astimezone(UTC) < end:
        yield mark
        k += 1


def _rest(later: _Live, spacing: Spacing) -> int:
    return spacing.knockout_rest if later.match.stage.is_knockout else spacing.group_rest


def _after(first: _Live, later: _Live, spacing: Spacing) -> Iterable[tuple[int, int]]:
    """(rule rank, minutes) that `later` must keep after `first` ends when it kicks off no
    earlier; ranks index `_REASONS`. The knockout order is handled by `feeds` instead."""
    if first.match.pitch == later.match.pitch:
        yield 0, spacing.changeover
    if first.teams & later.teams:
        yield 2, _rest(later, spacing)


def _forced(old: _Live, new: _Live, x: _Live, spacing: Spacing) -> bool:
    """Whether `x` breaks a rule with `new`, a moved match, and so must move too.

    Only a match at or after the moved one's planned kick-off can be caught by the pitch or
    the rests (the gap to anything before it only grows); a tie it feeds always can.
    """
    gaps = list(_after(new, x, spacing)) if x.start >= old.start else []
    if new.feeds(x):
        gaps.append((1, spacing.knockout_rest))
    return any(x.start < new.end + timedelta(minutes=gap) for _, gap in gaps)


def _clashes(
    moved: _Live, others: Sequence[_Live], spacing: Spacing
) -> Iterable[tuple[int, int, int]]:
    """(rule rank, minus the minutes short, other's number) for every broken rule."""
    for other in others:
        first, later = _by_start(other, moved)
        rules = [(rank, first, later, gap) for rank, gap in _after(first, later, spacing)]
        if other.feeds(moved):
            rules.append((1, other, moved, spacing.knockout_rest))
        if moved.feeds(other):
            rules.append((1, moved, other, spacing.knockout_rest))
        for rank, a, b, gap in rules:
            short = a.end + timedelta(minutes=gap) - b.start
            if short > timedelta(0):
                yield rank, -_ceil_minutes(short), other.match.no


def _by_start(one: _Live, two: _Live) -> tuple[_Live, _Live]:
    return (one, two) if one.start <= two.start else (two, one)


def _ceil_minutes(span: timedelta) -> int:
    return math.ceil(span / timedelta(minutes=1))
