"""Undo of a result write: deletions of results are audited, and an undo is marked.

- `result_audit.new_home_goals` / `new_away_goals` become nullable: a deleted result
  (an undone first entry) leaves a row with the old score and no new one.
- An AFTER DELETE trigger on `results` writes that row, so no score leaves the table
  without a trace, whichever code path deleted it. A DELETE carries no new row to say
  who deleted it and when: the trigger takes who/when/which message of the deleted row,
  and the undo (`ResultRepository.undo_last`) stamps the row with the undoer and the time.
  When the match itself is being deleted (its audit trail goes with it, by cascade)
  the trigger writes nothing.
- `result_audit.undoes_id`: on an undo's own audit row, the row of the write it
  reverted. Unique, so the database refuses to undo one write twice. The foreign key has
  no ON DELETE action on purpose: a match's rows are deleted together (cascade from
  `matches`), and a later SQLite batch copy of this table, whose DROP of the old table
  runs an implicit DELETE, then fails instead of cascading into the copy.
- `ix_result_audit_changed_by_id`: "this user's last result write" without a scan.

On SQLite the column changes copy the `result_audit` table (batch mode); the insert and
update triggers on `results` name that table, so they are dropped first and recreated
after, unchanged.

Downgrade cannot keep the undos: 0003 has neither the link nor room for a row without a
new score. It drops every undone write together with its undo (an undo puts back exactly
the score the undone write replaced, so the pair cancels out) and the rows of deleted
results. What is left is the writes that stand, consistent with `results`, so undo
after upgrading again still finds the right write. The results themselves are unchanged.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-09
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The 0003 triggers, unchanged: recreated around the batch copy of `result_audit`.
SQLITE_INSERT_UPDATE = (
    """CREATE TRIGGER results_audit_insert AFTER INSERT ON results
    BEGIN
      INSERT INTO result_audit (
        match_id,
        new_home_goals, new_away_goals, new_home_penalties, new_away_penalties,
        changed_by, changed_at, source_message_id
      ) VALUES (
        NEW.match_id,
        NEW.home_goals, NEW.away_goals, NEW.home_penalties, NEW.away_penalties,
        NEW.entered_by, NEW.entered_at, NEW.source_message_id
      );
    END""",
    """CREATE TRIGGER results_audit_update AFTER UPDATE ON results
    BEGIN
      INSERT INTO result_audit (
        match_id,
        old_home_goals, old_away_goals, old_home_penalties, old_away_penalties,
        new_home_goals, new_away_goals, new_home_penalties, new_away_penalties,
        changed_by, changed_at, source_message_id
      ) VALUES (
        NEW.match_id,
        OLD.home_goals, OLD.away_goals, OLD.home_penalties, OLD.away_penalties,
        NEW.home_goals, NEW.away_goals, NEW.home_penalties, NEW.away_penalties,
        NEW.entered_by, NEW.entered_at, NEW.source_message_id
      );
    END""",
)
SQLITE_DROP_INSERT_UPDATE = (
    "DROP TRIGGER results_audit_update",
    "DROP TRIGGER results_audit_insert",
)
SQLITE_DELETE = (
    """CREATE TRIGGER results_audit_delete AFTER DELETE ON results
    WHEN EXISTS (SELECT 1 FROM matches WHERE id = OLD.match_id)
    BEGIN
      INSERT INTO result_audit (
        match_id,
        old_home_goals, old_away_goals, old_home_penalties, old_away_penalties,
        changed_by, changed_at, source_message_id
      ) VALUES (
        OLD.match_id,
        OLD.home_goals, OLD.away_goals, OLD.home_penalties, OLD.away_penalties,
        OLD.entered_by, OLD.entered_at, OLD.source_message_id
      );
    END""",
)
SQLITE_DROP_DELETE = ("DROP TRIGGER results_audit_delete",)

# The function of 0003 with a DELETE branch; the 0003 trigger keeps calling it for
# inserts and updates, a second trigger for deletes.
POSTGRESQL_FUNCTION = """CREATE OR REPLACE FUNCTION results_audit() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO result_audit (
          match_id,
          new_home_goals, new_away_goals, new_home_penalties, new_away_penalties,
          changed_by, changed_at, source_message_id
        ) VALUES (
          NEW.match_id,
          NEW.home_goals, NEW.away_goals, NEW.home_penalties, NEW.away_penalties,
          NEW.entered_by, NEW.entered_at, NEW.source_message_id
        );
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO result_audit (
          match_id,
          old_home_goals, old_away_goals, old_home_penalties, old_away_penalties,
          new_home_goals, new_away_goals, new_home_penalties, new_away_penalties,
          changed_by, changed_at, source_message_id
        ) VALUES (
          NEW.match_id,
          OLD.home_goals, OLD.away_goals, OLD.home_penalties, OLD.away_penalties,
          NEW.home_goals, NEW.away_goals, NEW.home_penalties, NEW.away_penalties,
          NEW.entered_by, NEW.entered_at, NEW.source_message_id
        );
      ELSIF EXISTS (SELECT 1 FROM matches WHERE id = OLD.match_id) THEN
        INSERT INTO result_audit (
          match_id,
          old_home_goals, old_away_goals, old_home_penalties, old_away_penalties,
          changed_by, changed_at, source_message_id
        ) VALUES (
          OLD.match_id,
          OLD.home_goals, OLD.away_goals, OLD.home_penalties, OLD.away_penalties,
          OLD.entered_by, OLD.entered_at, OLD.source_message_id
        );
      END IF;
      RETURN NULL;
    END
    $$"""
POSTGRESQL_UP = (
    POSTGRESQL_FUNCTION,
    """CREATE TRIGGER results_audit_delete AFTER DELETE ON results
    FOR EACH ROW EXECUTE FUNCTION results_audit()""",
)
# Back to the function of 0003 (inserts and updates only).
POSTGRESQL_DOWN = (
    "DROP TRIGGER results_audit_delete ON results",
    """CREATE OR REPLACE FUNCTION results_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO result_audit (
          match_id,
          new_home_goals, new_away_goals, new_home_penalties, new_away_penalties,
          changed_by, changed_at, source_message_id
        ) VALUES (
          NEW.match_id,
          NEW.home_goals, NEW.away_goals, NEW.home_penalties, NEW.away_penalties,
          NEW.entered_by, NEW.entered_at, NEW.source_message_id
        );
      ELSE
        INSERT INTO result_audit (
          match_id,
          old_home_goals, old_away_goals, old_home_penalties, old_away_penalties,
          new_home_goals, new_away_goals, new_home_penalties, new_away_penalties,
          changed_by, changed_at, source_message_id
        ) VALUES (
          NEW.match_id,
          OLD.home_goals, OLD.away_goals, OLD.home_penalties, OLD.away_penalties,
          NEW.home_goals, NEW.away_goals, NEW.home_penalties, NEW.away_penalties,
          NEW.entered_by, NEW.entered_at, NEW.source_message_id
        );
      END IF;
      RETURN NULL;
    END
    $$""",
)


def _sqlite() -> bool:
    return op.get_bind().dialect.name == "sqlite"


def _run(statements: Sequence[str]) -> None:
    for statement in statements:
        op.execute(statement)


def upgrade() -> None:
    if _sqlite():
        _run(SQLITE_DROP_INSERT_UPDATE)
    with op.batch_alter_table("result_audit") as batch:
        batch.alter_column("new_home_goals", existing_type=sa.Integer(), nullable=True)
        batch.alter_column("new_away_goals", existing_type=sa.Integer(), nullable=True)
        batch.add_column(sa.Column("undoes_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            op.f("fk_result_audit_undoes_id_result_audit"),
            "result_audit",
            ["undoes_id"],
            ["id"],
        )
        batch.create_unique_constraint(op.f("uq_result_audit_undoes_id"), ["undoes_id"])
        batch.create_index("ix_result_audit_changed_by_id", ["changed_by", "id"], unique=False)
    if _sqlite():
        _run(SQLITE_INSERT_UPDATE + SQLITE_DELETE)
    else:
        _run(POSTGRESQL_UP)


def downgrade() -> None:
    if _sqlite():
        _run(SQLITE_DROP_DELETE + SQLITE_DROP_INSERT_UPDATE)
    else:
        _run(POSTGRESQL_DOWN)
    # Undone writes with their undos, and deletions (see the docstring).
    op.execute(
        "DELETE FROM result_audit WHERE undoes_id IS NOT NULL OR new_home_goals IS NULL"
        " OR id IN (SELECT undoes_id FROM result_audit WHERE undoes_id IS NOT NULL)"
    )
    with op.batch_alter_table("result_audit") as batch:
        batch.drop_index("ix_result_audit_changed_by_id")
        batch.drop_constraint(op.f("uq_result_audit_undoes_id"), type_="unique")
        batch.drop_constraint(op.f("fk_result_audit_undoes_id_result_audit"), type_="foreignkey")
        batch.drop_column("undoes_id")
        batch.alter_column("new_away_goals", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("new_home_goals", existing_type=sa.Integer(), nullable=False)
    if _sqlite():
        _run(SQLITE_INSERT_UPDATE)
