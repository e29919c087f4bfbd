"""Typed settings: the keys of `tournaments.extra` become columns of their own (issue 16).

`extra` was a JSON dict whose string keys eighteen modules read; now every key is a field
of `domain.settings.TournamentSettings` and a column here. Scalars get a column of their
type; the structured values stay JSON, one column each, in the form they had in `extra`
(`storage.mapping` types them on the way in and out):

- match_minutes, half_time, changeover, group_rest (0 when absent), knockout,
  third_place, groups, seed: as set-up planned the tournament;
- season (JSON, the rhythm of a league over match weeks), group_leads and captain_leads
  (JSON lists; NULL: the defaults), evening (a time; NULL: turned off, '' before; an
  absent key was the default 20:00), squad, live_message_id;
- has_cards, has_lots, forfeit_deduction (false when absent), withdrawal_rule ('award'
  when absent), withdrawn and undated (JSON maps, '{}' when absent).

A key no code reads is dropped with `extra`. Downgrade puts the dict back with the keys
that differ from what an absent key meant.

The columns are added and `extra` dropped in place (SQLite 3.35+ drops a column with
ALTER TABLE): a batch copy of `tournaments` would cascade into its teams and matches.

Revision ID: 0011
Revises: 0009
Create Date: 2026-12-01
"""

from collections.abc import Sequence
from datetime import time
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

EVENING = time(20, 0)  # an absent "evening" key: the season's evening-before message at 20:00


def _columns() -> list[sa.Column[Any]]:
    """The new columns, made afresh for each use (a Column belongs to one table)."""
    return [
        sa.Column("match_minutes", sa.Integer(), nullable=True),
        sa.Column("half_time", sa.Integer(), nullable=True),
        sa.Column("changeover", sa.Integer(), nullable=True),
        sa.Column("group_rest", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.Column("knockout", sa.String(length=32), nullable=True),
        sa.Column("third_place", sa.Boolean(), nullable=True),
        sa.Column("groups", sa.Integer(), nullable=True),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("season", sa.JSON(), nullable=True),
        sa.Column("group_leads", sa.JSON(), nullable=True),
        sa.Column("captain_leads", sa.JSON(), nullable=True),
        sa.Column("evening", sa.Time(), nullable=True),
        sa.Column("squad", sa.Integer(), nullable=True),
        sa.Column("live_message_id", sa.BigInteger(), nullable=True),
        sa.Column("has_cards", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("has_lots", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("forfeit_deduction", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("withdrawal_rule", sa.String(length=32), server_default="award", nullable=False),
        sa.Column("withdrawn", sa.JSON(), server_default="{}", nullable=False),
        sa.Column("undated", sa.JSON(), server_default="{}", nullable=False),
    ]


INTEGERS = ("match_minutes", "half_time", "changeover", "groups", "seed", "squad")
FLAGS = ("has_cards", "has_lots", "forfeit_deduction")
LEADS = ("group_leads", "captain_leads")
MAPS = ("withdrawn", "undated")


def _table(*columns: sa.Column[Any]) -> sa.TableClause:
    """`tournaments` as this revision sees it (no model import: later code may change)."""
    return sa.table("tournaments", sa.column("id", sa.Integer()), *columns)


def _typed(extra: dict[str, Any]) -> dict[str, Any]:
    """The new columns' values of one row's `extra`."""
    values: dict[str, Any] = {
        name: None if extra.get(name) is None else int(extra[name]) for name in INTEGERS
    }
    values["group_rest"] = int(extra.get("group_rest") or 0)
    values["knockout"] = extra.get("knockout")
    third = extra.get("third_place")
    values["third_place"] = None if third is None else bool(third)
    values["season"] = extra.get("season") or None
    for name in LEADS:
        leads = extra.get(name)
        values[name] = None if leads is None else [int(x) for x in leads]
    clock = extra.get("evening", "20:00")
    values["evening"] = time.fromisoformat(clock) if clock else None
    live = extra.get("live_message_id")
    values["live_message_id"] = None if live is None else int(live)
    for name in FLAGS:
        values[name] = bool(extra.get(name))
    values["withdrawal_rule"] = str(extra.get("withdrawal_rule") or "award")
    for name in MAPS:
        values[name] = dict(extra.get(name) or {})
    return values


def _extra(row: Any) -> dict[str, Any]:
    """One row's `extra` again: the keys whose value differs from an absent key's."""
    extra: dict[str, Any] = {}
    for name in (*INTEGERS, "knockout", "third_place", "season", *LEADS):
        if getattr(row, name) is not None:
            extra[name] = getattr(row, name)
    if row.group_rest:
        extra["group_rest"] = row.group_rest
    if row.evening != EVENING:
        extra["evening"] = "" if row.evening is None else row.evening.strftime("%H:%M")
    if row.live_message_id is not None:
        extra["live_message_id"] = row.live_message_id
    extra.update({name: True for name in FLAGS if getattr(row, name)})
    if row.withdrawal_rule != "award":
        extra["withdrawal_rule"] = row.withdrawal_rule
    extra.update({name: getattr(row, name) for name in MAPS if getattr(row, name)})
    return extra


def upgrade() -> None:
    with op.batch_alter_table("tournaments", recreate="never") as batch:
        for column in _columns():
            batch.add_column(column)
    bind = op.get_bind()
    old = _table(sa.column("extra", sa.JSON()))
    new = _table(*(sa.column(c.name, c.type) for c in _columns()))
    for row in bind.execute(sa.select(old.c.id, old.c.extra)).all():
        values = _typed(row.extra or {})
        bind.execute(sa.update(new).where(new.c.id == row.id).values(**values))
    with op.batch_alter_table("tournaments", recreate="never") as batch:
        batch.drop_column("extra")


def downgrade() -> None:
    # NOT NULL as 0001 made it; the default '{}' lets the column arrive on existing rows.
    with op.batch_alter_table("tournaments", recreate="never") as batch:
        batch.add_column(sa.Column("extra", sa.JSON(), server_default="{}", nullable=False))
    bind = op.get_bind()
    new = _table(*(sa.column(c.name, c.type) for c in _columns()))
    old = _table(sa.column("extra", sa.JSON()))
    for row in bind.execute(sa.select(new)).all():
        bind.execute(sa.update(old).where(old.c.id == row.id).values(extra=_extra(row)))
    with op.batch_alter_table("tournaments", recreate="never") as batch:
        for column in reversed(_columns()):
            batch.drop_column(column.name)
