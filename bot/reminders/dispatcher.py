"""The Dispatcher: fires the pending reminder rows (docs/reminders.md), each at most once.

- The leader (storage.leader.Leadership: an advisory lock on PostgreSQL, always this
  process on SQLite) plans a send time for each pending row with `domain.sendplan.schedule`
  (Telegram's limits, never after the due time) and arms ONE timer for the earliest
  (bot.reminders.timer). After a restart the plan is rebuilt from the rows.
- Every 10 s each process tries to become (or stay) the leader; on becoming it, rows a
  dead process left in `sending` are dropped and logged ("may not have been delivered"),
  then the plan is rebuilt. While leading it is rebuilt every 10 s too, since other
  processes may have re-planned.
- Sending a row: claim it (pending -> sending, only at the due time we planned it for; a
  re-plan since makes the claim fail and the row is skipped), check it is still useful,
  render it from the current state (bot.reminders.messages), send, then mark it sent.
  Whatever goes wrong after the claim ends in `dropped` with a log line: never a repeat.

Made in post_init and owned by `bot.runtime.services.Services`. The timer and the sender are
replaceable (tests and the bench call `fire_due()` with a fake clock); time always comes
from the injected clock: a timer delay is (send time - clock()).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from telegram.error import Forbidden, TelegramError

from bot.reminders.messages import Reads, render, useful_until
from bot.reminders.pacing import Gate, Send, not_delivered, retry_wait
from bot.reminders.timer import NoTimer, Timer
from bot.runtime.logs import Quiet, describe, failure_kind
from bot.usecases.reminders import became_unreachable
from domain.reminders import CAPTAIN, EVENING, GROUP, NUDGE
from domain.sendplan import Outgoing, schedule
from storage import Database
from storage.leader import Leadership
from storage.records import PendingReminder

log = logging.getLogger(__name__)

EVERY = 10.0  # seconds between two leadership checks (and plan rebuilds while leading)
# Plans aim this much before the due time, so the few milliseconds of claim, render and
# the trip to Telegram still land before it ("none later than nominal").
MARGIN = timedelta(seconds=1)
EPSILON = timedelta(milliseconds=5)  # a timer firing this early still counts as on time
# The plan runs a little below Telegram's 30/s so that a process that fell behind (a
# plan rebuild, a slow disk) catches up under the pacing ceiling (Pace) without a 429.
PLAN_PER_SECOND = 28.0
CLOSING = "closing"  # a send waiting to retry when the process stops: the row goes back

Entry = tuple[datetime, int, PendingReminder]  # (send time, row id, row): a heap entry


@dataclass(frozen=True)
class Outcome:
    """What became of one planned send (tests and the bench read these)."""

    reminder: PendingReminder
    status: str  # sent, dropped, skipped (the claim lost)
    reason: str = ""


class Dispatcher:
    """Fires the pending reminder rows of every active tournament, each at most once."""

    def __init__(
        self,
        db: Database,
        clock: Callable[[], datetime],
        send: Send,
        *,
        timer: Timer | None = None,
        bot_username: str = "",
        leadership: Leadership | None = None,
        reachable: set[int] | None = None,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self.db = db
        self.clock = clock
        self.send = send
        self.timer: Timer = timer or NoTimer()
        self.bot_username = bot_username
        self.leadership = leadership or Leadership(db)
        self.reachable = reachable if reachable is not None else set()
        self.sleep = sleep
        self.leading = False
        self._heap: list[Entry] = []  # the send plan, earliest first
        self.gate = Gate(clock, sleep)  # Telegram's limits on what actually leaves
        self.outcomes: list[Outcome] = []  # kept only when `record` is on (tests, bench)
        self.record = False
        self._inflight: dict[int, asyncio.Task[Outcome]] = {}
        self.reads = Reads(db, clock)  # the tournaments that sends render from
        self._closed = False
        self.quiet = Quiet(log)  # one line per kind of failure a minute in an outage
        self._wake = asyncio.Event()

    # --- leadership and the plan ------------------------------------------------------

    def start(self) -> None:
        """Leadership checks every EVERY seconds from now on (the first one at once)."""
        self.timer.every(EVERY, self.tick)

    def reload_soon(self) -> None:
        """Something that changes reminder rows was committed: rebuild the plan soon.

        Returns at once (the timer runs the rebuild); coalesced: several calls in a row cost
        one rebuild. Only the leader rebuilds; the others' changes reach it within EVERY
        seconds."""
        if self.leading:
            self.timer.soon(self._rebuild)

    async def _rebuild(self) -> None:
        await self.reload(changed=True)

    async def tick(self) -> None:
        """Every EVERY seconds: take or keep the lead; a new leader recovers first."""
        if self._closed:
            return
        try:
            held = await self.leadership.hold()
        except Exception:  # the database is away: try again at the next tick
            log.exception("reminders: could not check leadership")
            held = False
        if held and not self.leading:
            self.leading = True
            log.info("reminders: this process sends reminders now")
            await self.recover()
        elif not held and self.leading:
            self.leading = False
            self.timer.cancel()
            self._heap = []
            log.warning("reminders: leadership lost; another process sends reminders")
        if self.leading:
            await self.reload()

    async def recover(self) -> list[PendingReminder]:
        """Rows a dead process left between claim and send are dropped, never re-sent."""
        async with self.db.unit_of_work() as uow:
            lost = await uow.reminders.recover(self.clock())
            await uow.commit()
        for row in lost:
            log.warning(
                "reminder %s (%s to %s, match %s of tournament %s, due %s) may not have been"
                " delivered: the process sending it stopped after claiming it; dropped",
                row.id,
                row.kind,
                row.recipient,
                row.match_no,
                row.tournament_id,
                row.due_at.isoformat(),
            )
        return lost

    async def reload(self, *, changed: bool = False) -> None:
        """Rebuild the send plan from the pending rows and arm the timer for its head.

        When the rows are what the plan holds already (the usual 10-second check) the plan
        is kept as it is: a plan made afresh would not know what was sent in the last
        minute, and could crowd a chat's 20-a-minute window. `changed`: this process has
        just committed a change (`reload_soon`), so tournament reads are refreshed too.
        """
        if not self.leading or self._closed:
            return
        async with self.db.unit_of_work(read_only=True) as uow:
            rows = await uow.reminders.pending()
        rows = [r for r in rows if r.id not in self._inflight]
        if changed:
            self.reads.clear()
        if {(r.id, r.due_at) for r in rows} == {(r.id, r.due_at) for _, _, r in self._heap}:
            self._arm()
            return
        self.reads.clear()  # rows moved: texts are rendered from what is stored now
        now = self.clock()
        items = [
            Outgoing(
                key=r.id,
                chat_id=r.recipient,
                group=r.recipient < 0,
                due=r.due_at - MARGIN,
                kickoff=r.start_at,
            )
            for r in rows
        ]
        times = schedule(items, now=now, per_second=PLAN_PER_SECOND)
        self._heap = [(times[r.id], r.id, r) for r in rows]
        heapq.heapify(self._heap)
        self._arm()

    def _arm(self) -> None:
        if not self._heap or self._closed:
            self.timer.cancel()
            return
        delay = (self._heap[0][0] - self.clock()).total_seconds()
        self.timer.arm(max(0.0, delay), self.fire_due)

    @property
    def plan(self) -> list[tuple[datetime, PendingReminder]]:
        """The send plan, earliest first (a copy, for tests and logs)."""
        return [(at, row) for at, _, row in sorted(self._heap)]

    @property
    def next_send(self) -> datetime | None:
        return self._heap[0][0] if self._heap else None

    # --- firing -----------------------------------------------------------------------

    async def fire_due(self) -> list[Outcome]:
        """Send every planned reminder whose send time has come; re-arm for the rest."""
        if not self.leading or self._closed:
            return []
        limit = self.clock() + EPSILON
        tasks = []
        while self._heap and self._heap[0][0] <= limit:
            row = heapq.heappop(self._heap)[2]
            if row.id in self._inflight:
                continue
            task = asyncio.ensure_future(self._deliver(row))
            self._inflight[row.id] = task
            task.add_done_callback(lambda _t, key=row.id: self._inflight.pop(key, None))
            tasks.append(task)
        self._arm()
        return list(await asyncio.gather(*tasks)) if tasks else []

    async def drain(self) -> None:
        """Wait for the sends already started (shutdown, tests)."""
        while self._inflight:
            await asyncio.gather(*list(self._inflight.values()), return_exceptions=True)

    async def close(self) -> None:
        """Stop firing, let started sends finish, give the lead to another process."""
        self._closed = True
        self._wake.set()  # sends waiting to retry give their rows back now
        self.timer.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.drain(), timeout=5)
        if self.leading:
            self.leading = False
            try:
                await self.leadership.release()
            except Exception:
                log.exception("reminders: could not release leadership")

    async def _deliver(self, row: PendingReminder) -> Outcome:
        try:
            async with self.db.unit_of_work() as uow:
                claimed = await uow.reminders.claim(row.id, row.due_at, self.clock())
                stored = await uow.matches.get(row.tournament_id, row.match_no)
                await uow.commit()
        except Exception:
            log.exception("reminder %s: claim failed; it stays pending", row.id)
            return self._note(Outcome(row, "skipped", "claim failed"))
        if not claimed:
            # Sent by someone else, or re-planned since our plan was built: the next
            # rebuild has it at its new time, if it is still wanted.
            log.debug("reminder %s: claim lost (sent elsewhere or re-planned)", row.id)
            return self._note(Outcome(row, "skipped", "claim lost"))
        try:
            return await self._claimed(row, stored is not None and stored.result is not None)
        except Exception as exc:  # after the claim nothing may send it again
            log.exception("reminder %s: failed after its claim; dropped", row.id)
            try:
                await self._finish(row, "dropped")
            except Exception:  # the database is away: the next leader's recover drops it
                log.exception("reminder %s: left in 'sending'", row.id)
            return self._note(Outcome(row, "dropped", f"error: {exc.__class__.__name__}"))

    async def _claimed(self, row: PendingReminder, has_result: bool) -> Outcome:
        now = self.clock()
        kind = row.kind.partition(":")[0]
        if kind == NUDGE and has_result:
            await self._finish(row, "dropped")  # quietly: the result came in time
            return self._note(Outcome(row, "dropped", "result in"))
        # The evening before a season's match day is about the whole day, not its first match.
        late = now >= row.start_at
        if (kind in (GROUP, CAPTAIN) and (has_result or late)) or (kind == EVENING and late):
            log.info(
                "reminder %s (%s to %s, match %s of tournament %s) dropped: the match"
                " kicked off at %s, it is %s now",
                row.id,
                row.kind,
                row.recipient,
                row.match_no,
                row.tournament_id,
                row.start_at.isoformat(),
                now.isoformat(),
            )
            await self._finish(row, "dropped")
            return self._note(Outcome(row, "dropped", "kicked off"))
        found = await self.reads.get(row.tournament_id)
        message = (
            None
            if found is None
            else render(row, found, now, reachable=self.reachable, bot_username=self.bot_username)
        )
        if message is None:
            log.info("reminder %s (%s) dropped: nothing left to say", row.id, row.kind)
            await self._finish(row, "dropped")
            return self._note(Outcome(row, "dropped", "nothing to say"))
        text, markup = message
        reason = await self._send(row, text, markup)
        if reason == CLOSING:  # provably never delivered: the next process sends it
            await self._release(row)
            return self._note(Outcome(row, "skipped", CLOSING))
        if reason:
            await self._finish(row, "dropped")
            return self._note(Outcome(row, "dropped", reason))
        await self._finish(row, "sent")
        return self._note(Outcome(row, "sent"))

    async def _send(self, row: PendingReminder, text: str, markup: Any) -> str:
        """'' when sent; otherwise why not (logged).

        A failure that provably delivered nothing (a 429, a refused connection, a timeout
        before the request left, a 5xx) is tried again with backoff until `useful_until`;
        anything that may have delivered it (a read timeout, a dropped connection) or that
        Telegram refused (400, 403) ends the row: at most once, never a repeat."""
        attempt = 0
        while True:
            try:
                await self.gate.enter(row.recipient)
                await self.send(row.recipient, text, markup)
                if self.quiet.failing:
                    self.quiet.ok("reminders: the Bot API takes messages again")
                return ""
            except Forbidden as exc:
                log.warning(
                    "reminder %s dropped: Telegram refused chat %s (%s)", row.id, row.recipient, exc
                )
                if row.recipient > 0:
                    await self._unreachable(row.recipient)
                return "forbidden"
            except TelegramError as exc:
                if not not_delivered(exc):
                    log.warning("reminder %s dropped: Telegram error %s", row.id, describe(exc))
                    return f"telegram: {exc.__class__.__name__}"
                wait = retry_wait(exc, attempt)
                attempt += 1
                if self.clock() + timedelta(seconds=wait) >= useful_until(row):
                    log.warning(
                        "reminder %s dropped: not delivered before %s (%s)",
                        row.id,
                        useful_until(row).isoformat(),
                        describe(exc),
                    )
                    return "not delivered in time"
                self.quiet.fail(
                    failure_kind(exc),
                    "reminders: not delivered, retrying with backoff: %s",
                    describe(exc),
                )
                await self._pause(wait)
                if self._closed:
                    return CLOSING

    async def _pause(self, seconds: float) -> None:
        """A retry's wait; `close()` ends it at once (with the real clock)."""
        if self.sleep is not asyncio.sleep:
            await self.sleep(seconds)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=seconds)

    async def _release(self, row: PendingReminder) -> None:
        try:
            async with self.db.unit_of_work() as uow:
                await uow.reminders.release(row.id, self.clock())
                await uow.commit()
        except Exception as exc:  # left in 'sending': the next leader drops it, logged
            log.warning("reminder %s: could not be put back (%s)", row.id, describe(exc))

    async def _unreachable(self, user_id: int) -> None:
        self.reachable.discard(user_id)
        try:
            async with self.db.unit_of_work() as uow:
                await became_unreachable(uow, user_id, self.clock())
                await uow.commit()
        except Exception:
            log.exception("could not forget private chat %s", user_id)

    async def _finish(self, row: PendingReminder, status: str) -> None:
        async with self.db.unit_of_work() as uow:
            await uow.reminders.finish(row.id, status, self.clock())
            await uow.commit()

    def _note(self, outcome: Outcome) -> Outcome:
        if self.record:
            self.outcomes.append(outcome)
        return outcome
