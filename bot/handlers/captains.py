"""Captains: /kaptan, /kaptan_sil, the team buttons, a claim's [Onayla] / [Reddet], and
captains' questions ("ne zaman oynuyoruz?") in the group or privately.

Who may do what is decided in bot/usecases/captains.py; here updates are parsed, the use
case is called and its outcome worded. A refused button press is answered with a toast
(answerCallbackQuery), never a group message.
"""

from __future__ import annotations

from telegram import Update, User
from telegram.ext import ContextTypes

from bot.handlers.common import acknowledge, actor, reply, run, toast
from bot.handlers.effects import apply, keyboard
from bot.texts.captains import (
    ASSIGN,
    ASSIGN_HOW,
    CLAIM,
    DECIDE,
    KAPTAN_SIL_HOW,
    REMOVE,
    STALE_PICKER,
    UNKNOWN_BUTTON,
    assigned,
    claim_buttons,
    claimed,
    decided,
    organiser_notice,
    pick_team,
    refusal,
    removed,
    removed_notice,
)
from bot.usecases import captains, questions
from bot.usecases.runner import Effects, Outcome, Outgoing
from domain.errors import DomainError

# --- /kaptan and /kaptan_sil ------------------------------------------------------------


async def kaptan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/kaptan Takım claims the team; as a reply to someone, an organiser makes them its
    captain; bare /kaptan shows the team buttons."""
    chat_ = update.effective_chat
    if update.effective_message is None or chat_ is None:
        return
    wanted = " ".join(context.args or []).strip()
    target = _replied_to(update)
    if target is not None:
        await _assign(update, context, wanted, target)
        return
    who = actor(update, context)
    try:
        if not wanted:
            found = await run(context, captains.picker, captains.ShowPicker(), who)
            await picker(update, found.value)
            return
        done = await run(context, captains.claim, captains.ClaimTeam(wanted), who)
    except DomainError as exc:
        await reply(update, refusal(exc, CLAIM, wanted))
        return
    await _claimed(update, context, done, named=False)


async def _assign(
    update: Update, context: ContextTypes.DEFAULT_TYPE, wanted: str, target: User
) -> None:
    """/kaptan Takım as a reply to someone's message: they captain the team from now on."""
    if not wanted:
        await reply(update, ASSIGN_HOW)
        return
    try:
        command = captains.Assign(wanted, target.id, target.full_name)
        done = await run(context, captains.assign, command, actor(update, context))
    except DomainError as exc:
        await reply(update, refusal(exc, ASSIGN, wanted))
        return
    await reply(update, assigned(done.value))
    await apply(context, done.effects)


async def kaptan_sil(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/kaptan_sil Takım: every captain of the team goes; as a reply, that one person."""
    if update.effective_message is None:
        return
    wanted = " ".join(context.args or []).strip()
    target = _replied_to(update)
    if target is None and not wanted:
        await reply(update, KAPTAN_SIL_HOW)
        return
    try:
        command = captains.Remove(
            wanted, target.id if target else None, target.full_name if target else None
        )
        done = await run(context, captains.remove, command, actor(update, context))
    except DomainError as exc:
        await reply(update, refusal(exc, REMOVE, wanted))
        return
    await reply(update, removed(done.value))
    notices = tuple(Outgoing(u, removed_notice(done.value)) for u in done.value.tell)
    await apply(context, done.effects + Effects(messages=notices))


def _replied_to(update: Update) -> User | None:
    """The person whose message the command answers: not a bot, not the sender."""
    message, sender = update.effective_message, update.effective_user
    replied = message.reply_to_message if message else None
    target = replied.from_user if replied else None
    if target is None or target.is_bot or (sender is not None and target.id == sender.id):
        return None
    return target


async def _claimed(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    done: Outcome[captains.Claim],
    *,
    named: bool,
) -> None:
    """The claim's answer in the chat (with the buttons when it waits), then the
    organisers' private notices."""
    claim = done.value
    buttons = claim_buttons(claim) if claim.outcome is captains.Outcome.WAITS else ()
    await reply(update, claimed(claim, named=named), reply_markup=keyboard(buttons))
    notices = tuple(Outgoing(u, organiser_notice(claim)) for u in claim.tell)
    await apply(context, done.effects + Effects(messages=notices))


async def picker(update: Update, found: questions.PickTeam) -> None:
    labels = [(t, f"cap:{found.tournament_id}:{i}") for i, t in enumerate(found.teams)]
    rows = tuple(tuple(labels[j : j + 2]) for j in range(0, len(labels), 2))
    await reply(update, pick_team(), reply_markup=keyboard(rows))


# --- buttons --------------------------------------------------------------------------------


def button_numbers(data: str | None, prefix: str, count: int) -> tuple[int, ...] | None:
    """`count` integers after `prefix` in the callback data; None for anything else
    (forged, cut short, an older layout)."""
    if not data or not data.startswith(prefix):
        return None
    parts = data.removeprefix(prefix).split(":")
    if len(parts) != count:
        return None
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        return None


async def captain_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A team picker's button: the presser claims that team."""
    query = update.callback_query
    if query is None:
        return
    found = button_numbers(query.data, "cap:", 2)
    if found is None:
        older = (
            button_numbers(query.data, "cap:", 1) is not None
        )  # a picker from before the upgrade
        await toast(query, STALE_PICKER if older else UNKNOWN_BUTTON)
        return
    try:
        command = captains.ClaimListed(*found)
        done = await run(context, captains.claim_listed, command, actor(update, context))
    except DomainError as exc:
        await toast(query, refusal(exc, CLAIM))
        return
    await acknowledge(query)
    await _claimed(update, context, done, named=True)


async def claim_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """[Onayla] / [Reddet] under a waiting claim: kc:ok|no:<claimant>:<tournament>:<team>."""
    query = update.callback_query
    if query is None:
        return
    verdict, _, rest = (query.data or "").removeprefix("kc:").partition(":")
    found = button_numbers(rest, "", 3) if verdict in ("ok", "no") else None
    if found is None:
        await toast(query, UNKNOWN_BUTTON)
        return
    claimant, tournament_id, team_index = found
    who = actor(update, context)
    try:
        command = captains.Decide(claimant, tournament_id, team_index, approve=verdict == "ok")
        done = await run(context, captains.decide, command, who)
    except DomainError as exc:
        await toast(query, refusal(exc, DECIDE))
        return
    await acknowledge(query)
    await query.edit_message_text(decided(done.value, who.name))
    await apply(context, done.effects)


# --- questions ------------------------------------------------------------------------------
