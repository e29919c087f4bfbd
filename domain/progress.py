"""Knockout sides as results arrive: group places first, then winners and losers.

A group's places are known only when all its matches are played, and a place inside a tie
that no criterion breaks stays open until the organiser records a lot: the bot must never
decide a semi-final pairing silently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from domain.model import (
    BestOfPlace,
    Entrant,
    Group,
    GroupPlace,
    Loser,
    PlannedMatch,
    Result,
    Score,
    Source,
    Tie,
    Winner,
)
from domain.standings import DEFAULT_POINTS, TFF, Card, PointsRule, Row, Table, settle, standings
from domain.tiebreak import TieBreak
from domain.tiesides import progress


@dataclass(frozen=True)
class Rules:
    """The tournament's ranking rules, passed in rather than read from anywhere."""

    tiebreak: TieBreak = TFF
    points: PointsRule = DEFAULT_POINTS
    cards: tuple[Card, ...] = ()
    lots: tuple[tuple[str, ...], ...] = ()


def group_tables(
    groups: Sequence[Group], results: Sequence[Result], rules: Rules
) -> dict[str, Table]:
    """Each group's table from the results between its teams."""
    tables = {}
    for group in groups:
        members = set(group.teams)
        mine = [r for r in results if r.home in members and r.away in members]
        tables[group.label] = standings(
            group.teams,
            mine,
            points=rules.points,
            tiebreak=rules.tiebreak,
            cards=[c for c in rules.cards if c.team in members],
            # A table refuses a lot naming teams outside it: group B's table must not see
            # group A's lot, nor one drawn among best third-placed teams.
            lots=[lot for lot in rules.lots if members.issuperset(lot)],
        )
    return tables


def places(
    groups: Sequence[Group],
    results: Sequence[Result],
    matches_per_group: Mapping[str, int],
    rules: Rules,
    best_of: Sequence[BestOfPlace] = (),
) -> dict[GroupPlace | BestOfPlace, str | None]:
    """Final places of finished groups, and the best n-th placed across groups."""
    tables = group_tables(groups, results, rules)
    finished = {
        g.label: sum(r.played for r in tables[g.label].rows) // 2 == matches_per_group[g.label]
        for g in groups
    }
    known: dict[GroupPlace | BestOfPlace, str | None] = {}
    for g in groups:
        for place in range(1, len(g.teams) + 1):
            known[GroupPlace(g.label, place)] = (
                tables[g.label].team_at(place) if finished[g.label] else None
            )
    for wanted in best_of:
        known[wanted] = None
    if best_of and all(finished.values()):
        for place in {b.place for b in best_of}:
            ranked = _best_of_place(groups, tables, results, place, rules)
            for b in best_of:
                if b.place == place and b.rank <= len(ranked):
                    known[b] = ranked[b.rank - 1]
    return known


def _best_of_place(
    groups: Sequence[Group],
    tables: Mapping[str, Table],
    results: Sequence[Result],
    place: int,
    rules: Rules,
) -> list[str | None]:
    """Teams finishing `place`, best first; a level pair that no lot settled gives None.

    When groups differ in size, results against teams below the smallest group's size are
    left out so that every team is compared over the same number of matches.
    """
    smallest = min(len(g.teams) for g in groups)
    rows: list[Row] = []
    for g in groups:
        team = tables[g.label].team_at(place)
        if team is None:
            continue
        counted = {tables[g.label].team_at(p) for p in range(1, smallest + 1)}
        mine = [
            r
            for r in results
            if team in (r.home, r.away) and r.home in counted and r.away in counted
        ]
        rows.append(standings(g.teams, mine, points=rules.points).row(team))

    def strength(row: Row) -> tuple[int, int, int]:
        return (row.points, row.goal_difference, row.goals_for)

    rows.sort(key=lambda r: (tuple(-v for v in strength(r)), r.team))
    ranked: list[str | None] = []
    i = 0
    while i < len(rows):
        block = [r.team for r in rows if strength(r) == strength(rows[i])]
        settled = settle(block, rules.lots) if len(block) > 1 else block
        ranked.extend(settled if settled else [None] * len(block))
        i += len(block)
    return ranked


def source_of(code: str | None, team: str | None, keys: Mapping[int, str]) -> Source:
    """Read a plan's side code back: "1A", "3.1", "W13", "L13"; a known team stays itself."""
    if code is None:
        return Entrant(team or "")
    if code[0] in "WL" and code[1:].isascii() and code[1:].isdigit():
        key = keys[int(code[1:])]
        return Winner(key) if code[0] == "W" else Loser(key)
    if "." in code:
        place, rank = code.split(".", 1)
        return BestOfPlace(int(place), int(rank))
    return GroupPlace(code.lstrip("0123456789"), int(code.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")))


def ties_from_plan(matches: Sequence[PlannedMatch]) -> tuple[Tie, ...]:
    """The knockout ties a stored plan carries, rebuilt from its keys and side codes."""
    keys = {m.no: m.key for m in matches if m.key}
    return tuple(
        Tie(
            m.key,
            m.stage,
            source_of(m.home_from, m.home, keys),
            source_of(m.away_from, m.away, keys),
        )
        for m in matches
        if m.stage.is_knockout and m.key
    )


def sides(
    ties: Sequence[Tie],
    known: Mapping[GroupPlace | BestOfPlace, str | None],
    knockout_scores: Mapping[str, tuple[str, str, Score]],
) -> dict[str, tuple[str | None, str | None]]:
    """Every knockout tie's teams as far as results allow."""
    return progress(ties, places=known, scores=knockout_scores)
