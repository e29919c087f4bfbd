"""The declarative base: one MetaData with a naming convention, shared column shapes.

Constraint names are fixed by the convention so Alembic can name, compare and drop them
the same way on SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, MetaData, text
from sqlalchemy.orm import DeclarativeBase, mapped_column

from storage.types import UTCDateTime

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


def unique_where(name: str, column: str, where: str) -> Index:
    """A partial unique index: `column` unique among the rows that match `where`."""
    return Index(name, column, unique=True, sqlite_where=text(where), postgresql_where=text(where))


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 (SQLAlchemy reads it as a class attribute)
        datetime: UTCDateTime(),
        dict[str, Any]: JSON(),
        list[str]: JSON(),
        list[int]: JSON(),
    }
