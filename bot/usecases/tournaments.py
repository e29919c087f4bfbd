"""A chat's tournaments over time: ending the running one, listing them all, bringing one back.

Nothing is deleted. Ending (/turnuva_bitir, then [Evet, bitir]) archives the running
tournament as 'ended'; a new set-up or a restore archives it as 'replaced'; either way it
keeps its teams, plan and results, and `/geri_yukle N` (N from `/turnuvalar`) makes it the
running one again. Who may: the organisers of every tournament the action ends or replaces
(creator, /yetkili, chat administrators), and for a restore also of the one brought back.
A button says which tournament it is about; a press after that changed is refused.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from bot.usecases import reminders, units
from bot.usecases.errors import (
    AlreadyRunning,
    NoSuchTournament,
    NotOrganiser,
    NotYourButton,
)
from bot.usecases.units import Actor, Done, Effects
from storage import Database, UnitOfWork
from storage.errors import NoActiveTournament, TournamentNotFound
from storage.records import Tournament
from storage.repositories.tournaments import Numbered

T = TypeVar("T")


async def may_run(uow: UnitOfWork, tournament: Tournament, user_id: int, admin: bool) -> None:
    """Organisers of `tournament` only: its creator, a chat administrator, /yetkili."""
    if admin or tournament.created_by == user_id:
        return
    if not await uow.tournaments.is_organiser(tournament.id, user_id):
        raise NotOrganiser(f"{user_id} does not organise tournament {tournament.id}")


async def read_as(
    db: Database, actor: Actor, look: Callable[[UnitOfWork, bool], Awaitable[T]]
) -> T:
    """`look(uow, is_chat_admin)` on a read-only unit of work; like `units.write`, the
    chat-admin question is asked only when stored roles refused, and between the two
    reads. The refusal raised is the action's own (it may carry a name to say)."""
    try:
        return await units.read(db, lambda uow: look(uow, False))
    except NotOrganiser:
        if not await actor.is_chat_admin():
            raise
    return await units.read(db, lambda uow: look(uow, True))


# --- /turnuva_bitir ---------------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    """What [Evet, bitir] will end, for the question that asks."""

    tournament_id: int
    name: str
    played: int
    matches: int


async def ask_end(db: Database, actor: Actor) -> Ending:
    """/turnuva_bitir: the running tournament, if the actor may end it (nothing changes)."""

    async def look(uow: UnitOfWork, admin: bool) -> Ending:
        running = await _running(uow, actor.chat_id)
        await may_run(uow, running.tournament, actor.user_id, admin)
        return Ending(running.tournament.id, running.tournament.name, running.played,
                      running.matches)  # fmt: skip

    return await read_as(db, actor, look)


async def end(db: Database, actor: Actor, tournament_id: int) -> Done[str]:
    """[Evet, bitir]: the tournament the button named, if it still runs here, is archived
    as 'ended'; its pending reminders go in the same commit. Its name comes back."""

    async def action(uow: UnitOfWork, admin: bool) -> str:
        running = await uow.tournaments.active_for_chat(actor.chat_id)
        if running is None or running.id != tournament_id:
            raise NotYourButton("stale")
        await may_run(uow, running, actor.user_id, admin)
        await uow.tournaments.archive(running.id, actor.now, "ended")
        await reminders.sync(uow, running.id, actor.now)
        return running.name

    return Done(await units.write(db, actor, action), Effects(reminders=True))


# --- /turnuvalar, /geri_yukle -----------------------------------------------------------


async def listing(db: Database, chat_id: int) -> list[Numbered]:
    """Every tournament of the chat, numbered 1.. in the order they were made (anyone)."""
    return await units.read(db, lambda uow: uow.tournaments.numbered(chat_id))


@dataclass(frozen=True)
class Restoring:
    """/geri_yukle N: the tournament to bring back, and the running one it would replace."""

    target: Numbered
    running: Numbered | None


def parse_number(text: str) -> int:
    words = text.split()
    if len(words) != 1 or not words[0].isdigit() or int(words[0]) < 1:
        raise NoSuchTournament(None, 0)
    return int(words[0])


async def ask_restore(db: Database, actor: Actor, text: str) -> Restoring:
    """/geri_yukle N: what [Evet, geri yükle] will do, if the actor may (nothing changes).
    NoSuchTournament: N is no number of this chat's list; AlreadyRunning: N runs now."""
    number = parse_number(text)

    async def look(uow: UnitOfWork, admin: bool) -> Restoring:
        listed = await uow.tournaments.numbered(actor.chat_id)
        target = next((t for t in listed if t.number == number), None)
        if target is None:
            raise NoSuchTournament(number, len(listed))
        if target.reason is None:
            raise AlreadyRunning(number, target.tournament.name)
        running = next((t for t in listed if t.reason is None), None)
        await may_run(uow, target.tournament, actor.user_id, admin)
        if running is not None:
            await may_run(uow, running.tournament, actor.user_id, admin)
        return Restoring(target, running)

    return await read_as(db, actor, look)


@dataclass(frozen=True)
class Restored:
    name: str
    replaced: str | None  # the tournament that ran until now, archived as 'replaced'


async def restore(
    db: Database, actor: Actor, tournament_id: int, replacing: int | None
) -> Done[Restored]:
    """[Evet, geri yükle]: the tournament the button named runs again, and the one that
    ran when the question was asked (`replacing`, None: none) is archived as 'replaced';
    both tournaments' reminders follow in the same commit. A press after either changed
    is refused as stale."""

    async def action(uow: UnitOfWork, admin: bool) -> Restored:
        try:
            target = await uow.tournaments.get(tournament_id)
        except TournamentNotFound:
            raise NotYourButton("stale") from None
        running = await uow.tournaments.active_for_chat(actor.chat_id)
        if (
            target.chat_id != actor.chat_id
            or target.status == "active"
            or (running.id if running else None) != replacing
        ):
            raise NotYourButton("stale")
        await may_run(uow, target, actor.user_id, admin)
        if running is not None:
            await may_run(uow, running, actor.user_id, admin)
            await uow.tournaments.archive(running.id, actor.now, "replaced")
            await reminders.sync(uow, running.id, actor.now)
        await uow.tournaments.restore(target.id)
        await reminders.sync(uow, target.id, actor.now)
        return Restored(target.name, running.name if running else None)

    return Done(await units.write(db, actor, action), Effects(reminders=True))


async def _running(uow: UnitOfWork, chat_id: int) -> Numbered:
    listed = await uow.tournaments.numbered(chat_id)
    running = next((t for t in listed if t.reason is None), None)
    if running is None:
        raise NoActiveTournament(chat_id)
    return running
