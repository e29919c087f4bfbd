"""Public pages: an unguessable link token per tournament (issue 15).

`public_links` holds every token a tournament's page and calendars were ever reachable
at; at most one per tournament is live (retired_at IS NULL, a partial unique index), and
`/baglanti yenile` retires it. The pages' revision needs no table: it is read from the
matches' versions, the teams, cards and lots (storage.repositories.links).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "public_links",
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("retired_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_public_links_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_public_links")),
    )
    op.create_index(
        op.f("ix_public_links_tournament_id"), "public_links", ["tournament_id"], unique=False
    )
    op.create_index(
        "uq_public_links_one_live_per_tournament",
        "public_links",
        ["tournament_id"],
        unique=True,
        sqlite_where=sa.text("retired_at IS NULL"),
        postgresql_where=sa.text("retired_at IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("uq_public_links_one_live_per_tournament", table_name="public_links")
    op.drop_index(op.f("ix_public_links_tournament_id"), table_name="public_links")
    op.drop_table("public_links")
