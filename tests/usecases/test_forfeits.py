"""/hukmen, /cekil, their /ayarlar keys and /geri_al, through the use cases on real storage.

The day is DOMAIN.md's 8-team day (two groups of four); group A's teams are A1..A4.
"""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import count

import pytest
from eight_team_day import CHAT, IST, ORGANISER, stored_day

from bot.handlers.forfeits import PLAIN
from bot.texts.forfeits import forfeited, refusal, withdrawn
from bot.usecases import forfeits, organisers, reminders, results, snapshots, undo
from bot.usecases.errors import NotOrganiser
from bot.usecases.runner import Actor, run
from domain import names
from domain.forfeits import WithdrawalRule
from domain.model import Score

STRANGER = 30
NOW = datetime(2026, 12, 6, 9, 0, tzinfo=IST).astimezone(UTC)
_updates = count(1000)


def who(user: int = ORGANISER) -> Actor:
    return Actor(user_id=user, chat_id=CHAT, now=NOW, update_id=next(_updates))


async def record_forfeit(database, actor, text: str, *, fuzzy: bool = True):
    command = forfeits.Forfeit(text, plain=not fuzzy)
    return await run(database, forfeits.record_forfeit, command, actor)


async def withdraw_team(database, actor, text: str):
    return await run(database, forfeits.withdraw_team, forfeits.Withdraw(text), actor)


async def undo_last(database, actor):
    return await run(database, undo.undo_last, undo.UndoLast(), actor)


async def set_deduction(database, actor, on: bool):
    return await run(database, forfeits.set_deduction, forfeits.SetDeduction(on), actor)


async def set_withdrawal_rule(database, actor, word: str):
    return await run(
        database, forfeits.set_withdrawal_rule, forfeits.SetWithdrawalRule(word), actor
    )


async def record(database, actor, text: str):
    return await run(database, results.record, results.Record(text), actor)


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    async with database.unit_of_work() as uow:
        await reminders.sync(uow, 1, NOW)
        await uow.commit()
    yield database
    await database.dispose()


async def snapshot(db) -> snapshots.Snapshot:
    async with db.unit_of_work(read_only=True) as uow:
        return await snapshots.load(uow, 1)


def of(snap: snapshots.Snapshot, team: str):
    return [m for m in snap.matches if m.match.involves(team) and not m.match.stage.is_knockout]


async def test_a_forfeit_takes_the_teams_earliest_open_match_and_marks_the_table(db):
    done = await record_forfeit(db, who(), "A4")

    f = done.value
    first = min(of(await snapshot(db), "A4"), key=lambda m: (m.match.start, m.match.no))
    assert f.match.no == first.match.no and f.loser == "A4"
    assert f.score.forfeit == ("home" if f.match.home == "A4" else "away")
    assert sorted((f.score.home_goals, f.score.away_goals)) == [0, 3]
    assert first.result == f.score
    row = f.table[1].row("A4")
    assert row.forfeit_losses == 1 and row.goals_for == 0 and row.goals_against == 3
    said = forfeited(f)
    assert "(H)" in said and said.count("<pre>") == 1 and said.endswith("</pre>")
    assert "A4" in said.split("<pre>")[1]  # the table inside the monospaced block
    assert done.effects.reminders and done.effects.live == (CHAT,)


async def test_a_typed_score_keeps_the_winners_goals_above_three(db):
    f = (await record_forfeit(db, who(), "A4 5-1")).value
    assert {f.score.home_goals, f.score.away_goals} == {5, 0}


async def test_a_named_played_match_turns_its_score_into_the_forfeit(db):
    snap = await snapshot(db)
    match = of(snap, "A4")[0].match
    other = match.away if match.home == "A4" else match.home
    await record(db, who(), f"A4 2-1 {other}")

    f = (await record_forfeit(db, who(), f"{match.no} A4")).value

    assert f.previous is not None and f.loser == "A4"
    assert f.table[1].row(other).won == 1


async def test_the_deduction_setting_takes_a_wins_points_off_the_no_show(db):
    await set_deduction(db, who(), True)
    f = (await record_forfeit(db, who(), "A4")).value
    row = f.table[1].row("A4")
    assert row.points == -3 and row.deducted == 3


async def test_a_withdrawal_awards_its_remaining_matches_and_undo_brings_it_back(db):
    done = await withdraw_team(db, who(), "A4")

    w = done.value
    assert not w.annulled and len(w.awarded) == 3
    snap = await snapshot(db)
    assert all(m.result is not None and m.result.forfeit for m in of(snap, "A4"))
    assert w.table[1].row("A4").forfeit_losses == 3
    said = withdrawn(w)
    assert "3-0 rakiplerine" in said and said.count("<pre>") == 1 and said.endswith("</pre>")

    back = (await undo_last(db, who())).value
    assert back == undo.Reinstated("A4", 3, league=False)
    snap = await snapshot(db)
    assert all(m.result is None for m in of(snap, "A4"))
    assert not snap.tournament.settings.withdrawn or not snap.annulled


async def test_an_annulling_rule_takes_the_team_out_of_the_table_and_its_matches_off(db):
    await record(db, who(), "A1 3-1 A4")
    assert (await set_withdrawal_rule(db, who(), "iptal")).value is WithdrawalRule.ANNUL
    planned = {m.match for m in of(await snapshot(db), "A4")}

    w = (await withdraw_team(db, who(), "A4")).value

    assert w.annulled and len(w.removed) == 2
    snap = await snapshot(db)
    assert "A4" not in snap.tables()["A"].teams
    assert snap.tables()["A"].row("A1").played == 0  # the win over A4 is annulled
    assert len(of(snap, "A4")) == 1  # the played match stays in the fixture

    await undo_last(db, who())
    snap = await snapshot(db)
    assert {m.match for m in of(snap, "A4")} == planned  # back as they were
    assert snap.tables()["A"].row("A1").played == 1

    # the next /geri_al is the plain undo of the result before the withdrawal
    undone = (await undo_last(db, who())).value
    assert isinstance(undone, undo.Undone) and undone.removed == Score(3, 1)


async def test_a_withdrawn_team_renamed_stays_out_and_comes_back_under_its_new_name(db):
    await record(db, who(), "A1 3-1 A4")
    await set_withdrawal_rule(db, who(), "iptal")
    await withdraw_team(db, who(), "A4")
    await run(db, organisers.rename_team, organisers.RenameTeam("A4", "Kartallar"), who())

    snap = await snapshot(db)
    assert snap.annulled == {"Kartallar"} and "Kartallar" not in snap.tables()["A"].teams
    with pytest.raises(forfeits.AlreadyWithdrawn):
        await withdraw_team(db, who(), "Kartallar")

    back = (await undo_last(db, who())).value
    assert back == undo.Reinstated("Kartallar", 2, league=False)
    snap = await snapshot(db)
    assert len(of(snap, "Kartallar")) == 3 and not of(snap, "A4")
    assert snap.tables()["A"].row("Kartallar").played == 1


async def test_a_withdrawn_team_cannot_withdraw_twice(db):
    await withdraw_team(db, who(), "A4")
    with pytest.raises(forfeits.AlreadyWithdrawn):
        await withdraw_team(db, who(), "A4")


async def test_a_member_is_refused_and_nothing_changes(db):
    with pytest.raises(NotOrganiser):
        await record_forfeit(db, who(STRANGER), "A4")
    with pytest.raises(NotOrganiser):
        await withdraw_team(db, who(STRANGER), "A4")
    snap = await snapshot(db)
    assert all(m.result is None for m in snap.matches)


async def test_a_match_of_another_team_is_refused_with_its_teams(db):
    snap = await snapshot(db)
    match = next(m.match for m in snap.matches if m.match.home and not m.match.involves("A4"))
    with pytest.raises(forfeits.BadForfeit) as refused:
        await record_forfeit(db, who(), f"{match.no} A4")
    assert "bu takımın maçı değil" in refusal(refused.value)


@pytest.mark.parametrize(
    ("line", "team"),
    [
        ("Kartallar hükmen", "Kartallar"),
        ("Kartallar gelmedi", "Kartallar"),
        ("14 Kara Kartallar HÜKMEN", "14 Kara Kartallar"),
        ("Kartallar gelmedi!", "Kartallar"),
    ],
)
def test_the_plain_lines_name_the_team(line, team):
    found = PLAIN.match(line)
    assert found is not None and found.group("team") == team


@pytest.mark.parametrize("line", ["Kartallar 3-1 Şahinler", "hükmen", "gelmedi mi?"])
def test_other_lines_are_no_forfeit(line):
    assert PLAIN.match(line) is None


async def test_a_plain_lines_name_must_be_a_teams_as_spelled(db):
    with pytest.raises(names.UnknownTeam):
        await record_forfeit(db, who(), "A44", fuzzy=False)
    assert all(m.result is None for m in (await snapshot(db)).matches)


async def test_a_withdrawal_that_ends_a_group_fills_the_knockout_and_undo_empties_it(db):
    for line in ("A1 3-1 A2", "A1 1-0 A3", "A2 2-0 A3"):  # the rest of group A is A4's
        await record(db, who(), line)

    await withdraw_team(db, who(), "A4")

    semis = [m.match for m in (await snapshot(db)).matches if m.match.stage.is_knockout]
    placed = {t for m in semis for t in (m.home, m.away)}
    assert {"A1", "A2"} <= placed

    await undo_last(db, who())
    semis = [m.match for m in (await snapshot(db)).matches if m.match.stage.is_knockout]
    assert not {"A1", "A2"} & {t for m in semis for t in (m.home, m.away)}
