"""The people of the lifecycle tests, as Actors: docs/permissions.md's roles for the chat's
8-team day (tournament 1, created by ORGANISER), on real storage, at 09:00 on match day."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from eight_team_day import CHAT, IST, ORGANISER, stored_day

from bot.usecases import reminders, results
from bot.usecases.runner import Actor
from storage import Database

CO_ORGANISER, ADMIN, CAPTAIN, OTHER_CAPTAIN, MEMBER = 11, 12, 21, 22, 30
USERS = {
    "creator": ORGANISER,
    "organiser": CO_ORGANISER,
    "admin": ADMIN,
    "captain": CAPTAIN,
    "other captain": OTHER_CAPTAIN,
    "member": MEMBER,
    "private": ORGANISER,  # the creator himself, writing to the bot in private
}
PLAYED = ("A1 3-1 A4", "A2 2-2 A3")


def at(hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, 6, hour, minute, tzinfo=IST).astimezone(UTC)


NOW = at(9)


async def _yes() -> bool:
    return True


async def _no() -> bool:
    return False


def person(role: str, now: datetime = NOW, update_id: int | None = None) -> Actor:
    """`role` acting in the group chat (or, for "private", in their private chat)."""
    user = USERS[role]
    if role == "private":
        return Actor(user_id=user, chat_id=user, now=now, update_id=update_id, private=True)
    admin = _yes if role == "admin" else _no
    return Actor(user_id=user, chat_id=CHAT, now=now, update_id=update_id, admin=admin)


async def day_with_roles(url: str) -> Database:
    """The day (tournament 1) with its co-organiser, two captains (A1, B1), two results and
    its reminder rows."""
    db = await stored_day(url, NOW)
    async with db.unit_of_work() as uow:
        await uow.tournaments.add_organiser(1, CO_ORGANISER, NOW)
        await uow.teams.add_captain(1, "A1", CAPTAIN)
        await uow.teams.add_captain(1, "B1", OTHER_CAPTAIN)
        for line in PLAYED:
            await results.record(uow, results.Record(line), Actor(ORGANISER, CHAT, NOW))
        await reminders.sync(uow, 1, NOW)
        await uow.commit()
    return db


def league(name: str = "Akşam Ligi", seed: int = 7) -> dict[str, Any]:
    """A set-up's answers, as /yeni_turnuva's form stores them: 4 teams, one evening."""
    return {
        "name": name,
        "teams": ["Kartallar", "Şahinler", "Aslanlar", "Kaplanlar"],
        "pitches": 1,
        "format": "league",
        "groups": 1,
        "kickoff": datetime(2026, 12, 7, 20, 0, tzinfo=IST).isoformat(),
        "match": 26,
        "changeover": 4,
        "third": False,
        "tiebreak": "tff",
        "seed": seed,
    }


async def stored(db: Database, tournament_id: int) -> tuple[str, str | None, int, int]:
    """(status, archive reason, results kept, pending reminder rows) of a tournament."""
    async with db.unit_of_work(read_only=True) as uow:
        tournament = await uow.tournaments.get(tournament_id)
        listed = {t.tournament.id: t for t in await uow.tournaments.numbered(tournament.chat_id)}
        pending = await uow.reminders.pending(tournament_id)
    return (
        tournament.status,
        listed[tournament_id].reason,
        listed[tournament_id].played,
        len(pending),
    )
