"""The guided set-up of a league over match weeks (issue 23, item 4): after the rhythm it
asks the first match day and the days to skip ("yok", "hiç", "yok hiç", "atlama yok"); an
edit of one answer never changes the kind of tournament ([Değiştir] → [İlk maç] → "17 ocak
14:00" keeps the season); a day past midnight or over 12 hours is made only by its own
button. On a fixed clock: nothing here depends on today's date."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, time, timedelta

import pytest
from eight_team_day import IST
from lifecycle_roles import at, day_with_roles, league, person

from bot.handlers.setup_steps import parse_button, summary_buttons
from bot.texts import setup as texts
from bot.texts.errors import refusal
from bot.usecases import drafts, organisers, setup, tournaments
from bot.usecases.errors import LongPlanUnconfirmed, NotYourButton
from bot.usecases.organisers import RenameTeam
from bot.usecases.runner import run
from bot.usecases.setup_steps import Answers, SetUp, edit_field, edit_fields, take
from domain.errors import DomainError

NOW = datetime(2027, 1, 5, 12, 0, tzinfo=IST)  # a Tuesday
EIGHT = "Kartallar, Şahinler, Aslanlar, Kaplanlar, Kurtlar, Ayılar, Boğalar, Tilkiler"


def walk(*answers: str, step: str = "name", start: Answers | None = None) -> tuple[str, Answers]:
    told = start or Answers()
    for text in answers:
        following = take(step, told, text, NOW)
        step, told = following.step, following.answers
    return step, told


def to_rhythm() -> tuple[str, Answers]:
    return walk("Pazar Ligi", EIGHT, "1", "league", "season")


def test_after_the_rhythm_the_first_match_day_and_the_days_to_skip_are_asked():
    step, a = to_rhythm()
    assert step == "rhythm"
    step, a = walk("0", step=step, start=a)  # [her pazar 14:00-17:00]
    assert step == "first"
    question = texts.question("first", a)
    assert "İlk maç günü hangi gün?" in question and "her Pazar 14:00-17:00" in question
    buttons, _ = texts.options("first", a)
    assert buttons == (("2027-01-10", "10 Ocak Pazar"), ("2027-01-17", "17 Ocak Pazar"))
    step, a = walk("2027-01-17", step=step, start=a)  # the second button
    assert step == "skip"
    assert "Atlanacak maç günü var mı" in texts.question("skip", a)
    assert texts.options("skip", a)[0] == (("yok", "Yok, atlanan gün yok"),)
    step, a = walk("7 şubat, 21 mart", step=step, start=a)
    assert step == "slot"
    assert (a.season["first"], a.season["skip"]) == ("2027-01-17", ["2027-02-07", "2027-03-21"])
    assert a.kickoff == datetime(2027, 1, 17, 14, 0, tzinfo=IST)


@pytest.mark.parametrize("none", ["yok", "hiç", "yok hiç", "atlama yok", "Yok.", "gerek yok"])
def test_no_day_to_skip_said_in_words(none):
    step, a = walk("0", "17 ocak", none, step="rhythm", start=to_rhythm()[1])
    assert step == "slot" and a.season["skip"] == []


def test_a_rhythm_that_says_its_first_day_and_skips_asks_neither():
    typed = "her pazar 14:00-17:00 | 17 Ocak'tan itibaren | 7 Şubat hariç"
    step, a = walk(typed, step="rhythm", start=to_rhythm()[1])
    assert step == "slot"
    assert (a.season["first"], a.season["skip"]) == ("2027-01-17", ["2027-02-07"])
    step, a = walk(typed.rsplit(" | ", 1)[0], step="rhythm", start=to_rhythm()[1])
    assert step == "skip"  # the first day said, the skipped days not


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("18 ocak", "18 Ocak 2027 Pazartesi ligin maç günü değil"),
        ("17 ocak 15:00", "yalnız tarihi yazın"),
        ("3 Ocak 2027", "geçmişte kaldı"),
        ("bir ara", "İlk maç günü"),
    ],
)
def test_a_first_day_off_the_rhythm_is_refused_and_asked_again_with_a_day_that_fits(typed, why):
    step, a = walk("0", step="rhythm", start=to_rhythm()[1])
    with pytest.raises(DomainError) as refused:
        take(step, a, typed, NOW)
    text = texts.refused(refusal(refused.value), step, a)
    assert why in text, text
    assert 'İlk maç günü hangi gün? Örnek: "17 Ocak"' in text and text.count("Örnek") == 1
    assert take(step, a, "17 Ocak", NOW).step == "skip"


def test_a_skipped_day_off_the_rhythm_is_refused():
    step, a = walk("0", "17 ocak", step="rhythm", start=to_rhythm()[1])
    with pytest.raises(DomainError) as refused:
        take(step, a, "8 şubat", NOW)
    assert "8 Şubat 2027 Pazartesi bir maç günü değil" in refusal(refused.value)


def summarised() -> Answers:
    step, a = walk("0", "2027-01-10", "yok", "30+5", "tff", step="rhythm", start=to_rhythm()[1])
    assert step == "confirm"
    return a


def test_degistir_ilk_mac_17_ocak_1400_keeps_the_season_and_moves_its_first_day():
    a = summarised()
    assert edit_fields(a) == (
        "name", "teams", "pitches", "format", "rhythm", "first", "skip", "slot", "tiebreak",
    )  # fmt: skip
    labels = dict(texts.options("edit", a, edit_fields(a))[0])
    assert labels["first"] == "İlk maç" and "kickoff" not in labels
    assert edit_field(a, "İlk maç", button=False) == "first"  # typed, as the button reads
    assert edit_field(a, "kickoff", button=True) == "first"  # an older keyboard's button
    editing = replace(a, editing=True)
    done = take("first", editing, "17 ocak 14:00", NOW)
    assert (done.step, done.edited) == ("confirm", True)
    after = done.answers
    assert (after.kind, after.format, after.season["first"]) == ("season", "league", "2027-01-17")
    assert after.season["every_days"] == 7 and after.season["opens"] == "14:00"
    assert take("kickoff", editing, "17 ocak 14:00", NOW).answers.season == after.season
    _, plan = drafts.build(after.spec())
    weeks = sorted({m.week for m in plan.matches})
    assert len(plan.matches) == 28 and weeks == list(range(1, 8))
    days = sorted({m.start.date() for m in plan.matches})
    assert days == [date(2027, 1, 17) + timedelta(days=7 * i) for i in range(7)]
    assert all(m.end.astimezone(IST).time() <= time(17) for m in plan.matches)
    assert drafts.day_warning(after.data(), plan, NOW, IST) is None


def test_a_changed_rhythm_keeps_a_first_day_that_still_fits_and_asks_one_that_does_not():
    a = replace(summarised(), editing=True)
    hours = take("rhythm", a, "her pazar 15:00-18:00", NOW)
    assert hours.step == "confirm" and hours.answers.season["first"] == "2027-01-10"
    weekday = take("rhythm", a, "her cumartesi 10:00-13:00", NOW)
    assert weekday.step == "first"  # 10 January is a Sunday: asked again
    assert take("first", weekday.answers, "16 ocak", NOW).step == "confirm"


def test_a_days_kick_off_edited_with_a_rhythm_stays_one_day():
    step, a = walk("Akşam Ligi", EIGHT, "1", "league", "7 Ocak 20:00", "26+4", "tff")
    assert step == "confirm" and a.kind == "day"
    with pytest.raises(DomainError):
        take("kickoff", replace(a, editing=True), "her pazar 14:00-17:00", NOW)
    assert edit_field(a, "Gün ve saat", button=False) == "kickoff"


# --- a day past midnight or over 12 hours: its own button ---------------------------------


@pytest.fixture
async def db(tmp_path):
    database = await day_with_roles(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    await run(database, tournaments.end, tournaments.End(1), person("creator"))
    yield database
    await database.dispose()


def long_day() -> dict:
    teams = [f"Takım {i}" for i in range(1, 11)]  # 45 matches of 30 min: 22.5 hours
    return {**league("Uzun Gün"), "teams": teams, "match": 25, "changeover": 5}


async def summary(db, data: dict, minute: int) -> None:
    who = person("creator", at(9, minute))
    await run(db, setup.summarise, setup.Summarise(Answers.of(data)), who)


async def test_a_day_past_midnight_is_made_only_by_yine_de_olustur(db):
    data = long_day()
    _, plan = drafts.build(drafts.spec_of(data))
    warned = drafts.day_warning(data, plan, at(9), IST)
    assert warned is not None and warned.midnight
    await summary(db, data, 30)
    plans = {drafts.data_key(data): plan}
    with pytest.raises(LongPlanUnconfirmed) as refused:
        await run(db, setup.confirm, setup.Confirm(False, plans), person("creator", at(9, 31)))
    said = refusal(refused.value)
    assert "gece yarısını geçiyor" in said and "[Yine de Oluştur]" in said
    long = setup.Confirm(False, plans, long=True)
    done = await run(db, setup.confirm, long, person("creator", at(9, 32)))
    assert done.value.name == "Uzun Gün" and len(done.value.plan.matches) == 45


async def test_yine_de_olustur_under_a_plan_that_fits_a_day_is_an_older_summarys(db):
    await summary(db, league(), 30)
    with pytest.raises(NotYourButton):
        await run(db, setup.confirm, setup.Confirm(False, long=True), person("creator", at(9, 31)))
    done = await run(db, setup.confirm, setup.Confirm(False), person("creator", at(9, 32)))
    assert len(done.value.plan.matches) == 6


def test_the_long_summarys_buttons_say_yine_de_olustur():
    markup = summary_buttons(5, replaces=False, long=True)
    first = markup.inline_keyboard[0][0]
    assert first.text == "Yine de Oluştur" and parse_button(first.callback_data) == (
        5, "confirm", "create_long",
    )  # fmt: skip
    replacing = summary_buttons(5, replaces=True, long=True).inline_keyboard[0][0]
    assert replacing.text == "Yine de yerine kur"
    assert parse_button(replacing.callback_data) == (5, "confirm", "replace_long")


def test_a_stored_season_set_up_keeps_what_it_was_told():
    a = walk("0", "17 ocak", step="rhythm", start=to_rhythm()[1])[1]
    talk = SetUp("skip", a, NOW)
    again = SetUp.read(talk.stored())
    assert again is not None and again.answers == a and a.told == ("first",)


# --- team names: as typed when capitalised, else with Turkish capitals ----------------------


async def test_takim_adi_gives_a_lower_case_name_its_turkish_capitals(tmp_path):
    database = await day_with_roles(f"sqlite+aiosqlite:///{tmp_path / 'd.sqlite3'}")
    try:
        who = person("creator", at(9, 30))
        renamed = await run(database, organisers.rename_team, RenameTeam("A1", "ısparta"), who)
        assert renamed.value == ("A1", "Isparta")
        kept = await run(database, organisers.rename_team, RenameTeam("A2", "FC kartal"), who)
        assert kept.value == ("A2", "FC kartal")
        async with database.unit_of_work(read_only=True) as uow:
            teams = set(await uow.teams.ids(1))
        assert {"Isparta", "FC kartal"} <= teams and "A1" not in teams
    finally:
        await database.dispose()


def test_the_guided_teams_answer_capitalises_lower_case_names():
    _, a = walk("Kupa", "şahinler, ısparta, istanbul gençlik, Kartallar")
    assert a.teams == ("Şahinler", "Isparta", "İstanbul Gençlik", "Kartallar")
