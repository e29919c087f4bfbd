"""docs/permissions.md, cell by cell, for results, organisers' commands, match-day changes
and reading: each role performs each action through its use case, without Telegram.

The day is stored once per module and copied per test (a SQLite file), so every cell
starts from the same tournament: its creator, an organiser added with /yetkili, a chat
administrator, A1's captain, A4's captain, a member, and the member writing in private.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, timedelta

import pytest
from eight_team_day import CHAT, KICKOFF, ORGANISER, copy_of, running, stored_day
from permission_table import cells

import domain.questions
from bot.usecases import (
    captain_results,
    organisers,
    questions,
    reminder_settings,
    reminders,
    result_choices,
    result_messages,
    results,
    schedule,
    undo,
    views,
)
from bot.usecases.errors import NeedsConfirmation, NotAllowed, NotOrganiser, NotYourButton
from bot.usecases.pending_results import CONFIRM
from bot.usecases.runner import Actor, Repeated, run
from domain import intents
from storage import Database
from storage.errors import NoActiveTournament

NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)  # 09:00 on the day
CO_ORGANISER, ADMIN, CAPTAIN, OTHER_CAPTAIN, MEMBER = 20, 30, 40, 50, 60
USERS = {
    "creator": ORGANISER,
    "organiser": CO_ORGANISER,
    "admin": ADMIN,
    "captain": CAPTAIN,  # captains A1
    "other captain": OTHER_CAPTAIN,  # captains A4, A1's first opponent
    "member": MEMBER,
    "private": MEMBER,
}
REFUSALS = (NotOrganiser, NoActiveTournament, NotYourButton)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """The stored day with its roles, made once; each test gets a copy of the file."""
    import asyncio

    path = tmp_path_factory.mktemp("permissions") / "day.sqlite3"

    async def make() -> None:
        db = await stored_day(f"sqlite+aiosqlite:///{path}", NOW)
        async with db.unit_of_work() as uow:
            await uow.tournaments.add_organiser(1, CO_ORGANISER, NOW)
            await uow.teams.add_captain(1, "A1", CAPTAIN)
            await uow.teams.add_captain(1, "A4", OTHER_CAPTAIN)
            for user in (ORGANISER, CAPTAIN, OTHER_CAPTAIN, MEMBER):
                await uow.private_chats.add(user, NOW)
            await reminders.sync(uow, 1, NOW)
            await uow.commit()
        await db.dispose()

    asyncio.run(make())
    return path


@pytest.fixture
async def db(template, tmp_path):
    database = copy_of(template, tmp_path)
    yield database
    await database.dispose()


def who(role: str, update_id: int | None = None) -> Actor:
    async def is_admin() -> bool:
        return role == "admin"

    private = role == "private"
    user = USERS[role]
    return Actor(
        user_id=user,
        chat_id=user if private else CHAT,
        now=NOW,
        update_id=update_id,
        private=private,
        admin=is_admin,
    )


async def verdict(action) -> str:
    """What the person was told: stored/shown, refused, or waiting for someone's yes.
    Any other refusal (a typo, a bad time) is no permission answer and fails the test."""
    try:
        await action
    except NeedsConfirmation:
        return "waits"
    except REFUSALS:
        return "refused"
    return "allowed"


async def asked(db: Database, question: domain.questions.Question, actor: Actor):
    return (await run(db, questions.respond, questions.Ask(question), actor)).value


async def headcount(db: Database, match_id: int, actor: Actor):
    """The head count's button: what it is about, None when the press is refused."""
    try:
        return (await run(db, reminders.headcount, reminders.CountHeads(match_id), actor)).value
    except NotAllowed:
        return None


async def record(db: Database, actor: Actor, text: str, *, correct: bool = False):
    """A result line through the runner; a line the bot asks about instead raises what it
    asks (NeedsConfirmation: the line waits for the other captain)."""
    done = await run(db, results.record, results.Record(text, correct=correct), actor)
    if isinstance(done.value, results.Asked):
        raise done.value.question
    return done


async def confirm_captain(db: Database, actor: Actor, captain: int):
    answer = captain_results.CaptainsAnswer(captain)
    return await run(db, captain_results.confirm_captain, answer, actor)


async def reject_captain(db: Database, actor: Actor, captain: int):
    answer = captain_results.CaptainsAnswer(captain)
    return await run(db, captain_results.reject_captain, answer, actor)


async def undo_last(db: Database, actor: Actor):
    return await run(db, undo.undo_result, undo.UndoResult(), actor)


async def keep(db: Database, user: int, pending: dict) -> None:
    """A pending state as an older version stored it (a dict of its own shape)."""
    async with db.unit_of_work() as uow:
        await uow.setups.put(CHAT, user, pending, NOW)
        await uow.commit()


async def peek(db: Database, user: int) -> dict | None:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.setups.get(CHAT, user)


async def captains_results_on(db: Database) -> None:
    async with db.unit_of_work() as uow:
        await uow.tournaments.update_settings(1, captains_may_enter_results=True)
        await uow.commit()


async def stored_result(db: Database, match_no: int) -> object:
    snap = await running(db)
    return next(m.result for m in snap.matches if m.match.no == match_no)


@pytest.mark.parametrize(("role", "expected"), cells("enter a result"))
async def test_entering_a_result(db, role, expected):
    assert await verdict(record(db, who(role), "A1 3-1 A4")) == expected
    assert (await stored_result(db, 1) is not None) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("enter a result, captains' results on"))
async def test_entering_a_result_with_captains_results_on(db, role, expected):
    await captains_results_on(db)
    assert await verdict(record(db, who(role), "A1 3-1 A4")) == expected
    assert (await stored_result(db, 1) is not None) == (expected == "allowed")


async def _captains_line(db: Database) -> None:
    """A1's captain typed "A1 3-1 A4" with captains' results on: it waits for A4's."""
    await captains_results_on(db)
    with pytest.raises(NeedsConfirmation):
        await record(db, who("captain"), "A1 3-1 A4")
    pending = {"kind": CONFIRM, "text": "A1 3-1 A4", "match": 1}
    await keep(db, CAPTAIN, pending)


@pytest.mark.parametrize(("role", "expected"), cells("confirm or reject a captain's result"))
async def test_confirming_a_captains_result(db, role, expected):
    await _captains_line(db)
    assert await verdict(confirm_captain(db, who(role), CAPTAIN)) == expected
    assert (await stored_result(db, 1) is not None) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("confirm or reject a captain's result"))
async def test_rejecting_a_captains_result(db, role, expected):
    await _captains_line(db)
    got = await verdict(reject_captain(db, who(role), CAPTAIN))
    assert got == expected
    still_pending = await peek(db, CAPTAIN)
    assert (still_pending is None) == (expected == "allowed")
    assert await stored_result(db, 1) is None  # a rejection never stores anything


async def test_a_rejection_tells_both_captains_and_the_organisers(db):
    await _captains_line(db)
    done = await reject_captain(db, who("other captain"), CAPTAIN)
    assert set(done.value.tell) == {CAPTAIN, OTHER_CAPTAIN, ORGANISER}  # CO_ORGANISER: no chat


async def test_with_no_captain_on_the_other_side_an_organiser_confirms(db):
    await captains_results_on(db)
    with pytest.raises(NeedsConfirmation):
        await record(db, who("captain"), "A1 2-0 A3")  # A3 has no captain
    await keep(db, CAPTAIN, {"kind": CONFIRM, "text": "A1 2-0 A3", "match": 5})
    assert await verdict(confirm_captain(db, who("member"), CAPTAIN)) == "refused"
    assert await verdict(confirm_captain(db, who("organiser"), CAPTAIN)) == "allowed"
    assert await stored_result(db, 5) is not None


@pytest.mark.parametrize(("role", "expected"), cells("press a button someone else asked for"))
async def test_pressing_someone_elses_typo_buttons(db, role, expected):
    asker = 99  # an organiser none of the roles is
    async with db.unit_of_work() as uow:
        await uow.tournaments.add_organiser(1, asker, NOW)
        await uow.commit()
    typo = Actor(user_id=asker, chat_id=CHAT, now=NOW, update_id=1)
    asked = await run(db, result_messages.record, result_messages.Message("AA1 3-1 A4"), typo)
    assert isinstance(asked.value[0], results.Asked)
    for choice in ("0", "x"):  # the team offered, [Vazgeç]
        pressed = run(db, result_choices.fix, result_choices.Fix(asker, choice), who(role))
        assert await verdict(pressed) == expected
    assert await peek(db, asker) is not None  # the question still waits for its asker
    assert await stored_result(db, 1) is None


@pytest.mark.parametrize(("role", "expected"), cells("correct a stored result"))
async def test_correcting_a_result(db, role, expected):
    await record(db, who("creator"), "A1 3-1 A4")
    got = await verdict(record(db, who(role), "A1 2-1 A4", correct=True))
    assert got == expected
    assert (await stored_result(db, 1)).home_goals == (2 if expected == "allowed" else 3)


@pytest.mark.parametrize(("role", "expected"), cells("undo the last result"))
async def test_undoing_the_last_result(db, role, expected):
    await record(db, who("creator"), "A1 3-1 A4")
    if role in ("organiser", "admin"):  # their own last entry is what /geri_al reverts
        await record(db, who(role), "A2 1-1 A3")
    got = await verdict(undo_last(db, who(role)))
    assert got == expected
    undone = 2 if role in ("organiser", "admin") else 1
    assert (await stored_result(db, undone) is None) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("add an organiser"))
async def test_adding_an_organiser(db, role, expected):
    added = organisers.AddOrganiser(99)
    assert await verdict(run(db, organisers.add_organiser, added, who(role))) == expected
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.tournaments.is_organiser(1, 99) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("record a drawing of lots"))
async def test_recording_a_lot(db, role, expected):
    # Before any match the four of group A are level on nothing: a lot may order them.
    lot = organisers.RecordLot("A3")
    assert await verdict(run(db, organisers.record_lot, lot, who(role))) == expected
    snap = await running(db)
    assert bool(snap.lots) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("change a setting"))
async def test_changing_a_setting(db, role, expected):
    on = organisers.CaptainsResults(True)
    assert await verdict(run(db, organisers.captains_enter_results, on, who(role))) == expected
    squad = reminder_settings.Squad("7")
    assert await verdict(run(db, reminder_settings.change_squad, squad, who(role))) == expected
    settings = (await running(db)).tournament.settings
    assert settings.captains_may_enter_results == (expected == "allowed")
    assert (settings.squad == 7) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("rename a team"))
async def test_renaming_a_team(db, role, expected):
    renamed = organisers.RenameTeam("A1", "Kartallar")
    assert await verdict(run(db, organisers.rename_team, renamed, who(role))) == expected
    assert ("Kartallar" in (await running(db)).teams) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("delay or move matches"))
async def test_delaying_and_moving(db, role, expected):
    before = (await running(db)).planned
    delayed, moved = schedule.Delay("15"), schedule.Postpone("16 16:00")
    assert await verdict(run(db, schedule.delay, delayed, who(role))) == expected
    assert await verdict(run(db, schedule.postpone, moved, who(role))) == expected
    after = (await running(db)).planned
    assert (after != before) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("set the reminders"))
async def test_setting_the_reminders(db, role, expected):
    leads = reminder_settings.Leads(("90",))
    assert await verdict(run(db, reminder_settings.change_leads, leads, who(role))) == expected
    shown = (await run(db, reminder_settings.shown, reminder_settings.Show(), who("member"))).value
    assert (shown.group_leads == (90,)) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("see the settings and reminders"))
async def test_seeing_the_settings(db, role, expected):
    actor = who(role)
    listed = run(db, organisers.settings, organisers.ShowSettings(), actor)
    assert await verdict(listed) == expected
    shown = run(db, reminder_settings.shown, reminder_settings.Show(), actor)
    assert await verdict(shown) == expected


@pytest.mark.parametrize(("role", "expected"), cells("see the fixture, table, files"))
async def test_seeing_the_fixture_and_files(db, role, expected):
    actor = who(role)
    assert await verdict(run(db, views.snapshot, views.Running(), actor)) == expected
    assert await verdict(run(db, views.with_captains, views.Captained(), actor)) == expected


@pytest.mark.parametrize(("role", "expected"), cells("ask about a match"))
async def test_asking_about_a_match(db, role, expected):
    actor = who(role)
    if actor.private:
        found = await asked(db, domain.questions.Question(intents.Intent.NEXT_MATCH), actor)
        assert found == []  # the member captains nothing: the bot says how to become one
        return
    question = domain.questions.Question(intents.Intent.NEXT_MATCH, team_hint="A2")
    answer = await asked(db, question, actor)
    assert answer.team == "A2" and answer.match is not None


@pytest.mark.parametrize(("role", "expected"), cells("say how many players came"))
async def test_saying_how_many_came(db, role, expected):
    snap = await running(db)
    a1_a2 = next(m for m in snap.matches if {m.match.home, m.match.away} == {"A1", "A2"})
    found = await headcount(db, a1_a2.id, who(role))
    assert (found is not None and found.team == "A1") == (expected == "allowed")


async def test_an_organiser_who_captains_a_side_counts_their_teams_heads(db):
    """The reminder with the count's buttons goes to every captain, an organiser who
    captains one included: the count is a captain's errand, in their private chat."""
    async with db.unit_of_work() as uow:
        await uow.teams.add_captain(1, "A2", CO_ORGANISER)
        await uow.commit()
    snap = await running(db)
    a1_a2 = next(m for m in snap.matches if {m.match.home, m.match.away} == {"A1", "A2"})
    a1_a4 = next(m for m in snap.matches if {m.match.home, m.match.away} == {"A1", "A4"})
    alone = dataclasses.replace(who("organiser"), chat_id=CO_ORGANISER, private=True)
    assert (await headcount(db, a1_a2.id, alone)).team == "A2"
    assert await headcount(db, a1_a4.id, alone) is None  # not their team's match
    assert (await headcount(db, a1_a2.id, who("captain"))).team == "A1"


async def test_the_same_update_twice_changes_things_once(db):
    first = await run(db, schedule.delay, schedule.Delay("15"), who("creator", update_id=5))
    with pytest.raises(Repeated):
        await run(db, schedule.delay, schedule.Delay("15"), who("creator", update_id=5))
    snap = await running(db)
    moved = {old.no: new.start for old, new in first.value.changes}
    assert all(m.match.start == moved[m.match.no] for m in snap.matches if m.match.no in moved)


async def test_a_lot_that_fills_the_semi_finals_gives_their_captains_reminders(db):
    # Group A ends with A1 and A2 level on everything the article's rule reads, B decided.
    async with db.unit_of_work() as uow:
        await uow.tournaments.update_settings(1, tie_break="makale")
        await uow.commit()
    lines = ("A1 1-0 A4", "A2 1-0 A3", "A1 1-0 A3", "A2 1-0 A4", "A1 1-1 A2", "A3 0-0 A4")
    lines += ("B1 0-2 B4", "B2 1-0 B3", "B1 1-1 B3", "B4 0-3 B2", "B1 0-1 B2", "B3 2-2 B4")
    for line in lines:
        await record(db, who("creator"), line)
    snap = await running(db)
    semis = [m for m in snap.matches if m.match.stage.is_knockout and m.match.key in ("SF1", "SF2")]
    assert all("A1" not in (m.match.home, m.match.away) for m in semis)  # 1A is not known

    done = await run(db, organisers.record_lot, organisers.RecordLot("A1"), who("creator"))

    assert done.effects.reminders and {m.key for m in done.value.filled} >= {"SF1", "SF2"}
    async with db.unit_of_work(read_only=True) as uow:
        rows = await uow.reminders.status(1)
    filled = {m.no for m in done.value.filled if "A1" in (m.home, m.away)}
    assert any((no, CAPTAIN, "kaptan:60") in rows for no in filled)


async def test_the_lot_is_refused_where_no_tie_holds_the_team(db):
    for line in ("A1 3-1 A4", "A2 2-2 A3", "A1 1-0 A3", "A2 2-0 A4", "A1 1-1 A2", "A3 3-2 A4"):
        await record(db, who("creator"), line)
    with pytest.raises(organisers.NoTie):
        await run(db, organisers.record_lot, organisers.RecordLot("A1"), who("creator"))
    assert not (await running(db)).lots


async def test_a_private_chat_never_reaches_the_groups_tournament(db):
    snap = await running(db)
    with pytest.raises(NoActiveTournament):
        await record(db, who("private"), "A1 3-1 A4")
    assert (await running(db)).matches == snap.matches
