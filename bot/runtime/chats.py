"""Chats are independent: no chat waits for another.

`PerChat` processes the updates of different chats concurrently and those of one chat in
the order they arrived (an answer never overtakes the question before it, a result line
never the one typed earlier). `PerChatRateLimiter` is PTB's AIORateLimiter (30 messages a
second in all, 20 messages a minute into one group, of which a chat action is not one)
except that a 429 ("retry after N s") is waited out by the request that met it, so by its
own chat only: PTB's own pauses every chat. A button press is answered outside its chat's
order when it waits (bot/runtime/presses.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram import Update
from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter, BaseUpdateProcessor

log = logging.getLogger(__name__)

RUNNING = 64  # updates whose handlers run at once; the others wait for a place (FIFO)
# PTB's own bound on updates in flight: high, so an update waiting behind others of its
# chat holds no place another chat could use (RUNNING bounds the work).
IN_FLIGHT = 100_000


def chat_key(update: object) -> int | None:
    """What orders an update: its chat, else its sender; None for neither (no order)."""
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return update.effective_chat.id
    if update.effective_user is not None:
        return update.effective_user.id
    return None


def _key(update: object) -> int | None:
    try:
        return chat_key(update)
    except Exception:
        return None


class PerChat(BaseUpdateProcessor):
    """Updates of different chats at once, of one chat one after another, in order.

    Each chat keeps only the future of its latest update: an update waits for the one
    before it in its chat, then for one of RUNNING places. `done` (if given) is awaited
    with every update once its handlers have finished, whatever they raised, before the
    chat's next update begins (the durable intake marks it done; with several processes
    that mark must be written before the chat's next update is taken)."""

    def __init__(
        self, running: int = RUNNING, done: Callable[[object], Awaitable[None]] | None = None
    ) -> None:
        super().__init__(max_concurrent_updates=IN_FLIGHT)
        self._places = asyncio.Semaphore(running)
        self._tails: dict[int, asyncio.Future[None]] = {}
        self._closing = asyncio.Event()
        self.done = done

    def stop_waiting(self) -> None:
        """Shutting down: updates still waiting for their chat are left unhandled (the
        durable intake has them and hands them over again after the restart), so a chat
        with a backlog under its rate limit does not hold up the stop for minutes."""
        self._closing.set()

    @property
    def chats_waiting(self) -> int:
        """Chats with an update in progress (for tests and the bench)."""
        return len(self._tails)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = _key(update)
        before = self._tails.get(key) if key is not None else None
        mine: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if key is not None:
            self._tails[key] = mine
        started = False
        try:
            if before is not None and not before.done():
                closing = asyncio.ensure_future(self._closing.wait())
                try:  # a cancelled waiter must not cancel `before`: it is not ours
                    await asyncio.wait(
                        {asyncio.shield(before), closing}, return_when=asyncio.FIRST_COMPLETED
                    )
                finally:
                    closing.cancel()
            if self._closing.is_set():
                return
            async with self._places:
                if self._closing.is_set():
                    return
                started = True
                await coroutine
        finally:
            if not started and isinstance(coroutine, Coroutine):
                coroutine.close()  # cancelled while waiting: never ran
            try:
                if self.done is not None and started:
                    with contextlib.suppress(Exception):
                        await self.done(update)
            finally:
                mine.set_result(None)
                if key is not None and self._tails.get(key) is mine:
                    del self._tails[key]

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass


class PerChatRateLimiter(AIORateLimiter):
    """AIORateLimiter, but a 429 holds only the request that met it (see the module)."""

    def __init__(
        self, *, retries: int = 3, on_sent: Callable[[int, int], None] | None = None
    ) -> None:
        super().__init__(max_retries=retries)
        self.retries = retries
        self.on_sent = on_sent  # (chat id, message id) of each message sent (the budget's)

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Any]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Any:
        retries = rate_limit_args or self.retries
        chat_id = data.get("chat_id")
        with contextlib.suppress(ValueError, TypeError):
            chat_id = int(chat_id)  # type: ignore[arg-type]
        group = (
            chat_id
            if (isinstance(chat_id, int) and chat_id < 0) or isinstance(chat_id, str)
            else False
        )
        if endpoint == "sendChatAction":  # "sending a photo…" is no message: not one of the 20
            group = False
        for attempt in range(retries + 1):
            try:
                done = await self._run_request(
                    chat=chat_id is not None,
                    group=group,
                    allow_paid_broadcast=bool(data.get("allow_paid_broadcast", False)),
                    callback=callback,
                    args=args,
                    kwargs=kwargs,
                )
                if self.on_sent is not None and isinstance(done, dict) and group:
                    with contextlib.suppress(KeyError, TypeError, ValueError):
                        self.on_sent(int(done["chat"]["id"]), int(done["message_id"]))
                return done
            except RetryAfter as exc:
                if attempt == retries:
                    raise
                wait = exc._retry_after.total_seconds() + 0.1
                log.info("chat %s: rate limited, retrying in %.1f s", chat_id, wait)
                await asyncio.sleep(wait)
        return None
