"""Running the bot and its one HTTP server in one event loop.

python-telegram-bot's run_polling/run_webhook own the loop and serve only Telegram; here
the Application is driven by hand, in the order run_polling uses (initialize, post_init,
start, ..., stop, post_stop, shutdown, post_shutdown), beside a uvicorn server holding the
public pages and, in webhook mode, the webhook endpoint. SIGTERM and SIGINT stop both.

The server listens on Settings.listen (127.0.0.1 unless told) in plain HTTP: TLS ends at
the operator's proxy, so an https:// webhook URL never makes the bot want a certificate.

The server shares the bot's process and loop, so what visitors can make it do is bounded
(bot/web/guard.py): connections within half the open-file limit, long polls, requests per
address; asyncio's and uvicorn's reports of what visitors cause come once a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import secrets
import signal
import socket
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import uvicorn
from telegram.ext import Application

from bot.runtime import logs
from bot.runtime.settings import Settings
from bot.web import KEY, guard, updates
from bot.web.app import Webhook, make_app

log = logging.getLogger(__name__)
ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"]
BACKLOG = 128  # connections asyncio accepts in one go (each a descriptor until refused)


SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")  # what Telegram accepts as a secret_token


class BadSecret(ValueError):
    def __init__(self) -> None:
        super().__init__(
            "--webhook-secret / TURNUVA_WEBHOOK_SECRET: 1-256 characters of A-Z, a-z, 0-9, _ and -"
        )


def webhook_secret(settings: Settings) -> str:
    """The given secret (checked as Telegram would), else a new random one."""
    secret = settings.webhook_secret or secrets.token_urlsafe(32)
    if not SECRET.fullmatch(secret):
        raise BadSecret
    return secret


def webhook_address(settings: Settings, secret: str) -> tuple[str, str]:
    """(the URL registered with Telegram, the path the server answers on). A URL without
    a path of its own gets one derived from the token and the secret: unguessable, new at
    every start when the secret is, and shared by processes that share the secret."""
    assert settings.webhook_url
    parts = urlsplit(settings.webhook_url)
    path = parts.path.rstrip("/")
    if not path:
        digest = hashlib.sha256(f"{settings.token}\n{secret}".encode()).hexdigest()[:32]
        path = f"/telegram/{digest}"
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, "")), path


class _Server(uvicorn.Server):
    """uvicorn without its own signal handling (it re-raises the signal after shutdown,
    which would end the process before the bot stopped cleanly)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def _socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(2048)
    sock.setblocking(False)
    return sock


def web_config(
    site: Any, hook: Webhook | None, limits: guard.Limits | None = None
) -> tuple[uvicorn.Config, guard.Guard]:
    """The server as the bot runs it: its routes, the guard's limits, and the visitor's
    address taken from X-Forwarded-For only when the peer is a proxy FORWARDED_ALLOW_IPS
    names (uvicorn reads it; compose.yaml sets it to its nginx's address)."""
    config = uvicorn.Config(
        None,
        log_level="warning",
        access_log=False,
        lifespan="off",
        proxy_headers=True,
        timeout_graceful_shutdown=3,
        backlog=BACKLOG,
    )
    bounds = guard.Guard(
        limits or guard.Limits.for_open_files(),
        trusted=guard.trusted_proxies(config.forwarded_allow_ips),
    )
    config.app = make_app(site, hook, bounds)
    config.http = guard.protocol(bounds)
    return config, bounds


async def serve(app: Application, settings: Settings) -> None:  # type: ignore[type-arg]
    loop = asyncio.get_running_loop()
    logs.quiet_loop(loop)  # "socket.accept() out of system resource" once a minute, not per try
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    secret = webhook_secret(settings) if settings.webhook_url else ""  # refused before Telegram
    await app.initialize()
    if app.post_init:
        await app.post_init(app)
    hook: Webhook | None = None
    url = None
    if settings.webhook_url:
        url, path = webhook_address(settings, secret)

        intake = app.bot_data.get("intake")  # bot.app.INTAKE: stored before Telegram's 200

        async def put(data: object) -> None:
            update = updates.read(data, app.bot)  # Unreadable (a 400) unless an update
            if update is None:  # a kind this bot does not handle: 200, nothing stored
                log.debug("webhook: an update of a kind not handled, ignored (200)")
            elif intake is None:
                await app.update_queue.put(update)
            else:
                await intake.receive(update, app.update_queue)

        hook = Webhook(path, secret, put)
    site = app.bot_data[KEY]
    try:
        sock = _socket(settings.listen, settings.web_port)
    except OSError as exc:
        if hook is not None:
            raise  # no webhook without its server
        sock = None
        log.warning(
            "pages: cannot listen on %s:%s (%s); the bot runs without its public pages",
            settings.listen,
            settings.web_port,
            exc,
        )
    server = None
    served: asyncio.Task[None] | None = None
    if sock is not None:
        config, bounds = web_config(site, hook)
        limits = bounds.limits
        logging.getLogger("uvicorn.error").addFilter(logs.Repeats())
        server = _Server(config)
        served = asyncio.create_task(server.serve(sockets=[sock]), name="http")
        where = f"{settings.listen}:{settings.web_port}"
        log.info(
            "pages: at most %d connections, %d long polls, %.0f requests/s per address",
            limits.connections, limits.long_polls, limits.rate,
        )  # fmt: skip
        if settings.public_url:
            log.info("pages: serving on %s, opened as %s", where, settings.public_base)
        else:
            log.warning(
                "pages: serving on http://%s only (no --public-url / TURNUVA_PUBLIC_URL:"
                " links work on this machine alone)",
                where,
            )
    try:
        if hook is not None:
            await app.bot.set_webhook(
                url=url, secret_token=hook.secret, allowed_updates=ALLOWED_UPDATES
            )
            log.info("webhook: registered (secret header required), serving %s", hook.path)
            if intake is not None and (again := await intake.replay(app.bot, app.update_queue)):
                log.info("webhook: %d update(s) received before a stop are handled now", again)
        elif app.updater is not None:
            await app.updater.start_polling(allowed_updates=ALLOWED_UPDATES)
        await app.start()
        waits = [asyncio.ensure_future(stop.wait())]
        if served is not None:
            waits.append(served)
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if (intake := app.bot_data.get("intake")) is not None:
            intake.stop_taking()  # several processes: no chat takes another update
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        site.release()  # long polls answer now, so the server can close at once
        if server is not None and served is not None:
            server.should_exit = True
            with contextlib.suppress(Exception):
                await served
        if app.running:
            await app.stop()
        if app.post_stop:
            await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown:
            await app.post_shutdown(app)
