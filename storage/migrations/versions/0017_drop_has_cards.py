"""The `tournaments.has_cards` flag goes with the team-level card table (0016).

`has_cards` (0011, before that a key of `extra`) told the tie-break to read `cards` for a
tournament; no code ever set it, and since 0016 there is no `cards` table to read. A
booking is a player's event (match_events, 0012), which fair play counts without a flag.
A true value (only ever put there by hand) is dropped with the column: it pointed to rows
0016 refused to leave behind, so no database at 0016 has any.

Downgrade adds the column again, false for every tournament: 0016's downgrade makes
`cards` again empty, so false is what the flag would say.

The column is dropped in place (SQLite 3.35+ drops a column with ALTER TABLE), as 0011
dropped `extra`: a batch copy of `tournaments` would cascade into its teams and matches.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments", recreate="never") as batch:
        batch.drop_column("has_cards")


def downgrade() -> None:
    with op.batch_alter_table("tournaments", recreate="never") as batch:
        batch.add_column(
            sa.Column("has_cards", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
