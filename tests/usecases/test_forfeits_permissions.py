"""docs/permissions.md's rows for forfeits, withdrawals and their settings, cell by cell,
on the permission tests' stored day (A1's captain, A4's captain, a member, ...)."""

from __future__ import annotations

import pytest
from eight_team_day import running
from permission_table import cells
from test_forfeits import (
    record_forfeit,
    set_deduction,
    set_withdrawal_rule,
    undo_last,
    withdraw_team,
)
from test_permissions import db, template, verdict, who  # noqa: F401 - fixtures


async def _stored(database):
    snap = await running(database)
    return [m.result for m in snap.matches if m.result is not None], snap


@pytest.mark.parametrize(("role", "expected"), cells("record a forfeit"))
async def test_recording_a_forfeit(db, role, expected):  # noqa: F811
    assert await verdict(record_forfeit(db, who(role), "A4")) == expected
    stored, _ = await _stored(db)
    assert bool(stored) == (expected == "allowed")
    assert all(r.forfeit for r in stored)


@pytest.mark.parametrize(("role", "expected"), cells("withdraw a team"))
async def test_withdrawing_a_team(db, role, expected):  # noqa: F811
    assert await verdict(withdraw_team(db, who(role), "A4")) == expected
    stored, snap = await _stored(db)
    assert len(stored) == (3 if expected == "allowed" else 0)
    withdrawn = snap.tournament.settings.withdrawal("A4") is not None
    assert withdrawn == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("change a setting"))
async def test_changing_the_forfeit_settings(db, role, expected):  # noqa: F811
    assert await verdict(set_deduction(db, who(role), True)) == expected
    assert await verdict(set_withdrawal_rule(db, who(role), "iptal")) == expected
    settings = (await running(db)).tournament.settings
    assert (settings.forfeit_deduction is True) == (expected == "allowed")
    assert (settings.withdrawal_rule == "annul") == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("undo the last result"))
async def test_undoing_a_withdrawal(db, role, expected):  # noqa: F811
    await withdraw_team(db, who("creator"), "A4")
    if role in ("organiser", "admin"):  # their own withdrawal is what /geri_al takes back
        await withdraw_team(db, who(role), "A3")
    got = await verdict(undo_last(db, who(role)))
    assert got == expected
    settings = (await running(db)).tournament.settings
    back = "A3" if role in ("organiser", "admin") else "A4"
    assert (settings.withdrawal(back) is None) == (expected == "allowed")
