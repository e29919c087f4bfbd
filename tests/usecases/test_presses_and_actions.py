"""A press waiting behind its chat's backlog is answered within Telegram's time, once
(bot/runtime/presses.py); a picture, a PDF or a plan being made shows Telegram's "sending
a photo…" once (bot/handlers/showing.py). Without a network: the bot's calls are recorded."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from telegram import CallbackQuery, Update, User
from telegram.error import NetworkError

from bot.handlers import showing
from bot.handlers.common import acknowledge
from bot.runtime import presses
from bot.runtime.presses import Presses
from bot.texts.budget import PRESS_QUEUED

PRESSER = User(id=7, first_name="Ayşe", is_bot=False)


def pressed(query_id: str, update_id: int = 1) -> Update:
    query = CallbackQuery(id=query_id, from_user=PRESSER, chat_instance="kupa", data="tb:ok")
    return Update(update_id=update_id, callback_query=query)


class Answers:
    """answerCallbackQuery as the early answer calls it: the ids, in order."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.seen = asyncio.Event()

    async def __call__(self, query_id: str) -> bool:
        self.ids.append(query_id)
        self.seen.set()
        return True


class Query:
    """What a handler's acknowledge() sees of a press: its id and its answer."""

    def __init__(self, query_id: str) -> None:
        self.id = query_id
        self.answers: list[str | None] = []

    async def answer(self, text: str | None = None, **_: Any) -> bool:
        self.answers.append(text)
        return True


async def test_a_press_still_waiting_after_the_hold_is_answered_queued_and_only_once():
    answers = Answers()
    found = Presses(answers, hold=0.01)
    found.heard([pressed("41")])
    async with asyncio.timeout(5):
        await answers.seen.wait()
    assert answers.ids == ["41"] and found.answered_early == 1
    found.heard([pressed("41")])  # a copy delivered again: not answered twice
    assert found.begun("41")  # its turn came: it had its answer
    query = Query("41")
    token = presses.early.set("41")
    try:
        assert await acknowledge(query, "Turnuva bitirildi")  # type: ignore[arg-type]
    finally:
        presses.early.reset(token)
    assert query.answers == []  # Telegram takes one answer per press: none sent again
    await found.close()
    assert answers.ids == ["41"]


async def test_a_press_whose_turn_comes_in_time_gets_its_handlers_own_answer():
    answers = Answers()
    found = Presses(answers, hold=60)
    found.heard([pressed("42", 1), pressed("43", 2)])
    assert not found.begun("42")  # begun within the hold: no early answer...
    query = Query("42")
    assert await acknowledge(query, "Kaydedildi")  # type: ignore[arg-type]
    assert query.answers == ["Kaydedildi"]  # ...its handler's own
    await found.close()  # stopping: the other's timer goes too
    assert answers.ids == [] and not found.begun("43")


async def test_an_early_answer_that_fails_leaves_the_answer_to_the_handler():
    tried = asyncio.Event()

    async def away(query_id: str) -> bool:
        tried.set()  # the attempt ends in the same step: refused
        raise NetworkError("the Bot API is away")

    found = Presses(away, hold=0.0)
    found.heard([pressed("44")])
    async with asyncio.timeout(5):
        await tried.wait()
    assert not found.begun("44") and found.answered_early == 0
    await found.close()


def test_the_queued_toast_is_within_telegrams_limit():
    assert len(PRESS_QUEUED) <= 200 and PRESS_QUEUED.startswith("⏳")


class Bot:
    """sendChatAction recorded; `on_action` lets slow work know the chat was shown."""

    def __init__(self, fails: bool = False) -> None:
        self.actions: list[tuple[int, str]] = []
        self.on_action = asyncio.Event()
        self.fails = fails

    async def send_chat_action(self, chat_id: int, action: str) -> bool:
        self.actions.append((chat_id, action))
        self.on_action.set()
        if self.fails:
            raise NetworkError("the Bot API is away")
        return True


@pytest.mark.parametrize("fails", [False, True])  # an action refused never costs the reply
async def test_slow_work_shows_the_action_once_while_it_runs(fails: bool):
    bot = Bot(fails=fails)

    async def slow() -> str:
        await bot.on_action.wait()  # done only once the chat was shown the action
        return "pdf"

    async with asyncio.timeout(10):
        got = await showing.showing(bot, -100, showing.DOCUMENT, slow())  # type: ignore[arg-type]
    assert got == "pdf" and bot.actions == [(-100, "upload_document")]


async def test_work_of_no_kind_shows_nothing_and_a_refusal_stays_a_refusal():
    bot = Bot()

    async def calendar() -> str:
        return "ics"

    assert await showing.showing(bot, -100, None, calendar()) == "ics"  # type: ignore[arg-type]
    assert bot.actions == []

    async def refused() -> str:
        raise ValueError("too large")

    with pytest.raises(ValueError, match="too large"):
        await showing.showing(bot, -100, showing.TYPING, refused())  # type: ignore[arg-type]
    assert bot.actions == [(-100, "typing")]
