"""How a user action runs: who acts, one unit of work, and what must follow the commit.

Every action that changes something goes through `write`: it claims the update's id in
the same transaction as the change (a repeated update changes nothing and says nothing),
asks the chat-admin question only when stored roles did not settle it and never while a
write transaction is open (on SQLite that holds every other chat's writers), and hands
back, with the outcome, the effects to carry out after the commit. Reads go through `read`
on a read-only unit of work. Handlers see neither a unit of work nor a repository.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.usecases.errors import NotOrganiser
from bot.usecases.runner import (
    NOTHING,
    Actor,
    Effects,
    Outcome,
    Outgoing,
    Repeated,
    claim_update,
)
from storage import Database, UnitOfWork

__all__ = ["NOTHING", "Actor", "Done", "Effects", "Outgoing", "Repeated", "claim_update"]

T = TypeVar("T")


# The old calling convention, while use cases move to bot.usecases.runner's one shape.
Done = Outcome


Action = Callable[[UnitOfWork, bool], Awaitable[T]]


async def write(db: Database, actor: Actor, action: Action[T], *, claim: bool = True) -> T:
    """Run `action(uow, is_chat_admin)` in one write unit of work and commit it.

    The first try assumes the actor is no chat administrator, which settles creators,
    /yetkili organisers, captains and members without a Telegram round trip; if the action
    refuses with NotOrganiser, the chat-admin question is asked (outside the transaction)
    and, for an administrator, the action runs once more from the start. `claim`: the
    update id is claimed here; actions that claim it themselves (a result, whose claim is
    part of its idempotent write) pass False.
    """
    known = actor._admin_known
    try:
        return await _once(db, actor, action, bool(known), claim)
    except NotOrganiser as refused:
        if known is not None or actor.private or actor.admin is None:
            raise
        if not await actor.is_chat_admin():
            raise refused from None  # its own words (which tournament, which rule)
    return await _once(db, actor, action, True, claim)


async def write_replanned(
    db: Database, actor: Actor, action: Action[T], *, claim: bool = True
) -> Done[T]:
    """`write` for a change to the matches (their plan, times or results): the commit
    calls for the reminder plan reloaded and the actor's chat's live message redrawn."""
    value = await write(db, actor, action, claim=claim)
    return Done(value, Effects(reminders=True, live=(actor.chat_id,)))


def as_organiser(actor: Actor, command: Callable[..., Awaitable[T]], **args: Any) -> Action[T]:
    """The action that calls `command(uow, chat_id=, user_id=, now=, is_chat_admin=, **args)`
    for the actor: the shape every organiser command takes."""
    return lambda uow, admin: command(
        uow,
        chat_id=actor.chat_id,
        user_id=actor.user_id,
        now=actor.now,
        is_chat_admin=admin,
        **args,
    )


async def by_organiser(
    db: Database, actor: Actor, command: Callable[..., Awaitable[T]], **args: Any
) -> T:
    """`as_organiser(actor, command, **args)` in one write unit of work: how schedule and
    reminder_settings run their organiser commands."""
    return await write(db, actor, as_organiser(actor, command, **args))


async def _once(db: Database, actor: Actor, action: Action[T], admin: bool, claim: bool) -> T:
    async with db.unit_of_work() as uow:
        if claim:
            await claim_update(uow, actor)
        done = await action(uow, admin)
        await uow.commit()
        return done


async def read(db: Database, action: Callable[[UnitOfWork], Awaitable[T]]) -> T:
    """Run `action(uow)` on a read-only unit of work (SQLite readers skip the writer lock)."""
    async with db.unit_of_work(read_only=True) as uow:
        return await action(uow)
