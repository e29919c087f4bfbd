"""Results typed in the group ("Kartallar 3-1 Şahinler") or with /sonuc, and corrections."""

from __future__ import annotations

import html
from datetime import datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bot.handlers import goal_choices, players, setup
from bot.handlers.common import (
    acknowledge,
    actor,
    in_group,
    refuse,
    remember,
    reply,
    run,
    talk_read,
    toast,
)
from bot.handlers.effects import apply
from bot.texts import buttons
from bot.texts.discipline import awards
from bot.texts.fates import group_fates
from bot.texts.goal_choices import dropped
from bot.texts.players import (
    booked,
    player_chosen,
    recorded,
    unplaced,
    waiting_events,
)
from bot.texts.results import (
    CANCEL,
    CANCELLED,
    CHANGE,
    CHANGING,
    CONFIRM,
    REJECT,
    SONUC_HOW,
    already_played,
    champion,
    chosen,
    confirm_rejected,
    confirm_request,
    confirmed,
    filled,
    group_table,
    last_entry,
    lot_needed,
    result_saved,
    unclear_result,
    which_team,
)
from bot.usecases import (
    captain_results,
    discipline,
    events,
    pending_results,
    player_choices,
    result_choices,
    result_messages,
    results,
)
from bot.usecases.conversations import Talking
from bot.usecases.errors import NotYourButton
from bot.usecases.runner import Actor, Effects, Outgoing
from bot.usecases.weeks import playoff_kickoff
from domain.errors import DomainError
from domain.tournament import ranking


async def sonuc(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    text = " ".join(context.args or [])
    if not text:
        await reply(update, SONUC_HOW)
        return
    who = actor(update, context)
    try:
        done = await run(context, results.record, results.Record(text), who)
    except DomainError as exc:
        await refuse(update, exc)
        return
    await _answer(update, context, who, done.value)
    await apply(context, done.effects)


async def plain(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A plain group message that reads like a score, understood and entered in one use
    case; each result line of it gets its own answer. Anything else is left alone."""
    message = update.effective_message
    if message is None or not message.text or not in_group(update):
        return
    if update.effective_user is None:
        return
    if players.replies_to_saved(update) and await players.reply_events(update, context):
        return  # scorers under the bot's "Kaydedildi": that match's (issue 22)
    if not result_messages.may_concern_results(message.text):
        return
    who = actor(update, context)
    try:
        done = await run(
            context, result_messages.record, result_messages.Message(message.text), who
        )
    except Talking:  # a set-up waits for this person's answer: this is it
        await setup.take_text(update, context)
        return
    except events.AmbiguousPlayer as exc:  # "Ali": which Ali? buttons, nothing stored yet
        talk_read(context, True)
        await players.ask_player(update, context, exc, "message", message.text)
        return
    except DomainError as exc:  # a line's write refused by storage: nothing of it stored
        talk_read(context, True)
        await refuse(update, exc)
        return
    talk_read(context, True)
    match done.value:
        case result_messages.Clarify(unclear=unclear):
            await reply(update, unclear_result(unclear))
        case result_messages.LastEntry(match=match, score=score):
            await reply(update, last_entry(match, score))
        case tuple() as answers:
            for each in answers:
                await _answer(update, context, who, each)
    await apply(context, done.effects)


async def _answer(
    update: Update, context: ContextTypes.DEFAULT_TYPE, who: Actor, answer: results.Answer
) -> None:
    """One line's answer: the result stored, the question asked instead, or its refusal
    (None: a repeated update, answered the first time)."""
    match answer:
        case results.Entered():
            await _announce(update, answer, who.now)
            if answer.asked is not None and not answer.outcome.duplicate:
                await goal_choices.ask(update, context, who, answer.asked)
        case results.Asked():
            await _ask(update, context, who, answer)
        case results.Refused(reason=reason):
            await refuse(update, reason)


async def _announce(update: Update, entered: results.Entered, now: datetime) -> None:
    if entered.outcome.duplicate:
        return  # the same update twice: stored once, answered once
    snap = entered.snapshot
    match = next(m.match for m in snap.matches if m.match.no == entered.match.no)
    saved = result_saved(match, entered.outcome.score, entered.outcome.previous)  # type: ignore[arg-type]
    if entered.events is not None:  # its scorers and cards, entered with it
        saved = "\n".join([saved, *booked(entered.events)])
    if entered.dropped:  # a corrected score's goals plainly above it
        saved += "\n" + dropped(entered.dropped)
    if entered.unplaced:  # names whose team nothing tells: not stored, what to type
        saved += "\n" + unplaced(entered.match, entered.unplaced)
    parts = [html.escape(saved)]
    if entered.table is not None:  # that group's table only, monospaced so columns align
        label, table = entered.table
        single, done = len(snap.groups) < 2, bool(entered.group_done)
        text = group_table(label, table, snap.rules.tiebreak, single, done, playoff_kickoff(snap))
        parts.append(f"<pre>{html.escape(text)}</pre>")
    later = []
    if entered.group_done and entered.table is not None:  # the finished group's own table
        later.append(group_fates(entered.group_done, entered.fates, now))
        final = entered.table[1]
        at = playoff_kickoff(snap)  # what /playoff alone would plan, told as the example
        later += [lot_needed(tied, final.decider, at) for tied in final.unresolved]
    if entered.filled:
        later.append(filled(entered.filled))
    if entered.champion:
        later.append(champion(entered.champion, ranking(snap.play)))
        if prizes := awards(discipline.shown(snap)):  # the top scorer and fair play
            later.append(prizes)
    parts += [html.escape(p) for p in later]
    await reply(update, "\n\n".join(parts), parse_mode="HTML")


def _keyboard(rows: list[list[tuple[str, str]]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data) for label, data in row] for row in rows]
    )


async def _ask(
    update: Update, context: ContextTypes.DEFAULT_TYPE, who: Actor, asked: results.Asked
) -> None:
    """The question a line got instead of being stored, with its buttons; the use case
    stored what the answer needs (for the writer, in this chat)."""
    remember(context, who.chat_id, who.user_id)
    user, q = who.user_id, asked.question
    match asked.pending:
        case pending_results.TypoChoice(options=options):  # 'Kartalar' → the closest teams
            rows = [[(team, f"fix:{user}:{i}")] for i, team in enumerate(options)]
            rows.append([(CANCEL, f"fix:{user}:x")])
            await reply(update, which_team(asked.pending.wrong), reply_markup=_keyboard(rows))
        case pending_results.Correction():
            assert isinstance(q, results.AlreadyPlayed)
            rows = [[(CHANGE, f"fix:{user}:c"), (CANCEL, f"fix:{user}:x")]]
            text = already_played(q.match, q.stored, q.new)
            await reply(update, text, reply_markup=_keyboard(rows))
        case pending_results.CaptainResult():
            assert isinstance(q, results.NeedsConfirmation)
            rows = [[(CONFIRM, f"ok:{user}"), (REJECT, f"no:{user}")]]
            text = confirm_request(q.match, q.score, q.team)
            if asked.pending.events:  # his side's scorers, stored with the confirmation
                text += "\n" + waiting_events(asked.pending.events)
            await reply(update, text, reply_markup=_keyboard(rows))


def _number(text: str) -> int | None:
    """A user id or index from button data; None for anything forged or malformed."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 20 else None


async def confirm_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """ok:<captain> / no:<captain>: the other side's captain confirms or rejects a captain's
    result; only a confirmation stores it."""
    query = update.callback_query
    if query is None:
        return
    verb, _, owner = (query.data or "").partition(":")
    entered_by = _number(owner)
    if entered_by is None:
        await toast(query, buttons.refusal(NotYourButton("stale")), alert=True)
        return
    who, command = actor(update, context), captain_results.CaptainsAnswer(entered_by)
    try:
        if verb == "no":
            rejected = (await run(context, captain_results.reject_captain, command, who)).value
        else:
            done = await run(context, captain_results.confirm_captain, command, who)
    except DomainError as exc:  # not theirs, stale, or the match got its result meanwhile
        await toast(query, buttons.refusal(exc), alert=True)
        return
    await acknowledge(query)
    if verb == "no":
        await query.edit_message_text(confirm_rejected())
        text = buttons.captain_result_rejected(rejected.match, rejected.score)
        await apply(context, Effects(messages=tuple(Outgoing(u, text) for u in rejected.tell)))
        return
    await query.edit_message_text(confirmed())
    await _announce(update, done.value, who.now)
    await apply(context, done.effects)


async def fix_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """fix:<user>:<choice>: the typo's team, [Değiştir] or [Vazgeç], for whoever wrote it."""
    query = update.callback_query
    if query is None:
        return
    owner, _, choice = (query.data or "").removeprefix("fix:").partition(":")
    who = actor(update, context)
    try:
        done = await run(
            context, result_choices.fix, result_choices.Fix(_number(owner), choice), who
        )
    except NotYourButton as exc:
        await toast(query, buttons.refusal(exc), alert=True)
        return
    except DomainError as exc:  # the line's write refused by storage: nothing stored
        await acknowledge(query)
        await refuse(update, exc)
        return
    await acknowledge(query)
    fixed = done.value
    if fixed.cancelled:
        await query.edit_message_text(CANCELLED)
        return
    await query.edit_message_text(CHANGING if fixed.team is None else chosen(fixed.team))
    await _answer(update, context, who, fixed.answer)
    await apply(context, done.effects)


async def player_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """pl:<user>:<choice>: the player a name meant (or [Vazgeç]), for whoever wrote it; the
    message is entered again with that player's name."""
    query = update.callback_query
    if query is None:
        return
    owner, _, choice = (query.data or "").removeprefix("pl:").partition(":")
    who = actor(update, context)
    command = player_choices.Choose(_number(owner), choice)
    try:
        done = await run(context, player_choices.choose, command, who)
    except NotYourButton as exc:
        await toast(query, buttons.refusal(exc), alert=True)
        return
    except player_choices.StillUnclear as exc:  # a second unclear name in the same message
        await acknowledge(query)
        await query.edit_message_text(CHANGING)
        await players.ask_player(update, context, exc.error, exc.source, exc.text, exc.replied)
        return
    except DomainError as exc:  # refused as the message itself would be: nothing stored
        await acknowledge(query)
        await query.edit_message_text(CANCELLED)
        await refuse(update, exc)
        return
    await acknowledge(query)
    chosen = done.value
    if chosen.cancelled:
        await query.edit_message_text(CANCELLED)
        return
    await query.edit_message_text(player_chosen(chosen.player, chosen.team))
    if chosen.source == "message" and isinstance(chosen.value, tuple):
        for each in chosen.value:
            await _answer(update, context, who, each)
    elif chosen.value is not None:
        await reply(update, recorded(chosen.value))
    await apply(context, done.effects)
