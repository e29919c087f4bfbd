"""Reminder rows: what the leader sends, when, and how far each has got."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Update, bindparam, case, delete, literal, select, update

from storage.bookkeeping_rows import ReminderRow
from storage.errors import MatchNotFound
from storage.records import PendingReminder, SyncSummary
from storage.rows import MatchRow, TournamentRow
from storage.sql import Repository, insert_if_absent


class WantedReminder(Protocol):
    """What `ReminderRepository.sync` reads from a wanted reminder: `domain.reminders.Wanted`
    fits, as does any object with these attributes (storage does not import the rules)."""

    @property
    def match_no(self) -> int: ...
    @property
    def recipient(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def due(self) -> datetime: ...


class ReminderRepository(Repository):
    """Reminder rows keyed (match, recipient, kind); status only moves forward:
    pending -> sending -> sent or dropped, or pending -> dropped (docs/reminders.md).

    Every status change is a conditional UPDATE on the status it leaves (and a claim also
    on the due time the claimer saw), so of concurrent callers exactly one wins, and a
    re-plan that moved or removed a row makes a stale claim fail instead of sending.
    """

    async def sync(
        self, tournament_id: int, wanted: Sequence[WantedReminder], at: datetime
    ) -> SyncSummary:
        """Make the tournament's pending rows equal `wanted`, inside the caller's
        transaction (a result, a re-plan, a change of captains or leads).

        Missing keys are added as pending, pending rows with another due time get it,
        pending rows not wanted are deleted. Rows already `sending`, `sent` or `dropped`
        are never touched, and a wanted key that has such a row is not added again (the
        unique key refuses it). At most four statements: one read, then one insert, one
        update and one delete, each only when it has something to do. Every write is
        conditional on `status = 'pending'`, so a concurrent claim on PostgreSQL wins or
        loses cleanly against it. A `match_no` the tournament does not have raises
        MatchNotFound; one key wanted with two due times raises ValueError.
        """
        rows = await self._session.execute(_SYNC_READ, {"tournament_id": tournament_id})
        match_ids: dict[int, int] = {}
        pending: dict[tuple[int, int, str], tuple[int, datetime]] = {}
        for row in rows:
            match_ids[row.no] = row.match_id
            if row.status == "pending":
                pending[(row.match_id, row.recipient, row.kind)] = (row.id, row.due_at)
        wanted_due: dict[tuple[int, int, str], datetime] = {}
        for item in wanted:
            match_id = match_ids.get(item.match_no)
            if match_id is None:
                raise MatchNotFound(item.match_no)
            key = (match_id, item.recipient, item.kind)
            if wanted_due.setdefault(key, item.due) != item.due:
                raise ValueError(f"reminder {key} wanted at two times")
        new = [
            dict(zip(_KEY, key, strict=True), due_at=due, status="pending", updated_at=at)
            for key, due in wanted_due.items()
            if key not in pending
        ]
        moves = {
            pending[key][0]: due
            for key, due in wanted_due.items()
            if key in pending and pending[key][1] != due
        }
        stale = [row_id for key, (row_id, _) in pending.items() if key not in wanted_due]
        return SyncSummary(
            added=await self._insert(new),
            moved=await self._move(moves, at),
            removed=await self._delete(stale),
        )

    async def _insert(self, rows: list[dict[str, Any]]) -> int:
        if not rows:
            return 0
        # One multi-row INSERT; keys held by sent/sending/dropped rows insert nothing.
        return len(await insert_if_absent(self._session, _reminders, rows, list(_KEY)))

    async def _move(self, moves: dict[int, datetime], at: datetime) -> int:
        if not moves:
            return 0
        due_type = _reminders.c.due_at.type
        new_due = case(
            {row_id: literal(due, due_type) for row_id, due in moves.items()},
            value=_reminders.c.id,
        )
        stmt = (
            update(_reminders)
            .where(_reminders.c.id.in_(list(moves)), _reminders.c.status == "pending")
            .values(due_at=new_due, updated_at=literal(at, _reminders.c.updated_at.type))
        )
        return await self._rowcount(stmt)

    async def _delete(self, ids: list[int]) -> int:
        if not ids:
            return 0
        return await self._rowcount(_DELETE_PENDING, {"ids": ids})

    async def pending(self, tournament_id: int | None = None) -> list[PendingReminder]:
        """Pending rows of active tournaments (or of one), by due time then id: what the
        leader plans its sends from, at start-up and every few seconds. One query."""
        if tournament_id is None:
            rows = await self._session.execute(_PENDING)
        else:
            rows = await self._session.execute(_PENDING_OF, {"tournament_id": tournament_id})
        return [PendingReminder(**row._mapping) for row in rows]

    async def claim(self, reminder_id: int, due_at: datetime, at: datetime) -> bool:
        """pending -> sending, only if the row is still due at `due_at`: of concurrent
        claimers exactly one wins, and a plan moved since the caller read it loses.

        Commit right after, before sending (its own short transaction)."""
        params = {"reminder_id": reminder_id, "seen_due": due_at, "at": at}
        return bool(await self._rowcount(_CLAIM, params))

    async def finish(self, reminder_id: int, status: str, at: datetime) -> bool:
        """sending -> `status` ('sent', or 'dropped' when Telegram refused it)."""
        if status not in ("sent", "dropped"):
            raise ValueError(f"a claimed reminder ends 'sent' or 'dropped', not {status!r}")
        params = {"reminder_id": reminder_id, "new_status": status, "at": at}
        return bool(await self._rowcount(_FINISH, params))

    async def release(self, reminder_id: int, at: datetime) -> bool:
        """sending -> pending: the claimer stopped before any attempt could have reached
        Telegram (every one was refused outright), so another may send it."""
        return bool(await self._rowcount(_RELEASE, {"reminder_id": reminder_id, "at": at}))

    async def drop(self, reminder_id: int, at: datetime) -> bool:
        """pending -> dropped: a reminder that is no longer useful, never sent."""
        return bool(await self._rowcount(_DROP, {"reminder_id": reminder_id, "at": at}))

    async def recover(self, at: datetime) -> list[PendingReminder]:
        """Every `sending` row becomes `dropped`: a process died between its claim and
        Telegram's answer, and the message may or may not have gone out. Dropping it keeps
        reminders at most once; the rows come back (any tournament) for a log line each."""
        ids = list((await self._session.scalars(_RECOVER, {"at": at})).all())
        if not ids:
            return []
        rows = await self._session.execute(_BY_IDS, {"ids": ids})
        return [PendingReminder(**row._mapping) for row in rows]

    async def status(self, tournament_id: int) -> dict[tuple[int, int, str], str]:
        """Every row of the tournament by (match_no, recipient, kind): which reminders a
        moved match's captains were already sent (bot.usecases.notices), tests, the bench."""
        rows = await self._session.execute(_STATUS, {"tournament_id": tournament_id})
        return {(row.no, row.recipient, row.kind): row.status for row in rows}


_reminders = ReminderRow.__table__
_KEY = ("match_id", "recipient", "kind")  # a reminder's unique key
_matches = MatchRow.__table__
_tournaments = TournamentRow.__table__

# Statements built once: the leader runs them every few seconds and per send. Bind names
# differ from column names: in an UPDATE those would mean "SET it". Datetime binds take
# the column's type, so on SQLite they are written in the same text form as the stored
# value and `=` on `due_at` is exact.

# The tournament's match numbers, each with its pending reminders (if any).
_SYNC_READ = (
    select(
        _matches.c.id.label("match_id"),
        _matches.c.no,
        _reminders.c.id,
        _reminders.c.recipient,
        _reminders.c.kind,
        _reminders.c.due_at,
        _reminders.c.status,
    )
    # Joined on the match alone, the status filtered in Python: with the status in the join
    # SQLite walks the (status, due_at) index, every pending row of every tournament per
    # match (6 ms -> 587 ms with 9,900 rows pending elsewhere); this way it takes the
    # (match_id, recipient, kind) index.
    .select_from(_matches.outerjoin(_reminders, _reminders.c.match_id == _matches.c.id))
    .where(_matches.c.tournament_id == bindparam("tournament_id"))
)
_DELETE_PENDING = delete(_reminders).where(
    _reminders.c.id.in_(bindparam("ids", expanding=True)), _reminders.c.status == "pending"
)

_WITH_MATCH = select(
    _reminders.c.id,
    _matches.c.tournament_id,
    _tournaments.c.chat_id,
    _reminders.c.match_id,
    _matches.c.no.label("match_no"),
    _reminders.c.recipient,
    _reminders.c.kind,
    _reminders.c.due_at,
    _matches.c.start_at,
    _matches.c.end_at,
).select_from(
    _reminders.join(_matches, _matches.c.id == _reminders.c.match_id).join(
        _tournaments, _tournaments.c.id == _matches.c.tournament_id
    )
)
_PENDING = _WITH_MATCH.where(
    _reminders.c.status == "pending", _tournaments.c.status == "active"
).order_by(_reminders.c.due_at, _reminders.c.id)
_PENDING_OF = _PENDING.where(_matches.c.tournament_id == bindparam("tournament_id"))
_BY_IDS = _WITH_MATCH.where(_reminders.c.id.in_(bindparam("ids", expanding=True))).order_by(
    _reminders.c.due_at, _reminders.c.id
)

_at = bindparam("at", type_=_reminders.c.updated_at.type)
_by_id = _reminders.c.id == bindparam("reminder_id")


def _status_change(old: str, new: Any) -> Update:
    return update(_reminders).where(_reminders.c.status == old).values(status=new, updated_at=_at)


_seen_due = bindparam("seen_due", type_=_reminders.c.due_at.type)
_CLAIM = _status_change("pending", "sending").where(_by_id, _reminders.c.due_at == _seen_due)
_FINISH = _status_change("sending", bindparam("new_status")).where(_by_id)
_RELEASE = _status_change("sending", "pending").where(_by_id)
_DROP = _status_change("pending", "dropped").where(_by_id)
_RECOVER = _status_change("sending", "dropped").returning(_reminders.c.id)
_STATUS = (
    select(_matches.c.no, _reminders.c.recipient, _reminders.c.kind, _reminders.c.status)
    .select_from(_reminders.join(_matches, _matches.c.id == _reminders.c.match_id))
    .where(_matches.c.tournament_id == bindparam("tournament_id"))
)
