"""Several processes on one PostgreSQL database (issue 24): who took an inbox row, how often,
and rows set aside.

`attempts` counts the processes that began handling the update (one in the normal case,
two after a process died in the middle of it); past a few, the update is set aside as
poisoned. `taken_by` names the last of them ("host:pid"), for the operator. `set_aside_at`
marks an update that could not be read or kept failing: done, never handled again, kept
48 h like the other done rows.

Revision ID: 0013
Revises: 0012
Create Date: 2027-01-10
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.add_column(sa.Column("attempts", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("taken_by", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("set_aside_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.drop_column("set_aside_at")
        batch.drop_column("taken_by")
        batch.drop_column("attempts")
