"""`turnuva puan`: result lines on standard input, the TFF table on standard output."""

from __future__ import annotations

import pytest

TEAMS = "A1,A2,A3,A4"
RESULTS = "\n".join(["A1 3-1 A4", "A2 2-2 A3", "A1 1-0 A3", "A2 2-0 A4", "A1 1-1 A2", "A3 3-2 A4"])
COLUMNS = ["O", "G", "B", "M", "A", "Y", "AV", "P"]
# DOMAIN.md's worked example, in rank order.
EXPECTED = [
    ["1", "A1", "3", "2", "1", "0", "5", "2", "+3", "7"],
    ["2", "A2", "3", "1", "2", "0", "5", "3", "+2", "5"],
    ["3", "A3", "3", "1", "1", "1", "5", "5", "0", "4"],
    ["4", "A4", "3", "0", "0", "3", "3", "8", "-5", "0"],
]
BIRDS = "Kartallar,Şahinler,Aslanlar"


def rows(text: str) -> list[list[str]]:
    """The table's data rows: the lines that start with a rank."""
    return [cells for cells in map(str.split, text.splitlines()) if cells and cells[0].isdigit()]


def test_the_worked_example_prints_the_tff_columns_and_the_exact_rows(turnuva):
    text = turnuva("puan", "--teams", TEAMS, stdin=RESULTS).text()
    header = next(line.split() for line in text.splitlines() if "AV" in line.split())
    assert header[-8:] == COLUMNS
    assert rows(text) == EXPECTED
    assert "TFF" in text.splitlines()[-1]


def test_the_worked_example_as_json_gives_rows_in_rank_order(turnuva):
    doc = turnuva("puan", "--teams", TEAMS, "--json", stdin=RESULTS).json()
    got = [[r["rank"], r["team"], *(r[c] for c in COLUMNS)] for r in doc]
    assert got == [
        [1, "A1", 3, 2, 1, 0, 5, 2, 3, 7],
        [2, "A2", 3, 1, 2, 0, 5, 3, 2, 5],
        [3, "A3", 3, 1, 1, 1, 5, 5, 0, 4],
        [4, "A4", 3, 0, 0, 3, 3, 8, -5, 0],
    ]
    assert sum(r["A"] for r in doc) == sum(r["Y"] for r in doc) == 18
    assert sum(r["AV"] for r in doc) == 0
    assert all(r["tie"] == [] for r in doc)


@pytest.mark.parametrize(
    ("name", "label", "first_tiebreaker"),
    [
        ("tff", "TFF", "ikili puan"),
        ("makale", "Averaj önce", "averaj"),
        ("uefa", "UEFA", "ikili puan"),
        ("fifa", "FIFA", "ikili puan"),
    ],
)
def test_each_tie_break_preset_is_accepted_and_printed_in_words(
    turnuva, name, label, first_tiebreaker
):
    text = turnuva("puan", "--teams", TEAMS, "--tiebreak", name, stdin=RESULTS).text()
    assert rows(text) == EXPECTED
    rule = text.splitlines()[-1]
    assert rule.startswith("Eşitlikte"), rule
    assert f"({label})" in rule
    words = [w.strip() for w in rule.split(":", 1)[1].split("→")]
    assert words[0] == "puan"
    assert words[1] == first_tiebreaker, words
    assert name not in words  # the criteria in Turkish words, not the preset's code


def test_the_articles_tie_break_puts_goal_difference_before_head_to_head(turnuva):
    text = turnuva("puan", "--teams", TEAMS, "--tiebreak", "makale", stdin=RESULTS).text()
    rule = text.splitlines()[-1]
    assert rule.index("averaj") < rule.index("ikili") < rule.index("atılan gol")


def test_the_custom_tie_break_the_refusal_suggests_is_accepted(turnuva):
    # The refusal for a bad rule offers "averaj,atılan gol,ikili puan" as an example.
    hint = turnuva("puan", "--teams", TEAMS, "--tiebreak", "yazı-tura", stdin=RESULTS)
    assert "averaj,atılan gol,ikili puan" in hint.refusal("yazı-tura")
    run = turnuva(
        "puan", "--teams", TEAMS, "--tiebreak", "averaj,atılan gol,ikili puan", stdin=RESULTS
    )
    text = run.text()
    assert rows(text) == EXPECTED
    rule = text.splitlines()[-1]
    assert rule.index("averaj") < rule.index("atılan gol") < rule.index("ikili puan")


def test_an_unknown_tie_break_is_refused(turnuva):
    run = turnuva("puan", "--teams", TEAMS, "--tiebreak", "bogus", stdin=RESULTS)
    run.refusal("bogus", "tff")


def test_a_small_typo_in_a_team_name_is_resolved_to_the_team(turnuva):
    doc = turnuva("puan", "--teams", BIRDS, "--json", stdin="Kartalar 3-1 Şahinler\n").json()
    by_team = {r["team"]: r for r in doc}
    assert set(by_team) == {"Kartallar", "Şahinler", "Aslanlar"}
    assert (by_team["Kartallar"]["O"], by_team["Kartallar"]["A"], by_team["Kartallar"]["P"]) == (
        1,
        3,
        3,
    )
    assert (by_team["Şahinler"]["O"], by_team["Şahinler"]["Y"], by_team["Şahinler"]["P"]) == (
        1,
        3,
        0,
    )
    assert by_team["Aslanlar"]["O"] == 0
    assert doc[0]["team"] == "Kartallar"


def test_a_result_naming_an_unknown_team_is_refused_with_the_closest_team(turnuva):
    run = turnuva(
        "puan", "--teams", BIRDS, stdin="Kartallar 1-0 Aslanlar\nKarakartal 3-1 Şahinler\n"
    )
    run.refusal("Karakartal", "Kartallar")


def test_a_result_between_teams_that_have_no_match_left_is_refused(turnuva):
    run = turnuva(
        "puan", "--teams", BIRDS, stdin="Kartallar 3-1 Şahinler\nŞahinler 1-1 Kartallar\n"
    )
    run.refusal("Kartallar", "Şahinler")


def test_a_result_across_two_groups_is_refused(turnuva):
    run = turnuva(
        "puan", "--teams", "A1,A2,B1,B2", "--groups", "A1,A2 / B1,B2", stdin="A1 1-0 B1\n"
    )
    run.refusal("A1", "B1")


def test_results_of_two_groups_make_two_tables(turnuva):
    argv = ["puan", "--teams", "A1,A2,B1,B2", "--groups", "A1,A2 / B1,B2"]
    results = "A1 1-0 A2\nB2 2-0 B1\n"
    text = turnuva(*argv, stdin=results).text()
    a, b = text.split("\n\n")
    assert "A Grubu" in a and "B Grubu" in b
    assert rows(a) == [
        ["1", "A1", "1", "1", "0", "0", "1", "0", "+1", "3"],
        ["2", "A2", "1", "0", "0", "1", "0", "1", "-1", "0"],
    ]
    assert rows(b) == [
        ["1", "B2", "1", "1", "0", "0", "2", "0", "+2", "3"],
        ["2", "B1", "1", "0", "0", "1", "0", "2", "-2", "0"],
    ]
    doc = turnuva(*argv, "--json", stdin=results).json()
    assert [(r["group"], r["rank"], r["team"], r["P"]) for r in doc] == [
        ("A", 1, "A1", 3),
        ("A", 2, "A2", 0),
        ("B", 1, "B2", 3),
        ("B", 2, "B1", 0),
    ]


def test_a_tie_that_survives_every_criterion_is_marked_not_settled(turnuva):
    argv = ["puan", "--teams", "A1,A2,B1,B2", "--groups", "A1,A2 / B1,B2"]
    results = "A1 1-0 A2\nB1 2-2 B2\n"
    doc = turnuva(*argv, "--json", stdin=results).json()
    b = {r["team"]: r for r in doc if r["group"] == "B"}
    assert b["B1"]["tie"] == ["B2"] and b["B2"]["tie"] == ["B1"]
    assert not b["B1"]["lot"] and not b["B2"]["lot"]
    assert all(r["tie"] == [] for r in doc if r["group"] == "A")
    text = turnuva(*argv, stdin=results).text()
    assert "B1, B2" in text and "play-off" in text and "kura" not in text  # TFF: no lot
    text = turnuva(*argv, "--tiebreak", "makale", stdin=results).text()
    assert "B1, B2" in text and "kura" in text
