"""Stored replies as typed JSON, not pickles (issue 30).

`stored_replies.outcome` held a use case's outcome pickled (0014): it broke silently when
a class was renamed, and would run code if anyone else ever wrote the table. It becomes
JSON written and read back by a schema (bot/usecases/kept.py). The rows already stored
(replies not sent yet, at most an hour's worth) are converted: each pickle is read by an
unpickler that knows only the bot's own classes and the standard library's plain values
(no function and no other callable can be named, so no code it brings runs), then written
as JSON; one that cannot be read, or holds a value JSON cannot keep, is dropped, and the
count is logged. A dropped row costs one reply: not sent again if its update is
handled again after a crash.

Downgrade converts back the same way (JSON read by its schema, pickled again); a row that
cannot be read is dropped, and counted.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-08
"""

import io
import json
import logging
import pickle
import zlib
from collections.abc import Callable, Sequence
from typing import Any
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

log = logging.getLogger("alembic.runtime.migration")
OURS = ("domain.", "bot.", "storage.")
PLAIN = {
    ("builtins", name)
    for name in ("tuple", "list", "dict", "set", "frozenset", "int", "float", "str", "bool")
} | {
    ("datetime", "datetime"),
    ("datetime", "date"),
    ("datetime", "time"),
    ("datetime", "timedelta"),
    ("datetime", "timezone"),
    ("zoneinfo", "ZoneInfo"),
    ("zoneinfo", "ZoneInfo._unpickle"),
    ("collections", "OrderedDict"),
}


def _zone_getattr(owner: object, name: str) -> Any:
    """The one getattr a stored pickle needs (a ZoneInfo pickles as
    getattr(ZoneInfo, "_unpickle")); builtins.getattr itself would reach anything."""
    if owner is not ZoneInfo or name != "_unpickle":
        raise pickle.UnpicklingError(f"getattr({owner!r:.40}, {name!r:.40}) refused")
    return ZoneInfo._unpickle  # type: ignore[attr-defined]


class _OnlyOurs(pickle.Unpickler):
    """Finds the bot's own classes and plain values; anything else is refused unread."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("builtins", "getattr"):
            return _zone_getattr
        if (module, name) in PLAIN:
            return super().find_class(module, name)
        if module.startswith(OURS) and name.isidentifier() and not name.startswith("_"):
            found = super().find_class(module, name)
            if isinstance(found, type):  # a class of ours: no function, no method
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not one of the bot's own classes")


def unpickled(blob: bytes) -> Any:
    return _OnlyOurs(io.BytesIO(zlib.decompress(blob))).load()


def _convert(
    outcome_type: sa.types.TypeEngine[Any], change: Callable[[Any], Any], into: str
) -> None:
    """Every stored reply through `change` into a table whose outcome is `outcome_type`;
    rows `change` fails on are dropped and counted."""
    bind = op.get_bind()
    rows = bind.execute(
        sa.text("SELECT update_id, verb, outcome, stored_at FROM stored_replies")
    ).all()
    kept, dropped = [], 0
    for update_id, verb, outcome, stored_at in rows:
        try:
            value = change(outcome)
        except Exception as exc:  # unreadable, or a value the other form cannot keep
            log.warning("stored reply of update %s dropped: %s", update_id, exc)
            dropped += 1
            continue
        kept.append({"update_id": update_id, "verb": verb, "outcome": value, "at": stored_at})
    op.drop_index(op.f("ix_stored_replies_stored_at"), table_name="stored_replies")
    op.drop_table("stored_replies")
    op.create_table(
        "stored_replies",
        sa.Column("update_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("verb", sa.String(length=200), nullable=False),
        sa.Column("outcome", outcome_type, nullable=False),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("update_id", name=op.f("pk_stored_replies")),
    )
    op.create_index(
        op.f("ix_stored_replies_stored_at"), "stored_replies", ["stored_at"], unique=False
    )
    if kept:
        table = sa.table(
            "stored_replies",
            sa.column("update_id", sa.BigInteger()),
            sa.column("verb", sa.String()),
            sa.column("outcome", outcome_type),
            sa.column("stored_at"),
        )
        insert = table.insert().values(
            update_id=sa.bindparam("update_id"),
            verb=sa.bindparam("verb"),
            outcome=sa.bindparam("outcome", type_=outcome_type),
            stored_at=sa.bindparam("at"),
        )
        bind.execute(insert, kept)
    if rows:
        log.warning(
            "stored replies: %d converted to %s, %d unreadable dropped", len(kept), into, dropped
        )


def upgrade() -> None:
    from bot.usecases import kept  # the schema the rows are written by from now on

    _convert(sa.JSON(), lambda blob: kept.dump(unpickled(blob)), "JSON")


def downgrade() -> None:
    from bot.usecases import kept

    def pickled(data: Any) -> bytes:
        if isinstance(data, str):  # a JSON column read by plain SQL: its text
            data = json.loads(data)
        return zlib.compress(pickle.dumps(kept.load(data), pickle.HIGHEST_PROTOCOL), 1)

    _convert(sa.LargeBinary(), pickled, "pickles")
