"""`turnuva plan --every`: a season league over match weeks, as an organiser runs it."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, datetime, timedelta
from itertools import pairwise

import pytest

EIGHT = "Kartallar,Şahinler,Aslanlar,Kaplanlar,Kurtlar,Ayılar,Boğalar,Tilkiler"
SUNDAY = [
    "plan",
    "--format",
    "league",
    "--teams",
    EIGHT,
    "--start",
    "2027-01-10 14:00",
    "--every",
    "14",
    "--until",
    "17:00",
    "--match",
    "30",
    "--half-time",
    "0",
    "--changeover",
    "5",
]
KEYS = {"no", "week", "round", "start", "end", "pitch", "home", "away"}


def by_week(matches: list[dict]) -> dict[int, list[dict]]:
    weeks: dict[int, list[dict]] = defaultdict(list)
    for m in matches:
        weeks[m["week"]].append(m)
    return dict(weeks)


def test_eight_teams_every_other_sunday_play_seven_weeks_of_four_from_two_to_half_past_four(
    turnuva,
):
    doc = turnuva(*SUNDAY, "--spare", "30", "--json").json()
    matches = doc["matches"]
    assert len(matches) == 28
    for m in matches:
        assert set(KEYS) <= set(m), m
        assert m["start"].endswith("+03:00") and m["end"].endswith("+03:00")  # ISO with the zone
    weeks = by_week(matches)
    assert sorted(weeks) == list(range(1, 8))
    days = sorted({datetime.fromisoformat(m["start"]).date() for m in matches})
    assert days == [date(2027, 1, 10) + timedelta(days=14 * i) for i in range(7)]
    assert {d.weekday() for d in days} == {6}
    for week, ms in weeks.items():
        starts = sorted(datetime.fromisoformat(m["start"]) for m in ms)
        ends = [datetime.fromisoformat(m["end"]) for m in ms]
        assert len(ms) == 4
        assert starts[0].strftime("%H:%M") == "14:00"
        assert max(ends).strftime("%H:%M") <= "16:30"  # the 30 spare minutes stay free
        teams = [t for m in ms for t in (m["home"], m["away"])]
        assert len(set(teams)) == 8, week
        assert {m["round"] for m in ms} == {week}
    assert Counter(t for m in matches for t in (m["home"], m["away"])) == dict.fromkeys(
        EIGHT.split(","), 7
    )


def test_the_season_in_turkish_shows_weeks_spare_time_and_about_three_months(turnuva):
    text = turnuva(*SUNDAY, "--spare", "30").text()
    assert "7 maç haftası, iki haftada bir 14:00-17:00" in text
    assert "1. hafta · 10 Ocak 2027 Pazar" in text
    assert "7. hafta · 4 Nisan 2027 Pazar" in text
    assert "Boş süre: 45 dk (16:15-17:00)" in text
    assert "≈ 3 ay" in text
    assert "✓ Her takım bir maç haftasında en fazla bir maç" in text


def test_skipped_sundays_are_left_out_and_the_season_runs_on(turnuva):
    doc = turnuva(*SUNDAY, "--skip", "2027-02-07,2027-03-21", "--json").json()
    days = sorted({m["start"][:10] for m in doc["matches"]})
    assert "2027-02-07" not in days and "2027-03-21" not in days
    assert len(days) == 7 and days[-1] == "2027-05-02"


def test_weekly_is_every_seven_days(turnuva):
    argv = [a if a != "14" else "7" for a in SUNDAY]
    days = sorted({m["start"][:10] for m in turnuva(*argv, "--json").json()["matches"]})
    assert days == [(date(2027, 1, 10) + timedelta(days=7 * i)).isoformat() for i in range(7)]


def test_two_rounds_per_match_day_still_count_match_days_as_weeks(turnuva):
    argv = [*SUNDAY, "--pitches", "2", "--rounds-per-day", "2", "--json"]
    matches = turnuva(*argv).json()["matches"]
    assert sorted({m["week"] for m in matches}) == [1, 2, 3, 4]
    assert sorted({m["round"] for m in matches if m["week"] == 1}) == [1, 2]


def test_a_double_season_is_balanced_and_mirrored(turnuva):
    matches = turnuva(*SUNDAY, "--double", "--json").json()["matches"]
    assert len(matches) == 56 and max(m["week"] for m in matches) == 14
    first = {(m["home"], m["away"]) for m in matches if m["week"] <= 7}
    second = {(m["away"], m["home"]) for m in matches if m["week"] > 7}
    assert first == second
    sides: dict[str, list[str]] = defaultdict(list)
    for m in sorted(matches, key=lambda m: m["no"]):
        sides[m["home"]].append("H")
        sides[m["away"]].append("A")
    assert sum(a == b for s in sides.values() for a, b in pairwise(s)) == 18


def test_ten_teams_one_pitch_weekly_is_nine_weeks_of_five(turnuva):
    doc = turnuva(
        "plan", "--team-count", "10", "--start", "2027-01-10 14:00", "--every", "7",
        "--until", "17:00", "--match", "30", "--half-time", "0", "--changeover", "5", "--json",
    ).json()  # fmt: skip
    assert Counter(m["week"] for m in doc["matches"]) == dict.fromkeys(range(1, 10), 5)


def test_a_round_that_cannot_fit_exits_2_with_the_shortfall_and_the_remedies(turnuva):
    line = turnuva(
        "plan", "--team-count", "12", "--start", "2027-01-10 14:00", "--every", "14",
        "--until", "17:00", "--match", "30", "--half-time", "0", "--changeover", "5",
        "--spare", "30",
    ).refusal("1. maç haftası", "6 maç", "55 dk eksik", "Saha ekleyin", "maç gününe")  # fmt: skip
    assert "--pitches 2" in line


@pytest.mark.parametrize(
    ("extra", "names"),
    [
        pytest.param(["--skip", "2027-02-08"], ["08.02.2027", "maç günü değil"], id="off-rhythm"),
        pytest.param(["--skip", "7 Şubat"], ["tarih değil"], id="not-iso"),
        pytest.param(["--until", "13:00"], ["Kapanış"], id="closes-before-kickoff"),
        pytest.param(["--until", "17:6x"], ["saat değil"], id="bad-clock"),
        pytest.param(["--groups", "2"], ["Sezon ligi tek grup"], id="groups"),
        pytest.param(["--rounds-per-day", "0"], ["Maç günü"], id="no-rounds"),
    ],
)
def test_bad_season_input_is_refused_with_one_turkish_line(turnuva, extra, names):
    argv = list(SUNDAY)
    if extra[0] == "--until":
        argv[argv.index("--until") + 1] = extra[1]
        extra = []
    turnuva(*argv, *extra).refusal(*names)


def test_season_flags_without_match_days_are_refused(turnuva):
    turnuva("plan", "--team-count", "4", "--until", "17:00").refusal("--every")
