"""What anyone in the chat may read: the running tournament as a snapshot, its captains,
the live message's id. Read-only units of work: on SQLite they never queue behind writers."""

from __future__ import annotations

from bot.usecases import state, units
from bot.usecases.units import Done
from storage import Database, UnitOfWork


async def snapshot(db: Database, chat_id: int) -> state.Snapshot:
    """The chat's running tournament (NoActiveTournament where none runs, as in a private
    chat: a group's tournament is read only in its group)."""
    return await units.read(db, lambda uow: state.active(uow, chat_id))


async def with_captains(
    db: Database, chat_id: int
) -> tuple[state.Snapshot, dict[str, tuple[int, ...]]]:
    """The snapshot and each team's captains (/takimlar)."""

    async def action(uow: UnitOfWork) -> tuple[state.Snapshot, dict[str, tuple[int, ...]]]:
        snap = await state.active(uow, chat_id)
        return snap, await uow.teams.captains(snap.id)

    return await units.read(db, action)


async def snapshot_if_any(db: Database, chat_id: int) -> state.Snapshot | None:
    """The running tournament, or None (the live message of an ended one stays as it is)."""
    async with db.unit_of_work(read_only=True) as uow:
        return await state.running(uow, chat_id)


async def keep_live_message(db: Database, chat_id: int, message_id: int) -> Done[None]:
    """The pinned live message's id, stored so later edits find it."""
    async with db.unit_of_work() as uow:
        snap = await state.active(uow, chat_id)
        await uow.tournaments.update_settings(snap.id, live_message_id=message_id)
        await uow.commit()
    return Done(None)
