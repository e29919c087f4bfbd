"""The page server bounded under floods (issue 24 item 4): misses cost no memory, one
address's requests are rated (429), long polls are capped (503), connections beyond the
cap are refused before they are read, and each kind of refusal is logged once a minute."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket

import httpx
import uvicorn

from bot.runtime import logs
from bot.web import guard
from bot.web.app import Webhook, make_app


class Ticks:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _until(condition, seconds: float = 5.0) -> None:
    """A bounded wait for what the server's side of the loop makes true."""
    for _ in range(int(seconds * 100)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not within the time")


def _client(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://pages")


async def test_a_thousand_missing_team_names_leave_nothing_cached(client, site, token):
    assert (await client.get(f"/t/{token}/takim/A1")).status_code == 200
    for n in range(1000):
        assert (await client.get(f"/t/{token}/takim/Yok{n}")).status_code == 404
    entry = await site.entry(token)
    assert entry is not None and len(entry.rendered) == 1  # A1's page alone


def test_the_limits_leave_half_the_open_files_to_telegram_and_the_database():
    at_1024 = guard.Limits.for_open_files(1024)
    assert (at_1024.connections, at_1024.long_polls) == (512, 256)
    assert guard.Limits.for_open_files(1_048_576).connections == guard.MAX_CONNECTIONS


async def test_one_address_past_its_rate_gets_429_and_telegrams_path_is_not_counted(site, token):
    ticks = Ticks()
    bounds = guard.Guard(guard.Limits(rate=1.0, burst=3.0), clock=ticks)

    async def put(data):
        pass

    app = make_app(site, Webhook("/hook", "s3cret", put), bounds)
    async with _client(app) as client:
        got = [(await client.get(f"/t/{token}")).status_code for _ in range(4)]
        assert got == [200, 200, 200, 429]
        refused = await client.get(f"/t/{token}")
        assert refused.headers["retry-after"] == "1" and "birkaç saniye" in refused.text
        assert refused.headers["connection"] == "close"
        for _ in range(5):  # Telegram's webhook: never rated
            assert (await client.post("/hook", json={})).status_code == 403
        ticks.now += 1.0  # one request's worth back
        assert (await client.get(f"/t/{token}")).status_code == 200
    assert bounds.refused["rate"] == 2


async def test_a_long_poll_past_the_cap_is_told_to_come_back_at_once(site, token):
    bounds = guard.Guard(guard.Limits(long_polls=1, polls_per_address=1))
    async with _client(make_app(site, None, bounds)) as client:
        revision = (await client.get(f"/t/{token}/surum")).json()["surum"]
        held = asyncio.create_task(client.get(f"/t/{token}/surum", params={"since": revision}))
        await _until(lambda: bounds.polls == 1)  # the first poll is waiting
        refused = await client.get(f"/t/{token}/surum", params={"since": revision})
        assert refused.status_code == 503 and refused.headers["retry-after"] == "5"
        site.release()  # the held poll answers
        assert (await held).status_code == 200
    assert bounds.polls == 0 and bounds.refused["polls"] == 1


@contextlib.asynccontextmanager
async def _serving(site, bounds):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        make_app(site, None, bounds), log_level="warning", lifespan="off",
        http=guard.protocol(bounds), timeout_keep_alive=0.3,
    )  # fmt: skip
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        await _until(lambda: server.started)
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        await task


async def _read_all(reader: asyncio.StreamReader) -> bytes:
    async with asyncio.timeout(5):
        return await reader.read()  # until the server closes


async def test_a_connection_past_the_cap_is_refused_unread_and_a_silent_one_is_closed(site):
    bounds = guard.Guard(guard.Limits(connections=2, per_peer=10))
    async with _serving(site, bounds) as port:
        held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(2)]
        await _until(lambda: bounds.open == 2)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        answer = await _read_all(reader)  # before it sent anything
        assert answer.startswith(b"HTTP/1.1 503") and b"Retry-After: 5" in answer
        writer.close()
        for silent_reader, silent in held:  # they sent nothing: closed after the keep-alive
            assert await _read_all(silent_reader) == b""
            silent.close()
        await _until(lambda: bounds.open == 0)
        async with httpx.AsyncClient() as client:  # room again
            assert (await client.get(f"http://127.0.0.1:{port}/saglik")).text == "ok"
    assert bounds.refused["connections"] == 1


def test_one_peer_past_its_share_is_refused_but_a_trusted_proxy_is_not():
    bounds = guard.Guard(guard.Limits(connections=10, per_peer=2), trusted=["10.0.0.1"])
    assert [bounds.connect("192.0.2.7") for _ in range(3)] == [True, True, False]
    assert all(bounds.connect("10.0.0.1") for _ in range(5))
    bounds.disconnect("192.0.2.7")
    assert bounds.connect("192.0.2.7") and bounds.open == 7


def test_a_kind_repeated_all_minute_is_one_line_with_its_count(caplog):
    ticks = Ticks()
    tally = logs.Tally(logging.getLogger("flood"), clock=ticks)
    with caplog.at_level(logging.WARNING, logger="flood"):
        for _ in range(6400):
            tally.note("rate", "pages: refused")
            ticks.now += 1 / 64  # 100 s in all
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["pages: refused", "pages: refused (3840 times in the last 60 s)"]


def test_a_library_repeating_a_message_is_heard_once_a_minute(caplog):
    ticks = Ticks()
    noisy = logging.getLogger("noisy.lib")
    repeats = logs.Repeats(clock=ticks)
    noisy.addFilter(repeats)
    try:
        with caplog.at_level(logging.WARNING, logger="noisy.lib"):
            for n in range(500):
                try:
                    raise OSError(24, "Too many open files")
                except OSError:
                    noisy.exception("accept failed for fd %d", n)
                ticks.now += 0.25
    finally:
        noisy.removeFilter(repeats)
    assert len(caplog.records) == 3  # 125 s: at 0, 60 and 120 s
    assert caplog.records[0].exc_info is not None and caplog.records[1].exc_info is None
    assert "240 times in the last 60 s" in caplog.records[1].getMessage()


async def test_the_loop_says_once_a_minute_that_it_ran_out_of_descriptors(caplog):
    loop = asyncio.get_running_loop()
    before = loop.get_exception_handler()
    logs.quiet_loop(loop)
    try:
        with caplog.at_level(logging.WARNING, logger="asyncio"):
            for _ in range(1000):
                loop.call_exception_handler(
                    {"message": "socket.accept() out of system resource",
                     "exception": OSError(24, "Too many open files")}
                )  # fmt: skip
    finally:
        loop.set_exception_handler(before)
    assert len(caplog.records) == 1 and caplog.records[0].exc_info is None
    assert "Too many open files" in caplog.records[0].getMessage()
