"""Bans from cards and decisions, /kartlar, /goller, /fairplay and /ayarlar sari_ceza, on
the 8-team day (group A: A1's matches against A4, A3, A2 in plan order)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from eight_team_day import CHAT, NOW, ORGANISER, result_message, stored_day, who

from bot.texts import admin
from bot.texts.discipline import ban_set, cards_table, fair_play_table, scorers_table
from bot.texts.errors import refusal
from bot.texts.players import booked
from bot.usecases import discipline, snapshots, squads
from bot.usecases.runner import Actor, run
from storage import Database


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    yield database
    await database.dispose()


async def tables(db: Database) -> discipline.Shown:
    return (await run(db, discipline.tables, discipline.Tables(), who())).value


async def a1_matches(db: Database) -> list[int]:
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.load(uow, 1)
    return [p.number for p in discipline.plan(snap) if "A1" in (p.home, p.away)]


async def test_a_red_card_bans_for_the_next_match_and_naming_him_there_warns(db):
    second = (await a1_matches(db))[1]
    await result_message(db, "A1 1-0 A4\ngoller: Veli\nkırmızı: Veli")
    shown = await tables(db)
    assert f"• Veli (A1): 1 kırmızı; cezalı: {second}. maçta oynamaz" in cards_table(shown)
    entered = await result_message(db, "A1 2-0 A3\ngoller: Veli 2")
    assert entered.match.no == second
    warning = booked(entered.events)[-1]
    assert warning.startswith(f"⚠ Veli (A1) cezalıydı ama {second}. maçta adı geçiyor.")
    assert "/hukmen A1" in warning
    await result_message(db, "A1 1-1 A2")
    assert "cezalı" not in cards_table(await tables(db))  # served by the second match


async def test_yellow_accumulation_with_a_limit_of_two(db):
    _, _second, third = await a1_matches(db)
    settings = admin.settings((await tables(db)).snapshot.tournament)
    assert "Sarı kart cezası: kapalı (yalnızca kırmızı kart 1 maç ceza)" in settings
    await run(db, discipline.set_yellow_limit, discipline.SetYellowLimit("2"), who())
    await result_message(db, "A1 1-0 A4\nsarı: Hasan (A1)")
    assert "cezalı" not in cards_table(await tables(db))
    await result_message(db, "A1 0-0 A3\nsarı: Hasan (A1)")
    text = cards_table(await tables(db))
    assert f"• Hasan (A1): 2 sarı; cezalı: {third}. maçta oynamaz" in text
    assert "Sarı kart cezası: her 2. sarı kart 1 maç ceza" in text


async def test_a_decision_lengthens_a_ban_and_zero_lifts_it(db):
    _, second, _third = await a1_matches(db)
    await result_message(db, "A1 1-0 A4\nkırmızı: Mehmet (A1)")
    done = (await run(db, discipline.set_ban, discipline.SetBan("mehmet 2"), who())).value
    assert (
        ban_set(done)
        == f"👍 Mehmet (A1): 2 maç ceza. Cezalı: {second}. maçta oynamaz, 2 maç kaldı."
    )
    lifted = (await run(db, discipline.set_ban, discipline.SetBan("Mehmet 0"), who())).value
    assert ban_set(lifted) == "👍 Mehmet (A1) için ceza kaldırıldı."
    assert "cezalı" not in cards_table(await tables(db))


async def test_scorers_share_ranks_and_fair_play_orders_by_the_uefa_weights(db):
    await result_message(
        db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet\nkart: Mehmet (A4) kırmızı, Veli (A1) sarı"
    )
    await result_message(db, "A2 2-2 A3\ngoller: Can 2 - Deniz, Ege\nsarı: Can (A2), Ege (A3)")
    shown = await tables(db)
    assert scorers_table(shown).splitlines()[:3] == [
        "⚽ Gol krallığı",
        "1. Ali (A1) 2",
        "1. Can (A2) 2",
    ]
    lines = fair_play_table(shown).splitlines()
    assert lines[-1].startswith("Puanlar (UEFA): sarı 1, iki sarıdan kırmızı 3, direkt kırmızı 3")
    assert [line.split(" ")[1] for line in lines[1:-1]][-1] == "A4"  # 3 points, the most


def test_the_champions_message_names_the_top_scorers_all_tied_and_the_fair_play_team():
    from bot.texts.discipline import prizes
    from domain import discipline as rules
    from domain import scorers

    table = scorers.scorers([scorers.Goal(1, "A1", "Ali", 3), scorers.Goal(2, "B2", "Can", 3)])
    cards = rules.player_cards([rules.Booking(1, "A1", "Ali", rules.CardKind.YELLOW)])
    fair = rules.fair_play([rules.Booking(1, "A1", "Ali", rules.CardKind.YELLOW)], ("A1", "B2"))
    assert prizes(table, cards, fair) == (
        "⚽ Gol kralları: Ali (A1), Can (B2), 3 gol\n🤝 En centilmen takım: B2 (0 puan)"
    )


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (
            "Mehmt Kaya 2",
            '"Mehmt Kaya" adında bir oyuncu yok. Bunu mu demek istediniz: Mehmet Kaya?'
            " Öyleyse yazın: /ceza Mehmet Kaya 2",
        ),
        (
            "Ali 3",
            '"Ali" birden çok oyuncuya uyuyor: Ali Yılmaz, Ali Demir. Hangisi? Tam adını'
            " yazın, örneğin: /ceza Ali Yılmaz 3",
        ),
        ("Hüseyin 1", '"Hüseyin" adında bir oyuncu yok.'),
    ],
)
async def test_ceza_refuses_a_near_typo_an_unclear_or_an_unknown_name(db, typed, said):
    await run(db, squads.add, squads.Add("A1: Ali Yılmaz, Ali Demir, Mehmet Kaya"), who())
    with pytest.raises(discipline.UnknownBooked) as refused:
        await run(db, discipline.set_ban, discipline.SetBan(typed), who())
    assert refusal(refused.value).startswith(said)
    async with db.unit_of_work(read_only=True) as uow:
        assert discipline.active_bans(await snapshots.load(uow, 1), "A1") == ()


async def test_a_ban_decided_while_his_teams_match_is_under_way_starts_after_it(db):
    """ "/ceza Hasan 2" typed during A1's first match (kicked off, no result yet) said he
    missed that very match."""
    first, second, _third = await a1_matches(db)
    await run(db, squads.add, squads.Add("A1: Hasan"), who())
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.load(uow, 1)
    kickoff = next(m.match.start for m in snap.matches if m.match.no == first)
    during = Actor(ORGANISER, CHAT, kickoff + timedelta(minutes=10), 990_001)
    done = (await run(db, discipline.set_ban, discipline.SetBan("Hasan 2"), during)).value
    assert (
        ban_set(done) == f"👍 Hasan (A1): 2 maç ceza. Cezalı: {second}. maçta oynamaz, 2 maç kaldı."
    )
    before = (await run(db, discipline.set_ban, discipline.SetBan("Hasan 1"), who())).value
    assert f"{first}. maçta oynamaz" in ban_set(before)  # typed before the kick-off: that one
