"""Permissions: an archived tournament says why, ended or replaced, so it can be listed
(/turnuvalar) and brought back (/geri_yukle) (issue 10).

`tournaments.archive_reason`: NULL while active, 'ended' or 'replaced' once archived (the
repository sets it with the status; a CHECK holds the two words). Rows archived before
this revision are sorted out from what they left: a creation archived the chat's running
tournament at the very moment (same timestamp) it created the next one, so an archived row
whose `archived_at` is a later tournament's `created_at` in its chat was replaced; any
other was ended.

SQLite gets the column with its CHECK in one ADD COLUMN: batch mode would copy the table,
and dropping the old one with foreign keys on would cascade to every team, match and
result.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHECK = "ck_tournaments_archive_reason"
REASONS = "archive_reason IN ('ended', 'replaced')"
BACKFILL = """
UPDATE tournaments SET archive_reason = CASE
    WHEN EXISTS (
        SELECT 1 FROM tournaments AS later
        WHERE later.chat_id = tournaments.chat_id
          AND later.id > tournaments.id
          AND later.created_at = tournaments.archived_at
    ) THEN 'replaced'
    ELSE 'ended'
END
WHERE status = 'archived'
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "ALTER TABLE tournaments ADD COLUMN archive_reason VARCHAR(16)"
            f" CONSTRAINT {CHECK} CHECK ({REASONS})"
        )
    else:
        op.add_column(
            "tournaments", sa.Column("archive_reason", sa.String(length=16), nullable=True)
        )
        op.create_check_constraint(CHECK, "tournaments", REASONS)
    op.execute(BACKFILL)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":  # its own column CHECK goes with it
        op.execute("ALTER TABLE tournaments DROP COLUMN archive_reason")
    else:
        op.drop_constraint(CHECK, "tournaments", type_="check")
        op.drop_column("tournaments", "archive_reason")
