"""Replies per member in a group: a burst is folded, a person typing is always answered.

Telegram lets a bot send 20 messages a minute into one group. A member who types 25
questions in a second would otherwise get 25 answers, and every other member's answer would
wait a minute behind them; yet a captain who asks a question every few seconds, as fast as
people type, must get every answer. So each member has, in each group, a bucket of BURST
foldable replies (questions, pictures, tables, team pickers, refusals): a burst takes from
it at once, what goes past it is folded (the first fold with one "⏳" notice that says so,
at most one notice a minute; the rest quietly), and the bucket refills by one every PACE
seconds. Figures: 25 messages in half a second get 5 answers and the notice; 8 questions
within a minute, one every 2.5 s or slower, get 8 answers; a question every 5 s or slower
is answered however long it goes on. People do not type faster than that for long; a
script or a stuck key does, and is folded to that pace.

The group's 20 a minute are shared fairly: while several members ask (each one who asked
something foldable within the last WINDOW seconds counts), each one's refill is the
group's rate divided among them (two: one every 6 s each; three: every 9 s), so
together they stay within Telegram's limit after their first bursts, and one member's
flood never slows another member's answers (each has a bucket of his own).

A member who reads each answer before he asks again is never folded, however quick he is:
a question typed after the bot's answer to his previous one (its message id is higher
than the last the bot had sent into the chat when that one was handled: Telegram numbers
a chat's messages in the order they came) is a conversation, not a burst, and is answered
even with an empty bucket (it takes a reply from it if there is one). He has one answer
waiting at a time, so the group's limit paces him with everyone else. A flood is typed
without waiting for answers, so the bucket folds it.

Time is when a message was typed (its Telegram date, `at`), not when it is handled: a
burst that waited behind a backlog is still a burst, and questions typed at a person's
pace that arrive together (after an outage, a restart) are each answered. A button's
refusal, which has no date of its own, is counted at the clock (wall time, the same scale).

What a change stored is always confirmed, and never counted: an organiser's result lines
are stored and answered however fast they come (the handlers' side, what is foldable, is
bot/handlers/budget.py). `current` is the budget an update's refusals are counted
against: set for each group update that may change something, None for the rest (a
foldable update was counted once already, at the gate).
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass

BURST = 5  # foldable replies a member gets at once, however fast he types
PACE = 5.0  # seconds per reply after a burst, for a member asking alone
GROUP_RATE = 20.0  # messages a minute Telegram lets a bot send into one group
WINDOW = 60.0  # seconds: a member who asked within them shares the group's rate
NOTICE_EVERY = 60.0  # seconds: at most one "⏳" notice per member this often
MEMBERS = 10_000  # members tracked at once before the idle are forgotten


class Verdict(enum.Enum):
    ANSWER = "answer"  # within the budget (and now counted)
    NOTICE = "notice"  # folded, with the one notice
    FOLD = "fold"  # folded quietly: told already


@dataclass
class _Bucket:
    tokens: float  # replies this member may have now
    at: float  # when `tokens` was last brought up to date
    told: float | None = None  # when the last notice was given
    answering: bool = False  # his last foldable message is being answered now
    seen: int | None = None  # the bot's last message id in the chat once it was answered


class Budget:
    def __init__(
        self,
        burst: int = BURST,
        pace: float = PACE,
        group_rate: float = GROUP_RATE,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.burst, self.pace, self.group_rate, self.clock = burst, pace, group_rate, clock
        self._buckets: dict[tuple[int, int], _Bucket] = {}
        self._asked: dict[int, dict[int, float]] = {}  # chat -> member -> last asked
        self._sent: dict[int, int] = {}  # chat -> the last message id the bot sent into it
        self.folded = 0  # for tests and the bench

    def take(
        self, chat_id: int, user_id: int, at: float | None = None, message_id: int | None = None
    ) -> Verdict:
        """One foldable reply for `user_id` in `chat_id`, asked at `at` (seconds since the
        epoch; the clock when None) in message `message_id`: counted if within the budget,
        answered anyway if typed after the answer to his previous one."""
        now = self.clock() if at is None else at
        key = (chat_id, user_id)
        askers = self._asking(chat_id, user_id, now)
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MEMBERS:
                self._forget(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        elif now > bucket.at:  # an older message (out of order) refills nothing
            refill = (now - bucket.at) * self.rate(askers)
            bucket.tokens, bucket.at = min(float(self.burst), bucket.tokens + refill), now
        replying = message_id is not None and bucket.seen is not None and message_id > bucket.seen
        bucket.seen = None
        if bucket.tokens >= 1.0 - 1e-9 or replying:  # a whole reply, up to rounding
            bucket.tokens = max(0.0, bucket.tokens - 1.0)
            bucket.answering = True
            return Verdict.ANSWER
        self.folded += 1
        if bucket.told is not None and abs(now - bucket.told) < NOTICE_EVERY:
            return Verdict.FOLD
        bucket.told = now
        return Verdict.NOTICE

    def sent(self, chat_id: int, message_id: int) -> None:
        """The bot sent message `message_id` into `chat_id` (bot.runtime.chats)."""
        if message_id > self._sent.get(chat_id, 0):
            self._sent[chat_id] = message_id

    def handled(self, chat_id: int, user_id: int) -> None:
        """An update of `user_id` in `chat_id` is handled: if it was a question answered,
        its answer is out, and a question typed after it is a conversation."""
        bucket = self._buckets.get((chat_id, user_id))
        if bucket is not None and bucket.answering:
            bucket.answering = False
            bucket.seen = self._sent.get(chat_id)

    def rate(self, askers: int) -> float:
        """Replies a second one member's bucket refills by while `askers` members ask."""
        return min(1.0 / self.pace, self.group_rate / 60.0 / max(1, askers))

    def askers(self, chat_id: int, now: float | None = None) -> int:
        """Members who asked something foldable in `chat_id` within the last WINDOW s."""
        at = self.clock() if now is None else now
        return sum(1 for t in self._asked.get(chat_id, {}).values() if at - t < WINDOW)

    def _asking(self, chat_id: int, user_id: int, now: float) -> int:
        asked = self._asked.setdefault(chat_id, {})
        asked[user_id] = max(now, asked.get(user_id, now))
        if len(asked) > 8:  # the idle leave the share (a busy group keeps a handful)
            for member in [m for m, t in asked.items() if now - t >= WINDOW]:
                del asked[member]
        return self.askers(chat_id, now)

    def _forget(self, now: float) -> None:
        """Members whose bucket is full again and who were told nothing lately."""
        full = self.burst / self.rate(1)
        self._buckets = {
            k: b for k, b in self._buckets.items() if now - b.at < max(full, NOTICE_EVERY, WINDOW)
        }
        self._asked = {
            chat: kept
            for chat, asked in self._asked.items()
            if (kept := {m: t for m, t in asked.items() if now - t < WINDOW})
        }
        self._sent = {chat: n for chat, n in self._sent.items() if chat in self._asked}


current: ContextVar[Budget | None] = ContextVar("budget", default=None)
