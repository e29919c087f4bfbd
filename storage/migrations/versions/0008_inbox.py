"""Durable intake: received updates stored before they are acknowledged (issue 11).

Reserved so that work in parallel keeps one linear chain; until its issue fills it, it
changes nothing.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from collections.abc import Sequence

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
