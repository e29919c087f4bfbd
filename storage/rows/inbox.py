"""Received Telegram updates, stored before the bot tells Telegram it has them (issue 11)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Index
from sqlalchemy.orm import Mapped, mapped_column

from storage.rows.base import Base, TelegramId


class InboxRow(Base):
    """One update as Telegram sent it. `done_at` is set once its handlers have finished;
    rows without it are handled again after a restart. Done rows stay 48 h, so a copy
    Telegram delivers again in that time is recognised and ignored."""

    __tablename__ = "inbox"
    __table_args__ = (Index("ix_inbox_done_at", "done_at"),)

    update_id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    chat_id: Mapped[TelegramId | None]
    payload: Mapped[dict[str, Any]]
    received_at: Mapped[datetime]
    done_at: Mapped[datetime | None]
