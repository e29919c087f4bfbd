"""Team names under Turkish casing: identity, duplicates and typo-tolerant lookup."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, strategies

from domain.errors import DomainError
from domain.mentions import mentioned
from domain.names import (
    AmbiguousTeam,
    EmptyName,
    UnknownTeam,
    chat_forms,
    clean_name,
    duplicates,
    fold,
    key,
    loose_key,
    normalize,
    resolve,
    strip_invisible,
    tolerance,
    tr_lower,
    tr_upper,
)

TEAMS = [
    "Kartallar",
    "Şahinler",
    "Aslanlar",
    "Kaplanlar",
    "Yıldızspor",
    "Yıldırımspor",
    "Işıkspor",
    "İzmir Gençlik",
    "Anadolu Kartalları",
    "1907 Spor",
    "Ankara-Gücü",
    *(f"Takım {i}" for i in range(1, 13)),
    *(f"A{i}" for i in range(1, 5)),
    *(f"B{i}" for i in range(1, 5)),
]
TURKISH_LETTERS = "abcçdefgğhıijklmnoöprsştuüvyzABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ"


# --- casing -------------------------------------------------------------------


def test_tr_lower_maps_dotted_and_dotless_capital_i_the_turkish_way():
    assert tr_lower("IŞIK İZMİR") == "ışık izmir"


def test_tr_upper_maps_dotted_and_dotless_small_i_the_turkish_way():
    assert tr_upper("ışık izmir") == "IŞIK İZMİR"


def test_tr_lower_treats_a_decomposed_capital_dotted_i_as_one_letter():
    assert tr_lower("I\u0307zmir") == "izmir"


# --- key ----------------------------------------------------------------------


def test_shouted_isikspor_has_the_same_key_as_lower_case():
    assert key("IŞIKSPOR") == key("ışıkspor") == key("Işıkspor")


def test_shouted_izmir_has_the_same_key_as_lower_case():
    assert key("İZMİR") == key("izmir")


def test_isikspor_without_turkish_letters_is_a_different_key():
    assert key("Isikspor") != key("Işıkspor")


def test_key_collapses_and_strips_whitespace():
    assert key("  İzmir \t  Gençlik ") == "izmir gençlik"


def test_key_is_nfc_so_decomposed_letters_match_composed_ones():
    assert key("S\u0327ahinler") == key("Şahinler")


def test_loose_key_drops_turkish_diacritics():
    assert loose_key("ÇĞIİÖŞÜ çğıiöşü") == "cgiiosu cgiiosu"


def test_fold_drops_case_and_diacritics_but_keeps_spacing_and_punctuation():
    assert fold("IŞIK  Ankara-Gücü'nün") == "isik  ankara-gucu'nun"


def test_loose_key_reads_punctuation_as_a_space():
    assert loose_key("Ankara-Gücü") == loose_key("ankara gucu") == "ankara gucu"


@given(strategies.text())
def test_key_is_idempotent(text):
    assert key(key(text)) == key(text)


@given(strategies.text())
def test_loose_key_is_idempotent(text):
    assert loose_key(loose_key(text)) == loose_key(text)


@given(strategies.text(alphabet=TURKISH_LETTERS + " "))
def test_upper_then_lower_case_keeps_the_key_of_turkish_text(text):
    assert key(tr_lower(tr_upper(text))) == key(text)


@given(strategies.text(alphabet=TURKISH_LETTERS + " "))
def test_key_does_not_depend_on_turkish_casing(text):
    assert key(tr_upper(text)) == key(tr_lower(text)) == key(text)


# --- duplicates -----------------------------------------------------------------


def test_duplicates_finds_names_differing_only_in_case():
    assert duplicates(["Kartallar", "Şahinler", "KARTALLAR"]) == [("Kartallar", "KARTALLAR")]


def test_duplicates_finds_names_differing_only_in_spacing():
    assert duplicates(["İzmir Gençlik", "izmir  gençlik "]) == [
        ("İzmir Gençlik", "izmir  gençlik ")
    ]


def test_duplicates_keeps_names_that_differ_in_diacritics_apart():
    assert duplicates(["Işıkspor", "Isikspor"]) == []


def test_duplicates_reports_every_pair_of_a_triple():
    assert duplicates(["a1", "A1", "B1", "a1 "]) == [("a1", "A1"), ("a1", "a1 "), ("A1", "a1 ")]


def test_realistic_team_list_has_no_duplicates():
    assert duplicates(TEAMS) == []


# --- resolve: exact and loose tiers -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "team"),
    [
        ("kartallar", "Kartallar"),
        ("IŞIKSPOR", "Işıkspor"),
        ("izmir gençlik", "İzmir Gençlik"),
        ("İZMİR GENÇLİK", "İzmir Gençlik"),
        ("  Takım   12 ", "Takım 12"),
        ("a3", "A3"),
    ],
)
def test_resolve_finds_a_team_by_its_key(text, team):
    assert resolve(text, TEAMS) == team


@pytest.mark.parametrize(
    ("text", "team"),
    [
        ("Sahinler", "Şahinler"),
        ("ISIKSPOR", "Işıkspor"),
        ("Isikspor", "Işıkspor"),
        ("Izmir Genclik", "İzmir Gençlik"),
        ("yildirimspor", "Yıldırımspor"),
        ("Ankara Gucu", "Ankara-Gücü"),
        ("anadolu kartallari", "Anadolu Kartalları"),
    ],
)
def test_resolve_finds_a_team_typed_without_turkish_letters(text, team):
    assert resolve(text, TEAMS) == team


def test_resolve_prefers_the_exact_spelling_when_both_spellings_are_teams():
    teams = ["Işıkspor", "Isikspor"]
    assert resolve("ışıkspor", teams) == "Işıkspor"
    assert resolve("IŞIKSPOR", teams) == "Işıkspor"
    assert resolve("Isikspor", teams) == "Isikspor"


@pytest.mark.parametrize("text", ["Işikspor", "ISIKSPOR"])
def test_resolve_refuses_to_choose_between_two_teams_equal_without_diacritics(text):
    with pytest.raises(AmbiguousTeam) as caught:
        resolve(text, ["Işıkspor", "Isikspor"])
    assert caught.value.candidates == ("Işıkspor", "Isikspor")


def test_resolve_returns_the_name_as_spelled_in_the_team_list():
    assert resolve("kartallar", ["KARTALLAR"]) == "KARTALLAR"


# --- resolve: fuzzy tier --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "team"),
    [
        ("Kartalar", "Kartallar"),
        ("Sahinlr", "Şahinler"),
        ("Aslnlar", "Aslanlar"),
        ("Kaplnalar", "Kaplanlar"),
        ("Kartallra", "Kartallar"),
        ("Yıldızpor", "Yıldızspor"),
        ("Yildirimspr", "Yıldırımspor"),
        ("Izmir Gencilk", "İzmir Gençlik"),
        ("Anadolu Kartallar", "Anadolu Kartalları"),
        ("Takm 7", "Takım 7"),
        ("Takim7", "Takım 7"),
        ("Yıldız Spor", "Yıldızspor"),
        ("A 1", "A1"),
    ],
)
def test_resolve_tolerates_a_small_typo(text, team):
    assert resolve(text, TEAMS) == team


@pytest.mark.parametrize(("a", "b"), [(f"A{i}", f"A{j}") for i in range(1, 5) for j in range(1, 5)])
def test_short_group_codes_never_match_each_other(a, b):
    if a == b:
        assert resolve(a, TEAMS) == a
    else:
        others = [t for t in TEAMS if t != a]
        with pytest.raises(UnknownTeam):
            resolve(a, others)
        assert resolve(b, TEAMS) == b


@pytest.mark.parametrize("missing", range(1, 13))
def test_numbered_teams_never_match_another_number(missing):
    others = [t for t in TEAMS if t != f"Takım {missing}"]
    with pytest.raises(UnknownTeam):
        resolve(f"Takım {missing}", others)


def test_takim_1_is_not_takim_11_even_though_one_digit_apart():
    with pytest.raises(UnknownTeam):
        resolve("Takım 1", ["Takım 11", "Takım 12"])
    with pytest.raises(UnknownTeam):
        resolve("Takım 11", ["Takım 1", "Takım 12"])


def test_a_typo_in_a_year_is_not_tolerated():
    with pytest.raises(UnknownTeam):
        resolve("1970 Spor", TEAMS)


def test_a_typo_that_fits_two_teams_is_ambiguous_not_guessed():
    with pytest.raises(AmbiguousTeam) as caught:
        resolve("Yıldırspor", TEAMS)
    assert caught.value.text == "Yıldırspor"
    assert caught.value.candidates == ("Yıldızspor", "Yıldırımspor")


def test_a_typo_within_tolerance_of_two_teams_is_ambiguous_even_if_nearer_one():
    # One edit from Yıldırımspor but also two (the long-name tolerance) from Yıldızspor.
    with pytest.raises(AmbiguousTeam) as caught:
        resolve("Yildirmspor", TEAMS)
    assert caught.value.candidates == ("Yıldırımspor", "Yıldızspor")


def test_a_typo_nearer_one_team_still_resolves_when_the_other_is_out_of_tolerance():
    # One edit from Kartallar, two from Kaplanlar: 9 letters tolerate one.
    assert resolve("Kartanlar", TEAMS) == "Kartallar"


def test_two_edits_are_too_many_for_a_nine_letter_name():
    with pytest.raises(UnknownTeam):
        resolve("Kratalar", ["Kartallar", "Şahinler"])


def test_tolerance_grows_with_the_length_of_the_name():
    assert [tolerance(n) for n in (2, 3, 4, 9, 10, 17)] == [0, 0, 1, 1, 2, 2]


def test_unknown_team_suggests_the_closest_teams_best_first():
    with pytest.raises(UnknownTeam) as caught:
        resolve("Takım 13", TEAMS)
    assert caught.value.candidates == ("Takım 1", "Takım 3", "Takım 10")
    assert caught.value.side is None


def test_unknown_team_suggests_a_team_whose_name_starts_with_the_text():
    with pytest.raises(UnknownTeam) as caught:
        resolve("Anado", TEAMS)
    assert caught.value.candidates[0] == "Anadolu Kartalları"


def test_unknown_team_suggests_nothing_when_nothing_is_similar():
    with pytest.raises(UnknownTeam) as caught:
        resolve("Galatasaray", TEAMS)
    assert caught.value.candidates == ()


def test_empty_text_is_an_unknown_team():
    with pytest.raises(UnknownTeam):
        resolve(" - ", TEAMS)


def test_team_errors_are_domain_errors_with_readable_english_text():
    error = AmbiguousTeam("Yıldırspor", ["Yıldızspor", "Yıldırımspor"], side="home")
    assert isinstance(error, DomainError)
    assert "ambiguous team 'Yıldırspor' (home side)" in str(error)
    assert "unknown team 'X'" in str(UnknownTeam("X", ["A1"]))


def test_team_errors_survive_pickling_with_their_fields():
    copy = pickle.loads(pickle.dumps(UnknownTeam("Xx", ["A1"], side="away")))
    assert (copy.text, copy.candidates, copy.side) == ("Xx", ("A1",), "away")


@given(strategies.sampled_from(TEAMS), strategies.data())
def test_every_team_resolves_from_any_turkish_casing(team, data):
    flips = data.draw(
        strategies.lists(strategies.booleans(), min_size=len(team), max_size=len(team))
    )
    text = "".join(tr_upper(c) if up else tr_lower(c) for c, up in zip(team, flips, strict=True))
    assert resolve(text, TEAMS) == team


@given(strategies.sampled_from(TEAMS))
def test_every_team_resolves_when_typed_without_diacritics(team):
    assert resolve(loose_key(team), TEAMS) == team


LONG_LETTER_TEAMS = [t for t in TEAMS if t.isalpha() and len(t) >= 8]


@given(strategies.sampled_from(LONG_LETTER_TEAMS), strategies.data())
def test_one_missing_letter_never_resolves_to_a_different_team(team, data):
    i = data.draw(strategies.integers(0, len(team) - 1))
    typo = team[:i] + team[i + 1 :]
    try:
        found = resolve(typo, TEAMS)
    except AmbiguousTeam as e:
        assert team in e.candidates
    else:
        assert found == team


# --- chat forms: short names and suffixes (issue 13) -------------------------------------

CHAT_TEAMS = ["Kartallar", "Dinamo Kadıköy", "Boğaziçi Spor", "Şahinler", "1907 Spor", "Takım 1"]


@pytest.mark.parametrize(
    ("text", "team"),
    [
        ("Dinamo", "Dinamo Kadıköy"),
        ("kadikoy", "Dinamo Kadıköy"),
        ("Dinamo'nun", "Dinamo Kadıköy"),
        ("Dinamo’nun", "Dinamo Kadıköy"),
        ("Dinamonun", "Dinamo Kadıköy"),
        ("Dinamo Kadıköy'ün", "Dinamo Kadıköy"),
        ("Bogazici", "Boğaziçi Spor"),
        ("Boğaziçi'ne", "Boğaziçi Spor"),
        ("Kartallar'a", "Kartallar"),
        ("Kartallara", "Kartallar"),
        ("Kartalların", "Kartallar"),
        ("kartallarla", "Kartallar"),
        ("Şahinler'i", "Şahinler"),
        ("1907", "1907 Spor"),
    ],
)
def test_a_team_is_found_by_its_short_name_and_with_a_case_ending(text, team):
    assert resolve(text, CHAT_TEAMS) == team


@pytest.mark.parametrize("text", ["Spor", "Takım", "spor'un"])
def test_a_word_that_only_says_what_kind_of_club_is_not_a_short_name(text):
    with pytest.raises((UnknownTeam, AmbiguousTeam)):
        resolve(text, CHAT_TEAMS)


def test_a_short_name_shared_by_two_teams_is_ambiguous():
    with pytest.raises(AmbiguousTeam) as caught:
        resolve("Dinamo", ["Dinamo Kadıköy", "Dinamo Moda"])
    assert set(caught.value.candidates) == {"Dinamo Kadıköy", "Dinamo Moda"}


def test_a_case_ending_that_also_reads_as_another_teams_short_name_is_ambiguous():
    with pytest.raises(AmbiguousTeam):
        resolve("Kartalları", ["Kartallar", "Anadolu Kartalları"])


def test_chat_forms_drop_the_apostrophe_suffix_then_the_case_ending():
    assert chat_forms("Dinamo'nun") == ("Dinamo'nun", "Dinamo")
    assert chat_forms("Kartalların") == ("Kartalların", "Kartallar")


def test_mentioned_finds_the_teams_a_sentence_names_in_order():
    text = "kartallar 3 dinamo kadikoy 1"
    assert mentioned(text, CHAT_TEAMS) == ("Kartallar", "Dinamo Kadıköy")
    assert mentioned("Boğaziçi Spor Şahinler 1-0", CHAT_TEAMS) == ("Boğaziçi Spor", "Şahinler")
    assert mentioned("Dinamo'nun maçı ne zaman?", CHAT_TEAMS) == ("Dinamo Kadıköy",)


@pytest.mark.parametrize(
    "text", ["maç çok güzeldi 2-1 bitti ama", "yarın 20:00 sahada olun", "spor güzel şey"]
)
def test_mentioned_finds_nothing_in_ordinary_chat(text):
    assert mentioned(text, CHAT_TEAMS) == ()


# --- normalisation (issue 11) -------------------------------------------------------------


def test_a_zero_width_space_inside_a_name_does_not_make_another_team():
    assert key("Kartal\u200blar") == key("Kartallar")
    assert duplicates(["Kartallar", "Kartal\u200blar"]) == [("Kartallar", "Kartal\u200blar")]
    assert resolve("Kartal\u200blar", ["Kartallar", "Şahinler"]) == "Kartallar"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Kartal\u200blar", "Kartallar"),
        ("\u200fŞahinler\u200e", "Şahinler"),
        ("\ufeffDinamo  \u2066Kadıköy\u2069", "Dinamo Kadıköy"),
        ("S\u0327ahinler", "Şahinler"),
        (" Boğaziçi \t Spor ", "Boğaziçi Spor"),
    ],
)
def test_normalize_gives_nfc_without_invisible_characters_and_single_spaces(typed, stored):
    assert normalize(typed) == stored
    assert clean_name(typed) == stored


@pytest.mark.parametrize("typed", ["\u200b", "\u200b\u200c\u200d", " \u2066\u2069 ", "", "\ufeff"])
def test_a_name_of_only_invisible_characters_is_refused(typed):
    with pytest.raises(EmptyName):
        clean_name(typed)


@given(strategies.text(alphabet=TURKISH_LETTERS + " \u200b\u200f\u2066", max_size=20))
def test_normalize_is_idempotent_and_leaves_no_invisible_character(text):
    once = normalize(text)
    assert normalize(once) == once
    assert not any(c in once for c in "\u200b\u200f\u2066")


def test_strip_invisible_keeps_line_breaks_for_lists_of_names():
    assert strip_invisible("Kartal\u200blar\n\u200fŞahinler") == "Kartallar\nŞahinler"
