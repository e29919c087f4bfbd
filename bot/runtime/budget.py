"""Replies per member in a group, bounded: one member cannot spend the group's budget.

Telegram lets a bot send 20 messages a minute into one group; a member who types 25
questions in a second would otherwise get 20 answers and every other member's answer would
wait behind them. Each member gets LIMIT foldable replies (questions, pictures, tables,
team pickers, refusals) per WINDOW seconds in each group; past that their foldable requests
are folded: the first one gets a single "⏳" notice that says so, the rest nothing until the
window has room again. What a change stored is always confirmed, and never counted: an
organiser's result lines are stored and answered however fast they come (the handlers'
side, what is foldable, is bot/handlers/budget.py).

`current` is the budget an update's refusals are counted against: set for each group
update that may change something, None for the rest (a foldable update was counted once
already, at the gate).
"""

from __future__ import annotations

import enum
import time
from collections import deque
from collections.abc import Callable
from contextvars import ContextVar

LIMIT = 5  # foldable replies per member per group per WINDOW
WINDOW = 60.0
MEMBERS = 10_000  # members tracked at once before the idle are forgotten


class Verdict(enum.Enum):
    ANSWER = "answer"  # within the budget (and now counted)
    NOTICE = "notice"  # the first one past it: fold it, with the one notice
    FOLD = "fold"  # past it, told already: fold it quietly


class Budget:
    def __init__(
        self,
        limit: int = LIMIT,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._spent: dict[tuple[int, int], deque[float]] = {}
        self._told: set[tuple[int, int]] = set()
        self.folded = 0  # for tests and the bench

    def take(self, chat_id: int, user_id: int) -> Verdict:
        """One foldable reply for `user_id` in `chat_id`: counted if within the budget."""
        now, key = self.clock(), (chat_id, user_id)
        spent = self._spent.get(key)
        if spent is None:
            if len(self._spent) >= MEMBERS:
                self._forget(now)
            spent = self._spent[key] = deque()
        while spent and now - spent[0] >= self.window:
            spent.popleft()
        if len(spent) < self.limit:
            spent.append(now)
            self._told.discard(key)  # room again: a new flood is told again
            return Verdict.ANSWER
        self.folded += 1
        if key in self._told:
            return Verdict.FOLD
        self._told.add(key)
        return Verdict.NOTICE

    def _forget(self, now: float) -> None:
        self._spent = {k: d for k, d in self._spent.items() if d and now - d[-1] < self.window}
        self._told &= set(self._spent)


current: ContextVar[Budget | None] = ContextVar("budget", default=None)
