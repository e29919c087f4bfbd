"""Migration 0011: a tournament stored with the old `extra` dict reads back as typed
settings, and stepping down puts the dict back."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, time
from typing import Any

import sqlalchemy
from storage_data import CHAT, T0

from domain.forfeits import WithdrawalRule
from domain.formseason import Season
from domain.model import PlannedMatch, Stage
from domain.settings import DEFAULT_EVENING, TournamentSettings, UndatedMatch, Withdrawal
from storage import migrate
from storage.rows import UTCDateTime
from storage.uow import Database

BEFORE = "0009"
KICKOFF = "2027-01-10T14:00:00+03:00"
REMOVED = {
    "no": 7,
    "stage": "group",
    "group": "A",
    "round": 2,
    "pitch": "Saha 1",
    "start": KICKOFF,
    "end": "2027-01-10T14:35:00+03:00",
    "home": "Kartallar",
    "away": "Şahinler",
    "key": None,
    "week": 2,
}
SEASON = {
    "every_days": 14,
    "weekday": 6,
    "opens": "14:00",
    "closes": "17:00",
    "first": "2027-01-10",
    "skip": ["2027-01-24"],
}
# Every key the code of 0009 wrote into `extra`, as it wrote them.
EXTRA: dict[str, Any] = {
    "match_minutes": 30,
    "changeover": 5,
    "half_time": 0,
    "knockout": "none",
    "third_place": True,
    "groups": 1,
    "seed": 3,
    "season": SEASON,
    "evening": "21:00",
    "group_leads": [],
    "captain_leads": [90, 15],
    "squad": 7,
    "live_message_id": 4711,
    "has_lots": True,
    "forfeit_deduction": True,
    "withdrawal_rule": "annul",
    "withdrawn": {
        "Kartallar": {
            "annulled": True,
            "by": 11,
            "at": "2027-01-12T10:00:00+00:00",
            "after": None,
            "awarded": [],
            "removed": [REMOVED],
        }
    },
    "undated": {"9": {"match": {**REMOVED, "no": 9}, "at": "2027-01-13T10:00:00+00:00", "by": 11}},
    "group_rest": 10,
}

_tournaments = sqlalchemy.table(
    "tournaments",
    *(sqlalchemy.column(name) for name in ("id", "chat_id", "name", "status", "created_by")),
    sqlalchemy.column("created_at", UTCDateTime()),
    *(
        sqlalchemy.column(name)
        for name in ("format", "slot_minutes", "break_minutes", "rest_minutes")
    ),
    *(sqlalchemy.column(name) for name in ("tie_break", "time_zone", "captains_may_enter_results")),
    *(
        sqlalchemy.column(name, sqlalchemy.JSON())
        for name in ("pitches", "reminder_leads", "extra")
    ),
)


def _old_row(tid: int, extra: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": tid,
        "chat_id": CHAT - tid,
        "name": f"Lig {tid}",
        "status": "active",
        "created_by": 11,
        "created_at": T0,
        "format": "league",
        "slot_minutes": 35,
        "break_minutes": 0,
        "rest_minutes": 0,
        "tie_break": "tff",
        "time_zone": "Europe/Istanbul",
        "captains_may_enter_results": False,
        "pitches": ["Saha 1"],
        "reminder_leads": [60, 15],
        "extra": extra,
    }


async def _store_old(url: str, rows: list[dict[str, Any]]) -> None:
    await migrate.upgrade_async(url, BEFORE)
    db = Database.from_url(url)
    try:
        async with db.unit_of_work() as uow:
            chats = sqlalchemy.table(
                "chats", sqlalchemy.column("id"), sqlalchemy.column("created_at", UTCDateTime())
            )
            for row in rows:
                await uow.session.execute(
                    sqlalchemy.insert(chats).values(id=row["chat_id"], created_at=T0)
                )
                await uow.session.execute(sqlalchemy.insert(_tournaments).values(**row))
            await uow.commit()
    finally:
        await db.dispose()


async def _settings(url: str, tid: int) -> TournamentSettings:
    db = Database.from_url(url)
    try:
        async with db.unit_of_work(read_only=True) as uow:
            return (await uow.tournaments.get(tid)).settings
    finally:
        await db.dispose()


async def _extras(url: str) -> dict[int, dict[str, Any]]:
    db = Database.from_url(url)
    try:
        async with db.unit_of_work(read_only=True) as uow:
            found = await uow.session.execute(
                sqlalchemy.select(_tournaments.c.id, _tournaments.c.extra)
            )
            return {row.id: row.extra for row in found}
    finally:
        await db.dispose()


async def test_every_key_of_an_old_extra_arrives_as_a_typed_field_and_goes_back(
    empty_db_url: str,
):
    await _store_old(empty_db_url, [_old_row(1, EXTRA), _old_row(2, {})])
    await migrate.upgrade_async(empty_db_url)

    settings = await _settings(empty_db_url, 1)
    removed = PlannedMatch(
        no=7,
        stage=Stage.GROUP,
        group="A",
        round=2,
        pitch="Saha 1",
        start=datetime.fromisoformat(KICKOFF),
        end=datetime.fromisoformat("2027-01-10T14:35:00+03:00"),
        home="Kartallar",
        away="Şahinler",
        week=2,
    )
    assert (settings.match_minutes, settings.changeover, settings.half_time) == (30, 5, 0)
    assert (settings.knockout, settings.third_place, settings.groups, settings.seed) == (
        "none",
        True,
        1,
        3,
    )
    assert settings.season == Season(
        14, 6, time(14), time(17), date(2027, 1, 10), (date(2027, 1, 24),)
    )
    assert (settings.evening, settings.group_leads, settings.captain_leads) == (
        time(21),
        (),
        (90, 15),
    )
    assert (settings.squad, settings.live_message_id, settings.group_rest) == (7, 4711, 10)
    assert (settings.has_lots, settings.forfeit_deduction) == (True, True)
    assert settings.withdrawal_rule is WithdrawalRule.ANNUL
    assert settings.withdrawn == (
        Withdrawal(
            "Kartallar", True, 11, datetime(2027, 1, 12, 10, tzinfo=UTC), None, (), (removed,)
        ),
    )
    assert settings.undated == (
        UndatedMatch(replace(removed, no=9), datetime(2027, 1, 13, 10, tzinfo=UTC), 11),
    )

    # An empty `extra`: what every reader assumed of a key it did not find.
    assert await _settings(empty_db_url, 2) == TournamentSettings(
        format="league",
        pitches=("Saha 1",),
        slot_minutes=35,
        break_minutes=0,
        rest_minutes=0,
        reminder_leads=(60, 15),
    )
    assert (await _settings(empty_db_url, 2)).evening == DEFAULT_EVENING

    await migrate.downgrade_async(empty_db_url, BEFORE)
    assert await _extras(empty_db_url) == {1: EXTRA, 2: {}}


async def test_an_evening_turned_off_stays_off_and_the_default_stays_the_default(
    empty_db_url: str,
):
    await _store_old(
        empty_db_url,
        [_old_row(1, {"evening": ""}), _old_row(2, {"evening": "20:00", "squad": None})],
    )
    await migrate.upgrade_async(empty_db_url)
    assert (await _settings(empty_db_url, 1)).evening is None
    assert (await _settings(empty_db_url, 2)).evening == DEFAULT_EVENING
    await migrate.downgrade_async(empty_db_url, BEFORE)
    assert await _extras(empty_db_url) == {1: {"evening": ""}, 2: {}}
