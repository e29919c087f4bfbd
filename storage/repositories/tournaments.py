"""Chats and their tournaments (one active per chat, the others archived), organisers, the
teams with their draw (groups) and the captains who speak for each team, and the inputs
of the tie-break rules that are not scores: cards (fair play) and drawn lots.

Nothing is deleted: an archived tournament keeps its teams, plan and results, says why it
was archived ('ended' or 'replaced'), and can be the chat's active one again (`restore`).
A chat's tournaments carry a number, 1 for its first, in the order they were created: the
number `/turnuvalar` shows and `/geri_yukle N` takes, the same after any restore.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, Literal
from zoneinfo import ZoneInfo

from sqlalchemy import bindparam, delete, exists, func, insert, null, select, update
from sqlalchemy.exc import IntegrityError

from domain import names
from domain.model import Group
from storage.errors import (
    ActiveTournamentExists,
    AlreadyCaptain,
    DuplicateTeam,
    MatchNotFound,
    TeamNotFound,
    TooManyCaptains,
    TournamentNotFound,
)
from storage.mapping import (
    SETTINGS,
    groups_from_json,
    settings_columns,
    stored_matches,
    tournament_from_row,
)
from storage.records import Captaincy, Loaded, NewTournament, Tournament
from storage.repositories.matches import MatchRepository, matches_json, teams_of
from storage.rows import (
    CaptainRow,
    CardRow,
    ChatRow,
    LotPlaceRow,
    LotRow,
    MatchRow,
    OrganiserRow,
    ResultRow,
    TeamRow,
    TournamentRow,
)
from storage.sql import ACTIVE, Repository, insert_if_absent, json_rows

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
        stmt = (
            update(TeamRow)
            .where(TeamRow.id == team_id)
            .values(name=new)
            .execution_options(synchronize_session=False)
        )
        try:
            # A savepoint: a team added or renamed concurrently may take the name first
            # (the unique (tournament, name) constraint is the backstop).
            async with self._session.begin_nested():
                await self._session.execute(stmt)
        except IntegrityError as exc:
            raise DuplicateTeam(new) from exc

    async def ids(self, tournament_id: int) -> dict[str, int]:
        return await teams_of(self._session, tournament_id)

    async def groups(self, tournament_id: int) -> tuple[Group, ...]:
        """The draw alone (groups by label, teams in draw order); `tournaments.load` reads
        it with the rest of the tournament in the same statement."""
        stmt = select(_teams.c.group_label, _teams.c.name).where(
            _teams.c.tournament_id == tournament_id, _teams.c.group_label.is_not(None)
        )
        by_label: dict[str, list[str]] = {}
        for label, name in await self._session.execute(
            stmt.order_by(_teams.c.group_label, _teams.c.draw_position)
        ):
            by_label.setdefault(label, []).append(name)
        return tuple(Group(label, tuple(teams)) for label, teams in by_label.items())

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
        by_team: dict[str, list[int]] = {}
        for name, user in await self._session.execute(stmt):
            by_team.setdefault(name, []).append(user)
        return {name: tuple(users) for name, users in by_team.items()}


_teams = TeamRow.__table__


def _draw_order(teams: Sequence[str], groups: Sequence[Group]) -> list[str]:
    """Group members in draw order first, then the teams outside any group."""
    grouped = [team for group in groups for team in group.teams]
    return grouped + [team for team in teams if team not in set(grouped)]


CARD_KINDS = ("yellow", "second_yellow", "red", "yellow_red")


class TiebreakRepository(Repository):
    async def add_cards(
        self,
        tournament_id: int,
        cards: Sequence[tuple[str, str]],
        recorded_by: int,
        at: datetime,
        match_no: int | None = None,
    ) -> None:
        """Record (team, kind) cards, optionally against a match."""
        ids = await teams_of(self._session, tournament_id)
        match_id = None
        if match_no is not None:
            match_id = await self._session.scalar(
                select(MatchRow.id).where(
                    MatchRow.tournament_id == tournament_id, MatchRow.no == match_no
                )
            )
            if match_id is None:
                raise MatchNotFound(match_no)
        rows = []
        for team, kind in cards:
            if team not in ids:
                raise TeamNotFound(team)
            if kind not in CARD_KINDS:
                raise ValueError(f"unknown card kind {kind!r}")
            rows.append(
                {
                    "tournament_id": tournament_id,
                    "team_id": ids[team],
                    "match_id": match_id,
                    "kind": kind,
                    "recorded_by": recorded_by,
                    "recorded_at": at,
                }
            )
        if rows:
            await self._session.execute(insert(CardRow), rows)

    async def cards(self, tournament_id: int) -> list[tuple[str, str]]:
        stmt = (
            select(TeamRow.name, CardRow.kind)
            .join(TeamRow, TeamRow.id == CardRow.team_id)
            .where(CardRow.tournament_id == tournament_id)
            .order_by(CardRow.id)
        )
        return [(team, kind) for team, kind in await self._session.execute(stmt)]

    async def record_lot(
        self, tournament_id: int, scope: str, order: Sequence[str], recorded_by: int, at: datetime
    ) -> None:
        """Store the organiser's drawn order for `scope`, replacing an earlier drawing."""
        ids = await teams_of(self._session, tournament_id)
        for team in order:
            if team not in ids:
                raise TeamNotFound(team)
        await self._session.execute(
            delete(LotRow).where(LotRow.tournament_id == tournament_id, LotRow.scope == scope)
        )
        lot = LotRow(
            tournament_id=tournament_id, scope=scope, recorded_by=recorded_by, recorded_at=at
        )
        self._session.add(lot)
        await self._session.flush()
        places = [
            {"lot_id": lot.id, "position": i, "team_id": ids[team]} for i, team in enumerate(order)
        ]
        if places:
            await self._session.execute(insert(LotPlaceRow), places)

    async def lots(self, tournament_id: int) -> dict[str, tuple[str, ...]]:
        """scope -> teams in drawn order."""
        stmt = (
            select(LotRow.scope, TeamRow.name)
            .join(LotPlaceRow, LotPlaceRow.lot_id == LotRow.id)
            .join(TeamRow, TeamRow.id == LotPlaceRow.team_id)
            .where(LotRow.tournament_id == tournament_id)
            .order_by(LotRow.scope, LotPlaceRow.position)
        )
        by_scope: dict[str, list[str]] = {}
        for scope, team in await self._session.execute(stmt):
            by_scope.setdefault(scope, []).append(team)
        return {scope: tuple(teams) for scope, teams in by_scope.items()}


Reason = Literal["ended", "replaced"]


@dataclass(frozen=True)
class Numbered:
    """One of a chat's tournaments as its list shows it. `reason`: None while it runs."""

    number: int
    tournament: Tournament
    reason: Reason | None
    archived_at: datetime | None
    matches: int
    played: int


class TournamentRepository(Repository):
    async def create(
        self, new: NewTournament, at: datetime, *, replace_active: bool = False
    ) -> int:
        """Store a tournament (active) with its organisers, teams, draw and plan; returns
        its id.

        With `replace_active` the chat's current tournament is archived first as
        'replaced' (same transaction; it keeps everything and can be restored); otherwise
        an active one makes this raise ActiveTournamentExists, as does one created
        meanwhile by a racing transaction. Who may replace a running tournament is the
        caller's question.
        """
        if replace_active and (current := await self.active_for_chat(new.chat_id)):
            await self.archive(current.id, at, "replaced")
        chat = {"id": new.chat_id, "title": new.chat_title, "created_at": at}
        await insert_if_absent(self._session, ChatRow.__table__, chat, ["id"])
        if await self.active_for_chat(new.chat_id) is not None:
            raise ActiveTournamentExists(new.chat_id)
        row = TournamentRow(
            chat_id=new.chat_id,
            name=new.name,
            status="active",
            created_by=new.created_by,
            created_at=at,
            **settings_columns(new.settings),
        )
        self._session.add(row)
        try:
            # The partial unique index is the backstop when two creations race.
            await self._session.flush()
        except IntegrityError as exc:
            raise ActiveTournamentExists(new.chat_id) from exc
        roles = {new.created_by: "creator"} | {
            user: "co" for user in new.co_organisers if user != new.created_by
        }
        self._session.add_all(
            OrganiserRow(tournament_id=row.id, user_id=user, role=role, added_at=at)
            for user, role in roles.items()
        )
        team_ids = await TeamRepository(self._session).add_many(row.id, new.teams, new.groups)
        await MatchRepository(self._session).add(row.id, new.plan, team_ids)
        return row.id

    async def get(self, tournament_id: int) -> Tournament:
        row = (await self._session.execute(_BY_ID, {"id": tournament_id})).one_or_none()
        if row is None:
            raise TournamentNotFound(tournament_id)
        return tournament_from_row(row)

    async def load(self, tournament_id: int) -> Loaded:
        """The tournament, its draw and its matches with their results, in one statement
        (times on the tournament's clock)."""
        stmt = _load(self._session.get_bind().dialect.name, by_chat=False)
        row = (await self._session.execute(stmt, {"id": tournament_id})).one_or_none()
        if row is None:
            raise TournamentNotFound(tournament_id)
        return _loaded(row)

    async def running(self, chat_id: int, *, matches: bool = True) -> Loaded | None:
        """The chat's active tournament as `load` gives it, in one statement; None if none.
        Without `matches` its draw only (`matches` empty): what most result lines need."""
        stmt = _load(self._session.get_bind().dialect.name, by_chat=True, matches=matches)
        row = (await self._session.execute(stmt, {"chat_id": chat_id})).one_or_none()
        return None if row is None else _loaded(row)

    async def update_settings(self, tournament_id: int, **changes: Any) -> Tournament:
        """Change some of the tournament's settings (fields of TournamentSettings, e.g.
        captains_may_enter_results, reminder_leads, tie_break, withdrawn); returns the
        tournament as stored now. A field is replaced whole: `withdrawn=` is the new
        tuple, not merged into the old one. An unknown field name is a ValueError.
        """
        if unknown := sorted(set(changes).difference(SETTINGS)):
            raise ValueError(f"unknown tournament settings: {', '.join(unknown)}")
        row = await self._session.get(TournamentRow, tournament_id)
        if row is None:
            raise TournamentNotFound(tournament_id)
        settings = dataclasses.replace(tournament_from_row(row).settings, **changes)
        for name, value in settings_columns(settings).items():
            if name in changes:
                setattr(row, name, value)
        await self._session.flush()
        return tournament_from_row(row)

    async def active_for_chat(self, chat_id: int) -> Tournament | None:
        """Every chat action starts here: plain columns, no ORM entity loading."""
        row = (await self._session.execute(_ACTIVE, {"chat_id": chat_id})).one_or_none()
        return None if row is None else tournament_from_row(row)  # a Row reads like the entity

    async def created_by(self, user_id: int) -> list[int]:
        """The active tournaments `user_id` created: their nudges go to the creator."""
        stmt = (
            select(TournamentRow.id)
            .where(TournamentRow.created_by == user_id, TournamentRow.status == "active")
            .order_by(TournamentRow.id)
        )
        return list(await self._session.scalars(stmt))

    async def numbered(self, chat_id: int) -> list[Numbered]:
        """The chat's tournaments, numbered 1.. in the order they were created, with how
        many matches each has and how many of them have a result."""
        matches = (
            select(
                MatchRow.tournament_id.label("tid"),
                func.count(MatchRow.id).label("matches"),
                func.count(ResultRow.match_id).label("played"),
            )
            .outerjoin(ResultRow, ResultRow.match_id == MatchRow.id)
            .group_by(MatchRow.tournament_id)
            .subquery()
        )
        stmt = (
            select(
                *_tournaments.columns,
                func.coalesce(matches.c.matches, 0).label("match_count"),
                func.coalesce(matches.c.played, 0).label("played_count"),
            )
            .outerjoin(matches, matches.c.tid == _tournaments.c.id)
            .where(_tournaments.c.chat_id == chat_id)
            .order_by(_tournaments.c.id)
        )
        return [
            Numbered(
                number,
                tournament_from_row(row),
                row.archive_reason,
                row.archived_at,
                row.match_count,
                row.played_count,
            )
            for number, row in enumerate(await self._session.execute(stmt), start=1)
        ]

    async def archive(self, tournament_id: int, at: datetime, reason: Reason = "ended") -> None:
        """No longer the chat's active tournament: ended by an organiser, or replaced by
        another one (a new set-up, or one brought back)."""
        stmt = (
            update(TournamentRow)
            .where(TournamentRow.id == tournament_id)
            .values(status="archived", archived_at=at, archive_reason=reason)
        )
        if not await self._rowcount(stmt):
            raise TournamentNotFound(tournament_id)

    async def restore(self, tournament_id: int) -> None:
        """An archived tournament becomes its chat's active one again, with everything it
        had; archive the running one first. TournamentNotFound: no archived tournament has
        this id. ActiveTournamentExists: the chat runs another one (the partial unique
        index settles two restores racing)."""
        found = (
            await self._session.execute(
                select(_tournaments.c.chat_id).where(
                    _tournaments.c.id == tournament_id, _tournaments.c.status == "archived"
                )
            )
        ).scalar_one_or_none()
        if found is None:
            raise TournamentNotFound(tournament_id)
        stmt = (
            update(TournamentRow)
            .where(TournamentRow.id == tournament_id)
            .values(status="active", archived_at=None, archive_reason=None)
        )
        try:
            await self._session.execute(stmt)
        except IntegrityError as exc:
            raise ActiveTournamentExists(found) from exc

    async def add_organiser(self, tournament_id: int, user_id: int, at: datetime) -> bool:
        values = {"tournament_id": tournament_id, "user_id": user_id, "role": "co", "added_at": at}
        key = ["tournament_id", "user_id"]
        return await insert_if_absent(self._session, OrganiserRow.__table__, values, key)

    async def is_organiser(self, tournament_id: int, user_id: int) -> bool:
        stmt = select(
            exists().where(
                OrganiserRow.tournament_id == tournament_id, OrganiserRow.user_id == user_id
            )
        )
        return bool(await self._session.scalar(stmt))

    async def organisers(self, tournament_id: int) -> dict[int, str]:
        stmt = select(OrganiserRow.user_id, OrganiserRow.role).where(
            OrganiserRow.tournament_id == tournament_id
        )
        return {user: role for user, role in await self._session.execute(stmt)}


_tournaments = TournamentRow.__table__
# Table columns only (no ORM attribute anywhere): the session runs these as Core statements.
_ACTIVE = select(*_tournaments.columns).where(
    _tournaments.c.chat_id == bindparam("chat_id"), _tournaments.c.status == ACTIVE
)
_BY_ID = select(*_tournaments.columns).where(_tournaments.c.id == bindparam("id"))


@cache
def _load(dialect: str, *, by_chat: bool, matches: bool = True) -> Any:
    """The tournament's row with two JSON values: its grouped teams and its matches."""
    teams = (
        select(json_rows(dialect, _teams.c.group_label, _teams.c.name, _teams.c.draw_position))
        .where(_teams.c.tournament_id == _tournaments.c.id, _teams.c.group_label.is_not(None))
        .scalar_subquery()
    )
    stmt = select(
        *_tournaments.columns,
        teams.label("teams_json"),
        (matches_json(dialect, _tournaments.c.id) if matches else null()).label("matches_json"),
    )
    return stmt.where(_ACTIVE.whereclause if by_chat else _BY_ID.whereclause)


def _loaded(row: Any) -> Loaded:
    tournament = tournament_from_row(row)
    zone = ZoneInfo(tournament.settings.time_zone)
    return Loaded(
        tournament, groups_from_json(row.teams_json), stored_matches(row.matches_json, zone)
    )
