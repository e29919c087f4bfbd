"""Durable intake: an update Telegram gave us is never lost, even to a SIGKILL.

PTB's Updater confirms updates to Telegram (the next getUpdates' offset) as soon as it has
fetched them, before any handler ran: a crash loses everything fetched and not yet
handled. Here every fetched batch is first written to the `inbox` table, in one committed
transaction, and only then does the next getUpdates move the offset past it. Each update
is marked done once its handlers have finished (`PerChat` calls `finished`); at start-up
every stored update not done is handled again first, in order (per chat, by `PerChat`),
before polling resumes after the last stored id. Copies Telegram delivers again are
recognised by their id (done rows are kept 48 h) and not handled twice.

What a replayed update changed is protected by the update-id claim of every
state-changing use case (bot.usecases.runner.run); a replay after a crash between a
handler's commit and its reply is answered from the outcome stored with the change, and
updates handled whose reply never went out are replayed too (bot/runtime/replies.py).

While the Bot API is away the loop retries after 0.25, 0.5, 1, then every 2 s (answers
resume within ~2 s of its return) and logs one line per kind of failure per minute.

A stored update that cannot be read (a row an older version wrote with a non-numeric id, a
payload this version cannot parse, one that is no JSON or no update the webhook would
take: a list, a text that is a number, a message without its chat) is set aside with one
log line (`set_aside_at`) and never holds up the ones after it. Polling serves one
process: on PostgreSQL a second one says so and waits for the first to stop
(storage.leader.Sole). Webhook mode on PostgreSQL serves several processes:
bot/runtime/shared.py hands each chat to one of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from telegram import Bot, Update
from telegram.error import Conflict, InvalidToken, TelegramError
from telegram.ext import Updater

from bot.runtime.chats import chat_key
from bot.runtime.logs import Quiet, describe, failure_kind
from bot.runtime.replies import Verdict, pending_replies
from bot.runtime.shared import Handling, Shared, is_shared
from bot.web import updates
from storage import Database
from storage.leader import Sole
from storage.leases import Fence

log = logging.getLogger(__name__)

BACKOFF = (0.25, 0.5, 1.0, 2.0)  # seconds between failed getUpdates, the last repeated
FLUSH = 0.2  # seconds: done marks are written in batches at most this often
KEEP = timedelta(hours=48)  # done rows kept to recognise copies, then pruned
SOLE_EVERY = 10.0  # seconds between two checks that this process still is the one poller


class Intake:
    """The inbox's side of the intake: store, replay, mark done (batched)."""

    def __init__(
        self,
        database: Callable[[], Database],
        clock: Callable[[], datetime],
        *,
        webhook: bool = False,
    ) -> None:
        self._database = database  # the Database exists only after post_init
        self.clock = clock
        self.webhook = webhook
        self.shared: Shared | None = None  # webhook mode on PostgreSQL, once started
        self.in_flight: set[int] = set()  # stored, queued, not done
        self._done: list[int] = []
        self._flusher: asyncio.Task[None] | None = None
        self.replayed = 0
        self.on_stop: list[Callable[[], None]] = []  # called when polling stops
        self.on_replay: list[Callable[[set[int]], None]] = []  # the ids replayed
        # updates fetched but not stored (the database is locked or full): told to wait
        self.on_unstored: list[Callable[[Sequence[Update]], Awaitable[None]]] = []
        # updates just stored, new to the inbox: a press's answer clock starts (presses.py)
        self.on_stored: list[Callable[[Sequence[Update]], None]] = []

    @property
    def db(self) -> Database:
        return self._database()

    @property
    def sharing(self) -> bool:
        """Webhook mode on PostgreSQL: chats are leased (bot/runtime/shared.py)."""
        return is_shared(self.webhook, lambda: self.db.engine.dialect.name)

    async def unfinished(self, bot: Bot) -> tuple[list[Update], int | None]:
        """Stored updates not done, oldest first, and the offset polling resumes at; one
        that cannot be read is set aside."""
        async with self.db.unit_of_work(read_only=True) as uow:
            rows = await uow.inbox.unfinished()
            unanswered = await pending_replies(uow, self.clock())  # handled, reply not sent
            last = await uow.inbox.last()
        # Oldest first; a poisoned row's id may not even be a number (`parse` sets it aside).
        rows = sorted(dict(unanswered + rows).items(), key=_oldest_first)
        updates = []
        for update_id, payload in rows:
            if (update := await self.parse(update_id, payload, bot)) is not None:
                updates.append(update)
        self.in_flight.update(u.update_id for u in updates)
        for hook in self.on_replay:
            hook({u.update_id for u in updates})
        self.replayed += len(updates)
        return updates, None if last is None else last + 1

    async def parse(self, update_id: object, payload: object, bot: Bot) -> Update | None:
        """The stored update, or None when it cannot be read (then it is set aside): the
        checks a webhook POST passes (bot.web.updates.read: a text that is a string, a
        message with its chat, ids that are 64-bit integers), whatever wrote the row."""
        try:
            if type(update_id) is not int:
                raise TypeError("its update id is not a number")
            if not isinstance(payload, dict) or payload.get("update_id") != update_id:
                raise TypeError("its payload is not the update stored under its id")
            update = updates.read(payload, bot)
            if update is None:
                raise TypeError("an update of a kind this bot does not handle")
            chat_key(update)  # what orders it must be readable too
        except Exception as exc:
            await self.set_aside(update_id, describe(exc))
            return None
        return update

    async def set_aside(self, update_id: object, reason: str) -> None:
        log.warning("stored update %.40r set aside (never handled): %s", update_id, reason)
        try:
            async with self.db.unit_of_work() as uow:
                await uow.inbox.set_aside(update_id, self.clock())
                await uow.commit()
        except Exception as exc:
            log.warning("could not set update %.40r aside: %s", update_id, describe(exc))

    async def store(self, updates: Sequence[Update]) -> list[Update]:
        """Commit `updates` to the inbox; those new to it (not copies, not in flight). An
        update without a numeric id (no Telegram update) is refused with one log line."""
        numbered = [u for u in updates if type(u.update_id) is int]
        if len(numbered) < len(updates):
            log.warning(
                "refused %d update(s) without a numeric update_id", len(updates) - len(numbered)
            )
        received = [(u.update_id, chat_key(u), u.to_dict()) for u in numbered]
        sharing = self.sharing
        async with self.db.unit_of_work() as uow:
            new = await uow.inbox.add(received, self.clock())
            if sharing and new:
                await uow.inbox.announce(c for u, c, _ in received if u in new)
            await uow.commit()
        fresh = [u for u in numbered if u.update_id in new and u.update_id not in self.in_flight]
        for hook in self.on_stored:
            hook(fresh)
        if sharing:  # handled by the chat's lease holder, which takes it from the inbox
            if self.shared is not None and fresh:
                self.shared.poke({chat_key(u) or 0 for u in fresh})
            return fresh
        self.in_flight.update(u.update_id for u in fresh)
        return fresh

    async def receive(self, update: Update, queue: asyncio.Queue[object]) -> None:
        """Webhook mode: store `update` and queue it if new. Answer Telegram's POST only
        after this returned, so an update it was told we have is stored."""
        fresh = await self.store([update])
        if not self.sharing:
            for update in fresh:
                await queue.put(update)

    async def replay(self, bot: Bot, queue: asyncio.Queue[object]) -> int:
        """Webhook mode, at start-up: queue what a previous run received and did not
        finish (polling does this itself). On PostgreSQL: take the leases of the chats
        nobody holds instead, and go on taking chats as they come."""
        if self.sharing:
            async with self.db.unit_of_work(read_only=True) as uow:
                waiting = len(await uow.inbox.pending_chats())
            self.shared = Shared(self, bot, queue)
            self.shared.start()
            log.info(
                "webhook on PostgreSQL: chats are shared with the other processes on this"
                " database (%d with updates waiting)",
                waiting,
            )
            return 0
        updates, _ = await self.unfinished(bot)
        for update in updates:
            await queue.put(update)
        return len(updates)

    def stop_taking(self) -> None:
        """Stopping: no chat takes another update (the current ones finish)."""
        if self.shared is not None:
            self.shared.stop_taking()

    async def mark_done(
        self, update_ids: Sequence[int], sent: Sequence[int] = (), fence: Fence | None = None
    ) -> None:
        """At once, not batched (several processes: before the chat's next update); with
        the stored replies of `sent`, which went out, in the same transaction; only while
        `fence` (the chat's lease) holds, else storage.leases.Fenced."""
        async with self.db.unit_of_work() as uow:
            if fence is not None:
                await fence.check(uow, lock=False)
            await uow.inbox.finish(update_ids, self.clock())
            await uow.replies.sent(sent)
            await uow.commit()

    def handling(self, update_id: int | None) -> Handling | None:
        """Several processes: the lease an update in hand is handled under, and whether it
        came late (bot/runtime/shared.py); None with one process."""
        return None if self.shared is None else self.shared.handling(update_id)

    async def may_send(self, chat: int) -> bool:
        """Whether a request to `chat` may go out (bot/runtime/fence.py); with one process
        always."""
        return self.shared is None or await self.shared.leases.vouch(chat)

    async def answered(self, update_id: int, kept: bool) -> bool:
        """Its direct reply went out: with several processes marked done at once (its kept
        reply's row with it); False when no pump handles it (one process marks in
        batches, `finished`)."""
        return self.shared is not None and await self.shared.answered(update_id, kept)

    async def finished(self, update: object, verdict: Verdict | None = None) -> bool:
        """Called by PerChat when an update's handlers are done: marked within FLUSH s.
        True when the shared pump took it, `verdict` (its reply's fate) included."""
        update_id = getattr(update, "update_id", None)
        pump = self.shared
        if pump is not None and type(update_id) is int and await pump.finished(update_id, verdict):
            return True
        if update_id is None or update_id not in self.in_flight:
            return False  # not one of ours (webhook mode, a test feeding updates by hand)
        self.in_flight.discard(update_id)
        self._done.append(update_id)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush_soon())
        return False

    async def _flush_soon(self) -> None:
        await asyncio.sleep(FLUSH)
        await self.flush()

    async def flush(self) -> None:
        done, self._done = self._done, []
        if not done:
            return
        try:
            async with self.db.unit_of_work() as uow:
                await uow.inbox.finish(done, self.clock())
                await uow.commit()
        except Exception as exc:  # handled again after a restart: idempotent, never lost
            log.warning("could not mark %d updates done: %s", len(done), describe(exc))

    async def prune(self, now: datetime) -> int:
        async with self.db.unit_of_work() as uow:
            gone = await uow.inbox.forget_before(now - KEEP)
            await uow.commit()
        return gone

    async def close(self) -> None:
        if self._flusher is not None and not self._flusher.done():
            self._flusher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._flusher
        await self.flush()
        if self.shared is not None:
            shared, self.shared = self.shared, None
            await shared.close()


class DurableUpdater(Updater):
    """PTB's Updater with the polling loop of the module's note (webhook mode unchanged)."""

    def __init__(self, bot: Bot, update_queue: asyncio.Queue[object], intake: Intake) -> None:
        super().__init__(bot=bot, update_queue=update_queue)
        self.intake = intake
        self._poller: asyncio.Task[None] | None = None
        self.quiet = Quiet(log)
        self._sole: Sole | None = None
        self._sole_checked = 0.0

    async def start_polling(  # type: ignore[override]
        self,
        poll_interval: float = 0.0,
        timeout: Any = 10,  # noqa: ASYNC109 - Updater's signature
        bootstrap_retries: int = 0,
        allowed_updates: Sequence[str] | None = None,
        drop_pending_updates: bool | None = None,
        error_callback: Any = None,
    ) -> asyncio.Queue[object]:
        if self.running:
            raise RuntimeError("This Updater is already running!")
        if not self._initialized:
            raise RuntimeError("This Updater was not initialized via `Updater.initialize`!")
        await self.bot.delete_webhook(drop_pending_updates=bool(drop_pending_updates))
        self._running = True
        self._poller = asyncio.create_task(
            self._poll(timeout, allowed_updates), name="turnuva:intake"
        )
        return self.update_queue

    async def stop(self) -> None:
        if self._poller is None:  # webhook mode (or never started): PTB's own stop
            await super().stop()
            return
        self._running = False
        for hook in self.intake.on_stop:  # e.g. PerChat.stop_waiting
            hook()
        self._poller.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._poller
        self._poller = None
        await self.intake.close()
        if self._sole is not None:
            await self._sole.release()

    async def _poll(self, wait: Any, allowed_updates: Sequence[str] | None) -> None:
        offset: int | None = None
        attempt = 0
        while self.running:
            updates: Sequence[Update] = ()
            try:
                if not await self._the_one_poller():
                    offset = None  # the other process moved on: start from the inbox again
                    continue
                if offset is None:  # first, what a previous run received and did not finish
                    replay, offset = await self.intake.unfinished(self.bot)
                    if replay:
                        log.info("handling %d updates received before the restart", len(replay))
                    for update in replay:
                        await self.update_queue.put(update)
                    offset = offset or 0
                updates = await self.bot.get_updates(
                    offset=offset or None, timeout=wait, allowed_updates=allowed_updates
                )
                if updates:
                    fresh = await self.intake.store(updates)  # committed: now it may move on
                    for update in fresh:
                        await self.update_queue.put(update)
                    offset = updates[-1].update_id + 1
                self.quiet.ok("Bot API and database reachable again")
                attempt = 0
            except asyncio.CancelledError:
                raise
            except (InvalidToken, Conflict) as exc:
                self.quiet.fail(exc.__class__.__name__, "polling refused: %s", describe(exc))
                await asyncio.sleep(BACKOFF[-1])
            except TelegramError as exc:
                self.quiet.fail(
                    failure_kind(exc), "Bot API unreachable: %s; retrying", describe(exc)
                )
                await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                attempt += 1
            except Exception as exc:  # the database is away: nothing confirmed, retried
                self.quiet.fail(
                    failure_kind(exc), "updates not stored: %s; retrying", describe(exc)
                )
                for hook in self.intake.on_unstored:
                    await hook(updates)
                await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                attempt += 1

    async def _the_one_poller(self) -> bool:
        """True while this process is the one that polls (checked every SOLE_EVERY s);
        else it says so once and waits (False after each wait)."""
        now = asyncio.get_running_loop().time()
        if self._sole is not None and now - self._sole_checked < SOLE_EVERY:
            return True
        self._sole = self._sole or Sole(self.intake.db)
        self._sole_checked = now
        if await self._sole.hold():
            return True
        log.warning(
            "another process polls this bot on this database; polling serves one process,"
            " so this one waits and polls when that one stops (several processes: webhook"
            " mode, docs/deploy.md)"
        )
        while self.running and not await self._sole.hold():  # noqa: ASYNC110 - another process
            await asyncio.sleep(BACKOFF[-1])
        if not self.running:
            return False
        log.info("polling: the other process has stopped; this one polls now")
        self._sole_checked = asyncio.get_running_loop().time()
        return False


def _oldest_first(row: tuple[object, object]) -> tuple[int, int, str]:
    """Update ids in order, any id that is not a number after them."""
    key = row[0]
    return (0, key, "") if isinstance(key, int) else (1, 0, str(key))
