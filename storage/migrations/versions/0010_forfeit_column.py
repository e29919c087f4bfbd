"""A forfeit has a column of its own: `results.forfeit` and the audit trail's old/new.

Before, a forfeit ("hükmen") was stored as -1 in the penalty column of the side that lost
it (-1/0: home, 0/-1: away) and decoded on every read. Now `forfeit` names that side
('home' or 'away', NULL otherwise) and a forfeit's penalty columns are NULL, as they are
for any score without a shoot-out. `result_audit.old_forfeit` / `new_forfeit` keep it in
the audit trail, so /geri_al still puts a forfeit back as a forfeit.

The audit triggers of 0003/0004 are recreated with the new columns (same names, same
rules). Existing rows are converted while they are off, so the conversion leaves no audit
rows of its own. Downgrade writes the -1 marks back and drops the columns.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SCORE = ("home_goals", "away_goals", "home_penalties", "away_penalties")
TRIGGERS = ("results_audit_insert", "results_audit_update", "results_audit_delete")


def _audit_row(scores: Sequence[tuple[str, str]], row: str, forfeit: bool) -> str:
    """INSERT INTO result_audit of the `scores` (audit prefix, OLD or NEW) and who/when
    of `row`, as the triggers of 0003/0004 write it; with the forfeit columns or without."""
    score = (*SCORE, "forfeit") if forfeit else SCORE
    columns = ["match_id", *(f"{prefix}_{name}" for prefix, _ in scores for name in score)]
    values = [f"{row}.match_id", *(f"{source}.{name}" for _, source in scores for name in score)]
    columns += ["changed_by", "changed_at", "source_message_id"]
    values += [f"{row}.entered_by", f"{row}.entered_at", f"{row}.source_message_id"]
    return f"INSERT INTO result_audit ({', '.join(columns)}) VALUES ({', '.join(values)});"


def _create_triggers(forfeit: bool) -> None:
    inserted = _audit_row((("new", "NEW"),), "NEW", forfeit)
    updated = _audit_row((("old", "OLD"), ("new", "NEW")), "NEW", forfeit)
    deleted = _audit_row((("old", "OLD"),), "OLD", forfeit)
    match_stays = "EXISTS (SELECT 1 FROM matches WHERE id = OLD.match_id)"
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"CREATE TRIGGER {TRIGGERS[0]} AFTER INSERT ON results BEGIN {inserted} END")
        op.execute(f"CREATE TRIGGER {TRIGGERS[1]} AFTER UPDATE ON results BEGIN {updated} END")
        op.execute(
            f"CREATE TRIGGER {TRIGGERS[2]} AFTER DELETE ON results"
            f" WHEN {match_stays} BEGIN {deleted} END"
        )
        return
    # The function both PostgreSQL triggers of 0003/0004 call.
    op.execute(
        "CREATE OR REPLACE FUNCTION results_audit() RETURNS trigger LANGUAGE plpgsql AS $$"
        f" BEGIN IF TG_OP = 'INSERT' THEN {inserted}"
        f" ELSIF TG_OP = 'UPDATE' THEN {updated}"
        f" ELSIF {match_stays} THEN {deleted}"
        " END IF; RETURN NULL; END $$"
    )


def _triggers_off() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for name in TRIGGERS:
            op.execute(f"DROP TRIGGER {name}")
    else:
        op.execute("ALTER TABLE results DISABLE TRIGGER USER")


def _triggers_on(forfeit: bool) -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.execute("ALTER TABLE results ENABLE TRIGGER USER")
    _create_triggers(forfeit)


def _scores() -> list[tuple[str, str]]:
    """(table, column prefix) of every stored score."""
    return [("results", ""), ("result_audit", "old_"), ("result_audit", "new_")]


def upgrade() -> None:
    _triggers_off()
    for table, prefix in _scores():
        op.add_column(table, sa.Column(f"{prefix}forfeit", sa.String(4), nullable=True))
        for side in ("home", "away"):
            op.execute(
                f"UPDATE {table} SET {prefix}forfeit = '{side}',"
                f" {prefix}home_penalties = NULL, {prefix}away_penalties = NULL"
                f" WHERE {prefix}{side}_penalties = -1"
            )
    _triggers_on(forfeit=True)


def downgrade() -> None:
    _triggers_off()
    for table, prefix in _scores():
        for side, marks in (("home", "-1, 0"), ("away", "0, -1")):
            op.execute(
                f"UPDATE {table} SET ({prefix}home_penalties, {prefix}away_penalties)"
                f" = ({marks}) WHERE {prefix}forfeit = '{side}'"
            )
    # Plain ALTER TABLE (SQLite 3.35+ drops a column in place), with the triggers that
    # name these columns gone: a batch copy of `results` would lose its triggers too.
    for table, prefix in reversed(_scores()):
        op.drop_column(table, f"{prefix}forfeit")
    _triggers_on(forfeit=False)
