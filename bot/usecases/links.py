"""The public page's link: see it (/baglanti), make a new one (/baglanti yenile), and what
the page server reads (a token's tournament, its snapshot, the watched revisions).

Anyone in the group may see the link: the page shows nothing the group does not see
already, and no Telegram name or id. A new link retires the old page and calendar
addresses (a 404 from then on): for organisers only, like every change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.usecases import roles, state, units
from bot.usecases.units import Actor, Done
from storage import Database, UnitOfWork


@dataclass(frozen=True)
class Link:
    """What the chat is told: the token (the caller makes addresses of it), the
    tournament's name, and the asker's own team if they captain one."""

    token: str
    tournament_id: int
    name: str
    team: str | None = None
    renewed: bool = False


async def _link(uow: UnitOfWork, actor: Actor, *, renew: bool, admin: bool) -> Link:
    snap = await state.active(uow, actor.chat_id)
    if renew:
        roles.require(
            "make a new link",
            await roles.of_user(uow, snap.tournament, actor.user_id, chat_admin=admin),
        )
        token = await uow.links.renew(snap.id, actor.now)
    else:
        token = await uow.links.ensure(snap.id, actor.now)
    team = await uow.teams.captain_of(snap.id, actor.user_id)
    return Link(token, snap.id, snap.tournament.name, team, renew)


async def show(db: Database, actor: Actor) -> Link:
    """/baglanti (and /takvim's subscriptions): the chat's tournament's link, made on the
    first ask. A write only then; no update claim, so asking twice answers twice."""
    found = await units.read(db, lambda uow: _existing(uow, actor))
    if found is not None:
        return found
    return await units.write(
        db, actor, lambda uow, admin: _link(uow, actor, renew=False, admin=admin), claim=False
    )


async def _existing(uow: UnitOfWork, actor: Actor) -> Link | None:
    snap = await state.active(uow, actor.chat_id)
    token = await uow.links.live(snap.id)
    if token is None:
        return None
    team = await uow.teams.captain_of(snap.id, actor.user_id)
    return Link(token, snap.id, snap.tournament.name, team)


async def renew(db: Database, actor: Actor) -> Done[Link]:
    """/baglanti yenile, by an organiser, once per update: the old addresses retire."""
    link = await units.write(
        db, actor, lambda uow, admin: _link(uow, actor, renew=True, admin=admin)
    )
    return Done(link)


async def token_of(db: Database, tournament_id: int, now: datetime) -> str:
    """The tournament's live token, made on the first ask (the live message's button)."""
    found = await units.read(db, lambda uow: uow.links.live(tournament_id))
    if found is not None:
        return found
    async with db.unit_of_work() as uow:
        token = await uow.links.ensure(tournament_id, now)
        await uow.commit()
    return token


async def tournament_of(db: Database, token: str) -> int | None:
    return await units.read(db, lambda uow: uow.links.tournament_of(token))


async def snapshot(db: Database, tournament_id: int) -> state.Snapshot:
    return await units.read(db, lambda uow: state.load(uow, tournament_id))


async def revisions(db: Database, tournament_ids: Iterable[int]) -> dict[int, tuple[str, str]]:
    """{id: (fingerprint, live token)} of the tournaments pages are watching."""
    ids = tuple(tournament_ids)
    return await units.read(db, lambda uow: uow.links.revisions(ids))
