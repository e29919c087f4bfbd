"""The one place an unexpected exception ends: logged in full, apologised for in short."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.error import BadRequest, NetworkError
from telegram.ext import ContextTypes

from bot.runtime import replies
from bot.runtime.fence import DROPPED
from bot.runtime.logs import Quiet, describe
from bot.texts import welcome
from bot.usecases.runner import Repeated

log = logging.getLogger(__name__)
_away = Quiet(log)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    ledger = replies.of(context.application)
    if ledger is not None and isinstance(update, Update):  # a reply that did not go out
        ledger.failed(update.update_id, context.error)  # is sent again (bot/runtime/replies.py)
    if isinstance(context.error, Repeated):  # applied and answered the first time
        log.info("update %s was delivered again; nothing changed", context.error.args[0])
        return
    if isinstance(context.error, DROPPED):  # another process took the chat
        log.info("dropped without a word: %s", context.error)
        return
    if isinstance(context.error, NetworkError) and not isinstance(context.error, BadRequest):
        # The Bot API is away (or slow): one line a minute per kind, no traceback; there
        # is nobody to apologise to through an API that cannot be reached.
        _away.fail(type(context.error).__name__, "Bot API unreachable: %s", describe(context.error))
        return
    if isinstance(context.error, BadRequest) and "chat not found" in context.error.message.lower():
        # A chat Telegram does not know (left, deleted, or an update someone made up):
        # nobody to answer there, and no bug of ours to show a traceback for.
        _away.fail("chat not found", "a chat Telegram does not know: %s", describe(context.error))
        return
    log.error("unhandled error while handling %r", update, exc_info=context.error)
    if isinstance(update, Update) and update.effective_message:
        try:
            await update.effective_message.reply_text(welcome.ERROR)
        except Exception:  # the apology must never raise in its turn
            log.exception("could not tell the user about the error")
