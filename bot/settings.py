"""Run-time settings of the bot: from the command line, else the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    token: str
    db_url: str | None = None  # None: $TURNUVA_DB_URL, else the SQLite file in the data dir
    api_url: str | None = None  # a self-hosted or test Bot API server, e.g. http://127.0.0.1:8081
    webhook_url: str | None = None
    port: int = 8443
    rate_limit: bool = True
    # Seconds added to the bot's clock: for tests and rehearsals only (an end-to-end test
    # starts the bot "just before" a match instead of waiting for it). 0 in production.
    clock_offset: float = 0

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        values: dict[str, object] = {
            "token": os.environ.get("TELEGRAM_BOT_TOKEN", ""),
            "db_url": os.environ.get("TURNUVA_DB_URL") or None,
            "api_url": os.environ.get("TURNUVA_API_URL") or None,
            "webhook_url": os.environ.get("TURNUVA_WEBHOOK_URL") or None,
            "rate_limit": os.environ.get("TURNUVA_RATE_LIMIT", "1") != "0",
            "clock_offset": float(os.environ.get("TURNUVA_CLOCK_OFFSET") or 0),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
