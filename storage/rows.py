"""The schema as SQLAlchemy typed mappings, one MetaData: the tournaments and their play
here, the bot's bookkeeping in storage.bookkeeping_rows (importing `storage` registers
both: its unit of work imports every repository). Constraint names follow the naming
convention, so Alembic names, compares and drops them the same way on SQLite and
PostgreSQL.

SQLite has no timestamp type: a plain DateTime column hands back naive datetimes, and
comparing them with aware ones fails at run time. `UTCDateTime` refuses naive input,
stores UTC (as text that sorts by time on SQLite, as timestamptz on PostgreSQL) and always
returns aware UTC datetimes.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Annotated, Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    MetaData,
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: storage keeps aware times only")
        utc = value.astimezone(UTC)
        # SQLite stores text: keep one fixed form so comparisons and ORDER BY follow time.
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Telegram chat and user ids exceed 32 bits.
TelegramId = Annotated[int, mapped_column(BigInteger)]
# What a tournament, match or team owns goes with it.
TournamentId = Annotated[int, mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"))]
MatchId = Annotated[int, mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))]
TeamId = Annotated[int, mapped_column(ForeignKey("teams.id", ondelete="CASCADE"))]


_PARTIAL: list[tuple[Index, str]] = []


def unique_where(name: str, *columns: str, where: str) -> Index:
    """A partial unique index: `columns` unique among the rows that match `where`.

    Its PostgreSQL spelling (`postgresql_where`) is added by `spell_for_postgresql` when a
    PostgreSQL engine is made: naming it here would load that dialect in every process,
    about a fiftieth of a SQLite bot's start, for a clause only DDL reads."""
    index = Index(name, *columns, unique=True, sqlite_where=text(where))
    _PARTIAL.append((index, where))
    return index


def spell_for_postgresql() -> None:
    """The partial indexes' WHERE for PostgreSQL's DDL (create_all, autogenerate)."""
    for index, where in _PARTIAL:
        index.dialect_options["postgresql"]["where"] = text(where)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 (SQLAlchemy reads it as a class attribute)
        datetime: UTCDateTime(),
        dict[str, Any]: JSON(),
        list[str]: JSON(),
        list[int]: JSON(),
    }


# --- who runs what: chats, their tournaments with settings, teams, captains, organisers


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
        unique_where("uq_tournaments_one_active_per_chat", "chat_id", where="status = 'active'"),
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
    yellow_limit: Mapped[int | None]  # /ayarlar sari_ceza (migration 0012)
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


# --- what happens on the pitch: matches, results and their audit trail, lots


class MatchRow(Base):
    """A planned match. `version` goes up on every change so concurrent writers can't overwrite."""

    __tablename__ = "matches"
    __table_args__ = (
        UniqueConstraint("tournament_id", "no"),
        UniqueConstraint("tournament_id", "key"),
        # The next-match look-up: a team's matches in time order, from either side.
        Index("ix_matches_home_team_id_start_at", "home_team_id", "start_at"),
        Index("ix_matches_away_team_id_start_at", "away_team_id", "start_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[TournamentId]
    no: Mapped[int]
    stage: Mapped[str] = mapped_column(String(16))
    group_label: Mapped[str | None] = mapped_column(String(8))
    round: Mapped[int | None]
    pitch: Mapped[str] = mapped_column(String(64))
    start_at: Mapped[datetime]
    end_at: Mapped[datetime]
    home_team_id: Mapped[int | None] = mapped_column(ForeignKey("teams.id"))
    away_team_id: Mapped[int | None] = mapped_column(ForeignKey("teams.id"))
    home_from: Mapped[str | None] = mapped_column(String(16))
    away_from: Mapped[str | None] = mapped_column(String(16))
    key: Mapped[str | None] = mapped_column(String(16))
    week: Mapped[int | None]  # a season league's match week (from 1); None: one day
    version: Mapped[int] = mapped_column(server_default="1")


class ResultRow(Base):
    """The one result of a match (primary key = match), with where it came from.

    Triggers (migrations 0003, 0004) write a `result_audit` row for every insert, update
    and delete of this table, so every write sets `entered_by`, `entered_at` and
    `source_message_id`.
    """

    __tablename__ = "results"
    __table_args__ = (
        CheckConstraint(
            "home_goals >= 0 AND away_goals >= 0"
            " AND (home_penalties IS NULL) = (away_penalties IS NULL)",
            name="score",
        ),
    )

    match_id: Mapped[MatchId] = mapped_column(primary_key=True)
    home_goals: Mapped[int]
    away_goals: Mapped[int]
    home_penalties: Mapped[int | None]
    away_penalties: Mapped[int | None]
    forfeit: Mapped[str | None] = mapped_column(String(4))  # the side that lost hükmen
    entered_by: Mapped[TelegramId]
    entered_at: Mapped[datetime]
    source_chat_id: Mapped[TelegramId | None]
    source_message_id: Mapped[TelegramId | None]


class ResultAuditRow(Base):
    """Every write of a result: old (None for the first entry) and new score (None when the
    result was deleted), who, when.

    Written by the database (triggers on `results`, migrations 0003 and 0004), never by
    the code, with one exception: an undo (`ResultRepository.undo_last`) stamps the row its
    own write produced with `undoes_id`, the write it reverted, and with who undid it and
    when. Unique: a write is undone at most once. A row with `undoes_id` set is an undo,
    not a result write of its own, and is never undone itself.
    """

    __tablename__ = "result_audit"
    __table_args__ = (
        UniqueConstraint("undoes_id"),
        # "The last result write of this user": a user's rows newest first.
        Index("ix_result_audit_changed_by_id", "changed_by", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[MatchId] = mapped_column(index=True)
    old_home_goals: Mapped[int | None]
    old_away_goals: Mapped[int | None]
    old_home_penalties: Mapped[int | None]
    old_away_penalties: Mapped[int | None]
    old_forfeit: Mapped[str | None] = mapped_column(String(4))
    new_home_goals: Mapped[int | None]
    new_away_goals: Mapped[int | None]
    new_home_penalties: Mapped[int | None]
    new_away_penalties: Mapped[int | None]
    new_forfeit: Mapped[str | None] = mapped_column(String(4))
    changed_by: Mapped[TelegramId]
    changed_at: Mapped[datetime]
    source_message_id: Mapped[TelegramId | None]
    # No ON DELETE action: the rows of a match go together (cascade from `matches`), and
    # a SQLite batch copy of this table must fail rather than cascade into its copy.
    undoes_id: Mapped[int | None] = mapped_column(ForeignKey("result_audit.id"))


class LotRow(Base):
    """A drawing of lots by the organiser; `scope` names the tie it settles ("A", "3.")."""

    __tablename__ = "lots"
    __table_args__ = (UniqueConstraint("tournament_id", "scope"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[TournamentId]
    scope: Mapped[str] = mapped_column(String(64))
    recorded_by: Mapped[TelegramId]
    recorded_at: Mapped[datetime]


class LotPlaceRow(Base):
    __tablename__ = "lot_places"
    __table_args__ = (UniqueConstraint("lot_id", "team_id"),)

    lot_id: Mapped[int] = mapped_column(ForeignKey("lots.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[TeamId]


# --- public pages: the unguessable link token of a tournament's page and calendars


class PublicLinkRow(Base):
    """One token per tournament at a time: `/baglanti yenile` retires it (retired_at set,
    a 404 from then on) and adds the next. Retired rows stay, so an old address keeps
    answering 404 rather than ever meaning something else."""

    __tablename__ = "public_links"
    __table_args__ = (
        unique_where(
            "uq_public_links_one_live_per_tournament", "tournament_id", where="retired_at IS NULL"
        ),
    )

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    tournament_id: Mapped[TournamentId] = mapped_column(index=True)
    created_at: Mapped[datetime]
    retired_at: Mapped[datetime | None]
