"""The players' questions read from chat: the top scorer, the banned, a team's goals; the
penalty box, news and a friend's question left alone."""

from __future__ import annotations

import pytest

from domain.intents import Intent
from domain.questions import ask


@pytest.mark.parametrize(
    ("text", "intent", "personal", "hint"),
    [
        ("gol kralı kim", Intent.TOP_SCORER, False, None),
        ("en çok gol atan kim", Intent.TOP_SCORER, False, None),
        ("gol krallığında kim önde", Intent.TOP_SCORER, False, None),
        ("en golcü kim", Intent.TOP_SCORER, False, None),
        ("gol kırallığı kimde", Intent.TOP_SCORER, False, None),
        ("gol karlı kim", Intent.TOP_SCORER, False, None),
        ("ilk 3 golcu kim", Intent.TOP_SCORER, False, None),
        ("golcu siralamasi", Intent.TOP_SCORER, False, None),
        ("kim en cok gol atti", Intent.TOP_SCORER, False, None),
        ("en fazla gol kimde", Intent.TOP_SCORER, False, None),
        ("kimin kac golu var", Intent.TOP_SCORER, False, None),
        ("gol siralamasi ne durumda", Intent.TOP_SCORER, False, None),
        ("sahinlerin golcusu kim", Intent.TOP_SCORER, False, "sahinlerin"),
        ("kimler cezalı", Intent.BANNED, False, None),
        ("cezalı oyuncu var mı", Intent.BANNED, False, None),
        ("cezalımız var mı", Intent.BANNED, True, None),
        ("şahinlerin cezalısı var mı", Intent.BANNED, False, "şahinlerin"),
        ("kimler cezli", Intent.BANNED, False, None),
        ("kart cezasi olan var mi", Intent.BANNED, False, None),
        ("mehmetin cezasi bitti mi", Intent.BANNED, False, "mehmetin"),
        ("cezadan dolayi oynamayan var mi", Intent.BANNED, False, None),
        ("kirmizi yiyen var mi", Intent.BANNED, False, None),
        ("kirmizi kart goren kimdi", Intent.BANNED, False, None),
        ("bu hafta kim oynayamiyor", Intent.BANNED, False, None),
        ("ceza listesi?", Intent.BANNED, False, None),
        ("kaç golümüz var", Intent.GOALS, True, None),
        ("kaç gol attık", Intent.GOALS, True, None),
        ("kaç gol yedik", Intent.GOALS, True, None),
        ("Kartallar kaç gol attı", Intent.GOALS, False, "Kartallar"),
        ("golumuz kac", Intent.GOALS, True, None),
        ("attığımız gol sayısı", Intent.GOALS, True, None),
        ("yedigimiz gol ne kadar", Intent.GOALS, True, None),
        ("kac attik kac yedik", Intent.GOALS, True, None),
        ("kalemize kac gol girdi", Intent.GOALS, True, None),
        ("atletico esenler kac gol yemis", Intent.GOALS, False, "atletico esenler"),
        ("kaç kartımız var", Intent.CARDS, True, None),
        ("kac sari kartimiz var?", Intent.CARDS, True, None),
        ("kartlarımız?", Intent.CARDS, True, None),
        ("en çok kart gören kim", Intent.CARDS, False, None),
        ("Kartallar kaç kart gördü", Intent.CARDS, False, "Kartallar"),
        ("en centilmen takım hangisi", Intent.FAIR_PLAY, False, None),
        ("fair play sıralaması", Intent.FAIR_PLAY, False, None),
        ("fair playde kaçıncıyız", Intent.FAIR_PLAY, True, None),
    ],
)
def test_a_players_question_gets_its_intent(text, intent, personal, hint):
    question = ask(text)
    assert question is not None
    assert (question.intent, question.personal, question.team_hint) == (intent, personal, hint)


@pytest.mark.parametrize(
    "text",
    [
        "ceza sahasına girdi",
        "gol kralı Ali",
        "kaç gol attın bugün",
        "golü kim attı ya",
        "kac gol attiniz dun",
        "en guzel golu kim atti",
        "kac gol atsam gol krali olurum",
        "ceza atisi kim kullanacak",
        "ceza alanında elle oynadı mı",
        "trafik cezasi kimde kaldi",
        "sarı kartı kim yedi",
        "kimse ceza almasın",
        "bugün kaç gol atarız",
        "golcu var mi bizde",
        "gol sayimiz 20 oldu",
        "kirmizi kart mi o ya",
        "2 sarı kart yedim ya",
        "kartallar kazandı mı",
    ],
)
def test_chat_about_goals_and_the_box_is_no_players_question(text):
    question = ask(text)
    assert question is None or question.intent not in (
        Intent.TOP_SCORER,
        Intent.BANNED,
        Intent.GOALS,
        Intent.CARDS,
        Intent.FAIR_PLAY,
    ), question


@pytest.mark.parametrize("text", ["averajımız kaç", "gol farkımız ne durumda abi"])
def test_the_goal_difference_asks_for_the_standing(text):
    question = ask(text)
    assert question is not None
    assert (question.intent, question.personal) == (Intent.STANDING, True)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("Veli oynayabilir mi", "Veli"),
        ("Veli oynar mı", "Veli"),
        ("Ali bu maçta oynayabilir mi", "Ali"),
        ("veli oynayabilirmi", "veli"),
        ("Ali Yılmaz yarın oynayabilir mi?", "Ali Yılmaz"),
        ("Hasan ne zaman döner", "Hasan"),
        ("hasan ne zaman donuyo", "hasan"),
        ("Hasan ne zaman dönecek?", "Hasan"),
    ],
)
def test_whether_a_player_may_play_asks_his_ban(text, hint):
    """The caller answers it only for a player of the tournament ("Messi …": silence)."""
    question = ask(text)
    assert question is not None
    assert (question.intent, question.detail, question.team_hint) == (Intent.BANNED, "plays", hint)


@pytest.mark.parametrize(
    "text", ["kim oynar", "yağmurda oynar mıyız", "maç oynanır mı", "Veli ne zaman oynar"]
)
def test_other_questions_of_playing_ask_no_players_ban(text):
    question = ask(text)
    assert question is None or question.detail != "plays"


@pytest.mark.parametrize(
    "text",
    ["Hasan cezası ne zaman biter", "hasan cezasi bitti mi", "Hasanın cezası ne zaman bitiyor"],
)
def test_when_a_ban_ends_asks_the_players_ban(text):
    question = ask(text)
    assert question is not None and question.intent is Intent.BANNED, question


@pytest.mark.parametrize(
    "text", ["park cezası ne zaman biter", "döner ne zaman gelecek", "ne zaman döneriz", "döner mi"]
)
def test_a_fine_or_the_kebab_is_no_players_ban(text):
    question = ask(text)
    assert question is None or (question.detail != "plays" and question.intent is not Intent.BANNED)
