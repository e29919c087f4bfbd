"""Captains' claims beyond the table: who is told, what goes stale, what cannot be wrecked.

Same day and people as test_captains_permissions (A1 captained, B1 captained, A2 free).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import test_captains_permissions
from eight_team_day import CHAT, ORGANISER
from test_captains_permissions import (
    CAPTAIN,
    CLAIMANT,
    CO_ORGANISER,
    FREE,
    MEMBER,
    NOW,
    TEAM,
    _updates,
    assign_captain,
    captains_of,
    claim_team,
    pending,
    remove_captains,
    results_on,
    template,  # noqa: F401 - the fixture `db` copies it
)

from bot.handlers.captains import captain_button, claim_button
from bot.handlers.common import LONG_TOAST
from bot.handlers.questions import tournament_button
from bot.texts.captains import (
    CLAIM,
    DECIDE,
    STALE_PICKER,
    UNKNOWN_BUTTON,
    claimed,
    organiser_notice,
    refusal,
)
from bot.usecases import captains, results, setup
from bot.usecases.errors import ConversationOpen, NotOrganiser, StaleCaptainButton
from bot.usecases.runner import Actor, Repeated, run
from storage.errors import TooManyCaptains

db = test_captains_permissions.db  # the stored tournament fixture, shared

STRANGER, SECOND_STRANGER, THIRD_STRANGER = 50, 51, 52


def member(user: int, name: str = "Yabancı", update_id: int | None = None) -> Actor:
    async def admin() -> bool:
        return False

    return Actor(user, CHAT, NOW, update_id or next(_updates), name=name, admin=admin)


def organiser() -> Actor:
    return Actor(ORGANISER, CHAT, NOW, next(_updates), name="Ayşe")


async def reachable(db, *users: int) -> None:
    async with db.unit_of_work() as uow:
        for user in users:
            await uow.private_chats.add(user, NOW)
        await uow.commit()


async def decide(db, actor: Actor, claim: captains.Claim, approve: bool = True):
    command = captains.Decide(claim.user_id, claim.tournament_id, claim.team_index, approve)
    return await run(db, captains.decide, command, actor)


async def claim_listed(db, actor: Actor, tournament_id: int, index: int):
    return await run(db, captains.claim_listed, captains.ClaimListed(tournament_id, index), actor)


async def in_tournament(db, user: int, tournament_id: int):
    """The private question's tournament button, pressed in the user's private chat."""
    presser = Actor(user, user, NOW, next(_updates), private=True)
    return (await run(db, captains.in_tournament, captains.Chosen(tournament_id), presser)).value


# --- who is told ----------------------------------------------------------------------------


async def test_a_free_teams_claim_is_told_to_the_organisers_the_bot_can_reach(db):
    await reachable(db, CO_ORGANISER)  # the creator never started the bot in private
    done = await claim_team(db, member(STRANGER, "Zeynep"), FREE)
    assert done.value.outcome is captains.Outcome.ACCEPTED
    assert done.value.tell == (CO_ORGANISER,)
    assert "Zeynep artık A2 kaptanı" in organiser_notice(done.value)


async def test_a_waiting_claim_is_told_to_every_reachable_organiser_but_the_claimant(db):
    await reachable(db, ORGANISER, CO_ORGANISER, STRANGER)
    done = await claim_team(db, member(STRANGER, "Zeynep"), TEAM)
    assert done.value.outcome is captains.Outcome.WAITS
    assert done.value.tell == (ORGANISER, CO_ORGANISER)
    assert "Onayla" in organiser_notice(done.value)
    assert "zaten kaptanı var" in claimed(done.value)


async def test_an_organisers_own_claim_tells_nobody(db):
    await reachable(db, ORGANISER, CO_ORGANISER)
    done = await claim_team(db, organiser(), TEAM)
    assert done.value.outcome is captains.Outcome.ACCEPTED and done.value.tell == ()
    assert (await captains_of(db))[TEAM] == (CAPTAIN, ORGANISER)


# --- the wrecks of the issue ----------------------------------------------------------------


async def test_strangers_cannot_make_themselves_the_two_sides_of_a_result(db):
    """Captains' results on: two strangers each claim one side; neither becomes a captain,
    so one's line is refused and nothing is stored for the other to confirm."""
    await results_on(db)
    home = await claim_team(db, member(STRANGER), "A3")
    away = await claim_team(db, member(SECOND_STRANGER), "A4")
    assert home.value.outcome is away.value.outcome is captains.Outcome.WAITS
    assert "A3" not in await captains_of(db) and "A4" not in await captains_of(db)
    async with db.unit_of_work() as uow:
        with pytest.raises(NotOrganiser):
            await results.record(uow, results.Record("A3 7-0 A4"), Actor(STRANGER, CHAT, NOW))


async def test_strangers_who_filled_a_team_make_way_for_its_real_captain(db):
    """Three strangers take the free A2's three slots one by one? The first is accepted, the
    next two wait; the organiser clears A2 and approves the real captain."""
    first = await claim_team(db, member(STRANGER), FREE)
    second = await claim_team(db, member(SECOND_STRANGER), FREE)
    assert first.value.outcome is captains.Outcome.ACCEPTED
    assert second.value.outcome is captains.Outcome.WAITS
    real = await claim_team(db, member(CLAIMANT, "Zeynep"), FREE)
    assert real.value.outcome is captains.Outcome.WAITS

    removed = await remove_captains(db, organiser(), FREE)
    assert removed.value.users == (STRANGER,)
    done = await decide(db, organiser(), real.value)
    assert done.value.approved and (await captains_of(db))[FREE] == (CLAIMANT,)
    # The other stranger's claim is still there to be rejected.
    rejected = await decide(db, organiser(), second.value, approve=False)
    assert not rejected.value.approved and await pending(db, SECOND_STRANGER) is None
    assert (await captains_of(db))[FREE] == (CLAIMANT,)


async def test_approving_a_claim_of_a_full_team_says_so_and_keeps_the_claim(db):
    for user in (CO_ORGANISER, ORGANISER):  # organisers join A1 directly: 3 captains
        await claim_team(db, Actor(user, CHAT, NOW, next(_updates)), TEAM)
    claim = (await claim_team(db, member(CLAIMANT), TEAM)).value
    with pytest.raises(TooManyCaptains):
        await decide(db, organiser(), claim)
    assert (await pending(db, CLAIMANT))["team"] == TEAM
    assert "/kaptan_sil A1" in refusal(TooManyCaptains(TEAM, 3))


# --- stale, repeated and busy -------------------------------------------------------------


async def test_a_claim_is_decided_once(db):
    claim = (await claim_team(db, member(CLAIMANT), TEAM)).value
    await decide(db, organiser(), claim)
    with pytest.raises(StaleCaptainButton):
        await decide(db, organiser(), claim, approve=False)
    assert CLAIMANT in (await captains_of(db))[TEAM]


async def test_a_newer_claim_makes_the_older_ones_buttons_stale(db):
    older = (await claim_team(db, member(CLAIMANT), TEAM)).value
    newer = (await claim_team(db, member(CLAIMANT), "B1")).value
    with pytest.raises(StaleCaptainButton):
        await decide(db, organiser(), older)
    await decide(db, organiser(), newer)
    captains_now = await captains_of(db)
    assert CLAIMANT in captains_now["B1"] and CLAIMANT not in captains_now[TEAM]


async def test_iptal_withdraws_a_waiting_claim(db):
    claim = (await claim_team(db, member(CLAIMANT), TEAM)).value
    assert (await run(db, setup.cancel, setup.Cancel(), member(CLAIMANT))).value
    with pytest.raises(StaleCaptainButton):
        await decide(db, organiser(), claim)
    assert CLAIMANT not in (await captains_of(db))[TEAM]


async def test_a_reply_assignment_settles_the_persons_waiting_claim(db):
    claim = (await claim_team(db, member(CLAIMANT), TEAM)).value
    await assign_captain(db, organiser(), FREE, CLAIMANT, "Zeynep")
    assert await pending(db, CLAIMANT) is None
    with pytest.raises(StaleCaptainButton):
        await decide(db, organiser(), claim)
    assert (await captains_of(db))[FREE] == (CLAIMANT,)


async def test_a_claim_stored_as_a_plain_dict_is_still_decided(db):
    """A claim stored before the claim was a PendingClaim: the same keys, read back."""
    stored = {"kind": captains.CLAIM, "tournament": 1, "team": TEAM, "index": 0}
    async with db.unit_of_work() as uow:
        await uow.setups.put(CHAT, CLAIMANT, {**stored, "name": "Zeynep"}, NOW)
        await uow.commit()
    waiting = captains.PendingClaim.read(await pending(db, CLAIMANT))
    assert waiting is not None and (waiting.team, waiting.index) == (TEAM, 0)
    done = await run(db, captains.decide, captains.Decide(CLAIMANT, 1, 0, True), organiser())
    assert done.value.approved and done.value.name == "Zeynep"
    assert CLAIMANT in (await captains_of(db))[TEAM] and await pending(db, CLAIMANT) is None


async def test_a_picker_of_another_tournament_or_past_its_teams_is_stale(db):
    for tournament_id, index in ((2, 0), (1, 8), (1, -1)):
        with pytest.raises(StaleCaptainButton) as refused:
            await claim_listed(db, member(STRANGER), tournament_id, index)
        assert refused.value.what == "picker"
    done = await claim_listed(db, member(STRANGER), 1, 1)
    assert done.value.team == FREE and done.value.outcome is captains.Outcome.ACCEPTED


async def test_the_same_update_twice_claims_once(db):
    await claim_team(db, member(STRANGER, update_id=77), FREE)
    with pytest.raises(Repeated):
        await claim_team(db, member(STRANGER, update_id=77), FREE)


async def test_a_claim_that_would_wait_does_not_overwrite_an_open_set_up(db):
    async with db.unit_of_work() as uow:
        await uow.setups.put(CHAT, MEMBER, {"kind": "setup", "step": "teams"}, NOW)
        await uow.commit()
    with pytest.raises(ConversationOpen):
        await claim_team(db, member(MEMBER), TEAM)
    assert (await pending(db, MEMBER))["kind"] == "setup"


async def test_a_private_tournament_choice_is_stale_once_the_captaincy_ends(db):
    answer = await in_tournament(db, CAPTAIN, 1)
    assert answer.team == TEAM
    await remove_captains(db, organiser(), TEAM)
    with pytest.raises(StaleCaptainButton):
        await in_tournament(db, CAPTAIN, 1)


# --- buttons' data, before any use case ----------------------------------------------------


class Query:
    def __init__(self, data: str) -> None:
        self.data, self.answers = data, []

    async def answer(self, text: str | None = None, show_alert: bool = False) -> None:
        self.answers.append((text, show_alert))


@pytest.mark.parametrize(
    ("handler", "data"),
    [
        (captain_button, "cap:abc"),
        (captain_button, "cap:1:"),
        (captain_button, "cap:"),
        (claim_button, "kc:ok:1:x:0"),
        (claim_button, "kc:maybe:1:1:0"),
        (claim_button, "kc:ok:1:1"),
        (tournament_button, "q:abc"),
        (tournament_button, "q:"),
        (tournament_button, "zz:1"),
    ],
)
async def test_forged_button_data_gets_a_toast_and_nothing_else(handler, data):
    query = Query(data)
    update = SimpleNamespace(callback_query=query, effective_user=SimpleNamespace(id=STRANGER))
    await handler(update, None)  # no context: nothing past the toast may run
    assert query.answers == [(UNKNOWN_BUTTON, False)]


async def test_a_picker_from_before_the_upgrade_is_called_old():
    query = Query("cap:3")
    await captain_button(SimpleNamespace(callback_query=query), None)
    assert query.answers == [(STALE_PICKER, False)]


@pytest.mark.parametrize(
    "exc",
    [
        TooManyCaptains(TEAM, 3),
        StaleCaptainButton("picker"),
        StaleCaptainButton("claim"),
        StaleCaptainButton("question"),
        NotOrganiser("x"),
        ConversationOpen("Gökçe Gençlik Spor Kulübü"),
    ],
)
def test_every_button_reason_fits_a_toast_and_the_long_ones_are_alerts(exc):
    for action in (CLAIM, DECIDE):
        text = refusal(exc, action)
        assert len(text) <= 200  # Telegram's limit for answerCallbackQuery
    assert len(refusal(TooManyCaptains(TEAM, 3))) > LONG_TOAST  # an alert
    assert len(refusal(StaleCaptainButton("claim"))) <= LONG_TOAST  # a toast
