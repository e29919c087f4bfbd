"""No input raises, through the real handlers (issue 24, item 5): every command the bot
registers (read from bot.app's handlers) with hypothesis-generated arguments (Unicode
digits, superscripts, 10,000-character numbers, year 9999, right-to-left marks, emoji,
nothing) goes through the bot's own Application, in a group with DOMAIN.md's 8-team day,
from its organiser and from a stranger; each gets a reply and the log gets no traceback
and no error. The use-case level of the same property: test_no_input_raises.py."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from datetime import UTC
from itertools import count

import pytest
from eight_team_day import CHAT, KICKOFF, ORGANISER, stored_day
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from inprocess import handle, message, running_bot
from telegram.ext import CommandHandler
from test_no_input_raises import TEXTS

STRANGER = 99
ISSUE_CASES = ("/ayarlar kadro ²", f"/ayarlar kadro {'7' * 10_000}", "/ertele 3 31.12.9999 23:59")


class Errors(logging.Handler):
    """Every record at ERROR or with a traceback, wherever it is logged."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.seen: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.seen.append(record)


class Bot:
    """The running bot on its own event loop, one update at a time."""

    def __init__(self, url: str) -> None:
        self.loop = asyncio.new_event_loop()
        self._bot = running_bot(url, KICKOFF.astimezone(UTC))
        self.app = self.loop.run_until_complete(self._bot.__aenter__())
        self.commands = sorted(
            {c for h in self.app.handlers[0] if isinstance(h, CommandHandler) for c in h.commands}
        )
        self.ids = count(1)

    def send(self, user: int, text: str) -> list[str]:
        """What the bot sent (messages, edits, files) in answer to `text` from `user`."""
        sent = self.app.bot_data["request"].sent
        before = len(sent)
        update = message(next(self.ids), CHAT, user, text)
        self.loop.run_until_complete(handle(self.app, update))
        return [t for _, t in sent[before:]]

    def close(self) -> None:
        self.loop.run_until_complete(self._bot.__aexit__(None, None, None))
        self.loop.close()


@pytest.fixture(scope="module")
def bot(tmp_path_factory) -> Iterator[Bot]:
    path = tmp_path_factory.mktemp("commands") / "day.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    asyncio.run(_stored(url))
    running = Bot(url)
    yield running
    running.close()


async def _stored(url: str) -> None:
    await (await stored_day(url, KICKOFF.astimezone(UTC))).dispose()


@pytest.fixture
def errors() -> Iterator[Errors]:
    found = Errors()
    logging.getLogger().addHandler(found)
    yield found
    logging.getLogger().removeHandler(found)


def _answered(bot: Bot, errors: Errors, user: int, text: str) -> None:
    said = bot.send(user, text)
    shown = f"{text[:80]!r} from {user}"
    assert not errors.seen, f"{shown}: {[r.getMessage()[:300] for r in errors.seen]}"
    assert said, f"{shown}: no reply"
    assert not any("Bir şeyler ters gitti" in t for t in said), f"{shown}: {said}"


def test_the_commands_are_read_from_the_app(bot):
    assert {"sonuc", "ertele", "ayarlar", "yeni_turnuva", "geri_al"} <= set(bot.commands)


@pytest.mark.parametrize("text", ISSUE_CASES)
def test_the_inputs_that_raised_are_refused_with_what_to_type(bot, errors, text):
    _answered(bot, errors, ORGANISER, text)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), arguments=TEXTS, user=st.sampled_from((ORGANISER, STRANGER)))
@example(data=None, arguments="²", user=ORGANISER)
def test_every_command_with_any_arguments_is_answered_without_a_traceback(
    bot, errors, data, arguments, user
):
    errors.seen.clear()
    name = "ayarlar" if data is None else data.draw(st.sampled_from(bot.commands))
    _answered(bot, errors, user, f"/{name} {arguments}".rstrip())
