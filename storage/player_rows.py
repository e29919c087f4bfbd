"""The players of a tournament's teams and what they did in its matches (issue 22).

Nothing here is deleted by the bot: a player taken off a squad (/kadro_sil) gets
`removed_at`, an event taken back (/gol_sil, /kart_sil, /geri_al) gets `deleted_at`;
their goals and cards keep pointing at the player's row. Every row keeps the Telegram
update id that created it (`update_id`; a later line of one message has its own key,
see bot.usecases.runner.Actor.part), and a deletion the one that deleted it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, false
from sqlalchemy.orm import Mapped, mapped_column

from storage.rows import Base, MatchId, TeamId, TelegramId, TournamentId, unique_where

EVENT_KINDS = ("goal", "own_goal", "yellow", "second_yellow", "red", "yellow_red")


class PlayerRow(Base):
    """A player of a team. `key` is his name's identity (domain.names.key) within his
    team: one live row per team and key. Two teams may each have a "Mehmet" (named in
    results); the one-team rule for listed players is /kadro's (bot.usecases.squads)."""

    __tablename__ = "players"
    __table_args__ = (
        CheckConstraint("number IS NULL OR number BETWEEN 0 AND 999", name="number"),
        unique_where(
            "uq_players_one_live_per_team_key",
            "tournament_id",
            "team_id",
            "key",
            where="removed_at IS NULL",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[TournamentId]
    team_id: Mapped[TeamId] = mapped_column(index=True)
    name: Mapped[str] = mapped_column(String(100))
    key: Mapped[str] = mapped_column(String(100))
    number: Mapped[int | None]
    # Put there by /kadro, not only named as a scorer or carded in a result: a team with
    # such a player has a squad someone set, and an unknown name is refused for it.
    listed: Mapped[bool] = mapped_column(server_default=false())
    added_by: Mapped[TelegramId]
    added_at: Mapped[datetime]
    update_id: Mapped[TelegramId | None]
    removed_at: Mapped[datetime | None]
    removed_by: Mapped[TelegramId | None]
    removed_update_id: Mapped[TelegramId | None]


class MatchEventRow(Base):
    """A goal, an own goal or a booking of one player in one match; one row per goal and
    one per booking, its kind as domain.tiebreak.CardKind names it (`second_yellow`: two
    yellows, sent off; `yellow_red`: a yellow, then a direct red).

    `team_id` is the player's team when it happened (an own goal counts for the other
    side)."""

    __tablename__ = "match_events"
    __table_args__ = (
        CheckConstraint("kind IN " + str(EVENT_KINDS), name="kind"),
        Index("ix_match_events_tournament_id_match_id", "tournament_id", "match_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[TournamentId]
    match_id: Mapped[MatchId]
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    team_id: Mapped[TeamId]
    kind: Mapped[str] = mapped_column(String(16))
    recorded_by: Mapped[TelegramId]
    recorded_at: Mapped[datetime]
    update_id: Mapped[TelegramId | None]
    deleted_at: Mapped[datetime | None]
    deleted_by: Mapped[TelegramId | None]
    deleted_update_id: Mapped[TelegramId | None]


class BanDecisionRow(Base):
    """/ceza Mehmet 3: the disciplinary decision that a player misses `matches` of his
    team's matches from the next one on (0 lifts his ban). The newest live row counts."""

    __tablename__ = "ban_decisions"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[TournamentId] = mapped_column(index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    matches: Mapped[int]
    # The match the ban is counted from (domain.discipline.decision_after): served by his
    # team's matches after it; None: from the team's first match.
    after_match: Mapped[int | None]
    decided_by: Mapped[TelegramId]
    decided_at: Mapped[datetime]
    update_id: Mapped[TelegramId | None]
