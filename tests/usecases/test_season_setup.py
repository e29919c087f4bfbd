"""A league over match weeks, set up from the one-message form: planned with its weeks,
stored with its rhythm, and reminded of the evening before each match day."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.texts import season
from bot.usecases import drafts, reminder_settings, setup
from bot.usecases.reminders import evening, leads, sync
from bot.usecases.runner import Actor, run
from bot.usecases.setup_steps import Answers
from domain import reminders, setupform
from domain.formseason import Season, season_json
from domain.roundrobin import breaks
from domain.settings import TournamentSettings
from storage import migrate
from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER, CAPTAIN = -2002, 10, 21
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=IST)  # a Tuesday
FORM = "Pazar Ligi | 8 takım | iki haftada bir pazar 14:00-17:00 | 30+5"


def answers(text: str = FORM, now: datetime = NOW) -> dict:
    """The set-up's answers as the handler stores them for a one-message form."""
    form = setupform.parse_form(text, now)
    assert form.season is not None
    data = {
        "name": form.name,
        "teams": list(form.teams),
        "pitches": form.pitches,
        "format": str(form.format),
        "groups": 1,
        "match": form.match_minutes,
        "changeover": form.changeover,
        "third": form.third_place,
        "tiebreak": form.tiebreak,
        "seed": 1,
        "season": drafts.season_data(form.season),
    }
    data["kickoff"] = drafts.season_kickoff(data["season"], IST).isoformat()
    return data


def by_week(matches):
    weeks: dict[int, list] = {}
    for m in matches:
        weeks.setdefault(m.week, []).append(m)
    return weeks


def test_eight_teams_every_other_sunday_make_seven_weeks_of_four_inside_the_window():
    _, plan = drafts.build(drafts.spec_of(answers()))
    weeks = by_week(plan.matches)

    assert sorted(weeks) == list(range(1, 8))
    assert all(len(day) == 4 for day in weeks.values())
    days = [weeks[w][0].start.date() for w in sorted(weeks)]
    assert days[0] == date(2026, 12, 6)  # the next Sunday: none was given
    assert all(b - a == timedelta(days=14) for a, b in itertools.pairwise(days))
    for day in weeks.values():
        assert all(m.start.date() == day[0].start.date() for m in day)
        assert min(m.start for m in day).time() == time(14, 0)
        assert max(m.end for m in day).time() <= time(17, 0)
        teams = [t for m in day for t in (m.home, m.away)]
        assert len(set(teams)) == 8  # every team plays each match week once
    assert "7 maç haftası · 6 Ara – 28 Şub · her hafta 4 maç" in season.span(plan.matches)


def test_the_first_day_and_a_skipped_sunday_move_the_season():
    data = answers(FORM + " | 10 Ocak'tan itibaren | 24 Ocak hariç")
    _, plan = drafts.build(drafts.spec_of(data))
    days = sorted({m.start.date() for m in plan.matches})
    assert days[:3] == [date(2027, 1, 10), date(2027, 2, 7), date(2027, 2, 21)]
    assert data["season"]["skip"] == ["2027-01-24"]


def test_a_double_league_is_balanced_and_mirrored():
    draft, plan = drafts.build(
        drafts.spec_of(answers(FORM.replace("8 takım", "4 takım") + " | çift devreli"))
    )
    assert sum(breaks(draft.rounds["A"]).values()) == 3 * 4 - 6  # the fewest, balanced
    weeks = by_week(plan.matches)
    assert sorted(weeks) == list(range(1, 7))
    first = {(m.home, m.away) for w in (1, 2, 3) for m in weeks[w]}
    second = {(m.away, m.home) for w in (4, 5, 6) for m in weeks[w]}
    assert first == second  # the second half mirrors the first, home and away swapped


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 's.sqlite3'}"
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    yield database
    await database.dispose()


def organiser(now: datetime = NOW) -> Actor:
    async def no() -> bool:
        return False

    return Actor(user_id=ORGANISER, chat_id=CHAT, now=now.astimezone(UTC), admin=no)


async def create_league(db: Database, text: str = FORM) -> None:
    """The form's league, set up and confirmed by its organiser: the chat's tournament."""
    await run(db, setup.summarise, setup.Summarise(Answers.of(answers(text))), organiser())
    await run(db, setup.confirm, setup.Confirm(False), organiser())


async def league_db(path, reachable: tuple[int, ...] = ()) -> Database:
    """A migrated SQLite file at `path` with the form's league, CAPTAIN captaining Takım 1,
    `reachable` users started in private and the reminder rows synced. Caller disposes."""
    url = f"sqlite+aiosqlite:///{path}"
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    await create_league(database)
    async with database.unit_of_work() as uow:
        tid = (await uow.tournaments.active_for_chat(CHAT)).id
        await uow.teams.add_captain(tid, "Takım 1", CAPTAIN)
        for user in reachable:
            await uow.private_chats.add(user, NOW)
        await sync(uow, tid, NOW)
        await uow.commit()
    return database


async def test_created_league_stores_weeks_rhythm_and_evening_reminders(db):
    data = answers()
    await run(db, setup.summarise, setup.Summarise(Answers.of(data)), organiser())
    done = await run(db, setup.confirm, setup.Confirm(False), organiser())
    assert len(done.value.plan.matches) == 28

    async with db.unit_of_work() as uow:
        tid = (await uow.tournaments.active_for_chat(CHAT)).id
        tournament = await uow.tournaments.get(tid)
        stored = await uow.matches.plan(tid, IST)
        await uow.private_chats.add(ORGANISER, NOW)
        await uow.private_chats.add(CAPTAIN, NOW)
        await uow.teams.add_captain(tid, "Takım 1", CAPTAIN)
        await sync(uow, tid, NOW)
        await uow.commit()
        rows = await uow.reminders.status(tid)
    assert season_json(tournament.settings.season) == data["season"]
    assert [m.match.week for m in stored] == [m.week for m in done.value.plan.matches]

    kinds = {kind for _, _, kind in rows}
    assert reminders.EVENING in kinds and reminders.DAY_NUDGE in kinds
    assert not any(k.startswith(reminders.GROUP + ":") for k in kinds)  # no per-slot messages
    evenings = sorted(no for no, who, kind in rows if kind == reminders.EVENING and who == CHAT)
    firsts = sorted(min(m.match.no for m in stored if m.match.week == w) for w in range(1, 8))
    assert evenings == firsts
    nudges = [no for no, who, kind in rows if kind == reminders.DAY_NUDGE]
    assert len(nudges) == 7 and all(no != reminders.NUDGE for no in nudges)
    captain = [no for no, who, kind in rows if who == CAPTAIN]
    assert len(captain) == 7  # one reminder before each of Takım 1's matches


def test_the_evening_before_is_due_at_the_clock_set_on_the_day_before():
    _, plan = drafts.build(drafts.spec_of(answers()))
    audience = reminders.Audience(
        CHAT, ORGANISER, {}, frozenset({ORGANISER}), (), (60,), 10, time(21)
    )
    wanted = reminders.wanted(plan.matches, frozenset(), audience, NOW)
    evenings = [w for w in wanted if w.kind == reminders.EVENING]
    assert len(evenings) == 7
    for w in evenings:
        day = next(m for m in plan.matches if m.no == w.match_no).start
        assert w.due == datetime.combine(day.date() - timedelta(days=1), time(21), IST)
        assert w.recipient == CHAT
    late = datetime(2026, 12, 5, 22, 0, tzinfo=IST)  # after the first evening: still told
    assert reminders.EVENING in {
        w.kind
        for w in reminders.wanted(plan.matches, frozenset(), audience, late)
        if w.match_no == 1
    }
    match_day = datetime(2026, 12, 6, 9, 0, tzinfo=IST)  # on match day: too late for "tonight"
    assert not [
        w
        for w in reminders.wanted(plan.matches, frozenset(), audience, match_day)
        if w.kind == reminders.EVENING and w.match_no == 1
    ]


def test_the_nudge_and_the_list_are_one_per_match_day():
    _, plan = drafts.build(drafts.spec_of(answers()))
    captains = {"Takım 1": (CAPTAIN,)}
    audience = reminders.Audience(CHAT, ORGANISER, captains, frozenset(), (), (60,), 10, time(20))
    wanted = reminders.wanted(plan.matches, frozenset(), audience, NOW)
    weeks = by_week(plan.matches)
    nudges = [w for w in wanted if w.kind == reminders.DAY_NUDGE]
    assert [w.match_no for w in nudges] == [max(m.no for m in weeks[k]) for k in sorted(weeks)]
    for w in nudges:
        last = max((m for m in plan.matches if m.no == w.match_no), key=lambda m: m.end)
        assert w.due == last.end + timedelta(minutes=10) and w.recipient == CHAT
    lists = [w for w in wanted if w.kind == reminders.UNREACHABLE]
    assert len(lists) == 7  # Takım 1 plays every week and its captain is unreachable
    assert not [w for w in wanted if w.kind == reminders.NUDGE]


def test_a_season_turns_the_group_slot_reminders_off_by_default():
    weekly = TournamentSettings(season=Season(7, 6, time(14), time(17), date(2027, 1, 10)))
    assert leads(weekly) == ((), (60,))
    assert evening(weekly) == time(20)
    assert evening(replace(weekly, evening=None)) is None
    assert evening(TournamentSettings()) is None


async def change_evening(db, who: Actor, words: list[str]):
    command = reminder_settings.Evening(tuple(words))
    return await run(db, reminder_settings.change_evening, command, who)


async def shown_evening(db) -> tuple[bool, time | None]:
    """(a season league?, its evening-before clock), as /hatirlatma shows them."""
    shown = (await run(db, reminder_settings.shown, reminder_settings.Show(), organiser())).value
    return shown.season, shown.evening


async def test_hatirlatma_aksam_moves_or_turns_off_the_evening_message(db):
    await create_league(db)

    async def evenings():
        async with db.unit_of_work(read_only=True) as uow:
            tid = (await uow.tournaments.active_for_chat(CHAT)).id
            status = await uow.reminders.status(tid)
        return [key for key, state in status.items() if key[2] == reminders.EVENING]

    before = await evenings()
    assert len(before) == 7
    done = await change_evening(db, organiser(), ["aksam", "21:00"])
    assert done.value == time(21) and done.effects.reminders
    async with db.unit_of_work(read_only=True) as uow:
        tid = (await uow.tournaments.active_for_chat(CHAT)).id
        assert (await uow.tournaments.get(tid)).settings.evening == time(21)
    off = await change_evening(db, organiser(), ["aksam", "kapat"])
    assert off.value is None
    after = await evenings()
    assert after == []
    assert await shown_evening(db) == (True, None)


@pytest.mark.parametrize(
    ("words", "clock"), [("20:00", "20:00"), ("9", "09:00"), ("21.30", "21:30"), ("kapat", None)]
)
def test_the_evening_clock_as_typed(words, clock):
    assert reminder_settings.is_evening(["akşam", *words.split()])
    assert reminder_settings.parse_evening(words.split()) == clock


@pytest.mark.parametrize("words", ["25:00", "yarın", "20:00 21:00"])
def test_a_bad_evening_clock_is_refused(words):
    with pytest.raises(reminder_settings.BadLeads):
        reminder_settings.parse_evening(words.split())


async def test_only_organisers_set_the_evening(db):
    from bot.usecases.errors import NotOrganiser

    await create_league(db)

    async def no() -> bool:
        return False

    member = Actor(user_id=77, chat_id=CHAT, now=NOW.astimezone(UTC), admin=no)
    with pytest.raises(NotOrganiser):
        await change_evening(db, member, ["aksam", "21:00"])
    assert await shown_evening(db) == (True, time(20))
