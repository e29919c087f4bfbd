"""Run-time settings of the bot: from the command line, else the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    token: str
    db_url: str | None = None  # None: $TURNUVA_DB_URL, else the SQLite file in the data dir
    api_url: str | None = None  # a self-hosted or test Bot API server, e.g. http://127.0.0.1:8081
    # Webhook mode: the address Telegram posts updates to (TLS ends at the operator's proxy;
    # the bot itself speaks plain HTTP). Without a path of its own a random one is used.
    webhook_url: str | None = None
    # Telegram sends it in X-Telegram-Bot-Api-Secret-Token; None: a new one at each start
    # (several processes behind one URL must share one, and then share the path too).
    webhook_secret: str | None = None
    # The one HTTP server (webhook endpoint and public pages) listens here.
    listen: str = "127.0.0.1"
    web_port: int = 8080
    # The address people open for the public pages (https://turnuva.example.org); None:
    # http://<listen>:<web_port>, reachable only where the bot runs.
    public_url: str | None = None
    rate_limit: bool = True
    # Seconds added to the bot's clock: for tests and rehearsals only (an end-to-end test
    # starts the bot "just before" a match instead of waiting for it). 0 in production.
    clock_offset: float = 0

    @property
    def public_base(self) -> str:
        """Where the pages are opened, without a trailing slash."""
        if self.public_url:
            return self.public_url.rstrip("/")
        host = "127.0.0.1" if self.listen in ("0.0.0.0", "::", "") else self.listen
        return f"http://{host}:{self.web_port}"

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        port = os.environ.get("TURNUVA_WEB_PORT")
        values: dict[str, object] = {
            "token": os.environ.get("TELEGRAM_BOT_TOKEN", ""),
            "db_url": os.environ.get("TURNUVA_DB_URL") or None,
            "api_url": os.environ.get("TURNUVA_API_URL") or None,
            "webhook_url": os.environ.get("TURNUVA_WEBHOOK_URL") or None,
            "webhook_secret": os.environ.get("TURNUVA_WEBHOOK_SECRET") or None,
            "listen": os.environ.get("TURNUVA_LISTEN") or "127.0.0.1",
            "web_port": int(port) if port else 8080,
            "public_url": os.environ.get("TURNUVA_PUBLIC_URL") or None,
            "rate_limit": os.environ.get("TURNUVA_RATE_LIMIT", "1") != "0",
            "clock_offset": float(os.environ.get("TURNUVA_CLOCK_OFFSET") or 0),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
