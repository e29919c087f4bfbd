"""Stored replies: what a committed change is answered with, kept until it was sent (issue 24).

The `stored_replies` table: one row per update whose use case committed a change, written
in the same transaction (with the update's claim); the row goes once the reply was sent.
A row left behind by a crash or a failed send is sent when the update is handled again.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-20
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "stored_replies",
        sa.Column("update_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("verb", sa.String(length=200), nullable=False),
        sa.Column("outcome", sa.LargeBinary(), nullable=False),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("update_id", name=op.f("pk_stored_replies")),
    )
    op.create_index(
        op.f("ix_stored_replies_stored_at"), "stored_replies", ["stored_at"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_stored_replies_stored_at"), table_name="stored_replies")
    op.drop_table("stored_replies")
