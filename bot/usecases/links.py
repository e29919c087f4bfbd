"""The public page's link: see it (/baglanti), make a new one (/baglanti yenile), and what
the page server reads (a token's tournament, its snapshot, the watched revisions).

Anyone in the group may see the link: the page shows nothing the group does not see
already, and no Telegram name or id. A new link retires the old page and calendar
addresses (a 404 from then on): for organisers only, like every change.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import roles, snapshots
from bot.usecases.runner import Actor, reads, writes
from storage import UnitOfWork


@dataclass(frozen=True)
class Link:
    """What the chat is told: the token (the caller makes addresses of it), the
    tournament's name, and the asker's own team if they captain one."""

    token: str
    tournament_id: int
    name: str
    team: str | None = None
    renewed: bool = False


SEE = "see the tournament's link"


@dataclass(frozen=True)
class Show:
    """/baglanti (and the fixture's page button, /takvim's subscriptions)."""


@reads
async def existing(uow: UnitOfWork, command: Show, actor: Actor) -> Link | None:
    """The chat's tournament's link if it has one, read only: the first step of /baglanti,
    so that only the first ask ever writes (`show`)."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.anyone(SEE, snap.tournament, actor)
    token = await uow.links.live(snap.id)
    if token is None:
        return None
    team = await uow.teams.captain_of(snap.id, actor.user_id)
    return Link(token, snap.id, snap.tournament.name, team)


@writes(claim=False)
async def show(uow: UnitOfWork, command: Show, actor: Actor) -> Link:
    """/baglanti: the chat's tournament's link, made on the first ask. No update claim, so
    asking twice answers twice (and /fikstur's picture may ask after /fikstur's read)."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.anyone(SEE, snap.tournament, actor)
    token = await uow.links.ensure(snap.id, actor.now)
    team = await uow.teams.captain_of(snap.id, actor.user_id)
    return Link(token, snap.id, snap.tournament.name, team)


@dataclass(frozen=True)
class Renew:
    """/baglanti yenile."""


@writes
async def renew(uow: UnitOfWork, command: Renew, actor: Actor) -> Link:
    """/baglanti yenile, by an organiser, once per update: the old addresses retire."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require("make a new link", await roles.of(uow, snap.tournament, actor))
    token = await uow.links.renew(snap.id, actor.now)
    team = await uow.teams.captain_of(snap.id, actor.user_id)
    return Link(token, snap.id, snap.tournament.name, team, renewed=True)


# --- what the live message's button and the page server read (the bot, or a visitor) ----


@dataclass(frozen=True)
class Token:
    """The live token of a tournament (the live message's button)."""

    tournament_id: int


@reads
async def live_token(uow: UnitOfWork, command: Token, actor: Actor) -> str | None:
    """The tournament's live token, if it has one (read only: the usual case)."""
    return await uow.links.live(command.tournament_id)


@writes(claim=False)
async def ensure_token(uow: UnitOfWork, command: Token, actor: Actor) -> str:
    """The tournament's live token, made now if it has none."""
    return await uow.links.ensure(command.tournament_id, actor.now)


@dataclass(frozen=True)
class Opened:
    """A page's token, as its address carries it."""

    token: str


@reads
async def tournament_of(uow: UnitOfWork, command: Opened, actor: Actor) -> int | None:
    """The tournament a live token opens; None for a retired or unknown one."""
    return await uow.links.tournament_of(command.token)


@dataclass(frozen=True)
class Tournament:
    """A tournament a page shows, by id."""

    tournament_id: int


@reads
async def snapshot(uow: UnitOfWork, command: Tournament, actor: Actor) -> snapshots.Snapshot:
    return await snapshots.load(uow, command.tournament_id)


@dataclass(frozen=True)
class Watched:
    """The tournaments pages are watching."""

    tournament_ids: tuple[int, ...]


@reads
async def revisions(uow: UnitOfWork, command: Watched, actor: Actor) -> dict[int, tuple[str, str]]:
    """{id: (fingerprint, live token)} of the tournaments pages are watching."""
    return await uow.links.revisions(command.tournament_ids)
