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
handler's commit and its reply may therefore stay silent (the change was made).

While the Bot API is away the loop retries after 0.25, 0.5, 1, then every 2 s (answers
resume within ~2 s of its return) and logs one line per kind of failure per minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from telegram import Bot, Update
from telegram.error import Conflict, InvalidToken, TelegramError
from telegram.ext import Updater

from bot.runtime.chats import chat_key
from bot.runtime.logs import Quiet, describe, failure_kind
from storage import Database

log = logging.getLogger(__name__)

BACKOFF = (0.25, 0.5, 1.0, 2.0)  # seconds between failed getUpdates, the last repeated
FLUSH = 0.2  # seconds: done marks are written in batches at most this often
KEEP = timedelta(hours=48)  # done rows kept to recognise copies, then pruned


class Intake:
    """The inbox's side of the intake: store, replay, mark done (batched)."""

    def __init__(self, database: Callable[[], Database], clock: Callable[[], datetime]) -> None:
        self._database = database  # the Database exists only after post_init
        self.clock = clock
        self.in_flight: set[int] = set()  # stored, queued, not done
        self._done: list[int] = []
        self._flusher: asyncio.Task[None] | None = None
        self.replayed = 0
        self.on_stop: list[Callable[[], None]] = []  # called when polling stops

    @property
    def db(self) -> Database:
        return self._database()

    async def unfinished(self, bot: Bot) -> tuple[list[Update], int | None]:
        """Stored updates not done, oldest first, and the offset polling resumes at."""
        async with self.db.unit_of_work(read_only=True) as uow:
            rows = await uow.inbox.unfinished()
            last = await uow.inbox.last()
        updates = []
        for update_id, payload in rows:
            try:
                updates.append(Update.de_json(payload, bot))
            except Exception:  # a payload this version cannot read: done, not retried forever
                log.warning("stored update %s cannot be read; skipped", update_id)
                self._done.append(update_id)
        self.in_flight.update(u.update_id for u in updates)
        self.replayed += len(updates)
        return updates, None if last is None else last + 1

    async def store(self, updates: Sequence[Update]) -> list[Update]:
        """Commit `updates` to the inbox; those new to it (not copies, not in flight)."""
        received = [(u.update_id, chat_key(u), u.to_dict()) for u in updates]
        async with self.db.unit_of_work() as uow:
            new = await uow.inbox.add(received, self.clock())
            await uow.commit()
        fresh = [u for u in updates if u.update_id in new and u.update_id not in self.in_flight]
        self.in_flight.update(u.update_id for u in fresh)
        return fresh

    async def receive(self, update: Update, queue: asyncio.Queue[object]) -> None:
        """Webhook mode: store `update` and queue it if new. Answer Telegram's POST only
        after this returned, so an update it was told we have is stored."""
        for fresh in await self.store([update]):
            await queue.put(fresh)

    async def replay(self, bot: Bot, queue: asyncio.Queue[object]) -> int:
        """Webhook mode, at start-up: queue what a previous run received and did not
        finish (polling does this itself)."""
        updates, _ = await self.unfinished(bot)
        for update in updates:
            await queue.put(update)
        return len(updates)

    async def finished(self, update: object) -> None:
        """Called by PerChat when an update's handlers are done: marked within FLUSH s."""
        update_id = getattr(update, "update_id", None)
        if update_id is None or update_id not in self.in_flight:
            return  # not one of ours (webhook mode, a test feeding updates by hand)
        self.in_flight.discard(update_id)
        self._done.append(update_id)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush_soon())

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


class DurableUpdater(Updater):
    """PTB's Updater with the polling loop of the module's note (webhook mode unchanged)."""

    def __init__(self, bot: Bot, update_queue: asyncio.Queue[object], intake: Intake) -> None:
        super().__init__(bot=bot, update_queue=update_queue)
        self.intake = intake
        self._poller: asyncio.Task[None] | None = None
        self.quiet = Quiet(log)

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

    async def _poll(self, wait: Any, allowed_updates: Sequence[str] | None) -> None:
        offset: int | None = None
        attempt = 0
        while self.running:
            try:
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
                await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                attempt += 1
