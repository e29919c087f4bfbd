"""Team names by any word only one team has, a typed short form, a compound's head."""

from __future__ import annotations

import pytest

from domain.names import UnknownTeam, resolve

# --- common words, short forms and compound heads (issue 21) -----------------------------

LEAGUE = ("Kartallar", "Mahalle United", "Gençlik Spor", "Yıldızspor", "Demirspor", "Kurtlar")


@pytest.mark.parametrize(
    ("text", "team"),
    [
        ("genclik", "Gençlik Spor"),
        ("Gençlik'e", "Gençlik Spor"),
        ("mahalle utd", "Mahalle United"),
        ("united", "Mahalle United"),
        ("yıldız", "Yıldızspor"),
        ("yildiz", "Yıldızspor"),
        ("demir", "Demirspor"),
    ],
)
def test_a_team_is_found_by_any_word_only_it_has_or_a_short_form(text, team):
    assert resolve(text, LEAGUE) == team


def test_a_common_word_two_teams_have_names_neither():
    teams = ("Gençlik Spor", "Sarıyer Gençlik", "Kartallar")
    with pytest.raises(UnknownTeam):
        resolve("genclik", teams)
    assert resolve("sariyer", teams) == "Sarıyer Gençlik"


@pytest.mark.parametrize("text", ["spor", "sk", "takım"])
def test_a_generic_word_is_never_a_team_even_when_only_one_team_has_it(text):
    with pytest.raises(UnknownTeam):
        resolve(text, ("Gençlik Spor", "Kartallar", "Fırtına SK", "Takım 1"))
