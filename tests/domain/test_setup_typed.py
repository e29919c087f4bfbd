"""Set-up answers a new organiser types on a phone that were read as something else: a
kick-off typed at the pitch question, an evening's hours without "20:", a list ending in
"ve", a match's length in the one-message form."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from domain.setuperrors import BadCount
from domain.setupform import parse_form
from domain.setupwords import read_count, says_cancel
from domain.teamlists import parse_teams
from domain.timewords import rhythm_text
from domain.weekly import parse_rhythm

NOW = datetime(2026, 12, 5, 12, 0, tzinfo=ZoneInfo("Europe/Istanbul"))


@pytest.mark.parametrize(
    "typed", ["yarın saat 10'da", "cumartesi 10", "12 aralık", "25 dk", "akşam 8", "saat 2"]
)
def test_a_day_or_a_clock_is_no_pitch_count(typed):
    with pytest.raises(BadCount):
        read_count(typed, "pitches", 1, 16)


@pytest.mark.parametrize(("typed", "count"), [("2", 2), ("iki saha", 2), ("3 sahamız var", 3)])
def test_a_pitch_count_is_still_read(typed, count):
    assert read_count(typed, "pitches", 1, 16) == count


@pytest.mark.parametrize(
    ("typed", "hours"),
    [
        ("her cumartesi akşam 8-10", ("20:00", "22:00")),
        ("cumartesi akşamları 8-12", ("20:00", "23:59")),
        ("her salı gece 9-11", ("21:00", "23:00")),
        ("her pazar öğleden sonra 2-5", ("14:00", "17:00")),
        ("her cumartesi akşam 20-22", ("20:00", "22:00")),
        ("her cumartesi 8-10", ("08:00", "10:00")),
    ],
)
def test_an_evenings_hours_are_past_noon(typed, hours):
    for said in (typed, rhythm_text(typed)):  # the form's part, the guided step's answer
        rhythm = parse_rhythm(said)
        assert (f"{rhythm.opens:%H:%M}", f"{rhythm.closes:%H:%M}") == hours


@pytest.mark.parametrize(
    ("slot", "minutes"),
    [("25 dk", (25, 6)), ("2x20", (40, 6)), ("25 dakika", (25, 6)), ("20 dk + 5 dk ara", (20, 5))],
)
def test_the_forms_match_length_without_a_plus(slot, minutes):
    """The guided step took "25 dk" and "2x20"; the one-message form said "anlaşılamadı"."""
    form = parse_form(f"/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | {slot}", NOW)
    assert (form.match_minutes, form.changeover) == minutes


@pytest.mark.parametrize(
    ("typed", "cancel"),
    [
        ("iptal", True),
        ("Vazgeçtim abi", True),
        ("kurulumu iptal edelim", True),
        ("boşver", True),
        ("İptalspor, Kartallar", False),
        ("iptal maçı var mı", False),
        ("Bahar Kupası", False),
    ],
)
def test_a_cancel_in_words(typed, cancel):
    assert says_cancel(typed) is cancel


def test_a_list_ending_in_ve_names_both_teams():
    assert parse_teams("Kartallar, Şahinler, Kurtlar ve Ayılar") == (
        "Kartallar",
        "Şahinler",
        "Kurtlar",
        "Ayılar",
    )
    assert parse_teams("Gençlik ve Spor\nKartallar") == ("Gençlik ve Spor", "Kartallar")
