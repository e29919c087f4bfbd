"""/ayarlar esitlik: the tournament's tie-break order, cell by cell from docs/permissions.md,
and refused for everyone once the first group result stands."""

from __future__ import annotations

import pytest
from eight_team_day import running
from permission_table import cells
from test_permissions import db, template, verdict, who  # noqa: F401 - the same stored day

from bot.texts import tiebreak
from bot.usecases import organisers, results
from bot.usecases.runner import run
from domain.tiebreak import Criterion, TieBreakError, custom, preset

SEED_ORDER = "averaj, atılan gol, aralarındaki maç"


async def change_tiebreak(database, person, words):
    return await run(database, organisers.change_tiebreak, organisers.TieBreakRule(words), person)


@pytest.mark.parametrize(
    ("role", "expected"), cells("change the tie-break rule, before the first result")
)
async def test_changing_the_tie_break_rule(db, role, expected):  # noqa: F811
    assert await verdict(change_tiebreak(db, who(role), SEED_ORDER)) == expected
    rule = (await running(db)).rules.tiebreak
    changed = rule.criteria == (
        Criterion.POINTS,
        Criterion.GOAL_DIFFERENCE,
        Criterion.GOALS_FOR,
        Criterion.H2H_POINTS,
    )
    assert changed == (expected == "allowed")


async def test_a_preset_by_name_is_the_seeds_order_too(db):  # noqa: F811
    done = await change_tiebreak(db, who("creator"), "halisaha")
    assert done.value == preset("halisaha")
    snap = await running(db)
    assert snap.rules.tiebreak.criteria == custom(SEED_ORDER.split(",")).criteria
    assert "Halı saha" in tiebreak.changed(done.value)


async def test_after_the_first_result_the_rule_no_longer_changes(db):  # noqa: F811
    await run(db, results.record, results.Record("A1 3-1 A4"), who("creator"))
    with pytest.raises(organisers.RuleLocked) as refused:
        await change_tiebreak(db, who("creator"), SEED_ORDER)
    line = tiebreak.refusal(refused.value, SEED_ORDER)
    assert "ilk maçtan önce" in line and "TFF" in line
    assert (await running(db)).tournament.settings.tie_break == "tff"


async def test_a_word_that_is_no_rule_says_what_to_type(db):  # noqa: F811
    with pytest.raises(TieBreakError) as refused:
        await change_tiebreak(db, who("creator"), "rastgele")
    line = tiebreak.refusal(refused.value, "rastgele")
    assert "/ayarlar esitlik averaj, atılan gol" in line and "halisaha" in line
