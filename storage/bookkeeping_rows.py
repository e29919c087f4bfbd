"""The bot's own bookkeeping tables: reminders, private chats, updates, conversations,
inbox, stored replies (the schema's other tables are in storage.rows)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, Index, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from storage.rows import Base, MatchId, TelegramId


class ReminderRow(Base):
    """One reminder to one recipient; the unique key makes scheduling idempotent."""

    __tablename__ = "reminders"
    __table_args__ = (
        UniqueConstraint("match_id", "recipient", "kind"),
        CheckConstraint("status IN ('pending', 'sending', 'sent', 'dropped')", name="status"),
        Index("ix_reminders_status_due_at", "status", "due_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[MatchId]
    recipient: Mapped[TelegramId]
    kind: Mapped[str] = mapped_column(String(32))
    due_at: Mapped[datetime]
    status: Mapped[str] = mapped_column(String(16))
    updated_at: Mapped[datetime]


class PrivateChatRow(Base):
    """A user who has started the bot in private: Telegram lets a bot write to a user only
    after that, so captain reminders go to these users and no one else."""

    __tablename__ = "private_chats"

    user_id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    started_at: Mapped[datetime]


class ProcessedUpdateRow(Base):
    """A Telegram update id, written in the same transaction as the change it caused."""

    __tablename__ = "processed_updates"

    update_id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    processed_at: Mapped[datetime]


class SetupStateRow(Base):
    """Where a user is in a guided set-up conversation, so it survives a restart."""

    __tablename__ = "setup_states"

    chat_id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    state: Mapped[dict[str, Any]]
    updated_at: Mapped[datetime]


class InboxRow(Base):
    """One update as Telegram sent it, stored before the bot tells Telegram it has it
    (issue 11). `done_at` is set once its handlers have finished; rows without it are
    handled again after a restart. Done rows stay 48 h, so a copy Telegram delivers again
    in that time is recognised and ignored.

    Several processes (issue 24): `attempts` counts the processes that began handling it
    and `taken_by` names the last ("host:pid"); an update that cannot be read, or keeps
    failing, is set aside: `set_aside_at` and `done_at` both set, never handled again."""

    __tablename__ = "inbox"
    __table_args__ = (Index("ix_inbox_done_at", "done_at"),)

    update_id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    chat_id: Mapped[TelegramId | None]
    payload: Mapped[dict[str, Any]]
    received_at: Mapped[datetime]
    done_at: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(server_default=text("0"))
    taken_by: Mapped[str | None] = mapped_column(String(64))
    set_aside_at: Mapped[datetime | None]


class StoredReplyRow(Base):
    """What a committed change of an update is answered with, written in the transaction of
    the change (with its claim): the use case's outcome as typed JSON (bot.usecases.kept,
    read back by its schema, never a pickle: 0018), from which the handler composes the
    reply (bot/runtime/replies.py). The row goes once the reply was sent; one left behind
    (a crash, a failed send) is sent when the update is handled again."""

    __tablename__ = "stored_replies"

    update_id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    verb: Mapped[str] = mapped_column(String(200))  # the use case that made the outcome
    outcome: Mapped[dict[str, Any]]
    stored_at: Mapped[datetime] = mapped_column(index=True)


class ChatLeaseRow(Base):
    """Which process handles a chat's updates, with several processes on one database
    (bot/runtime/shared.py, storage/leases.py). `epoch` grows at every take, so a process
    that lost the chat (it hung, or its network went) finds its epoch stale and drops its
    work; `renewed_at` is the holder's last heartbeat, on the database's clock: a lease not
    renewed within its time may be taken. `holder` is None once given back."""

    __tablename__ = "chat_leases"

    chat_id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    holder: Mapped[str | None] = mapped_column(String(80))
    epoch: Mapped[int] = mapped_column(BigInteger)
    renewed_at: Mapped[datetime]
