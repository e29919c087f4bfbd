"""A chat's tournaments over time: ending the running one, listing them all, bringing one back.

Nothing is deleted. Ending (/turnuva_bitir, then [Evet, bitir]) archives the running
tournament as 'ended'; a new set-up or a restore archives it as 'replaced'; either way it
keeps its teams, plan and results, and `/geri_yukle N` (N from `/turnuvalar`) makes it the
running one again. Who may: the organisers of every tournament the action ends or replaces
(creator, /yetkili, chat administrators), and for a restore also of the one brought back.
A button says which tournament it is about; a press after that changed is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import reminders, roles
from bot.usecases.errors import AlreadyRunning, NoSuchTournament, NotYourButton
from bot.usecases.runner import Actor, Effects, Outcome, reads, writes
from domain.counts import ascii_digits
from storage import UnitOfWork
from storage.errors import NoActiveTournament, TournamentNotFound
from storage.records import Tournament
from storage.repositories.tournaments import Numbered

END = "end the tournament"
RESTORE = "bring an ended or replaced one back"


async def may_run(uow: UnitOfWork, tournament: Tournament, actor: Actor, action: str) -> None:
    """The organisers of `tournament` only: its creator, a chat administrator, /yetkili."""
    roles.require(action, await roles.of(uow, tournament, actor))


# --- /turnuva_bitir ---------------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    """What [Evet, bitir] will end, for the question that asks."""

    tournament_id: int
    name: str
    played: int
    matches: int


@dataclass(frozen=True)
class AskEnd:
    """/turnuva_bitir."""


@reads
async def ask_end(uow: UnitOfWork, command: AskEnd, actor: Actor) -> Ending:
    """/turnuva_bitir: the running tournament, if the actor may end it (nothing changes)."""
    running = await _running(uow, actor.chat_id)
    await may_run(uow, running.tournament, actor, END)
    return Ending(running.tournament.id, running.tournament.name, running.played,
                  running.matches)  # fmt: skip


@dataclass(frozen=True)
class End:
    """[Evet, bitir]: the tournament the button names, and who asked for the button."""

    tournament_id: int
    asker: int | None = None


@writes
async def end(uow: UnitOfWork, command: End, actor: Actor) -> Outcome[str]:
    """[Evet, bitir]: the tournament the button named, if it still runs here, is archived
    as 'ended'; its pending reminders go in the same commit. Its name comes back."""
    roles.own_button(command.asker, actor)
    running = await uow.tournaments.active_for_chat(actor.chat_id)
    if running is None or running.id != command.tournament_id:
        raise NotYourButton("stale")
    await may_run(uow, running, actor, END)
    await uow.tournaments.archive(running.id, actor.now, "ended")
    await reminders.sync(uow, running.id, actor.now)
    return Outcome(running.name, Effects(reminders=True))


# --- /turnuvalar, /geri_yukle -----------------------------------------------------------


@dataclass(frozen=True)
class Listing:
    """/turnuvalar."""


@reads
async def listing(uow: UnitOfWork, command: Listing, actor: Actor) -> list[Numbered]:
    """Every tournament of the chat, numbered 1.. in the order they were made (anyone)."""
    return await uow.tournaments.numbered(actor.chat_id)


@dataclass(frozen=True)
class Restoring:
    """/geri_yukle N: the tournament to bring back, and the running one it would replace."""

    target: Numbered
    running: Numbered | None


def parse_number(text: str) -> int:
    words = text.split()
    if len(words) != 1 or not ascii_digits(words[0]) or int(words[0]) < 1:
        raise NoSuchTournament(None, 0)
    return int(words[0])


@dataclass(frozen=True)
class AskRestore:
    """/geri_yukle N, as typed."""

    text: str


@reads
async def ask_restore(uow: UnitOfWork, command: AskRestore, actor: Actor) -> Restoring:
    """/geri_yukle N: what [Evet, geri yükle] will do, if the actor may (nothing changes).
    NoSuchTournament: N is no number of this chat's list; AlreadyRunning: N runs now."""
    number = parse_number(command.text)
    listed = await uow.tournaments.numbered(actor.chat_id)
    target = next((t for t in listed if t.number == number), None)
    if target is None:
        raise NoSuchTournament(number, len(listed))
    if target.reason is None:
        raise AlreadyRunning(number, target.tournament.name)
    running = next((t for t in listed if t.reason is None), None)
    await may_run(uow, target.tournament, actor, RESTORE)
    if running is not None:
        await may_run(uow, running.tournament, actor, RESTORE)
    return Restoring(target, running)


@dataclass(frozen=True)
class Restored:
    name: str
    replaced: str | None  # the tournament that ran until now, archived as 'replaced'


@dataclass(frozen=True)
class Restore:
    """[Evet, geri yükle]: the tournament to bring back, the one that ran when the question
    was asked (None: none), and who asked for the button."""

    tournament_id: int
    replacing: int | None
    asker: int | None = None


@writes
async def restore(uow: UnitOfWork, command: Restore, actor: Actor) -> Outcome[Restored]:
    """[Evet, geri yükle]: the tournament the button named runs again, and the one that
    ran when the question was asked is archived as 'replaced'; both tournaments' reminders
    follow in the same commit. A press after either changed is refused as stale."""
    roles.own_button(command.asker, actor)
    try:
        target = await uow.tournaments.get(command.tournament_id)
    except TournamentNotFound:
        raise NotYourButton("stale") from None
    running = await uow.tournaments.active_for_chat(actor.chat_id)
    if (
        target.chat_id != actor.chat_id
        or target.status == "active"
        or (running.id if running else None) != command.replacing
    ):
        raise NotYourButton("stale")
    await may_run(uow, target, actor, RESTORE)
    if running is not None:
        await may_run(uow, running, actor, RESTORE)
        await uow.tournaments.archive(running.id, actor.now, "replaced")
        await reminders.sync(uow, running.id, actor.now)
    await uow.tournaments.restore(target.id)
    await reminders.sync(uow, target.id, actor.now)
    return Outcome(
        Restored(target.name, running.name if running else None), Effects(reminders=True)
    )


async def _running(uow: UnitOfWork, chat_id: int) -> Numbered:
    listed = await uow.tournaments.numbered(chat_id)
    running = next((t for t in listed if t.reason is None), None)
    if running is None:
        raise NoActiveTournament(chat_id)
    return running
