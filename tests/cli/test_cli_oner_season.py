"""`turnuva oner` and season leagues: what it says when nothing fits one day."""

from __future__ import annotations

SHAPE = ["oner", "--teams", "8", "--pitches", "1", "--slot", "35", "--hours", "3"]


def test_eight_teams_in_three_hours_get_the_season_league_instead_of_nothing(turnuva):
    text = turnuva(*SHAPE).text()
    assert "Tek güne sığmıyor; haftalara yayılan lig: 7 maç haftası, her hafta 4 maç" in text
    assert "iki haftada bir ≈ 3 ay" in text
    assert "Hiçbir usul" not in text


def test_with_every_the_season_formats_are_ranked_those_that_fit_first(turnuva):
    found = turnuva(*SHAPE, "--every", "14", "--json").json()
    assert [(c["kind"], c["rounds_per_day"]) for c in found] == [("league", 1), ("double", 1)]
    single = found[0]
    assert (single["weeks"], single["per_week"], single["matches"]) == (7, 4, 28)
    assert single["fits"] is True and single["day_minutes"] <= 180
    assert single["season_days"] == 98
    text = turnuva(*SHAPE, "--every", "14").text()
    assert text.splitlines()[2].startswith("1. Tek devreli sezon ligi: 7 maç haftası")
    assert "≈ 3 ay (sığar)" in text


def test_two_rounds_a_match_day_are_offered_when_the_day_holds_them(turnuva):
    found = turnuva(
        "oner", "--teams", "8", "--pitches", "2", "--slot", "30", "--hours", "5", "--every", "7",
        "--json",
    ).json()  # fmt: skip
    assert (found[0]["kind"], found[0]["rounds_per_day"], found[0]["weeks"]) == ("league", 2, 4)
    assert all(c["fits"] for c in found)


def test_a_day_too_short_for_one_round_says_so(turnuva):
    found = turnuva(
        "oner", "--teams", "12", "--pitches", "1", "--slot", "35", "--hours", "2", "--every", "7",
        "--json",
    ).json()  # fmt: skip
    assert found and not any(c["fits"] for c in found)
    text = turnuva(
        "oner", "--teams", "12", "--pitches", "1", "--slot", "35", "--hours", "2", "--every", "7"
    ).text()
    assert "saha ekleyin" in text


def test_a_bad_rhythm_is_refused(turnuva):
    turnuva(*SHAPE, "--every", "0").refusal("--every")
