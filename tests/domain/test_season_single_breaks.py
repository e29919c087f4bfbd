"""A single-leg season league at the fewest home/away breaks: n - 2 for even n (de Werra
1981: no single round robin of an even field does better, the circle method reaches it),
none for odd n (a bye ends a run). A break is a team at home, or away, two match weeks
running; the count is over the whole league, as the team sees it week by week."""

from __future__ import annotations

from collections import Counter
from datetime import date, time
from itertools import pairwise
from zoneinfo import ZoneInfo

from hypothesis import given, settings, strategies

from domain.matchdays import Calendar
from domain.season import PitchHours, SeasonPlan, SeasonRules, season

IST = ZoneInfo("Europe/Istanbul")
SUNDAY = date(2027, 1, 10)

team_names = strategies.lists(
    strategies.text("abcçdefgğhıijklmnoöprsştuüvyz ", min_size=1, max_size=12).map(str.strip),
    min_size=4,
    max_size=20,
    unique=True,
).filter(lambda names: all(names) and len(names) >= 4)


def rules(teams: int, every: int) -> SeasonRules:
    """One Sunday window wide enough for a round on as many pitches as it needs."""
    pitches = max(1, teams // 2 // 4)
    return SeasonRules(
        calendar=Calendar.every(SUNDAY, every),
        pitches=tuple(PitchHours(f"Saha {i}", time(10), time(22)) for i in range(1, pitches + 1)),
        zone=IST,
        match_minutes=30,
        changeover=5,
    )


def seen_breaks(plan: SeasonPlan) -> Counter[str]:
    """Per team, home-home or away-away in consecutive match weeks of the planned matches
    (a week off, the bye, ends the run)."""
    sides: dict[str, dict[int, bool]] = {t: {} for t in plan.teams}
    for m in plan.matches:
        sides[m.home][m.week] = True
        sides[m.away][m.week] = False
    out: Counter[str] = Counter()
    for team, by_week in sides.items():
        for (w1, s1), (w2, s2) in pairwise(sorted(by_week.items())):
            out[team] += w2 == w1 + 1 and s1 == s2
    return out


@settings(max_examples=60, deadline=None)
@given(team_names, strategies.sampled_from([7, 14]))
def test_a_single_leg_season_has_the_fewest_breaks_n_minus_2_for_even_n_none_for_odd(teams, every):
    plan = season(teams, rules(len(teams), every))
    n = len(teams)
    seen = seen_breaks(plan)
    assert sum(seen.values()) == sum(plan.breaks().values())
    if n % 2:
        assert sum(seen.values()) == 0
    else:
        assert sum(seen.values()) == n - 2
        # spread as de Werra's canonical schedule spreads them: once each, two teams never
        assert max(seen.values()) == 1
        assert sum(1 for t in teams if seen[t] == 0) == 2
    pairs = Counter(frozenset((m.home, m.away)) for m in plan.matches)
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {1}


def test_every_even_field_from_4_to_20_teams_is_at_n_minus_2_breaks():
    for n in range(4, 21, 2):
        plan = season([f"T{i}" for i in range(n)], rules(n, 7))
        assert sum(seen_breaks(plan).values()) == n - 2, n


def test_eight_teams_have_6_breaks_where_the_unoriented_circle_had_36():
    names = [f"T{i}" for i in range(8)]
    assert sum(season(names, rules(8, 14)).breaks().values()) == 6
    assert sum(season(names, rules(8, 14), balance=False).breaks().values()) == 36


@settings(max_examples=20, deadline=None)
@given(team_names.filter(lambda names: len(names) % 2 == 0))
def test_a_double_season_stays_at_3n_minus_6(teams):
    plan = season(teams, rules(len(teams), 7), double=True)
    assert sum(seen_breaks(plan).values()) == 3 * len(teams) - 6
