"""The day plan: every match on a pitch and a kick-off time.

Group (or league) matches sit on a grid of slots shared by all pitches (slot = match +
changeover), chosen by `domain.slots` and, for small shapes, polished by CP-SAT. Knockout
matches follow as soon as their feeders, the break and the rests allow, kick-offs rounded
up to five minutes as an organiser would announce them; the final can be kept alone and last.

`plan` puts the parts together: the terms are in `domain.dayplan`, the group stage's slots
in `domain.groupslots`, the knockout's kick-offs in `domain.knockouttimes`, the minutes
they all count in in `domain.planclock`.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain import slots
from domain.dayplan import Bye, Draft, NoPitch, Plan, TimeRules
from domain.groupslots import slot_plan
from domain.knockouttimes import time_ties
from domain.model import PlannedMatch, Stage
from domain.planclock import Clock, Timed, pitch_windows
from domain.sidewords import worded
from domain.tiesides import source_code

__all__ = ["plan"]


def plan(draft: Draft, rules: TimeRules) -> Plan:
    """Plan every match of `draft` under `rules`; raises Infeasible with the broken rule."""
    if not rules.pitches:
        raise NoPitch("at least one pitch is needed")
    clock = Clock(rules)
    group_matches, byes = _group_matches(draft)
    stage = Stage.LEAGUE if draft.league else Stage.GROUP
    timed: list[Timed] = []
    used_slots = bound = b2b = triples = 0
    if group_matches:
        chosen, bound = slot_plan(draft, group_matches, rules, clock)
        used_slots, b2b, triples = chosen.slots, chosen.back_to_backs, chosen.triples
        timed = _pitch_assignment(group_matches, chosen.slot_of, rules, clock, draft, stage)
    timed += time_ties(draft.ties, timed, rules, clock)
    timed.sort(key=lambda t: (t.start, t.pitch))
    numbers = {t.key: i + 1 for i, t in enumerate(timed) if t.key}
    matches = worded(
        [
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
        ]
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


def _pitch_assignment(
    matches: list[slots.SlotMatch],
    slot_of: Sequence[int],
    rules: TimeRules,
    clock: Clock,
    draft: Draft,
    stage: Stage,
) -> list[Timed]:
    windows = pitch_windows(rules, clock)
    by_slot: dict[int, list[slots.SlotMatch]] = {}
    for m in matches:
        by_slot.setdefault(slot_of[m.index], []).append(m)
    timed: list[Timed] = []
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
                Timed(
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
