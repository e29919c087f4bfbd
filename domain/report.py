"""What the organiser checks before printing: per team, per pitch, and the checklist.

Every figure is derived from the plan itself, so the checklist can never disagree with the
fixture it sits under.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from domain.dayplan import Plan
from domain.model import PlannedMatch, Stage


@dataclass(frozen=True)
class TeamLine:
    team: str
    matches: int
    play_minutes: int
    first_kickoff: datetime | None
    last_kickoff: datetime | None
    smallest_rest: int | None
    back_to_backs: int
    byes: int
    breaks: int  # two home or two away games in a row (matters in season leagues)


@dataclass(frozen=True)
class PitchLine:
    pitch: str
    matches: int
    first_use: datetime
    last_use: datetime


@dataclass(frozen=True)
class Checklist:
    matches: int
    fewest_matches: int
    most_matches: int
    fewest_play_minutes: int
    most_play_minutes: int
    pairs_once: bool
    overlaps: tuple[tuple[int, int], ...]
    day_end: datetime

    def player_minutes(self, players_on_pitch: int) -> tuple[int, int]:
        return (
            self.fewest_play_minutes * players_on_pitch,
            self.most_play_minutes * players_on_pitch,
        )


def team_lines(plan: Plan) -> list[TeamLine]:
    """Known matches per team (knockout sides count once they are known)."""
    rules = plan.rules
    byes = Counter(b.team for b in plan.byes)
    teams = [t for g in plan.groups for t in g.teams]
    teams += sorted({t for m in plan.matches for t in (m.home, m.away) if t and t not in teams})
    lines = []
    for team in teams:
        mine = [m for m in plan.matches if m.involves(team)]
        sides = [m.home == team for m in mine if not m.stage.is_knockout]
        rests = [int((b.start - a.end).total_seconds() // 60) for a, b in itertools.pairwise(mine)]
        lines.append(
            TeamLine(
                team=team,
                matches=len(mine),
                play_minutes=len(mine) * rules.play_minutes,
                first_kickoff=mine[0].start if mine else None,
                last_kickoff=mine[-1].start if mine else None,
                smallest_rest=min(rests, default=None),
                back_to_backs=sum(1 for r in rests if r == rules.changeover),
                byes=byes[team],
                breaks=sum(1 for a, b in itertools.pairwise(sides) if a == b),
            )
        )
    return lines


def pitch_lines(plan: Plan) -> list[PitchLine]:
    lines = []
    for pitch in plan.rules.pitches:
        mine = [m for m in plan.matches if m.pitch == pitch.name]
        if mine:
            lines.append(PitchLine(pitch.name, len(mine), mine[0].start, mine[-1].end))
    return lines


def checklist(plan: Plan) -> Checklist:
    """The article's pre-print checks, computed from the plan."""
    rules = plan.rules
    group_games = Counter(
        t for m in plan.matches if not m.stage.is_knockout for t in (m.home, m.away)
    )
    knockout_depth = len(
        {m.stage for m in plan.matches if m.stage.is_knockout and m.stage is not Stage.THIRD}
    )
    in_groups = [group_games[t] for g in plan.groups for t in g.teams]
    fewest = min(in_groups, default=1 if knockout_depth else 0)
    most = max(in_groups, default=0) + knockout_depth
    if not plan.groups:  # pure knockout: a first-round loser plays once
        fewest = 1
    return Checklist(
        matches=len(plan.matches),
        fewest_matches=fewest,
        most_matches=most,
        fewest_play_minutes=fewest * rules.play_minutes,
        most_play_minutes=most * rules.play_minutes,
        pairs_once=pairs_once(plan),
        overlaps=overlaps(plan.matches),
        day_end=plan.day_end,
    )


def pairs_once(plan: Plan) -> bool:
    """Within each group every pair meets, and each as often as the others (once per leg)."""
    counts = Counter(frozenset((m.home, m.away)) for m in plan.matches if not m.stage.is_knockout)
    expected = {
        frozenset((a, b))
        for g in plan.groups
        for i, a in enumerate(g.teams)
        for b in g.teams[i + 1 :]
    }
    return set(counts) == expected and len(set(counts.values())) <= 1


def overlaps(matches: tuple[PlannedMatch, ...]) -> tuple[tuple[int, int], ...]:
    """Pairs of match numbers that share a team or a pitch at the same time."""
    found = []
    for i, a in enumerate(matches):
        for b in matches[i + 1 :]:
            if not (a.start < b.end and b.start < a.end):
                continue
            shared = {a.home, a.away} & {b.home, b.away} - {None}
            if shared or a.pitch == b.pitch:
                found.append((a.no, b.no))
    return tuple(found)
