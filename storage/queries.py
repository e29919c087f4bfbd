"""What `repositories/bot_state.py` and `repositories/inbox.py` still import from here.

Issue 16: every other statement now lives in the repository that runs it, and ON CONFLICT
has one helper, `storage.sql.insert_if_absent`. These names go with the split of those
two modules (their own branch), which moves to that helper and to `Row.__table__`.
"""

from __future__ import annotations

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.dml import Insert

from storage.rows import MatchRow, ProcessedUpdateRow, TournamentRow


def table(row: type) -> Table:
    found = row.__table__  # type: ignore[attr-defined]
    assert isinstance(found, Table)
    return found


def insert_ignoring_duplicates(table: Table, *key: str) -> dict[str, Insert]:
    return {
        "sqlite": sqlite.insert(table).on_conflict_do_nothing(index_elements=key),
        "postgresql": postgresql.insert(table).on_conflict_do_nothing(index_elements=key),
    }


matches = table(MatchRow)
tournaments = table(TournamentRow)
CLAIM_UPDATE = insert_ignoring_duplicates(table(ProcessedUpdateRow), "update_id")
