"""What the bot logs: what an operator wants, once.

`setup()` logs at INFO for the bot itself and at WARNING for its libraries (APScheduler's
"Running job" every 10 s, fontTools' dozens of lines per PDF, httpx's every request).
`Quiet` is for failures that repeat while something is away (the Bot API, the database):
one line per kind of failure per minute, without a traceback, then one line when it works
again, instead of a traceback per attempt. `Tally` is for what visitors can make happen as
often as they like (refused page requests, malformed requests, failed accepts): one line per
kind per minute, saying how many times it happened since the line before.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections.abc import Callable
from typing import Any

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
        self._lines = Tally(logger, every, clock)  # which kind's minute is up
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
        if self._lines.due(kind):
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
        self._lines.clear()


class Tally:
    """One line per kind per EVERY seconds, with how many times the kind happened since."""

    def __init__(
        self,
        logger: logging.Logger,
        every: float = EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.log, self.every, self.clock = logger, every, clock
        self._last: dict[str, float] = {}
        self._count: dict[str, int] = {}

    def due(self, kind: str) -> int:
        """Count one `kind`; how many since its last line if a line is due now, else 0."""
        now = self.clock()
        self._count[kind] = self._count.get(kind, 0) + 1
        if now - self._last.get(kind, -self.every) < self.every:
            return 0
        count = self._count.pop(kind)
        self._last[kind] = now
        if len(self._last) > 1000:  # kinds chosen by visitors (a message's text): bounded
            self._last = {k: at for k, at in self._last.items() if now - at < self.every}
            self._count = {k: n for k, n in self._count.items() if k in self._last}
        return count

    def clear(self) -> None:
        """Forget every kind: the next of each is logged at once."""
        self._last.clear()
        self._count.clear()

    def note(self, kind: str, message: str, *args: object) -> bool:
        """Count one `kind`; log `message % args` if its minute is up (True then)."""
        count = self.due(kind)
        if count:
            tail = f" ({count} times in the last {self.every:.0f} s)" if count > 1 else ""
            self.log.warning(message + tail, *args)
        return bool(count)


class Repeats(logging.Filter):
    """A logger's records (uvicorn's "Invalid HTTP request received.", asyncio's failed
    accepts) at most once per message per EVERY seconds, the traceback only the first time."""

    def __init__(self, every: float = EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every, self.clock = every, clock
        self._last: dict[tuple[str, object], float] = {}
        self._count: dict[tuple[str, object], int] = {}
        self._told: set[tuple[str, object]] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.msg)
        now = self.clock()
        self._count[key] = self._count.get(key, 0) + 1
        if now - self._last.get(key, -self.every) < self.every:
            return False
        if len(self._last) > 1000:
            self._last.clear()
            self._told.clear()
            self._count = {key: self._count[key]}
        count = self._count.pop(key)
        self._last[key] = now
        if key in self._told:
            record.exc_info, record.exc_text, record.stack_info = None, None, None
        self._told.add(key)
        if count > 1:
            record.msg = f"{record.getMessage()} ({count} times in the last {self.every:.0f} s)"
            record.args = None
        return True


OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def quiet_loop(loop: asyncio.AbstractEventLoop, every: float = EVERY) -> None:
    """The event loop's own reports (asyncio's "socket.accept() out of system resource"
    when the file descriptors ran out, a task's exception never retrieved) once per kind per
    minute: out of descriptors in one line, anything else as asyncio reports it."""
    tally = Tally(logging.getLogger("asyncio"), every)

    def report(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        message = str(context.get("message", ""))
        kind = f"{message}/{type(exc).__name__}"
        if isinstance(exc, OSError) and exc.errno in OUT_OF_FILES:
            tally.note(kind, "%s: %s", message, describe(exc))
        elif count := tally.due(kind):
            if count > 1:
                context = {**context, "message": f"{message} ({count} times in {every:.0f} s)"}
            loop.default_exception_handler(context)

    loop.set_exception_handler(report)


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
