"""The database writes the audit row of every result write (insert or update of `results`).

Before, the code inserted the `result_audit` row next to each result write: one more
statement (one more round trip) on the hottest write path, and a rule every future code
path had to remember. Now an AFTER INSERT and an AFTER UPDATE trigger on `results` insert
it in the same statement: the old score (NULL for a first entry) from the replaced row,
the new score, and who/when/which message from the new row (`entered_by`, `entered_at`,
`source_message_id`, which a write always sets). No write can skip it.

Triggers are not part of the models, so autogenerate neither sees nor compares them. On
SQLite a batch (table-copying) migration of `results` drops them: recreate them after
one. The results tests fail without them (the audit trail stays empty).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SQLITE_UP = (
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
SQLITE_DOWN = (
    "DROP TRIGGER results_audit_update",
    "DROP TRIGGER results_audit_insert",
)

POSTGRESQL_UP = (
    """CREATE FUNCTION results_audit() RETURNS trigger LANGUAGE plpgsql AS $$
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
    """CREATE TRIGGER results_audit AFTER INSERT OR UPDATE ON results
    FOR EACH ROW EXECUTE FUNCTION results_audit()""",
)
POSTGRESQL_DOWN = (
    "DROP TRIGGER results_audit ON results",
    "DROP FUNCTION results_audit()",
)


def _run(statements: dict[str, tuple[str, ...]]) -> None:
    for statement in statements[op.get_bind().dialect.name]:
        op.execute(statement)


def upgrade() -> None:
    _run({"sqlite": SQLITE_UP, "postgresql": POSTGRESQL_UP})


def downgrade() -> None:
    _run({"sqlite": SQLITE_DOWN, "postgresql": POSTGRESQL_DOWN})
