"""Digits from any script never crash a reading (issue 30 item 6): Python's `str.isdigit()`
takes "²", "①" and "١" and `int()` refuses the first two, so a member's "² kaçta oynuyor?"
or "①. maç kaçta?" was answered "Bir şeyler ters gitti". A number is read from ASCII digits
only; a question or a result line with other digits is answered as the words around them
say, or not at all, never with an exception. Each text goes the way the bot sends it: the
question reader then the question's use case (a member of the 8-team day's group), and the
result reader then the result's use case (its organiser)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from datetime import UTC
from pathlib import Path

import pytest
from eight_team_day import CHAT, KICKOFF, ORGANISER, stored_day
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain.questions
from bot.usecases import questions, result_messages
from bot.usecases.runner import Actor, run
from domain.errors import DomainError
from storage import Database

MEMBER = 77
# Characters `str.isdigit()` takes that are not ASCII digits: superscripts, circled and
# parenthesised numbers, other scripts' decimal digits (Arabic-Indic, Devanagari, full-width).
ODD_DIGITS = "²³¹⁰⁴⁹₂₅①②⑩⑳⑴⒈١٢٣٠۵७১๓１２０𝟐"
TEMPLATES = (
    "{} kaçta oynuyor?",
    "{}. maç kaçta?",
    "{}. maç ne zaman",
    "{}. maçımız kaçta",
    "A1 {}. maçı ne zaman",
    "A1 in {}. maçı hangi sahada",
    "{} nolu maç kaçta",
    "{}",
    "A1 {} - {} A2",
    "A1 {}-{} A2",
    "A1 {}:{} A2",
    "{}-{}",
    "A1 A2 {}-{}",
    "#{} A1 {}-1 A2",
)
DIGITS = st.one_of(
    st.sampled_from(ODD_DIGITS),
    st.characters(categories=["Nd", "No"]),
    st.sampled_from("0123456789"),
)
NUMBERS = st.lists(DIGITS, min_size=1, max_size=3).map("".join)


@st.composite
def texts(draw: st.DrawFn) -> str:
    template = draw(st.sampled_from(TEMPLATES))
    return template.format(*(draw(NUMBERS) for _ in range(template.count("{}"))))


_updates = itertools.count(5_000_000)


async def _ask_and_record(db: Database, text: str) -> None:
    now = KICKOFF.astimezone(UTC)
    question = domain.questions.ask(text)
    if question is not None:
        member = Actor(MEMBER, CHAT, now, next(_updates))
        with contextlib.suppress(DomainError):  # a refusal: the bot words it
            await run(db, questions.respond, questions.Ask(question), member)
    organiser = Actor(ORGANISER, CHAT, now, next(_updates))
    with contextlib.suppress(DomainError):
        await run(db, result_messages.record, result_messages.Message(text), organiser)


def _through_the_bot(path: Path, text: str) -> None:
    async def go() -> None:
        db = Database.from_url(f"sqlite+aiosqlite:///{path}")
        try:
            await _ask_and_record(db, text)
        except BaseException as exc:
            raise AssertionError(f"{text!r} raised {exc!r:.300}") from exc
        finally:
            await db.dispose()

    asyncio.run(go())


@pytest.fixture(scope="module")
def day_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("digits") / "day.sqlite3"

    async def make() -> None:
        await (await stored_day(f"sqlite+aiosqlite:///{path}", KICKOFF)).dispose()

    asyncio.run(make())
    return path


@pytest.mark.parametrize(
    "text", ["² kaçta oynuyor?", "①. maç kaçta?", "٢. maç kaçta?", "A1 ²-① A2", "⑵"]
)
def test_a_question_or_result_with_digits_of_another_kind_is_answered_or_ignored(day_file, text):
    _through_the_bot(day_file, text)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=texts())
def test_no_text_with_unicode_digits_raises_in_the_question_or_result_reader(day_file, text):
    _through_the_bot(day_file, text)
