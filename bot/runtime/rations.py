"""Expensive replies rationed per person: at most one new render per user, chat and kind
every few seconds, each in its turn.

A 64-team picture costs seconds of CPU and hundreds of MB; one member asking for thirty in
a row must not starve every other chat. Within the window a repeat of the same request on
unchanged data is answered from the last render (no new work); anything else waits for its
turn (`later`): it is made and sent once the window has passed, in the order asked, a
request already waiting is not queued twice (repeats coalesce), and at most QUEUED wait
per person and kind (a further one takes the last place). Only the last render per (user,
chat, kind) is kept, and entries older than the window are dropped as new ones arrive, so
memory stays bounded by the active users.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

from bot.runtime.logs import describe

log = logging.getLogger(__name__)
EVERY = 10.0  # seconds between two new renders of one kind for one person in one chat
QUEUED = 5  # requests waiting for their turn per person, chat and kind

Slot = tuple[int, int, str]
Job = Callable[[], Awaitable[None]]


@dataclass(frozen=True)
class Verdict:
    """`render`: do the work now. Else `cached` holds the last render for the same key, or
    it is None and `wait` says how many seconds remain (then `later` queues the work)."""

    render: bool
    cached: object | None = None
    wait: float = 0.0


class Rations:
    def __init__(self, every: float = EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every
        self.clock = clock
        self._last: dict[Slot, tuple[float, Hashable, object]] = {}
        self._queued: dict[Slot, dict[Hashable, Job]] = {}
        self._turns: dict[Slot, asyncio.Task[None]] = {}

    def ask(self, user_id: int, chat_id: int, kind: str, key: Hashable) -> Verdict:
        """May this person have a new render of `kind` for `key` (what it depends on)?"""
        now, slot = self.clock(), (user_id, chat_id, kind)
        found = self._last.get(slot)
        if found is not None and found[1] == key and now - found[0] < self.every:
            return Verdict(render=False, cached=found[2])
        if self._queued.get(slot):  # others wait already: after them
            return Verdict(render=False, wait=self._due(slot, now))
        if found is None or now - found[0] >= self.every:
            return Verdict(render=True)
        return Verdict(render=False, wait=self.every - (now - found[0]))

    def keep(self, user_id: int, chat_id: int, kind: str, key: Hashable, payload: object) -> None:
        """A render was made: it is the one a repeat within the window gets."""
        now = self.clock()
        if len(self._last) > 256:
            self._last = {
                k: v for k, v in self._last.items() if now - v[0] < self.every or k in self._queued
            }
        self._last[(user_id, chat_id, kind)] = (now, key, payload)

    def later(self, user_id: int, chat_id: int, kind: str, key: Hashable, job: Job) -> bool:
        """`job` (it renders, `keep`s and sends) when this person's turn of `kind` comes;
        False when the same `key` waits already (coalesced: one render, one reply)."""
        slot = (user_id, chat_id, kind)
        queue = self._queued.setdefault(slot, {})
        if key in queue:
            return False
        if len(queue) >= QUEUED:
            queue.pop(next(reversed(queue)))  # the last place changes hands
        queue[key] = job
        if slot not in self._turns:
            self._turns[slot] = asyncio.get_running_loop().create_task(
                self._serve(slot), name=f"rations:{kind}"
            )
        return True

    @property
    def waiting(self) -> int:
        """Requests waiting for their turn (for tests and the bench)."""
        return sum(len(q) for q in self._queued.values())

    def _due(self, slot: Slot, now: float) -> float:
        found = self._last.get(slot)
        return 0.0 if found is None else max(0.0, self.every - (now - found[0]))

    async def _serve(self, slot: Slot) -> None:
        try:
            while queue := self._queued.get(slot):
                if (wait := self._due(slot, self.clock())) > 0:
                    await asyncio.sleep(wait)  # the turn is a time, not a condition
                key = next(iter(queue))
                job = queue.pop(key)
                try:
                    await job()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # one lost reply, not the queue behind it
                    log.warning("a rationed %s was not sent: %s", slot[2], describe(exc))
        finally:
            self._turns.pop(slot, None)
            if not self._queued.get(slot):
                self._queued.pop(slot, None)

    async def close(self) -> None:
        """Stopping: what still waits for its turn is not sent."""
        turns, self._turns = list(self._turns.values()), {}
        self._queued.clear()
        for task in turns:
            task.cancel()
        for task in turns:
            with contextlib.suppress(asyncio.CancelledError):
                await task
