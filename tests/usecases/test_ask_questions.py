"""Questions through the questions.respond use case on the 8-team day: the knockout, a
bystander's "maç kaçta", "bugün maç var mı", going through, and results still missing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from eight_team_day import CHAT, GROUP_RESULTS, KICKOFF, ORGANISER, stored_day

import domain.questions
from bot.texts import captains
from bot.texts.questions import answer_text, finished
from bot.usecases import questions, results, views
from bot.usecases.runner import Actor, run
from domain.model import Stage
from domain.outlook import Status

CAPTAINS = {"A1": 21, "A3": 23, "A4": 24}
BYSTANDER = 30


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    database = await stored_day(url, _at(8, 0), CAPTAINS)
    yield database
    await database.dispose()


def _at(hour: int, minute: int = 0, day: int = 6) -> datetime:
    return KICKOFF.replace(day=day, hour=hour, minute=minute).astimezone(UTC)


async def asked(db, question: domain.questions.Question, actor: Actor):
    return (await run(db, questions.respond, questions.Ask(question), actor)).value


def alone(user: int) -> Actor:
    """The user in their private chat with the bot."""
    return Actor(user, user, _at(9), private=True)


async def respond(db, text: str, user: int, now: datetime):
    question = domain.questions.ask(text)
    assert isinstance(question, domain.questions.Question), text
    response = await asked(db, question, Actor(user, CHAT, now))
    return response, (None if response is None else answer_text(question, response, now))


async def enter(db, *lines: str) -> None:
    for line in lines:
        async with db.unit_of_work() as uow:
            await results.record(uow, results.Record(line), Actor(ORGANISER, CHAT, _at(9)))
            await uow.commit()


async def test_final_ne_zaman_names_the_final_with_its_sides_in_words(db):
    response, text = await respond(db, "final ne zaman", BYSTANDER, _at(9))
    assert isinstance(response, questions.StageAnswer) and response.stage is Stage.FINAL
    assert text.startswith("🏆 Final: ")
    assert "1. yarı finalin galibi – 2. yarı finalin galibi" in text
    assert "bugün 14:45" in text and "sa sonra" not in text


async def test_the_semi_finals_are_listed_both(db):
    response, text = await respond(db, "yarı final kaçta", BYSTANDER, _at(9))
    assert isinstance(response, questions.StageAnswer) and len(response.matches) == 2
    assert text.count("Yarı final") == 2 and "A Grubu 1.si" in text


async def test_a_stage_the_tournament_does_not_have_is_said_so(db):
    _, text = await respond(db, "çeyrek final ne zaman", BYSTANDER, _at(9))
    assert text == "Bu turnuvada çeyrek final yok."


async def test_a_bystanders_mac_kacta_gets_the_next_slot_not_a_team_picker(db):
    response, text = await respond(db, "maç kaçta", BYSTANDER, _at(9, 15))
    assert isinstance(response, questions.SlotAnswer)
    assert text.splitlines()[0] == "⏱ Sıradaki maçlar bugün 10:00 (45 dk sonra):"
    assert "• Saha 1: A1 – A4 (A Grubu)" in text and "• Saha 2: A2 – A3 (A Grubu)" in text


async def test_the_next_slot_goes_by_the_clock_and_lists_missing_results_apart(db):
    _, text = await respond(db, "maç kaçta", BYSTANDER, _at(10, 38))
    first, *rest = text.splitlines()
    assert first == "⏱ Şimdi oynanıyor (başlama 10:30):"
    assert "• Saha 1: B1 – B4 (B Grubu)" in rest
    assert rest[-1] == "Sonuç bekleniyor: 1. maç A1 – A4 (10:00), 2. maç A2 – A3 (10:00)"


async def test_bugun_mac_var_mi_the_day_before_says_not_today_but_tomorrow(db):
    _, text = await respond(db, "bugün maç var mı", BYSTANDER, _at(18, 0, day=5))
    assert text.splitlines()[0] == "⏱ Bugün maç yok, sıradaki maçlar yarın 10:00:"
    _, mine = await respond(db, "bugün maçımız var mı", CAPTAINS["A1"], _at(18, 0, day=5))
    assert mine.startswith("⚽ A1: bugün yok, sıradaki maçınız yarın 10:00.")


async def test_yarin_mac_var_mi_starts_its_sentence_with_a_capital(db):
    """ "yarın maç var mı" said "⏱ yarın yok, …": the sentence began in lower case."""
    _, text = await respond(db, "yarın maç var mı", BYSTANDER, _at(9))
    assert text.splitlines()[0] == "⏱ Yarın maç yok, sıradaki maçlar bugün 10:00 (1 sa sonra):"


async def test_a_personal_question_from_someone_without_a_team_gets_the_picker(db):
    response, text = await respond(db, "ne zaman oynuyoruz", BYSTANDER, _at(9))
    assert isinstance(response, questions.PickTeam) and text == captains.pick_team()


async def test_a_captains_question_names_tomorrow_and_not_hours(db):
    _, text = await respond(db, "ne zaman oynuyoruz", CAPTAINS["A1"], _at(9, 0, day=5))
    assert text.endswith("Saha 1, yarın 10:00.")


async def test_a_hint_naming_no_team_gets_nothing(db):
    response, _ = await respond(db, "film ne zaman başlıyor", BYSTANDER, _at(9))
    assert response is None


async def test_going_through_is_through_out_or_open_by_the_points(db):
    await enter(db, *GROUP_RESULTS[:4])  # A1 6, A2 4, A3 1, A4 0; A1–A2 and A3–A4 left
    response, text = await respond(db, "gruptan çıkıyor muyuz", CAPTAINS["A1"], _at(11, 5))
    assert (
        isinstance(response, questions.QualifyAnswer) and response.outlook.status is Status.THROUGH
    )
    assert text.startswith("✅ A1: gruptan çıkmayı garantilediniz")
    response, text = await respond(db, "gruptan çıkıyor muyuz", CAPTAINS["A4"], _at(11, 5))
    assert response.outlook.status is Status.OUT and "giremiyorsunuz" in text
    response, text = await respond(db, "gruptan çıkar mıyız", CAPTAINS["A3"], _at(11, 5))
    assert response.outlook.status is Status.OPEN
    assert "A4 ile bugün 12:00" in text and "yetmeyebilir" in text


async def test_matches_over_without_results_are_awaited_not_finished(db):
    response, text = await respond(db, "ne zaman oynuyoruz", CAPTAINS["A4"], _at(16))
    assert isinstance(response, questions.Answer) and response.match is None
    assert "maçlarınız bitti" not in text and "sonuçlar bekleniyor" in text
    await enter(db, *GROUP_RESULTS)
    _, text = await respond(db, "ne zaman oynuyoruz", CAPTAINS["A4"], _at(16))
    assert text == "A4: maçlarınız bitti, grubunuzu 4. sırada tamamladınız."


async def test_the_two_argument_finished_text_also_waits_for_results(db):
    response, _ = await respond(db, "ne zaman oynuyoruz", CAPTAINS["A4"], _at(16))
    assert isinstance(response, questions.Answer) and response.place == questions.AWAITING
    assert "sonuçları bekleniyor" in finished(response.team, response.place)


async def test_a_team_and_a_question_word_is_answered_about_that_team(db):
    _, text = await respond(db, "A2 kaçta?", BYSTANDER, _at(9))
    assert text.startswith("⚽ A2: sıradaki maçı A Grubu, rakip A3.")
    question = domain.questions.ask("Mehmet kaçta?")
    assert question is not None and question.team_only
    assert await asked(db, question, Actor(BYSTANDER, CHAT, _at(9))) is None


async def test_a_private_question_is_about_the_captains_one_tournament(db):
    final = await asked(db, domain.questions.ask("final ne zaman"), alone(CAPTAINS["A1"]))
    mine = await asked(db, domain.questions.ask("gruptan çıkıyor muyuz"), alone(CAPTAINS["A1"]))
    nobody = await asked(db, domain.questions.ask("ne zaman oynuyoruz"), alone(BYSTANDER))
    assert isinstance(final, questions.StageAnswer) and final.stage is Stage.FINAL
    assert isinstance(mine, questions.QualifyAnswer) and mine.team == "A1"
    assert nobody == []


async def test_a_question_is_one_read_the_team_picker_included(db, monkeypatch):
    """From arrival to answer one read-only unit of work: the picker's buttons come from
    the answer itself (its tournament and teams), not from a second read."""
    opened, real = [], db.unit_of_work

    def counted(*args, **kwargs):
        opened.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(db, "unit_of_work", counted)
    response, _ = await respond(db, "ne zaman oynuyoruz?", BYSTANDER, _at(9))
    assert isinstance(response, questions.PickTeam) and response.tournament_id == 1
    assert response.teams[:2] == ("A1", "A2") and len(response.teams) == 8
    answer, _ = await respond(db, "ne zaman oynuyoruz?", CAPTAINS["A1"], _at(9))
    assert isinstance(answer, questions.Answer) and answer.team == "A1"
    assert opened == [{"read_only": True}] * 2


async def test_a_bystanders_question_that_needs_a_team_gets_the_picker(db):
    response, _ = await respond(db, "puan durumumuz ne", BYSTANDER, _at(9))
    assert isinstance(response, questions.PickTeam)
    response, _ = await respond(db, "puan durumu ne", BYSTANDER, _at(9))  # needs none
    assert isinstance(response, views.Tables)
    response, _ = await respond(db, "maç nerede", BYSTANDER, _at(9))
    assert isinstance(response, questions.SlotAnswer)
