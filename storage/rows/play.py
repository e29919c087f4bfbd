"""What happens on the pitch: planned matches, results and their audit trail, cards, lots."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from storage.rows.base import Base, MatchId, TeamId, TelegramId, TournamentId


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


class CardRow(Base):
    __tablename__ = "cards"
    __table_args__ = (
        CheckConstraint("kind IN ('yellow', 'second_yellow', 'red', 'yellow_red')", name="kind"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[TournamentId] = mapped_column(index=True)
    team_id: Mapped[TeamId]
    match_id: Mapped[int | None] = mapped_column(ForeignKey("matches.id", ondelete="SET NULL"))
    kind: Mapped[str] = mapped_column(String(16))
    recorded_by: Mapped[TelegramId]
    recorded_at: Mapped[datetime]


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
