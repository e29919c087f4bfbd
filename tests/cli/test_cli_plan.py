"""`turnuva plan` as an organiser runs it: the article's days, the JSON shape, bad input."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from datetime import datetime, timedelta
from itertools import pairwise
from pathlib import Path

import pytest

DAY = "2026-12-06"
EIGHT = [
    "plan",
    "--teams",
    "A1,A2,A3,A4,B1,B2,B3,B4",
    "--groups",
    "A1,A2,A3,A4 / B1,B2,B3,B4",
    "--pitches",
    "2",
    "--start",
    f"{DAY} 10:00",
    "--knockout",
    "semi",
    "--third-place",
]
EVENING = ["plan", "--teams", "A,B,C,D", "--start", f"{DAY} 20:00"]
MATCH_KEYS = {
    "no",
    "stage",
    "group",
    "round",
    "pitch",
    "start",
    "end",
    "home",
    "away",
    "home_from",
    "away_from",
}
STAGES = {"league", "group", "round_of_16", "quarter", "semi", "third", "final"}


def at(hhmm: str) -> str:
    return f"{DAY}T{hhmm}"


def t(iso: str) -> datetime:
    return datetime.strptime(iso, "%Y-%m-%dT%H:%M")  # noqa: DTZ007 - local wall-clock times


def minutes(a: str, b: str) -> int:
    return int((t(b) - t(a)) / timedelta(minutes=1))


def by_round(matches: list[dict]) -> dict[int, list[tuple[str, str]]]:
    rounds: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for m in sorted(matches, key=lambda m: m["no"]):
        rounds[m["round"]].append((m["home"], m["away"]))
    return dict(rounds)


def breaks(matches: list[dict]) -> int:
    """Two home or two away games in a row, over all teams, in round order."""
    seq: dict[str, list[str]] = defaultdict(list)
    for m in sorted(matches, key=lambda m: (m["round"], m["no"])):
        seq[m["home"]].append("H")
        seq[m["away"]].append("A")
    return sum(a == b for s in seq.values() for a, b in pairwise(s))


def assert_sound(matches: list[dict]) -> None:
    """Nobody on two pitches at once, no pitch used twice at once."""
    for i, m in enumerate(matches):
        for n in matches[i + 1 :]:
            if t(m["start"]) < t(n["end"]) and t(n["start"]) < t(m["end"]):
                assert m["pitch"] != n["pitch"], (m, n)
                known = {m["home"], m["away"]} - {None}
                assert not known & {n["home"], n["away"]}, (m, n)


# --- the 8-team day -------------------------------------------------------------------


@pytest.fixture
def eight_day(turnuva) -> dict:
    return turnuva(*EIGHT, "--json").json()


def test_the_json_document_has_exactly_matches_byes_and_groups(eight_day):
    assert set(eight_day) == {"matches", "byes", "groups"}
    assert eight_day["byes"] == []
    assert eight_day["groups"] == {"A": ["A1", "A2", "A3", "A4"], "B": ["B1", "B2", "B3", "B4"]}


def test_the_eight_team_day_has_sixteen_matches_with_every_documented_key(eight_day):
    matches = eight_day["matches"]
    assert len(matches) == 16
    assert [m["no"] for m in matches] == list(range(1, 17))
    for m in matches:
        assert set(m) == MATCH_KEYS, m
        assert m["stage"] in STAGES, m
        for key in ("start", "end"):
            assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d", m[key]), m[key]
            assert m[key].startswith(f"{DAY}T"), m[key]
        assert minutes(m["start"], m["end"]) == 26, m
        assert m["pitch"] in {"Saha 1", "Saha 2"}, m
    assert_sound(matches)


def test_the_group_stage_runs_ten_to_twelve_fifty_six_with_a_and_b_alternating(eight_day):
    group = [m for m in eight_day["matches"] if m["stage"] == "group"]
    assert len(group) == 12
    assert min(m["start"] for m in group) == at("10:00")
    assert max(m["end"] for m in group) == at("12:56")
    starts = {g: sorted({m["start"] for m in group if m["group"] == g}) for g in "AB"}
    assert starts["A"] == [at("10:00"), at("11:00"), at("12:00")]
    assert starts["B"] == [at("10:30"), at("11:30"), at("12:30")]
    for g in "AB":
        members = {m["home"] for m in group if m["group"] == g} | {
            m["away"] for m in group if m["group"] == g
        }
        assert members == {f"{g}{i}" for i in range(1, 5)}


def test_group_a_plays_the_articles_pairings_round_by_round(eight_day):
    group_a = [m for m in eight_day["matches"] if m["group"] == "A"]
    rounds = {r: {frozenset(p) for p in pairs} for r, pairs in by_round(group_a).items()}
    assert rounds == {
        1: {frozenset({"A1", "A4"}), frozenset({"A2", "A3"})},
        2: {frozenset({"A1", "A3"}), frozenset({"A2", "A4"})},
        3: {frozenset({"A1", "A2"}), frozenset({"A3", "A4"})},
    }


def test_every_team_rests_thirty_four_minutes_between_its_group_matches(eight_day):
    played: dict[str, list[dict]] = defaultdict(list)
    for m in eight_day["matches"]:
        if m["stage"] == "group":
            played[m["home"]].append(m)
            played[m["away"]].append(m)
    assert len(played) == 8
    for team, ms in played.items():
        ms.sort(key=lambda m: m["start"])
        assert len(ms) == 3, team
        rests = [minutes(a["end"], b["start"]) for a, b in pairwise(ms)]
        assert rests == [34, 34], (team, rests)


def test_the_semi_finals_are_crossed_and_played_in_parallel_at_half_past_one(eight_day):
    semis = [m for m in eight_day["matches"] if m["stage"] == "semi"]
    assert [m["no"] for m in semis] == [13, 14]
    assert {m["start"] for m in semis} == {at("13:30")}
    assert {m["pitch"] for m in semis} == {"Saha 1", "Saha 2"}
    assert {(m["home_from"], m["away_from"]) for m in semis} == {("1A", "2B"), ("1B", "2A")}
    for m in semis:
        assert m["home"] is None and m["away"] is None, m
        assert m["group"] is None and m["round"] is None, m


def test_the_third_place_match_is_between_the_semi_final_losers(eight_day):
    (third,) = [m for m in eight_day["matches"] if m["stage"] == "third"]
    assert (third["home_from"], third["away_from"]) == ("L13", "L14")
    assert third["home"] is None and third["away"] is None
    semis_end = max(m["end"] for m in eight_day["matches"] if m["stage"] == "semi")
    assert minutes(semis_end, third["start"]) >= 15


def test_the_final_is_alone_and_last_and_ends_by_eleven_past_three(eight_day):
    matches = eight_day["matches"]
    (final,) = [m for m in matches if m["stage"] == "final"]
    assert (final["home_from"], final["away_from"]) == ("W13", "W14")
    assert final["home"] is None and final["away"] is None
    assert final["no"] == 16
    others = [m for m in matches if m is not final]
    assert final["start"] >= max(m["end"] for m in others)
    assert final["end"] <= at("15:11")
    semis_end = max(m["end"] for m in matches if m["stage"] == "semi")
    assert minutes(semis_end, final["start"]) >= 15


def test_the_eight_team_day_in_turkish_shows_times_stages_and_the_checklist(turnuva):
    text = turnuva(*EIGHT).text()
    assert "6 Aralık 2026" in text
    for hhmm in ("10:00", "10:30", "11:00", "12:30", "12:56", "13:30"):
        assert hhmm in text, hhmm
    assert "Yarı final" in text
    assert re.search(r"^.*\bFinal\b.*$", text, re.MULTILINE)
    assert "A Grubu 1.si" in text and "B Grubu 2.si" in text and "1A" not in text
    assert "Kontrol listesi" in text
    assert "16 maç" in text
    assert "72-120" in text
    assert "504-840" in text
    assert "{" not in text  # text, not the JSON document


# --- the 4-team evening ---------------------------------------------------------------


def test_the_four_team_evening_ends_at_twenty_two_fifty_six(turnuva):
    matches = turnuva(*EVENING, "--json").json()["matches"]
    assert len(matches) == 6
    assert {m["stage"] for m in matches} == {"league"}
    assert min(m["start"] for m in matches) == at("20:00")
    assert max(m["start"] for m in matches) == at("22:30")
    assert max(m["end"] for m in matches) == at("22:56")
    assert {frozenset((m["home"], m["away"])) for m in matches} == {
        frozenset(p) for p in ("AB", "AC", "AD", "BC", "BD", "CD")
    }
    assert_sound(matches)
    # A back-to-back is a team's next match in the very next slot: 2 are forced, 2 are made.
    kickoffs: dict[str, list[str]] = defaultdict(list)
    for m in matches:
        kickoffs[m["home"]].append(m["start"])
        kickoffs[m["away"]].append(m["start"])
    back_to_back = sum(
        minutes(a, b) == 30 for ks in kickoffs.values() for a, b in pairwise(sorted(ks))
    )
    assert back_to_back == 2


def test_the_four_team_evening_prints_two_back_to_backs(turnuva):
    text = turnuva(*EVENING).text()
    assert "22:30-22:56" in text
    assert re.findall(r"arka arkaya maç: (\d+)", text) == ["2"]


# --- formats --------------------------------------------------------------------------


def test_five_teams_each_get_one_bye_in_the_articles_order(turnuva):
    doc = turnuva("plan", "--team-count", "5", "--start", f"{DAY} 10:00", "--json").json()
    byes = doc["byes"]
    assert len(byes) == 5
    assert [(b["round"], b["team"]) for b in byes] == [
        (1, "Takım 1"),
        (2, "Takım 4"),
        (3, "Takım 2"),
        (4, "Takım 5"),
        (5, "Takım 3"),
    ]
    assert len(doc["matches"]) == 10
    for b in byes:
        in_round = [m for m in doc["matches"] if m["round"] == b["round"]]
        assert len(in_round) == 2
        assert all(b["team"] not in (m["home"], m["away"]) for m in in_round), b
    text = turnuva("plan", "--team-count", "5", "--start", f"{DAY} 10:00").text()
    assert "Bay" in text
    for b in byes:
        assert f"{b['round']}. tur: {b['team']}" in text


def test_double_round_robin_plays_every_pair_twice_with_home_and_away_swapped(turnuva):
    single = turnuva("plan", "--team-count", "4", "--start", f"{DAY} 10:00", "--json").json()
    double = turnuva(
        "plan", "--team-count", "4", "--double", "--start", f"{DAY} 10:00", "--json"
    ).json()
    assert len(single["matches"]) == 6
    assert len(double["matches"]) == 12
    oriented = [(m["home"], m["away"]) for m in double["matches"]]
    assert len(set(oriented)) == 12  # each ordered pair once: home and away swapped
    rounds = by_round(double["matches"])
    assert sorted(rounds) == [1, 2, 3, 4, 5, 6]
    for r in (1, 2, 3):
        assert sorted((a, h) for h, a in rounds[r]) == sorted(rounds[r + 3]), r
    # The first leg is the single league's rounds, oriented for the fewest breaks (3n - 6).
    assert {r: {frozenset(p) for p in ps} for r, ps in by_round(single["matches"]).items()} == {
        r: {frozenset(p) for p in ps} for r, ps in rounds.items() if r <= 3
    }
    assert breaks(double["matches"]) == 3 * 4 - 6


def test_the_second_leg_starts_only_after_the_first_leg_is_over(turnuva):
    matches = turnuva(
        "plan", "--team-count", "4", "--double", "--start", f"{DAY} 10:00", "--json"
    ).json()["matches"]
    first_leg_end = max(m["end"] for m in matches if m["round"] <= 3)
    second_leg_start = min(m["start"] for m in matches if m["round"] >= 4)
    order = [m["round"] for m in sorted(matches, key=lambda m: (m["start"], m["no"]))]
    assert second_leg_start >= first_leg_end, order


def test_berger_for_four_players_is_the_fide_table_colour_for_colour(turnuva):
    doc = turnuva(
        "plan", "--system", "berger", "--team-count", "4", "--start", f"{DAY} 10:00", "--json"
    ).json()
    assert by_round(doc["matches"]) == {
        1: [("Takım 1", "Takım 4"), ("Takım 2", "Takım 3")],
        2: [("Takım 4", "Takım 3"), ("Takım 1", "Takım 2")],
        3: [("Takım 2", "Takım 4"), ("Takım 3", "Takım 1")],
    }


@pytest.mark.parametrize("n", [6, 8])
def test_balance_orients_a_league_with_the_minimum_n_minus_2_breaks(turnuva, n):
    argv = ["plan", "--team-count", str(n), "--start", f"{DAY} 10:00", "--json"]
    plain = turnuva(*argv).json()["matches"]
    balanced = turnuva(*argv, "--balance").json()["matches"]
    assert breaks(balanced) == n - 2
    assert breaks(plain) > n - 2  # the article's listing order is not balanced
    pairs = [frozenset((m["home"], m["away"])) for m in balanced]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    # The same pairs in the same rounds; only home and away may turn round.
    assert {r: {frozenset(p) for p in ps} for r, ps in by_round(balanced).items()} == {
        r: {frozenset(p) for p in ps} for r, ps in by_round(plain).items()
    }


def test_a_seeded_draw_is_reproducible_and_differs_from_other_draws(turnuva):
    argv = ["plan", "--team-count", "8", "--groups", "2", "--start", f"{DAY} 10:00"]
    seeded = turnuva(*argv, "--seed", "3", "--json").json()
    again = turnuva(*argv, "--seed", "3", "--json").json()
    assert seeded == again
    assert turnuva(*argv, "--seed", "3").text() == turnuva(*argv, "--seed", "3").text()
    everyone = {f"Takım {i}" for i in range(1, 9)}
    groups = seeded["groups"]
    assert sorted(groups) == ["A", "B"]
    assert [len(g) for g in groups.values()] == [4, 4]
    assert set(groups["A"]) | set(groups["B"]) == everyone
    other = turnuva(*argv, "--seed", "4", "--json").json()["groups"]
    snake = turnuva(*argv, "--json").json()["groups"]
    assert snake == {
        "A": ["Takım 1", "Takım 4", "Takım 5", "Takım 8"],
        "B": ["Takım 2", "Takım 3", "Takım 6", "Takım 7"],
    }
    as_sets = lambda gs: {frozenset(g) for g in gs.values()}  # noqa: E731
    assert as_sets(groups) != as_sets(other)
    assert as_sets(groups) != as_sets(snake)


def test_named_pitches_are_used_as_given(turnuva):
    argv = ["plan", "--team-count", "4", "--pitches", "Saha A,Saha B", "--start", f"{DAY} 10:00"]
    matches = turnuva(*argv, "--json").json()["matches"]
    assert {m["pitch"] for m in matches} == {"Saha A", "Saha B"}
    assert max(m["end"] for m in matches) == at("11:26")  # 3 rounds on 2 pitches
    text = turnuva(*argv).text()
    assert "Saha A" in text and "Saha B" in text
    assert "Saha 1" not in text


def test_names_that_differ_under_turkish_casing_are_two_teams(turnuva):
    doc = turnuva("plan", "--teams", "IŞIKSPOR,işikspor", "--start", f"{DAY} 10:00", "--json")
    (match,) = doc.json()["matches"]
    assert {match["home"], match["away"]} == {"IŞIKSPOR", "işikspor"}


# --- bad input ------------------------------------------------------------------------

START = ["--start", f"{DAY} 10:00"]


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        pytest.param(["--teams", "Kartallar", *START], ["2 takım"], id="one-team"),
        pytest.param(["--team-count", "1", *START], ["2 takım"], id="team-count-1"),
        pytest.param(
            ["--teams", "IŞIKSPOR,ışıkspor", *START], ["IŞIKSPOR", "ışıkspor"], id="dotless-i"
        ),
        pytest.param(["--teams", "İZMİR,izmir", *START], ["İZMİR", "izmir"], id="dotted-i"),
        pytest.param(["--team-count", "4", "--pitches", "0", *START], ["Saha"], id="no-pitch"),
        pytest.param(
            ["--team-count", "4", "--start", "dün gece"], ["dün gece", "2026"], id="bad-start"
        ),
        pytest.param(
            ["--team-count", "4", "--start", "2026-13-45 10:00"],
            ["2026-13-45 10:00"],
            id="impossible-date",
        ),
        pytest.param([*START], ["--teams"], id="missing-teams"),
        pytest.param(["--team-count", "4", "--bogus", *START], ["--bogus"], id="unknown-option"),
        pytest.param(
            ["--teams", "A,B,C,D", "--groups", "5", *START], ["4 takım", "5"], id="too-many-groups"
        ),
    ],
)
def test_bad_input_is_refused_with_one_turkish_line_and_an_example(turnuva, argv, names):
    line = turnuva("plan", *argv).refusal(*names)
    assert "turnuva turnuva" not in line  # any command it suggests must be a real one


# --- the installed console script -----------------------------------------------------


def test_the_installed_turnuva_script_plans_and_refuses_like_main():
    script = Path(sys.executable).parent / "turnuva"
    assert script.is_file() and os.access(script, os.X_OK), script
    env = {**os.environ, "PYTHONUTF8": "1"}

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(script), *argv],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=60,
            check=False,
        )

    ok = run(*EVENING, "--json")
    assert ok.returncode == 0, ok.stderr
    assert ok.stderr == ""
    matches = json.loads(ok.stdout)["matches"]
    assert len(matches) == 6
    assert matches[-1]["end"] == at("22:56")

    bad = run("plan", "--teams", "İZMİR,izmir", *START)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1 and "İZMİR" in bad.stderr
