"""Telegram's side of a reminder's send: the sender, the rate limits, and which failures
provably delivered nothing (so that sending again cannot repeat it) and how long to wait
before the next try."""

from __future__ import annotations

import asyncio
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import httpx
from telegram import InlineKeyboardMarkup
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)
from telegram.ext import Application

Send = Callable[[int, str, InlineKeyboardMarkup | None], Awaitable[object]]

# A send that provably did not reach Telegram (see `not_delivered`) is tried again after
# these waits (the last repeated); a 429 waits what Telegram asked instead.
BACKOFF = (0.5, 1.0, 2.0, 4.0, 5.0)


def bot_sender(application: Application) -> Send:  # type: ignore[type-arg]
    async def send(chat_id: int, text: str, markup: InlineKeyboardMarkup | None) -> object:
        return await application.bot.send_message(chat_id, text, reply_markup=markup)

    return send


class Pace:
    """Telegram's limits on what actually leaves, whatever the plan says: 30 a second in
    all, 20 a minute into one group, 1 a second into one private chat, each window a
    little longer (GUARD) for the jitter between starting a send and its arrival.

    The plan keeps these limits by itself; this matters when the process fell behind it
    (a plan rebuild, a slow disk), where sending everything overdue at once would earn
    429s. Measured when a send starts, not when it was decided."""

    GUARD = timedelta(milliseconds=20)
    ALL = (30, timedelta(seconds=1))
    GROUP = (20, timedelta(minutes=1))
    PRIVATE = (1, timedelta(seconds=1))

    def __init__(self) -> None:
        self._all: deque[datetime] = deque()
        self._chats: dict[int, deque[datetime]] = defaultdict(deque)

    def wait_all(self, now: datetime) -> timedelta:
        return self._wait(self._all, self.ALL, now)

    def wait_chat(self, chat_id: int, now: datetime) -> timedelta:
        sent = self._chats.get(chat_id)
        return self._wait(sent, self.GROUP if chat_id < 0 else self.PRIVATE, now)

    def take(self, chat_id: int, now: datetime) -> None:
        self._all.append(now)
        self._chats[chat_id].append(now)

    def _wait(
        self, sent: deque[datetime] | None, limit: tuple[int, timedelta], now: datetime
    ) -> timedelta:
        """How long until one more send fits the limit (zero: now)."""
        if not sent:
            return timedelta(0)
        count, span = limit
        window = span + self.GUARD
        while sent and now - sent[0] >= window:
            sent.popleft()
        return (
            max(timedelta(0), sent[-count] + window - now) if len(sent) >= count else timedelta(0)
        )


class Gate:
    """Where every send waits its turn: sends start in the order they reach it (FIFO), each
    only once it keeps Telegram's limits (Pace) on the injected clock."""

    def __init__(
        self, clock: Callable[[], datetime], sleep: Callable[[float], Awaitable[object]]
    ) -> None:
        self.clock = clock
        self.sleep = sleep
        self.pace = Pace()
        self._lock = asyncio.Lock()

    async def enter(self, chat_id: int) -> None:
        """Wait until a message to `chat_id` keeps Telegram's limits, then count it.

        In the plan's rhythm this never waits. A chat's own limit is waited out without
        holding the gate (other chats go on); the overall limit holds everyone."""
        while True:
            async with self._lock:
                now = self.clock()
                overall = self.pace.wait_all(now)
                if overall > timedelta(0):
                    await self.sleep(overall.total_seconds())
                    continue
                mine = self.pace.wait_chat(chat_id, now)
                if mine <= timedelta(0):
                    self.pace.take(chat_id, now)
                    return
            await self.sleep(mine.total_seconds())


def not_delivered(exc: BaseException) -> bool:
    """Whether a failed send provably did not reach Telegram, so sending again cannot
    repeat it: a 429, a connection that was refused or never made, a timeout waiting for
    a connection, or a 5xx answer (Telegram's front end refused it). A read or write
    timeout, or a connection dropped mid-request, may have delivered it."""
    if isinstance(exc, RetryAfter):
        return True
    if isinstance(exc, BadRequest | Forbidden | InvalidToken | Conflict | ChatMigrated):
        return False
    cause = exc.__cause__
    if isinstance(exc, TimedOut):
        return isinstance(cause, httpx.ConnectTimeout | httpx.PoolTimeout) or (
            cause is None and "Pool timeout" in str(exc)
        )
    if isinstance(exc, NetworkError):
        if isinstance(cause, httpx.ConnectError | httpx.ConnectTimeout | httpx.PoolTimeout):
            return True
        # No httpx cause: an HTTP status came back (PTB words 5xx as NetworkError).
        return cause is None or isinstance(cause, TelegramError)
    return False


def retry_wait(exc: TelegramError, attempt: int) -> float:
    """Seconds to wait before try `attempt + 1` of a send that was `not_delivered`."""
    if isinstance(exc, RetryAfter):
        return wait_seconds(exc)
    return BACKOFF[min(attempt, len(BACKOFF) - 1)]


def wait_seconds(exc: RetryAfter) -> float:
    """The wait Telegram asked for, without PTB's int-or-timedelta deprecation dance."""
    value = getattr(exc, "_retry_after", None) or exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)
