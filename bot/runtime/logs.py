"""What the bot logs: what an operator wants, once.

`setup()` logs at INFO for the bot itself and at WARNING for its libraries (APScheduler's
"Running job" every 10 s, fontTools' dozens of lines per PDF, httpx's every request).
`Quiet` is for failures that repeat while something is away (the Bot API, the database):
one line per kind of failure per minute, without a traceback, then one line when it works
again, instead of a traceback per attempt.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
CHATTY = (
    "apscheduler",
    "fontTools",
    "httpx",
    "httpcore",
    "telegram",
    "PIL",
    "alembic",
    "aiosqlite",
)
EVERY = 60.0  # seconds between two lines about the same kind of failure


def setup(level: int = logging.INFO) -> None:
    logging.basicConfig(level=level, format=FORMAT)
    for name in CHATTY:
        logging.getLogger(name).setLevel(logging.WARNING)


class Quiet:
    """One line per kind of failure per EVERY seconds; `ok()` says once that it is over."""

    def __init__(
        self,
        logger: logging.Logger,
        every: float = EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.log = logger
        self.every = every
        self.clock = clock
        self._last: dict[str, float] = {}
        self._since: float | None = None  # when the current run of failures began
        self._count = 0

    @property
    def failing(self) -> bool:
        return self._since is not None

    def fail(self, kind: str, message: str, *args: object) -> None:
        now = self.clock()
        if self._since is None:
            self._since = now
        self._count += 1
        if now - self._last.get(kind, -self.every) >= self.every:
            self._last[kind] = now
            self.log.warning(message, *args)

    def ok(self, message: str) -> None:
        """Works again: one line saying for how long and how many attempts it did not."""
        if self._since is None:
            return
        self.log.warning(
            "%s (after %.0f s and %d failed attempts)",
            message,
            self.clock() - self._since,
            self._count,
        )
        self._since, self._count = None, 0
        self._last.clear()


def describe(exc: BaseException) -> str:
    """A failure in one line: its class and message, with the network cause if any."""
    cause = exc.__cause__
    text = f"{exc.__class__.__name__}: {exc}"
    if cause is not None and cause.__class__.__name__ not in text:
        text += f" ({cause.__class__.__name__})"
    return text


def failure_kind(exc: BaseException) -> str:
    """A failure's kind for `Quiet`'s once-a-minute line: its class, with its cause's."""
    cause = exc.__cause__
    return exc.__class__.__name__ + (f"/{cause.__class__.__name__}" if cause else "")
