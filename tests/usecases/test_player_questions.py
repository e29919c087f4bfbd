"""The players' questions in the chat: "gol kralı kim", "kimler cezalı", a captain's
"cezalımız var mı", "kaç golümüz var", answered from the stored goals, cards and results
(the 8-team day; A1's captain asks)."""

from __future__ import annotations

from datetime import UTC, timedelta
from itertools import count

import pytest
from eight_team_day import CHAT, KICKOFF, ORGANISER, stored_day

import domain.questions
from bot.texts.questions import answer_text
from bot.usecases import questions, result_messages, squads
from bot.usecases.runner import Actor, run
from storage import Database

NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)
CAPTAIN = 501
_updates = count(12000)


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    database = await stored_day(url, NOW, captains={"A1": CAPTAIN})
    yield database
    await database.dispose()


def who() -> Actor:
    return Actor(ORGANISER, CHAT, NOW, next(_updates))


async def message(db: Database, text: str) -> None:
    actor = Actor(ORGANISER, CHAT, NOW, next(_updates))
    await run(db, result_messages.record, result_messages.Message(text), actor)


async def asked(db: Database, text: str, user: int = CAPTAIN) -> str | None:
    question = domain.questions.ask(text)
    assert question is not None, text
    actor = Actor(user, CHAT, NOW, next(_updates))
    response = (await run(db, questions.respond, questions.Ask(question), actor)).value
    return None if response is None else answer_text(question, response, NOW)


async def test_the_top_scorer_and_the_tied_ones_are_named_with_their_goals(db):
    assert (await asked(db, "gol kralı kim")).startswith("Henüz gol yazılmadı.")
    await message(db, "A1 3-0 A4\ngoller: Ali 2, Veli")
    await message(db, "A2 2-1 A3\ngoller: Can 2 - Cem")
    text = await asked(db, "en çok gol atan kim")
    assert text.startswith("⚽ Gol kralları: Ali (A1), Can (A2), 2 gol")
    assert "3. Cem 1 · 3. Veli 1" in text and "/goller" in text
    assert (await asked(db, "gol krallığında kim önde")) == text


async def test_a_teams_scorers_are_named_without_the_team_said_again(db):
    """ "golcülerimiz kim" said "A1 golcüsü: Ali (A1), 2 gol"."""
    await message(db, "A1 3-0 A4\ngoller: Ali 2, Veli")
    assert await asked(db, "golcülerimiz kim") == (
        "⚽ A1 golcüsü: Ali, 2 gol\nVeli 1\nTüm liste: /goller"
    )


@pytest.mark.parametrize("typed", ["golcümüz kim", "bizim takimda kim kac gol atti"])
async def test_a_team_whose_best_scorer_is_not_the_leagues_gets_its_own(db, typed):
    """Asked by a team with no league-leading scorer, this was "Bir şeyler ters gitti"
    (an IndexError in bot/texts/player_questions.py)."""
    await message(db, "A2 4-0 A3\ngoller: Can 4")
    await message(db, "A1 3-0 A4\ngoller: Ali 2, Veli")
    assert await asked(db, typed) == "⚽ A1 golcüsü: Ali, 2 gol\nVeli 1\nTüm liste: /goller"


async def test_namesakes_of_two_teams_below_the_top_keep_their_team(db):
    """ "3. Ali 1" under "Gol kralı: Ali (A4)" left which Ali to guess."""
    await message(db, "A1 1-3 A4\ngoller: Ali - Ali 3")
    await message(db, "A2 2-0 A3\ngoller: Can 2")
    text = await asked(db, "gol kralı kim")
    assert text.startswith("⚽ Gol kralı: Ali (A4), 3 gol\n2. Can 2 · 3. Ali (A1) 1"), text


async def test_the_banned_players_of_the_tournament_and_of_the_captains_team(db):
    assert await asked(db, "kimler cezalı") == "Şu an cezalı oyuncu yok."
    assert await asked(db, "cezalımız var mı") == "A1: cezalı oyuncunuz yok."
    await message(db, "A1 1-0 A4\ngoller: Veli\nkırmızı: Veli")
    text = await asked(db, "cezalı oyuncu var mı")
    assert text.startswith("🟥 Cezalı oyuncular\n• Veli (A1): cezalı: ")
    assert "(kırmızı kart)" in text
    mine = await asked(db, "cezalımız var mı")
    assert mine.startswith("🟥 A1: cezalı oyuncular\n• Veli: cezalı: ")


async def test_a_teams_goals_for_and_against_with_its_scorers(db):
    assert await asked(db, "kaç golümüz var") == "A1: henüz oynanmış maç yok."
    await message(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet")
    assert await asked(db, "kaç gol attık") == (
        "⚽ A1: 1 maçta 3 gol attınız, 1 gol yediniz.\nGolcüler: Ali 2, Veli 1"
    )
    assert await asked(db, "A4 kaç gol attı") == (
        "⚽ A4: 1 maçta 1 gol attı, 3 gol yedi.\nGolcüler: Mehmet 1"
    )
    assert await asked(db, "bu turnuvada kaç gol atıldı") == (
        "⚽ 1 maçta toplam 4 gol atıldı. Gol krallığı: /goller"
    )


async def test_a_first_person_question_from_someone_without_a_team_gets_the_picker(db):
    question = domain.questions.ask("cezalımız var mı")
    actor = Actor(999, CHAT, NOW, next(_updates))
    response = (await run(db, questions.respond, questions.Ask(question), actor)).value
    assert isinstance(response, questions.PickTeam)


async def test_goals_of_someone_who_is_no_team_is_left_unanswered(db):
    assert await asked(db, "messi kaç gol attı") is None


async def test_the_cards_and_the_fair_play_are_asked_like_the_goals(db):
    """ "kaç kartımız var", "en çok kart gören kim", "en centilmen takım hangisi" met
    silence, though /kartlar and /fairplay have the answer."""
    assert await asked(db, "kaç kartımız var") == (
        "🟨 A1: henüz kart görmediniz. Fair play sıralamasında 1. (0 puan): /fairplay"
    )
    await message(db, "A1 1-0 A4\ngoller: Ali\nsarı: Veli (A1), Mehmet (A4)\nkırmızı: Can (A4)")
    assert await asked(db, "kac sari kartimiz var?") == (
        "🟨🟥 A1: kartlar\n• Veli: 1 sarı\nFair play sıralamasında 7. (1 puan): /fairplay"
    )
    everyone = await asked(db, "en çok kart gören kim", user=ORGANISER)
    assert everyone.startswith("🟨🟥 Kartlar\n") and "• Can (A4): 1 kırmızı" in everyone
    fair = await asked(db, "en centilmen takım hangisi", user=ORGANISER)
    assert fair.startswith("🤝 Fair play (en az puan en üstte)") and "8. A4 4 puan" in fair
    assert await asked(db, "fair playde kaçıncıyız") == (
        "🤝 A1: fair play sıralamasında 7. (1 puan): /fairplay"
    )


async def test_a_players_goals_are_asked_by_his_name(db):
    """ "Ali kaç gol attı" met silence, as "Messi kaç gol attı" does."""
    await message(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Ali")
    assert await asked(db, "Ali kaç gol attı") == (
        "⚽ Ali (A1): 2 gol · Ali (A4): 1 gol. Gol krallığı: /goller"
    )
    assert await asked(db, "velinin kac golu var") == "⚽ Veli (A1): 1 gol. Gol krallığı: /goller"
    assert await asked(db, "Messi kaç gol attı") is None


async def test_a_player_asked_by_name_is_told_his_own_ban(db):
    """ "Ali cezalı mı" answered with the list of the banned, Ali not among them."""
    await message(db, "A1 1-0 A4\ngoller: Ali\nkırmızı: Veli (A1)")
    said = await asked(db, "veli cezalı mı")
    assert said.startswith("🟥 Veli (A1): cezalı: ") and "(kırmızı kart)" in said, said
    assert await asked(db, "ali cezalı mı") == "✅ Ali (A1) cezalı değil."
    assert (await asked(db, "messi cezalı mı")).startswith("🟥 Cezalı oyuncular")


async def test_a_player_asked_whether_he_may_play_is_told_his_ban_for_the_next_match(db):
    """ "Veli oynayabilir mi" met silence."""
    await message(db, "A1 1-0 A4\ngoller: Ali\nkırmızı: Veli (A1)")
    said = await asked(db, "Veli oynayabilir mi")
    assert said == "⛔ Veli (A1) cezalı (kırmızı kart): 5. maçı kaçırır (A1 – A3, bugün 11:00)."
    assert await asked(db, "veli oynar mı") == said
    assert await asked(db, "Ali oynayabilir mi") == "✅ Ali (A1) oynayabilir."
    assert await asked(db, "Ali bu maçta oynayabilir mi") == "✅ Ali (A1) oynayabilir."
    assert await asked(db, "Messi oynayabilir mi") is None  # no player of the tournament
    assert await asked(db, "A2 oynar mı") is None  # a team, not a player


async def test_when_a_player_may_play_is_his_ban_or_his_teams_next_match(db):
    """ "Veli ne zaman oynayabilir" met silence: "ne zaman" made it a team's next match,
    and Veli is no team."""
    await message(db, "A1 1-0 A4\ngoller: Ali\nkırmızı: Veli (A1)")
    banned = "⛔ Veli (A1) cezalı (kırmızı kart): 5. maçı kaçırır (A1 – A3, bugün 11:00)."
    assert await asked(db, "veli ne zaman oynayabilir") == banned
    assert await asked(db, "Veli ne zaman oynayabilecek?") == banned
    next_match = await asked(db, "ali ne zaman oynuyor")
    assert next_match == await asked(db, "A1 ne zaman oynuyor"), next_match
    assert await asked(db, "Messi ne zaman oynuyor") is None  # no player of the tournament


async def test_when_a_player_is_back_is_his_ban_or_that_he_may_play(db):
    """ "Hasan ne zaman döner" and "Hasan cezası ne zaman biter" met silence."""
    await message(db, "A1 1-0 A4\ngoller: Ali\nkırmızı: Veli (A1)")
    banned = "⛔ Veli (A1) cezalı (kırmızı kart): 5. maçı kaçırır (A1 – A3, bugün 11:00)."
    for typed in ("Veli ne zaman döner", "veli ne zaman donuyor", "Veli ne zaman dönecek?"):
        assert await asked(db, typed) == banned, typed
    assert await asked(db, "Ali ne zaman döner") == "✅ Ali (A1) oynayabilir."
    assert await asked(db, "annem ne zaman döner") is None  # no player of the tournament
    ends = await asked(db, "Veli cezası ne zaman biter")
    assert ends == await asked(db, "velinin cezası ne kadar") and ends.startswith("🟥 Veli (A1)")


async def test_a_player_is_asked_by_his_first_or_last_name_but_not_by_a_near_one(db):
    """The squad holds full names; "Ali kaç gol attı" and "Veli oynayabilir mi" with Ali
    Yılmaz and Veli Demir in it met silence."""
    await run(db, squads.add, squads.Add("A1: Ali Yılmaz, Veli Demir, Ali Can"), who())
    await message(db, "A1 3-1 A4\ngoller: Ali Yılmaz 2, Veli - Mehmet")
    assert await asked(db, "Yılmaz kaç gol attı") == (
        "⚽ Ali Yılmaz (A1): 2 gol. Gol krallığı: /goller"
    )
    assert await asked(db, "Ali kaç gol attı") == (
        "⚽ Ali Can (A1): henüz gol yok · Ali Yılmaz (A1): 2 gol. Gol krallığı: /goller"
    )
    assert await asked(db, "Veli oynayabilir mi") == "✅ Veli Demir (A1) oynayabilir."
    assert await asked(db, "veli demir cezalı mı") == "✅ Veli Demir (A1) cezalı değil."
    assert await asked(db, "Vel kaç gol attı") is None  # a part is a whole word, not a typo


@pytest.mark.parametrize(
    ("typed", "start"),
    [
        ("gol krallığı", "⚽ Gol kralı: Ali (A1), 2 gol"),
        ("golcüler", "⚽ Gol kralı: Ali (A1), 2 gol"),
        ("kart durumu", "🟨🟥 Kartlar"),
        ("fair play", "🤝 Fair play (en az puan en üstte)"),
        ("cezalılar", "Şu an cezalı oyuncu yok."),
    ],
)
async def test_a_lists_name_alone_asks_for_the_list_as_puan_durumu_does(db, typed, start):
    await message(db, "A1 3-0 A4\ngoller: Ali 2, Veli\nsarı: Veli")
    said = await asked(db, typed)
    assert said.startswith(start), said


@pytest.mark.parametrize("typed", ["gol", "gol gol gol", "kart", "sarı kart", "Gol kralı Ali"])
def test_a_shout_on_the_pitch_is_no_question(typed):
    assert domain.questions.ask(typed) is None


@pytest.mark.parametrize("typed", ["kadromuz", "bizim kadro", "kadroda kim var", "kadromuz kim"])
async def test_a_captain_asks_for_his_squad_in_words(db, typed):
    await run(db, squads.add, squads.Add("A1: Ali Yılmaz, Veli Demir"), who())
    assert await asked(db, typed) == "A1 kadrosu (2 oyuncu):\n• Ali Yılmaz\n• Veli Demir"


async def test_a_squad_asked_by_its_team_and_by_someone_without_one(db):
    await run(db, squads.add, squads.Add("A2: Can"), who())
    assert await asked(db, "A2 kadrosu", user=999) == "A2 kadrosu (1 oyuncu):\n• Can"
    assert (await asked(db, "A3 kadrosu?")).startswith("A3 kadrosunda henüz oyuncu yok.")
    assert await asked(db, "Real Madrid kadrosu") is None  # another team's
    picker = await asked(db, "kadromuz", user=999)
    assert picker is not None and "kadro" not in picker, picker  # the team picker


@pytest.mark.parametrize("typed", ["kadromuz şahane", "kadroyu kurduk", "kadro", "A1 kadrosu iyi"])
def test_news_about_a_squad_is_no_question(typed):
    assert domain.questions.ask(typed) is None


async def test_a_players_cards_are_asked_by_his_name(db):
    """ "Can kaç kart gördü" gave every booked player; "can kart gördü mü" met silence."""
    await run(db, squads.add, squads.Add("A1: Ali Yılmaz, Veli Demir"), who())
    await message(db, "A1 1-0 A4\ngoller: Ali\nsarı: Veli, Ali\nkırmızı: Mehmet (A4)")
    assert await asked(db, "Veli kaç kart gördü") == (
        "🟨🟥 Veli Demir (A1): 1 sarı. Tüm kartlar: /kartlar"
    )
    assert await asked(db, "veli kac sari gordu") == await asked(db, "Veli kaç kart gördü")
    assert await asked(db, "mehmet kart gördü mü") == (
        "🟨🟥 Mehmet (A4): 1 kırmızı. Tüm kartlar: /kartlar"
    )
    await run(db, squads.add, squads.Add("A2: Can"), who())
    assert (
        await asked(db, "Can kaç kart gördü")
        == "🟨🟥 Can (A2): kart görmedi. Tüm kartlar: /kartlar"
    )


@pytest.mark.parametrize("typed", ["A2 kadro", "a2 kadrosu kim"])
async def test_a_squad_named_by_its_team_before_kadro(db, typed):
    await run(db, squads.add, squads.Add("A2: Can"), who())
    assert await asked(db, typed) == "A2 kadrosu (1 oyuncu):\n• Can"


@pytest.mark.parametrize("typed", ["yeni kadro", "bu kadro"])
def test_a_squad_that_names_no_team_is_no_question(typed):
    assert domain.questions.ask(typed) is None


@pytest.mark.parametrize("typed", ["veli ceza ne kadar", "Veli ceza kaç maç"])
async def test_how_long_a_players_ban_runs_without_the_possessive(db, typed):
    """ "hasan ceza ne kadar" met silence ("Hasan'ın cezası ne kadar" was answered)."""
    await message(db, "A1 1-0 A4\ngoller: Ali\nkırmızı: Veli (A1)")
    assert await asked(db, typed) == await asked(db, "velinin cezası ne kadar")
    assert (await asked(db, typed)).startswith("🟥 Veli (A1): cezalı: ")


def test_a_fine_that_is_no_ban_is_no_question():
    assert domain.questions.ask("trafik ceza ne kadar") is None


async def test_the_team_that_scored_or_let_in_most_is_a_team_not_the_top_scorer(db):
    """ "en çok gol atan takım hangisi" named the top scorer, a player; without "hangisi"
    it met silence."""
    assert await asked(db, "en çok gol atan takım") == "Henüz oynanmış maç yok."
    await message(db, "A1 3-0 A4\ngoller: Ali 2, Veli")
    await message(db, "A2 2-1 A3\ngoller: Can 2 - Cem")
    scored = "⚽ En çok gol atan takım: A1, 3 gol. Tablo: /puan"
    assert await asked(db, "en çok gol atan takım hangisi") == scored
    assert await asked(db, "en golcü takım") == scored
    assert await asked(db, "en çok gol yiyen takım") == (
        "⚽ En çok gol yiyen takım: A4, 3 gol. Tablo: /puan"
    )
    assert await asked(db, "en az gol yiyen takım kim") == (
        "⚽ En az gol yiyen takım: A1, 0 gol. Tablo: /puan"
    )
    assert await asked(db, "en az gol atan takımlar") == (
        "⚽ En az gol atan takım: A4, 0 gol. Tablo: /puan"
    )
    assert (await asked(db, "en çok gol atan kim")).startswith("⚽ Gol kralları")


@pytest.mark.parametrize(
    "typed",
    [
        "takımda en çok gol atan kim",
        "takım olarak en çok gol atan biziz",
        "en çok gol atan takım olacağız",
    ],
)
def test_a_teams_top_scorer_or_a_boast_is_no_team_ranking(typed):
    question = domain.questions.ask(typed)
    assert question is None or question.detail is None, question
