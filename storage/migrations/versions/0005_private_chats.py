"""Users who have started the bot in private, so captain reminders reach only them.

Telegram lets a bot write to a user only after the user has opened a private chat with it;
a `/start` (or any private message) adds the user, a `Forbidden` answer removes them.

No new index for the reminder queries (docs/reminders.md): the pending list walks the
`ix_reminders_status_due_at` index of 0002 in due order, a tournament's rows are found
through `uq_matches_tournament_id_no` and `uq_reminders_match_id_recipient_kind`, a claim
goes by primary key.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-12
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "private_chats",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_private_chats")),
    )


def downgrade() -> None:
    op.drop_table("private_chats")
