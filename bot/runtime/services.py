"""Long-lived services the handlers share, created in post_init and closed at shutdown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from telegram.ext import Application

from bot.runtime.budget import Budget
from bot.runtime.rations import Rations
from storage import Database


def utc_now() -> datetime:
    return datetime.now(UTC)


def shifted(clock: Callable[[], datetime], offset: float) -> Callable[[], datetime]:
    """`clock` moved by `offset` seconds: tests and rehearsals start the bot "just before"
    a match (Settings.clock_offset); with 0 the clock is returned as it is."""
    if not offset:
        return clock
    delta = timedelta(seconds=offset)
    return lambda: clock() + delta


class Dispatcher(Protocol):
    """What the services hold of the reminder sender (bot.reminders.dispatcher.Dispatcher,
    made by the composition root): the runtime names nothing above it."""

    def reload_soon(self) -> None: ...

    def start(self) -> None: ...

    async def close(self) -> None: ...


@dataclass
class LiveEdits:
    """The live message's throttle (bot.handlers.live), per chat: whether an edit is due,
    when the last edit ran (time.monotonic()), and the tournament as this process's latest
    change left it (a snapshots.Snapshot; absent: the edit reads it)."""

    due: set[int] = field(default_factory=set)
    last: dict[int, float] = field(default_factory=dict)
    drawn: dict[int, Any] = field(default_factory=dict)


@dataclass
class Services:
    db: Database
    clock: Callable[[], datetime] = field(default=utc_now)
    # (chat, user) pairs with a stored conversation; None when other processes may add some.
    conversations: set[tuple[int, int]] | None = None
    # Fires reminder rows (bot.reminders); None until post_init has made it.
    dispatcher: Dispatcher | None = None
    # Edits of the live messages, throttled and coalesced (bot.handlers.live).
    live: LiveEdits = field(default_factory=LiveEdits)
    # Users known to have started the bot in private: a repeated private message then
    # costs no database write (bot.handlers.reminders.seen).
    reachable: set[int] = field(default_factory=set)
    # Pictures, PDFs, calendars and set-up plans: one new render per person per 10 s.
    rations: Rations = field(default_factory=Rations)
    # Foldable replies per member per group (bot/runtime/budget.py); None: not bounded
    # (the rate limits are off, so there is no group budget to spend).
    budget: Budget | None = None
    # Plans built for set-up summaries, by the set-up's answers: the one [Oluştur] stores
    # (bot.handlers.setup bounds it). Empty after a restart: the plan is built again then.
    plans: dict[str, object] = field(default_factory=dict)
    # Several processes: the lease an update in hand is handled under and whether it came
    # late (bot/runtime/shared.py, through the intake); None with one process.
    handling: Callable[[int | None], Any] | None = None

    def reminders_changed(self) -> None:
        """Something that changes reminder rows was committed: the dispatcher rebuilds its
        plan soon (Dispatcher.reload_soon); nothing to do before post_init made it."""
        if self.dispatcher is not None:
            self.dispatcher.reload_soon()


KEY = "services"


def of(application: Application) -> Services:  # type: ignore[type-arg]
    return application.bot_data[KEY]
