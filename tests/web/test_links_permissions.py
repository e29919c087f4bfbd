"""docs/permissions.md's rows for the public link, cell by cell at the use-case level:
everyone in the group sees the link, only organisers make a new one, nothing in private."""

from __future__ import annotations

import lifecycle_roles
import pytest
from conftest import BEFORE
from lifecycle_roles import CAPTAIN, CO_ORGANISER, OTHER_CAPTAIN
from permission_table import cells

from bot.usecases import links
from bot.usecases.errors import NotOrganiser
from bot.usecases.runner import Actor, run
from storage.errors import NoActiveTournament


def person(role: str, update_id: int = 1) -> Actor:
    """`role` as the lifecycle tests' people are, at the link tests' clock."""
    return lifecycle_roles.person(role, BEFORE, update_id)


async def show(db, who: Actor) -> links.Link:
    return (await run(db, links.show, links.Show(), who)).value


async def renew(db, who: Actor):
    return await run(db, links.renew, links.Renew(), who)


@pytest.fixture
async def roles(db):
    async with db.unit_of_work() as uow:
        await uow.tournaments.add_organiser(1, CO_ORGANISER, BEFORE)
        await uow.teams.add_captain(1, "A1", CAPTAIN)
        await uow.teams.add_captain(1, "B1", OTHER_CAPTAIN)
        await uow.commit()
    return db


async def _live(db) -> str | None:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.links.live(1)


@pytest.mark.parametrize(("role", "expected"), cells("see the tournament's link"))
async def test_see_the_tournaments_link(roles, role, expected):
    if expected == "allowed":
        link = await show(roles, person(role))
        assert link.token == await _live(roles) and link.name == "Bahar Kupası"
        assert link.team == {"captain": "A1", "other captain": "B1"}.get(role)
    else:
        with pytest.raises(NoActiveTournament):
            await show(roles, person(role))
        assert await _live(roles) is None


@pytest.mark.parametrize(("role", "expected"), cells("make a new link"))
async def test_make_a_new_link(roles, role, expected):
    old = (await show(roles, person("creator"))).token
    if expected == "allowed":
        new = (await renew(roles, person(role, update_id=2))).value.token
        assert new != old and await _live(roles) == new
        async with roles.unit_of_work(read_only=True) as uow:
            assert await uow.links.tournament_of(old) is None
    else:
        refusal = NoActiveTournament if role == "private" else NotOrganiser
        with pytest.raises(refusal):
            await renew(roles, person(role, update_id=2))
        assert await _live(roles) == old
