"""Teams of a tournament, the draw (groups), and the captains who speak for each team."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.model import Group
from storage.errors import AlreadyCaptain, DuplicateTeam, TeamNotFound, TooManyCaptains
from storage.rows import CaptainRow, TeamRow

MAX_CAPTAINS = 3


class TeamRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add_many(
        self, tournament_id: int, teams: Sequence[str], groups: Sequence[Group] = ()
    ) -> dict[str, int]:
        """Insert teams in order, each with its group from the draw; returns name -> id."""
        if len(set(teams)) != len(teams):
            raise DuplicateTeam(next(t for t in teams if teams.count(t) > 1))
        group_of = {team: group.label for group in groups for team in group.teams}
        if unknown := set(group_of) - set(teams):
            raise TeamNotFound(sorted(unknown)[0])
        rows = [
            TeamRow(
                tournament_id=tournament_id,
                name=name,
                group_label=group_of.get(name),
                draw_position=position,
            )
            for position, name in enumerate(_draw_order(teams, groups))
        ]
        self._session.add_all(rows)
        await self._session.flush()
        return {row.name: row.id for row in rows}

    async def add(self, tournament_id: int, name: str, group: str | None = None) -> int:
        """A team added later (e.g. before kick-off); it goes last in the draw order."""
        existing = await self.ids(tournament_id)
        if name in existing:
            raise DuplicateTeam(name)
        row = TeamRow(
            tournament_id=tournament_id,
            name=name,
            group_label=group,
            draw_position=len(existing),
        )
        self._session.add(row)
        await self._session.flush()
        return row.id

    async def ids(self, tournament_id: int) -> dict[str, int]:
        stmt = select(TeamRow.name, TeamRow.id).where(TeamRow.tournament_id == tournament_id)
        return {name: id_ for name, id_ in await self._session.execute(stmt)}

    async def names(self, tournament_id: int) -> tuple[str, ...]:
        stmt = (
            select(TeamRow.name)
            .where(TeamRow.tournament_id == tournament_id)
            .order_by(TeamRow.draw_position)
        )
        return tuple((await self._session.scalars(stmt)).all())

    async def groups(self, tournament_id: int) -> tuple[Group, ...]:
        """The draw: groups by label, teams in draw order."""
        stmt = (
            select(TeamRow.group_label, TeamRow.name)
            .where(TeamRow.tournament_id == tournament_id, TeamRow.group_label.is_not(None))
            .order_by(TeamRow.group_label, TeamRow.draw_position)
        )
        by_label: dict[str, list[str]] = {}
        for label, name in await self._session.execute(stmt):
            by_label.setdefault(label or "", []).append(name)
        return tuple(Group(label, tuple(teams)) for label, teams in by_label.items())

    async def add_captain(self, tournament_id: int, team: str, user_id: int) -> None:
        """Make `user_id` a captain of `team`; at most three, and one team per user."""
        team_id = (await self.ids(tournament_id)).get(team)
        if team_id is None:
            raise TeamNotFound(team)
        current = await self.captain_of(tournament_id, user_id)
        if current == team:
            return
        if current is not None:
            raise AlreadyCaptain(user_id, current)
        taken = set(
            await self._session.scalars(
                select(CaptainRow.slot).where(CaptainRow.team_id == team_id)
            )
        )
        for slot in (s for s in range(1, MAX_CAPTAINS + 1) if s not in taken):
            row = CaptainRow(
                user_id=user_id, tournament_id=tournament_id, team_id=team_id, slot=slot
            )
            try:
                # A savepoint: a concurrent captain may take this slot; then try the next.
                async with self._session.begin_nested():
                    self._session.add(row)
            except IntegrityError:
                continue
            return
        raise TooManyCaptains(team, MAX_CAPTAINS)

    async def remove_captain(self, tournament_id: int, user_id: int) -> None:
        await self._session.execute(
            delete(CaptainRow).where(
                CaptainRow.tournament_id == tournament_id, CaptainRow.user_id == user_id
            )
        )

    async def captain_of(self, tournament_id: int, user_id: int) -> str | None:
        stmt = (
            select(TeamRow.name)
            .join(CaptainRow, CaptainRow.team_id == TeamRow.id)
            .where(CaptainRow.tournament_id == tournament_id, CaptainRow.user_id == user_id)
        )
        return await self._session.scalar(stmt)

    async def captains(self, tournament_id: int) -> dict[str, tuple[int, ...]]:
        stmt = (
            select(TeamRow.name, CaptainRow.user_id)
            .join(CaptainRow, CaptainRow.team_id == TeamRow.id)
            .where(CaptainRow.tournament_id == tournament_id)
            .order_by(TeamRow.draw_position, CaptainRow.slot)
        )
        by_team: dict[str, list[int]] = {}
        for name, user in await self._session.execute(stmt):
            by_team.setdefault(name, []).append(user)
        return {name: tuple(users) for name, users in by_team.items()}


def _draw_order(teams: Sequence[str], groups: Sequence[Group]) -> list[str]:
    """Group members in draw order first, then the teams outside any group."""
    grouped = [team for group in groups for team in group.teams]
    return grouped + [team for team in teams if team not in set(grouped)]
