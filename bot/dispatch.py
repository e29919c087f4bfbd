"""The clock that fires reminder rows: an in-memory send plan and one timer for its head.

Reminders are rows (docs/reminders.md); this module only decides *when* to send each
pending row and sends it at most once:

- The leader (storage.leader.Leadership: an advisory lock on PostgreSQL, always this
  process on SQLite) reads the pending rows, plans a send time for each with
  `domain.sendplan.schedule` (Telegram's limits, never after the due time) and arms ONE
  timer for the earliest. APScheduler's job store is never used: after a restart the plan
  is rebuilt from the rows.
- Every 10 s each process tries to become (or stay) the leader; on becoming it, rows a
  dead process left in `sending` are dropped and logged ("may not have been delivered"),
  then the plan is rebuilt. While leading it is rebuilt every 10 s too, since other
  processes may have re-planned.
- Sending a row: claim it (pending -> sending, only at the due time we planned it for; a
  re-plan since makes the claim fail and the row is skipped), check it is still useful,
  render the text from the current state, send, then mark it sent. Whatever goes wrong
  after the claim ends in `dropped` with a log line: at most once, never a repeat.

The timer and the sender are replaceable (tests and the bench call `fire_due()` with a
fake clock), and time always comes from the injected clock: a timer delay is computed
as (send time - clock()).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

import httpx
from apscheduler.jobstores.base import JobLookupError
from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)
from telegram.ext import Application, ContextTypes, JobQueue

from bot import services
from bot.logs import Quiet, describe
from bot.texts import reminders as texts
from bot.usecases import reminders as usecase
from bot.usecases import state
from domain import reminders as rules
from domain import sendplan
from domain.model import PlannedMatch
from storage import Database
from storage.leader import Leadership
from storage.records import PendingReminder, StoredMatch

log = logging.getLogger(__name__)

EVERY = 10.0  # seconds between two leadership checks (and plan rebuilds while leading)
# Plans aim this much before the due time, so the few milliseconds of claim, render and
# the trip to Telegram still land before it ("none later than nominal").
MARGIN = timedelta(seconds=1)
EPSILON = timedelta(milliseconds=5)  # a timer firing this early still counts as on time
# The plan runs a little below Telegram's 30/s so that a process that fell behind (a
# plan rebuild, a slow disk) catches up under the pacing ceiling (Pace) without a 429.
PLAN_PER_SECOND = 28.0
# A send that provably did not reach Telegram (see `not_delivered`) is tried again after
# these waits (the last repeated) until the match kicks off, or for a nudge or the
# unreachable list until LATE after its due time. A 429 waits what Telegram asked instead.
BACKOFF = (0.5, 1.0, 2.0, 4.0, 5.0)
LATE = timedelta(hours=1)
CLOSING = "closing"  # a send waiting to retry when the process stops: the row goes back
# How long a tournament read for rendering is reused. A change made here, or one that
# moves rows, clears it at once; this bounds only what other processes change without
# touching rows (a team renamed there shows its new name within a minute).
READ_AGE = timedelta(seconds=60)
TICK_JOB, FIRE_JOB, RELOAD_JOB = "reminders:tick", "reminders:fire", "reminders:reload"

Send = Callable[[int, str, InlineKeyboardMarkup | None], Awaitable[object]]
Entry = tuple[datetime, int, PendingReminder]  # (send time, row id, row): a heap entry


class Pace:
    """Telegram's limits on what actually leaves, whatever the plan says: 30 a second in
    all, 20 a minute into one group, 1 a second into one private chat, each window a
    little longer (GUARD) for the jitter between starting a send and its arrival.

    The plan keeps these limits by itself; this matters when the process fell behind it
    (a plan rebuild, a slow disk), where sending everything overdue at once would earn
    429s. Measured when a send starts, not when it was decided."""

    GUARD = timedelta(milliseconds=20)
    ALL = (30, timedelta(seconds=1))
    GROUP = (20, timedelta(minutes=1))
    PRIVATE = (1, timedelta(seconds=1))

    def __init__(self) -> None:
        self._all: deque[datetime] = deque()
        self._chats: dict[int, deque[datetime]] = defaultdict(deque)

    def wait_all(self, now: datetime) -> timedelta:
        return self._wait(self._all, self.ALL, now)

    def wait_chat(self, chat_id: int, now: datetime) -> timedelta:
        sent = self._chats.get(chat_id)
        return self._wait(sent, self.GROUP if chat_id < 0 else self.PRIVATE, now)

    def take(self, chat_id: int, now: datetime) -> None:
        self._all.append(now)
        self._chats[chat_id].append(now)

    def _wait(
        self, sent: deque[datetime] | None, limit: tuple[int, timedelta], now: datetime
    ) -> timedelta:
        """How long until one more send fits the limit (zero: now)."""
        if not sent:
            return timedelta(0)
        count, span = limit
        window = span + self.GUARD
        while sent and now - sent[0] >= window:
            sent.popleft()
        return (
            max(timedelta(0), sent[-count] + window - now) if len(sent) >= count else timedelta(0)
        )


class Timer(Protocol):
    """Calls `callback` once, `delay` seconds from now; arming again replaces it."""

    def arm(self, delay: float, callback: Callable[[], Awaitable[object]]) -> None: ...

    def cancel(self) -> None: ...


class JobQueueTimer:
    """The production timer: one PTB JobQueue run_once job, replaced on every arm."""

    def __init__(self, queue: JobQueue) -> None:  # type: ignore[type-arg]
        self._queue = queue
        self._job: Any = None

    def arm(self, delay: float, callback: Callable[[], Awaitable[object]]) -> None:
        self.cancel()

        async def run(_context: ContextTypes.DEFAULT_TYPE) -> None:
            await callback()

        # No misfire grace limit: a loop busy for a second must delay the send, not lose it.
        self._job = self._queue.run_once(
            run, when=max(0.0, delay), name=FIRE_JOB, job_kwargs={"misfire_grace_time": None}
        )

    def cancel(self) -> None:
        job, self._job = self._job, None
        if job is not None:
            with contextlib.suppress(JobLookupError):  # it ran already
                job.schedule_removal()


class NoTimer:
    """For callers that drive `fire_due()` themselves: remembers what would be armed."""

    def __init__(self) -> None:
        self.delay: float | None = None

    def arm(self, delay: float, callback: Callable[[], Awaitable[object]]) -> None:
        self.delay = delay

    def cancel(self) -> None:
        self.delay = None


def bot_sender(application: Application) -> Send:  # type: ignore[type-arg]
    async def send(chat_id: int, text: str, markup: InlineKeyboardMarkup | None) -> object:
        return await application.bot.send_message(chat_id, text, reply_markup=markup)

    return send


@dataclass
class _Tournament:
    """What rendering needs of one tournament, read once per plan rebuild."""

    snapshot: state.Snapshot
    captains: dict[str, tuple[int, ...]]
    reachable: frozenset[int]
    by_id: dict[int, StoredMatch] = field(default_factory=dict)


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
        self.pace = Pace()
        self._gate_lock = asyncio.Lock()  # FIFO: sends start in the order they reach it
        self.outcomes: list[Outcome] = []  # kept only when `record` is on (tests, bench)
        self.record = False
        self._inflight: dict[int, asyncio.Task[Outcome]] = {}
        self._tournaments: dict[int, tuple[datetime, asyncio.Future[_Tournament | None]]] = {}
        self._closed = False
        self.quiet = Quiet(log)  # one line per kind of failure a minute in an outage
        self._wake = asyncio.Event()

    # --- leadership and the plan ------------------------------------------------------

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
        just committed a change (dispatch.reload), so tournament reads are refreshed too.
        """
        if not self.leading or self._closed:
            return
        async with self.db.unit_of_work(read_only=True) as uow:
            rows = await uow.reminders.pending()
        rows = [r for r in rows if r.id not in self._inflight]
        if changed:
            self._tournaments.clear()
        if {(r.id, r.due_at) for r in rows} == {(r.id, r.due_at) for _, _, r in self._heap}:
            self._arm()
            return
        self._tournaments.clear()  # rows moved: texts are rendered from what is stored now
        now = self.clock()
        items = [
            sendplan.Outgoing(
                key=r.id,
                chat_id=r.recipient,
                group=r.recipient < 0,
                due=r.due_at - MARGIN,
                kickoff=r.start_at,
            )
            for r in rows
        ]
        times = sendplan.schedule(items, now=now, per_second=PLAN_PER_SECOND)
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
                stored = await uow.matches.state(row.tournament_id, row.match_no)
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
        if kind == rules.NUDGE and has_result:
            await self._finish(row, "dropped")  # quietly: the result came in time
            return self._note(Outcome(row, "dropped", "result in"))
        # The evening before a season's match day is about the whole day, not its first match.
        late = now >= row.start_at
        if (kind in (rules.GROUP, rules.CAPTAIN) and (has_result or late)) or (
            kind == rules.EVENING and late
        ):
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
        found = await self._tournament(row.tournament_id)
        message = None if found is None else self._render(row, found, now)
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
        before the request left, a 5xx) is tried again with backoff until `_give_up_at`;
        anything that may have delivered it (a read timeout, a dropped connection) or that
        Telegram refused (400, 403) ends the row: at most once, never a repeat."""
        attempt = 0
        while True:
            try:
                await self._gate(row.recipient)
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
                wait = (
                    _wait_seconds(exc)
                    if isinstance(exc, RetryAfter)
                    else BACKOFF[min(attempt, len(BACKOFF) - 1)]
                )
                attempt += 1
                if self.clock() + timedelta(seconds=wait) >= self._give_up_at(row):
                    log.warning(
                        "reminder %s dropped: not delivered before %s (%s)",
                        row.id,
                        self._give_up_at(row).isoformat(),
                        describe(exc),
                    )
                    return "not delivered in time"
                self.quiet.fail(
                    _failure_kind(exc),
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

    @staticmethod
    def _give_up_at(row: PendingReminder) -> datetime:
        """A reminder is pointless once its match kicks off; a nudge or the list of
        unreachable captains still helps for LATE after its due time."""
        kind = row.kind.partition(":")[0]
        before = (rules.GROUP, rules.CAPTAIN, rules.EVENING)
        return row.start_at if kind in before else row.due_at + LATE

    async def _gate(self, chat_id: int) -> None:
        """Wait until a message to `chat_id` keeps Telegram's limits, then count it.

        In the plan's rhythm this never waits. A chat's own limit is waited out without
        holding the gate (other chats go on); the overall limit holds everyone."""
        while True:
            async with self._gate_lock:
                now = self.clock()
                overall = self.pace.wait_all(now)
                if overall > timedelta(0):
                    await self.sleep(overall.total_seconds())
                    continue
                mine = self.pace.wait_chat(chat_id, now)
                if mine <= timedelta(0):
                    self.pace.take(chat_id, now)
                    return
            await self.sleep(mine.total_seconds())

    async def _unreachable(self, user_id: int) -> None:
        self.reachable.discard(user_id)
        try:
            async with self.db.unit_of_work() as uow:
                await usecase.became_unreachable(uow, user_id, self.clock())
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

    # --- rendering --------------------------------------------------------------------

    async def _tournament(self, tournament_id: int) -> _Tournament | None:
        """The tournament as stored, read once and shared by its sends (see READ_AGE)."""
        now = self.clock()
        cached = self._tournaments.get(tournament_id)
        if cached is None or now - cached[0] > READ_AGE:
            future = asyncio.ensure_future(self._read(tournament_id))
            self._tournaments[tournament_id] = (now, future)
        else:
            future = cached[1]
        try:
            return await asyncio.shield(future)
        except Exception:
            self._tournaments.pop(tournament_id, None)
            raise

    async def _read(self, tournament_id: int) -> _Tournament | None:
        async with self.db.unit_of_work(read_only=True) as uow:
            snap = await state.load(uow, tournament_id)
            if snap.tournament.status != "active":
                return None
            captains = await uow.teams.captains(tournament_id)
            people = {u for users in captains.values() for u in users}
            reachable = await uow.private_chats.reachable(people) if people else set()
        return _Tournament(snap, captains, frozenset(reachable), {m.id: m for m in snap.matches})

    def _render(
        self, row: PendingReminder, found: _Tournament, now: datetime
    ) -> tuple[str, InlineKeyboardMarkup | None] | None:
        """The text (and buttons) of one reminder from the current state; None: pointless."""
        snap = found.snapshot
        stored = found.by_id.get(row.match_id)
        if stored is None:
            return None
        match = stored.match
        kind = row.kind.partition(":")[0]
        minutes = _minutes_until(match.start, now)
        if kind == rules.GROUP:
            slot = [m.match for m in snap.matches if m.match.start == match.start]
            return texts.group_reminder(match.start, slot, minutes), None
        if kind == rules.CAPTAIN:
            team = _team_of(row.recipient, match, found.captains)
            if team is None:
                return None  # no longer this match's captain
            squad = snap.tournament.settings.squad
            text = texts.captain_reminder(team, match, minutes, bool(squad))
            return text, headcount_buttons(row.match_id, int(squad)) if squad else None
        if kind == rules.NUDGE:
            return texts.nudge(match), None
        if kind in (rules.EVENING, rules.DAY_NUDGE):  # a season's match day (domain.reminders)
            day = [m for m in snap.matches if m.match.week == match.week]
            if kind == rules.EVENING:
                return texts.evening_reminder(match.week, [m.match for m in day], now), None
            missing = [m.match for m in day if m.result is None and m.match.end <= now]
            return (texts.day_nudge(match.week, missing), None) if missing else None
        if kind == rules.UNREACHABLE:
            audience = rules.Audience(
                chat_id=snap.tournament.chat_id,
                organiser=snap.tournament.created_by,
                captains=found.captains,
                reachable=found.reachable | self.reachable,
            )
            played = usecase.played(snap)
            # A season's list is the match day's (its week), a day's the whole plan's.
            matches = [m for m in snap.planned if match.week is None or m.week == match.week]
            missing = rules.unreachable(matches, played, audience, now=now)
            teams = list(dict.fromkeys(team for team, _ in missing))
            if not teams:
                return None
            return texts.unreachable(teams, self.bot_username), None
        log.warning("reminder %s has an unknown kind %r", row.id, row.kind)
        return None


def headcount_buttons(match_id: int, squad: int) -> InlineKeyboardMarkup:
    """ "Kaç kişisiniz?": a few numbers around the squad size, fewer first."""
    counts = range(max(1, squad - 3), squad + 2)
    keys = [InlineKeyboardButton(str(n), callback_data=f"hc:{match_id}:{n}") for n in counts]
    return InlineKeyboardMarkup([keys])


def _team_of(user_id: int, match: PlannedMatch, captains: dict[str, tuple[int, ...]]) -> str | None:
    for team in (match.home, match.away):
        if team is not None and user_id in captains.get(team, ()):
            return team
    return None


def not_delivered(exc: BaseException) -> bool:
    """Whether a failed send provably did not reach Telegram, so sending again cannot
    repeat it: a 429, a connection that was refused or never made, a timeout waiting for
    a connection, or a 5xx answer (Telegram's front end refused it). A read or write
    timeout, or a connection dropped mid-request, may have delivered it."""
    if isinstance(exc, RetryAfter):
        return True
    if isinstance(exc, BadRequest | Forbidden | InvalidToken | Conflict | ChatMigrated):
        return False
    cause = exc.__cause__
    if isinstance(exc, TimedOut):
        return isinstance(cause, httpx.ConnectTimeout | httpx.PoolTimeout) or (
            cause is None and "Pool timeout" in str(exc)
        )
    if isinstance(exc, NetworkError):
        if isinstance(cause, httpx.ConnectError | httpx.ConnectTimeout | httpx.PoolTimeout):
            return True
        # No httpx cause: an HTTP status came back (PTB words 5xx as NetworkError).
        return cause is None or isinstance(cause, TelegramError)
    return False


def _failure_kind(exc: BaseException) -> str:
    cause = exc.__cause__
    return exc.__class__.__name__ + (f"/{cause.__class__.__name__}" if cause else "")


def _wait_seconds(exc: RetryAfter) -> float:
    """The wait Telegram asked for, without PTB's int-or-timedelta deprecation dance."""
    value = getattr(exc, "_retry_after", None) or exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


def _minutes_until(start: datetime, now: datetime) -> int:
    return max(1, round((start - now).total_seconds() / 60))


# --- wiring into the Application --------------------------------------------------------


def of(application: Application) -> Dispatcher | None:  # type: ignore[type-arg]
    found = application.bot_data.get(services.KEY)
    return None if found is None else found.dispatcher


def start(application: Application, dispatcher: Dispatcher) -> None:  # type: ignore[type-arg]
    """Leadership checks every EVERY seconds from now on (the first one at once)."""
    queue = application.job_queue
    if queue is None:
        log.warning("reminders: no job queue (install python-telegram-bot[job-queue])")
        return

    async def tick(_context: ContextTypes.DEFAULT_TYPE) -> None:
        await dispatcher.tick()

    # `first` must not be 0: PTB reads a falsy `first` as "after one interval".
    queue.run_repeating(tick, interval=EVERY, first=0.001, name=TICK_JOB)
    # ...but in a running bot the scheduler starts after the updater (ms later), so the
    # interval job's first run is one interval away: the first check is a one-off.
    queue.run_once(tick, when=0, name=TICK_JOB, job_kwargs={"misfire_grace_time": None})


def reload(application: Application) -> None:  # type: ignore[type-arg]
    """Something that changes reminder rows was committed: rebuild the plan soon.

    Returns at once (a job runs the rebuild); safe without a dispatcher or job queue, and
    coalesced: several calls in a row cost one rebuild. Only the leader rebuilds; the
    others' changes reach it within EVERY seconds."""
    dispatcher = of(application)
    queue = application.job_queue
    if dispatcher is None or queue is None or not dispatcher.leading:
        return
    if queue.get_jobs_by_name(RELOAD_JOB):
        return

    async def rebuild(_context: ContextTypes.DEFAULT_TYPE) -> None:
        await dispatcher.reload(changed=True)

    queue.run_once(rebuild, when=0, name=RELOAD_JOB, job_kwargs={"misfire_grace_time": None})
