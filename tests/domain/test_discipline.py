"""Bans from cards, the yellow limit and the organiser's decisions, served in plan order;
fair play by UEFA's points."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.bookings import cautions
from domain.discipline import (
    Ban,
    BanReason,
    BanState,
    Booking,
    CardKind,
    Decision,
    PlanMatch,
    ban_for,
    bans,
    cleanest,
    decision_after,
    fair_play,
    is_banned,
    match_cards,
    missing,
    player_cards,
    team_cards,
)
from domain.standings import disciplinary_points

Y, Y2, R, YR = CardKind.YELLOW, CardKind.SECOND_YELLOW, CardKind.RED, CardKind.YELLOW_RED

# Kartallar (K) plays matches 1, 3, 5, 7, 9 of this plan; Şahinler (S) 1, 4, 6, 8.
PLAN = [
    PlanMatch(1, "K", "S", played=True),
    PlanMatch(2, "A", "D", played=True),
    PlanMatch(3, "K", "A", played=True),
    PlanMatch(4, "S", "D"),
    PlanMatch(5, "D", "K"),
    PlanMatch(6, "A", "S"),
    PlanMatch(7, "K", "D"),
    PlanMatch(8, "S", "K"),
    PlanMatch(9, "A", "K"),
]


def played(*numbers: int, plan: list[PlanMatch] = PLAN) -> list[PlanMatch]:
    return [PlanMatch(m.number, m.home, m.away, m.played or m.number in numbers) for m in plan]


def only(found: tuple[Ban, ...]) -> Ban:
    assert len(found) == 1, found
    return found[0]


# --- sendings-off ---------------------------------------------------------------------


def test_a_red_card_bans_the_player_from_his_teams_next_match():
    ban = only(bans(PLAN, [Booking(3, "K", "Mehmet", R)]))
    assert (ban.matches, ban.reason, ban.after) == (1, BanReason.RED, 3)
    assert (ban.served, ban.misses, ban.active) == ((), 5, True)
    assert is_banned([ban], "Mehmet", 5) and not is_banned([ban], "Mehmet", 7)


def test_the_ban_is_served_once_the_next_match_has_a_result():
    ban = only(bans(played(5), [Booking(3, "K", "Mehmet", R)]))
    assert (ban.served, ban.misses, ban.state) == ((5,), None, BanState.SERVED)
    assert ban_for([ban], "Mehmet", 5) == ban  # he was banned for 5: "cezalıydı"


def test_two_yellows_in_one_match_entered_apart_are_a_sending_off():
    cards = [Booking(1, "S", "Hasan", Y), Booking(1, "S", "Hasan", Y)]
    assert match_cards(cards) == (Booking(1, "S", "Hasan", Y2),)
    ban = only(bans(PLAN, cards))
    assert (ban.reason, ban.misses) == (BanReason.SECOND_YELLOW, 4)


def test_a_yellow_then_a_red_is_one_sending_off():
    cards = [Booking(1, "S", "Hasan", Y), Booking(1, "S", "Hasan", R)]
    assert match_cards(cards) == (Booking(1, "S", "Hasan", YR),)
    assert only(bans(PLAN, cards)).reason is BanReason.YELLOW_RED


def test_a_postponed_or_undated_match_serves_nothing():
    plan = [m if m.number != 5 else PlanMatch(5, "D", "K", postponed=True) for m in PLAN]
    ban = only(bans(plan, [Booking(3, "K", "Mehmet", R)]))
    assert ban.misses == 7


def test_a_forfeit_counts_as_served():
    # a forfeit is a result: the caller marks the match played
    ban = only(bans(played(5), [Booking(3, "K", "Mehmet", R)]))
    assert ban.state is BanState.SERVED


def test_a_later_match_played_first_does_not_serve_the_ban_of_an_earlier_one():
    ban = only(bans(played(7), [Booking(3, "K", "Mehmet", R)]))
    assert (ban.served, ban.misses) == ((), 5)
    assert not is_banned([ban], "Mehmet", 7)


def test_a_withdrawn_teams_bans_lapse():
    ban = only(bans(PLAN, [Booking(3, "K", "Mehmet", R)], withdrawn=["K"]))
    assert (ban.state, ban.misses, ban.ahead) == (BanState.LAPSED, None, ())
    assert missing([ban], 5) == ()


def test_at_the_end_of_the_plan_a_ban_waits_for_the_next_rounds_match():
    plan = [*played(5, 7, 9), PlanMatch(10, None, None)]  # a knockout tie, sides unknown
    ban = only(bans(plan, [Booking(9, "K", "Mehmet", R)]))
    assert (ban.active, ban.misses, ban.served) == (True, None, ())
    plan[-1] = PlanMatch(10, "K", "S")
    assert only(bans(plan, [Booking(9, "K", "Mehmet", R)])).misses == 10


def test_missing_names_everyone_out_of_a_match():
    found = bans(PLAN, [Booking(3, "K", "Mehmet", R), Booking(1, "S", "Ali", YR)])
    assert {b.player for b in missing(found, 5)} == {"Mehmet"}
    assert {b.player for b in missing(found, 4)} == {"Ali"}


# --- yellow accumulation ----------------------------------------------------------------


def test_every_nth_yellow_bans_for_one_match_and_the_count_restarts():
    cards = [Booking(n, "K", "Veli", Y) for n in (1, 3, 5, 7)]
    found = bans(played(5, 7), cards, yellow_limit=2)
    assert [(b.reason, b.after, b.misses) for b in found] == [
        (BanReason.YELLOWS, 3, None),
        (BanReason.YELLOWS, 7, 8),
    ]
    assert found[0].served == (5,)
    assert bans(played(5, 7), cards) == ()  # no limit, no ban
    assert player_cards(cards, yellow_limit=3)[0].towards_limit == 1


def test_the_yellows_of_a_sending_off_do_not_count_towards_the_limit():
    cards = [Booking(1, "K", "Veli", Y), Booking(3, "K", "Veli", Y2)]
    found = bans(played(5), cards, yellow_limit=2)
    assert [b.reason for b in found] == [BanReason.SECOND_YELLOW]
    assert cautions(Y2) == 0 and cautions(YR) == 1


def test_a_sending_off_and_an_accumulation_in_one_match_are_served_one_after_the_other():
    cards = [Booking(1, "K", "Veli", Y), Booking(3, "K", "Veli", YR)]
    found = bans(PLAN, cards, yellow_limit=2)
    assert [(b.reason, b.covers) for b in found] == [
        (BanReason.YELLOW_RED, (5,)),
        (BanReason.YELLOWS, (7,)),
    ]


# --- the organiser's decisions -------------------------------------------------------------


def test_ceza_sets_a_longer_ban_from_his_sending_off():
    cards = [Booking(3, "K", "Mehmet", R)]
    after = decision_after(PLAN, bans(PLAN, cards), "Mehmet", "K")
    assert after == 3
    ban = only(bans(played(5), cards, decisions=[Decision("Mehmet", "K", 3, after)]))
    assert (ban.matches, ban.decided, ban.served, ban.ahead) == (3, True, (5,), (7, 8))
    assert ban.reason is BanReason.RED


def test_ceza_without_a_card_bans_from_now():
    after = decision_after(PLAN, (), "Veli", "K")
    assert after == 3  # Kartallar last played match 3
    ban = only(bans(PLAN, [], decisions=[Decision("Veli", "K", 2, after)]))
    assert (ban.reason, ban.covers, ban.misses) == (BanReason.DECISION, (5, 7), 5)


def test_ceza_zero_lifts_and_keeps_what_was_served():
    cards = [Booking(3, "K", "Mehmet", R)]
    longer = Decision("Mehmet", "K", 3, 3)
    plan = played(5)
    lift_at = decision_after(
        plan, bans(plan, cards, decisions=[longer]), "Mehmet", "K", lifting=True
    )
    assert lift_at == 5
    ban = only(bans(plan, cards, decisions=[longer, Decision("Mehmet", "K", 0, lift_at)]))
    assert (ban.state, ban.served, ban.ahead, ban.misses) == (BanState.LIFTED, (5,), (), None)
    assert not is_banned([ban], "Mehmet", 7)


def test_a_later_decision_replaces_an_earlier_one():
    cards = [Booking(3, "K", "Mehmet", R)]
    decisions = [Decision("Mehmet", "K", 3, 3), Decision("Mehmet", "K", 2, 3)]
    assert only(bans(PLAN, cards, decisions=decisions)).covers == (5, 7)


def test_a_decision_a_week_after_the_served_ban_still_counts_from_the_sending_off():
    cards = [Booking(3, "K", "Mehmet", R)]
    plan = played(5)
    assert decision_after(plan, bans(plan, cards), "Mehmet", "K") == 3
    plan = played(5, 7)  # another match since: a new incident counts from now
    assert decision_after(plan, bans(plan, cards), "Mehmet", "K") == 7


# --- fair play ------------------------------------------------------------------------------


def test_fair_play_counts_uefa_points_fewest_first_ties_sharing_a_rank():
    cards = [
        Booking(1, "K", "Veli", Y),  # K: 1
        Booking(1, "S", "Hasan", Y),
        Booking(1, "S", "Hasan", Y),  # S: two yellows = 3
        Booking(2, "A", "Can", Y),
        Booking(2, "A", "Can", R),  # A: yellow then red = 4
        Booking(2, "D", "Ege", R),  # D: 3
    ]
    rows = fair_play(cards, ["K", "S", "A", "D", "B"])
    assert [(r.rank, r.team, r.points) for r in rows] == [
        (1, "B", 0),
        (2, "K", 1),
        (3, "S", 3),
        (3, "D", 3),
        (5, "A", 4),
    ]
    assert cleanest(rows) == ("B",)
    assert disciplinary_points(["K", "S", "A", "D"], team_cards(cards)) == {
        "K": 1,
        "S": 3,
        "A": 4,
        "D": 3,
    }


def test_with_nobody_booked_every_team_is_the_cleanest():
    assert cleanest(fair_play([], ["K", "S"])) == ("K", "S")


def test_player_cards_list_the_most_booked_first():
    cards = [Booking(1, "K", "Veli", Y), Booking(2, "S", "Ali", R), Booking(3, "K", "Çetin", Y)]
    assert [(p.player, p.points) for p in player_cards(cards)] == [
        ("Ali", 3),
        ("Çetin", 1),
        ("Veli", 1),
    ]


# --- properties -----------------------------------------------------------------------------

TEAMS = ("K", "S", "A", "D")
KINDS = st.sampled_from([Y, Y, Y, Y2, R, YR])


@st.composite
def tournaments(draw: st.DrawFn):
    size = draw(st.integers(2, 18))
    plan = []
    for number in range(1, size + 1):
        home, away = draw(st.permutations(TEAMS))[:2]
        state = draw(st.sampled_from(["played", "played", "open", "postponed"]))
        plan.append(PlanMatch(number, home, away, state == "played", state == "postponed"))
    real = [m for m in plan if m.played]
    cards = []
    if real:
        for _ in range(draw(st.integers(0, 14))):
            m = draw(st.sampled_from(real))
            team = draw(st.sampled_from([m.home, m.away]))
            cards.append(
                Booking(m.number, str(team), draw(st.sampled_from(["p1", "p2"])), draw(KINDS))
            )
    decisions = [
        Decision(draw(st.sampled_from(["p1", "p2"])), draw(st.sampled_from(TEAMS)), n, after)
        for n, after in draw(
            st.lists(st.tuples(st.integers(0, 3), st.none() | st.integers(1, size)), max_size=3)
        )
    ]
    limit = draw(st.none() | st.integers(1, 4))
    withdrawn = draw(st.lists(st.sampled_from(TEAMS), max_size=1))
    return plan, cards, decisions, limit, withdrawn


@settings(max_examples=400)
@given(tournaments())
def test_a_ban_is_served_exactly_once_in_plan_order(tournament):
    plan, cards, decisions, limit, withdrawn = tournament
    found = bans(plan, cards, yellow_limit=limit, decisions=decisions, withdrawn=withdrawn)
    position = {m.number: i for i, m in enumerate(plan)}
    by_number = {m.number: m for m in plan}
    for who in {(b.team, b.player) for b in found}:
        own = [b for b in found if (b.team, b.player) == who]
        covered = [no for b in own for no in b.covers]
        assert len(covered) == len(set(covered))  # no match serves two bans
        last = -1
        for ban in own:
            start = -1 if ban.after is None else position[ban.after]
            eligible = [
                m.number
                for m in plan
                if position[m.number] > max(start, last)
                and not m.postponed
                and who[0] in (m.home, m.away)
            ]
            prefix = eligible[: ban.matches]
            assert set(ban.covers) <= set(prefix)  # the next ones after its start
            assert list(ban.covers) == sorted(ban.covers, key=position.__getitem__)
            assert all(by_number[no].played for no in ban.served)
            assert all(not by_number[no].played for no in ban.ahead)
            assert set(ban.covers) == set(ban.served) | set(ban.ahead)
            if ban.state in (BanState.ACTIVE, BanState.SERVED):
                assert list(ban.covers) == prefix  # none skipped, as many as the plan has
            if ban.state is BanState.ACTIVE:
                assert len(ban.served) < ban.matches
                assert ban.misses == (ban.ahead[0] if ban.ahead else None)
            if ban.state is BanState.SERVED:
                assert len(ban.served) == ban.matches
            if ban.state in (BanState.LIFTED, BanState.LAPSED):
                assert ban.covers == ban.served and ban.misses is None
            if ban.state is BanState.LAPSED:
                assert who[0] in withdrawn
                last = position[prefix[-1]] if prefix else last
                continue
            if ban.covers:
                last = position[ban.covers[-1]]


@settings(max_examples=300)
@given(tournaments())
def test_accumulation_counts_restart_after_each_ban(tournament):
    plan, cards, _, limit, _ = tournament
    limit = limit or 2
    found = bans(plan, cards, yellow_limit=limit)
    position = {m.number: i for i, m in enumerate(plan)}
    for b in {(c.team, c.player) for c in cards}:
        own = sorted(
            (c for c in match_cards(cards) if (c.team, c.player) == b),
            key=lambda c: position[c.match_no],
        )
        running, expected = 0, []
        for card in own:
            running += cautions(card.kind)
            if running >= limit:
                expected.append(card.match_no)
                running = 0
        yellow_bans = [
            x.after for x in found if (x.team, x.player) == b and x.reason is BanReason.YELLOWS
        ]
        assert yellow_bans == expected
        total = sum(cautions(c.kind) for c in own)
        assert len(yellow_bans) == total // limit


@settings(max_examples=200)
@given(tournaments())
def test_every_sending_off_gives_one_ban_however_the_cards_were_entered(tournament):
    plan, cards, _, _, _ = tournament
    sent_off = [c for c in match_cards(cards) if c.sent_off]
    found = bans(plan, cards)
    assert sorted((b.after, b.team, b.player) for b in found) == sorted(
        (c.match_no, c.team, c.player) for c in sent_off
    )
