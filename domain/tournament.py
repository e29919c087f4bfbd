"""A tournament in play: its draw, its plan with the results so far, and what they decide.

`Play` holds plain values (groups, matches with their scores, the ranking rules, the
teams withdrawn with their results annulled); the functions here read it: a group's
table, whether a group is over, the knockout sides results allow, the champion, where a
team finished. Storage builds a `Play` (bot.usecases.snapshots); nothing here reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from domain import progress
from domain.model import BestOfPlace, Group, PlannedMatch, Result, Score, Stage
from domain.standings import DEFAULT_POINTS, TFF, Card, PointsRule, Table
from domain.tiebreak import TieBreak

PLAYOFF = "PO"  # the key's prefix of a play-off match (bot/usecases/weeks.plan_playoff)

# final_place of a team that played the final or the third-place match, best first
PODIUM = ("1", "2", "3", "4")


def is_playoff(match: PlannedMatch) -> bool:
    """A play-off between teams level after every criterion: no table counts it."""
    return (match.key or "").startswith(PLAYOFF)


def _in_group_stage(match: PlannedMatch) -> bool:
    """A match a group's table counts: neither knockout nor play-off."""
    return not match.stage.is_knockout and not is_playoff(match)


@dataclass(frozen=True)
class Fixture:
    """A planned match and its score once played."""

    match: PlannedMatch
    result: Score | None = None


@dataclass(frozen=True)
class Play:
    """A running tournament as its rules see it.

    `matches` in plan order (a team's last knockout match is its latest in this order);
    `lots` as the organiser drew them; `annulled` the teams that withdrew with their
    results annulled (out of every table, FMT Madde 24).
    """

    groups: tuple[Group, ...]
    matches: tuple[Fixture, ...]
    tiebreak: TieBreak = TFF
    points: PointsRule = DEFAULT_POINTS
    cards: tuple[Card, ...] = ()
    lots: tuple[tuple[str, ...], ...] = ()
    annulled: frozenset[str] = frozenset()

    @property
    def teams(self) -> tuple[str, ...]:
        return tuple(t for g in self.groups for t in g.teams)

    @cached_property
    def rules(self) -> progress.Rules:
        # A play-off's result settles its tie the way a lot does: winner first.
        return progress.Rules(
            tiebreak=self.tiebreak,
            points=self.points,
            cards=self.cards,
            lots=self.lots + playoff_order(self),
        )

    @property
    def table_groups(self) -> tuple[Group, ...]:
        """The groups as their tables show them (annulled withdrawals left out)."""
        out = self.annulled
        if not out:
            return self.groups
        return tuple(Group(g.label, tuple(t for t in g.teams if t not in out)) for g in self.groups)


def playoff_order(play: Play) -> tuple[tuple[str, str], ...]:
    """(winner, loser) of every play-off played (a TFF tie after every criterion)."""
    won = []
    for m in play.matches:
        if is_playoff(m.match) and m.result is not None and m.match.home and m.match.away:
            side = m.result.winner_side()
            if side is not None:
                home, away = m.match.home, m.match.away
                won.append((home, away) if side == "home" else (away, home))
    return tuple(won)


def group_results(play: Play) -> list[Result]:
    """The results the group tables count (no knockout, no play-off, no annulled team)."""
    out = play.annulled
    return [
        Result(m.match.home, m.match.away, m.result)  # type: ignore[arg-type]
        for m in play.matches
        if m.result is not None
        and _in_group_stage(m.match)
        and not ({m.match.home, m.match.away} & out)
    ]


def group_of(play: Play, team: str) -> Group | None:
    return next((g for g in play.groups if team in g.teams), None)


def tables(play: Play) -> dict[str, Table]:
    return progress.group_tables(play.table_groups, group_results(play), play.rules)


def table(play: Play, label: str) -> Table:
    """One group's table, without computing the others."""
    group = next(g for g in play.table_groups if g.label == label)
    return progress.group_tables((group,), group_results(play), play.rules)[label]


def group_finished(play: Play, label: str) -> bool:
    """Every group match planned for the group (home team in it) has a result."""
    members = set(next(g.teams for g in play.groups if g.label == label))
    mine = [m for m in play.matches if _in_group_stage(m.match) and m.match.home in members]
    return bool(mine) and all(m.result is not None for m in mine)


def planned_per_group(play: Play) -> dict[str, int]:
    """How many group matches each group's plan holds (counted by the home team)."""
    return {
        g.label: sum(
            1 for m in play.matches if _in_group_stage(m.match) and m.match.home in g.teams
        )
        for g in play.groups
    }


def played_in(group: Group, results: list[Result]) -> int:
    """How many of `results` are between two teams of `group`."""
    members = set(group.teams)
    return sum(1 for r in results if r.home in members and r.away in members)


def knockout_sides(play: Play) -> dict[str, tuple[str | None, str | None]]:
    """Every knockout tie's teams as results allow (group places, winners, losers)."""
    ties = progress.ties_from_plan(tuple(m.match for m in play.matches))
    if not ties:
        return {}
    per_group = planned_per_group(play)
    best = [s for t in ties for s in (t.home, t.away) if isinstance(s, BestOfPlace)]
    results = group_results(play)
    # Places come from finished groups only (a group counts as finished as in
    # progress.places: as many results between its teams as it has matches), and the
    # best n-th placed only once every group is: the tables of open groups, the most
    # work here, are left out while they cannot decide anything (missing = None).
    finished = [g for g in play.groups if played_in(g, results) == per_group[g.label]]
    if len(finished) < len(play.groups):
        best = []
    known = progress.places(finished, results, per_group, play.rules, best)
    played = {
        m.match.key: (m.match.home, m.match.away, m.result)
        for m in play.matches
        if m.match.key and m.result is not None and m.match.home and m.match.away
    }
    return progress.sides(ties, known, played)  # type: ignore[arg-type]


def champion(play: Play) -> str | None:
    """The final's winner, once it is played."""
    final = next((m for m in play.matches if m.match.stage is Stage.FINAL), None)
    if final is None or final.result is None:
        return None
    side = final.result.winner_side()
    return final.match.home if side == "home" else final.match.away


def final_place(play: Play, team: str) -> str | None:
    """Where `team` finished: "1"-"4" from the final or the third-place match, the stage
    it went out in ("semi", "quarter", ...), or "group:3" from its group's table; None
    while it is still in the knockout, or for a team in no group."""
    for stored in reversed(play.matches):
        m, score = stored.match, stored.result
        if score is None or not m.involves(team) or not m.stage.is_knockout:
            continue
        won = (score.winner_side() == "home") == (m.home == team)
        if m.stage is Stage.FINAL:
            return "1" if won else "2"
        if m.stage is Stage.THIRD:
            return "3" if won else "4"
        if not won:
            return m.stage.value
        return None
    group = group_of(play, team)
    if group is None:
        return None
    return f"group:{table(play, group.label).row(team).rank}"


def ranking(play: Play) -> list[str]:
    """The teams placed first to fourth by the final and the third-place match, in order."""
    placed = [(PODIUM.index(p) + 1, t) for t in play.teams if (p := final_place(play, t)) in PODIUM]
    return [t for _, t in sorted(placed)]
