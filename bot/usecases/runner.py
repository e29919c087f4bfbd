"""How every user action runs: one shape, one runner.

A use case is `async def verb(uow, command, actor) -> Outcome[T] | T`, marked `@reads` or
`@writes`. Only `run` opens the unit of work: for a write it claims the update id in the
same transaction as the change (a repeated update changes nothing and says nothing) and
commits; for a read it opens a read-only unit of work (SQLite readers skip the writer
lock). The chat-admin question is a Telegram round trip, so it is asked only when the
stored roles refused (NotOrganiser on the first try, which assumes no administrator) and
never while a transaction is open (on SQLite that would hold every other chat's writers);
an administrator's action then runs once more from the start. The outcome carries the
effects to carry out after the commit (reminders reloaded, live messages, messages).

A write of a Telegram update keeps its outcome with the change, in the same transaction
(`uow.replies`, as typed JSON read back by its schema: bot/usecases/kept.py): the handler
composes its reply from the outcome, so an update handled again after a crash or a failed
send (`Actor.again`), whose change is committed already, gets the stored outcome back
instead of a silent repeat and is answered as the first time (bot/runtime/replies.py
sends, and forgets the row once the reply went out).

With several processes (bot/runtime/shared.py) a write first checks, in its own
transaction, that the process still holds the chat's lease at the epoch the update was
taken under (`Actor.fence`): a process that lost the chat while it hung commits nothing.
A write of an update that came after a later one of its chat was handled (`Actor.late`)
is refused (Overtaken) instead of applied out of the order it was typed in.

While the database cannot take the write (locked by another process, disk full:
`storage.errors.unavailable`) the verb is tried again from the start until it can, for up
to PATIENCE seconds; `waiting` is awaited once, before the first wait, so the chat hears
that the bot waits instead of nothing (nothing of a failed try was stored).
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from bot.usecases import kept
from bot.usecases.errors import NotOrganiser, Overtaken
from storage import Database, UnitOfWork
from storage.errors import unavailable
from storage.leases import Fence

log = logging.getLogger(__name__)

T = TypeVar("T")
C = TypeVar("C")


class Repeated(Exception):
    """This update was handled already (Telegram delivered it twice): nothing changes, and
    nobody is answered a second time."""


@dataclass
class Actor:
    """The person behind an update, in the chat it came from.

    `admin` asks Telegram whether they administer the chat; the runner calls it at most
    once, and only outside a transaction (`is_chat_admin`). `chat_admin` is what the
    current try of the verb may rely on: False on a first try unless the answer is known,
    True on an administrator's second try. In a private chat nobody is a chat
    administrator."""

    user_id: int
    chat_id: int
    now: datetime
    update_id: int | None = None
    private: bool = False
    name: str = ""
    # Handled again (replayed after a restart, or after its reply failed to go out): a
    # change it committed is answered from the outcome stored with it.
    again: bool = False
    # Several processes (bot/runtime/shared.py): the chat's lease this update is handled
    # under, checked in the write's transaction (another process that took the chat
    # meanwhile answers it); and `late`, a later update of the chat was applied before
    # this one arrived: a change is then refused (Overtaken), never applied out of order.
    fence: Fence | None = dataclasses.field(default=None, repr=False)
    late: bool = False
    admin: Callable[[], Awaitable[bool]] | None = dataclasses.field(default=None, repr=False)
    _admin_known: bool | None = dataclasses.field(default=None, repr=False)

    @property
    def chat_admin(self) -> bool:
        """What is known without asking: True only once the chat-admin answer was yes."""
        return bool(self._admin_known)

    known_admin = chat_admin

    @property
    def admin_asked(self) -> bool:
        return self._admin_known is not None

    async def is_chat_admin(self) -> bool:
        """The chat-admin question, asked once: for the runner, between two tries."""
        if self._admin_known is None:
            self._admin_known = (
                False if self.private or self.admin is None else bool(await self.admin())
            )
        return self._admin_known

    @property
    def admin_settled(self) -> bool:
        """Nothing the runner could ask would change the chat-admin flag any more: a
        NotOrganiser now is the refusal to tell (for a `rerun` verb, which answers it)."""
        return self.admin_asked or self.private or self.admin is None

    def part(self, n: int) -> Actor:
        """The actor of the n-th later line of one message: its own update key, so line n
        is not taken for a repeat of line one."""
        if not n or self.update_id is None:
            return self
        return dataclasses.replace(self, update_id=-(self.update_id * 16 + n))


@dataclass(frozen=True)
class Outgoing:
    """A message to send after the commit: to a person in private, or to a chat."""

    chat_id: int
    text: str
    buttons: tuple[tuple[tuple[str, str], ...], ...] = ()  # rows of (label, callback data)
    private: bool = True  # a private chat that may have blocked the bot


@dataclass(frozen=True)
class Effects:
    """What follows a committed change. `reminders`: the reminder rows changed, reload the
    sender's plan. `live`: chats whose pinned live message must show the change. `drawn`:
    tournaments as the change left them (snapshots.Snapshot), so their live message is redrawn
    from the outcome instead of from a fresh read."""

    reminders: bool = False
    live: tuple[int, ...] = ()
    messages: tuple[Outgoing, ...] = ()
    drawn: tuple[Any, ...] = ()

    def __add__(self, other: Effects) -> Effects:
        return Effects(
            reminders=self.reminders or other.reminders,
            live=tuple(dict.fromkeys(self.live + other.live)),
            messages=self.messages + other.messages,
            drawn=self.drawn + other.drawn,
        )

    def __bool__(self) -> bool:
        return self.reminders or bool(self.live) or bool(self.messages)


NOTHING = Effects()


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """A use case's result and the effects its commit calls for."""

    value: T
    effects: Effects = NOTHING


@dataclass(frozen=True)
class Kind:
    """How the runner runs a verb: `write` (a write unit of work, committed), `claim` (the
    runner claims the update id; a verb whose claim is part of its own idempotent write,
    such as a result, says False), `replanned` (the matches changed: reload the reminder
    plan and redraw the actor's chat's live message), `rerun` (the verb answers a refusal
    itself once the chat-admin answer is known, as each line of a message is answered on
    its own: after NotOrganiser it runs once more whatever Telegram said)."""

    write: bool
    claim: bool = True
    replanned: bool = False
    rerun: bool = False


Verb = Callable[[UnitOfWork, Any, Actor], Awaitable[Any]]


def reads(verb: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    """A use case that changes nothing: a read-only unit of work, no claim."""
    verb.kind = Kind(write=False)  # type: ignore[attr-defined]
    return verb


def writes(
    verb: Callable[..., Awaitable[T]] | None = None,
    *,
    claim: bool = True,
    replanned: bool = False,
    rerun: bool = False,
) -> Any:
    """A use case that changes something: one write unit of work with the update's claim."""

    def mark(fn: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
        kind = Kind(write=True, claim=claim, replanned=replanned, rerun=rerun)
        fn.kind = kind  # type: ignore[attr-defined]
        return fn

    return mark(verb) if verb is not None else mark


def kind_of(verb: Verb) -> Kind:
    found = getattr(verb, "kind", None)
    if not isinstance(found, Kind):
        raise TypeError(f"{verb.__qualname__} is not marked @reads or @writes")
    return found


PATIENCE = 600.0  # seconds a write waits for a locked or full database, then fails
PAUSES = (0.5, 1.0, 2.0, 5.0)  # seconds between two tries, the last repeated


async def run(
    db: Database,
    verb: Verb,
    command: Any,
    actor: Actor,
    waiting: Callable[[], Awaitable[None]] | None = None,
) -> Outcome[Any]:
    """`verb` run by `attempt`, again while the database is locked or full (the module's
    note); `waiting` is awaited once when the first try met that."""
    until = time.monotonic() + PATIENCE
    for tries in itertools.count():
        try:
            return await attempt(db, verb, command, actor)
        except Exception as exc:
            if not unavailable(exc) or time.monotonic() > until:
                raise
            if tries == 0:
                log.warning("database unavailable (%s): %s waits", type(exc).__name__, _name(verb))
                if waiting is not None:
                    await waiting()
            await asyncio.sleep(PAUSES[min(tries, len(PAUSES) - 1)])
    raise AssertionError("unreachable")


async def attempt(db: Database, verb: Verb, command: Any, actor: Actor) -> Outcome[Any]:
    """Run `verb(uow, command, actor)` in one unit of work and hand back its outcome.

    The first try takes the actor for no chat administrator unless that is known; if the
    verb refuses with NotOrganiser, the chat-admin question is asked (outside any
    transaction) and, for an administrator (any answer, for a `rerun` verb), the verb runs
    once more from the start. The refusal raised otherwise is the verb's own (it may name
    the action and the rule).
    """
    kind = kind_of(verb)
    try:
        return await _once(db, kind, verb, command, actor)
    except NotOrganiser as refused:
        if actor.admin_settled:
            raise
        if not await actor.is_chat_admin() and not kind.rerun:
            raise refused from None  # its own words (which action, which rule)
    return await _once(db, kind, verb, command, actor)


async def claim_update(uow: UnitOfWork, actor: Actor) -> None:
    """Claim the actor's update id in this unit of work; Repeated if it was applied. For
    verbs that claim it themselves, as part of their own write (`@writes(claim=False)`)."""
    if actor.update_id is not None and not await uow.updates.claim(actor.update_id, actor.now):
        raise Repeated(actor.update_id)


async def _once(db: Database, kind: Kind, verb: Verb, command: Any, actor: Actor) -> Outcome[Any]:
    if not kind.write:
        async with db.unit_of_work(read_only=True) as uow:
            return _outcome(await verb(uow, command, actor), kind, actor)
    if actor.again and (kept := await _kept(db, verb, actor)) is not None:
        return kept
    if actor.late:
        raise Overtaken
    async with db.unit_of_work() as uow:
        if actor.fence is not None:  # first: the lease row stays locked until the commit
            await actor.fence.check(uow)
        if kind.claim:
            await claim_update(uow, actor)
        outcome = _outcome(await verb(uow, command, actor), kind, actor)
        if actor.update_id is not None and (packed := _pack(outcome, verb)) is not None:
            await uow.replies.keep(actor.update_id, _name(verb), packed, actor.now)
        await uow.commit()
    return outcome


async def _kept(db: Database, verb: Verb, actor: Actor) -> Outcome[Any] | None:
    """The outcome `verb` committed for the actor's update, if its reply was not sent."""
    if actor.update_id is None:
        return None
    async with db.unit_of_work(read_only=True) as uow:
        stored = await uow.replies.unsent(actor.update_id)
    if stored is None or stored[0] != _name(verb):
        return None
    try:
        found = kept.load(stored[1])  # typed JSON, read by its schema: nothing is executed
        if not isinstance(found, Outcome):
            raise kept.Malformed(f"a {type(found).__name__}, not an outcome")
    except kept.Malformed as exc:  # written by another version, or by someone else
        log.warning(
            "stored reply of update %s set aside (malformed, dropped): %s", actor.update_id, exc
        )
        async with db.unit_of_work() as uow:
            await uow.replies.sent([actor.update_id])  # not met again
            await uow.commit()
        return None
    return found


def _name(verb: Verb) -> str:
    return f"{verb.__module__}.{verb.__qualname__}"


def _pack(outcome: Outcome[Any], verb: Verb) -> dict[str, Any] | None:
    """The outcome as stored with the change (typed JSON, bot.usecases.kept); None (nothing
    kept) if a value in it cannot be."""
    try:
        return kept.dump(outcome)
    except kept.Unkeepable as exc:
        log.warning("outcome of %s not kept (%s): a replay would not answer", _name(verb), exc)
        return None


def _outcome(done: Any, kind: Kind, actor: Actor) -> Outcome[Any]:
    outcome = done if isinstance(done, Outcome) else Outcome(done)
    if kind.replanned:
        outcome = Outcome(
            outcome.value, outcome.effects + Effects(reminders=True, live=(actor.chat_id,))
        )
    return outcome
