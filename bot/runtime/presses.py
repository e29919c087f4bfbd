"""A button press is answered within Telegram's time, even behind a backlog in its chat.

Telegram shows a spinner on a pressed button until the bot answers the callback query, and
refuses an answer later than ~15 s. A press is handled in its chat's order (PerChat,
bot/runtime/chats.py), and behind 25 result lines, each confirmed under the group's 20
messages a minute, its turn came 62 s later: the spinner ran, then the answer was refused.
So every press heard (`heard`, as the intake stores it) gets HOLD seconds: if its handlers
have not begun by then (`begin`), it is answered at once with a short toast saying it is
queued (bot.texts.budget.PRESS_QUEUED), and its handler's own answer is not sent later
(Telegram takes one answer per press: bot.handlers.common.acknowledge asks `early`). A
press whose turn comes within HOLD, nearly all of them, gets its handler's own answer.

Why a press still waits for its turn instead of being handled first: it answers a message
already sent, but the person pressed it after typing the lines before it and means them to
count first. [Evet, bitir] after 25 result lines must end a tournament that has the 25
results, not refuse them as lines for a finished tournament; [Değiştir] under a correction
must not be overtaken by the correction typed before it; a team picker answers with the
results typed before it. Handled ahead, such a press would be seen as wrong; answered
ahead, it costs nothing. So the answer comes first and the effect in typed order. The cost:
a refusal a handler would have shown as a toast ("only the organiser...") is not shown when
the press was answered early; its effect, or that nothing happened, is seen in the chat.

Several processes: a press is heard by the process Telegram delivered it to and handled by
its chat's lease holder, perhaps another. Both may answer: Telegram keeps the first answer
and refuses the second, which is ignored (bot.handlers.common.acknowledge).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from contextvars import ContextVar

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.runtime.logs import describe

log = logging.getLogger(__name__)

HOLD = 2.0  # seconds a press may wait for its turn before it is answered "queued"
KEPT = 4096  # presses answered early that are remembered until their turn (the oldest go)
KEY = "presses"

early: ContextVar[str | None] = ContextVar("answered_early", default=None)
"""The id of the press being handled when it was answered early already, else None."""


class Presses:
    """Timers of the presses heard, and the ids of those answered early."""

    def __init__(self, answer: Callable[[str], Awaitable[object]], hold: float = HOLD) -> None:
        self._answer = answer
        self.hold = hold
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._early: OrderedDict[str, bool] = OrderedDict()
        self._sending: set[asyncio.Task[None]] = set()
        self.answered_early = 0  # for tests and the bench

    def heard(self, updates: Iterable[object]) -> None:
        """Updates just received: each press's HOLD starts now."""
        loop = asyncio.get_running_loop()
        for update in updates:
            query = getattr(update, "callback_query", None)
            if query is None or query.id in self._timers or query.id in self._early:
                continue
            self._timers[query.id] = loop.call_later(self.hold, self._due, query.id)

    def begun(self, query_id: str) -> bool:
        """The press's handlers begin: no early answer now. True if it had one already."""
        timer = self._timers.pop(query_id, None)
        if timer is not None:
            timer.cancel()
        return self._early.pop(query_id, False)

    def _due(self, query_id: str) -> None:
        self._timers.pop(query_id, None)
        self._early[query_id] = True
        while len(self._early) > KEPT:  # handled by another process, or never
            self._early.popitem(last=False)
        task = asyncio.get_running_loop().create_task(self._send(query_id))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send(self, query_id: str) -> None:
        try:
            await self._answer(query_id)
            self.answered_early += 1
        except TelegramError as exc:  # too old, or another process answered first
            self._early.pop(query_id, None)  # its handler may still try (and be refused)
            log.debug("press %s not answered early: %s", query_id, describe(exc))

    async def close(self) -> None:
        """Stopping: no more early answers (one under way finishes)."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for task in list(self._sending):
            with contextlib.suppress(Exception):
                await task


async def begin(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Before every other handler (bot.app.register): a press's turn has come."""
    query, found = update.callback_query, context.application.bot_data.get(KEY)
    answered = query is not None and found is not None and found.begun(query.id)
    early.set(query.id if answered and query is not None else None)
