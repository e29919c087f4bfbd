"""/fikstur metin: the next slot by the clock, missing results apart, the codes explained."""

from __future__ import annotations

from datetime import timedelta

from bot import render
from bot.render import sample
from bot.texts import fixture
from domain.model import Score


def rows(snap):
    return [(m.match, m.result) for m in snap.matches]


def test_at_0938_the_next_slot_is_not_the_0900_one_whose_results_are_missing():
    day = sample.snapshot()
    first = day.planned[0]
    clock = first.start + timedelta(minutes=38)  # the first slot over, no result typed
    shown = rows(day)
    text = fixture.fixture(
        "Bahar Kupası",
        shown,
        upcoming=render.next_slot(shown, clock),
        waiting=render.missing(shown, clock),
    )
    lines = text.splitlines()
    second = first.start + timedelta(minutes=30)
    assert f"▶ Sıradaki maçlar ({second:%H:%M})" in lines
    assert lines[1].startswith("⏳ 1.") and lines[3].startswith("▶ 3.")
    assert any(li.startswith("⏳ Sonuç bekleniyor: 1. maç") for li in lines)
    knockout = [li for li in lines if "Yarı final" in li]
    assert knockout and all("A Grubu 1.si" in li or "B Grubu 1.si" in li for li in knockout)
    assert not any("Kısaltmalar" in li for li in lines)


def test_once_played_the_slot_is_no_longer_waiting():
    day = sample.with_result(sample.with_result(sample.snapshot(), 1, Score(1, 0)), 2, Score(0, 0))
    clock = day.planned[0].start + timedelta(minutes=38)
    assert render.missing(rows(day), clock) == []
