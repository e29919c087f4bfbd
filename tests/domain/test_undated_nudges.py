"""The week's nudge about a match left without a date: one row per match, to the organiser
when reachable (else the group), keyed on the plan's first match, due a week later."""

from __future__ import annotations

from datetime import timedelta

from test_reminders import PLAN, at, audience

from domain.reminders import UNDATED, undated_nudges, wanted


def test_one_nudge_per_undated_match_a_week_later_keyed_on_the_first_match():
    since = at(8)
    rows = undated_nudges(PLAN, [(9, since), (9, since), (12, since)], audience())
    first = min(m.no for m in PLAN)
    assert sorted((w.match_no, w.kind) for w in rows) == [
        (first, f"{UNDATED}:12"),
        (first, f"{UNDATED}:9"),
    ]
    assert {w.recipient for w in rows} == {audience().organiser_or_group}
    assert {w.due for w in rows} == {since + timedelta(days=7)}


def test_the_plan_wants_them_with_its_other_rows_and_none_without_a_plan():
    rows = wanted(PLAN, set(), audience(), at(8), [(9, at(8))])
    assert [w for w in rows if w.kind.startswith(UNDATED)]
    assert undated_nudges([], [(9, at(8))], audience()) == []
