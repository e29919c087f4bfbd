"""`turnuva oner`: the article's advice for 7, 8, 9, 10 and 12 teams comes out on top."""

from __future__ import annotations

import pytest

KEYS = {"kind", "groups", "knockout", "third_place", "matches", "fewest", "most", "minutes", "fits"}


def test_eight_teams_on_two_pitches_get_the_articles_day_first(turnuva):
    argv = ["oner", "--teams", "8", "--pitches", "2", "--slot", "30", "--hours", "6"]
    found = turnuva(*argv, "--json").json()
    assert isinstance(found, list) and len(found) >= 2
    for c in found:
        assert set(c) == KEYS, c
    best = found[0]
    assert best["kind"] == "groups"
    assert best["groups"] == [4, 4]
    assert best["knockout"] == "semi"
    assert best["third_place"] is True
    assert best["matches"] == 16
    assert (best["fewest"], best["most"]) == (3, 5)
    assert best["minutes"] == 311  # 10:00 to the article's 15:11
    assert best["fits"] is True
    fits = [c["fits"] for c in found]
    assert fits == sorted(fits, reverse=True)  # everything that fits comes first
    assert any(not f for f in fits)  # a single group of 8 (28 matches) does not fit 6 hours
    text = turnuva(*argv).text()
    first = next(line for line in text.splitlines() if line.startswith("1."))
    assert "2 grup (4+4)" in first and "yarı final" in first and "üçüncülük" in first
    assert "16 maç" in first and "sığar" in first


@pytest.mark.parametrize(
    ("teams", "pitches", "hours", "groups", "group_matches"),
    [
        pytest.param(7, 1, "4", [4, 3], 9, id="7-teams"),
        pytest.param(9, 1, "3.5", [3, 3, 3], 9, id="9-teams"),
        pytest.param(10, 2, "3.5", [5, 5], 20, id="10-teams"),
        pytest.param(12, 2, "3.5", [4, 4, 4], 18, id="12-teams"),
    ],
)
def test_the_articles_advice_is_the_top_choice(
    turnuva, teams, pitches, hours, groups, group_matches
):
    found = turnuva(
        "oner",
        "--teams",
        str(teams),
        "--pitches",
        str(pitches),
        "--slot",
        "12",
        "--hours",
        hours,
        "--json",
    ).json()
    best = found[0]
    assert (best["kind"], best["groups"], best["knockout"]) == ("groups", groups, "semi"), best
    assert best["fits"] is True
    assert best["minutes"] <= float(hours) * 60
    # Two semi-finals and a final, plus the third-place match when it is offered.
    assert best["matches"] == group_matches + 3 + int(best["third_place"])
    if teams == 10:
        assert best["matches"] == 24
    if teams == 12:
        assert best["matches"] == 22


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        pytest.param(["--teams", "0", "--pitches", "2"], ["2 takım"], id="no-teams"),
        pytest.param(["--teams", "8", "--pitches", "0"], ["Saha"], id="no-pitch"),
    ],
)
def test_bad_input_to_oner_is_refused_with_one_turkish_line(turnuva, argv, names):
    turnuva("oner", *argv).refusal(*names)
