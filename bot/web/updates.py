"""What a webhook POST must be before it is stored: an update this bot can read.

Telegram's own bodies always pass; anything else posted with the secret (a test, a broken
proxy, someone who has the secret) is refused with 400 and one log line, never stored (a
stored row that cannot be read would be replayed at every start) and never a 500 with a
traceback. The checks are those the bot relies on later: an update id and the chat, user
and message ids as 64-bit integers, texts and button data as strings, a payload that
python-telegram-bot reads, a message or a membership change with its chat (Telegram's
always has one; the handlers address the answer to it), and JSON nested at most MAX_DEPTH
deep (Telegram's updates are about ten; 100,000 would exhaust the parser's recursion).

An update of a kind the bot does not handle (an edited message, a poll: none that
ALLOWED_UPDATES asks for, should Telegram send one) is answered 200 and not stored:
Telegram sends again what is not answered with a 2xx.
"""

from __future__ import annotations

import json
from typing import Any

from telegram import Bot, Update
from telegram.constants import ChatType

from bot.runtime.chats import chat_key

BIG = 2**63  # ids are BigInteger columns
MAX_DEPTH = 64  # JSON nesting a body may have (Telegram's are about ten deep)
HANDLED = ("message", "callback_query", "my_chat_member")  # bot.web.server.ALLOWED_UPDATES
_WITH_CHAT = ("message", "my_chat_member")  # Telegram's always name their chat
_KINDS = {kind.value for kind in ChatType}


class Unreadable(ValueError):
    """Not an update this bot can read; the reason, for the log line."""


def _int(value: object, what: str, *, signed: bool = True) -> None:
    if type(value) is not int or not (-BIG if signed else 0) <= value < BIG:
        raise Unreadable(f"{what} is not a 64-bit integer")


def parse(body: bytes) -> object:
    """The POSTed body's JSON value; Unreadable when it is not JSON or nested deeper than
    MAX_DEPTH (the parser's recursion error is its own, caught here, never a 500)."""
    try:
        data = json.loads(body)
    except RecursionError:
        raise Unreadable(f"JSON nested deeper than {MAX_DEPTH}") from None
    except ValueError as exc:  # not JSON, not UTF-8, an integer of thousands of digits
        raise Unreadable(f"not JSON ({type(exc).__name__})") from None
    if depth(data) > MAX_DEPTH:
        raise Unreadable(f"JSON nested deeper than {MAX_DEPTH}")
    return data


def depth(data: object) -> int:
    """How deep `data`'s lists and objects nest (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, level + 1)
            if level + 1 <= MAX_DEPTH:  # past it the answer is known: deeper than allowed
                stack.extend((item, level + 1) for item in value)
    return deepest


def read(data: object, bot: Bot) -> Update | None:
    """The update in a POSTed JSON body; None for a kind the bot does not handle (answered
    200, not stored); Unreadable when it is no update."""
    if not isinstance(data, dict):
        raise Unreadable("not a JSON object")
    _int(data.get("update_id"), "update_id", signed=False)
    if depth(data) > MAX_DEPTH:  # a stored row's too, whatever wrote it
        raise Unreadable(f"JSON nested deeper than {MAX_DEPTH}")
    if all(data.get(kind) is None for kind in HANDLED):
        return None
    try:
        update = Update.de_json(data, bot)
    except Exception as exc:
        raise Unreadable(f"unreadable ({type(exc).__name__})") from None
    if update is None:
        raise Unreadable("empty")
    for kind in _WITH_CHAT:
        if getattr(update, kind) is not None and update.effective_chat is None:
            raise Unreadable(f"a {kind} without its chat")
    _int(chat_key(update) or 0, "the chat id")
    chat = update.effective_chat
    if chat is not None and chat.type not in _KINDS:
        raise Unreadable(f"a chat of no known type ({chat.type!r})")
    if update.effective_user is not None:
        _int(update.effective_user.id, "the user id")
    message = update.effective_message
    if message is not None:
        _int(message.message_id, "message_id")
        _texts(message.text, message.caption)
    if update.callback_query is not None:
        _texts(update.callback_query.data, update.callback_query.id)
    return update


def _texts(*values: Any) -> None:
    if any(v is not None and not isinstance(v, str) for v in values):
        raise Unreadable("a text that is not a string")
