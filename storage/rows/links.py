"""Public pages: the unguessable link token of a tournament's page and calendars."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from storage.rows.base import Base, TournamentId, unique_where


class PublicLinkRow(Base):
    """One token per tournament at a time: `/baglanti yenile` retires it (retired_at set,
    a 404 from then on) and adds the next. Retired rows stay, so an old address keeps
    answering 404 rather than ever meaning something else."""

    __tablename__ = "public_links"
    __table_args__ = (
        unique_where(
            "uq_public_links_one_live_per_tournament", "tournament_id", "retired_at IS NULL"
        ),
    )

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    tournament_id: Mapped[TournamentId] = mapped_column(index=True)
    created_at: Mapped[datetime]
    retired_at: Mapped[datetime | None]
