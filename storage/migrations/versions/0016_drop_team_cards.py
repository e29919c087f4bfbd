"""The team-level `cards` table goes: a booking is a player's event (match_events, 0012).

`cards` (a team's card, perhaps in a match) came with the first schema as the fair-play
input of the tie-break. Nothing but storage's own tests ever wrote to it: the bot records
a booking as a player's event (/kart, a result's cards line), and fair play counts those
(bot.usecases.snapshots). So the table is empty in every database the bot made; one that
holds rows (put there by hand) is refused rather than emptied: move or delete them first.

Downgrade creates the table again, empty, as 0001 made it.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().execute(sa.text("SELECT count(*) FROM cards")).scalar():
        raise RuntimeError("table 'cards' holds rows no code reads; move or delete them first")
    op.drop_index(op.f("ix_cards_tournament_id"), table_name="cards")
    op.drop_table("cards")


def downgrade() -> None:
    op.create_table(
        "cards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("recorded_by", sa.BigInteger(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "kind IN ('yellow', 'second_yellow', 'red', 'yellow_red')", name=op.f("ck_cards_kind")
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_cards_match_id_matches"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["team_id"], ["teams.id"], name=op.f("fk_cards_team_id_teams"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_cards_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cards")),
    )
    op.create_index(op.f("ix_cards_tournament_id"), "cards", ["tournament_id"], unique=False)
