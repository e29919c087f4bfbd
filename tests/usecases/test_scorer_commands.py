"""Scorers and cards entered with a result line (its events line under it), on the 8-team
day: names matched in the two squads, teams without a squad filled as typed, too many
goals refused with nothing of the message stored."""

from __future__ import annotations

import pytest
from eight_team_day import NOW, stored_day, who

from bot.texts.errors import refusal
from bot.texts.players import booked, deleted, recorded
from bot.usecases import events, match_events, result_messages, results, snapshots, squads, undo
from bot.usecases.errors import NotOrganiser
from bot.usecases.runner import Actor, run
from domain.errors import DomainError
from storage import Database


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    yield database
    await database.dispose()


async def message(db: Database, text: str, actor: Actor | None = None):
    return await run(db, result_messages.record, result_messages.Message(text), actor or who())


async def squad(db: Database, text: str) -> None:
    await run(db, squads.add, squads.Add(text), who())


async def snap(db: Database) -> snapshots.Snapshot:
    async with db.unit_of_work(read_only=True) as uow:
        return await snapshots.load(uow, 1)


def goals(s: snapshots.Snapshot, no: int) -> list[tuple[str, str, str]]:
    return [(e.player, e.team, e.kind) for e in s.events_of(no)]


async def test_a_result_with_its_scorers_in_one_message(db):
    await squad(db, "A1: Ali Yılmaz, Veli Demir")
    await squad(db, "A4: Mehmet Kaya")
    done = await message(db, "A1 3-1 A4\ngoller: Ali 2, Veli - Mehmet")
    (entered,) = done.value
    assert isinstance(entered, results.Entered) and entered.outcome.score.home_goals == 3
    assert booked(entered.events) == ["⚽ A1: Ali Yılmaz 2, Veli Demir · A4: Mehmet Kaya"]
    s = await snap(db)
    no = entered.match.no
    assert goals(s, no) == [
        ("Ali Yılmaz", "A1", "goal"),
        ("Ali Yılmaz", "A1", "goal"),
        ("Veli Demir", "A1", "goal"),
        ("Mehmet Kaya", "A4", "goal"),
    ]


async def test_a_line_named_away_first_credits_the_sides_as_typed(db):
    done = await message(db, "A4 1-3 A1\ngoller: Mehmet - Ali 3")
    (entered,) = done.value
    s = await snap(db)
    assert goals(s, entered.match.no)[0] == ("Mehmet", "A4", "goal")
    assert [(e.team, e.player) for e in s.events_of(entered.match.no)][1:] == [("A1", "Ali")] * 3


async def test_teams_without_a_squad_get_the_names_as_typed_and_the_reply_says_so(db):
    done = await message(db, "A1 2-0 A4\ngoller: ali yılmaz, Veli\nkart: Hasan (A4) kırmızı")
    (entered,) = done.value
    lines = booked(entered.events)
    assert "🟥 Hasan (A4): kırmızı kart" in lines
    assert (
        lines[-1]
        == "Kadrosu olmayan takıma yazıldığı gibi eklendi: A1: Ali Yılmaz, Veli; A4: Hasan"
    )
    s = await snap(db)
    assert [p.name for p in s.squad("A1")] == ["Ali Yılmaz", "Veli"]


async def test_a_squad_only_typed_in_results_keeps_taking_new_names_until_kadro_sets_it(db):
    await message(db, "A1 1-0 A4\ngoller: Ali")
    (entered,) = (await message(db, "A1 2-0 A3\ngoller: Veli 2")).value
    assert booked(entered.events)[-1] == "Kadrosu olmayan takıma yazıldığı gibi eklendi: A1: Veli"
    await squad(db, "A1: Ali, Hasan")  # the squad is set now: Ali listed, Hasan added
    with pytest.raises(events.UnknownPlayer) as refused:
        await message(db, "A1 1-1 A2\ngoller: Cem - Can")
    assert "/kadro A1: Cem" in refusal(refused.value)
    s = await snap(db)
    assert [(p.name, p.listed) for p in s.squad("A1")] == [
        ("Ali", True),
        ("Veli", False),
        ("Hasan", True),
    ]


async def test_more_goals_than_the_score_stores_nothing_of_the_message(db):
    with pytest.raises(events.TooManyGoals) as refused:
        await message(db, "A1 3-1 A4\ngoller: Ali 2, Veli 2 - Mehmet\nA2 0-0 A3")
    assert "A1 3 gol attı ama 4 gol yazıldı" in refusal(refused.value)
    s = await snap(db)
    assert all(m.result is None for m in s.matches) and not s.events and not s.players


async def test_several_result_lines_each_with_its_own_events_line(db):
    done = await message(db, "A1 1-0 A4\ngoller: Ali\nA2 0-2 A3\ngoller: - Can 2\nsarı: Deniz (A2)")
    first, second = done.value
    s = await snap(db)
    assert goals(s, first.match.no) == [("Ali", "A1", "goal")]
    assert goals(s, second.match.no) == [("Can", "A3", "goal")] * 2 + [("Deniz", "A2", "yellow")]


async def test_a_name_that_fits_two_players_is_refused_with_both(db):
    await squad(db, "A1: Ali Yılmaz, Ali Demir")
    with pytest.raises(DomainError) as refused:
        await message(db, "A1 1-0 A4\ngoller: Ali")
    assert isinstance(refused.value, events.AmbiguousPlayer)
    assert "Ali Yılmaz (A1), Ali Demir (A1)" in refusal(refused.value)
    assert all(m.result is None for m in (await snap(db)).matches)


async def test_a_name_no_squad_has_where_the_team_has_one_is_refused_with_the_closest(db):
    await squad(db, "A1: Ali Yılmaz")
    with pytest.raises(events.UnknownPlayer) as refused:
        await message(db, "A1 1-0 A4\ngoller: Ahmet Yılmaz")
    assert "En yakın: Ali Yılmaz" in refusal(refused.value)


async def test_a_repeated_message_stores_its_scorers_once(db):
    actor = who(update_id=99)
    await message(db, "A1 1-0 A4\ngoller: Ali", actor)
    await message(db, "A1 1-0 A4\ngoller: Ali", actor)
    s = await snap(db)
    assert len(s.events) == 1 and s.events[0].update_id == 99


async def goal_command(db: Database, text: str, actor: Actor | None = None):
    return (await run(db, match_events.goals, match_events.Goals(text), actor or who())).value


async def test_gol_adds_scorers_to_a_played_match_and_refuses_above_its_score(db):
    (entered,) = (await message(db, "A1 3-1 A4")).value
    no = entered.match.no
    done = await goal_command(db, f"{no} Ali 2; Mehmet")
    assert recorded(done).splitlines()[:2] == [
        f"✅ {no}. maç (A1 - A4) kaydedildi:",
        "⚽ A1: Ali 2 · A4: Mehmet",
    ]
    with pytest.raises(events.TooManyGoals) as refused:
        await goal_command(db, f"{no} Ali 2 -")
    assert f"{no}. maçta A1 3 gol attı ama 4 gol yazıldı" in refusal(refused.value)
    assert len((await snap(db)).events) == 3


async def test_gol_on_a_match_without_a_result_says_to_enter_it_first(db):
    with pytest.raises(events.NoResultYet) as refused:
        await goal_command(db, "1 Ali")
    assert "sonucu henüz yok; önce sonucu girin" in refusal(refused.value)


async def test_kart_and_the_deletions_leave_marked_rows(db):
    (entered,) = (await message(db, "A1 1-0 A4\ngoller: Ali")).value
    no = entered.match.no
    done = (
        await run(
            db, match_events.cards, match_events.Cards(f"{no} Ali sarı, Hasan (A4) 2 sarı"), who()
        )
    ).value
    assert "🟨🟥 Hasan (A4): iki sarıdan kırmızı" in recorded(done)
    gone = await run(db, match_events.delete, match_events.Delete(f"{no} Ali", "goal"), who())
    assert deleted(gone.value) == f"👍 Ali (A1) için {no}. maçtaki bir golü silindi."
    assert [(e.player, e.kind) for e in (await snap(db)).events] == [
        ("Ali", "yellow"),
        ("Hasan", "second_yellow"),
    ]
    with pytest.raises(match_events.NoSuchEvent) as refused:
        await run(db, match_events.delete, match_events.Delete(f"{no} Veli", "card"), who())
    assert "Bu maçta kartı olanlar: Ali, Hasan." in refusal(refused.value)


async def test_a_reply_to_kaydedildi_records_that_matchs_scorers(db):
    (entered,) = (await message(db, "A1 2-0 A4")).value
    saved = f"✅ Kaydedildi: A1 2-0 A4 ({entered.match.no}. maç)"
    reply = match_events.Reply("goller: Ali, Veli", saved)
    done = (await run(db, match_events.reply, reply, who())).value
    assert [b.player for b in done.booked] == ["Ali", "Veli"]
    chat = match_events.Reply("güzel maçtı", saved)
    assert (await run(db, match_events.reply, chat, who())).value is None


async def test_only_organisers_record_scorers(db):
    (entered,) = (await message(db, "A1 2-0 A4")).value
    with pytest.raises(NotOrganiser):
        await goal_command(db, f"{entered.match.no} Ali", who(user=12345))


async def test_undo_takes_the_result_back_with_its_scorers_and_cards(db):
    await message(db, "A1 2-0 A4\ngoller: Ali 2\nsarı: Hasan (A4)")
    done = await run(db, undo.undo_last, undo.UndoLast(), who())
    assert done.value.restored is None and done.value.events_removed == 3
    s = await snap(db)
    assert not s.events and all(m.result is None for m in s.matches)
    assert [p.name for p in s.squad("A1")] == ["Ali"]  # the squad stays


async def test_gol_sil_and_kart_sil_refuse_a_near_typo_or_an_unclear_name(db):
    await squad(db, "A1: Ali Yılmaz, Ali Demir, Mehmet Kaya")
    (entered,) = (await message(db, "A1 3-0 A4\ngoller: Ali Yılmaz, Ali Demir, Mehmet")).value
    no = entered.match.no
    await run(db, match_events.cards, match_events.Cards(f"{no} Mehmet sarı"), who())
    asked = [
        (f"{no} Ali", "goal", f'"Ali" {no}. maçta golü olan birden çok oyuncuya uyuyor: Ali'
         f" Yılmaz, Ali Demir. Hangisi? Tam adını yazın, örneğin: /gol_sil {no} Ali Yılmaz"),
        (f"{no} Mehmt Kaya", "goal", f'{no}. maçta "Mehmt Kaya" adlı birinin golü yok. Bunu mu'
         f" demek istediniz: Mehmet Kaya? Öyleyse yazın: /gol_sil {no} Mehmet Kaya"),
        (f"{no} Mehmt Kaya", "card", f'{no}. maçta "Mehmt Kaya" adlı birinin kartı yok. Bunu mu'
         f" demek istediniz: Mehmet Kaya? Öyleyse yazın: /kart_sil {no} Mehmet Kaya"),
    ]  # fmt: skip
    for text, kind, said in asked:
        with pytest.raises(match_events.UnclearEvent) as refused:
            await run(db, match_events.delete, match_events.Delete(text, kind), who())
        assert refusal(refused.value) == said
    assert len((await snap(db)).events_of(no)) == 4  # nothing taken back
    done = await run(db, match_events.delete, match_events.Delete(f"{no} Ali Demir", "goal"), who())
    assert done.value.event.player == "Ali Demir"


async def test_a_deletion_without_a_name_asks_whose_and_without_a_number_says_so(db):
    """ "/gol_sil 1" said "maç numarası eksik" though the number was there."""
    (entered,) = (await message(db, "A1 2-0 A4\ngoller: Ali 2 -\nsarı: Veli (A1)")).value
    no = entered.match.no
    for typed, kind, said in (
        (f"{no}", "goal", f"Kimin golü silinsin? Adını da yazın: /gol_sil {no} Ali"),
        (f"{no}.", "card", f"Kimin kartı silinsin? Adını da yazın: /kart_sil {no} Veli"),
        ("Ali", "goal", "Maç numarası eksik. Örnek: /gol_sil 7 Ali"),
        ("2", "goal", "2. maçta yazılı gol yok."),
    ):
        with pytest.raises(match_events.DeleteHow) as refused:
            await run(db, match_events.delete, match_events.Delete(typed, kind), who())
        assert refusal(refused.value).startswith(said), refusal(refused.value)
    assert len((await snap(db)).events) == 3  # nothing taken back


async def test_a_ban_typed_wrong_says_what_is_wrong_and_a_members_is_refused_first(db):
    """ "/ceza Ali 100" and "/ceza Ali iki" answered the bare example; a member's wrong
    /ceza got the example instead of the refusal."""
    from bot.usecases import discipline

    await message(db, "A1 1-0 A4\ngoller: Ali (A1)")
    for typed, said in (
        ("Ali 100", "Ceza en fazla 20 maç olur. Örnek: /ceza"),
        ("Ali iki", "Oyuncunun adından sonra kaç maç ceza olduğunu rakamla yazın."),
        ("Ali -1", "Oyuncunun adından sonra kaç maç ceza olduğunu rakamla yazın."),
    ):
        with pytest.raises(discipline.BadBan) as refused:
            await run(db, discipline.set_ban, discipline.SetBan(typed), who())
        assert refusal(refused.value).startswith(said), refusal(refused.value)
    with pytest.raises(NotOrganiser):
        await run(db, discipline.set_ban, discipline.SetBan("Ali iki"), who(4242))


@pytest.mark.parametrize(
    ("verb", "command"),
    [
        (match_events.goals, match_events.Goals("Ali")),
        (match_events.cards, match_events.Cards("1 Hasan")),
        (match_events.delete, match_events.Delete("Ali", "goal")),
    ],
)
async def test_a_members_scorers_command_is_refused_however_it_is_typed(db, verb, command):
    """A member's "/gol Ali" got "maç numarası eksik", as if he could enter it."""
    await message(db, "A1 1-0 A4")
    with pytest.raises(NotOrganiser):
        await run(db, verb, command, who(4242))


async def test_a_second_yellow_by_kart_is_said_a_sending_off_and_a_third_is_refused(db):
    """Three "/kart 1 Veli sarı" were each answered "sarı kart" and stored, while
    /kartlar said "iki sarıdan kırmızı" and a ban from the second on."""
    (entered,) = (await message(db, "A1 1-0 A4")).value
    no = entered.match.no

    async def kart(text: str) -> str:
        done = await run(db, match_events.cards, match_events.Cards(f"{no} {text}"), who())
        return recorded(done.value)

    assert "🟨 Veli (A1): sarı kart" in await kart("Veli (A1) sarı")
    assert "🟨🟥 Veli (A1): iki sarıdan kırmızı" in await kart("Veli (A1) sarı")
    with pytest.raises(events.SentOff) as refused:
        await kart("Veli (A1) sarı")
    assert refusal(refused.value).startswith("Veli (A1) 1. maçta zaten oyundan atıldı")
    await kart("Ali (A1) sarı")
    assert "🟨🟥 Ali (A1): sarı, sonra kırmızı" in await kart("Ali (A1) kırmızı")
    kinds = [e.kind for e in (await snap(db)).events_of(no)]
    assert kinds == ["yellow", "yellow", "yellow", "red"]


async def test_a_goal_or_card_without_its_match_number_names_the_teams_last_match(db):
    """ "/gol A1 Ali" said "Goller/kartlar satırı: maç numarası eksik" with a goals line's
    example, not the command's."""
    (entered,) = (await message(db, "A1 3-1 A4")).value
    no = entered.match.no
    with pytest.raises(match_events.NoMatchNumber) as refused:
        await run(db, match_events.goals, match_events.Goals("A1 Ali"), who())
    assert refusal(refused.value) == (
        f"Hangi maç? Maç numarasını da yazın: /gol {no} Ali (A1 takımının son maçı {no}. maç:"
        " A1 – A4). Maç numaraları: /fikstur"
    )
    with pytest.raises(match_events.NoMatchNumber) as refused:
        await run(db, match_events.cards, match_events.Cards("Veli sarı"), who())
    assert refusal(refused.value).startswith("Hangi maç? Maç numarasını da yazın. Örnek: /kart 7")
    s = await snap(db)
    assert not s.events  # nothing stored


async def test_a_goals_line_with_the_winners_scorers_first_is_read_by_its_counts(db):
    """ "A4 1-3 A1" over "goller: Ali 2, Veli - Mehmet" gave A4 three goals and was refused:
    the counts only fit the other way round."""
    (entered,) = (await message(db, "A4 1-3 A1\ngoller: Ali 2, Veli - Mehmet")).value
    assert booked(entered.events)[0] == "⚽ A1: Ali 2, Veli · A4: Mehmet"
    s = await snap(db)
    assert sorted(goals(s, entered.match.no)) == [
        ("Ali", "A1", "goal"),
        ("Ali", "A1", "goal"),
        ("Mehmet", "A4", "goal"),
        ("Veli", "A1", "goal"),
    ]


async def test_a_goals_line_that_fits_as_typed_is_never_turned(db):
    (entered,) = (await message(db, "A4 1-1 A1\ngoller: Mehmet - Ali")).value
    assert [(p, t) for p, t, _ in goals(await snap(db), entered.match.no)] == [
        ("Mehmet", "A4"),
        ("Ali", "A1"),
    ]
