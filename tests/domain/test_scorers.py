"""The scorers' table: ties share a rank, own goals apart, Turkish order, fast."""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.collation import tr_sort_key
from domain.scorers import Goal, ScorerRow, scorers, top_scorers


def test_ties_share_a_rank_and_the_next_rank_skips():
    goals = [
        Goal(1, "Kartallar", "Ali", 3),
        Goal(2, "Şahinler", "Mehmet", 3),
        Goal(3, "Kartallar", "Veli", 2),
        Goal(4, "Doğanlar", "Can", 1),
    ]
    table = scorers(goals)
    assert [(r.rank, r.player, r.goals) for r in table.rows] == [
        (1, "Ali", 3),
        (1, "Mehmet", 3),
        (3, "Veli", 2),
        (4, "Can", 1),
    ]


def test_goals_of_one_player_add_up_over_matches_and_rows():
    goals = [Goal(1, "K", "Ali"), Goal(1, "K", "Ali"), Goal(5, "K", "Ali", 2)]
    assert scorers(goals).rows == (ScorerRow(1, "Ali", "K", 4),)


def test_own_goals_are_apart_and_never_the_players():
    goals = [Goal(1, "K", "Ali", 1), Goal(1, "S", "Mehmet", 1, own_goal=True)]
    table = scorers(goals)
    assert [r.player for r in table.rows] == ["Ali"]
    assert [(o.player, o.team, o.goals) for o in table.own_goals] == [("Mehmet", "S", 1)]
    assert table.goals == 1


def test_two_players_of_one_name_in_two_teams_are_two_rows():
    table = scorers([Goal(1, "K", "Ali", 2), Goal(2, "S", "Ali", 1)])
    assert [(r.player, r.team, r.goals) for r in table.rows] == [("Ali", "K", 2), ("Ali", "S", 1)]


def test_top_scorers_are_everyone_tied_first():
    goals = [Goal(1, "K", "Ali", 2), Goal(2, "S", "Mehmet", 2), Goal(3, "K", "Veli", 1)]
    assert [r.player for r in top_scorers(goals)] == ["Ali", "Mehmet"]
    assert top_scorers([]) == ()
    assert top_scorers([Goal(1, "S", "Mehmet", 1, own_goal=True)]) == ()


def test_level_players_are_in_turkish_alphabetical_order():
    names = ["Zeki", "Çetin", "Cem", "İsmail", "Işık", "Ilgaz", "Şule", "Sude", "Ümit", "Ufuk"]
    table = scorers([Goal(1, "K", name) for name in names])
    assert [r.player for r in table.rows] == [
        "Cem",
        "Çetin",
        "Ilgaz",
        "Işık",
        "İsmail",
        "Sude",
        "Şule",
        "Ufuk",
        "Ümit",
        "Zeki",
    ]
    assert sorted(["ismail", "Işık", "İsmail"], key=tr_sort_key)[0] == "Işık"


def test_sixty_four_teams_of_fifteen_with_thousands_of_goals_take_under_fifty_ms():
    rng = random.Random(22)
    teams = [f"Takım {i}" for i in range(64)]
    goals = []
    for match in range(1, 2017):
        for _ in range(3):
            team = rng.choice(teams)
            goals.append(
                Goal(match, team, f"Oyuncu {rng.randrange(15)} {team}", 1, rng.random() < 0.03)
            )
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        table = scorers(goals)
        best = min(best, time.perf_counter() - start)
    assert len(table.rows) > 900
    assert best < 0.050, f"{best * 1000:.1f} ms"


@settings(max_examples=200)
@given(
    st.lists(
        st.builds(
            Goal,
            st.integers(1, 30),
            st.sampled_from(["K", "S", "D"]),
            st.sampled_from(["Ali", "Veli", "Can", "Işık", "İsmail"]),
            st.integers(1, 4),
            st.booleans(),
        ),
        max_size=40,
    )
)
def test_a_rank_is_one_more_than_the_players_with_more_goals(goals):
    table = scorers(goals)
    assert table.goals == sum(g.count for g in goals if not g.own_goal)
    assert sum(o.goals for o in table.own_goals) == sum(g.count for g in goals if g.own_goal)
    for row in table.rows:
        assert row.rank == 1 + sum(1 for other in table.rows if other.goals > row.goals)
    assert [r.goals for r in table.rows] == sorted((r.goals for r in table.rows), reverse=True)
