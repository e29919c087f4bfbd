"""The captains' private messages after a change of times (/gecikme, /ertele,
/hafta_ertele): each reachable captain hears once of every moved match of their team,
with a correction where a reminder of one already went out at the old time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.usecases import snapshots
from domain.model import PlannedMatch
from domain.reminders import CAPTAIN
from storage import UnitOfWork


@dataclass(frozen=True)
class Notice:
    """One private message: a captain's own match, before and after the change; `also`
    the team's other moved matches (a delay moves several), `reminded` the numbers of
    those whose reminder this captain got already with the old time (to be corrected)."""

    user_id: int
    team: str
    old: PlannedMatch
    new: PlannedMatch
    also: tuple[tuple[PlannedMatch, PlannedMatch], ...] = ()
    reminded: tuple[int, ...] = ()

    @property
    def changes(self) -> tuple[tuple[PlannedMatch, PlannedMatch], ...]:
        return ((self.old, self.new), *self.also)


async def captain_notices(
    uow: UnitOfWork, snap: snapshots.Snapshot, changes: Sequence[tuple[PlannedMatch, PlannedMatch]]
) -> tuple[Notice, ...]:
    """Per reachable captain, every moved match of their team (one message), and which of
    them they were reminded of already at the old time; nobody else's."""
    mine: dict[str, list[tuple[PlannedMatch, PlannedMatch]]] = {}
    for old, new in changes:
        for team in (new.home, new.away):
            if team is not None:
                mine.setdefault(team, []).append((old, new))
    if not mine:
        return ()
    captains = {t: users for t, users in (await uow.teams.captains(snap.id)).items() if t in mine}
    everyone = {u for users in captains.values() for u in users}
    reachable = await uow.private_chats.reachable(everyone) if everyone else set()
    if not reachable:
        return ()
    sent = {
        (no, user)
        for (no, user, kind), status in (await uow.reminders.status(snap.id)).items()
        if status == "sent" and kind.startswith(CAPTAIN)
    }
    return tuple(
        Notice(
            user,
            team,
            *mine[team][0],
            also=tuple(mine[team][1:]),
            reminded=tuple(old.no for old, _ in mine[team] if (old.no, user) in sent),
        )
        for team, users in captains.items()
        for user in users
        if user in reachable
    )
