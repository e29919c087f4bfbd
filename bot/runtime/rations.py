"""Expensive replies rationed per person: at most one new render per user, chat and kind
every few seconds.

A 64-team picture costs seconds of CPU and hundreds of MB; one member asking for thirty in
a row must not starve every other chat. Within the window a repeat of the same request on
unchanged data is answered from the last render (no new work); anything else gets a short
"biraz bekleyin". Only the last render per (user, chat, kind) is kept, and entries older
than the window are dropped as new ones arrive, so memory stays bounded by the active users.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

EVERY = 10.0  # seconds between two new renders of one kind for one person in one chat


@dataclass(frozen=True)
class Verdict:
    """`render`: do the work now. Else `cached` holds the last render for the same key, or
    it is None and `wait` says how many seconds remain."""

    render: bool
    cached: object | None = None
    wait: float = 0.0


class Rations:
    def __init__(self, every: float = EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every
        self.clock = clock
        self._last: dict[tuple[int, int, str], tuple[float, Hashable, object]] = {}

    def ask(self, user_id: int, chat_id: int, kind: str, key: Hashable) -> Verdict:
        """May this person have a new render of `kind` for `key` (what it depends on)?"""
        now = self.clock()
        found = self._last.get((user_id, chat_id, kind))
        if found is None or now - found[0] >= self.every:
            return Verdict(render=True)
        at, last_key, payload = found
        if last_key == key:
            return Verdict(render=False, cached=payload)
        return Verdict(render=False, wait=self.every - (now - at))

    def keep(self, user_id: int, chat_id: int, kind: str, key: Hashable, payload: object) -> None:
        """A render was made: it is the one a repeat within the window gets."""
        now = self.clock()
        if len(self._last) > 256:
            self._last = {k: v for k, v in self._last.items() if now - v[0] < self.every}
        self._last[(user_id, chat_id, kind)] = (now, key, payload)
