"""Season leagues: every match keeps its match week (issue 12).

`matches.week`: the match day's number (maç haftası, from 1) of a league spread over
weeks; NULL for a one-day tournament. The season's rhythm (every N days, the window,
the first date, the dates skipped) lives in the tournament's `settings.extra["season"]`,
so later changes can plan it again.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("week", sa.Integer(), nullable=True))


def downgrade() -> None:
    # Plain ALTER TABLE (SQLite 3.35+ drops a column in place): a batch copy of `matches`
    # would cascade into its results.
    op.drop_column("matches", "week")
