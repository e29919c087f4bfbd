"""A typed player's name against a squad: full name, first name or surname where unique,
Turkish casing, typos with candidates, never a guess between two."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.playernames import Ambiguous, Found, How, Unknown, match_in_squads, match_player

SQUAD = [
    "Ali Yılmaz",
    "Veli Demir",
    "Mehmet Ali Kaya",
    "Işık Öztürk",
    "İsmail Şen",
    "Ali Can Yıldız",
]


@pytest.mark.parametrize(
    ("typed", "player", "how"),
    [
        ("Ali Yılmaz", "Ali Yılmaz", How.EXACT),
        ("ALİ YILMAZ", "Ali Yılmaz", How.EXACT),
        ("ali  yılmaz", "Ali Yılmaz", How.EXACT),
        ("ali yilmaz", "Ali Yılmaz", How.LOOSE),
        ("Yılmaz", "Ali Yılmaz", How.PART),
        ("yilmaz", "Ali Yılmaz", How.PART),
        ("Veli", "Veli Demir", How.PART),
        ("Demir", "Veli Demir", How.PART),
        ("ISIK", "Işık Öztürk", How.PART),
        ("IŞIK ÖZTÜRK", "Işık Öztürk", How.EXACT),
        ("ismail", "İsmail Şen", How.PART),
        ("İSMAİL ŞEN", "İsmail Şen", How.EXACT),
        ("M. Ali", "Mehmet Ali Kaya", How.PART),
        ("A. Yılmaz", "Ali Yılmaz", How.PART),
        ("Ali Can", "Ali Can Yıldız", How.PART),
        ("Işık'ın", "Işık Öztürk", How.PART),
        ("Kaya'nın", "Mehmet Ali Kaya", How.PART),
        ("Mehmt", "Mehmet Ali Kaya", How.TYPO),
        ("Ali Yilmza", "Ali Yılmaz", How.TYPO),
        ("Vleli Demir", "Veli Demir", How.TYPO),
    ],
)
def test_a_name_finds_its_one_player(typed: str, player: str, how: How):
    assert match_player(typed, SQUAD) == Found(player, how)


def test_a_first_name_two_players_share_is_ambiguous_never_a_guess():
    found = match_player("Ali", SQUAD)
    assert isinstance(found, Ambiguous)
    assert set(found.candidates) == {"Ali Yılmaz", "Mehmet Ali Kaya", "Ali Can Yıldız"}


def test_a_typo_close_to_two_players_is_ambiguous():
    found = match_player("Emre", ["Emra Kaya", "Emrw Demir"])
    assert isinstance(found, Ambiguous)
    assert set(found.candidates) == {"Emra Kaya", "Emrw Demir"}


def test_the_exact_name_wins_over_longer_names_containing_it():
    assert match_player("Ali", ["Ali", "Ali Can"]) == Found("Ali", How.EXACT)


def test_an_unknown_name_offers_the_nearest_players():
    found = match_player("Vel", SQUAD)
    assert isinstance(found, Unknown)
    assert found.candidates[0] == "Veli Demir"
    assert match_player("Hasan", SQUAD) == Unknown("Hasan", ())


def test_short_names_take_no_typo():
    assert isinstance(match_player("Can", ["Cem"]), Unknown)


def test_a_shirt_number_settles_two_of_a_name():
    shirts = {"Ali Yılmaz": 10, "Ali Can Yıldız": 7}
    squad = ["Ali Yılmaz", "Ali Can Yıldız"]
    assert match_player("Ali", squad, shirt=7, shirts=shirts) == Found("Ali Can Yıldız", How.PART)
    assert isinstance(match_player("Ali", squad, shirt=3, shirts=shirts), Ambiguous)


def test_in_the_two_squads_the_side_it_was_listed_under_answers_first():
    squads = {"Kartallar": ["Ali", "Veli Demir"], "Şahinler": ["Veli Kaya"]}
    found = match_in_squads("Veli", squads, listed_under="Şahinler")
    assert (found.team, found.match) == ("Şahinler", Found("Veli Kaya", How.PART))
    both = match_in_squads("Veli", squads)
    assert both.team is None and isinstance(both.match, Ambiguous)
    assert set(both.match.candidates) == {"Veli Demir", "Veli Kaya"}


def test_in_the_two_squads_a_stricter_match_wins():
    squads = {"Kartallar": ["Ali"], "Şahinler": ["Ali Can"]}
    found = match_in_squads("Ali", squads)
    assert (found.team, found.match) == ("Kartallar", Found("Ali", How.EXACT))


def test_in_no_squad_the_nearest_of_both_are_offered():
    found = match_in_squads("Mehmed", {"K": ["Mehmet Kaya"], "S": ["Ahmet"]})
    assert found.team == "K"  # one typo from one player: found, marked as a typo
    assert found.match == Found("Mehmet Kaya", How.TYPO)
    lost = match_in_squads("Zeynep", {"K": ["Mehmet Kaya"], "S": ["Ahmet"]})
    assert lost.team is None and isinstance(lost.match, Unknown)


NAMES = st.lists(
    st.text("abcçdefgğhıijklmnoöprsştuüvyz", min_size=2, max_size=7).map(str.capitalize),
    min_size=1,
    max_size=3,
).map(" ".join)


@given(st.lists(NAMES, min_size=1, max_size=15, unique=True), st.data())
def test_every_player_is_found_by_his_own_name_and_never_another(squad, data):
    player = data.draw(st.sampled_from(squad))
    found = match_player(player, squad)
    if isinstance(found, Found):
        assert found.player == player
    else:  # only a player spelled the same under Turkish casing can share his name
        assert isinstance(found, Ambiguous) and player in found.candidates
