"""Durable intake: received updates stored before they are acknowledged (issue 11).

The `inbox` table: one row per Telegram update, written before the next getUpdates
confirms it to Telegram, marked done once handled, pruned 48 h later.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("update_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("update_id", name=op.f("pk_inbox")),
    )
    op.create_index("ix_inbox_done_at", "inbox", ["done_at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_inbox_done_at", table_name="inbox")
    op.drop_table("inbox")
