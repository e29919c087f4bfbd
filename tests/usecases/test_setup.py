"""Setting up a tournament, where none runs and in place of the running one, cell by cell of
docs/permissions.md, through the use cases on real storage (no Telegram)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from eight_team_day import CHAT, IST
from lifecycle_roles import NOW, at, day_with_roles, league, person, stored
from permission_table import cells

from bot.handlers.setup_steps import parse_button
from bot.texts.setup import EDIT_FIELDS, may_not_replace, running_changed
from bot.usecases import drafts, setup, tournaments
from bot.usecases.errors import NotOrganiser, NotYourButton, RunningChanged, SetupTimedOut
from bot.usecases.runner import Actor, Outcome, Repeated, run
from bot.usecases.setup_steps import EDIT_WORDS, EDITABLE, Answers, SetUp
from domain import names
from storage import Database


@pytest.fixture
async def db(tmp_path):
    database = await day_with_roles(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    yield database
    await database.dispose()


async def may_set_up(db: Database, who: Actor) -> setup.Running | None:
    return (await run(db, setup.may_set_up, setup.MaySetUp(), who)).value


async def summarise(db: Database, who: Actor, data: dict) -> setup.Running | None:
    return (await run(db, setup.summarise, setup.Summarise(Answers.of(data)), who)).value


async def confirm(db: Database, who: Actor, plans: dict, *, replace: bool) -> Outcome:
    return await run(db, setup.confirm, setup.Confirm(replace, plans), who)


async def keep(db: Database, who: Actor, step: str, data: dict) -> None:
    """A set-up of `who` that waits for `step`, stored as the use cases store one."""
    async with db.unit_of_work() as uow:
        talk = SetUp(step, Answers.of(data), who.now)
        await uow.setups.put(who.chat_id, who.user_id, talk.stored(), who.now)
        await uow.commit()


async def current(db: Database, who: Actor) -> SetUp | None:
    """What a message to the set-up meets, as the handler asks: a timed-out set-up is
    dropped (setup.cancel) before SetupTimedOut goes on."""
    try:
        return (await run(db, setup.waiting, setup.Waiting(), who)).value
    except SetupTimedOut:
        await run(db, setup.cancel, setup.Cancel(), who)
        raise


async def drop(db: Database, who: Actor) -> bool:
    return (await run(db, setup.cancel, setup.Cancel(), who)).value


async def running(db: Database, chat_id: int = CHAT) -> list[tuple[str, str | None]]:
    async with db.unit_of_work(read_only=True) as uow:
        return [(t.tournament.name, t.reason) for t in await uow.tournaments.numbered(chat_id)]


@pytest.mark.parametrize(("role", "expected"), cells("create a tournament where none runs"))
async def test_creating_a_tournament_where_none_runs(db, role, expected):
    assert expected == "allowed"
    await run(db, tournaments.end, tournaments.End(1), person("creator"))
    who = person(role, at(9, 30))
    assert await may_set_up(db, who) is None
    assert await summarise(db, who, league()) is None

    done = await confirm(db, who, {}, replace=False)

    assert (done.value.name, done.value.replaced, len(done.value.plan.matches)) == (
        "Akşam Ligi", None, 6,
    )  # fmt: skip
    assert done.effects.reminders
    listed = await running(db, who.chat_id)
    assert listed[-1] == ("Akşam Ligi", None)
    assert await current(db, who) is None  # the set-up is over
    assert await stored(db, 1) == ("archived", "ended", 2, 0)


@pytest.mark.parametrize(("role", "expected"), cells("create one that replaces the running one"))
async def test_creating_one_that_replaces_the_running_one(db, role, expected):
    who = person(role, at(9, 30))
    if expected == "allowed":
        found = await may_set_up(db, who)
        assert found is not None and found.name == "Bahar Kupası"
        assert await summarise(db, who, league()) == found
        with pytest.raises(NotYourButton):  # the summary's button is [Evet, yerine kur]
            await confirm(db, who, {}, replace=False)

        done = await confirm(db, who, {}, replace=True)

        assert done.value.replaced == "Bahar Kupası"
        assert await running(db) == [("Bahar Kupası", "replaced"), ("Akşam Ligi", None)]
        assert await stored(db, 1) == ("archived", "replaced", 2, 0)  # results kept
        return
    with pytest.raises(NotOrganiser) as early:  # refused at /yeni_turnuva, before any build
        await may_set_up(db, who)
    assert "Bahar Kupası" in may_not_replace(early.value.name)
    with pytest.raises(NotOrganiser):
        await summarise(db, who, league())
    assert await running(db) == [("Bahar Kupası", None)]
    status, reason, played, pending = await stored(db, 1)
    assert (status, reason, played) == ("active", None, 2) and pending > 0


async def test_a_member_whose_summary_came_before_the_running_one_is_refused_at_the_button(db):
    await run(db, tournaments.end, tournaments.End(1), person("creator"))
    member = person("member", at(9, 30))
    await summarise(db, member, league("Benim Kupam"))  # nothing ran: [Oluştur]
    await run(db, tournaments.restore, tournaments.Restore(1, None), person("creator", at(9, 35)))

    with pytest.raises(NotOrganiser):
        await confirm(db, person("member", at(9, 40)), {}, replace=False)

    assert await running(db) == [("Bahar Kupası", None)]
    status, reason, played, pending = await stored(db, 1)
    assert (status, reason, played) == ("active", None, 2) and pending > 0


async def test_an_organisers_oluştur_after_a_tournament_started_replaces_nothing_unasked(db):
    await run(db, tournaments.end, tournaments.End(1), person("creator"))
    await summarise(db, person("admin", at(9, 30)), league())
    await run(db, tournaments.restore, tournaments.Restore(1, None), person("creator", at(9, 35)))

    with pytest.raises(RunningChanged) as changed:
        await confirm(db, person("admin", at(9, 40)), {}, replace=False)
    assert changed.value.name == "Bahar Kupası"
    assert "«Bahar Kupası» kuruldu; hiçbir şey değişmedi" in running_changed("Bahar Kupası")
    assert await running(db) == [("Bahar Kupası", None)]

    again = await summarise(db, person("admin", at(9, 41)), league())  # the new summary
    assert again is not None and again.name == "Bahar Kupası"
    done = await confirm(db, person("admin", at(9, 42)), {}, replace=True)
    assert done.value.replaced == "Bahar Kupası"


async def test_the_summarys_plan_is_the_one_stored(db, monkeypatch):
    who = person("creator", at(9, 30))
    data = league()
    _, planned = drafts.build(drafts.spec_of(data))
    await summarise(db, who, data)

    def built_again(_spec):
        raise AssertionError("the plan was built again")

    monkeypatch.setattr(drafts, "build", built_again)  # where create looks it up
    done = await confirm(db, who, {drafts.data_key(data): planned}, replace=True)

    assert done.value.plan is planned
    async with db.unit_of_work(read_only=True) as uow:
        plan = await uow.matches.plan(2)
    assert [m.match.start for m in plan] == [m.start for m in planned.matches]


async def test_a_set_up_silent_for_half_an_hour_is_gone(db):
    await keep(db, person("member"), "teams", {"name": "Kupa"})
    talk = await current(db, person("member", NOW + timedelta(minutes=29)))
    assert talk is not None and (talk.step, talk.data) == ("teams", {"name": "Kupa"})
    with pytest.raises(SetupTimedOut):
        await current(db, person("member", NOW + timedelta(minutes=31)))
    assert await current(db, person("member", NOW + timedelta(minutes=32))) is None
    assert await drop(db, person("member")) is False


async def test_a_press_without_a_summary_is_stale(db):
    with pytest.raises(NotYourButton):
        await confirm(db, person("creator"), {}, replace=True)
    await keep(db, person("creator"), "teams", {"name": "Kupa"})
    with pytest.raises(NotYourButton):
        await confirm(db, person("creator"), {}, replace=True)
    assert await running(db) == [("Bahar Kupası", None)]


@pytest.mark.parametrize(
    ("data", "parsed"),
    [
        ("su:10:pitches:2", (10, "pitches", "2")),
        ("su:10:slot:24+6", (10, "slot", "24+6")),
        ("su:10:confirm:create", (10, "confirm", "create")),
        ("su:confirm", None),  # raised a ValueError once
        ("su:confirm:create", None),  # before buttons carried their owner
        ("su:10:confirm:delete", None),
        ("su:10:nosuchstep:1", None),
        ("su:x:name:1", None),
        ("tb:end:1", None),
        ("", None),
    ],
)
def test_set_up_button_data_is_read_or_refused(data, parsed):
    assert parse_button(data) == parsed


async def test_the_guided_steps_move_on_in_the_use_case_and_each_step_is_stored(db):
    await run(db, tournaments.end, tournaments.End(1), person("creator"))

    def member(minute: int, update: int) -> Actor:
        return person("member", at(9, minute), update_id=update)

    async def told(text: str, minute: int, update: int, step: str | None = None):
        asker = None if step is None else member(minute, update).user_id
        command = setup.Answer(text, step, asker)
        return (await run(db, setup.answer, command, member(minute, update))).value

    assert (await run(db, setup.start, setup.Start(), member(30, 1))).value is None
    assert (await told("  Kış   Kupası ", 31, 2)).step == "teams"
    with pytest.raises(Repeated):  # an update applied already changes nothing
        await told("A, B, C, D", 31, 2)
    talk = await current(db, member(31, 3))
    assert talk is not None and (talk.step, talk.data) == ("teams", {"name": "Kış Kupası"})
    assert (await told("Kartallar, Şahinler, Aslanlar, Kaplanlar", 32, 4)).step == "pitches"
    someone = setup.Answer("1", "pitches", person("creator").user_id)
    with pytest.raises(NotYourButton):  # another person's button
        await run(db, setup.answer, someone, member(33, 5))
    with pytest.raises(NotYourButton):  # a button of an earlier question
        await told("2", 33, 5, step="teams")
    assert (await told("1", 33, 6, step="pitches")).step == "format"
    assert (await told("league", 34, 7, step="format")).step == "kickoff"
    assert (await told("7 Aralık 20:00", 35, 8)).step == "slot"
    assert (await told("26+4", 36, 9, step="slot")).step == "tiebreak"
    last = await told("tff", 37, 10, step="tiebreak")

    assert (last.step, last.edited) == ("confirm", False)
    form = {k: v for k, v in league("Kış Kupası").items() if k != "seed"}
    assert last.answers.data() == {**form, "kind": "day"}  # a league of one day
    assert (await current(db, member(37, 11))).step == "tiebreak"  # summarise stores it
    await summarise(db, member(38, 12), last.answers.data())
    edit = await told("edit", 39, 13, step="confirm")
    assert edit.step == "edit" and "groups" not in edit.fields and "third" not in edit.fields
    assert (await told("İlk maç", 40, 14)).step == "kickoff"
    again = await told("7 Aralık 18:00", 41, 15)
    assert (again.step, again.edited, again.answers.editing) == ("confirm", True, False)
    assert again.answers.kickoff == datetime(2026, 12, 7, 18, 0, tzinfo=IST)


def test_a_set_up_stored_before_is_read_and_stored_as_it_was():
    state = {
        "kind": "setup",
        "step": "confirm",
        "data": league(),
        "at": at(9, 30).isoformat(),
        "replaces": 1,
    }
    talk = SetUp.read(state)
    assert talk is not None and talk.stored() == state
    assert talk.answers.key() == drafts.data_key(league())  # its kept plan is found
    assert SetUp.read({"kind": "claim", "team": "A1"}) is None  # a captain's claim


def test_every_label_of_the_degistir_buttons_is_a_word_for_its_answer():
    for field, label in EDIT_FIELDS:
        assert EDIT_WORDS[names.loose_key(label)] == field
    assert tuple(f for f, _ in EDIT_FIELDS) == EDITABLE


async def test_the_guided_steps_answered_in_words_in_the_use_case(db):
    await run(db, tournaments.end, tournaments.End(1), person("creator"))

    def member(minute: int, update: int) -> Actor:
        return person("member", at(9, minute), update_id=update)

    async def told(text: str, minute: int, update: int, step: str | None = None):
        asker = None if step is None else member(minute, update).user_id
        command = setup.Answer(text, step, asker)
        return (await run(db, setup.answer, command, member(minute, update))).value

    await run(db, setup.start, setup.Start(), member(30, 1))
    await told("Kış Kupası", 31, 2)
    await told("Kartallar, Şahinler, Aslanlar, Kaplanlar", 32, 3)
    assert (await told("1 saha var", 33, 4)).step == "format"
    assert (await told("lig usulü", 34, 5)).step == "kickoff"
    assert (await told("17 ocakta başlıyoruz", 35, 6)).step == "slot"
    assert (await told("30 dk maç 5 dk ara", 36, 7)).step == "tiebreak"
    last = await told("tff olsun", 37, 8)
    assert last.step == "confirm"
    a = last.answers
    assert (a.pitches, a.format, a.match, a.changeover, a.tiebreak) == (1, "league", 30, 5, "tff")
    assert a.kickoff == datetime(2027, 1, 17, 10, 0, tzinfo=IST)
    await summarise(db, member(38, 9), a.data())
    await told("edit", 39, 10, step="confirm")
    assert (await told("sahayı değiştir", 40, 11)).step == "pitches"
    again = await told("iki sahamız var", 41, 12)
    assert (again.step, again.answers.pitches) == ("confirm", 2)
