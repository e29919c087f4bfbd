"""The guided set-up answered as people type (issue 21, item 5): the state machine
(setup_steps.take) takes "1 saha var", "lig usulü", "17 ocakta başlıyoruz", "30 dk maç 5 dk
ara", "tff olsun", "iki haftada bir pazar 14-17"; a refused answer repeats its question with
one example, and every step's example is itself accepted at that step."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.texts import setup as texts
from bot.texts.errors import refusal
from bot.usecases.setup_steps import EDIT_WORDS, STEPS, Answers, choice, take
from domain.errors import DomainError

IST = ZoneInfo("Europe/Istanbul")
NOW = datetime(2026, 12, 1, 22, 0, tzinfo=IST)
TEAMS = ("Kartallar", "Şahinler", "Aslanlar", "Kaplanlar")


def walk(*answers: str, start: Answers | None = None) -> tuple[str, Answers]:
    """The guided steps answered in order; the step asked last and the answers."""
    step, told = "name", start or Answers()
    for text in answers:
        following = take(step, told, text, NOW)
        step, told = following.step, following.answers
    return step, told


def test_a_day_answered_in_words():
    step, a = walk(
        "Bahar Kupası",
        ", ".join(TEAMS),
        "1 saha var",
        "gruplar + eleme",
        "iki grup",
        "17 ocakta başlıyoruz",
        "30 dk maç 5 dk ara",
        "olsun",
        "tff olsun",
    )
    assert step == "confirm"
    assert (a.pitches, a.format, a.groups) == (1, "groups", 2)
    assert a.kickoff == datetime(2027, 1, 17, 10, 0, tzinfo=IST)
    assert (a.match, a.changeover, a.third, a.tiebreak) == (30, 5, True, "tff")


def test_a_league_over_weeks_answered_in_words():
    step, a = walk(
        "Kış Ligi",
        ", ".join(TEAMS),
        "2 sahamız var",
        "lig usulü",
        "iki haftada bir pazar 14-17",
        "20 aralıkta başlıyoruz",  # the first match day: a Sunday
        "yok hiç",  # no match day skipped
        "maçlar 25 dakika",
        "averaj olsun",
    )
    assert step == "confirm"
    assert (a.pitches, a.format, a.kind) == (2, "league", "season")
    assert a.season is not None and a.season["every_days"] == 14
    assert (a.season["weekday"], a.season["opens"], a.season["closes"]) == (6, "14:00", "17:00")
    assert (a.season["first"], a.season["skip"]) == ("2026-12-20", [])
    assert (a.match, a.changeover, a.tiebreak) == (25, 6, "makale")


def test_the_rhythm_after_the_season_button_in_words():
    step, a = walk("Kış Ligi", ", ".join(TEAMS), "üç saha", "eleme yok, lig", "season")
    assert step == "rhythm"
    following = take("rhythm", a, "pazar günleri 14 ile 17 arası", NOW)
    assert following.step == "first"
    assert following.answers.season["weekday"] == 6
    assert following.answers.pitches == 3


@pytest.mark.parametrize(
    ("step", "typed", "field", "value"),
    [
        ("pitches", "iki saha", "pitches", 2),
        ("pitches", "tek sahamız var abi", "pitches", 1),
        ("groups", "2 grup olsun", "groups", 2),
        ("format", "grup usulü sonra eleme", "format", "groups"),
        ("format", "lig usulu", "format", "league"),
        ("slot", "yarım saat maç", "match", 30),
        ("third", "gerek yok", "third", False),
        ("tiebreak", "halı saha kuralı", "tiebreak", "halisaha"),
    ],
)
def test_one_answer_in_words(step, typed, field, value):
    before = Answers(name="Kupa", teams=TEAMS, pitches=1, format="groups")
    assert getattr(take(step, before, typed, NOW).answers, field) == value


def test_the_buttons_values_still_read():
    before = Answers(name="Kupa", teams=TEAMS, pitches=1, format="groups")
    assert take("format", before, "league", NOW).answers.format == "league"
    assert take("third", before, "no", NOW).answers.third is False
    assert take("tiebreak", before, "uefa", NOW).answers.tiebreak == "uefa"
    assert take("pitches", before, "3", NOW).answers.pitches == 3


SEASON = {  # every other Sunday 14:00-17:00 from 6 December 2026
    "every_days": 14,
    "weekday": 6,
    "opens": "14:00",
    "closes": "17:00",
    "first": "2026-12-06",
    "skip": [],
}


def _at(step: str) -> Answers:
    """The answers a set-up has when it asks `step` (a league's kick-off: its own; a
    season's first day and skipped days: after its rhythm)."""
    fmt = "league" if step in ("season kickoff", "rhythm", "first", "skip") else "groups"
    found = Answers(name="Kupa", teams=TEAMS, pitches=1, format=fmt, kind="season")
    return replace(found, season=SEASON) if step in ("first", "skip") else found


@pytest.mark.parametrize("key", sorted({*texts.EXAMPLES, "first"}))
def test_every_steps_example_is_accepted_there(key):
    example = texts.example(key, _at(key))
    if key == "edit":
        assert choice(example, EDIT_WORDS, "edit") == "pitches"
        return
    step = "kickoff" if key == "season kickoff" else key
    assert step in STEPS
    a = _at(key)
    assert texts.asked_as(step, a) == key
    take(step, a, example, NOW)  # raises if refused


@pytest.mark.parametrize(
    ("step", "typed", "asked"),
    [
        ("pitches", "bilmiyorum", "Kaç saha var?"),
        ("format", "karışık", "Nasıl oynansın?"),
        ("kickoff", "bir ara", "İlk maç ne zaman?"),
        ("slot", "uzun olsun", "Maç süresi"),
        ("tiebreak", "bizim kural", "Puan eşitliğinde hangi kural?"),
        ("third", "belki", "Üçüncülük maçı oynansın mı?"),
    ],
)
def test_a_refusal_repeats_the_question_with_one_example(step, typed, asked):
    a = replace(_at(step), format="groups")
    with pytest.raises(DomainError) as refused:
        take(step, a, typed, NOW)
    text = texts.refused(refusal(refused.value), step, a)
    assert asked in text
    assert text.count("Örnek") == 1
    assert f'Örnek: "{texts.EXAMPLES[step]}"' in text
    take(step, a, texts.EXAMPLES[step], NOW)


def test_the_pitch_refusal_keeps_its_reason():
    a = _at("pitches")
    with pytest.raises(DomainError) as refused:
        take("pitches", a, "saha yok", NOW)
    assert "bir sayı değil" in texts.refused(refusal(refused.value), "pitches", a)


def test_a_leagues_one_day_said_with_its_words():
    a = Answers(name="Kupa", teams=TEAMS, pitches=1, format="league")
    following = take("kickoff", a, "tek gün, 17 ocakta başlıyoruz", NOW)
    assert (following.step, following.answers.kind) == ("slot", "day")
    assert following.answers.kickoff == datetime(2027, 1, 17, 10, 0, tzinfo=IST)
