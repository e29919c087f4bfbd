"""`turnuva puan` with forfeits (hükmen) and a team that withdraws."""

from __future__ import annotations

TEAMS = ["puan", "--teams", "Kartallar,Şahinler,Aslanlar,Kaplanlar"]


def rows(doc: list[dict]) -> dict[str, dict]:
    return {r["team"]: r for r in doc}


def test_a_line_marked_h_is_a_forfeit_and_the_table_marks_it(turnuva):
    lines = "Kartallar 3-0 Şahinler (H)\nAslanlar 5-1 Kaplanlar hükmen\n"
    doc = rows(turnuva(*TEAMS, "--json", stdin=lines).json())
    assert (doc["Şahinler"]["A"], doc["Şahinler"]["Y"], doc["Şahinler"]["H"]) == (0, 3, 1)
    # The winner's five stand, the forfeiting side's goal does not.
    assert (doc["Aslanlar"]["A"], doc["Kaplanlar"]["A"], doc["Kaplanlar"]["Y"]) == (5, 0, 5)
    assert doc["Kaplanlar"]["P"] == 0 and doc["Kaplanlar"]["deducted"] == 0
    text = turnuva(*TEAMS, stdin=lines).text()
    assert "(H)" in text and "hükmen" in text


def test_the_no_show_deduction_takes_a_wins_points_off(turnuva):
    lines = "Kartallar 3-0 Şahinler (H)\nŞahinler 2-0 Aslanlar\n"
    doc = rows(turnuva(*TEAMS, "--forfeit-deduction", "--json", stdin=lines).json())
    assert (doc["Şahinler"]["P"], doc["Şahinler"]["deducted"]) == (0, 3)
    assert "(-3 puan)" in turnuva(*TEAMS, "--forfeit-deduction", stdin=lines).text()


def test_a_withdrawn_team_loses_its_remaining_matches_three_nil_under_the_tff_rule(turnuva):
    lines = "Kartallar 1-0 Şahinler\nKaplanlar 2-1 Aslanlar\n"
    doc = rows(turnuva(*TEAMS, "--withdrawn", "Kaplanlar", "--json", stdin=lines).json())
    assert (doc["Kaplanlar"]["O"], doc["Kaplanlar"]["H"]) == (3, 2)
    assert doc["Kartallar"]["A"] == 4 and doc["Şahinler"]["P"] == 3


def test_a_withdrawn_team_with_annulled_results_leaves_the_table(turnuva):
    lines = "Kartallar 1-0 Şahinler\nKaplanlar 2-1 Aslanlar\n"
    argv = [*TEAMS, "--withdrawn", "Kaplanlar", "--withdrawal", "annul", "--json"]
    doc = rows(turnuva(*argv, stdin=lines).json())
    assert "Kaplanlar" not in doc
    assert doc["Aslanlar"]["O"] == 0


def test_the_tff_table_says_a_play_off_is_needed_instead_of_a_lot(turnuva):
    text = turnuva("puan", "--teams", "A,B", stdin="A 1-1 B\n").text()
    assert "play-off" in text and "kura" not in text


def test_a_forfeit_line_without_a_winner_is_refused(turnuva):
    turnuva(*TEAMS, stdin="Kartallar 1-1 Şahinler (H)\n").refusal("hükmen")
