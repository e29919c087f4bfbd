"""An organiser putting right the result he just entered, in words without the teams:
"yanlış yazdım 2-1 olacak", "düzeltme: 2-1", and "son sonucu sil" met silence. The
correction is now asked as "A1 2-1 A4" would be ([Değiştir]), the undo answered with the
result /geri_al takes back; nothing changes without a button or /geri_al. A member's
such words, or an organiser's with no result of his, are not taken for anyone's."""

from __future__ import annotations

import pytest
from day_walks import results, walking_the_day
from eight_team_day import ORGANISER

from domain.model import Score

MEMBER = 30


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        assert "Kaydedildi" in await chat.say(ORGANISER, "A1 3-1 A4")
        yield chat


@pytest.mark.parametrize(
    "typed", ["yanlış yazdım 2-1 olacak", "düzeltme: 2-1", "pardon abi 2-1", "skor 2:1 olacaktı"]
)
async def test_a_corrected_score_in_words_asks_to_change_the_last_result(walk, typed):
    said = await walk.say(ORGANISER, typed)
    assert said.startswith("A1 - A4 maçının sonucu zaten kayıtlı: 3-1. Yeni skor 2-1"), said
    await walk.press(ORGANISER, "Değiştir")
    assert [(s.home_goals, s.away_goals) for s in await results(walk)] == [(2, 1)]


@pytest.mark.parametrize("typed", ["son sonucu sil", "sonucu geri al", "yanlış girdim sil"])
async def test_the_last_result_taken_back_in_words_names_it_and_geri_al(walk, typed):
    said = await walk.say(ORGANISER, typed)
    assert said == "↩️ Son girdiğiniz sonuç: A1 3-1 A4 (1. maç). Silmek için: /geri_al"
    assert list(await results(walk)) == [Score(3, 1)]  # nothing undone yet


@pytest.mark.parametrize("typed", ["son sonucu sil", "yanlış yazdım 2-1 olacak", "pardon 2-1"])
async def test_a_members_words_are_chat(walk, typed):
    assert await walk.send(MEMBER, typed) == []
    assert list(await results(walk)) == [Score(3, 1)]


async def test_an_organiser_with_no_result_of_his_is_told_to_name_the_teams(tmp_path):
    async with walking_the_day(tmp_path) as walk:
        said = await walk.say(ORGANISER, "yanlış yazdım 2-1 olacak")
    assert "girdiğiniz bir sonuç yok" in said and "Kartallar 2-1 Şahinler" in said, said
