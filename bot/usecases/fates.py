"""Each team's fate once its group is over (domain.fates), from a snapshot: for the
message that follows a group's last result and for "gruptan çıktık mı?"."""

from __future__ import annotations

from bot.usecases.snapshots import Snapshot
from domain import outlook
from domain.fates import Fate, TeamFate, best_of_slots, fates


def group_fates(snap: Snapshot, label: str) -> tuple[TeamFate, ...]:
    """The fates of group `label`'s teams; () while the group is still being played or
    when no knockout follows."""
    knockout = [m.match for m in snap.matches if m.match.stage.is_knockout]
    if not knockout or not snap.group_finished(label):
        return ()
    places, _ = outlook.group_places(knockout, label)
    unfinished = tuple(
        g.label for g in snap.groups if g.label != label and not snap.group_finished(g.label)
    )
    return fates(label, snap.table(label), knockout, places=places, unfinished=unfinished)


def settled_best_of(snap: Snapshot, done: str) -> tuple[TeamFate, ...]:
    """When the last group ends: the fates of other groups' teams that waited for it (the
    candidates for the best n-th places), now through or out."""
    knockout = [m.match for m in snap.matches if m.match.stage.is_knockout]
    if not knockout or not all(snap.group_finished(g.label) for g in snap.groups):
        return ()
    settled: list[TeamFate] = []
    for g in snap.groups:
        if g.label == done:
            continue
        places, _ = outlook.group_places(knockout, g.label)
        if not best_of_slots(knockout, places + 1):
            continue
        found = fates(g.label, snap.table(g.label), knockout, places=places)
        settled += [f for f in found if f.best_of and f.fate is not Fate.WAITING]
    return tuple(settled)
