"""A plain group message read as results, entered in one use case run (result_messages.record), and
the questions a line gets instead (a typo's team, a played match, a captain's result),
whose state the use case stores itself; on the 8-team day."""

from __future__ import annotations

import re
from datetime import UTC, timedelta
from itertools import count

import pytest
from eight_team_day import CHAT, KICKOFF, ORGANISER, stored_day
from sqlalchemy import event

from bot.usecases import (
    captain_results,
    forfeits,
    pending_results,
    result_choices,
    result_messages,
    results,
)
from bot.usecases.errors import AlreadyPlayed, NeedsConfirmation, NotOrganiser, NotYourButton
from bot.usecases.runner import Actor, run
from domain.errors import DomainError
from domain.model import Score
from storage import Database

NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)
CAPTAIN_A1, CAPTAIN_A4, MEMBER = 20, 40, 60
_updates = count(5000)


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    async with database.unit_of_work() as uow:
        await uow.teams.add_captain(1, "A1", CAPTAIN_A1)
        await uow.teams.add_captain(1, "A4", CAPTAIN_A4)
        await uow.commit()
    yield database
    await database.dispose()


def who(user: int = ORGANISER, update_id: int | None = None, *, admin: bool = False) -> Actor:
    async def is_admin() -> bool:
        return admin

    return Actor(user, CHAT, NOW, next(_updates) if update_id is None else update_id,
                 admin=is_admin)  # fmt: skip


async def message(db: Database, text: str, actor: Actor | None = None):
    return await run(db, result_messages.record, result_messages.Message(text), actor or who())


async def fix(db: Database, actor: Actor, asker: int | None, choice: str):
    return await run(db, result_choices.fix, result_choices.Fix(asker, choice), actor)


async def stored(db: Database) -> dict[int, Score]:
    async with db.unit_of_work(read_only=True) as uow:
        return {m.match.no: m.result for m in await uow.matches.plan(1) if m.result is not None}


async def pending_row(db: Database, user: int) -> dict | None:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.setups.get(CHAT, user)


async def captains_results_on(db: Database) -> None:
    async with db.unit_of_work() as uow:
        await uow.tournaments.update_settings(1, captains_may_enter_results=True)
        await uow.commit()


class Counted:
    """The units of work `db` opens, and the statements they run, while it is on."""

    def __init__(self, db: Database) -> None:
        self.units: list[bool] = []
        self.statements: list[str] = []
        self._db, self._open = db, db.unit_of_work
        self._engines = {db.engine.sync_engine, db.write_engine.sync_engine}

    def _unit(self, *, read_only: bool = False):
        self.units.append(read_only)
        return self._open(read_only=read_only)

    def _statement(self, conn, cursor, statement, *args) -> None:
        self.statements.append(" ".join(statement.split()))

    def __enter__(self) -> Counted:
        self._db.unit_of_work = self._unit  # type: ignore[method-assign]
        for engine in self._engines:
            event.listen(engine, "before_cursor_execute", self._statement)
        return self

    def __exit__(self, *exc: object) -> None:
        del self._db.unit_of_work
        for engine in self._engines:
            event.remove(engine, "before_cursor_execute", self._statement)

    def reading(self, table: str) -> int:
        found = re.compile(rf"\b(FROM|JOIN) {table}\b")
        return sum(s.startswith("SELECT") and bool(found.search(s)) for s in self.statements)


# --- one use case, one transaction --------------------------------------------------------


async def test_a_result_line_is_read_and_stored_in_one_write_transaction(db):
    with Counted(db) as counted:
        done = await message(db, "A1 3-1 A4")

    (entered,) = done.value
    assert isinstance(entered, results.Entered) and entered.outcome.score == Score(3, 1)
    assert counted.units == [False]  # one unit of work, a write
    # the tournament, its teams and its matches are read once each, none twice
    assert [counted.reading(t) for t in ("tournaments", "teams", "matches")] == [1, 1, 1]
    assert done.effects.live == (CHAT,) and not done.effects.reminders


async def test_ordinary_chat_and_a_chat_without_a_tournament_change_nothing(db):
    assert (await message(db, "maç çok güzeldi 2-1 bitti ama")).value is None
    stranger = who()
    stranger.chat_id = CHAT - 1
    assert (await message(db, "A1 3-1 A4", stranger)).value is None
    assert await stored(db) == {}


async def test_a_round_pasted_at_once_is_one_transaction_each_line_with_its_own_answer(db):
    text = "A1 3-1 A4\nA1 2-0 B1\nA2 2 A3 2"  # the middle line names no match
    with Counted(db) as counted:
        done = await message(db, text, who(update_id=900))

    first, middle, last = done.value
    assert counted.units == [False]
    assert isinstance(first, results.Entered) and isinstance(last, results.Entered)
    assert isinstance(middle, results.Refused) and isinstance(middle.reason, DomainError)
    assert last.table[1].row("A1").played == 1  # the last line's table holds the first's
    assert sorted(await stored(db)) == [first.match.no, last.match.no]

    again = await message(db, text, who(update_id=900))  # Telegram delivers it once more
    assert [a.outcome.duplicate for a in again.value if isinstance(a, results.Entered)] == [
        True,
        True,
    ]
    assert len(await stored(db)) == 2


async def test_a_members_lines_are_each_refused_and_an_administrators_stored(db):
    done = await message(db, "A1 3-1 A4\nA2 2-2 A3", who(MEMBER))
    assert [type(a.reason) for a in done.value] == [NotOrganiser, NotOrganiser]
    assert await stored(db) == {}

    done = await message(db, "A1 3-1 A4\nA2 2-2 A3", who(MEMBER, admin=True))
    assert all(isinstance(a, results.Entered) for a in done.value)
    assert len(await stored(db)) == 2


# --- the questions, stored by the use case ------------------------------------------------


async def test_a_captains_line_waits_and_another_teams_line_of_his_is_refused_alone(db):
    await captains_results_on(db)
    done = await message(db, "A1 3-1 A4\nA2 1-0 A3", who(CAPTAIN_A1))

    waiting, refused = done.value
    assert isinstance(waiting, results.Asked)
    assert isinstance(waiting.question, NeedsConfirmation) and waiting.question.team == "A1"
    assert isinstance(refused, results.Refused) and isinstance(refused.reason, NotOrganiser)
    row = await pending_row(db, CAPTAIN_A1)
    assert row == {
        "kind": pending_results.CONFIRM,
        "text": "A1 3-1 A4",
        "match": waiting.pending.match,
        **{"events": "", "first": "", "team": ""},  # no scorers typed with it
    }
    assert await stored(db) == {}

    command = captain_results.CaptainsAnswer(CAPTAIN_A1)
    with pytest.raises(NotYourButton):  # his own [Onayla]
        await run(db, captain_results.confirm_captain, command, who(CAPTAIN_A1))
    confirmed = await run(db, captain_results.confirm_captain, command, who(CAPTAIN_A4))
    assert confirmed.value.outcome.score == Score(3, 1)
    assert await pending_row(db, CAPTAIN_A1) is None


async def test_a_typos_team_is_chosen_by_its_writer_only_and_stored_once(db):
    done = await message(db, "AA1 3-1 A4")
    (asked,) = done.value
    assert isinstance(asked, results.Asked) and asked.pending.options == ("A1",)
    assert (await pending_row(db, ORGANISER))["kind"] == pending_results.TYPO

    with pytest.raises(NotYourButton) as refused:  # someone else's press
        await fix(db, who(MEMBER), ORGANISER, "0")
    assert refused.value.reason == "asker"
    chosen = await fix(db, who(), ORGANISER, "0")
    assert chosen.value.team == "A1" and isinstance(chosen.value.answer, results.Entered)
    assert chosen.effects.live == (CHAT,)
    assert list((await stored(db)).values()) == [Score(3, 1)]
    with pytest.raises(NotYourButton):  # the question is used up
        await fix(db, who(), ORGANISER, "0")


async def test_a_played_match_is_asked_about_then_corrected_or_left(db):
    await message(db, "A1 3-1 A4")
    (asked,) = (await message(db, "A1 2-1 A4")).value
    assert isinstance(asked, results.Asked) and isinstance(asked.question, AlreadyPlayed)
    assert asked.question.stored == Score(3, 1)

    corrected = (await fix(db, who(), ORGANISER, "c")).value
    assert corrected.team is None and corrected.answer.outcome.previous == Score(3, 1)
    assert list((await stored(db)).values()) == [Score(2, 1)]

    await message(db, "A1 0-0 A4")
    assert (await fix(db, who(), ORGANISER, "x")).value.cancelled
    assert list((await stored(db)).values()) == [Score(2, 1)]
    assert await pending_row(db, ORGANISER) is None


async def test_a_repeated_update_asks_nothing_twice(db):
    await message(db, "A1 3-1 A4")
    first = await message(db, "A1 2-1 A4", who(update_id=77))
    again = await message(db, "A1 2-1 A4", who(update_id=77))
    assert isinstance(first.value[0], results.Asked)
    assert again.value[0].outcome.duplicate  # answered the first time: silent


def test_the_older_rows_of_the_questions_are_still_read():
    typo = {
        "kind": pending_results.PENDING,
        "text": "AA1 3-1 A4",
        "wrong": "AA1",
        "options": ["A1"],
    }
    assert pending_results.pending_of(typo) == pending_results.TypoChoice(
        "AA1 3-1 A4", "AA1", ("A1",)
    )
    played = {"kind": pending_results.PENDING, "text": "A1 2-1 A4"}
    assert pending_results.pending_of(played) == pending_results.Correction("A1 2-1 A4")
    captain = {"kind": pending_results.CONFIRM, "text": "A1 3-1 A4", "match": 1}
    assert pending_results.pending_of(captain) == pending_results.CaptainResult("A1 3-1 A4", 1)
    assert pending_results.pending_of({"kind": "setup", "step": "teams"}) is None


async def test_a_plain_forfeit_line_in_a_chat_without_a_tournament_is_chat(db):
    stranger = who()
    stranger.chat_id = CHAT - 1
    command = forfeits.Forfeit("Kartallar", plain=True)
    assert (await run(db, forfeits.record_forfeit, command, stranger)).value is None
    assert not (await run(db, forfeits.record_forfeit, command, stranger)).effects
