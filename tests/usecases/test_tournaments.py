"""Ending, listing and bringing back a chat's tournaments, cell by cell of docs/permissions.md,
through the use cases on real storage (no Telegram)."""

from __future__ import annotations

import pytest
from lifecycle_roles import at, day_with_roles, league, person, stored
from permission_table import cells

from bot.texts.tournaments import EMPTY, STALE, ask_restore, listing, refusal
from bot.usecases import setup, tournaments
from bot.usecases.errors import AlreadyRunning, NoSuchTournament, NotOrganiser, NotYourButton
from bot.usecases.runner import Repeated, run
from bot.usecases.setup_steps import Answers
from storage.errors import NoActiveTournament


@pytest.fixture
async def db(tmp_path):
    database = await day_with_roles(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    yield database
    await database.dispose()


async def ask_end(db, who):
    return (await run(db, tournaments.ask_end, tournaments.AskEnd(), who)).value


async def end(db, who, tournament_id):
    return await run(db, tournaments.end, tournaments.End(tournament_id), who)


async def listing_of(db, who):
    return (await run(db, tournaments.listing, tournaments.Listing(), who)).value


async def ask_restore_(db, who, text):
    return (await run(db, tournaments.ask_restore, tournaments.AskRestore(text), who)).value


async def restore(db, who, tournament_id, replacing):
    return await run(db, tournaments.restore, tournaments.Restore(tournament_id, replacing), who)


async def ended_by_creator(db) -> None:
    ending = await ask_end(db, person("creator"))
    await end(db, person("creator"), ending.tournament_id)


# --- the cells --------------------------------------------------------------------------


@pytest.mark.parametrize(("role", "expected"), cells("end the tournament"))
async def test_ending_the_tournament(db, role, expected):
    before = await stored(db, 1)
    assert before[:3] == ("active", None, 2) and before[3] > 0
    if expected == "allowed":
        ending = await ask_end(db, person(role))
        assert (ending.tournament_id, ending.name, ending.played) == (1, "Bahar Kupası", 2)
        done = await end(db, person(role), 1)
        assert done.value == "Bahar Kupası" and done.effects.reminders
        assert await stored(db, 1) == ("archived", "ended", 2, 0)  # results kept, no reminders
        return
    refused = NoActiveTournament if role == "private" else NotOrganiser
    with pytest.raises(refused):
        await ask_end(db, person(role))
    with pytest.raises(NotYourButton if role == "private" else NotOrganiser):
        await end(db, person(role), 1)  # a forged or another's button
    assert await stored(db, 1) == before


@pytest.mark.parametrize(("role", "expected"), cells("list the chat's tournaments"))
async def test_listing_the_chats_tournaments(db, role, expected):
    assert expected == "allowed"
    await run(db, setup.summarise, setup.Summarise(Answers.of(league())), person("creator"))
    await run(db, setup.confirm, setup.Confirm(True), person("creator"))
    listed = await listing_of(db, person(role))
    if role == "private":
        assert listing(listed) == EMPTY
        return
    assert [(t.number, t.tournament.name, t.reason, t.played) for t in listed] == [
        (1, "Bahar Kupası", "replaced", 2),
        (2, "Akşam Ligi", None, 0),
    ]
    shown = listing(listed)
    assert "1. Bahar Kupası · yerine başkası kuruldu" in shown and "2/" in shown
    assert "2. Akşam Ligi · ▶️ sürüyor · 0/6 maç oynandı" in shown
    assert "/geri_yukle N" in shown


@pytest.mark.parametrize(("role", "expected"), cells("bring an ended or replaced one back"))
async def test_bringing_an_ended_tournament_back(db, role, expected):
    await ended_by_creator(db)
    later = at(9, 30)
    if expected == "allowed":
        asked = await ask_restore_(db, person(role, later), "1")
        assert (asked.target.number, asked.running) == (1, None)
        done = await restore(db, person(role, later), 1, None)
        assert (done.value.name, done.value.replaced) == ("Bahar Kupası", None)
        status, reason, played, pending = await stored(db, 1)
        assert (status, reason, played) == ("active", None, 2) and pending > 0  # re-synced
        return
    refused = NoSuchTournament if role == "private" else NotOrganiser
    with pytest.raises(refused):
        await ask_restore_(db, person(role, later), "1")
    with pytest.raises(NotYourButton if role == "private" else NotOrganiser):
        await restore(db, person(role, later), 1, None)
    assert await stored(db, 1) == ("archived", "ended", 2, 0)


# --- beyond the cells -------------------------------------------------------------------


async def test_bringing_one_back_replaces_the_running_one_which_keeps_everything(db):
    summary = setup.Summarise(Answers.of(league()))
    await run(db, setup.summarise, summary, person("admin"))  # the admin replaces the day
    await run(db, setup.confirm, setup.Confirm(True), person("admin"))
    assert (await stored(db, 2))[:2] == ("active", None)

    with pytest.raises(NotOrganiser):  # the day's creator does not organise the league
        await ask_restore_(db, person("creator"), "1")
    asked = await ask_restore_(db, person("admin"), "1")
    assert asked.running is not None and asked.running.tournament.name == "Akşam Ligi"
    assert "Süren «Akşam Ligi» onun yerine arşive kalkar" in ask_restore(asked)
    done = await restore(db, person("admin"), 1, 2)

    assert done.value.replaced == "Akşam Ligi"
    status, reason, played, pending = await stored(db, 1)
    assert (status, reason, played) == ("active", None, 2) and pending > 0
    assert await stored(db, 2) == ("archived", "replaced", 0, 0)


async def test_a_stale_confirmation_changes_nothing(db):
    asked_end = await ask_end(db, person("creator"))
    await end(db, person("organiser"), asked_end.tournament_id)
    with pytest.raises(NotYourButton):  # the same question, pressed again
        await end(db, person("creator"), asked_end.tournament_id)
    await ask_restore_(db, person("creator"), "1")
    later = person("creator", at(9, 10))
    await run(db, setup.summarise, setup.Summarise(Answers.of(league())), later)
    await run(db, setup.confirm, setup.Confirm(False), later)
    with pytest.raises(NotYourButton):  # asked when nothing ran; the league runs now
        await restore(db, person("creator"), 1, None)
    with pytest.raises(NotYourButton):  # forged: another chat's, or no such tournament
        await restore(db, person("creator"), 999, 2)
    assert await stored(db, 1) == ("archived", "ended", 2, 0)
    assert (await stored(db, 2))[:2] == ("active", None)


async def test_a_repeated_update_ends_nothing_twice(db):
    await end(db, person("creator", update_id=500), 1)
    with pytest.raises(Repeated):
        await end(db, person("creator", update_id=500), 1)


@pytest.mark.parametrize(
    ("text", "refused", "said"),
    [
        ("", NoSuchTournament, "Hangi turnuva? Örnek: /geri_yukle 2"),
        ("iki", NoSuchTournament, "Hangi turnuva?"),
        ("0", NoSuchTournament, "Hangi turnuva?"),
        ("3", NoSuchTournament, "3 numaralı turnuva yok (1 ile 1 arası)"),
        ("1", AlreadyRunning, "1. «Bahar Kupası» zaten sürüyor"),
    ],
)
async def test_a_wrong_number_is_explained(db, text, refused, said):
    with pytest.raises(refused) as caught:
        await ask_restore_(db, person("creator"), text)
    assert said in refusal(caught.value, "restore")


async def test_an_empty_chat_has_nothing_to_end_or_bring_back(db):
    stranger = person("member")
    stranger.chat_id = -5
    assert await listing_of(db, stranger) == []
    with pytest.raises(NoActiveTournament):
        await ask_end(db, stranger)
    with pytest.raises(NoSuchTournament) as caught:
        await ask_restore_(db, stranger, "1")
    assert "geri getirilecek bir turnuva yok" in refusal(caught.value, "restore")


def test_refusals_say_who_may():
    assert "Turnuvayı yalnızca düzenleyenler bitirebilir" in refusal(NotOrganiser("x"), "end")
    assert "onun ve süren turnuvanın" in refusal(NotOrganiser("x"), "restore")
    assert refusal(NotYourButton("stale"), "end") == STALE
