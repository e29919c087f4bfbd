"""/kadro and /kadro_sil through the use cases on real storage (the 8-team day)."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import count

import pytest
from eight_team_day import CHAT, IST, ORGANISER, stored_day

from bot.texts.squads import added, refusal, removed, squad
from bot.usecases import squads
from bot.usecases.errors import NotOrganiser
from bot.usecases.runner import Actor, run
from domain.squads import BadSquad, read_squad

NOW = datetime(2026, 12, 6, 9, 0, tzinfo=IST).astimezone(UTC)
CAPTAIN, OTHER = 40, 50
_updates = count(1)


def who(user: int = ORGANISER) -> Actor:
    return Actor(user_id=user, chat_id=CHAT, now=NOW, update_id=next(_updates))


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(
        f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW, {"A1": CAPTAIN, "A2": OTHER}
    )
    yield database
    await database.dispose()


async def add(db, text: str, user: int = ORGANISER):
    return (await run(db, squads.add, squads.Add(text), who(user))).value


async def show(db, team: str):
    return (await run(db, squads.show, squads.Show(team), who())).value


def test_a_list_reads_commas_lines_numbers_and_lower_case_names():
    listed = read_squad("Kartallar: 10 Ali Yılmaz, veli ışık (7)\nHasan Çelik\n\nali yılmaz")
    assert listed.team == "Kartallar"
    assert [(p.name, p.number) for p in listed.players] == [
        ("Ali Yılmaz", 10),
        ("Veli Işık", 7),
        ("Hasan Çelik", None),
    ]
    assert [p.name for p in read_squad("Kartallar\nAli\nVeli").players] == ["Ali", "Veli"]
    with pytest.raises(BadSquad):
        read_squad("Kartallar: 123 Ali")


async def test_a_captain_adds_his_squad_and_anyone_sees_it_with_numbers(db):
    done = await add(db, "A1: 10 Ali Yılmaz, Veli Demir", CAPTAIN)
    assert "A1 kadrosuna eklendi (2): Ali Yılmaz, Veli Demir" in added(done)
    shown = await show(db, "a1")
    assert squad(shown.team, shown.players).splitlines() == [
        "A1 kadrosu (2 oyuncu):",
        "• 10. Ali Yılmaz",
        "• Veli Demir",
    ]


async def test_a_player_of_another_team_is_refused_naming_it_and_the_rest_added(db):
    await add(db, "A1: Ali Yılmaz")
    done = await add(db, "A2: ALİ YILMAZ, Mehmet Kaya", OTHER)
    text = added(done)
    assert "Ali Yılmaz A1 kadrosunda; bir oyuncu tek takımda oynar, eklenmedi." in text
    assert "A2 kadrosuna eklendi (1): Mehmet Kaya" in text
    assert [p.name for p in (await show(db, "A2")).players] == ["Mehmet Kaya"]


async def test_a_number_given_again_is_taken_and_the_player_not_added_twice(db):
    await add(db, "A1: Ali Yılmaz")
    done = await add(db, "A1: 9 Ali Yılmaz")
    assert "Zaten kadroda: Ali Yılmaz" in added(done)
    assert [(p.name, p.number) for p in (await show(db, "A1")).players] == [("Ali Yılmaz", 9)]


async def test_another_teams_captain_and_a_member_may_not_change_a_squad(db):
    for user in (OTHER, 99):
        with pytest.raises(NotOrganiser) as refused:
            await add(db, "A1: Ali Yılmaz", user)
        assert "yalnızca o takımın kaptanı" in refusal(refused.value)


async def test_a_removed_player_leaves_the_squad_and_may_join_another_team(db):
    await add(db, "A1: Ali Yılmaz, Veli Demir")
    done = await run(db, squads.remove, squads.Remove("A1 veli demir"), who(CAPTAIN))
    assert removed(done.value) == (
        "👍 Veli Demir A1 kadrosundan çıkarıldı; golleri ve kartları kalır."
    )
    assert [p.name for p in (await show(db, "A1")).players] == ["Ali Yılmaz"]
    await add(db, "A2: Veli Demir")
    assert [p.name for p in (await show(db, "A2")).players] == ["Veli Demir"]


async def test_removing_someone_not_in_the_squad_says_who_is(db):
    await add(db, "A1: Ali Yılmaz")
    with pytest.raises(squads.NoSuchPlayer) as refused:
        await run(db, squads.remove, squads.Remove("A1 Hasan"), who())
    assert refusal(refused.value).startswith('"Hasan" A1 kadrosunda yok. Kadroda: Ali Yılmaz.')
