"""The knockout's kick-offs: each tie as early as its feeders, the break after the groups,
the rests and a free pitch allow, on the five minutes as an organiser would announce them;
the final can be kept alone and last.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from domain.dayplan import Infeasible, TimeRules
from domain.model import BestOfPlace, Entrant, GroupPlace, Loser, Stage, Tie, Winner
from domain.planclock import Clock, Timed, pitch_windows

__all__ = ["ROUNDING", "time_ties"]

ROUNDING = 5  # knockout kick-offs are announced on the five minutes


def time_ties(
    ties: Sequence[Tie], group_timed: list[Timed], rules: TimeRules, clock: Clock
) -> list[Timed]:
    """Time the knockout ties in order, each as early as feeders, break, rest and pitch allow."""
    if not ties:
        return []
    windows = pitch_windows(rules, clock)
    free_at = [lo for lo, _ in windows]
    for t in group_timed:
        free_at[t.pitch] = max(free_at[t.pitch], t.start + rules.slot)
    group_end: dict[str, int] = {}
    for t in group_timed:
        if t.group is not None:
            group_end[t.group] = max(group_end.get(t.group, 0), t.start + rules.match_minutes)
    all_groups_end = max(group_end.values(), default=None)
    ends: dict[str, int] = {}
    out: list[Timed] = []
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
            Timed(
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


def _keep_final_last(out: list[Timed], rules: TimeRules) -> None:
    """Nothing may end after the final when it is meant to be played alone and last."""
    final = next((t for t in out if t.stage is Stage.FINAL), None)
    if final is None:
        return
    for t in out:
        if t is not final and t.start + rules.match_minutes > final.start:
            raise Infeasible("final_alone", t.start + rules.match_minutes - final.start, t.key)
