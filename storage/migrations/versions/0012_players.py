"""Players and what they did: squads, goals, cards and ban decisions (issue 22).

- `players`: a team's squad; `key` is the name's identity, one live row per key and
  tournament (a partial unique index: a player belongs to one team per tournament).
  /kadro_sil marks a row removed (`removed_at`), his goals and cards stay. `listed`: put
  there by /kadro (not only named in a result): such a squad refuses unknown names.
- `match_events`: one row per goal, own goal or card of a player in a match; a deletion
  is a mark (`deleted_at`). Every row keeps the update id that created it.
- `ban_decisions`: /ceza Mehmet 3, the committee's decision that overrides the ban the
  cards give (0 lifts it).
- `tournaments.yellow_limit`: /ayarlar sari_ceza N (NULL: no accumulation bans).

Plain tables only: no batch copy of an existing table (which would cascade on SQLite).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # In place (no batch copy of `tournaments`: it would cascade into its teams).
    with op.batch_alter_table("tournaments", recreate="never") as batch:
        batch.add_column(sa.Column("yellow_limit", sa.Integer(), nullable=True))
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.Column("listed", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("added_by", sa.BigInteger(), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_id", sa.BigInteger(), nullable=True),
        sa.Column("removed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("removed_by", sa.BigInteger(), nullable=True),
        sa.Column("removed_update_id", sa.BigInteger(), nullable=True),
        sa.CheckConstraint(
            "number IS NULL OR number BETWEEN 0 AND 999", name=op.f("ck_players_number")
        ),
        sa.ForeignKeyConstraint(
            ["team_id"], ["teams.id"], name=op.f("fk_players_team_id_teams"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_players_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
    )
    op.create_index(op.f("ix_players_team_id"), "players", ["team_id"], unique=False)
    op.create_index(
        "uq_players_one_live_per_key",
        "players",
        ["tournament_id", "key"],
        unique=True,
        sqlite_where=sa.text("removed_at IS NULL"),
        postgresql_where=sa.text("removed_at IS NULL"),
    )

    op.create_table(
        "ban_decisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("after_match", sa.Integer(), nullable=True),
        sa.Column("decided_by", sa.BigInteger(), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_ban_decisions_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_ban_decisions_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ban_decisions")),
    )
    op.create_index(
        op.f("ix_ban_decisions_tournament_id"), "ban_decisions", ["tournament_id"], unique=False
    )

    op.create_table(
        "match_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("recorded_by", sa.BigInteger(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_id", sa.BigInteger(), nullable=True),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deleted_by", sa.BigInteger(), nullable=True),
        sa.Column("deleted_update_id", sa.BigInteger(), nullable=True),
        sa.CheckConstraint(
            "kind IN ('goal', 'own_goal', 'yellow', 'second_yellow', 'red', 'yellow_red')",
            name=op.f("ck_match_events_kind"),
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_match_events_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_match_events_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["teams.id"],
            name=op.f("fk_match_events_team_id_teams"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_match_events_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_match_events")),
    )
    op.create_index(
        "ix_match_events_tournament_id_match_id",
        "match_events",
        ["tournament_id", "match_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_match_events_tournament_id_match_id", table_name="match_events")

    op.drop_table("match_events")
    op.drop_index(op.f("ix_ban_decisions_tournament_id"), table_name="ban_decisions")

    op.drop_table("ban_decisions")
    op.drop_index("uq_players_one_live_per_key", table_name="players")
    op.drop_index(op.f("ix_players_team_id"), table_name="players")

    op.drop_table("players")
    with op.batch_alter_table("tournaments", recreate="never") as batch:
        batch.drop_column("yellow_limit")
