"""The pages' snapshot cache: per tournament one snapshot, one revision, the pages rendered
from it; a busy page costs no database work per request.

A token seen once is remembered; a tournament's snapshot is loaded once per revision. The
revision is a fingerprint read from storage (storage.repositories.links.revisions), so a
change written by another bot process behind the same PostgreSQL shows as well: every
POLL seconds one query reads the fingerprints and live tokens of the tournaments a page
was opened for lately, reloads the snapshots that changed and wakes the pages waiting on
them (long polls of /surum). A retired token is forgotten at that poll, or at once when
this process retired it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import quote

from bot.usecases import links, runner
from bot.usecases.snapshots import Snapshot
from storage import Database

log = logging.getLogger(__name__)
POLL = 1.0  # seconds between two fingerprint reads of the watched tournaments
GAP = 0.2  # ... and at least this many, however often this process's own updates nudge
WATCH = 600.0  # a tournament is watched this long after its page was last asked for
MISS = 30.0  # an unknown token is answered 404 from memory this long
MAX_MISSES = 10_000
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


@dataclass
class Entry:
    """One tournament as its pages show it: the snapshot at `revision`, and what was
    rendered from it (key -> (time key, body))."""

    tournament_id: int
    token: str
    snap: Snapshot
    revision: str
    stamp: datetime  # when this revision was read: the calendars' DTSTAMP
    seen: float = field(default_factory=time.monotonic)
    waiting: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    rendered: dict[Any, tuple[Any, Any]] = field(default_factory=dict)

    def cached(self, key: Any, when: Any, make: Callable[[], Any]) -> Any:
        """`make()` once per (key, when) for this revision."""
        found = self.rendered.get(key)
        if found is not None and found[0] == when:
            return found[1]
        value = make()
        self.rendered[key] = (when, value)
        return value


class Site:
    def __init__(
        self,
        db: Database,
        clock: Callable[[], datetime],
        public_base: str,
        *,
        public: bool = True,
        poll: float = POLL,
    ) -> None:
        self.db, self.clock, self.poll = db, clock, poll
        self.public_base = public_base.rstrip("/")
        self.public = public  # False: public_base is this machine's own address only
        self._tokens: dict[str, int] = {}
        self._misses: dict[str, float] = {}
        self._entries: dict[int, Entry] = {}
        self._loading: dict[int, asyncio.Future[Entry]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    # --- addresses ---------------------------------------------------------------------

    def page_url(self, token: str) -> str:
        return f"{self.public_base}/t/{token}"

    def calendar_url(self, token: str, team: str | None = None) -> str:
        """webcal:// in place of the public address's own scheme (http or https)."""
        base = self.public_base.split("://", 1)[-1]
        tail = f"/takvim/{quote(team, safe='')}.ics" if team else "/takvim.ics"
        return f"webcal://{base}/t/{token}{tail}"

    @property
    def is_https(self) -> bool:
        return self.public_base.startswith("https://")

    # --- look-ups ----------------------------------------------------------------------

    async def entry(self, token: str) -> Entry | None:
        """The tournament a live token opens, loaded; None (a 404) for any other."""
        if not TOKEN.fullmatch(token):
            return None
        tid = self._tokens.get(token)
        if tid is None:
            if self._misses.get(token, 0.0) > time.monotonic():
                return None
            tid = await self._read(links.tournament_of, links.Opened(token))
            if tid is None:
                self._miss(token)
                return None
            self._tokens[token] = tid
        entry = self._entries.get(tid)
        if entry is None or entry.token != token:
            entry = await self._load(tid, token)
        entry.seen = time.monotonic()
        self._start()
        return entry

    async def _read(self, verb: runner.Verb, command: object) -> Any:
        """A page's read through the runner: a visitor is nobody in no chat."""
        visitor = runner.Actor(user_id=0, chat_id=0, now=self.clock())
        return (await runner.run(self.db, verb, command, visitor)).value

    def _miss(self, token: str) -> None:
        if len(self._misses) >= MAX_MISSES:
            now = time.monotonic()
            self._misses = {t: at for t, at in self._misses.items() if at > now}
            if len(self._misses) >= MAX_MISSES:
                self._misses.clear()
        self._misses[token] = time.monotonic() + MISS

    async def _load(self, tid: int, token: str) -> Entry:
        """One load per tournament at a time; concurrent first requests share it."""
        pending = self._loading.get(tid)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Entry] = asyncio.get_running_loop().create_future()
        self._loading[tid] = future
        try:
            found = await self._read(links.revisions, links.Watched((tid,)))
            revision = found.get(tid, ("", token))[0]
            snap = await self._read(links.snapshot, links.Tournament(tid))
            entry = Entry(tid, token, snap, revision, self.clock())
            old = self._entries.get(tid)
            self._entries[tid] = entry
            if old is not None:
                old.changed.set()
            future.set_result(entry)
            return entry
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[tid]

    def forget(self, tournament_id: int) -> None:
        """This process retired the tournament's token: its addresses 404 from now on."""
        self._tokens = {t: i for t, i in self._tokens.items() if i != tournament_id}
        entry = self._entries.pop(tournament_id, None)
        if entry is not None:
            entry.changed.set()

    async def wait(self, entry: Entry, since: str, seconds: float) -> Entry:
        """Until the tournament's revision differs from `since` (or `seconds`)."""
        current = self._entries.get(entry.tournament_id, entry)
        if current.revision != since or current.token != entry.token or self._closing:
            return current
        current.waiting += 1
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(current.changed.wait(), seconds)
        finally:
            current.waiting -= 1
        return self._entries.get(entry.tournament_id, current)

    def alive(self, entry: Entry) -> bool:
        """False once the entry's token was retired (or the tournament forgotten)."""
        current = self._entries.get(entry.tournament_id)
        return current is not None and current.token == entry.token

    def nudge(self) -> None:
        """Something may have changed: read the fingerprints now, not at the next poll."""
        self._wake.set()

    # --- the watcher -------------------------------------------------------------------

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._watch(), name="pages")

    def release(self) -> None:
        """Shutting down: every long poll answers now instead of holding the server."""
        self._closing = True
        for entry in self._entries.values():
            entry.changed.set()

    async def close(self) -> None:
        self.release()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _watch(self) -> None:
        last = 0.0
        while self._entries:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            # Nudged after every update this process handles: at most one read per GAP.
            if (pause := last + GAP - time.monotonic()) > 0:
                await asyncio.sleep(pause)
            self._wake.clear()
            last = time.monotonic()
            try:
                await self.refresh()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("pages: reading the revisions failed")

    async def refresh(self) -> None:
        """One round of the watcher: forget the idle, reload the changed."""
        now = time.monotonic()
        for tid, entry in list(self._entries.items()):
            if now - entry.seen > WATCH and not entry.waiting:
                del self._entries[tid]
                self._tokens = {t: i for t, i in self._tokens.items() if i != tid}
        if not self._entries:
            return
        found = await self._read(links.revisions, links.Watched(tuple(self._entries)))
        for tid, entry in list(self._entries.items()):
            revision, token = found.get(tid, (None, None))
            if token != entry.token:  # retired (or the tournament is gone)
                log.info("pages: tournament %s has a new link; the old one is retired", tid)
                self.forget(tid)
                continue
            if revision != entry.revision:
                await self._load(tid, token)
