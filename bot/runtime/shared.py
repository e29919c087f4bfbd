"""Several bot processes on one PostgreSQL database, behind one webhook URL (docs/deploy.md).

Every process stores what it receives in the inbox, as a single process does
(bot/runtime/intake.py), and NOTIFYs the chat. A chat's updates are handled by the process
holding that chat's lease (storage/leases.py: a row with an epoch, kept alive by this
process's heartbeat), one at a time and in update-id order: the holder's worker for the
chat takes the oldest update not done (`InboxRepository.take`), hands it to the
application, and takes the next only once that one's handlers have finished and its done
mark is committed. A process that starts (a rolling deploy) takes only chats nobody holds:
it never handles an update a live process has.

Typed order: an update whose predecessor may be on its way is held back (bot/runtime/order.py).

A lease is taken by the process that received the chat's update (the others, told by a
NOTIFY, ask DEFER s later), or by any process at its look at every pending chat each SWEEP
s, and given back after IDLE s without updates. The holder renews its leases every
HEARTBEAT s; one not renewed within TTL s (the process died, hangs, or cannot reach the
database) is taken by the next look of another process, with the next epoch. The old
holder, if it wakes, finds its epoch stale: its change is not committed and its done mark
not written (storage.leases.Fence), its replies not sent (bot/runtime/fence.py), and its
worker ends without a word.

Exactly once: every state change is claimed with its update id (bot.usecases.runner), and
an update is marked done before its chat's next one begins. Only the one update a process
was in the middle of when it died is begun again by the next holder (`attempts` 2), as a
replay (`again`): its change is not made twice, and a change committed just before the
kill is answered from the outcome stored with it (bot/runtime/replies.py); a question may
come twice. An update begun MAX_ATTEMPTS times without finishing (it kills every process
that takes it) is set aside.

Replies owed: a reply that failed to send (502, a timeout) is tried again by the chat's
worker when due (the Ledger's verdict), before the chat's next update, and the lease is
kept until it went out or its tries are spent. Its done mark and the stored reply's sent
mark are one transaction. A process that takes a chat first sends the chat's replies
stored and never sent (its holder died, or gave up), and the look counts a chat owing one
as a chat with updates waiting: so each is sent by one process, the chat's holder.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import NamedTuple, Protocol

from telegram import Bot, Update

from bot.runtime.logs import Quiet, describe, failure_kind
from bot.runtime.order import GAP_POLL, SPAN, Reorder
from bot.runtime.replies import Verdict
from storage import Database
from storage.leases import GONE, HEARTBEAT, NO_CHAT, ChatLeases, Fence, Fenced


class Inbox(Protocol):
    """What the pump needs of the process's intake (bot/runtime/intake.Intake, which
    starts the pump): the stored updates, their parsing and their marks."""

    clock: Callable[[], datetime]
    on_replay: list[Callable[[set[int]], None]]

    @property
    def db(self) -> Database: ...

    async def parse(self, update_id: object, payload: object, bot: Bot) -> Update | None: ...

    async def set_aside(self, update_id: object, reason: str) -> None: ...

    async def mark_done(
        self, update_ids: Sequence[int], sent: Sequence[int] = (), fence: Fence | None = None
    ) -> None: ...


log = logging.getLogger(__name__)

SWEEP = 1.0  # seconds between two looks at every pending chat (dead processes' leases)
IDLE = 10.0  # seconds a lease is kept without updates before it is given back
MAX_ATTEMPTS = 4  # processes that may begin an update before it is set aside
DEFER = 0.2  # seconds a process waits before asking for a chat another one received
RETRY = 0.5  # seconds between two tries to mark an update done while the database is away


class Handling(NamedTuple):
    """What an update in hand is handled under: its chat's lease, and whether it came
    after a later update of its chat was handled (`late`)."""

    fence: Fence
    late: bool


def process_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"[:64]


class Shared:
    """This process's part: its leases, one worker per leased chat, the periodic look."""

    def __init__(self, intake: Inbox, bot: Bot, queue: asyncio.Queue[object]) -> None:
        self.intake = intake
        self.bot = bot
        self.queue = queue
        self.me = process_name()
        # The lease holder: this run of this process (a restart with the same pid in the
        # same container is another holder).
        self.leases = ChatLeases(intake.db, self.heard, f"{secrets.token_hex(3)}/{self.me}")
        self.quiet = Quiet(log)
        self._asked: set[int] = set()  # chats heard of since the last look
        self._wake = asyncio.Event()
        self._news: dict[int, asyncio.Event] = {}  # a leased chat's "new updates"
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._running: dict[int, asyncio.Future[Verdict | None]] = {}  # update id -> its finish
        self._marked: set[int] = set()  # running updates marked done once answered
        self._handling: dict[int, Handling] = {}  # update id -> its lease, lateness
        self._holding: set[int] = set()  # chats whose next update is held back
        self._opening = asyncio.Lock()
        self._stopping = False
        self._loop: asyncio.Task[None] | None = None
        self._beat: asyncio.Task[None] | None = None
        self.handled = 0

    def start(self) -> None:
        self._loop = asyncio.create_task(self._look_forever(), name="turnuva:leases")
        self._beat = asyncio.create_task(self._beat_forever(), name="turnuva:heartbeat")

    def poke(self, chats: set[int]) -> None:
        """These chats have new updates: this process received them, or (`heard`) another
        one did."""
        for chat in chats:
            if chat in self._news:
                self._news[chat].set()
            else:
                self._asked.add(chat)
        if self._asked:
            self._wake.set()

    def heard(self, chats: set[int]) -> None:
        """A NOTIFY: a chat this process holds goes on at once; one it does not is asked
        for DEFER s later, so that the process that received the update (which asks at
        once) leases it: chats spread over the processes as the proxy spreads the updates,
        instead of all going to whichever process is idle at the moment."""
        # Any update stored anywhere may be the one a held-back update waits for.
        mine = {chat for chat in chats if chat in self._news} | self._holding
        if mine:
            self.poke(mine)
        if others := chats - mine:
            asyncio.get_running_loop().call_later(DEFER, self.poke, others)

    # -- leases ----------------------------------------------------------------------------

    async def _open(self) -> bool:
        """The lease connection, opened again if it was lost; True if it was."""
        async with self._opening:
            if self.leases.open_:
                return False
            await self.leases.open()
            return True

    async def _look_forever(self) -> None:
        clock = asyncio.get_running_loop().time
        swept = -SWEEP  # the first look takes every chat nobody holds (a restart's backlog)
        while not self._stopping:
            try:
                if await self._open():
                    swept = -SWEEP
                # Every SWEEP s at least, however busy: news of other chats must not keep
                # a dead process's chats waiting.
                sweep = clock() - swept >= SWEEP
                if sweep:
                    swept = clock()
                await self._look(sweep)
                self.quiet.ok("leases: the database answers again")
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.quiet.fail(failure_kind(exc), "leases: %s; retrying", describe(exc))
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, swept + SWEEP - clock())):
                    await self._wake.wait()  # news: a look at those chats only
            self._wake.clear()

    async def _beat_forever(self) -> None:
        """Renew every lease each HEARTBEAT s; the chats found taken by another process
        (this one was away longer than TTL s) are dropped."""
        clock = asyncio.get_running_loop().time
        while not self._stopping:
            began = clock()
            try:
                await self._open()
                self._gone(await self.leases.renew())
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the look says so too; the leases are kept meanwhile
                log.debug("leases: heartbeat failed: %s", describe(exc))
            await asyncio.sleep(max(0.0, began + HEARTBEAT - clock()))

    async def _look(self, sweep: bool) -> None:
        asked, self._asked = self._asked, set()
        if sweep:
            async with self.intake.db.unit_of_work(read_only=True) as uow:
                asked |= {NO_CHAT if c is None else c for c in await uow.inbox.pending_chats()}
        free = asked - set(self.leases.held)
        got = await self.leases.take(free) if free else set()
        for chat in got:
            self._news[chat] = asyncio.Event()
            self._workers[chat] = asyncio.create_task(self._work(chat), name=f"chat:{chat}")

    def _gone(self, chats: set[int]) -> None:
        """Another process took these chats (this one's lease had expired): their workers
        end; nothing more is sent to them from here for a while (`leases.vouch`)."""
        for chat in chats:
            log.warning("leases: chat %s was taken by another process; work here dropped", chat)
            self.leases.forget(chat)
            if chat in self._news:
                self._news[chat].set()

    def handling(self, update_id: int | None) -> Handling | None:
        return None if update_id is None else self._handling.get(update_id)

    # -- a leased chat's worker ------------------------------------------------------------

    async def _work(self, chat: int) -> None:
        news = self._news[chat]
        clock = asyncio.get_running_loop().time
        owed: dict[int, tuple[float, dict[str, object]]] = {}  # id -> (due, payload)
        reorder = Reorder()  # updates held back for a predecessor on its way
        # A reply owed by a process that died after its update was done is not sent from
        # here: a stored reply row can outlive a reply that did go out (its mark was on the
        # way), and resending on a take answered a chat's first result again mid-burst. An
        # update begun again (attempts 2 and up) is answered from its stored outcome.
        try:
            while (fence := self.leases.fence(chat)) is not None and not self._stopping:
                news.clear()
                if due := [u for u, (at, _) in owed.items() if at <= clock()]:
                    update_id, payload = min(due), owed.pop(min(due))[1]
                    verdict = await self._handle(update_id, payload, 1, fence, again=True)
                else:
                    async with self.intake.db.unit_of_work() as uow:
                        await fence.check(uow, lock=False)
                        inbox_chat = None if chat == NO_CHAT else chat
                        found = await uow.inbox.next_in_order(inbox_chat, SPAN)
                        held_back = (
                            found is not None and chat != NO_CHAT and reorder.holds_back(found)
                        )
                        taken = None
                        if found is not None and not held_back:
                            taken = await uow.inbox.take(inbox_chat, self.me)
                        await uow.commit()
                    if held_back:  # its predecessor may be on its way: look again soon
                        self._holding.add(chat)
                        with contextlib.suppress(TimeoutError):
                            async with asyncio.timeout(GAP_POLL):
                                await news.wait()
                        self._holding.discard(chat)
                        continue
                    if taken is None:
                        # The lease is kept while a reply is owed: no other process sends it.
                        wait = min((at for at, _ in owed.values()), default=clock() + IDLE)
                        with contextlib.suppress(TimeoutError):
                            async with asyncio.timeout(max(0.0, wait - clock())):
                                await news.wait()
                        if not news.is_set() and not owed:
                            break  # idle: give the lease back
                        continue
                    update_id, payload = taken.update_id, taken.payload
                    reorder.taken(update_id)
                    late = found is not None and found.update_id == update_id and found.late
                    verdict = await self._handle(
                        update_id, payload, taken.attempts, fence, late=late
                    )
                if verdict is not None and verdict.retry is not None:
                    owed[update_id] = (clock() + verdict.retry, payload)
        except asyncio.CancelledError:
            raise
        except Fenced:
            self._gone({chat})
        except Exception as exc:
            self.quiet.fail(failure_kind(exc), "leases: chat %s paused: %s", chat, describe(exc))
            await asyncio.sleep(RETRY)  # then given back, and taken again at the next look
        finally:
            self._holding.discard(chat)
            del self._news[chat]
            del self._workers[chat]
            if chat in self.leases.held and not self._stopping:  # a stop frees them all
                with contextlib.suppress(*GONE):
                    await self.leases.release([chat])
                self._asked.add(chat)  # news that came as it was given back
                self._wake.set()

    async def _handle(
        self,
        update_id: int,
        payload: dict[str, object],
        attempts: int,
        fence: Fence,
        again: bool = False,
        late: bool = False,
    ) -> Verdict | None:
        """Through the application, once; `again` (or begun before: `attempts` 2 and up)
        answers a change committed before from its stored outcome (bot/runtime/replies.py).
        Its reply's verdict, None if it was not handled."""
        if attempts > MAX_ATTEMPTS:
            reason = f"begun {attempts - 1} times without finishing"
            await self.intake.set_aside(update_id, reason)
            return None
        update = await self.intake.parse(update_id, payload, self.bot)
        if update is None or self._stopping:
            return None  # set aside; or stopping: the next holder begins it
        if again or attempts >= 2:
            for hook in self.intake.on_replay:
                hook({update_id})
        if late:
            log.info("update %s came after a later one of its chat was handled", update_id)
        finish: asyncio.Future[Verdict | None] = asyncio.get_running_loop().create_future()
        self._running[update_id] = finish
        self._handling[update_id] = Handling(fence, late)
        try:
            await self.queue.put(update)
            verdict = await finish
        finally:
            self._running.pop(update_id, None)
            self._handling.pop(update_id, None)
            self._marked.discard(update_id)
        self.handled += 1
        return verdict

    async def answered(self, update_id: int, kept: bool) -> bool:
        """Its direct reply went out (bot/runtime/replies.py `delivered`): marked done now,
        with its kept reply's row, not once every handler has ended: the next holder of a
        chat whose process died meanwhile does not answer it again. False if not ours."""
        if update_id not in self._running:
            return False
        if update_id not in self._marked:
            self._marked.add(update_id)
            await self._mark(update_id, sent=kept)
        return True

    async def finished(self, update_id: int, verdict: Verdict | None = None) -> bool:
        """Called when an update's handlers are done: marked done (unless `answered` did),
        with its stored reply if that went out (retried while the database is away), then
        its chat's worker may go on (and tries a reply that failed again when due). False
        if not ours."""
        finish = self._running.get(update_id)
        if finish is None:
            return False
        if update_id not in self._marked:
            await self._mark(update_id, sent=verdict is not None and verdict.sent)
        if not finish.done():
            finish.set_result(verdict)
        return True

    async def _mark(self, update_id: int, sent: bool) -> None:
        """Done, with its stored reply's row if `sent`, if the chat is still ours (else
        its new holder handles it); retried while the database is away (not when
        stopping: begun again by the next holder, whose claims keep it once)."""
        handling = self._handling.get(update_id)
        fence = None if handling is None else handling.fence
        while True:
            try:
                await self.intake.mark_done([update_id], [update_id] if sent else [], fence)
                return
            except Fenced:
                if fence is not None:
                    self._gone({fence.chat})
                return
            except Exception as exc:
                self.quiet.fail(failure_kind(exc), "updates not marked done: %s", describe(exc))
                if self._stopping:
                    return
                await asyncio.sleep(RETRY)

    # -- stopping --------------------------------------------------------------------------

    def stop_taking(self) -> None:
        """Before the application stops: no chat takes another update."""
        self._stopping = True
        self._wake.set()
        for event in self._news.values():
            event.set()

    async def close(self) -> None:
        """After the application stopped (every update it was given is done and marked):
        the workers end, then every lease is given back at once (the connection closes).
        An update a worker took as the stop began is begun again by the next holder."""
        self.stop_taking()
        loops = [task for task in (self._loop, self._beat) if task is not None]
        tasks = [*self._workers.values(), *loops]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.leases.close()


def is_shared(webhook: bool, dialect: Callable[[], str]) -> bool:
    """Webhook mode on PostgreSQL: several processes may share the database."""
    return webhook and dialect() == "postgresql"
