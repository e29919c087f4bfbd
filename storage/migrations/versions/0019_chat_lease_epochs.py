"""Chat leases with epochs and heartbeats (issue 30): the `chat_leases` table.

Until now a chat's lease was a session-level advisory lock on a connection the process kept
open: a cut connection freed it while the process still worked (replies doubled), and a
hung process that still answered TCP keepalives kept it for ever (chats silent). A lease is
now a row: its holder, an epoch that grows at every take, and the holder's last heartbeat
(`renewed_at`, on the database's clock). A change is committed, and an update marked done,
only in a transaction that finds the holder's epoch unchanged (storage/leases.py).

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-08
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "chat_leases",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("holder", sa.String(length=80), nullable=True),
        sa.Column("epoch", sa.BigInteger(), nullable=False),
        sa.Column("renewed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("chat_id", name=op.f("pk_chat_leases")),
    )


def downgrade() -> None:
    op.drop_table("chat_leases")
