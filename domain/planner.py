"""The day plan: every match on a pitch and a kick-off time.

Group (or league) matches sit on a grid of slots shared by all pitches (slot = match +
changeover), chosen by `domain.slots` and, for small shapes, polished by CP-SAT. Knockout
matches follow as soon as their feeders, the break and the rests allow, kick-offs rounded
up to five minutes as an organiser would announce them; the final can be kept alone and last.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from domain import slots
from domain.errors import DomainError
from domain.knockout import source_code
from domain.model import (
    BestOfPlace,
    Entrant,
    Group,
    GroupPlace,
    Loser,
    PlannedMatch,
    Round,
    Stage,
    Tie,
    Winner,
)

ROUNDING = 5  # knockout kick-offs are announced on the five minutes


@dataclass(frozen=True)
class Pitch:
    """A pitch and, optionally, when it can be used (aware datetimes)."""

    name: str
    opens: datetime | None = None
    closes: datetime | None = None


@dataclass(frozen=True)
class TeamWindow:
    """A team cannot kick off before `not_before` and must have finished by `not_after`."""

    not_before: datetime | None = None
    not_after: datetime | None = None


@dataclass(frozen=True)
class TimeRules:
    """How the day runs; minutes throughout. Defaults are the article's halı saha slot."""

    start: datetime
    pitches: tuple[Pitch, ...]
    match_minutes: int = 26
    half_time: int = 2
    changeover: int = 4
    knockout_break: int = 30
    group_rest: int = 0
    knockout_rest: int = 15
    final_alone: bool = True
    team_windows: Mapping[str, TeamWindow] = field(default_factory=dict)

    @property
    def slot(self) -> int:
        return self.match_minutes + self.changeover

    @property
    def play_minutes(self) -> int:
        return self.match_minutes - self.half_time


@dataclass(frozen=True)
class Bye:
    group: str | None
    round: int
    team: str


@dataclass(frozen=True)
class Draft:
    """What to plan: each group's rounds and the knockout ties that follow."""

    groups: tuple[Group, ...]
    rounds: Mapping[str, Sequence[Round]]
    ties: tuple[Tie, ...] = ()
    league: bool = False
    double: bool = False


@dataclass(frozen=True)
class Plan:
    """`back_to_backs` and `triples` count the group stage: a team in two, or three,
    consecutive slots (four in a row is two triples), as in docs/planner.md."""

    matches: tuple[PlannedMatch, ...]
    byes: tuple[Bye, ...]
    groups: tuple[Group, ...]
    rules: TimeRules
    group_slots: int
    group_slot_bound: int
    back_to_backs: int
    day_end: datetime
    triples: int = 0


class Infeasible(DomainError):
    """The rules cannot all hold: which rule, and by how many minutes it falls short."""

    def __init__(self, rule: str, shortfall: int, subject: str | None = None) -> None:
        super().__init__(f"cannot satisfy {rule} ({subject}): short by {shortfall} min")
        self.rule = rule
        self.shortfall = shortfall
        self.subject = subject


class NoPitch(DomainError):
    """A plan needs at least one pitch."""


def plan(draft: Draft, rules: TimeRules) -> Plan:
    """Plan every match of `draft` under `rules`; raises Infeasible with the broken rule."""
    if not rules.pitches:
        raise NoPitch("at least one pitch is needed")
    clock = _Clock(rules)
    group_matches, byes = _group_matches(draft)
    stage = Stage.LEAGUE if draft.league else Stage.GROUP
    timed: list[_Timed] = []
    used_slots = bound = b2b = triples = 0
    if group_matches:
        chosen, bound = _slot_plan(draft, group_matches, rules, clock)
        used_slots, b2b, triples = chosen.slots, chosen.back_to_backs, chosen.triples
        timed = _pitch_assignment(group_matches, chosen.slot_of, rules, clock, draft, stage)
    timed += _knockout(draft.ties, timed, rules, clock)
    timed.sort(key=lambda t: (t.start, t.pitch))
    numbers = {t.key: i + 1 for i, t in enumerate(timed) if t.key}
    matches = tuple(
        PlannedMatch(
            no=i + 1,
            stage=t.stage,
            group=t.group,
            round=t.round,
            pitch=rules.pitches[t.pitch].name,
            start=clock.at(t.start),
            end=clock.at(t.start + rules.match_minutes),
            home=t.home,
            away=t.away,
            home_from=source_code(t.home_from, numbers) if t.home_from else None,
            away_from=source_code(t.away_from, numbers) if t.away_from else None,
            key=t.key,
        )
        for i, t in enumerate(timed)
    )
    end = max((t.start + rules.match_minutes for t in timed), default=0)
    return Plan(
        matches=matches,
        byes=tuple(byes),
        groups=draft.groups,
        rules=rules,
        group_slots=used_slots,
        group_slot_bound=bound,
        back_to_backs=b2b,
        day_end=clock.at(end),
        triples=triples,
    )


class _Clock:
    """Minutes since the first kick-off, converted through UTC so DST cannot bend them."""

    def __init__(self, rules: TimeRules) -> None:
        self.origin = rules.start.astimezone(UTC)
        self.zone = rules.start.tzinfo

    def at(self, minute: int) -> datetime:
        return (self.origin + timedelta(minutes=minute)).astimezone(self.zone)

    def minute(self, moment: datetime) -> int:
        return math.floor((moment.astimezone(UTC) - self.origin).total_seconds() / 60)


@dataclass
class _Timed:
    stage: Stage
    group: str | None
    round: int | None
    pitch: int
    start: int
    home: str | None
    away: str | None
    home_from: object = None
    away_from: object = None
    key: str | None = None


def _group_matches(draft: Draft) -> tuple[list[slots.SlotMatch], list[Bye]]:
    matches: list[slots.SlotMatch] = []
    byes: list[Bye] = []
    for g, group in enumerate(draft.groups):
        label = None if draft.league else group.label
        for r, rnd in enumerate(draft.rounds[group.label]):
            if rnd.bye is not None:
                byes.append(Bye(label, rnd.number, rnd.bye))
            for order, pairing in enumerate(rnd.pairings):
                leg = int(draft.double and r >= len(draft.rounds[group.label]) // 2)
                matches.append(slots.SlotMatch(len(matches), g, r, order, pairing, leg))
    return matches, byes


def _slot_plan(
    draft: Draft, matches: list[slots.SlotMatch], rules: TimeRules, clock: _Clock
) -> tuple[slots.SlotPlan, int]:
    slot_len = rules.slot
    min_gap = 1
    while min_gap * slot_len - rules.match_minutes < rules.group_rest:
        min_gap += 1
    sizes = [len(g.teams) for g in draft.groups]
    counts = [sum(len(r.pairings) for r in draft.rounds[g.label]) for g in draft.groups]
    pitches = len(rules.pitches)
    bound = slots.lower_bound(sizes, counts, pitches, min_gap)
    windows = _pitch_windows(rules, clock)
    teams = _team_windows(rules, clock)

    def capacity(slot: int) -> int:
        start = slot * slot_len
        return sum(1 for lo, hi in windows if lo <= start and start + rules.match_minutes <= hi)

    def allowed(index: int, slot: int) -> bool:
        start = slot * slot_len
        for team in matches[index].pairing.teams():
            lo, hi = teams.get(team, (-(10**9), 10**9))
            if start < lo or start + rules.match_minutes > hi:
                return False
        return True

    horizon = _horizon(bound, windows, teams, slot_len)
    latest = tuple(
        min(
            (teams[t][1] - rules.match_minutes) // slot_len if t in teams else horizon
            for t in m.pairing.teams()
        )
        for m in matches
    )
    problem = slots.SlotProblem(tuple(matches), capacity, allowed, min_gap, horizon, latest)
    widths = [max(1, min(pitches, s // 2)) for s in sizes]

    def b2b_floor(n: int) -> int:
        return slots.back_to_back_bound(sizes, counts, widths, n)

    best = slots.construct(problem, widths, bound, b2b_floor)
    if best is None:
        raise _diagnose(matches, rules, windows, teams, bound, clock)
    # Imported here, not at the top: OR-Tools costs ~0.4 s and ~77 MB, and every module that
    # names a Plan or a Draft (the bot process, the CLI's --help) would pay for it; only the
    # workers that plan (bot.offload) and the CLI's `plan` reach this line.
    from domain import cpsat

    polished = cpsat.polish(
        problem,
        best,
        bound,
        b2b_floor=b2b_floor,
        gap_ceiling=lambda n: slots.gap_bound(sizes, counts, n),
    )
    return polished, bound


def _horizon(
    bound: int, windows: list[tuple[int, int]], teams: Mapping[str, tuple[int, int]], slot: int
) -> int:
    """How far the greedy may go: the pitches' closing time, else well past the bound."""
    if all(hi < 10**9 for _, hi in windows):
        return max(hi for _, hi in windows) // slot + 1
    late_start = max([lo for lo, _ in teams.values()] + [lo for lo, _ in windows] + [0])
    return 4 * bound + 8 + late_start // slot


def _pitch_windows(rules: TimeRules, clock: _Clock) -> list[tuple[int, int]]:
    return [
        (
            clock.minute(p.opens) if p.opens else 0,
            clock.minute(p.closes) if p.closes else 10**9,
        )
        for p in rules.pitches
    ]


def _team_windows(rules: TimeRules, clock: _Clock) -> dict[str, tuple[int, int]]:
    return {
        team: (
            clock.minute(w.not_before) if w.not_before else -(10**9),
            clock.minute(w.not_after) if w.not_after else 10**9,
        )
        for team, w in rules.team_windows.items()
    }


def _diagnose(
    matches: list[slots.SlotMatch],
    rules: TimeRules,
    windows: list[tuple[int, int]],
    teams: Mapping[str, tuple[int, int]],
    bound: int,
    clock: _Clock,
) -> Infeasible:
    """Name the rule that breaks and by how much, for the organiser."""
    slot_len = rules.slot
    for team, (lo, hi) in sorted(teams.items()):
        games = sum(1 for m in matches if team in m.pairing.teams())
        need = (games - 1) * slot_len + rules.match_minutes
        if hi - max(lo, 0) < need:
            return Infeasible("team_window", need - (hi - max(lo, 0)), team)
    need_end = bound * slot_len - rules.changeover
    closes = max(hi for _, hi in windows)
    if closes < 10**9:
        return Infeasible("pitch_window", max(need_end - closes, slot_len), None)
    return Infeasible("rest", rules.group_rest, None)


def _pitch_assignment(
    matches: list[slots.SlotMatch],
    slot_of: Sequence[int],
    rules: TimeRules,
    clock: _Clock,
    draft: Draft,
    stage: Stage,
) -> list[_Timed]:
    windows = _pitch_windows(rules, clock)
    by_slot: dict[int, list[slots.SlotMatch]] = {}
    for m in matches:
        by_slot.setdefault(slot_of[m.index], []).append(m)
    timed: list[_Timed] = []
    for slot, members in sorted(by_slot.items()):
        start = slot * rules.slot
        free = [
            p
            for p, (lo, hi) in enumerate(windows)
            if lo <= start and start + rules.match_minutes <= hi
        ]
        for pitch, m in zip(
            free, sorted(members, key=lambda m: (m.group, m.round, m.order)), strict=False
        ):
            group = draft.groups[m.group]
            timed.append(
                _Timed(
                    stage=stage,
                    group=None if draft.league else group.label,
                    round=draft.rounds[group.label][m.round].number,
                    pitch=pitch,
                    start=start,
                    home=m.pairing.home,
                    away=m.pairing.away,
                )
            )
    return timed


def _knockout(
    ties: Sequence[Tie], group_timed: list[_Timed], rules: TimeRules, clock: _Clock
) -> list[_Timed]:
    """Time the knockout ties in order, each as early as feeders, break, rest and pitch allow."""
    if not ties:
        return []
    windows = _pitch_windows(rules, clock)
    free_at = [lo for lo, _ in windows]
    for t in group_timed:
        free_at[t.pitch] = max(free_at[t.pitch], t.start + rules.slot)
    group_end: dict[str, int] = {}
    for t in group_timed:
        if t.group is not None:
            group_end[t.group] = max(group_end.get(t.group, 0), t.start + rules.match_minutes)
    all_groups_end = max(group_end.values(), default=None)
    ends: dict[str, int] = {}
    out: list[_Timed] = []
    final_alone = rules.final_alone and len(rules.pitches) > 0
    for tie in ties:
        ready = 0
        for source in (tie.home, tie.away):
            ready = max(ready, _ready(source, group_end, all_groups_end, ends, rules))
        if tie.stage is Stage.FINAL and final_alone:
            last_end = max(
                [t.start + rules.match_minutes for t in group_timed] + list(ends.values()),
                default=0,
            )
            ready = max(ready, last_end + rules.changeover)
        start, pitch = _earliest(ready, free_at, windows, rules.match_minutes)
        free_at[pitch] = start + rules.slot
        ends[tie.key] = start + rules.match_minutes
        out.append(
            _Timed(
                stage=tie.stage,
                group=None,
                round=None,
                pitch=pitch,
                start=start,
                home=tie.home.team if isinstance(tie.home, Entrant) else None,
                away=tie.away.team if isinstance(tie.away, Entrant) else None,
                home_from=None if isinstance(tie.home, Entrant) else tie.home,
                away_from=None if isinstance(tie.away, Entrant) else tie.away,
                key=tie.key,
            )
        )
    if final_alone:
        _keep_final_last(out, rules)
    return out


def _ready(
    source: object,
    group_end: Mapping[str, int],
    all_groups_end: int | None,
    ends: Mapping[str, int],
    rules: TimeRules,
) -> int:
    """Earliest kick-off that this side's origin allows."""
    if isinstance(source, GroupPlace) and source.group in group_end:
        return group_end[source.group] + rules.changeover + rules.knockout_break
    if isinstance(source, BestOfPlace) and all_groups_end is not None:
        return all_groups_end + rules.changeover + rules.knockout_break
    if isinstance(source, Winner | Loser):
        return ends[source.key] + rules.knockout_rest
    return 0


def _earliest(
    ready: int, free_at: list[int], windows: list[tuple[int, int]], length: int
) -> tuple[int, int]:
    """First pitch-time at or after `ready`, on the five minutes, inside the pitch's window."""
    options = []
    for p, (lo, hi) in enumerate(windows):
        start = max(ready, free_at[p], lo)
        start = math.ceil(start / ROUNDING) * ROUNDING
        if start + length <= hi:
            options.append((start, p))
    if not options:
        closes = max(hi for _, hi in windows)
        need = max(ready, min(free_at)) + length
        raise Infeasible("pitch_window", need - closes, None)
    return min(options)


def _keep_final_last(out: list[_Timed], rules: TimeRules) -> None:
    """Nothing may end after the final when it is meant to be played alone and last."""
    final = next((t for t in out if t.stage is Stage.FINAL), None)
    if final is None:
        return
    for t in out:
        if t is not final and t.start + rules.match_minutes > final.start:
            raise Infeasible("final_alone", t.start + rules.match_minutes - final.start, t.key)
