"""The last result corrected or taken back in words (domain.corrections): read only when
every word is one of correction, and never from a guess, a clock or someone else's chat."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies

from domain.corrections import corrected_score, undo_asked


@pytest.mark.parametrize(
    ("text", "goals"),
    [
        ("yanlış yazdım 2-1 olacak", (2, 1)),
        ("YANLIS YAZDIM 2-1 OLACAK", (2, 1)),
        ("düzeltme: 0-3", (0, 3)),
        ("pardon abi 2:1", (2, 1)),
        ("skor 4 - 2 olacaktı", (4, 2)),
        ("doğrusu 1-1", (1, 1)),
    ],
)
def test_a_correction_gives_its_goals(text, goals):
    assert corrected_score(text) == goals


@pytest.mark.parametrize(
    "text",
    [
        "2-1",
        "2-1 olacak",  # a guess
        "bu maç 2-1 olacak",
        "fener 2-1 olacak pardon",
        "yanlış yazdım 20:00",  # a clock
        "pardon 1-1 değil 2-1",  # two scores: which?
        "yanlış yazdım\n2-1",
    ],
)
def test_a_guess_a_clock_or_other_words_are_no_correction(text):
    assert corrected_score(text) is None


@pytest.mark.parametrize(
    "text", ["son sonucu sil", "sonucu geri al", "yanlış girdim sil", "skoru siler misin"]
)
def test_the_last_result_taken_back(text):
    assert undo_asked(text)


@pytest.mark.parametrize(
    "text", ["mesajı sil", "sil", "geri al", "maçı iptal et", "bu sonuç yanlış", "sonucu sil 2"]
)
def test_other_deletions_and_complaints_are_not(text):
    assert not undo_asked(text)


@given(strategies.sampled_from(["Kartallar", "fener", "maç", "yarın", "bence"]))
def test_any_other_word_makes_it_chat(word):
    assert corrected_score(f"yanlış yazdım {word} 2-1 olacak") is None
    assert not undo_asked(f"son sonucu sil {word}")
