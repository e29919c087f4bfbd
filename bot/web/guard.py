"""What visitors can make the page server do, bounded (issue 24): the server runs in the
bot's own process and event loop, so a flood on the public pages must leave the chat its
file descriptors (Telegram's connections, the database, the workers' pipes) and its time.

- Connections: at most `connections` open at once, half of the process's open-file limit
  (ulimit -n) and at most MAX_CONNECTIONS; at most `per_peer` from one peer address
  unless the peer is a trusted proxy (uvicorn's forwarded_allow_ips: addresses or networks,
  FORWARDED_ALLOW_IPS in the environment; compose.yaml trusts its nginx's fixed address).
  A connection beyond is answered 503 and closed before anything is read from it. A
  connection that sends nothing is closed after uvicorn's keep-alive timeout, as an idle
  one is.
- Long polls (/surum?since=...): at most `long_polls` held at once, `polls_per_address`
  from one visitor; beyond, 503 with Retry-After (the page's script waits that long).
- Requests: `rate` a second per visitor address with bursts of `burst` (a token bucket,
  for at most ADDRESSES addresses); beyond, 429 with Retry-After. Telegram's webhook path
  is not counted. Behind a proxy the visitor's address is its X-Forwarded-For.
- Every refusal is counted, and logged once per kind per minute with the count.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
import resource
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from bot.runtime.logs import Tally

log = logging.getLogger(__name__)
MAX_CONNECTIONS = 1000
PER_PEER = 64
POLLS_PER_ADDRESS = 32
RATE = 30.0  # requests a second from one address, sustained...
BURST = 120.0  # ... and at once (a page and its parts for a whole CGNAT'd crowd)
ADDRESSES = 10_000
RETRY_BUSY = 5  # seconds a refused visitor is asked to wait (Retry-After)
BUSY_TEXT = "Sunucu şu an çok yoğun; birkaç saniye sonra yeniden deneyin.\n"
BUSY_HEADERS = {"Retry-After": str(RETRY_BUSY), "Connection": "close", "Cache-Control": "no-store"}
BUSY = (
    "HTTP/1.1 503 Service Unavailable\r\n"
    "Content-Type: text/plain; charset=utf-8\r\n"
    f"Retry-After: {RETRY_BUSY}\r\n"
    "Connection: close\r\n"
    f"Content-Length: {len(BUSY_TEXT.encode())}\r\n\r\n{BUSY_TEXT}"
).encode()


@dataclass(frozen=True)
class Limits:
    connections: int = 512
    per_peer: int = PER_PEER
    long_polls: int = 256
    polls_per_address: int = POLLS_PER_ADDRESS
    rate: float = RATE
    burst: float = BURST

    @classmethod
    def for_open_files(cls, soft: int | None = None) -> Limits:
        """From the open-file limit: half of it for connections, half of those for long
        polls; the other half for Telegram, the database and the workers."""
        if soft is None:
            soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if soft == resource.RLIM_INFINITY or soft <= 0:
            soft = 2 * MAX_CONNECTIONS
        connections = max(16, min(MAX_CONNECTIONS, soft // 2))
        return cls(connections=connections, long_polls=max(8, connections // 2))


class Guard:
    """The counters behind the limits; one per server, used from its event loop only."""

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        trusted: Iterable[str] = ("127.0.0.1", "::1"),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = limits or Limits.for_open_files()
        self.trusted = Trusted(trusted)
        self.clock = clock
        self.open = 0
        self.polls = 0
        self._peers: Counter[str] = Counter()
        self._polls_by: Counter[str] = Counter()
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)
        self.refused: Counter[str] = Counter()  # kind -> how many (for tests and the bench)
        self.tally = Tally(log)

    def _refuse(self, kind: str, message: str, *args: object) -> None:
        self.refused[kind] += 1
        self.tally.note(kind, message, *args)

    # --- connections ----------------------------------------------------------------

    def connect(self, peer: str | None) -> bool:
        """May a new connection from `peer` (its IP address) stay open?"""
        lim = self.limits
        if self.open >= lim.connections:
            self._refuse(
                "connections", "pages: %d connections open (the most), one more refused (503)",
                self.open,
            )  # fmt: skip
            return False
        key = peer or "?"
        proxy = key in self.trusted  # its visitors are many
        if not proxy and self._peers[key] >= lim.per_peer:
            self._refuse(
                "peer", "pages: %s holds %d connections (the most), one more refused (503)",
                key, self._peers[key],
            )  # fmt: skip
            return False
        self.open += 1
        self._peers[key] += 1
        return True

    def disconnect(self, peer: str | None) -> None:
        key = peer or "?"
        self.open -= 1
        self._peers[key] -= 1
        if self._peers[key] <= 0:
            del self._peers[key]

    # --- requests -------------------------------------------------------------------

    def allow(self, address: str) -> float:
        """0 when `address` may make one more request now, else the seconds until it may."""
        lim, now = self.limits, self.clock()
        tokens, at = self._buckets.pop(address, (lim.burst, now))
        tokens = min(lim.burst, tokens + (now - at) * lim.rate)
        if len(self._buckets) >= ADDRESSES:  # the longest-unseen first (insertion order)
            for old in list(self._buckets)[: ADDRESSES // 10]:
                del self._buckets[old]
        if tokens < 1.0:
            self._buckets[address] = (tokens, now)
            self._refuse(
                "rate", "pages: %s asked more than %.0f requests a second, refused (429)",
                address, lim.rate,
            )  # fmt: skip
            return (1.0 - tokens) / lim.rate
        self._buckets[address] = (tokens - 1.0, now)
        return 0.0

    @contextlib.contextmanager
    def long_poll(self, address: str) -> Iterator[bool]:
        """True (and held until the block ends) when one more long poll may wait."""
        lim = self.limits
        if self.polls >= lim.long_polls or self._polls_by[address] >= lim.polls_per_address:
            self._refuse(
                "polls", "pages: %d long polls held (%d from %s), one more refused (503)",
                self.polls, self._polls_by[address], address,
            )  # fmt: skip
            yield False
            return
        self.polls += 1
        self._polls_by[address] += 1
        try:
            yield True
        finally:
            self.polls -= 1
            self._polls_by[address] -= 1
            if self._polls_by[address] <= 0:
                del self._polls_by[address]


def _refusal(status: int, wait: float, text: str) -> Callable[..., Any]:
    body = text.encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(max(1, math.ceil(wait))).encode()),
        (b"connection", b"close"),  # the connection's file descriptor is given back
        (b"cache-control", b"no-store"),
    ]

    async def respond(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return respond


class Middleware:
    """The per-address request rate (429 beyond), outside the routes; `exempt`: paths not
    counted (Telegram's webhook)."""

    def __init__(self, app: Any, guard: Guard, exempt: Iterable[str] = ()) -> None:
        self.app, self.guard, self.exempt = app, guard, frozenset(exempt)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope.get("path") not in self.exempt:
            wait = self.guard.allow(address(scope))
            if wait:
                text = "Çok sık istek geldi; birkaç saniye sonra yeniden deneyin.\n"
                await _refusal(429, wait, text)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def address(scope: Any) -> str:
    """The visitor's address: uvicorn's proxy headers middleware has put X-Forwarded-For's
    into the scope when the peer is a trusted proxy."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


def protocol(guard: Guard, base: type[asyncio.Protocol] | None = None) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class with the guard's connection limits (Config(http=...))."""
    if base is None:
        from uvicorn.protocols.http.auto import AutoHTTPProtocol

        base = AutoHTTPProtocol
    parent: Any = base

    class Guarded(parent):  # type: ignore[misc, valid-type]
        _admitted = False
        _peer: str | None = None

        def connection_made(self, transport: Any) -> None:
            found = transport.get_extra_info("peername")
            peer = str(found[0]) if isinstance(found, tuple) and found else None
            if not guard.connect(peer):
                transport.write(BUSY)
                transport.close()  # once the 503 is written: the descriptor is given back
                return
            self._admitted, self._peer = True, peer
            super().connection_made(transport)
            # Silent from the start: closed after the keep-alive timeout, as an idle one is.
            self.timeout_keep_alive_task = self.loop.call_later(
                self.timeout_keep_alive, self.timeout_keep_alive_handler
            )

        def data_received(self, data: bytes) -> None:
            if self._admitted:
                super().data_received(data)

        def connection_lost(self, exc: Exception | None) -> None:
            if not self._admitted:
                return
            self._admitted = False
            guard.disconnect(self._peer)
            super().connection_lost(exc)

        def eof_received(self) -> Any:
            if self._admitted:
                return super().eof_received()
            return None

        def pause_writing(self) -> None:
            if self._admitted:
                super().pause_writing()

        def resume_writing(self) -> None:
            if self._admitted:
                super().resume_writing()

    return Guarded


class Trusted:
    """The proxies whose X-Forwarded-For is believed, as uvicorn reads forwarded_allow_ips:
    addresses ("10.203.86.2", any spelling of an IPv6 one), networks ("10.203.86.0/24"),
    "*" (every peer), anything else compared as written (a unix socket's name)."""

    def __init__(self, items: Iterable[str]) -> None:
        self.every = False
        self.literals: set[str] = set()
        self.addresses: set[ipaddress.IPv4Address | ipaddress.IPv6Address] = set()
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for item in items:
            if item == "*":
                self.every = True
            elif "/" in item:
                try:
                    self.networks.append(ipaddress.ip_network(item, strict=False))
                except ValueError:
                    self.literals.add(item)
            else:
                try:
                    self.addresses.add(ipaddress.ip_address(item))
                except ValueError:
                    self.literals.add(item)

    def __contains__(self, peer: object) -> bool:
        if self.every:
            return True
        if not isinstance(peer, str) or not peer:
            return False
        try:
            found = ipaddress.ip_address(peer)
        except ValueError:
            return peer in self.literals
        return found in self.addresses or any(found in net for net in self.networks)


def trusted_proxies(setting: str | list[str] | None) -> tuple[str, ...]:
    """uvicorn's forwarded_allow_ips as a list ("*" kept: every peer trusted)."""
    if setting is None:
        return ("127.0.0.1", "::1")
    items = setting.split(",") if isinstance(setting, str) else list(setting)
    return tuple(i.strip() for i in items if i.strip())
