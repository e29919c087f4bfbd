"""docs/permissions.md as data: the cell tests read the expected value from the table."""

from __future__ import annotations

from pathlib import Path

ROLES = ("creator", "organiser", "admin", "captain", "other captain", "member", "private")
SYMBOLS = {"✓": "allowed", "✗": "refused", "⏳": "waits", "—": None}
DOC = Path(__file__).resolve().parents[2] / "docs" / "permissions.md"


def table() -> dict[str, dict[str, str | None]]:
    """{action: {role: "allowed" | "refused" | "waits" | None}} from the doc's table."""
    rows: dict[str, dict[str, str | None]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 + len(ROLES) or cells[0] in ("action", "") or cells[0].startswith("-"):
            continue
        rows[cells[0]] = {role: SYMBOLS[c] for role, c in zip(ROLES, cells[2:], strict=True)}
    return rows


def cells(action: str) -> list[tuple[str, str]]:
    """(role, expected) for every role the action applies to: pytest parameters."""
    row = table()[action]
    return [(role, expected) for role, expected in row.items() if expected is not None]
