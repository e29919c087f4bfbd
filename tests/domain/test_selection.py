"""/fikstur's word: a day, a group, a pitch or a team, else what may be typed instead."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.render import sample
from bot.texts import fixture
from domain.selection import Kind, UnknownSelection, by_kickoff, groups_named, select

IST = ZoneInfo("Europe/Istanbul")
NOW = datetime(2026, 12, 5, 20, 0, tzinfo=IST)  # Saturday evening: the day is tomorrow


def rows(snap):
    return [(m.match, m.result) for m in snap.matches]


@pytest.fixture(scope="module")
def day():
    return sample.snapshot()


def choose(snap, wanted, now=NOW):
    return select(
        rows(snap),
        wanted,
        teams=snap.teams,
        groups=[g.label for g in snap.groups],
        zone=IST,
        now=now,
    )


def test_nothing_typed_is_every_match(day):
    assert len(choose(day, "").rows) == 16


@pytest.mark.parametrize("word", ["A", "a", "a grubu", "A Grubu", "grup A", "grup a"])
def test_every_way_of_naming_group_a_gives_its_six_matches(day, word):
    chosen = choose(day, word)
    assert chosen.kind is Kind.GROUP and chosen.title == "A Grubu"
    assert len(chosen.rows) == 6 and {m.group for m, _ in chosen.rows} == {"A"}


@pytest.mark.parametrize(
    "word", ["yarın", "yarin", "pazar", "Pazar", "6 Aralık", "06.12", "2026-12-06"]
)
def test_the_match_day_by_any_name_gives_all_its_matches(day, word):
    chosen = choose(day, word)
    assert chosen.kind is Kind.DAY and len(chosen.rows) == 16


def test_bugun_the_day_before_is_a_day_without_matches(day):
    chosen = choose(day, "bugün")
    assert chosen.kind is Kind.DAY and chosen.rows == ()


def test_saha_2_gives_that_pitchs_matches(day):
    chosen = choose(day, "saha 2")
    assert chosen.kind is Kind.PITCH and chosen.title == "Saha 2"
    assert chosen.rows and {m.pitch for m, _ in chosen.rows} == {"Saha 2"}


def test_a_team_by_name_or_typo_gives_its_matches(day):
    assert len(choose(day, "Kartallar").rows) == 3  # knockout sides still unknown
    assert choose(day, "kartalar").title == "Kartallar"


def test_a_word_that_is_nothing_known_lists_what_may_be_typed(day):
    with pytest.raises(UnknownSelection) as caught:
        choose(day, "cumartes1 xq")
    text = fixture.unknown(caught.value)
    assert "/fikstur yarın" in text and "/fikstur A" in text and "/fikstur saha 2" in text
    assert "3-1" not in text  # never a result example


def test_cumartesi_is_a_day_not_a_team(day):
    chosen = choose(day, "cumartesi")
    assert chosen.kind is Kind.DAY and chosen.title == "cumartesi"


def test_rows_come_in_kick_off_order_after_a_move(day):
    moved = [
        (replace(m, start=m.start.replace(hour=7), end=m.start.replace(hour=7, minute=26)), r)
        if m.no == 10
        else (m, r)
        for m, r in rows(day)
    ]
    ordered = by_kickoff(moved)
    assert ordered[0][0].no == 10 and ordered[0][0].start.hour == 7
    starts = [m.start for m, _ in ordered]
    assert starts == sorted(starts)
    assert choose(replace(day), "")  # the snapshot itself is untouched
    chosen = select(moved, "", teams=day.teams, groups=[], zone=IST, now=NOW)
    assert chosen.rows[0][0].no == 10


def test_a_team_named_like_a_day_is_the_team():
    snap = sample.snapshot(("Pazar", "Kartallar", "Şahinler", "Aslanlar"), group_size=4)
    chosen = choose(snap, "pazar", now=NOW - timedelta(days=1))
    assert chosen.kind is Kind.TEAM and chosen.title == "Pazar"


@pytest.mark.parametrize("typed", ["durumu", "Durumu", "tablosu", "tümü", "durumu a grubu"])
def test_the_table_said_in_words_is_the_whole_table_or_the_group_named(typed):
    """ "/puan durumu" was told '"durumu" bir grup adı değil'."""
    expected = ("A",) if "grubu" in typed else ("A", "B")
    assert groups_named(typed, ("A", "B")) == expected
