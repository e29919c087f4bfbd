"""Chats and their tournaments (one active per chat, the others archived), their settings
and organisers, and the one statement that reads a tournament whole.

Nothing is deleted: an archived tournament keeps its teams, plan and results, says why it
was archived ('ended' or 'replaced'), and can be the chat's active one again (`restore`).
A chat's tournaments carry a number, 1 for its first, in the order they were created: the
number `/turnuvalar` shows and `/geri_yukle N` takes, the same after any restore.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, Literal
from zoneinfo import ZoneInfo

from sqlalchemy import bindparam, func, null, select, update
from sqlalchemy.exc import IntegrityError

from storage.bookkeeping_rows import SetupStateRow
from storage.errors import ActiveTournamentExists, TournamentNotFound
from storage.mapping import (
    SETTINGS,
    groups_from_json,
    settings_columns,
    stored_matches,
    tournament_from_row,
)
from storage.records import Loaded, NewTournament, Tournament
from storage.repositories.matches import MatchRepository, matches_json
from storage.repositories.players import (
    bans_from_json,
    bans_json,
    events_from_json,
    events_json,
    squads_from_json,
    squads_json,
)
from storage.repositories.teams import TeamRepository
from storage.rows import ChatRow, MatchRow, OrganiserRow, ResultRow, TeamRow, TournamentRow
from storage.sql import ACTIVE, Repository, insert_if_absent, json_rows

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
        stmt = _load(self._dialect, by_chat=False)
        row = (await self._session.execute(stmt, {"id": tournament_id})).one_or_none()
        if row is None:
            raise TournamentNotFound(tournament_id)
        return _loaded(row)

    async def running(self, chat_id: int, *, matches: bool = True) -> Loaded | None:
        """The chat's active tournament as `load` gives it, in one statement; None if none.
        Without `matches` its draw only (`matches` empty): what most result lines need."""
        stmt = _load(self._dialect, by_chat=True, matches=matches)
        row = (await self._session.execute(stmt, {"chat_id": chat_id})).one_or_none()
        return None if row is None else _loaded(row)

    async def running_or_talk(
        self, chat_id: int, user_id: int, *, matches: bool = True
    ) -> tuple[Loaded | None, dict[str, Any] | None]:
        """`running`, and in the same statement the conversation stored for (chat, user):
        a plain message's one read also tells whether a set-up waits for its answer."""
        stmt = _talk_load(self._dialect, matches)
        row = (await self._session.execute(stmt, {"chat_id": chat_id, "user_id": user_id})).one()
        talk = None if row.talk is None else dict(row.talk)
        return (None if row.id is None else _loaded(row)), talk

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
        if not await self._rowcount(_status(tournament_id, "archived", at, reason)):
            raise TournamentNotFound(tournament_id)

    async def restore(self, tournament_id: int) -> None:
        """An archived tournament becomes its chat's active one again, with everything it
        had; archive the running one first. TournamentNotFound: no archived tournament has
        this id. ActiveTournamentExists: the chat runs another one (the partial unique
        index settles two restores racing)."""
        t = _tournaments.c
        archived = select(t.chat_id).where(t.id == tournament_id, t.status == "archived")
        found = await self._session.scalar(archived)
        if found is None:
            raise TournamentNotFound(tournament_id)
        try:
            await self._session.execute(_status(tournament_id, "active", None, None))
        except IntegrityError as exc:
            raise ActiveTournamentExists(found) from exc

    async def add_organiser(self, tournament_id: int, user_id: int, at: datetime) -> bool:
        values = {"tournament_id": tournament_id, "user_id": user_id, "role": "co", "added_at": at}
        key = ["tournament_id", "user_id"]
        return await insert_if_absent(self._session, OrganiserRow.__table__, values, key)

    async def is_organiser(self, tournament_id: int, user_id: int) -> bool:
        return user_id in await self.organisers(tournament_id)

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
_teams = TeamRow.__table__


def _status(tournament_id: int, status: str, at: datetime | None, reason: Reason | None) -> Any:
    """Set the tournament's status, and when and why it was archived (None: it runs)."""
    stmt = update(TournamentRow).where(TournamentRow.id == tournament_id)
    return stmt.values(status=status, archived_at=at, archive_reason=reason)


@cache
def _load(dialect: str, *, by_chat: bool, matches: bool = True) -> Any:
    """The tournament's row with its JSON values: its grouped teams, its matches, its
    squads, its players' events and the /ceza decisions (storage.repositories.players)."""
    teams = (
        select(json_rows(dialect, _teams.c.group_label, _teams.c.name, _teams.c.draw_position))
        .where(_teams.c.tournament_id == _tournaments.c.id, _teams.c.group_label.is_not(None))
        .scalar_subquery()
    )
    tid = _tournaments.c.id
    stmt = select(
        *_tournaments.columns,
        teams.label("teams_json"),
        (matches_json(dialect, tid) if matches else null()).label("matches_json"),
        squads_json(dialect, tid).label("squads_json"),
        (events_json(dialect, tid) if matches else null()).label("events_json"),
        (bans_json(dialect, tid) if matches else null()).label("bans_json"),
    )
    return stmt.where(_ACTIVE.whereclause if by_chat else _BY_ID.whereclause)


@cache
def _talk_load(dialect: str, matches: bool) -> Any:
    """`_load` by chat, left-joined to a one-row base holding the (chat, user)'s stored
    conversation: one row whether or not a tournament runs."""
    states = SetupStateRow.__table__
    talk = (
        select(states.c.state)
        .where(states.c.chat_id == bindparam("chat_id"), states.c.user_id == bindparam("user_id"))
        .scalar_subquery()
    )
    base = select(talk.label("talk")).subquery("talker")
    by_chat = _load(dialect, by_chat=True, matches=matches)
    joined = base.outerjoin(_tournaments, by_chat.whereclause)
    return select(base.c.talk, *by_chat.selected_columns).select_from(joined)


def _loaded(row: Any) -> Loaded:
    tournament = tournament_from_row(row)
    zone = ZoneInfo(tournament.settings.time_zone)
    squads = squads_from_json(row.squads_json)
    return Loaded(
        tournament,
        groups_from_json(row.teams_json),
        stored_matches(row.matches_json, zone),
        squads.players,
        events_from_json(row.events_json),
        bans_from_json(row.bans_json),
        squads.team_ids,
    )
