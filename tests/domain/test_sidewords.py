"""Unknown knockout sides in words: what a player understands, never a plan code."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.render.sample import KICKOFF, snapshot
from domain.dayplan import Pitch, TimeRules
from domain.formats import Options, groups_then_knockout
from domain.model import Group
from domain.planner import plan
from domain.sidewords import code_words, ordinal_suffix, stage_names, worded

CODES = re.compile(r"\b\d\.\d\b|\b[MGWL]\d+\b|\b\d+[A-Z]\b")


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("1A", "A Grubu 1.si"),
        ("2B", "B Grubu 2.si"),
        ("3C", "C Grubu 3.sü"),
        ("4D", "D Grubu 4.sü"),
        ("2.1", "en iyi ikinci"),
        ("3.1", "en iyi üçüncü"),
        ("3.2", "2. en iyi üçüncü"),
        ("W19", "19. maçın galibi"),
        ("L19", "19. maçın kaybedeni"),
        (None, "belli değil"),
    ],
)
def test_a_code_read_alone_is_said_in_words(code, said):
    assert code_words(code) == said


@pytest.mark.parametrize(
    ("number", "suffix"),
    [(1, "si"), (2, "si"), (3, "sü"), (4, "sü"), (5, "si"), (6, "sı"), (7, "si"), (8, "si"),
     (9, "su"), (10, "su"), (11, "si"), (16, "sı"), (20, "si"), (40, "sı")],
)  # fmt: skip
def test_ordinals_take_the_suffix_of_their_last_vowel(number, suffix):
    assert ordinal_suffix(number) == suffix


def test_with_its_plan_a_winner_is_named_by_its_stage_in_match_number_order():
    teams = tuple(f"T{i}" for i in range(1, 17))
    groups = tuple(Group("ABCD"[g], teams[g * 4 : g * 4 + 4]) for g in range(4))
    draft = groups_then_knockout(groups, Options(knockout="quarter", third_place=True))
    planned = plan(draft, TimeRules(start=KICKOFF, pitches=(Pitch("Saha 1"), Pitch("Saha 2"))))
    names = stage_names(planned.matches)
    quarters = sorted(m.no for m in planned.matches if m.stage.value == "quarter")
    assert [names[no] for no in quarters] == [f"{i}. çeyrek final" for i in range(1, 5)]
    said = {m.stage.value: (m.home_words, m.away_words) for m in planned.matches}
    semis = [
        w for m in planned.matches if m.stage.value == "semi" for w in (m.home_words, m.away_words)
    ]
    assert sorted(semis) == [f"{i}. çeyrek finalin galibi" for i in range(1, 5)]
    assert said["final"] == ("1. yarı finalin galibi", "2. yarı finalin galibi")
    assert said["third"] == ("1. yarı finalin kaybedeni", "2. yarı finalin kaybedeni")
    for m in planned.matches:
        for words in (m.home_words, m.away_words):
            assert words is None or not CODES.search(words), words
    assert worded(planned.matches) == planned.matches  # words never change what a match is


def test_the_words_are_not_part_of_a_match_s_identity():
    final = next(m for m in snapshot().planned if m.stage.value == "final")
    assert final.home_words == "1. yarı finalin galibi"
    assert replace(final, home_words=None) == final


def test_after_a_single_league_table_a_place_is_its_place_not_a_group():
    from domain.formats import league

    draft = league(tuple(f"T{i}" for i in range(1, 7)), Options(knockout="semi"))
    planned = plan(draft, TimeRules(start=KICKOFF, pitches=(Pitch("Saha 1"),)))
    semis = [m for m in planned.matches if m.stage.value == "semi"]
    said = sorted(w for m in semis for w in (m.home_words, m.away_words))
    assert said == [f"{p}. sıradaki takım" for p in range(1, 5)]
