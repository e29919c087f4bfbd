"""A player's name is unique per team, not per tournament (issue 22's audit).

Two amateur players called "Mehmet" on two teams are common: a name typed as a scorer or
carded for a team without a squad is that team's player, whatever other teams have. The
old index (one live row per name and tournament) made such a result fail as a whole. The
one-team rule stays where a squad was set: /kadro refuses to list a name another team
listed (bot.usecases.squads, domain.squads.place).

`uq_players_one_live_per_key` (tournament, key) becomes `uq_players_one_live_per_team_key`
(tournament, team, key), both partial (live rows only). Downgrading fails while two teams
have a live player of one name: take one off first.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_LIVE = "removed_at IS NULL"


def upgrade() -> None:
    op.drop_index("uq_players_one_live_per_key", table_name="players")
    op.create_index(
        "uq_players_one_live_per_team_key",
        "players",
        ["tournament_id", "team_id", "key"],
        unique=True,
        sqlite_where=sa.text(_LIVE),
        postgresql_where=sa.text(_LIVE),
    )


def downgrade() -> None:
    op.drop_index("uq_players_one_live_per_team_key", table_name="players")
    op.create_index(
        "uq_players_one_live_per_key",
        "players",
        ["tournament_id", "key"],
        unique=True,
        sqlite_where=sa.text(_LIVE),
        postgresql_where=sa.text(_LIVE),
    )
