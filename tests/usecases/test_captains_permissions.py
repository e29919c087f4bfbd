"""docs/permissions.md's captains' rows, cell by cell, at the use-case level (no Telegram).

The day is DOMAIN.md's 8-team day. A1 is the team the actions are about (its captain is
the "captain"); B1's captain is the "other captain"; A2 has no captain. The admin is an
Actor whose chat-admin question answers yes; everybody else's answers no (as Telegram
would), so the use cases' retry as an administrator runs for them too.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest
from eight_team_day import CHAT, IST, ORGANISER, copy_of, stored_day
from permission_table import cells

from bot.usecases import captains, snapshots
from bot.usecases.errors import NotOrganiser
from bot.usecases.runner import Actor, run
from storage.errors import NoActiveTournament
from storage.uow import Database

CO_ORGANISER, ADMIN, CAPTAIN, OTHER_CAPTAIN, MEMBER, CLAIMANT = 11, 12, 21, 22, 30, 40
ROLE_USER = {
    "creator": ORGANISER,
    "organiser": CO_ORGANISER,
    "admin": ADMIN,
    "captain": CAPTAIN,
    "other captain": OTHER_CAPTAIN,
    "member": MEMBER,
    "private": MEMBER,
}
TEAM, OTHER_TEAM, FREE = "A1", "B1", "A2"
_updates = itertools.count(1000)


def at(hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, 6, hour, minute, tzinfo=IST).astimezone(UTC)


NOW = at(8)


def person(role: str) -> Actor:
    """The role's Actor in the tournament's group (or, for "private", in their own chat)."""
    user = ROLE_USER[role]

    async def admin() -> bool:
        return role == "admin"

    if role == "private":
        return Actor(user, user, NOW, next(_updates), private=True, name="Özel")
    return Actor(user, CHAT, NOW, next(_updates), name=role.title(), admin=admin)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory):
    """The day with its roles, stored once; each test works on a copy of the file."""
    import asyncio

    path = tmp_path_factory.mktemp("captains") / "day.sqlite3"

    async def build() -> None:
        db = await stored_day(f"sqlite+aiosqlite:///{path}", NOW)
        async with db.unit_of_work() as uow:
            await uow.tournaments.add_organiser(1, CO_ORGANISER, NOW)
            await uow.teams.add_captain(1, TEAM, CAPTAIN)
            await uow.teams.add_captain(1, OTHER_TEAM, OTHER_CAPTAIN)
            await uow.commit()
        await db.dispose()

    asyncio.run(build())
    return path


@pytest.fixture
async def db(template, tmp_path):
    database = copy_of(template, tmp_path)
    yield database
    await database.dispose()


async def captains_of(db: Database) -> dict[str, tuple[int, ...]]:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.teams.captains(1)


async def pending(db: Database, user: int) -> dict | None:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.setups.get(CHAT, user)


async def results_on(db: Database) -> None:
    async with db.unit_of_work() as uow:
        await uow.tournaments.update_settings(1, captains_may_enter_results=True)
        await uow.commit()


async def claim_team(db: Database, who: Actor, team: str):
    return await run(db, captains.claim, captains.ClaimTeam(team), who)


async def assign_captain(db: Database, who: Actor, team: str, target: int, name: str):
    return await run(db, captains.assign, captains.Assign(team, target, name), who)


async def remove_captains(
    db: Database, who: Actor, team: str, target: int | None = None, name: str | None = None
):
    return await run(db, captains.remove, captains.Remove(team, target, name), who)


def refused(role: str):
    """A private chat has no tournament; anyone else lacks the right."""
    return pytest.raises(NoActiveTournament if role == "private" else NotOrganiser)


# --- claims -------------------------------------------------------------------------------


@pytest.mark.parametrize(("role", "expected"), cells("claim a team that has no captain"))
async def test_claim_a_team_that_has_no_captain(db, role, expected):
    before = await captains_of(db)
    who = person(role)
    if expected == "refused":
        with pytest.raises(NoActiveTournament):
            await claim_team(db, who, FREE)
        assert await captains_of(db) == before
        return
    done = await claim_team(db, who, FREE)
    after = await captains_of(db)
    assert expected == "allowed"
    assert done.value.outcome is captains.Outcome.ACCEPTED and done.effects.reminders
    assert after[FREE] == (who.user_id,)
    if role == "other captain":  # they left B1 for A2
        assert done.value.previous == OTHER_TEAM and OTHER_TEAM not in after
    else:
        assert after[OTHER_TEAM] == (OTHER_CAPTAIN,)
    assert after[TEAM] == (CAPTAIN,)


@pytest.mark.parametrize(("role", "expected"), cells("claim a team that has a captain"))
async def test_claim_a_team_that_has_a_captain(db, role, expected):
    await _claim_and_check(db, role, expected, TEAM)


ANY_TEAM = [
    (role, expected, team)
    for role, expected in cells("claim any team, captains' results on")
    for team in ((TEAM,) if role == "captain" else (FREE, TEAM))  # a captain's own team
]


@pytest.mark.parametrize(("role", "expected", "team"), ANY_TEAM)
async def test_claim_any_team_with_captains_results_on(db, role, expected, team):
    await results_on(db)
    await _claim_and_check(db, role, expected, team)


async def _claim_and_check(db: Database, role: str, expected: str, team: str) -> None:
    before = await captains_of(db)
    who = person(role)
    if expected == "refused":
        with pytest.raises(NoActiveTournament):
            await claim_team(db, who, team)
        assert await captains_of(db) == before
        return
    done = await claim_team(db, who, team)
    after = await captains_of(db)
    if expected == "waits":
        assert done.value.outcome is captains.Outcome.WAITS and not done.effects.reminders
        assert after == before  # the team keeps its captains until an organiser decides
        stored = await pending(db, who.user_id)
        assert stored is not None and stored["kind"] == captains.CLAIM
        assert stored["team"] == team and stored["tournament"] == 1
        return
    assert expected == "allowed"
    assert who.user_id in after[team]
    if role == "captain":
        assert done.value.outcome is captains.Outcome.ALREADY and after == before
    else:
        assert done.value.outcome is captains.Outcome.ACCEPTED
        assert set(after.get(team, ())) == set(before.get(team, ())) | {who.user_id}


# --- an organiser decides a waiting claim -------------------------------------------------


async def waiting_claim(db: Database) -> captains.Claim:
    claimant = Actor(CLAIMANT, CHAT, NOW, next(_updates), name="Zeynep")
    done = await claim_team(db, claimant, TEAM)
    assert done.value.outcome is captains.Outcome.WAITS
    return done.value


@pytest.mark.parametrize("approve", [True, False], ids=["approve", "reject"])
@pytest.mark.parametrize(("role", "expected"), cells("approve or reject a captain's claim"))
async def test_approve_or_reject_a_captains_claim(db, role, expected, approve):
    claim = await waiting_claim(db)
    before = await captains_of(db)
    decide = run(
        db,
        captains.decide,
        captains.Decide(CLAIMANT, claim.tournament_id, claim.team_index, approve=approve),
        person(role),
    )
    if expected == "refused":
        with refused(role):
            await decide
        assert await captains_of(db) == before
        assert (await pending(db, CLAIMANT))["team"] == TEAM  # still waiting
        return
    assert expected == "allowed"
    done = await decide
    after = await captains_of(db)
    assert done.value.approved is approve and done.value.name == "Zeynep"
    assert after[TEAM] == ((CAPTAIN, CLAIMANT) if approve else (CAPTAIN,))
    assert await pending(db, CLAIMANT) is None  # decided once


# --- an organiser sets and removes captains ---------------------------------------------


@pytest.mark.parametrize(("role", "expected"), cells("make someone a captain"))
async def test_make_someone_a_captain(db, role, expected):
    before = await captains_of(db)
    assign = assign_captain(db, person(role), FREE, CLAIMANT, "Zeynep")
    if expected == "refused":
        with refused(role):
            await assign
        assert await captains_of(db) == before
        return
    assert expected == "allowed"
    done = await assign
    assert done.value.team == FREE and done.effects.reminders
    assert (await captains_of(db))[FREE] == (CLAIMANT,)


@pytest.mark.parametrize("form", ["team", "reply"])
@pytest.mark.parametrize(("role", "expected"), cells("remove captains"))
async def test_remove_captains(db, role, expected, form):
    before = await captains_of(db)
    target = (CAPTAIN, "Kaptan") if form == "reply" else (None, None)
    remove = remove_captains(db, person(role), TEAM if form == "team" else "", *target)
    if expected == "refused":
        with refused(role):
            await remove
        assert await captains_of(db) == before
        return
    assert expected == "allowed"
    done = await remove
    assert done.value.team == TEAM and done.value.users == (CAPTAIN,)
    after = await captains_of(db)
    assert TEAM not in after and after[OTHER_TEAM] == (OTHER_CAPTAIN,)


def test_every_captains_row_is_in_the_table():
    """A renamed row would silently test nothing: each of them must still be there."""
    for action in (
        "claim a team that has no captain",
        "claim a team that has a captain",
        "claim any team, captains' results on",
        "approve or reject a captain's claim",
        "make someone a captain",
        "remove captains",
    ):
        assert cells(action), action


async def test_the_roles_are_what_the_table_says(db):
    """Guards the fixture itself: the people are what the table's columns mean."""
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
        assert snap.tournament.created_by == ORGANISER
        assert await uow.tournaments.is_organiser(1, CO_ORGANISER)
        assert not await uow.tournaments.is_organiser(1, ADMIN)
        assert await uow.teams.captain_of(1, CAPTAIN) == TEAM
        assert await uow.teams.captain_of(1, OTHER_CAPTAIN) == OTHER_TEAM
        assert await uow.teams.captain_of(1, MEMBER) is None
