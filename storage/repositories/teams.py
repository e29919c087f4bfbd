"""The teams of a tournament with their draw (groups), and the captains who speak for each
team: at most three per team, one team per user.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from domain import names
from domain.model import Group
from storage.errors import AlreadyCaptain, DuplicateTeam, TeamNotFound, TooManyCaptains
from storage.mapping import grouped
from storage.records import Captaincy
from storage.rows import CaptainRow, ChatRow, TeamRow, TournamentRow
from storage.sql import ACTIVE, Repository

MAX_CAPTAINS = 3


class TeamRepository(Repository):
    async def add_many(
        self, tournament_id: int, teams: Sequence[str], groups: Sequence[Group] = ()
    ) -> dict[str, int]:
        """Insert teams in order, each with its group from the draw; returns name -> id."""
        if len(set(teams)) != len(teams):
            raise DuplicateTeam(next(t for t in teams if teams.count(t) > 1))
        group_of = {team: group.label for group in groups for team in group.teams}
        if unknown := set(group_of) - set(teams):
            raise TeamNotFound(sorted(unknown)[0])
        in_order = [(name, group_of.get(name)) for name in _draw_order(teams, groups)]
        return await self._insert(tournament_id, in_order)

    async def _insert(
        self, tournament_id: int, teams: Sequence[tuple[str, str | None]], first: int = 0
    ) -> dict[str, int]:
        """(name, group) teams at draw positions `first`, `first` + 1, ...; name -> id."""
        rows = [
            TeamRow(tournament_id=tournament_id, name=name, group_label=group, draw_position=at)
            for at, (name, group) in enumerate(teams, first)
        ]
        self._session.add_all(rows)
        await self._session.flush()
        return {row.name: row.id for row in rows}

    async def rename(self, tournament_id: int, old: str, new: str) -> None:
        """Rename team `old` to `new`. Matches, captains, cards and lots refer to the team
        by id, so the plan and everything else follow.

        `old` is the stored name, or one with the same `domain.names.key` (Turkish
        casing, spacing). Refused with TeamNotFound(old), and with DuplicateTeam(new)
        when another team of the tournament has the same key as `new`; the team itself
        may take another casing of its name ("Işıkspor" -> "IŞIKSPOR"). Edge spaces of
        `new` are dropped; an empty name is a ValueError.
        """
        new = new.strip()
        if not new:
            raise ValueError("a team name cannot be empty")
        teams = await self.ids(tournament_id)
        team_id = teams.get(old)
        if team_id is None:
            same = [id_ for name, id_ in teams.items() if names.key(name) == names.key(old)]
            if len(same) != 1:
                raise TeamNotFound(old)
            team_id = same[0]
        if any(id_ != team_id and names.key(name) == names.key(new) for name, id_ in teams.items()):
            raise DuplicateTeam(new)
        stmt = update(_teams).where(_teams.c.id == team_id).values(name=new)
        try:
            # A savepoint: a team added or renamed concurrently may take the name first
            # (the unique (tournament, name) constraint is the backstop).
            async with self._session.begin_nested():
                await self._session.execute(stmt)
        except IntegrityError as exc:
            raise DuplicateTeam(new) from exc

    async def ids(self, tournament_id: int) -> dict[str, int]:
        """The tournament's teams: name -> id."""
        stmt = select(TeamRow.name, TeamRow.id).where(TeamRow.tournament_id == tournament_id)
        return {name: id_ for name, id_ in await self._session.execute(stmt)}

    async def add_captain(
        self,
        tournament_id: int,
        team: str,
        user_id: int,
        *,
        first: bool = False,
        leave: bool = False,
    ) -> bool:
        """Make `user_id` a captain of `team`; at most three, and one team per user. True
        once they are (also when they were already).

        `leave`: a captain of another team leaves it in the same step (else AlreadyCaptain);
        if they cannot join, they stay where they were. `first`: only as the team's first
        captain. False, and nothing changed, when the team has a captain, or when a
        concurrent transaction has just made one (both try slot 1; on PostgreSQL the later
        waits on the unique index and then fails)."""
        team_id = (await self.ids(tournament_id)).get(team)
        if team_id is None:
            raise TeamNotFound(team)
        current = await self.captain_of(tournament_id, user_id)
        if current == team:
            return True
        if current is not None and not leave:
            raise AlreadyCaptain(user_id, current)
        taken = set(
            await self._session.scalars(
                select(CaptainRow.slot).where(CaptainRow.team_id == team_id)
            )
        )
        if first and taken:
            return False
        free = (1,) if first else tuple(s for s in range(1, MAX_CAPTAINS + 1) if s not in taken)
        for slot in free:
            row = CaptainRow(
                user_id=user_id, tournament_id=tournament_id, team_id=team_id, slot=slot
            )
            try:
                # A savepoint: a concurrent captain may take this slot; then try the next
                # (and the captain who was leaving their team has not left it).
                async with self._session.begin_nested():
                    if current is not None:
                        await self.remove_captain(tournament_id, user_id)
                    self._session.add(row)
            except IntegrityError:
                continue
            return True
        if first:
            return False
        raise TooManyCaptains(team, MAX_CAPTAINS)

    async def remove_captain(self, tournament_id: int, user_id: int) -> None:
        await self._session.execute(
            delete(CaptainRow).where(
                CaptainRow.tournament_id == tournament_id, CaptainRow.user_id == user_id
            )
        )

    async def remove_captains(self, tournament_id: int, team: str) -> tuple[int, ...]:
        """Every captain of `team` stops being one; their user ids, in slot order (an
        organiser's /kaptan_sil Takım). TeamNotFound for a name the tournament lacks."""
        team_id = (await self.ids(tournament_id)).get(team)
        if team_id is None:
            raise TeamNotFound(team)
        users = tuple(
            await self._session.scalars(
                select(CaptainRow.user_id)
                .where(CaptainRow.team_id == team_id)
                .order_by(CaptainRow.slot)
            )
        )
        if users:
            await self._session.execute(delete(CaptainRow).where(CaptainRow.team_id == team_id))
        return users

    async def captain_of(self, tournament_id: int, user_id: int) -> str | None:
        stmt = (
            select(TeamRow.name)
            .join(CaptainRow, CaptainRow.team_id == TeamRow.id)
            .where(CaptainRow.tournament_id == tournament_id, CaptainRow.user_id == user_id)
        )
        return await self._session.scalar(stmt)

    async def captaincies(self, user_id: int) -> list[Captaincy]:
        """The teams `user_id` captains in active tournaments, newest tournament first:
        for "ne zaman oynuyoruz?" asked in a private chat, where no group says which."""
        t = TournamentRow
        stmt = (
            select(t.id, t.chat_id, ChatRow.title, t.name, TeamRow.name)
            .select_from(CaptainRow)
            .join(t, t.id == CaptainRow.tournament_id)
            .join(ChatRow, ChatRow.id == t.chat_id)
            .join(TeamRow, TeamRow.id == CaptainRow.team_id)
            .where(CaptainRow.user_id == user_id, t.status == ACTIVE)
            .order_by(t.created_at.desc(), t.id.desc())
        )
        return [Captaincy(*row) for row in await self._session.execute(stmt)]

    async def captains(self, tournament_id: int) -> dict[str, tuple[int, ...]]:
        stmt = (
            select(TeamRow.name, CaptainRow.user_id)
            .join(CaptainRow, CaptainRow.team_id == TeamRow.id)
            .where(CaptainRow.tournament_id == tournament_id)
            .order_by(TeamRow.draw_position, CaptainRow.slot)
        )
        return grouped(await self._session.execute(stmt))


_teams = TeamRow.__table__


def _draw_order(teams: Sequence[str], groups: Sequence[Group]) -> list[str]:
    """Group members in draw order first, then the teams outside any group."""
    members = [team for group in groups for team in group.teams]
    return members + [team for team in teams if team not in set(members)]
