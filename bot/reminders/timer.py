"""The Timer the Dispatcher runs on: PTB's JobQueue in the bot, none in tests and the bench.

The Dispatcher asks three things of it: one timer for the send plan's head (armed again
whenever the head changes), a repeating leadership check, and a plan rebuild soon after
something here changed reminder rows. APScheduler's job store is never used for rows:
after a restart the plan is rebuilt from the database.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from apscheduler.jobstores.base import JobLookupError
from telegram.ext import ContextTypes, JobQueue

log = logging.getLogger(__name__)

TICK_JOB, FIRE_JOB, RELOAD_JOB = "reminders:tick", "reminders:fire", "reminders:reload"

Callback = Callable[[], Awaitable[object]]


class Timer(Protocol):
    def arm(self, delay: float, callback: Callback) -> None:
        """Call `callback` once, `delay` seconds from now; arming again replaces it."""

    def cancel(self) -> None:
        """Forget what `arm` armed."""

    def every(self, interval: float, callback: Callback) -> None:
        """Call `callback` every `interval` seconds, the first time at once."""

    def soon(self, callback: Callback) -> None:
        """Call `callback` once, right away, unless a call asked for earlier is still to
        come (several in a row cost one)."""


class JobQueueTimer:
    """The production timer: PTB JobQueue jobs, one run_once job for the plan's head."""

    def __init__(self, queue: JobQueue) -> None:  # type: ignore[type-arg]
        self._queue = queue
        self._job: Any = None

    def arm(self, delay: float, callback: Callback) -> None:
        self.cancel()
        # No misfire grace limit: a loop busy for a second must delay the send, not lose it.
        self._job = self._queue.run_once(
            _job(callback),
            when=max(0.0, delay),
            name=FIRE_JOB,
            job_kwargs={"misfire_grace_time": None},
        )

    def cancel(self) -> None:
        job, self._job = self._job, None
        if job is not None:
            with contextlib.suppress(JobLookupError):  # it ran already
                job.schedule_removal()

    def every(self, interval: float, callback: Callback) -> None:
        run = _job(callback)
        # `first` must not be 0: PTB reads a falsy `first` as "after one interval".
        self._queue.run_repeating(run, interval=interval, first=0.001, name=TICK_JOB)
        # ...but in a running bot the scheduler starts after the updater (ms later), so the
        # interval job's first run is one interval away: the first check is a one-off.
        self._queue.run_once(run, when=0, name=TICK_JOB, job_kwargs={"misfire_grace_time": None})

    def soon(self, callback: Callback) -> None:
        if self._queue.get_jobs_by_name(RELOAD_JOB):
            return
        self._queue.run_once(
            _job(callback), when=0, name=RELOAD_JOB, job_kwargs={"misfire_grace_time": None}
        )


class NoTimer:
    """For callers that drive `fire_due()` and `tick()` themselves: remembers what would
    be armed, and runs nothing."""

    def __init__(self) -> None:
        self.delay: float | None = None

    def arm(self, delay: float, callback: Callback) -> None:
        self.delay = delay

    def cancel(self) -> None:
        self.delay = None

    def every(self, interval: float, callback: Callback) -> None:
        pass

    def soon(self, callback: Callback) -> None:
        pass


def for_queue(queue: JobQueue | None) -> Timer:  # type: ignore[type-arg]
    """The bot's timer: its JobQueue's, or none (said once) when PTB has no job queue."""
    if queue is None:
        log.warning("reminders: no job queue (install python-telegram-bot[job-queue])")
        return NoTimer()
    return JobQueueTimer(queue)


def _job(callback: Callback) -> Callable[[ContextTypes.DEFAULT_TYPE], Awaitable[None]]:
    async def run(_context: ContextTypes.DEFAULT_TYPE) -> None:
        await callback()

    return run
