"""Changes after set-up: a team renamed, settings changed, and where a captain plays."""

from __future__ import annotations

from datetime import timedelta

import pytest
from storage_data import CHAT, GROUPS, ORGANISER, T0, new_tournament
from test_storage_results import make_tournament

from domain.model import Group
from storage.errors import DuplicateTeam, TeamNotFound, TournamentNotFound
from storage.records import Captaincy
from storage.repositories.players import NewEvent, NewPlayer
from storage.uow import Database

CAPTAIN = 5_000_000_001


async def rename(db: Database, tid: int, old: str, new: str) -> None:
    async with db.unit_of_work() as uow:
        await uow.teams.rename(tid, old, new)
        await uow.commit()


async def test_a_renamed_team_keeps_its_matches_group_captains_and_players_events(
    db: Database,
):
    tid = await make_tournament(db)
    async with db.unit_of_work() as uow:
        await uow.teams.add_captain(tid, "Kartallar", CAPTAIN)
        ids = await uow.teams.ids(tid)
        (ali,) = await uow.players.add(
            tid, ids, [NewPlayer("Kartallar", "Ali")], by=ORGANISER, at=T0, update_id=None
        )
        match = await uow.matches.get(tid, 1)
        assert match is not None
        goal = NewEvent(match.id, ali.id, "Kartallar", "goal")
        await uow.players.add_events(tid, ids, [goal], by=ORGANISER, at=T0, update_id=None)
        await uow.commit()

    await rename(db, tid, "Kartallar", "Anadolu Kartalları")

    async with db.unit_of_work(read_only=True) as uow:
        plan = await uow.matches.plan(tid)
        captains = await uow.teams.captains(tid)
        loaded = await uow.tournaments.load(tid)
        groups, events = loaded.groups, loaded.events
        next_match = await uow.matches.next_for_captain(CHAT, CAPTAIN, T0)
    renamed = ("Anadolu Kartalları", *GROUPS[0].teams[1:])
    assert groups == (Group("A", renamed), GROUPS[1])
    assert [m.match.home for m in plan[:3]] == ["Anadolu Kartalları"] * 3
    assert "Kartallar" not in {m.match.home for m in plan} | {m.match.away for m in plan}
    assert captains == {"Anadolu Kartalları": (CAPTAIN,)}
    assert [(e.team, e.player, e.kind) for e in events] == [("Anadolu Kartalları", "Ali", "goal")]
    assert next_match is not None and next_match[0] == "Anadolu Kartalları"


async def test_a_team_may_be_renamed_to_another_casing_of_its_own_name(db: Database):
    tid = await make_tournament(db)
    await rename(db, tid, "Işıkspor", "IŞIKSPOR")
    await rename(db, tid, "ışıkspor", "Işıkspor  ")  # found by its key; edge spaces dropped

    async with db.unit_of_work(read_only=True) as uow:
        assert "Işıkspor" in await uow.teams.ids(tid)


async def test_a_name_another_team_has_under_turkish_casing_is_refused(db: Database):
    tid = await make_tournament(db)
    for taken in ("Şimşekler", "ŞİMŞEKLER", "YILDIZSPOR", " çınar  fk "):
        async with db.unit_of_work() as uow:
            with pytest.raises(DuplicateTeam) as refused:
                await uow.teams.rename(tid, "Kartallar", taken)
        assert refused.value.team == taken.strip()

    # "YİLDİZSPOR" is "yildizspor" in Turkish, not "yıldızspor": another team's name.
    await rename(db, tid, "Kartallar", "YİLDİZSPOR")
    async with db.unit_of_work(read_only=True) as uow:
        assert {"YİLDİZSPOR", "Yıldızspor"} <= set(await uow.teams.ids(tid))


async def test_renaming_a_team_that_is_not_there_is_refused(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work() as uow:
        with pytest.raises(TeamNotFound) as refused:
            await uow.teams.rename(tid, "Kartalar", "Kartal")
        assert refused.value.team == "Kartalar"
        with pytest.raises(ValueError):
            await uow.teams.rename(tid, "Kartallar", "   ")


async def test_a_rename_leaves_other_tournaments_teams_alone(db: Database):
    first = await make_tournament(db)
    second = await make_tournament(db, chat_id=-100999)
    await rename(db, first, "Kartallar", "Kartal Gücü")

    async with db.unit_of_work(read_only=True) as uow:
        assert "Kartallar" in await uow.teams.ids(second)
        assert "Kartallar" not in await uow.teams.ids(first)


async def test_a_captain_sees_the_teams_of_active_tournaments_newest_first(db: Database):
    later = T0 + timedelta(days=1)
    archived = await make_tournament(db, chat_id=-1001, name="Güz Kupası")
    async with db.unit_of_work() as uow:
        await uow.teams.add_captain(archived, "Kartallar", CAPTAIN)
        await uow.tournaments.archive(archived, T0)
        await uow.commit()
    older = await make_tournament(db, chat_id=-1002, name="Kış Kupası")
    newer = await make_tournament(db, chat_id=-1003, at=later, name="Bahar Kupası")
    async with db.unit_of_work() as uow:
        await uow.teams.add_captain(older, "Işıkspor", CAPTAIN)
        await uow.teams.add_captain(newer, "Çınar FK", CAPTAIN)
        await uow.teams.add_captain(newer, "Kartallar", CAPTAIN + 1)
        await uow.commit()

    async with db.unit_of_work(read_only=True) as uow:
        mine = await uow.teams.captaincies(CAPTAIN)
        nobody = await uow.teams.captaincies(42)
    assert mine == [
        Captaincy(newer, -1003, "Halı Saha Ligi", "Bahar Kupası", "Çınar FK"),
        Captaincy(older, -1002, "Halı Saha Ligi", "Kış Kupası", "Işıkspor"),
    ]
    assert nobody == []


async def test_settings_changes_touch_only_the_named_fields_and_read_back(db: Database):
    tid = await make_tournament(db)
    before = new_tournament().settings

    async with db.unit_of_work() as uow:
        updated = await uow.tournaments.update_settings(
            tid,
            captains_may_enter_results=False,
            reminder_leads=[120, 30, 5],
            tie_break="head_to_head",
            knockout="semis",
        )
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        stored = await uow.tournaments.get(tid)

    assert stored == updated
    settings = stored.settings
    assert settings.captains_may_enter_results is False
    assert settings.reminder_leads == (120, 30, 5)
    assert (settings.tie_break, settings.knockout) == ("head_to_head", "semis")
    assert settings.third_place is before.third_place is False
    assert (settings.pitches, settings.slot_minutes) == (before.pitches, before.slot_minutes)
    assert (stored.name, stored.status) == ("Kış Kupası", "active")


async def test_an_unknown_setting_is_refused_and_nothing_changes(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work() as uow:
        with pytest.raises(ValueError, match="colour"):
            await uow.tournaments.update_settings(tid, tie_break="x", colour="red")
        with pytest.raises(TournamentNotFound):
            await uow.tournaments.update_settings(tid + 1, tie_break="x")
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        assert (await uow.tournaments.get(tid)).settings == new_tournament().settings
