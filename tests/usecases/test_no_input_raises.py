"""No input raises (issue 24): every command's arguments, as anyone may type them (Unicode
digits, superscripts, a 10,000-digit number, year 9999, right-to-left marks, emoji,
nothing), come back as a refusal (a DomainError, which the bot words in Turkish) or as
success, never as another exception. Each command goes the way its handler sends it:
through its use case on real storage (an 8-team day, and a season league for the week
commands), or through the pure reading the handler calls (the guided set-up's steps, a
question, a day/group/pitch/team selection)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import UTC
from pathlib import Path

import pytest
from eight_team_day import CHAT, KICKOFF, ORGANISER, stored_day
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_season_setup import CHAT as SEASON_CHAT
from test_season_setup import NOW as SEASON_NOW
from test_season_setup import ORGANISER as SEASON_ORGANISER
from test_season_setup import league_db

import domain.questions
from bot.texts import admin
from bot.texts import schedule as schedule_texts
from bot.usecases import (
    captains,
    forfeits,
    organisers,
    reminder_settings,
    results,
    schedule,
    setup,
    tournaments,
    views,
    weeks,
)
from bot.usecases.runner import Actor, run
from bot.usecases.setup_steps import Answers, take
from domain import when
from domain.errors import DomainError
from storage import Database

# What broke the bot once, and what looks like it: each alone, and as words of a line.
NASTY = (
    "",
    " ",
    "²",
    "³ takım",
    "٣",
    "١٢",
    "৭",
    "1" * 10_000,
    "9" * 5_000,
    "31.12.9999 23:59",
    "31.12.9999",
    "1.1.0001 00:00",
    "29.02.2027 10:00",
    "99:99",
    "24:00",
    "\u200f",
    "\u200e3\u200f",
    "\u202e7 11:30",
    "🏆",
    "⚽️ 3-1 🥅",
    "\x00",
    "-1",
    "0",
    "99999999999999999999",
    "3",
    "7 11:30",
    "3 31.12.9999 23:59",
    "saha ²",
    "saha ٣",
    "²9 11:30",
)
WORDS = (
    *NASTY,
    "kadro",
    "kapat",
    "grup",
    "kaptan",
    "saha",
    "2",
    "yarın",
    "10:00",
    "A1",
    "B2",
    "hükmen",
    "3-1",
    "|",
    "=",
    "takım",
    "aksam",
    "20:00",
    "hafta",
    "Şubat",
    "belirsiz",
)
TEXTS = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=30),
    st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=5).map(" ".join),
)


def _day(text: str) -> list[tuple[Callable[..., Awaitable[object]], object]]:
    """Each command of the day's tournament with `text` as its arguments: (verb, Cmd)."""
    words = tuple(text.split())
    first, _, rest = text.partition(" ")
    return [
        (setup.read_form, setup.Form(text)),
        (results.record, results.Record(text)),
        (captains.claim, captains.ClaimTeam(text)),
        (captains.remove, captains.Remove(text)),
        (organisers.record_lot, organisers.RecordLot(text)),
        (organisers.rename_team, organisers.RenameTeam(first, rest)),
        (organisers.change_tiebreak, organisers.TieBreakRule(text)),
        (reminder_settings.change_squad, reminder_settings.Squad(text)),
        (reminder_settings.change_leads, reminder_settings.Leads(words)),
        (reminder_settings.change_evening, reminder_settings.Evening(words)),
        (schedule.delay, schedule.Delay(text)),
        (schedule.postpone, schedule.Postpone(text)),
        (weeks.postpone_match, schedule.Postpone(text)),
        (weeks.plan_playoff, weeks.PlanPlayoff(text)),
        (tournaments.ask_restore, tournaments.AskRestore(text)),
        (forfeits.record_forfeit, forfeits.Forfeit(text)),
        (forfeits.record_forfeit, forfeits.Forfeit(text, plain=True)),
        (forfeits.withdraw_team, forfeits.Withdraw(text)),
        (forfeits.set_withdrawal_rule, forfeits.SetWithdrawalRule(text)),
    ]


def _season(text: str) -> list[tuple[Callable[..., Awaitable[object]], object]]:
    return [
        (weeks.postpone_week, weeks.PostponeWeek(text)),
        (weeks.postpone_match, schedule.Postpone(text)),
        (weeks.plan_playoff, weeks.PlanPlayoff(text)),
        (reminder_settings.change_evening, reminder_settings.Evening(tuple(text.split()))),
    ]


async def _each(db: Database, who: Actor, calls: list) -> None:
    for verb, command in calls:
        try:
            await run(db, verb, command, who)
        except DomainError:
            pass  # a refusal: the bot words it
        except BaseException as exc:
            said = f"{verb.__qualname__}({command!r:.200}) raised {exc!r:.300}"
            raise AssertionError(said) from exc


def _on(path: Path, who: Actor, calls: list) -> None:
    async def go() -> None:
        db = Database.from_url(f"sqlite+aiosqlite:///{path}")
        try:
            await _each(db, who, calls)
        finally:
            await db.dispose()

    asyncio.run(go())


@pytest.fixture(scope="module")
def day_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("day") / "day.sqlite3"

    async def make() -> None:
        await (await stored_day(f"sqlite+aiosqlite:///{path}", KICKOFF)).dispose()

    asyncio.run(make())
    return path


@pytest.fixture(scope="module")
def season_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("season") / "season.sqlite3"

    async def make() -> None:
        await (await league_db(path)).dispose()

    asyncio.run(make())
    return path


DAY_ORGANISER = Actor(ORGANISER, CHAT, KICKOFF.astimezone(UTC))
SEASON = Actor(SEASON_ORGANISER, SEASON_CHAT, SEASON_NOW.astimezone(UTC))
PROPERTY = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.mark.parametrize("text", NASTY)
def test_each_nasty_input_is_refused_or_taken_by_every_command(day_file, season_file, text):
    _on(day_file, DAY_ORGANISER, _day(text))
    _on(season_file, SEASON, _season(text))


@PROPERTY
@given(text=TEXTS)
def test_no_generated_argument_raises_in_the_days_commands(day_file, text):
    _on(day_file, DAY_ORGANISER, _day(text))


@PROPERTY
@given(text=TEXTS)
def test_no_generated_argument_raises_in_the_seasons_commands(season_file, text):
    _on(season_file, SEASON, _season(text))


def _refused(path: Path, who: Actor, verb: Callable[..., Awaitable[object]], command) -> Exception:
    async def go() -> Exception:
        db = Database.from_url(f"sqlite+aiosqlite:///{path}")
        try:
            with pytest.raises(DomainError) as caught:
                await run(db, verb, command, who)
            return caught.value
        finally:
            await db.dispose()

    return asyncio.run(go())


@pytest.mark.parametrize("typed", ["²", "٣", "1" * 10_000])
def test_a_squad_size_not_typed_in_digits_is_refused_with_what_to_type(day_file, typed):
    squad = reminder_settings.Squad(typed)
    refused = _refused(day_file, DAY_ORGANISER, reminder_settings.change_squad, squad)
    assert isinstance(refused, reminder_settings.BadSquad)  # the handler answers SQUAD_HOW
    assert admin.SQUAD_HOW == (
        "Kadro 3 ile 20 kişi arasında bir sayı olmalı."
        " Örnek: /ayarlar kadro 7 (kapatmak için: /ayarlar kadro kapat)"
    )


def test_a_postponement_to_year_9999_is_refused_with_what_to_type(day_file):
    for verb in (schedule.postpone, weeks.postpone_match):
        command = schedule.Postpone("3 31.12.9999 23:59")
        refused = _refused(day_file, DAY_ORGANISER, verb, command)
        assert isinstance(refused, when.OutOfHorizon)
        assert schedule_texts.refusal(refused) == (
            '"31.12.9999 23:59" (31 Aralık 9999 Cuma) 400 günden daha ileride; yılı kontrol'
            " edin. Örnek: /ertele 7 11:30 (maçın günü) ya da /ertele 7 yarın 10:00"
        )


# The guided set-up's steps, each with the answers a day has when it is asked.
DAY_ANSWERS = (
    "Bahar Kupası",
    "Kartallar, Şahinler, Aslanlar, Kaplanlar",
    "1",
    "gruplar + eleme",
    "2",
    "17 ocakta başlıyoruz",
    "30 dk maç 5 dk ara",
    "olsun",
    "tff",
)


def _asked() -> list[tuple[str, Answers]]:
    asked, step, told = [], "name", Answers()
    for typed in DAY_ANSWERS:
        asked.append((step, told))
        following = take(step, told, typed, KICKOFF)
        step, told = following.step, following.answers
    return asked


ASKED = _asked()


def _readings(text: str) -> None:
    """The pure readings the handlers call: each step of the guided set-up, a question, a
    selection of the day's matches."""
    for step, told in ASKED:
        with contextlib.suppress(DomainError):
            take(step, told, text, KICKOFF)
    domain.questions.ask(text)


@pytest.mark.parametrize("text", NASTY)
def test_each_nasty_input_is_read_or_refused_by_the_readings(text):
    _readings(text)


@PROPERTY
@given(text=TEXTS)
def test_no_generated_text_raises_in_the_readings(text):
    _readings(text)


def _select(day_file: Path, text: str) -> None:
    """/fikstur, /takimlar and the like: the day's matches `text` names (a refusal or not)."""

    async def go() -> None:
        db = Database.from_url(f"sqlite+aiosqlite:///{day_file}")
        try:
            snap = (await run(db, views.snapshot, views.Running(), DAY_ORGANISER)).value
        finally:
            await db.dispose()
        with contextlib.suppress(DomainError):
            snap.select(text, KICKOFF)

    asyncio.run(go())


@pytest.mark.parametrize("text", NASTY)
def test_each_nasty_selection_is_read_or_refused(day_file, text):
    _select(day_file, text)


@PROPERTY
@given(text=TEXTS)
def test_no_generated_selection_raises(day_file, text):
    _select(day_file, text)
