"""/gecikme, /ertele, /hatirlatma and /ayarlar kadro through the use cases, on real storage.

The day is DOMAIN.md's 8-team day (two groups of four, two pitches, 10:00 first round,
26+4 slots, semi-finals 13:30, third place 14:15, final 14:45). The clock is a value.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from eight_team_day import CHAT, IST, ORGANISER, SPEC, stored_day

from bot.texts import admin, common, schedule
from bot.texts.common import pairing
from bot.texts.reminders import evening_set
from bot.usecases import drafts, reminders, results, runner, setup, snapshots, views
from bot.usecases.errors import NotOrganiser
from bot.usecases.reminder_settings import (
    BadLeads,
    BadSquad,
    Leads,
    Squad,
    change_leads,
    change_squad,
    leads,
    parse_leads,
)
from bot.usecases.runner import Actor
from bot.usecases.schedule import (
    BadDelay,
    BadPostpone,
    CannotPostpone,
    Delay,
    NothingToMove,
    Postpone,
    UnknownPitch,
    delay,
    finish,
    parse_delay,
    postpone,
)
from domain import when
from domain.model import PlannedMatch, Stage

STRANGER = 30
CAPTAIN_A2, CAPTAIN_B3, CAPTAIN_A1 = 21, 22, 23
MIN15 = timedelta(minutes=15)

FINAL_SIDES = "1. yarı finalin galibi – 2. yarı finalin galibi"


def at(hour: int, minute: int = 0) -> datetime:
    """A moment of match day, as the bot's clock gives it (UTC)."""
    return datetime(2026, 12, 6, hour, minute, tzinfo=IST).astimezone(UTC)


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", at(9))
    async with database.unit_of_work() as uow:
        await reminders.sync(uow, 1, at(9))
        await uow.commit()
    yield database
    await database.dispose()


@pytest.fixture
async def morning(db):
    """10:20: the first round's two results are in; the 10:30 round has not kicked off."""
    for line in ("A1 3-1 A4", "A2 2-2 A3"):
        async with db.unit_of_work() as uow:
            await results.record(uow, results.Record(line), Actor(ORGANISER, CHAT, at(10, 20)))
            await reminders.sync(uow, 1, at(10, 20))
            await uow.commit()
    return db


async def stored(db):
    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.load(uow, 1)
        pending = await uow.reminders.pending(1)
    return snap, pending


def starts(snap: snapshots.Snapshot) -> dict[int, datetime]:
    return {m.match.no: m.match.start for m in snap.matches}


COMMANDS = {delay: Delay, postpone: Postpone, change_leads: Leads, change_squad: Squad}


async def run(db, verb, *, user=ORGANISER, chat=CHAT, now=None, **typed):
    """One user action through the runner: one unit of work, committed only when the use
    case returns; its value."""
    command = COMMANDS[verb](
        **{k: tuple(v) if isinstance(v, list) else v for k, v in typed.items()}
    )
    who = Actor(user_id=user, chat_id=chat, now=now or at(9))
    return (await runner.run(db, verb, command, who)).value


# --- /gecikme ---------------------------------------------------------------------------


async def test_a_delay_on_all_pitches_moves_every_match_not_kicked_off(morning):
    before, due_before = await stored(morning)
    moved = await run(morning, delay, text="15", now=at(10, 20))
    after, due_after = await stored(morning)

    old, new = starts(before), starts(after)
    assert new[1] == old[1] and new[2] == old[2]  # played: untouched
    assert all(new[no] == old[no] + MIN15 for no in range(3, 17))
    assert [o.no for o, _ in moved.changes] == list(range(3, 17))
    versions = {m.match.no: m.version for m in before.matches}
    assert all(m.version > versions[m.match.no] for m in after.matches if m.match.no >= 3)
    assert [m.version for m in after.matches[:2]] == [versions[1], versions[2]]

    # The reminders moved with their matches, in the same commit.
    was = {(r.match_no, r.recipient, r.kind): r.due_at for r in due_before}
    now_ = {(r.match_no, r.recipient, r.kind): r.due_at for r in due_after}
    assert now_ and set(now_) == set(was)
    assert all(now_[k] == was[k] + MIN15 for k in now_)


async def test_a_delay_re_imported_as_a_calendar_updates_the_same_events(morning):
    """/takvim after /gecikme: same UIDs, a higher SEQUENCE, the new start in Istanbul time,
    so a phone re-importing the file moves its events instead of doubling them."""
    from icalendar import Calendar

    from bot.render import calendar

    def events(snap: snapshots.Snapshot) -> dict[str, object]:
        parsed = Calendar.from_ical(calendar.ics(snap, at(10, 20)))
        return {str(e["uid"]): e for e in parsed.walk("VEVENT")}

    before = events((await stored(morning))[0])
    await run(morning, delay, text="15", now=at(10, 20))
    after = events((await stored(morning))[0])

    assert set(after) == set(before) and len(after) == 16
    moved = [
        uid for uid in after if after[uid].decoded("dtstart") != before[uid].decoded("dtstart")
    ]
    assert len(moved) == 14  # all but the two played matches
    for uid in moved:
        assert int(after[uid]["sequence"]) > int(before[uid]["sequence"])
        assert after[uid].decoded("dtstart") - before[uid].decoded("dtstart") == MIN15
        assert after[uid]["dtstart"].params["TZID"] == "Europe/Istanbul"


async def test_a_delay_on_one_pitch_moves_that_pitch_and_what_it_pushes(morning):
    before, _ = await stored(morning)
    moved = await run(morning, delay, text="15 saha 2", now=at(10, 20))
    after, _ = await stored(morning)

    old, new = starts(before), starts(after)
    pitch_2 = [m.match.no for m in before.matches if m.match.pitch == "Saha 2"]
    assert all(new[no] == old[no] + MIN15 for no in pitch_2 if no != 2)
    assert new[2] == old[2]  # played
    assert all(new[no] - old[no] in (timedelta(0), MIN15) for no in old)
    # Group matches on pitch 1 keep their times; the knockout follows the moved semi.
    pitch_1_group = [
        m.match.no
        for m in before.matches
        if m.match.pitch == "Saha 1" and not m.match.stage.is_knockout
    ]
    assert all(new[no] == old[no] for no in pitch_1_group)
    assert {o.no for o, _ in moved.changes} >= {4, 6, 8, 10, 12, 14}
    assert moved.pitch == "Saha 2" and moved.minutes == 15


@pytest.mark.parametrize("text", ["15 Saha 2", "15 2. saha", "15 dk saha 2", "15dk 2.saha"])
def test_pitch_spellings(text):
    assert parse_delay(text, ("Saha 1", "Saha 2")) == (15, "Saha 2")


def test_plain_minutes_and_named_pitches():
    assert parse_delay("15 dk", ("Saha 1",)) == (15, None)
    assert parse_delay("+10", ("Saha 1",)) == (10, None)
    assert parse_delay("20 çim saha", ("Toprak Saha", "Çim Saha")) == (20, "Çim Saha")
    assert parse_delay("20 saha 2", ("Saha A", "Saha B")) == (20, "Saha B")


@pytest.mark.parametrize(
    ("text", "reason", "shown"),
    [
        ("", "missing", "Kaç dakika gecikme var? Örnek: /gecikme 15"),
        ("abc", "unparsed", '"abc" dakika olarak okunamadı. Örnek: /gecikme 15'),
        ("500", "range", "Gecikme 1 ile 240 dakika arasında olmalı."),
        ("0", "range", "Gecikme 1 ile 240 dakika arasında olmalı."),
    ],
)
async def test_bad_minutes_are_refused_with_what_to_type_and_nothing_changes(
    morning, text, reason, shown
):
    before, due_before = await stored(morning)
    with pytest.raises(BadDelay) as refused:
        await run(morning, delay, text=text, now=at(10, 20))
    assert refused.value.reason == reason
    assert schedule.refusal(refused.value).startswith(shown)
    assert "/gecikme 15 saha 2" in schedule.refusal(refused.value)
    assert await stored(morning) == (before, due_before)


async def test_an_unknown_pitch_is_refused_with_the_pitches(morning):
    with pytest.raises(UnknownPitch) as refused:
        await run(morning, delay, text="15 saha 5", now=at(10, 20))
    assert schedule.refusal(refused.value).startswith(
        '"saha 5" diye bir saha yok. Sahalar: Saha 1, Saha 2.'
    )


async def test_only_organisers_delay(morning):
    before = await stored(morning)
    with pytest.raises(NotOrganiser) as refused:
        await run(morning, delay, user=STRANGER, text="15", now=at(10, 20))
    assert await stored(morning) == before
    assert schedule.refusal(refused.value).startswith(
        "Maçları yalnızca düzenleyenler erteleyebilir ya da kaydırabilir."
    )


async def test_a_tournament_set_up_in_private_is_run_there_by_its_creator(db):
    """A private chat's own tournament: its creator moves and reads it there, as in a
    group (the table's "private" is a private chat's view of a group's tournament)."""
    async with db.unit_of_work() as uow:
        await setup.create(uow, SPEC, chat_id=ORGANISER, user_id=ORGANISER, now=at(9))
        await uow.commit()
    me = Actor(user_id=ORGANISER, chat_id=ORGANISER, now=at(9), private=True)
    moved = (await runner.run(db, delay, Delay("15"), me)).value
    assert moved.changes and moved.snapshot.tournament.chat_id == ORGANISER
    snap = (await runner.run(db, views.snapshot, views.Running(), me)).value
    assert snap.planned[0].start == moved.changes[0][1].start


async def test_nothing_to_move_is_said_and_changes_nothing(db):
    before = await stored(db)
    with pytest.raises(NothingToMove) as refused:
        await run(db, delay, text="15", now=at(16))  # the day is over
    assert schedule.refusal(refused.value) == (
        "Hiçbir sahada kaydırılacak maç yok: hepsi oynandı ya da başladı."
    )
    assert await stored(db) == before


async def test_the_group_message_lists_new_times_once(morning):
    moved = await run(morning, delay, text="15 saha 2", now=at(10, 20))
    text = schedule.delayed(moved)
    lines = text.splitlines()
    assert lines[0] == "⏱ 15 dk gecikme (Saha 2):"
    assert "10:30 → 10:45 Saha 2 B2 – B3" in lines
    assert "13:30 → 13:45 Saha 2 B Grubu 1.si – A Grubu 2.si" in lines


async def test_many_changes_are_compact(morning):
    moved = await run(morning, delay, text="15", now=at(10, 20))
    assert schedule.delayed(moved) == (
        "⏱ 15 dk gecikme: 14 maç 15 dk sonra başlıyor.\n"
        "Saha 1: Maç 3, 5, 7, 9, 11, 13, 15, 16\n"
        "Saha 2: Maç 4, 6, 8, 10, 12, 14\n"
        "Sıradaki: 10:45 Saha 1 B1 – B4 (10:30 yerine)\n"
        "Yeni program: /fikstur metin"
    )


async def test_only_reachable_captains_of_moved_matches_are_told_their_own_match(morning):
    async with morning.unit_of_work() as uow:
        await uow.teams.add_captain(1, "A2", CAPTAIN_A2)  # reachable, plays 11:00 on pitch 2
        await uow.teams.add_captain(1, "B3", CAPTAIN_B3)  # not reachable
        await uow.teams.add_captain(1, "A1", CAPTAIN_A1)  # reachable, pitch 1: not moved
        await uow.private_chats.add(CAPTAIN_A2, at(9))
        await uow.private_chats.add(CAPTAIN_A1, at(9))
        await uow.commit()
    moved = await run(morning, delay, text="15 saha 2", now=at(10, 20))
    assert [(n.user_id, n.team, n.new.no) for n in moved.notices] == [(CAPTAIN_A2, "A2", 6)]
    assert schedule.captain_notice(moved.notices[0]) == (
        "⏱ A2: maçınızın saati değişti.\nMaç 6 · A Grubu · rakip A4\nSaha 2: 11:00 → 11:15"
    )


# --- /ertele ----------------------------------------------------------------------------


async def test_postpone_moves_one_match_the_same_day(morning):
    before, due_before = await stored(morning)
    moved = await run(morning, postpone, text="16 15:30", now=at(10, 20))
    after, due_after = await stored(morning)
    assert [(o.no, n.start) for o, n in moved.changes] == [
        (16, datetime(2026, 12, 6, 15, 30, tzinfo=IST))
    ]
    assert {no: s for no, s in starts(after).items() if no != 16} == {
        no: s for no, s in starts(before).items() if no != 16
    }
    assert after.matches[15].version == before.matches[15].version + 1
    assert schedule.postponed(moved) == "📅 Maç 16 ertelendi: 14:45 → 15:30 Saha 1 " + FINAL_SIDES
    final_due = {r.kind: r.due_at for r in due_after if r.match_no == 16}
    old_due = {r.kind: r.due_at for r in due_before if r.match_no == 16}
    assert final_due and all(final_due[k] == old_due[k] + timedelta(minutes=45) for k in old_due)


async def test_postpone_to_tomorrow(morning):
    moved = await run(morning, postpone, text="maç 16 yarın 10:00", now=at(10, 20))
    ((_, new),) = moved.changes
    assert new.start == datetime(2026, 12, 7, 10, 0, tzinfo=IST)
    assert (
        schedule.postponed(moved)
        == "📅 Maç 16 ertelendi: 14:45 → 7 Aralık 10:00 Saha 1 " + FINAL_SIDES
    )


async def refused_postpone(db, text: str) -> str:
    before = await stored(db)
    with pytest.raises(CannotPostpone) as refused:
        await run(db, postpone, text=text, now=at(10, 20))
    assert await stored(db) == before  # nothing stored changed
    return schedule.refusal(refused.value)


async def test_a_taken_pitch_is_named_with_the_match_on_it(morning):
    # group B must end 15 minutes before its semi-final and Saha 1 is full until then; nothing
    # later fits, so the earliest time of the whole day is named (never "no time fits" while
    # an earlier one does)
    assert await refused_postpone(morning, "3 11:30") == (
        "Saha 1 11:30'da dolu: Maç 7 B1 – B3. Başka bir saat yazın; program için: /fikstur metin"
        "\nEn erken uygun saat: 10:25 (/ertele 3 10:25)"
    )


async def test_a_refusal_names_the_earliest_time_that_fits_and_that_time_is_taken(morning):
    refusal = await refused_postpone(morning, "14 13:00")
    assert refusal.endswith("\nEn erken uygun saat: 13:15 (/ertele 14 13:15)")
    moved = await run(morning, postpone, text="14 13:15", now=at(10, 20))
    assert [(o.no, n.start) for o, n in moved.changes] == [
        (14, datetime(2026, 12, 6, 13, 15, tzinfo=IST))
    ]


async def test_when_nothing_earlier_fits_the_match_stays_where_it_is(morning):
    # the third-place match holds Saha 1 until 14:41 + 4
    assert (await refused_postpone(morning, "16 14:30")).endswith(
        "\nEn erken uygun saat maçın şimdiki saati: 14:45."
    )


async def test_a_suggestion_on_another_day_is_typed_with_its_date(morning):
    await run(morning, postpone, text="15 yarın 10:00", now=at(10, 20))
    assert (await refused_postpone(morning, "16 yarın 10:00")).endswith(
        "\nEn erken uygun saat: 7 Aralık 10:30 (/ertele 16 07.12.2026 10:30)"
    )
    moved = await run(morning, postpone, text="16 07.12.2026 10:30", now=at(10, 20))
    assert [(o.no, n.start) for o, n in moved.changes] == [
        (16, datetime(2026, 12, 7, 10, 30, tzinfo=IST))
    ]


async def test_a_group_match_after_the_semi_final_it_decides_is_refused(morning):
    assert await refused_postpone(morning, "10 14:00") == (
        "Maç 13 (Yarı final, 13:30) bu maçın sonucunu bekliyor; Maç 10 en geç 12:49"
        " başlamalı. Bütün programı kaydırmak için: /gecikme 15"
        "\nEn erken uygun saat maçın şimdiki saati: 12:00."
    )


async def test_a_semi_final_before_its_group_ends_is_refused(morning):
    assert await refused_postpone(morning, "14 13:00") == (
        "Maç 14, Maç 11 (B Grubu) sonucunu bekliyor; en erken 13:11 başlayabilir."
        "\nEn erken uygun saat: 13:15 (/ertele 14 13:15)"
    )


async def test_a_rest_too_short_names_the_team_and_the_match(db):
    """DOMAIN.md's evening league on two pitches, with 10 minutes' rest asked."""
    evening = drafts.Spec(
        name="Akşam Ligi",
        teams=("A", "B", "C", "D"),
        kickoff=datetime(2026, 12, 6, 20, 0, tzinfo=IST),
        format="league",
        pitches=("Saha 1", "Saha 2"),
        match_minutes=26,
        changeover=4,
    )
    async with db.unit_of_work() as uow:
        made = await setup.create(uow, evening, chat_id=-1002, user_id=ORGANISER, now=at(9))
        await uow.tournaments.update_settings(made.tournament_id, group_rest=10)
        await uow.commit()
    with pytest.raises(CannotPostpone) as refused:
        # A-C from 20:30 to 21:30, after A-B 21:00-21:26
        await run(db, postpone, chat=-1002, text="3 21:30", now=at(19))
    assert schedule.refusal(refused.value) == (
        "A dinlenemez: Maç 5 21:26'da bitiyor, en az 10 dk ara gerekir. Daha geç bir saat yazın."
        "\nEn erken uygun saat: 21:40 (/ertele 3 21:40)"
    )
    moved = await run(db, postpone, chat=-1002, text="3 21:40", now=at(19))
    assert [(o.no, n.start) for o, n in moved.changes] == [
        (3, datetime(2026, 12, 6, 21, 40, tzinfo=IST))
    ]


async def test_a_played_match_is_not_postponed(morning):
    assert await refused_postpone(morning, "1 12:00") == (
        "Maç 1 oynandı (A1 3-1 A4); oynanmış maç ertelenemez. Sonucu değiştirmek için"
        " doğru skoru yazın (örnek: A1 2-1 A4) ya da /geri_al."
    )


async def test_a_match_under_way_is_not_postponed(morning):
    before = await stored(morning)
    with pytest.raises(CannotPostpone) as refused:
        await run(morning, postpone, text="3 12:00", now=at(10, 35))
    assert await stored(morning) == before
    assert schedule.refusal(refused.value) == (
        "Maç 3 10:30'da başladı; başlamış maç ertelenemez. Kalan maçları kaydırmak için:"
        " /gecikme 15"
    )


async def test_the_same_time_changes_nothing(morning):
    with pytest.raises(NothingToMove) as refused:
        await run(morning, postpone, text="16 14:45", now=at(10, 20))
    assert schedule.refusal(refused.value) == "Maç 16 zaten 14:45'te; değişen bir şey yok."


async def test_an_unknown_match_and_a_past_time(morning):
    assert await refused_postpone(morning, "40 12:00") == (
        "Maç 40 diye bir maç yok. Maç numaraları için: /fikstur metin"
    )
    past = await refused_postpone(morning, "5 09:00")
    assert past.startswith("09:00 geçti;")
    # from now (10:20) on, Saha 1 is busy until 11:00, where match 5 already is
    assert past.endswith("\nEn erken uygun saat maçın şimdiki saati: 11:00.")


async def test_a_past_time_suggests_the_earliest_from_now(morning):
    # the semi-final on Saha 2 may start once the groups' last matches end (12:56 + 15)
    assert await refused_postpone(morning, "14 09:00") == (
        "09:00 geçti; ileri bir saat yazın. Örnek: /ertele 7 11:30 (maçın günü) ya da"
        " /ertele 7 yarın 10:00\nEn erken uygun saat: 13:15 (/ertele 14 13:15)"
    )


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("", "Maç numarasını ve yeni saati yazın. Örnek: /ertele 7 11:30"),
        ("7", "Yeni saati de yazın. Örnek: /ertele 7 11:30"),
        ("Kartallar 11:30", '"Kartallar 11:30": önce maç numarası'),
        ("7 yarın", '"yarın": saat eksik. Örnek: /ertele 7 11:30'),
        ("7 25:00", '"25:00": böyle bir saat yok. Örnek: /ertele 7 11:30'),
        ("7 öğlen", '"öğlen": saat olarak okunamadı. Örnek: /ertele 7 11:30'),
    ],
)
async def test_postpone_without_number_or_time_says_what_to_type(morning, text, shown):
    with pytest.raises((BadPostpone, when.BadDateTime)) as refused:
        await run(morning, postpone, text=text, now=at(10, 20))
    assert schedule.refusal(refused.value).startswith(shown)


# --- /hatirlatma ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "parsed"),
    [
        ("60 15", ((60, 15), (60, 15))),
        ("15 60", ((60, 15), (60, 15))),
        ("grup 30", ((30,), None)),
        ("Grubu 30 dk", ((30,), None)),
        ("kaptan 60 15", (None, (60, 15))),
        ("kaptanlar 90dk", (None, (90,))),
        ("kapat", ((), ())),
        ("kaptan kapat", (None, ())),
    ],
)
def test_leads_parsing(words, parsed):
    assert parse_leads(words.split()) == parsed


@pytest.mark.parametrize(
    ("words", "reason"),
    [("abc", "unparsed"), ("grup", "unparsed"), ("0", "range"), ("2000", "range"),
     ("kaptan 1 2 3 4 5", "too_many")],
)  # fmt: skip
def test_bad_leads(words, reason):
    with pytest.raises(BadLeads) as refused:
        parse_leads(words.split())
    assert refused.value.reason == reason
    assert "Örnek: /hatirlatma 60 15" in schedule.refusal(refused.value)


async def test_leads_are_stored_and_the_reminders_follow(morning):
    snap, _ = await stored(morning)
    assert leads(snap.tournament.settings) == ((30,), (60,))
    assert await run(morning, change_leads, words=["60", "15"], now=at(10, 20)) == (
        (60, 15),
        (60, 15),
    )
    assert await run(morning, change_leads, words=["grup", "30"], now=at(10, 20)) == (
        (30,),
        (60, 15),
    )
    snap, pending = await stored(morning)
    settings = snap.tournament.settings
    assert settings.group_leads == (30,) and settings.captain_leads == (60, 15)
    assert {r.kind for r in pending if r.kind.startswith("grup")} == {"grup:30"}
    assert schedule.leads_set((30,), (60, 15)) == (
        "👍 Hatırlatmalar: grup maçtan 30 dk önce · kaptanlar maçtan 60 ve 15 dk önce."
    )

    assert await run(morning, change_leads, words=["kapat"], now=at(10, 20)) == ((), ())
    _, pending = await stored(morning)
    assert pending and {r.kind for r in pending} <= {"sonuc", "ulasilamaz"}  # nudges stay


async def test_only_organisers_set_leads(morning):
    with pytest.raises(NotOrganiser):
        await run(morning, change_leads, user=STRANGER, words=["kapat"], now=at(10))


# --- /ayarlar kadro, /turnuva_bitir -----------------------------------------------------


async def test_squad_size_is_stored_listed_and_removed(db):
    assert await run(db, change_squad, text="7") == 7
    snap, _ = await stored(db)
    assert snap.tournament.settings.squad == 7
    listed = admin.settings(snap.tournament)
    assert "• Kadro kontrolü: en az 7 kişi" in listed
    assert "• Hatırlatma: grup maçtan 30 dk önce · kaptanlar maçtan 60 dk önce" in listed
    assert await run(db, change_squad, text="kapat") is None
    snap, _ = await stored(db)
    assert snap.tournament.settings.squad is None
    assert "• Kadro kontrolü: kapalı" in admin.settings(snap.tournament)
    for bad in ("2", "21", "yedi", ""):
        with pytest.raises(BadSquad):
            await run(db, change_squad, text=bad)


async def test_a_finished_tournament_has_no_pending_reminders(morning):
    _, pending = await stored(morning)
    assert pending
    async with morning.unit_of_work() as uow:
        snap = await snapshots.active(uow, CHAT)
        await finish(uow, snap, at(10, 20))
        await uow.commit()
    async with morning.unit_of_work(read_only=True) as uow:
        assert await uow.reminders.pending() == []
        assert await uow.reminders.pending(1) == []


# --- words ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hour", "minute", "said"),
    [(11, 30, "11:30'da"), (11, 20, "11:20'de"), (12, 15, "12:15'te"), (11, 0, "11:00'de"),
     (10, 0, "10:00'da"), (14, 40, "14:40'ta"), (9, 6, "09:06'da"), (0, 0, "00:00'da")],
)  # fmt: skip
def test_times_take_the_right_suffix(hour, minute, said):
    assert common.at(datetime(2026, 12, 6, hour, minute, tzinfo=IST)) == said
    assert common.at(time(hour, minute)) == said  # a clock alone reads the same
    assert common.since(time(hour, minute)) == f"{said}n"  # "11:30'dan", "12:15'ten"


def test_the_evening_message_is_set_with_the_hours_own_suffix():
    assert "akşam 19:00'da gruba" in evening_set(time(19, 0))
    assert "akşam 20:00'de gruba" in evening_set(time(20, 0))


def test_knockout_sides_are_said_in_words_until_known():
    semi = PlannedMatch(
        13, Stage.SEMI, None, None, "Saha 1", at(13, 30), at(13, 56), None, None, "1A", "2B"
    )
    assert pairing(semi) == "A Grubu 1.si – B Grubu 2.si"
    final = PlannedMatch(
        15, Stage.FINAL, None, None, "Saha 1", at(14, 30), at(14, 56), None, None, "W13", "W14"
    )
    assert pairing(final) == "13. maçın galibi – 14. maçın galibi"  # read alone, without its plan


async def test_a_time_before_the_day_starts_is_refused_with_the_earliest_that_works(morning):
    before = await stored(morning)
    with pytest.raises(CannotPostpone) as refused:  # typed at 06:00, before the day
        await run(morning, postpone, text="10 07:00", now=at(6, 0))
    assert await stored(morning) == before
    refusal = schedule.refusal(refused.value)
    assert refusal.startswith("Maç 10 saat 07:00 başlayamaz: o gün ilk maç saat 10:00")
    suggested = refusal.split("/ertele 10 ")[-1].rstrip(")")
    assert suggested >= "10:00"  # what it offers is inside the day
    await run(morning, postpone, text=f"10 {suggested}", now=at(6, 0))  # and it works


async def test_a_time_far_past_the_days_end_is_refused(morning):
    refusal = await refused_postpone(morning, "10 22:00")
    assert refusal.startswith("Maç 10 saat 22:00 başlarsa çok geç biter")
