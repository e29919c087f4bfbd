"""Column types that make both engines behave the same.

SQLite has no timestamp type: a plain DateTime column hands back naive datetimes, and
comparing them with aware ones fails at run time. `UTCDateTime` refuses naive input,
stores UTC (as text that sorts by time on SQLite, as timestamptz on PostgreSQL) and always
returns aware UTC datetimes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
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
