"""/baglanti: the tournament's public page (a button opens it); /baglanti yenile makes a
new one. Also the page button the fixture and the live message carry, and /takvim's
subscription addresses."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update, WebAppInfo
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot import web
from bot.handlers.common import actor, refuse, reply, run, the_bot
from bot.texts import links
from bot.usecases.links import (
    Link,
    Renew,
    Show,
    Token,
    ensure_token,
    existing,
    live_token,
    renew,
    show,
)
from bot.usecases.runner import Actor
from bot.web.site import Site
from domain import names
from domain.errors import DomainError

RENEW = "yenile"


def site(context: ContextTypes.DEFAULT_TYPE) -> Site | None:
    return context.application.bot_data.get(web.KEY)


def button(
    context: ContextTypes.DEFAULT_TYPE, token: str, *, private: bool = False
) -> InlineKeyboardButton | None:
    """The page button: a Mini App where Telegram allows one (an https address, in a
    private chat: Telegram takes web_app buttons in no group), else a plain link; none
    while the pages have no public address (Telegram refuses 127.0.0.1 links)."""
    pages = site(context)
    if pages is None or not pages.public:
        return None
    url = pages.page_url(token)
    if pages.is_https and private:
        return InlineKeyboardButton(links.PAGE_BUTTON, web_app=WebAppInfo(url))
    return InlineKeyboardButton(links.PAGE_BUTTON, url=url)


def markup(
    context: ContextTypes.DEFAULT_TYPE, token: str, *, private: bool = False
) -> InlineKeyboardMarkup | None:
    found = button(context, token, private=private)
    return InlineKeyboardMarkup([[found]]) if found else None


async def page_markup(
    update: Update, context: ContextTypes.DEFAULT_TYPE
) -> InlineKeyboardMarkup | None:
    """The page button for this chat's tournament (for /fikstur's reply), or None."""
    try:
        link = await _shown(context, actor(update, context))
    except DomainError:
        return None
    return markup(context, link.token, private=_private(update))


async def _shown(context: ContextTypes.DEFAULT_TYPE, who: Actor) -> Link:
    """The chat's link: read first; written only the first time it is asked for."""
    found = (await run(context, existing, Show(), who)).value
    if found is None:
        found = (await run(context, show, Show(), who)).value
    return found


async def live_markup(
    context: ContextTypes.DEFAULT_TYPE, tournament_id: int
) -> InlineKeyboardMarkup | None:
    """The page button under a group's live message; None (and no database work) while
    the pages have no public address."""
    pages = site(context)
    if pages is None or not pages.public:
        return None
    who, asked = the_bot(context), Token(tournament_id)
    token = (await run(context, live_token, asked, who)).value
    if token is None:
        token = (await run(context, ensure_token, asked, who)).value
    return markup(context, token)


def _private(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type == ChatType.PRIVATE


async def baglanti(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/baglanti: the page's link first; /baglanti yenile: a new one (organisers)."""
    pages = site(context)
    words = [names.tr_lower(w) for w in context.args or []]
    try:
        if words and words[0] == RENEW:
            renewed = await run(context, renew, Renew(), actor(update, context))
            link = renewed.value
            if pages is not None:
                pages.forget(link.tournament_id)
        else:
            link = await _shown(context, actor(update, context))
    except DomainError as exc:
        await refuse(update, exc)
        return
    address = pages.page_url(link.token) if pages else f"/t/{link.token}"
    local = pages is None or not pages.public
    text = links.link(link.name, address, renewed=link.renewed, local=local)
    await reply(
        update,
        text,
        reply_markup=markup(context, link.token, private=_private(update)),
        disable_web_page_preview=True,
    )


async def subscriptions(
    update: Update, context: ContextTypes.DEFAULT_TYPE, team: str | None = None
) -> str | None:
    """/takvim's subscription text: the whole tournament's webcal:// address, then the
    team's: the one asked about (/takvim Kartallar), else the one the asker captains;
    None without a tournament here."""
    pages = site(context)
    if pages is None:
        return None
    try:
        link = await _shown(context, actor(update, context))
    except DomainError:
        return None
    team = team or link.team
    team_address = pages.calendar_url(link.token, team) if team else None
    return links.subscriptions(pages.calendar_url(link.token), team, team_address)
