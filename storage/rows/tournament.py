"""Who runs what: chats, their tournaments with settings, teams, captains, organisers."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    ForeignKey,
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from storage.rows.base import Base, TeamId, TelegramId, TournamentId, unique_where


class ChatRow(Base):
    __tablename__ = "chats"

    id: Mapped[TelegramId] = mapped_column(primary_key=True, autoincrement=False)
    title: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime]


class TournamentRow(Base):
    """A tournament and its settings; at most one per chat has status 'active'.

    An archived one says why (`archive_reason`): 'ended' (/turnuva_bitir) or 'replaced'
    (another was set up, or brought back, in its place). Nothing is ever deleted: any
    archived tournament can become the chat's active one again (/geri_yukle)."""

    __tablename__ = "tournaments"
    __table_args__ = (
        CheckConstraint("status IN ('active', 'archived')", name="status"),
        CheckConstraint("archive_reason IN ('ended', 'replaced')", name="archive_reason"),
        unique_where("uq_tournaments_one_active_per_chat", "chat_id", "status = 'active'"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    chat_id: Mapped[TelegramId] = mapped_column(ForeignKey("chats.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(16))
    created_by: Mapped[TelegramId]
    created_at: Mapped[datetime]
    archived_at: Mapped[datetime | None]
    archive_reason: Mapped[str | None] = mapped_column(String(16))
    # Settings.
    format: Mapped[str] = mapped_column(String(32))
    pitches: Mapped[list[str]]
    day: Mapped[date | None]
    first_kickoff: Mapped[datetime | None]
    slot_minutes: Mapped[int]
    break_minutes: Mapped[int]
    rest_minutes: Mapped[int]
    tie_break: Mapped[str] = mapped_column(String(200))
    reminder_leads: Mapped[list[int]]
    time_zone: Mapped[str] = mapped_column(String(64))
    captains_may_enter_results: Mapped[bool]
    # domain.settings.TournamentSettings field by field (migration 0011); the structured
    # ones as JSON, read and written by storage.mapping.
    match_minutes: Mapped[int | None]
    half_time: Mapped[int | None]
    changeover: Mapped[int | None]
    group_rest: Mapped[int] = mapped_column(server_default=text("0"))
    knockout: Mapped[str | None] = mapped_column(String(32))
    third_place: Mapped[bool | None]
    groups: Mapped[int | None]
    seed: Mapped[int | None]
    season: Mapped[dict[str, Any] | None]
    group_leads: Mapped[list[int] | None]
    captain_leads: Mapped[list[int] | None]
    evening: Mapped[time | None]
    squad: Mapped[int | None]
    live_message_id: Mapped[int | None] = mapped_column(BigInteger)
    has_cards: Mapped[bool] = mapped_column(server_default=false())
    has_lots: Mapped[bool] = mapped_column(server_default=false())
    forfeit_deduction: Mapped[bool] = mapped_column(server_default=false())
    withdrawal_rule: Mapped[str] = mapped_column(String(32), server_default="award")
    withdrawn: Mapped[dict[str, Any]] = mapped_column(JSON, server_default="{}")
    undated: Mapped[dict[str, Any]] = mapped_column(JSON, server_default="{}")


class TeamRow(Base):
    __tablename__ = "teams"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[TournamentId]
    name: Mapped[str] = mapped_column(String(100))
    group_label: Mapped[str | None] = mapped_column(String(8))
    draw_position: Mapped[int]


class CaptainRow(Base):
    """Telegram user -> team. `slot` 1..3 with UNIQUE(team, slot) caps captains in the schema."""

    __tablename__ = "captains"
    __table_args__ = (
        CheckConstraint("slot BETWEEN 1 AND 3", name="slot"),
        UniqueConstraint("team_id", "slot"),
    )

    # (user, tournament) first: the next-match look-up starts from the user.
    user_id: Mapped[TelegramId] = mapped_column(primary_key=True)
    tournament_id: Mapped[TournamentId] = mapped_column(primary_key=True)
    team_id: Mapped[TeamId]
    slot: Mapped[int]


class OrganiserRow(Base):
    __tablename__ = "organisers"
    __table_args__ = (CheckConstraint("role IN ('creator', 'co')", name="role"),)

    tournament_id: Mapped[TournamentId] = mapped_column(primary_key=True)
    user_id: Mapped[TelegramId] = mapped_column(primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
    added_at: Mapped[datetime]
