"""A page flood as an attacker sends it, for tests/e2e/test_e2e_floods.py: plain HTTP/1.1
over raw sockets (cheap on the sending side), run in a thread of its own beside the test's
conversation, counting the answers by status.

- `requests`: `connections` keep-alive connections sending the given paths back to back,
  reconnecting at once when the server closes;
- `long_polls`: `holders` connections each asking a long poll and, answered or refused,
  asking again at once, until told to stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import Counter
from collections.abc import Callable, Iterator

HEAD_END = b"\r\n\r\n"


async def _ask(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str
) -> tuple[int, bool]:
    """One request on an open connection: (status, the server closes the connection)."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: flood\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(HEAD_END)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = {k.lower(): v.strip() for k, _, v in (li.partition(":") for li in lines[1:] if li)}
    await reader.readexactly(int(fields.get("content-length", "0")))
    return status, fields.get("connection", "").lower() == "close"


async def _connection(
    port: int, job: Callable[[], str | None], count: Callable[[int], None], stop: threading.Event
) -> None:
    writer: asyncio.StreamWriter | None = None
    while not stop.is_set():
        path = job()
        if path is None:
            break
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
            status, closed = await _ask(reader, writer, path)
            count(status)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
            count(0)  # refused or closed before an answer
            closed = True
        if closed and writer is not None:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
            writer = None
    if writer is not None:
        writer.close()


class Flood:
    """A flood running in its own thread until `stop()`; `seen` counts answers by status
    (0: the connection was refused or closed without one)."""

    def __init__(self) -> None:
        self.seen: Counter[int] = Counter()
        self._counted = threading.Condition()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _count(self, status: int) -> None:
        with self._counted:
            self.seen[status] += 1
            self._counted.notify_all()

    def wait_for(self, enough: Callable[[Counter[int]], bool], timeout: float) -> bool:
        """Whether the answers counted so far are `enough` within `timeout` seconds: the
        test's thread waits on the count instead of spinning, which would take the
        interpreter's lock from the flood it waits for."""
        with self._counted:
            return self._counted.wait_for(lambda: enough(self.seen), timeout)

    def _run(self, tasks: Callable[[], list]) -> None:
        async def main() -> None:
            running = [asyncio.ensure_future(t) for t in tasks()]
            told = asyncio.ensure_future(asyncio.to_thread(self._stop.wait))
            all_done = asyncio.gather(*running)
            await asyncio.wait([told, all_done], return_when=asyncio.FIRST_COMPLETED)
            self._stop.set()  # finished by itself: the waiting thread goes too
            for task in running:
                task.cancel()  # a long poll still held
            await asyncio.gather(*running, return_exceptions=True)
            with contextlib.suppress(asyncio.CancelledError):
                await all_done
            await told

        self._thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
        self._thread.start()

    def requests(self, port: int, paths: Iterator[str], connections: int) -> Flood:
        lock = threading.Lock()

        def job() -> str | None:
            with lock:
                return next(paths, None)

        self._run(
            lambda: [_connection(port, job, self._count, self._stop) for _ in range(connections)]
        )
        return self

    def long_polls(self, port: int, path: str, holders: int) -> Flood:
        ask = [_connection(port, lambda: path, self._count, self._stop) for _ in range(holders)]
        self._run(lambda: ask)
        return self

    @property
    def done(self) -> bool:
        return self._thread is not None and not self._thread.is_alive()

    def join(self, timeout: float) -> Counter[int]:
        """Until the paths are all asked (a `requests` flood), at most `timeout` seconds."""
        if self._thread is not None:
            self._thread.join(timeout)
        assert self.done, f"the flood did not end in {timeout:.0f} s: {self.seen}"
        return self.seen

    def stop(self, timeout: float = 30.0) -> Counter[int]:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
        return self.seen
