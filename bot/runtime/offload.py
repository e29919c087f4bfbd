"""CPU-heavy work off the event loop, within a time budget, and plans a chat can carry.

Planning a 64-team league takes seconds of pure Python (and CP-SAT); on the event loop it
stalls every chat, and in a thread it still holds the GIL most of the time. `run` sends
such a call to a worker process (a small pool started on first use with `forkserver`, so
workers do not inherit the bot's threads and connections) and waits at most `budget`
seconds. At the budget a timer in the worker stops the call (`_within`), so the worker
and whatever other chats queued behind it live on; a worker stuck in C code past GRACE
more is killed (a thread could not be) and the pool started afresh. Either way `TooSlow`
says in Turkish what took too long (bot.texts.errors).

The callable and its arguments must pickle: a module-level function over plain values
(dataclasses of `domain`), as the planner and the renderers are.

`check_plan` caps a plan at MAX_MATCHES matches (see there for why 500).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot import started
from domain.errors import DomainError

T = TypeVar("T")
log = logging.getLogger(__name__)

PLAN_BUDGET = 20.0  # seconds a set-up's plan may take
RENDER_BUDGET = 15.0  # seconds a picture or a PDF may take
# Seconds the search for formats that fit a day may take (the summary's alternatives, the
# guided set-up's hint): optional, so past it the summary is shown without them. A 24-team
# league's alternatives take about 1.5 s, a 32-team league's about 13 s.
ADVICE_BUDGET = 8.0
WORKERS = max(1, min(2, (os.cpu_count() or 1) - 1))
GRACE = 2.0  # seconds past a budget before a call that did not stop by itself is killed
WARM_AFTER = 30.0  # seconds after start-up the workers are started (bot.app)
# A plan's matches, at most. Why 500: it is what one group chat can carry. Every match
# is a result line, a reminder slot and a line of the fixture; Telegram lets a bot send
# 20 messages a minute into one group, the fixture text reads in at most 5 messages (about
# 330 lines) and a picture holds 135 matches, so past a few hundred matches the chat can
# no longer show the plan it was given. 500 keeps every format the set-up offers for up to
# 64 teams in groups (16 groups of 4: 127 matches) and single leagues of up to 32 teams
# (496 matches); it refuses 33+ team leagues (a 64-team league is 2016 matches, planned in
# 4-9 s) and double round robins past 22 teams, with a way out in the refusal.
MAX_MATCHES = 500


class TooSlow(DomainError):
    """`what` ("plan", "picture", "pdf") did not finish within `seconds`."""

    def __init__(self, what: str, seconds: float) -> None:
        super().__init__(what, seconds)
        self.what = what
        self.seconds = seconds


class PlanTooLarge(DomainError):
    def __init__(self, matches: int, maximum: int = MAX_MATCHES) -> None:
        super().__init__(matches, maximum)
        self.matches = matches
        self.maximum = maximum


def check_plan(matches: int) -> None:
    """Refuse a plan of more than MAX_MATCHES matches (PlanTooLarge)."""
    if matches > MAX_MATCHES:
        raise PlanTooLarge(matches)


_pool: ProcessPoolExecutor | None = None
# Modules every worker imports once, before its first call (the planner, the renderers):
# named by the composition root (`preload`, from bot.app), so this module imports none.
_preload: tuple[str, ...] = ()
_creating = threading.Lock()


def preload(modules: Sequence[str]) -> None:
    """Name the modules the workers import ahead (in the forkserver, and in `warm`)."""
    global _preload
    _preload = tuple(modules)


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _creating:  # `warm` creates it in a thread, a plan on the loop may meanwhile
        if _pool is not None:
            return _pool
        context = multiprocessing.get_context("forkserver")
        # The forkserver imports these once; each worker forks from it already loaded.
        context.set_forkserver_preload(list(_preload))
        _pool = ProcessPoolExecutor(
            max_workers=WORKERS,
            mp_context=context,
            initializer=_watch,
            initargs=(os.getpid(),),
        )
        return _pool


def _watch(bot_pid: int) -> None:
    """In a worker: exit when the bot process is gone (a SIGKILL runs no clean-up, and a
    worker waiting for work would otherwise outlive it, and with it the forkserver)."""
    started()  # the preloaded imports are done (bot/__init__.py)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(bot_pid, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # the pid was reused by someone else's process
                os._exit(0)

    threading.Thread(target=watch, name="offload:watch", daemon=True).start()


def _discard(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's workers (one is stuck past its budget) and forget the pool."""
    global _pool
    if _pool is pool:
        _pool = None
    processes = list(getattr(pool, "_processes", {}).values())
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


class _Stopped(BaseException):
    """In a worker: the call's timer went off. A BaseException, so that no `except
    DomainError` or `except Exception` of the code it interrupts takes it for a refusal
    and carries on."""


def _within(
    deadline: float, what: str, budget: float, fn: Callable[..., T], args: Any, kwargs: Any
) -> T:
    """In a worker: `fn(*args, **kwargs)`, stopped at `deadline` (time.monotonic(), one
    clock for every process of the machine) by a SIGALRM timer that raises in the call, so
    the worker lives on for the calls queued behind it. The timer repeats every half second
    until the call ends, in case a bare `except` swallows it once."""
    left = deadline - time.monotonic()
    if left <= 0:  # it waited its whole budget behind other calls
        raise TooSlow(what, budget)

    def stop(_signum: int, _frame: object) -> None:
        raise _Stopped

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, left, 0.5)
    try:
        try:
            return fn(*args, **kwargs)
        finally:
            _disarm(previous)
    except _Stopped:
        _disarm(previous)  # the timer may have gone off before the `finally` disarmed it
        raise TooSlow(what, budget) from None


def _disarm(previous: Any) -> None:
    """In a worker: the call's timer off and the former SIGALRM handler back."""
    while True:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            return
        except _Stopped:  # it went off just now: once more
            continue


def _submit(
    fn: Callable[..., T], args: Any, kwargs: Any, *, budget: float, what: str
) -> tuple[ProcessPoolExecutor, Future[T]]:
    """Hand `fn` to a worker, to be stopped there `budget` seconds from now (`_within`); a
    pool broken by a worker that died earlier is replaced once."""
    call = (_within, time.monotonic() + budget, what, budget, fn, args, kwargs)
    pool = _executor()
    try:
        return pool, pool.submit(*call)
    except (BrokenProcessPool, RuntimeError):
        _discard(pool)
        pool = _executor()
        return pool, pool.submit(*call)


def _stopped(what: str, budget: float) -> None:
    log.warning("%s: not done in %.0f s; stopped", what, budget)


def _too_slow(pool: ProcessPoolExecutor, what: str, budget: float) -> TooSlow:
    log.warning("%s: not done in %.0f s; its worker is killed", what, budget)
    _discard(pool)
    return TooSlow(what, budget)


async def run(fn: Callable[..., T], *args: Any, budget: float, what: str = "plan") -> T:
    """`fn(*args)` in a worker process; TooSlow(what, budget) past `budget` seconds."""
    pool, future = _submit(fn, args, {}, budget=budget, what=what)
    try:
        return await asyncio.wait_for(asyncio.wrap_future(future), timeout=budget + GRACE)
    except TooSlow:  # stopped in its worker, which serves on
        _stopped(what, budget)
        raise
    except TimeoutError:
        raise _too_slow(pool, what, budget) from None
    except BrokenProcessPool:
        _discard(pool)
        raise


def in_worker(
    fn: Callable[..., T], *args: Any, budget: float, what: str = "picture", **kwargs: Any
) -> Callable[[], T]:
    """`fn(*args, **kwargs)` in a worker process, as a callable for a thread that waits
    for it (`asyncio.to_thread(in_worker(...))`): for code that already renders in a
    thread. TooSlow past `budget` seconds, as `run`."""

    def call() -> T:
        pool, future = _submit(fn, args, kwargs, budget=budget, what=what)
        try:
            return future.result(timeout=budget + GRACE)
        except TooSlow:  # stopped in its worker, which serves on
            _stopped(what, budget)
            raise
        except TimeoutError:  # concurrent.futures.TimeoutError is the builtin since 3.11
            raise _too_slow(pool, what, budget) from None
        except BrokenProcessPool:
            _discard(pool)
            raise

    return call


def _imports(modules: Sequence[str]) -> None:
    """In a worker: the preloaded modules imported once, before the first call."""
    for name in modules:
        importlib.import_module(name)


async def warm() -> None:
    """Start the workers now (at start-up), so the first plan does not pay for their
    start and imports (a few seconds). Starting them blocks until the forkserver has
    imported the preloaded modules and forked each worker (~1.3 s idle, up to ~9 s under
    load), so that happens in a thread: the event loop serves the chats meanwhile."""
    await asyncio.to_thread(_start_workers)


def _start_workers() -> None:
    pool = _executor()
    for _ in range(WORKERS):
        pool.submit(_imports, _preload)


def league_matches(teams: int, groups: int = 1, *, double: bool = False) -> int:
    """The round-robin matches of `teams` in `groups` (as even as a draw makes them): what
    `check_plan` can be asked before planning, knockout matches aside."""
    groups = max(1, min(groups, teams))
    size, extra = divmod(teams, groups)
    sizes = [size + 1] * extra + [size] * (groups - extra)
    return sum(k * (k - 1) // 2 for k in sizes) * (2 if double else 1)


def shutdown() -> None:
    """At exit: the workers go too."""
    if _pool is not None:
        _discard(_pool)
