"""A double league's home/away breaks: 3n - 6 is the fewest any mirrored double round
robin allows, checked by trying every one of them for 4 and 6 teams."""

from __future__ import annotations

from itertools import combinations, pairwise, permutations

import pytest

from domain.roundrobin import breaks
from domain.season import league_rounds

np = pytest.importorskip("numpy")


def perfect_matchings(teams: tuple[int, ...]) -> list[frozenset[tuple[int, int]]]:
    if not teams:
        return [frozenset()]
    first, rest = teams[0], teams[1:]
    out = []
    for i, partner in enumerate(rest):
        for m in perfect_matchings(rest[:i] + rest[i + 1 :]):
            out.append(m | {(first, partner)})
    return out


def factorizations(n: int) -> list[list[frozenset[tuple[int, int]]]]:
    """Every way to split K_n's edges into n - 1 perfect matchings (the rounds)."""
    matchings = perfect_matchings(tuple(range(n)))
    edges = set(combinations(range(n), 2))
    found: list[list[frozenset[tuple[int, int]]]] = []

    def extend(chosen: list[frozenset[tuple[int, int]]], used: set[tuple[int, int]]) -> None:
        if len(chosen) == n - 1:
            found.append(list(chosen))
            return
        first_free = min(edges - used)
        for m in matchings:
            if first_free in m and not m & used:
                extend([*chosen, m], used | m)

    extend([], set())
    return found


def fewest_mirrored_breaks(n: int) -> int:
    """Exhaustive: every factorization, every order of its rounds, every orientation."""
    edges = list(combinations(range(n), 2))
    index = {e: i for i, e in enumerate(edges)}
    count = len(edges)
    # All orientations with edge 0 fixed (flipping every match changes no break).
    codes = np.arange(2 ** (count - 1), dtype=np.int64)
    bits = ((codes[:, None] >> np.arange(count - 1)) & 1).astype(np.int8)
    home_first = np.concatenate([np.zeros((len(codes), 1), dtype=np.int8), bits], axis=1)
    best = 10**9
    for rounds in factorizations(n):
        for order in permutations(range(n - 1)):
            if order[0] > order[-1]:
                continue  # played backwards it is the same season, break for break
            order = [rounds[i] for i in order]
            total = np.zeros(len(codes), dtype=np.int64)
            for team in range(n):
                sides = []
                for rnd in order:
                    (edge,) = [e for e in rnd if team in e]
                    side = home_first[:, index[edge]]
                    sides.append(side if edge[0] == team else 1 - side)
                sequence = sides + [1 - s for s in sides]  # the mirrored second half
                for a, b in pairwise(sequence):
                    total += a == b
            best = min(best, int(total.min()))
    return best


@pytest.mark.parametrize("n", [4, 6])
def test_three_n_minus_six_is_the_fewest_breaks_of_any_mirrored_double_round_robin(n):
    assert fewest_mirrored_breaks(n) == 3 * n - 6
    names = [f"T{i}" for i in range(n)]
    assert sum(breaks(league_rounds(names, double=True)).values()) == 3 * n - 6


def test_an_eight_team_double_league_has_18_breaks_where_the_plain_circle_has_74():
    names = [f"T{i}" for i in range(8)]
    assert sum(breaks(league_rounds(names, double=True)).values()) == 18
    assert sum(breaks(league_rounds(names, double=True, balance=False)).values()) == 74


def test_the_chats_cift_devreli_is_balanced_in_a_one_day_plan_too():
    from domain.formats import Options, league

    names = [f"T{i}" for i in range(8)]
    draft = league(names, Options(double=True))
    assert sum(breaks(draft.rounds["A"]).values()) == 18
