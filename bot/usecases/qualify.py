"""Going through the group ("gruptan çıkıyor muyuz", "finale kaldık mı"): the team's
outlook in its group and its matches left, or once the group is over its fate; a team
that has played in the knockout is answered by its next match instead
(bot.usecases.questions), the group's fate being old news by then."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from bot.usecases import snapshots
from bot.usecases.fates import group_fates
from domain import outlook
from domain.fates import TeamFate, best_of_slots
from domain.model import PlannedMatch


@dataclass(frozen=True)
class QualifyAnswer:
    """ "gruptan çıkıyor muyuz": the team's outlook in its group, and its matches left."""

    team: str
    outlook: outlook.Outlook | None  # None: the tournament has no group stage to leave
    left: tuple[PlannedMatch, ...] = ()
    awaiting: tuple[PlannedMatch, ...] = field(default=())
    fate: TeamFate | None = None  # the group is over: through (to which match), out, waiting
    best_place: int | None = None  # a best n-th placed team goes through, and it may be one
    best_slots: int = 0


def qualify_answer(snap: snapshots.Snapshot, team: str, now: datetime) -> QualifyAnswer:
    group = snap.group_of(team)
    knockout = [m.match for m in snap.matches if m.match.stage.is_knockout]
    if group is None or not knockout:
        return QualifyAnswer(team, None)
    places, best_of = outlook.group_places(knockout, group.label)
    members = set(group.teams)
    open_ = [
        m.match
        for m in snap.matches
        if m.result is None and not m.match.stage.is_knockout and m.match.home in members
    ]
    remaining = [(m.home or "", m.away or "") for m in open_]
    seen = outlook.outlook(
        snap.table(group.label), group.label, team, remaining, places, best_of=best_of
    )
    mine = tuple(m for m in open_ if m.involves(team))
    awaiting = snap.overdue(now, team)
    if seen.status is outlook.Status.DONE:
        fate = next((f for f in group_fates(snap, group.label) if f.team == team), None)
        return QualifyAnswer(team, seen, mine, awaiting, fate)
    slots = best_of_slots(knockout, places + 1)
    best = None
    if slots and seen.status is not outlook.Status.THROUGH:
        extra = outlook.outlook(snap.table(group.label), group.label, team, remaining, places + 1)
        best = places + 1 if extra.status is not outlook.Status.OUT else None
    return QualifyAnswer(team, seen, mine, awaiting, None, best, slots)


def knockout_played(snap: snapshots.Snapshot, team: str) -> bool:
    """The team has a knockout result: it went through its group and played on."""
    return any(
        m.result is not None and m.match.stage.is_knockout and m.match.involves(team)
        for m in snap.matches
    )
