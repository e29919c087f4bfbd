"""The permission table lives once, in bot.usecases.roles; docs/permissions.md shows it."""

from __future__ import annotations

import permission_table

from bot.usecases import roles


def test_the_doc_shows_the_code_table_cell_by_cell():
    doc = permission_table.table()
    code = {
        action: {role.value: rule.cell(role) for role in roles.ROLES}
        for action, rule in roles.TABLE.items()
    }
    assert doc == code


def test_the_doc_holds_the_generated_table_verbatim():
    page = permission_table.DOC.read_text(encoding="utf-8")
    assert roles.doc_table() in page
