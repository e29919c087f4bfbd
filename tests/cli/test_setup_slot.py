"""The chat's "24+6" is the seed's slot: 24 minutes of play, 2 of half-time, 4 to change
over. The README's sample conversation, planned as the bot plans it."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.usecases import drafts
from domain import setupform
from domain.report import checklist

IST = ZoneInfo("Europe/Istanbul")
SAMPLE = (
    "/yeni_turnuva Bahar Kupası | 8 takım | 2 grup | 2 saha | 6 Aralık 10:00 | 24+6 | üçüncülük\n"
    "Kartallar, Şahinler, Aslanlar, Kaplanlar, Kurtlar, Ayılar, Boğalar, Tilkiler"
)


@pytest.mark.parametrize(
    ("typed", "planned"),
    [((24, 6), (26, 2, 4)), ((26, 4), (26, 0, 4)), ((20, 10), (22, 2, 8)), ((10, 2), (10, 0, 2))],
)
def test_a_slot_as_typed_becomes_match_half_time_and_changeover(typed, planned):
    assert setupform.slot_times(*typed) == planned
    assert planned[0] + planned[2] == sum(typed)  # the slot is what was typed


def test_the_readmes_sample_day_ends_at_eleven_past_three_with_72_and_120_minutes_of_play():
    form = setupform.parse_form(SAMPLE, datetime(2026, 12, 1, 9, 0, tzinfo=IST))
    assert (form.match_minutes, form.changeover) == (24, 6)
    spec = drafts.Spec(
        name=form.name,
        teams=form.teams,
        kickoff=form.kickoff,
        format=form.format.value,
        groups=form.groups or 1,
        pitches=("Saha 1", "Saha 2"),
        match_minutes=form.match_minutes,
        changeover=form.changeover,
        third_place=form.third_place,
    )
    _, plan = drafts.build(spec)
    assert len(plan.matches) == 16
    assert plan.day_end.strftime("%H:%M") == "15:11"
    assert (plan.rules.match_minutes, plan.rules.play_minutes, plan.rules.slot) == (26, 24, 30)
    check = checklist(plan)
    assert (check.fewest_play_minutes, check.most_play_minutes) == (72, 120)
