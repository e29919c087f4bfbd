"""Turkish words taken apart: stems in any spelling, the person, the case, the tense."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.morphology import STEMS, Case, Person, Pos, Tense, analyse, lemma
from domain.names import fold


@pytest.mark.parametrize(
    ("typed", "stem"),
    [
        ("kimdi", "kim"),
        ("kiminle", "kim"),
        ("kimleyiz", "kim"),
        ("kimleydi", "kim"),
        ("bizde", "biz"),
        ("sahadayız", "saha"),
        ("oynuyoruz", "oyna"),
        ("oynuyoz", "oyna"),
        ("oynicaz", "oyna"),
        ("oynayacağız", "oyna"),
        ("kacinci", "kacinci"),
        ("kaçıncıyız", "kacinci"),
        ("rakibimiz", "rakip"),
        ("grubumuzda", "grup"),
        ("ertelendi", "ertele"),
        ("ertelenen", "ertele"),
        ("bitcek", "bit"),
        ("zamandı", "zaman"),
        ("MAÇLARIMIZ", "mac"),
        ("kaybedersek", "kaybet"),
    ],
)
def test_a_form_reads_as_its_stem(typed, stem):
    assert lemma(typed) == stem


@pytest.mark.parametrize("typed", ["şahane", "kimse", "macera", "beyler", "sonu", "hahaha", ""])
def test_a_word_that_only_starts_like_a_stem_is_not_read_as_it(typed):
    assert analyse(typed) is None


def test_the_endings_say_who_and_where():
    assert analyse("sahadayız").person is Person.WE
    assert analyse("sahadayız").case is Case.LOCATIVE
    assert analyse("maçımız").possessive is Person.WE
    assert analyse("maçımız").we
    assert analyse("haftaya").case is Case.DATIVE
    assert analyse("kiminle").case is Case.INSTRUMENTAL
    assert analyse("gruptan").case is Case.ABLATIVE
    assert not analyse("oynuyorlar").we
    assert analyse("oynuyorlar").person is Person.THEY


def test_the_endings_say_when_and_how():
    assert analyse("ertelendi").tense is Tense.PAST
    assert analyse("ertelendi").passive
    assert analyse("ertelendimi").question
    assert analyse("oynuyormuyuz").question
    assert analyse("oynuyormuyuz").person is Person.WE
    assert analyse("bitiyor").tense is Tense.PROGRESSIVE
    assert analyse("biter").tense is Tense.AORIST
    assert analyse("bitcek").tense is Tense.FUTURE
    assert analyse("ertelenen").tense is Tense.PARTICIPLE
    assert analyse("kimdi").tense is Tense.PAST
    assert analyse("oynamıyoruz").negative


def test_cannot_is_a_negative_and_you_all_is_not_we():
    for typed in ("oynayamıyor", "oynayamaz", "oynayamayan", "gelemiyor", "atamadım"):
        assert analyse(typed).negative, typed
    assert analyse("oynayamıyor").stem == "oyna"
    assert analyse("attınız").person is Person.YOU_ALL
    assert analyse("oynuyormusunuz").person is Person.YOU_ALL
    assert analyse("attık").person is Person.WE


def test_one_edit_in_a_long_stem_is_a_typo():
    found = analyse("ertlendi")
    assert found is not None and found.stem == "ertele" and found.typo
    assert analyse("ertelendi").typo is False


_NOUN_ENDINGS = ("", "lar", "imiz", "da", "dayiz", "larimiz", "dan", "in", "a", "ki", "di")


@given(
    stem=st.sampled_from(sorted(s for s, p in STEMS.items() if p is Pos.NOUN and len(s) >= 3)),
    ending=st.sampled_from(_NOUN_ENDINGS),
)
def test_any_noun_with_a_chain_of_endings_reads_as_that_noun(stem, ending):
    found = analyse(stem + ending)
    assert found is not None
    # A softened stem ("rakib") or the longer noun ("siralama" in "sira"+"lama") may win,
    # but the stem read is always a prefix-spelling of the typed word.
    assert fold(stem + ending).startswith(found.stem[:-1])


@given(st.text(alphabet="abcçdefgğhıijklmnoöprsştuüvyz", min_size=1, max_size=14))
def test_letters_without_diacritics_read_the_same(word):
    with_marks, without = analyse(word), analyse(fold(word))
    assert (with_marks is None) == (without is None)
    if with_marks is not None and without is not None:
        assert with_marks.stem == without.stem
