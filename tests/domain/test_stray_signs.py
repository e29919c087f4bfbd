"""A score with a sign glued to its outside ("Kartallar -1-3 Şahinler", a typo) was stored
as 1-3 without asking: it is a BadScore for `parse_result` (/sonuc) and an Unclear line
for the group, while the ordinary shapes, a dash between names and a name with a hyphen
still read as results."""

from __future__ import annotations

import pytest

from domain.result_lines import Problem, Record, Unclear, read_line
from domain.scores import BadScore, BadScoreReason, parse_result

TEAMS = ("Kartallar", "Şahinler", "Takım-2")


@pytest.mark.parametrize(
    "text",
    [
        "Kartallar -1-3 Şahinler",
        "Kartallar +1-3 Şahinler",
        "Kartallar 1-3- Şahinler",
        "Kartallar -1 -3 Şahinler",
        "-1-3 Kartallar Şahinler",
        "Kartallar - Şahinler -1-3",
    ],
)
def test_a_stray_sign_is_asked_about_not_stored(text):
    reading = read_line(text, TEAMS)
    assert isinstance(reading, Unclear), reading
    assert reading.problem is Problem.STRAY_SIGN
    assert reading.teams == ("Kartallar", "Şahinler")
    assert reading.goals == (1, 3)
    with pytest.raises(BadScore) as caught:
        parse_result(text, TEAMS)
    assert caught.value.reason is BadScoreReason.STRAY_SIGN


@pytest.mark.parametrize(
    ("text", "home", "away"),
    [
        ("Kartallar 1-3 Şahinler", "Kartallar", "Şahinler"),
        ("Kartallar 1 - 3 Şahinler", "Kartallar", "Şahinler"),
        ("Kartallar 1:3 Şahinler", "Kartallar", "Şahinler"),
        ("Kartallar - 1-3 Şahinler", "Kartallar", "Şahinler"),
        ("Kartallar - Şahinler 1-3", "Kartallar", "Şahinler"),
        ("Kartallar 1-3-Şahinler", "Kartallar", "Şahinler"),
        ("Takım-2 1-3 Şahinler", "Takım-2", "Şahinler"),
        ("Kartallar 1-3 Takım-2", "Kartallar", "Takım-2"),
    ],
)
def test_ordinary_lines_still_read_as_results(text, home, away):
    reading = read_line(text, TEAMS)
    assert isinstance(reading, Record), reading
    score = reading.result.score
    assert (reading.result.home, reading.result.away) == (home, away)
    assert (score.home_goals, score.away_goals) == (1, 3)
