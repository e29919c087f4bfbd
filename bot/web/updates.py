"""What a webhook POST must be before it is stored: an update this bot can read.

Telegram's own bodies always pass; anything else posted with the secret (a test, a broken
proxy, someone who has the secret) is refused with 400 and one log line, never stored (a
stored row that cannot be read would be replayed at every start) and never a 500 with a
traceback. The checks are those the bot relies on later: an update id and the chat, user
and message ids as 64-bit integers, texts and button data as strings, and a payload that
python-telegram-bot reads.
"""

from __future__ import annotations

from typing import Any

from telegram import Bot, Update
from telegram.constants import ChatType

from bot.runtime.chats import chat_key

BIG = 2**63  # ids are BigInteger columns
_KINDS = {kind.value for kind in ChatType}


class Unreadable(ValueError):
    """Not an update this bot can read; the reason, for the log line."""


def _int(value: object, what: str, *, signed: bool = True) -> None:
    if type(value) is not int or not (-BIG if signed else 0) <= value < BIG:
        raise Unreadable(f"{what} is not a 64-bit integer")


def read(data: object, bot: Bot) -> Update:
    """The update in a POSTed JSON body; Unreadable when it is none."""
    if not isinstance(data, dict):
        raise Unreadable("not a JSON object")
    _int(data.get("update_id"), "update_id", signed=False)
    try:
        update = Update.de_json(data, bot)
    except Exception as exc:
        raise Unreadable(f"unreadable ({type(exc).__name__})") from None
    if update is None:
        raise Unreadable("empty")
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
