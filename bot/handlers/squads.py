"""/kadro Takım (show), /kadro Takım: Ali, Veli (add), /kadro_sil Takım Ad Soyad (remove)."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers.common import actor, reply, run
from bot.texts.squads import KADRO_HOW, KADRO_SIL_HOW, added, refusal, removed, squad
from bot.usecases import squads
from domain.errors import DomainError
from domain.squads import after_command_text, split_team


def after_command(update: Update) -> str:
    """The message's text after its /command, line breaks kept (context.args loses them)."""
    message = update.effective_message
    return after_command_text((message.text or "") if message is not None else "")


async def kadro(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    text = after_command(update)
    if not text:
        await reply(update, KADRO_HOW)
        return
    who = actor(update, context)
    team, listed = split_team(text)
    try:
        if listed is None:
            shown = (await run(context, squads.show, squads.Show(team), who)).value
            await reply(update, squad(shown.team, shown.players))
            return
        done = (await run(context, squads.add, squads.Add(text), who)).value
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    if done is not None:
        await reply(update, added(done))


async def kadro_sil(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    text = after_command(update)
    if not text:
        await reply(update, KADRO_SIL_HOW)
        return
    try:
        done = (
            await run(context, squads.remove, squads.Remove(text), actor(update, context))
        ).value
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    await reply(update, removed(done))
