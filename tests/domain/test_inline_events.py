"""A result line that carries its own scorers or cards: read as the result and the events
line it stands for; a parenthesis that says something else is left to the result line."""

from __future__ import annotations

import pytest

from domain.eventlines import inline_events, read_event_line


@pytest.mark.parametrize(
    ("line", "result", "events"),
    [
        ("B1 0-2 B4 goller: Ahmet 2", "B1 0-2 B4", "goller: Ahmet 2"),
        ("B2 1-0 B3, gol: Mert", "B2 1-0 B3", "gol: Mert"),
        ("Kartallar 2-1 Şahinler sarı: Hasan", "Kartallar 2-1 Şahinler", "sarı: Hasan"),
        ("A1 3-1 A4 - kartlar: Veli sarı", "A1 3-1 A4", "kartlar: Veli sarı"),
    ],
)
def test_a_label_with_its_colon_after_the_score_starts_the_events(line, result, events):
    carried = inline_events(line)
    assert carried is not None and carried.labelled
    assert (carried.result, carried.events) == (result, events)
    assert read_event_line(carried.events)


@pytest.mark.parametrize(
    ("line", "scorers"),
    [
        ("A1 1-0 A3 (Veli)", "Veli"),
        ("A3 3-2 A4 (Ali 2, Can; Mehmet 2)", "Ali 2, Can; Mehmet 2"),
        ("A1 3-1 A4 (Ali x2, Veli kk)", "Ali x2, Veli kk"),
        ("A1 2-1 A4 (Ali Yılmaz 12')", "Ali Yılmaz 12'"),
    ],
)
def test_names_in_a_closing_parenthesis_are_offered_as_scorers(line, scorers):
    carried = inline_events(line)
    assert carried is not None and not carried.labelled
    assert carried.events == f"goller: {scorers}"
    assert carried.result == line[: line.index("(")].rstrip()


@pytest.mark.parametrize(
    "line",
    [
        "A1 3-1 A4",
        "A1 1-1 A4 (pen 4-3)",
        "A1 1-1 A4 (Pen 4-3)",
        "A1 3-0 A4 (hükmen)",
        "A1 3-1 A4 (Yarı Final)",
        "A1 3-1 A4 (bence)",
        "A1 3-1 A4 (Maç Güzeldi)",
        "goller: Ali 2",  # an events line of its own, no result before it
        "Sarıyer 2-1 Kartallar",
        "maçımız 20:00 (Saha 2)",
    ],
)
def test_anything_else_carries_no_events(line):
    assert inline_events(line) is None
