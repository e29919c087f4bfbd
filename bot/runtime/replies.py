"""Replies survive crashes and failed sends (issue 24).

A write of a Telegram update keeps its outcome with the change, in the same transaction
(bot/usecases/runner.py); the handler composes the reply from it. The rest happens here:

- `replaying(ids)`: the intake hands over the updates it replays at start-up; their actors
  get `again=True` (`handled_again`), so a change committed before a SIGKILL is answered
  from its stored outcome instead of staying silent (the claim says "done").
- `delivered(update_id)`, as soon as the direct reply to an update went out
  (bot.handlers.common.reply): a kept outcome's row goes at once, and with several
  processes the update is marked done in the same write (`answered`, the chat's pump),
  before the handlers go on to what follows (the live message, captains' private
  notices, a delay's announcements): a crash meanwhile does not send that reply again,
  nor answer a question twice, when the next holder begins the update again.
- `judge(update)`, once an update's handlers have ended (PerChat's `done`), then `follow`
  (one process) or the chat's worker (several, bot/runtime/shared.py): its reply went
  out, so the row goes at once (marks that come meanwhile go together in the next write);
  a replay after a crash in between would send it twice. Or its send failed (502,
  a timeout, the Bot API away: the error handler said `failed`), and the update is handled
  again after 1, 2, 4 ... 30 s (RETRY), answered from the stored outcome. After the last
  try the row stays; the next start-up sends it (`pending_replies`), or, with several
  processes, the next process to take the chat.
- `pending_replies(uow, now)`: for the intake's replay at start-up, the updates handled
  within RESEND_WITHIN whose reply never went out.

While the database is locked or full, a chat is told once that the bot waits
(`say_waiting`, at most once per WAITING_EVERY): by the runner before its first wait, by
the intake when received updates cannot be stored yet.

A reply in several messages is sent again whole when a later one of them failed. A crash
while a reply is on its way may send it twice: Telegram cannot be asked whether it arrived.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextvars import ContextVar
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError

from bot.runtime.chats import chat_key
from storage import Database, UnitOfWork

log = logging.getLogger(__name__)

KEY = "replies"  # the Ledger in application.bot_data
RETRY = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 30.0, 30.0, 30.0, 30.0)  # seconds before each try
RESEND_WITHIN = timedelta(hours=1)  # older unsent replies are not sent at start-up
WAITING_EVERY = 300.0  # seconds: a chat hears "waiting for the database" at most this often


# The ledger of the update being handled in this task (set by `handling` when a handler
# builds its actor, read by `delivered`): the reply helper needs no application.
_current: ContextVar[tuple[Ledger, int] | None] = ContextVar("replies_current", default=None)


def handling(ledger: Ledger | None, update_id: int) -> None:
    """This task handles `update_id` for `ledger` (bot.handlers.common.actor)."""
    if ledger is not None:
        _current.set((ledger, update_id))


async def delivered(update_id: int | None) -> None:
    """The direct reply to `update_id` went out: its kept outcome's row goes now, and with
    several processes the update is marked done (`Ledger.delivered`); once per update."""
    current = _current.get()
    if current is not None and update_id is not None and current[1] == update_id:
        _current.set(None)
        await current[0].delivered(update_id)


class Verdict(NamedTuple):
    """What follows an update's handlers: `sent` its kept reply went out (the row goes);
    `retry` its send failed and the update is handled again after that many seconds."""

    sent: bool
    retry: float | None


def failed_send(error: object) -> bool:
    """An error that a later try of the same send may not meet: the Bot API away or slow
    (502, a timeout, no connection) or a 429 left after the rate limiter's retries. A
    BadRequest would be refused again."""
    return isinstance(error, RetryAfter) or (
        isinstance(error, NetworkError) and not isinstance(error, BadRequest)
    )


def of(app: Any) -> Ledger | None:
    """The application's ledger (None: an application built without one, as in tests)."""
    found = app.bot_data.get(KEY)
    return found if isinstance(found, Ledger) else None


async def pending_replies(uow: UnitOfWork, now: datetime) -> list[tuple[int, dict[str, Any]]]:
    """(update id, payload) of updates handled since RESEND_WITHIN whose reply never went
    out: the intake replays them with the unfinished ones."""
    return await uow.replies.handled_unsent(now - RESEND_WITHIN)


class Ledger:
    """Which updates are handled again, which kept a reply, which of those were sent."""

    def __init__(
        self,
        database: Callable[[], Database],
        clock: Callable[[], datetime],
        requeue: Callable[[object], None],
        tell: Callable[[int], Awaitable[None]] | None = None,
        answered: Callable[[int, bool], Awaitable[bool]] | None = None,
    ) -> None:
        self._database = database  # the Database exists only after post_init
        self.clock = clock
        self._requeue = requeue  # puts an update back into the application's queue
        self._again: set[int] = set()
        self._kept: set[int] = set()
        self._failed: set[int] = set()
        self._tries: dict[int, int] = {}
        self._sent: list[int] = []
        self._flushing = False
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._tell = tell  # sends the "waiting for the database" notice to a chat
        # Several processes: the chat's pump marks an answered update done at once
        # (bot/runtime/shared.py `answered`); False when the update is not the pump's.
        self._answered = answered
        self._told: dict[int, float] = {}  # chat -> when it was told (time.monotonic())

    # -- what the handlers' side tells ---------------------------------------------------

    def replaying(self, update_ids: Iterable[int]) -> None:
        """The intake replays these (received or unanswered before a restart)."""
        self._again.update(update_ids)

    def handled_again(self, update_id: int | None) -> bool:
        return update_id is not None and update_id in self._again

    def kept(self, update_id: int | None) -> None:
        """A write of this update committed (or found) its outcome: a reply is due."""
        if update_id is not None:
            self._kept.add(update_id)

    async def delivered(self, update_id: int) -> None:
        """Its reply went out: the pump marks it done (several processes), with the kept
        outcome's row in the same write; else that row goes in a write of its own. Awaited,
        so a SIGKILL after this finds nothing to answer again. The handlers' end then has
        nothing left to mark (`judge` says neither sent nor to retry)."""
        if update_id in self._failed:
            return
        kept = update_id in self._kept
        self._kept.discard(update_id)
        if self._answered is not None and await self._answered(update_id, kept):
            return
        if not kept:
            return
        try:
            async with self._database().unit_of_work() as uow:
                await uow.replies.sent([update_id])
                await uow.commit()
        except Exception as exc:  # marked with the next batch instead
            log.warning("could not mark the reply to update %s sent: %s", update_id, exc)
            self._sent.append(update_id)

    def failed(self, update_id: int | None, error: object) -> None:
        """The error handler met `error` while this update was handled."""
        if update_id is not None and failed_send(error):
            self._failed.add(update_id)

    async def say_waiting(self, chat_id: int | None) -> None:
        """The database cannot take a write of this chat's yet: say so, once a while."""
        now = time.monotonic()
        recently = chat_id in self._told and now - self._told[chat_id] < WAITING_EVERY
        if self._tell is None or chat_id is None or recently:
            return
        self._told = {c: t for c, t in self._told.items() if now - t < WAITING_EVERY}
        self._told[chat_id] = now
        try:
            await self._tell(chat_id)
        except TelegramError as exc:
            log.info("could not tell chat %s that the bot waits: %s", chat_id, exc)

    async def unstored(self, updates: Sequence[object]) -> None:
        """The intake could not store received updates (the database is away): each of
        their chats hears once that the bot waits; they are fetched again later."""
        for chat_id in dict.fromkeys(chat_key(u) for u in updates):
            await self.say_waiting(chat_id)

    @property
    def retrying(self) -> int:
        """Updates waiting for another try of their reply (tests, the log)."""
        return len(self._timers)

    # -- once the handlers have ended ---------------------------------------------------

    def judge(self, update: object) -> Verdict:
        """Once an update's handlers have ended: whether its kept reply went out, or when
        to try it again (the update is then handled again, `again`)."""
        update_id = getattr(update, "update_id", None)
        if not isinstance(update_id, int):
            return Verdict(False, None)
        kept, failed = update_id in self._kept, update_id in self._failed
        self._kept.discard(update_id)
        self._failed.discard(update_id)
        if kept and failed:
            tries = self._tries.get(update_id, 0)
            if tries < len(RETRY):
                self._tries[update_id] = tries + 1
                self._again.add(update_id)
                log.info(
                    "reply to update %s not sent; trying again in %.0f s", update_id, RETRY[tries]
                )
                return Verdict(False, RETRY[tries])
            log.warning("reply to update %s not sent after %d tries", update_id, len(RETRY))
        self._again.discard(update_id)
        self._tries.pop(update_id, None)
        return Verdict(kept and not failed, None)

    async def follow(self, update: object, verdict: Verdict) -> None:
        """One process: a retry is queued when due, a sent mark written (batched). Several
        processes (bot/runtime/shared.py): the chat's worker does both instead."""
        update_id = getattr(update, "update_id", None)
        if not isinstance(update_id, int):
            return
        if verdict.retry is not None:

            def again() -> None:
                self._timers.pop(update_id, None)
                self._requeue(update)

            loop = asyncio.get_running_loop()
            self._timers[update_id] = loop.call_later(verdict.retry, again)
        elif verdict.sent:
            self._sent.append(update_id)
            await self.flush()

    async def settle(self, update: object) -> None:
        await self.follow(update, self.judge(update))

    async def flush(self) -> None:
        """Drop the rows of the replies sent; marks that come while a write is under way
        go in the next one (a single writer at a time)."""
        if self._flushing:
            return
        self._flushing = True
        try:
            while self._sent:
                sent, self._sent = self._sent, []
                try:
                    async with self._database().unit_of_work() as uow:
                        await uow.replies.sent(sent)
                        await uow.commit()
                except Exception as exc:  # kept rows are sent only if handled again
                    log.warning("could not mark %d replies sent: %s", len(sent), exc)
                    return
        finally:
            self._flushing = False

    async def close(self) -> None:
        """At stop: retries not due yet are left to the next start-up (their rows stay)."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        await self.flush()
