"""Forfeits and withdrawals: /hukmen, the plain "Kartallar hükmen" / "Kartallar gelmedi",
/cekil, /geri_al (a withdrawal goes back whole) and the /ayarlar keys hukmen_puan_sil and
cekilme."""

from __future__ import annotations

import re

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers import goal_choices
from bot.handlers.common import actor, in_group, reply, run
from bot.handlers.effects import apply
from bot.texts import players, results
from bot.texts.forfeits import (
    CEKIL_HOW,
    DEDUCTION_HOW,
    HUKMEN_HOW,
    RULE_HOW,
    deduction,
    forfeited,
    refusal,
    reinstated,
    rule_set,
    withdrawn,
)
from bot.texts.goal_choices import dropped
from bot.usecases import forfeits, undo
from bot.usecases.errors import NotOrganiser
from domain import names
from domain.errors import DomainError

# "Kartallar hükmen", "14 Kartallar hükmen", "Kartallar gelmedi!": the plain line's team part.
PLAIN = re.compile(r"^\s*(?P<team>[^\n]{1,60}?)\s+(?:hükmen|hukmen|gelmedi)\s*[.!]*\s*$", re.I)
ON, OFF = ("acik", "açık", "ac", "aç", "evet"), ("kapali", "kapalı", "kapat", "hayir", "hayır")


async def hukmen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/hukmen Kartallar, /hukmen 14 Kartallar, /hukmen Kartallar 5-1."""
    text = " ".join(context.args or [])
    if not text.strip():
        await reply(update, HUKMEN_HOW)
        return
    await _forfeit(update, context, text)


async def plain(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A group line "Kartallar hükmen" or "Kartallar gelmedi": an organiser's is recorded;
    anyone else's (chat about a late team) and a name that is no team's as spelled
    ("Hakem gelmedi") are left alone."""
    message = update.effective_message
    if message is None or not message.text or not in_group(update):
        return
    found = PLAIN.match(message.text)
    if found is None:
        return
    ruling = "gelmedi" not in found.group(0).lower()  # "Kartallar hükmen": a decision
    await _forfeit(update, context, found.group("team"), quiet=True, ruling=ruling)


async def _forfeit(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    text: str,
    *,
    quiet: bool = False,
    ruling: bool = False,
) -> None:
    command = forfeits.Forfeit(text, plain=quiet)
    try:
        done = await run(context, forfeits.record_forfeit, command, actor(update, context))
    except (NotOrganiser, names.UnknownTeam, names.AmbiguousTeam) as exc:
        # A plain "gelmedi" from anyone else, or of no team as spelled: chat; a member's
        # "Kartallar hükmen" asks for a decision only organisers take, and the opponent's
        # captain reports a no-show: both answered.
        answered = isinstance(exc, forfeits.NoShowReported) or (
            ruling and isinstance(exc, NotOrganiser)
        )
        if not quiet or answered:
            await reply(update, refusal(exc, HUKMEN_HOW))
        return
    except DomainError as exc:
        await reply(update, refusal(exc, HUKMEN_HOW))
        return
    if done.value is None:  # a plain line in a chat without a tournament: chat
        return
    if not done.value.duplicate:
        await reply(update, forfeited(done.value), parse_mode="HTML")
    await apply(context, done.effects)


async def cekil(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/cekil Kartallar: the team leaves the league by the league's rule."""
    text = " ".join(context.args or [])
    if not text.strip():
        await reply(update, CEKIL_HOW)
        return
    try:
        command = forfeits.Withdraw(text)
        done = await run(context, forfeits.withdraw_team, command, actor(update, context))
    except DomainError as exc:
        await reply(update, refusal(exc, CEKIL_HOW))
        return
    await reply(update, withdrawn(done.value), parse_mode="HTML")
    await apply(context, done.effects)


async def geri_al(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/geri_al: the organiser's last result write, or their withdrawal, goes back."""
    who = actor(update, context)
    try:
        done = await run(context, undo.undo_last, undo.UndoLast(), who)
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    value = done.value
    if isinstance(value, undo.Reinstated):
        await reply(update, reinstated(value))
    else:
        text = results.undone(value.match, value.removed, value.restored)
        if value.gone:  # the earlier score stands: the goals plainly above it went
            text += f"\n{dropped(value.gone)}"
        elif value.events_removed and value.restored is None:  # its scorers and cards went
            text += f"\n{players.events_undone(value.events_removed)}"
        await reply(update, text)
        if value.asked is not None:  # the earlier score's side whose scorers differ: which?
            await goal_choices.ask(update, context, who, value.asked)
    await apply(context, done.effects)


async def setting(update: Update, context: ContextTypes.DEFAULT_TYPE, args: list[str]) -> bool:
    """/ayarlar hukmen_puan_sil acik|kapali, /ayarlar cekilme tff|iptal|yari; False when
    `args` name neither key (the caller goes on with its own)."""
    key = args[0] if args else ""
    if key not in ("hukmen_puan_sil", "hükmen_puan_sil", "cekilme", "çekilme"):
        return False
    value = args[1] if len(args) > 1 else ""
    who = actor(update, context)
    try:
        if key.endswith("puan_sil"):
            if value not in ON + OFF:
                await reply(update, DEDUCTION_HOW)
                return True
            done = await run(
                context, forfeits.set_deduction, forfeits.SetDeduction(value in ON), who
            )
            await reply(update, deduction(done.value))
        else:
            if not value:
                await reply(update, RULE_HOW)
                return True
            rule = forfeits.SetWithdrawalRule(value)
            done = await run(context, forfeits.set_withdrawal_rule, rule, who)
            await reply(update, rule_set(done.value))
    except DomainError as exc:
        await reply(update, refusal(exc))
        return True
    await apply(context, done.effects)
    return True
