"""Two amateur players of one name on two teams (issue 22's audit): a name typed for a team
without a squad is that team's player, whatever other teams have; a result with such a name
is stored whole, never lost to the storage's rule. /kadro still refuses to list under one
team a name another team's squad listed (the one-team rule), naming the first."""

from __future__ import annotations

import pytest
from eight_team_day import NOW, ORGANISER, result_message, stored_day, who

from bot.texts.errors import refusal
from bot.texts.squads import added
from bot.usecases import (
    discipline,
    events,
    match_events,
    player_choices,
    results,
    snapshots,
    squads,
)
from bot.usecases.runner import run
from storage import Database


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    yield database
    await database.dispose()


async def message(db: Database, text: str):
    answer = await result_message(db, text)
    assert isinstance(answer, results.Entered), answer
    return answer


async def snap(db: Database) -> snapshots.Snapshot:
    async with db.unit_of_work(read_only=True) as uow:
        return await snapshots.load(uow, 1)


def events_of(s: snapshots.Snapshot, no: int) -> list[tuple[str, str, str]]:
    return [(e.player, e.team, e.kind) for e in s.events_of(no)]


async def test_a_scorer_named_as_another_teams_player_is_his_own_teams_and_stored(db):
    first = await message(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet")
    second = await message(db, "A2 3-0 A3\ngoller: mehmet")
    assert second.outcome.score.home_goals == 3
    s = await snap(db)
    assert events_of(s, first.match.no)[-1] == ("Mehmet", "A4", "goal")
    assert events_of(s, second.match.no) == [("Mehmet", "A2", "goal")]
    assert [p.name for p in s.squad("A2")] == ["Mehmet"]
    assert [p.name for p in s.squad("A4")] == ["Mehmet"]


async def test_a_carded_player_of_a_name_another_team_has_is_stored_with_the_result(db):
    await message(db, "A1 1-0 A4\ngoller: Mehmet")
    done = await message(db, "A2 0-0 A3\nkırmızı: Mehmet (A3)")
    s = await snap(db)
    assert events_of(s, done.match.no) == [("Mehmet", "A3", "red")]


async def test_one_name_on_both_sides_of_one_line_is_two_players(db):
    done = await message(db, "A1 1-1 A4\ngoller: Ali - Ali")
    s = await snap(db)
    assert events_of(s, done.match.no) == [("Ali", "A1", "goal"), ("Ali", "A4", "goal")]
    assert len({e.player_id for e in s.events}) == 2


async def test_a_name_both_sides_have_asks_which_naming_the_teams(db):
    done = await message(db, "A1 1-1 A4\ngoller: Ali - Ali")
    no = done.match.no
    with pytest.raises(events.AmbiguousPlayer) as unclear:
        await run(db, match_events.cards, match_events.Cards(f"{no} Ali sarı"), who())
    assert unclear.value.candidates == (("Ali", "A1"), ("Ali", "A4"))
    said = refusal(unclear.value)
    assert "Ali (A1), Ali (A4)" in said and "takımıyla yazın, örneğin: Ali (A1)" in said
    await run(db, match_events.cards, match_events.Cards(f"{no} Ali (A4) sarı"), who())
    assert events_of(await snap(db), no)[-1] == ("Ali", "A4", "yellow")


async def test_kadro_lists_a_name_another_team_only_named_in_a_result(db):
    await message(db, "A1 1-0 A4\ngoller: Mehmet")
    done = (await run(db, squads.add, squads.Add("A2: Mehmet, Can"), who())).value
    assert [p.name for p in done.placement.added] == ["Mehmet", "Can"]
    assert not done.placement.elsewhere


async def test_kadro_refuses_a_name_another_teams_squad_listed_and_says_what_to_type(db):
    await run(db, squads.add, squads.Add("A1: Mehmet"), who())
    await message(db, "A2 1-0 A3\ngoller: Mehmet")  # A2 has no squad: its own Mehmet
    done = (await run(db, squads.add, squads.Add("A2: Mehmet, Can"), who())).value
    assert done.placement.elsewhere == (("Mehmet", "A1"),)
    text = added(done)
    assert "Mehmet A1 kadrosunda; bir oyuncu tek takımda oynar, eklenmedi." in text
    assert "soyadıyla" in text and "/kadro A2: Mehmet Soyadı" in text
    s = await snap(db)
    assert [(p.name, p.listed) for p in s.squad("A2")] == [("Mehmet", False), ("Can", True)]


async def test_the_button_for_one_of_two_namesakes_stores_his_team(db):
    done = await message(db, "A1 1-1 A4\ngoller: Ali - Ali")
    text = f"{done.match.no} Ali sarı"
    with pytest.raises(events.AmbiguousPlayer) as unclear:
        await run(db, match_events.cards, match_events.Cards(text), who())
    ask = player_choices.AskPlayer("cards", text, unclear.value)
    await run(db, player_choices.ask, ask, who())
    chosen = await run(db, player_choices.choose, player_choices.Choose(ORGANISER, "1"), who())
    assert (chosen.value.player, chosen.value.team) == ("Ali", "A4")
    assert events_of(await snap(db), done.match.no)[-1] == ("Ali", "A4", "yellow")


async def test_ceza_and_gol_sil_tell_namesakes_apart_by_their_team(db):
    done = await message(db, "A1 1-1 A4\ngoller: Ali - Ali\nkırmızı: Ali (A4)")
    no = done.match.no
    with pytest.raises(discipline.UnknownBooked) as unclear:
        await run(db, discipline.set_ban, discipline.SetBan("Ali 2"), who())
    assert refusal(unclear.value).startswith(
        '"Ali" birden çok oyuncuya uyuyor: Ali (A1), Ali (A4). Hangisi? Tam adını yazın,'
        " örneğin: /ceza Ali (A1) 2"
    )
    ban = (await run(db, discipline.set_ban, discipline.SetBan("Ali (A4) 2"), who())).value
    assert (ban.player.team, ban.matches) == ("A4", 2)
    with pytest.raises(match_events.UnclearEvent) as which:
        await run(db, match_events.delete, match_events.Delete(f"{no} Ali", "goal"), who())
    assert "Ali (A1), Ali (A4)" in refusal(which.value)
    gone = await run(db, match_events.delete, match_events.Delete(f"{no} Ali (A4)", "goal"), who())
    assert (gone.value.event.player, gone.value.event.team) == ("Ali", "A4")
    assert [(e.team, e.kind) for e in (await snap(db)).events_of(no)] == [
        ("A1", "goal"),
        ("A4", "red"),
    ]


async def test_the_saved_replys_table_counts_the_cards_entered_with_the_result(db):
    from bot.usecases import organisers

    await run(db, organisers.change_tiebreak, organisers.TieBreakRule("uefa"), who())
    done = await message(db, "A1 1-1 A2\nsarı: Ali (A1)")
    label, table = done.table
    async with db.unit_of_work(read_only=True) as uow:
        read_again = (await snapshots.load(uow, 1)).table(label)  # as /puan reads it
    assert table.teams[:2] == ("A2", "A1")
    assert table == read_again
