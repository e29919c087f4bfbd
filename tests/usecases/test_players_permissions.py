"""docs/permissions.md's rows for squads, scorers and cards, bans and their tables, cell by
cell, through the use cases (the same stored day and roles as test_permissions)."""

from __future__ import annotations

import pytest
from permission_table import cells
from test_permissions import (  # noqa: F401 (fixtures)
    CAPTAIN,
    captains_results_on,
    confirm_captain,
    db,
    peek,
    running,
    template,
    verdict,
    who,
)

import domain.questions
from bot.usecases import (
    discipline,
    event_messages,
    match_events,
    player_facts,
    questions,
    result_messages,
    results,
    squads,
)
from bot.usecases.errors import NotAllowed, NotOrganiser
from bot.usecases.runner import run
from storage.errors import NoActiveTournament

ORGANISER_ROLE = "creator"


async def a_played_match(db) -> int:  # noqa: F811
    done = await run(db, results.record, results.Record("A1 3-1 A4"), who(ORGANISER_ROLE))
    return done.value.match.no


@pytest.mark.parametrize(("role", "expected"), cells("see a squad"))
async def test_seeing_a_squad(db, role, expected):  # noqa: F811
    assert await verdict(run(db, squads.show, squads.Show("A1"), who(role))) == expected


@pytest.mark.parametrize(("role", "expected"), cells("change a squad"))
async def test_changing_a_squad(db, role, expected):  # noqa: F811
    action = run(db, squads.add, squads.Add("A1: Ali Yılmaz"), who(role))
    assert await verdict(action) == expected


@pytest.mark.parametrize(("role", "expected"), cells("change a squad"))
async def test_taking_a_player_off_a_squad(db, role, expected):  # noqa: F811
    await run(db, squads.add, squads.Add("A1: Ali Yılmaz"), who(ORGANISER_ROLE))
    action = run(db, squads.remove, squads.Remove("A1 Ali Yılmaz"), who(role))
    assert await verdict(action) == expected


@pytest.mark.parametrize(("role", "expected"), cells("record scorers and cards"))
async def test_recording_scorers_and_cards(db, role, expected):  # noqa: F811
    no = await a_played_match(db)
    goals = run(db, match_events.goals, match_events.Goals(f"{no} Ali -"), who(role))
    assert await verdict(goals) == expected
    cards = run(db, match_events.cards, match_events.Cards(f"{no} Ali (A1) sarı"), who(role))
    assert await verdict(cards) == expected


@pytest.mark.parametrize(("role", "expected"), cells("set or lift a ban"))
async def test_setting_a_ban(db, role, expected):  # noqa: F811
    await run(db, squads.add, squads.Add("A1: Ali Yılmaz"), who(ORGANISER_ROLE))
    action = run(db, discipline.set_ban, discipline.SetBan("Ali Yılmaz 2"), who(role))
    assert await verdict(action) == expected


@pytest.mark.parametrize(("role", "expected"), cells("see scorers, cards and fair play"))
async def test_seeing_scorers_cards_and_fair_play(db, role, expected):  # noqa: F811
    assert await verdict(run(db, discipline.tables, discipline.Tables(), who(role))) == expected


async def _with_scorers(db, role: str) -> str:  # noqa: F811
    """ "A1 3-1 A4" with A1's scorers under it, captains' results on: stored with them,
    waiting with them, or refused (A4's captain naming A1's players is the "other
    captain" cell: the other side's are not his to name)."""
    text = "A1 3-1 A4\ngoller: Ali 2, Veli -"
    try:
        done = await run(db, result_messages.record, result_messages.Message(text), who(role))
    except (event_messages.OtherSidesPlayers, *REFUSED):
        return "refused"
    if done.value is None:  # in private: no tournament there, the message is chat
        return "refused"
    (answer,) = done.value
    if isinstance(answer, results.Refused):
        return "refused"
    if isinstance(answer, results.Asked):
        return "waits"
    return "allowed"


REFUSED = (NotOrganiser, NotAllowed, NoActiveTournament)


@pytest.mark.parametrize(
    ("role", "expected"), cells("scorers with a captain's result, captains' results on")
)
async def test_scorers_with_a_captains_result(db, role, expected):  # noqa: F811
    await captains_results_on(db)
    assert await _with_scorers(db, role) == expected
    snap = await running(db)
    goals = sorted(e.player for e in snap.events)
    assert goals == (["Ali", "Ali", "Veli"] if expected == "allowed" else [])
    if expected == "waits":  # kept with the result, stored when A4's captain confirms it
        assert (await peek(db, CAPTAIN))["events"] == "goller: Ali 2, Veli -"
        await confirm_captain(db, who("other captain"), CAPTAIN)
        snap = await running(db)
        assert sorted((e.player, e.team) for e in snap.events) == [
            ("Ali", "A1"),
            ("Ali", "A1"),
            ("Veli", "A1"),
        ]


# The row's other commands, each cell through its own use case (issue 22's audit).


async def _a_match_with_a_goal_and_a_card(db) -> int:  # noqa: F811
    no = await a_played_match(db)
    organiser = who(ORGANISER_ROLE)
    await run(db, match_events.goals, match_events.Goals(f"{no} Ali -"), organiser)
    await run(db, match_events.cards, match_events.Cards(f"{no} Ali (A1) sarı"), organiser)
    return no


@pytest.mark.parametrize(("role", "expected"), cells("record scorers and cards"))
async def test_taking_back_a_goal_and_a_card(db, role, expected):  # noqa: F811
    no = await _a_match_with_a_goal_and_a_card(db)
    goal = run(db, match_events.delete, match_events.Delete(f"{no} Ali", "goal"), who(role))
    assert await verdict(goal) == expected
    card = run(db, match_events.delete, match_events.Delete(f"{no} Ali", "card"), who(role))
    assert await verdict(card) == expected
    left = (await running(db)).events
    assert len(left) == (0 if expected == "allowed" else 2)


@pytest.mark.parametrize(("role", "expected"), cells("set or lift a ban"))
async def test_lifting_a_ban(db, role, expected):  # noqa: F811
    await run(db, squads.add, squads.Add("A1: Ali Yılmaz"), who(ORGANISER_ROLE))
    await run(db, discipline.set_ban, discipline.SetBan("Ali Yılmaz 2"), who(ORGANISER_ROLE))
    assert discipline.active_bans(await running(db), "A1")
    action = run(db, discipline.set_ban, discipline.SetBan("Ali Yılmaz 0"), who(role))
    assert await verdict(action) == expected
    still = bool(discipline.active_bans(await running(db), "A1"))
    assert still == (expected != "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("change a setting"))
async def test_setting_the_yellow_card_limit(db, role, expected):  # noqa: F811
    limit = discipline.SetYellowLimit("4")
    assert await verdict(run(db, discipline.set_yellow_limit, limit, who(role))) == expected
    settings = (await running(db)).tournament.settings
    assert (settings.yellow_limit == 4) == (expected == "allowed")


@pytest.mark.parametrize(("role", "expected"), cells("see scorers, cards and fair play"))
async def test_asking_who_the_top_scorer_is(db, role, expected):  # noqa: F811
    no = await a_played_match(db)
    await run(db, match_events.goals, match_events.Goals(f"{no} Ali 2 -"), who(ORGANISER_ROLE))
    question = domain.questions.ask("gol kralı kim")
    assert question is not None
    got = (await run(db, questions.respond, questions.Ask(question), who(role))).value
    told = isinstance(got, player_facts.ScorersAnswer) and [r.player for r in got.rows] == ["Ali"]
    assert ("allowed" if told else "refused") == expected


async def test_a_captains_scorers_with_and_without_a_team_wait_and_are_stored(db):  # noqa: F811
    await captains_results_on(db)
    text = "A1 3-1 A4\ngoller: Ali (A1) 2, Veli\nsarı: Veli"  # sided and side-less names
    assert await _with_scorers_text(db, "captain", text) == "waits"
    kept = (await peek(db, CAPTAIN))["events"]
    assert kept.splitlines() == ["goller: Ali (A1) 2 -", "goller: Veli", "kart: Veli sarı"]
    entered = (await confirm_captain(db, who("other captain"), CAPTAIN)).value
    snap = await running(db)
    assert sorted((e.player, e.team, e.kind) for e in snap.events) == [
        ("Ali", "A1", "goal"),
        ("Ali", "A1", "goal"),
        ("Veli", "A1", "goal"),
        ("Veli", "A1", "yellow"),
    ]
    label, table = entered.table
    assert table == snap.table(label)  # the confirmed answer's table is /puan's


async def _with_scorers_text(db, role: str, text: str) -> str:  # noqa: F811
    done = await run(db, result_messages.record, result_messages.Message(text), who(role))
    (answer,) = done.value
    return "waits" if isinstance(answer, results.Asked) else type(answer).__name__
