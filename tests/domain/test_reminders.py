"""Which reminders a plan wants (issue 5, docs/reminders.md "Derivation rules")."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings, strategies
from planshapes import START, Shape, plan_of

from domain.model import PlannedMatch, Stage
from domain.reminders import (
    CAPTAIN,
    GROUP,
    NUDGE,
    UNREACHABLE,
    Audience,
    Wanted,
    kind_lead,
    unreachable,
    wanted,
)

IST = ZoneInfo("Europe/Istanbul")
CHAT = -1001
ORGANISER = 7
CAPTAINS = {"Kartallar": (11,), "Şahinler": (12, 13), "Aslanlar": (14,), "Kaplanlar": (15,)}


def at(h: int, m: int = 0) -> datetime:
    return datetime(2026, 12, 6, h, m, tzinfo=IST)


def match(no: int, start: datetime, home: str | None, away: str | None, **kw) -> PlannedMatch:
    fields = {"stage": Stage.GROUP, "group": "A", "round": 1, "pitch": "Saha 1"} | kw
    return PlannedMatch(
        no=no, start=start, end=start + timedelta(minutes=26), home=home, away=away, **fields
    )


PLAN = (
    match(1, at(10), "Kartallar", "Şahinler"),
    match(2, at(10), "Aslanlar", "Kaplanlar", pitch="Saha 2"),
    match(3, at(10, 30), "Kartallar", "Aslanlar"),
    match(
        4, at(12), None, None, stage=Stage.FINAL, group=None, round=None, home_from="1A",
        away_from="2A", key="F",
    ),
)  # fmt: skip


def audience(reachable=frozenset({ORGANISER, 11, 12, 13, 14, 15}), **kw) -> Audience:
    return Audience(CHAT, ORGANISER, CAPTAINS, reachable, **kw)


def keys(items: list[Wanted]) -> set[tuple[int, int, str]]:
    return {(w.match_no, w.recipient, w.kind) for w in items}


def test_a_morning_plan_wants_group_captain_and_nudge_reminders():
    got = wanted(PLAN, set(), audience(), at(8))
    assert got == sorted(got)
    assert [w for w in got if w.kind.startswith(GROUP)] == [
        Wanted(1, CHAT, "grup:30", at(9, 30)),  # one for the 10:00 slot, on its lowest match
        Wanted(3, CHAT, "grup:30", at(10)),
        Wanted(4, CHAT, "grup:30", at(11, 30)),
    ]
    captains = {(w.match_no, w.recipient): w.due for w in got if w.kind == "kaptan:60"}
    assert captains == {
        (1, 11): at(9), (1, 12): at(9), (1, 13): at(9),
        (2, 14): at(9), (2, 15): at(9),
        (3, 11): at(9, 30), (3, 14): at(9, 30),
    }  # fmt: skip
    nudges = [(w.match_no, w.recipient, w.due) for w in got if w.kind == NUDGE]
    assert nudges == [
        (1, ORGANISER, at(10, 36)),
        (2, ORGANISER, at(10, 36)),
        (3, ORGANISER, at(11, 6)),
        (4, ORGANISER, at(12, 36)),
    ]
    assert not [w for w in got if w.kind == UNREACHABLE]


def test_the_final_gets_captain_reminders_once_its_sides_are_known():
    half = (*PLAN[:3], replace(PLAN[3], home="Kartallar"))
    got = [w for w in wanted(half, set(), audience(), at(8)) if w.match_no == 4]
    assert not [w for w in got if w.kind.startswith(CAPTAIN)]
    both = (*PLAN[:3], replace(PLAN[3], home="Kartallar", away="Aslanlar"))
    got = [w for w in wanted(both, set(), audience(), at(8)) if w.match_no == 4]
    assert {(w.recipient, w.kind) for w in got if w.kind.startswith(CAPTAIN)} == {
        (11, "kaptan:60"),
        (14, "kaptan:60"),
    }


def test_played_and_started_matches_want_no_reminders_but_unplayed_ones_keep_the_nudge():
    got = wanted(PLAN, {1}, audience(), at(10, 5))
    assert {w.match_no for w in got if w.kind != NUDGE} == {3, 4}
    assert {w.match_no for w in got if w.kind == NUDGE} == {2, 3, 4}


def test_only_the_smallest_lead_already_past_is_kept():
    leads = audience(group_leads=(120, 60, 30, 10), captain_leads=(90, 45, 15))
    got = wanted(PLAN[3:], set(), leads, at(11, 10))  # the 12:00 final, 50 minutes before
    assert sorted(w.kind for w in got if w.kind.startswith(GROUP)) == [
        "grup:10",
        "grup:30",
        "grup:60",
    ]
    late = [w for w in got if w.due < at(11, 10)]
    assert [(w.kind, w.due) for w in late] == [("grup:60", at(11))]


def test_no_reminder_for_leads_that_are_not_positive():
    got = wanted(PLAN[:1], set(), audience(group_leads=(0, -5), captain_leads=()), at(8))
    assert {w.kind for w in got} == {NUDGE}


def test_captains_who_never_started_the_bot_are_listed_once_to_the_organiser():
    reach = frozenset({ORGANISER, 11, 12})
    got = wanted(PLAN, set(), audience(reach), at(8))
    assert {w.recipient for w in got if w.kind.startswith(CAPTAIN)} == {11, 12}
    listed = [w for w in got if w.kind == UNREACHABLE]
    assert listed == [Wanted(1, ORGANISER, UNREACHABLE, at(9))]  # with the first reminder
    assert unreachable(PLAN, set(), audience(reach)) == [
        ("Aslanlar", 14),
        ("Kaplanlar", 15),
        ("Şahinler", 13),
    ]


def test_an_organiser_without_a_private_chat_is_told_in_the_group():
    got = wanted(PLAN[:1], set(), audience(frozenset({11})), at(8))
    assert {(w.recipient, w.kind) for w in got if w.kind in (NUDGE, UNREACHABLE)} == {
        (CHAT, NUDGE),
        (CHAT, UNREACHABLE),
    }


def test_no_unreachable_list_when_captain_reminders_are_off():
    got = wanted(PLAN, set(), audience(frozenset(), captain_leads=()), at(8))
    assert not [w for w in got if w.kind == UNREACHABLE]


def test_unreachable_ignores_teams_whose_matches_are_over():
    reach = frozenset({11, 12, 13})
    assert unreachable(PLAN, {2, 3}, audience(reach)) == []
    assert unreachable(PLAN, set(), audience(reach), now=at(10, 10)) == [("Aslanlar", 14)]


def test_kind_lead_reads_the_minutes():
    assert kind_lead("grup:30") == 30
    assert kind_lead("kaptan:60") == 60
    assert kind_lead(NUDGE) is None
    assert kind_lead(UNREACHABLE) is None
    assert kind_lead("grup:") is None


def test_due_times_are_real_minutes_across_a_dst_change():
    berlin = ZoneInfo("Europe/Berlin")
    kickoff = datetime(2026, 10, 25, 3, 10, tzinfo=berlin)  # 20 real minutes after 02:50 CEST
    plan = (match(1, kickoff, "Kartallar", "Şahinler"),)
    got = wanted(
        plan, set(), audience(group_leads=(30,), captain_leads=()), kickoff - timedelta(days=1)
    )
    (group,) = [w for w in got if w.kind == "grup:30"]
    assert kickoff.astimezone(UTC) - group.due.astimezone(UTC) == timedelta(minutes=30)


# --- properties -----------------------------------------------------------------------

SHAPES = (
    Shape(teams=8, groups=2, pitches=2, knockout="semi", third_place=True),
    Shape(teams=5, groups=1, pitches=1),
    Shape(teams=12, groups=3, pitches=3, knockout="quarter"),
    Shape(teams=8, groups=0, pitches=2),
)
TEAM_IDS = {name: 100 + i for i, name in enumerate(Shape(40, 1, 1).team_names())}
leads = strategies.lists(strategies.integers(-5, 180), max_size=4).map(tuple)


@strategies.composite
def situations(
    draw: strategies.DrawFn,
) -> tuple[tuple[PlannedMatch, ...], set[int], Audience, datetime]:
    plan = plan_of(draw(strategies.sampled_from(SHAPES))).matches
    played = draw(strategies.sets(strategies.sampled_from([m.no for m in plan])))
    captains = {team: (cid, cid + 1000) for team, cid in TEAM_IDS.items()}
    everyone = [ORGANISER, *(c for cs in captains.values() for c in cs)]
    who = Audience(
        chat_id=CHAT,
        organiser=ORGANISER,
        captains=captains,
        reachable=frozenset(draw(strategies.sets(strategies.sampled_from(everyone)))),
        group_leads=draw(leads),
        captain_leads=draw(leads),
        nudge_after=draw(strategies.integers(0, 30)),
    )
    now = START + timedelta(minutes=draw(strategies.integers(-240, 600)))
    return plan, played, who, now


def family(kind: str) -> str:
    return kind.split(":")[0]


@settings(max_examples=200, deadline=None)
@given(situations())
def test_wanted_follows_the_rules(situation):
    plan, played, who, now = situation
    got = wanted(plan, played, who, now)
    by_no = {m.no: m for m in plan}
    assert got == sorted(got)
    assert len(keys(got)) == len(got)
    assert all(w.due.tzinfo is not None for w in got)
    late: Counter[tuple[int, int, str]] = Counter()
    for w in got:
        m = by_no[w.match_no]
        if w.kind == UNREACHABLE:
            assert w.match_no == min(by_no)
            assert unreachable(plan, played, who, now=now)
            continue
        assert m.no not in played
        if w.kind == NUDGE:
            assert w.recipient == (ORGANISER if ORGANISER in who.reachable else CHAT)
            assert w.due == m.end + timedelta(minutes=who.nudge_after)
            continue
        lead = kind_lead(w.kind)
        assert lead is not None and lead > 0
        assert m.start > now
        assert w.due == m.start - timedelta(minutes=lead)
        if w.due < now:
            late[(w.match_no, w.recipient, family(w.kind))] += 1
        if family(w.kind) == GROUP:
            assert w.recipient == CHAT
            assert lead in who.group_leads
            assert m.no == min(x.no for x in plan if x.start == m.start and x.no not in played)
        else:
            assert family(w.kind) == CAPTAIN
            assert lead in who.captain_leads
            assert w.recipient in who.reachable
            assert m.home is not None and m.away is not None
            assert w.recipient in who.captains[m.home] + who.captains[m.away]
    assert all(n == 1 for n in late.values())
    assert {w.match_no for w in got if w.kind == NUDGE} == {m.no for m in plan} - played


@settings(max_examples=200, deadline=None)
@given(situations(), strategies.integers(1, 400))
def test_time_passing_never_adds_a_reminder(situation, minutes):
    """A re-sync later (after a result, say) cannot create a pile of late reminders."""
    plan, played, who, now = situation
    before = keys([w for w in wanted(plan, played, who, now) if w.kind != UNREACHABLE])
    later = wanted(plan, played, who, now + timedelta(minutes=minutes))
    assert keys([w for w in later if w.kind != UNREACHABLE]) <= before


@settings(max_examples=100, deadline=None)
@given(situations(), strategies.randoms(use_true_random=False))
def test_the_order_of_the_plan_does_not_matter(situation, rnd):
    plan, played, who, now = situation
    shuffled = list(plan)
    rnd.shuffle(shuffled)
    assert wanted(shuffled, played, who, now) == wanted(plan, played, who, now)
