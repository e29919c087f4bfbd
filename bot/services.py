"""Long-lived services the handlers share, created in post_init and closed at shutdown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from telegram.ext import Application

from storage import Database


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Services:
    db: Database
    clock: Callable[[], datetime] = field(default=utc_now)
    # (chat, user) pairs with a stored conversation; None when other processes may add some.
    conversations: set[tuple[int, int]] | None = None


KEY = "services"


def of(application: Application) -> Services:  # type: ignore[type-arg]
    return application.bot_data[KEY]
