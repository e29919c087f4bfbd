"""Standings ("puan durumu"): the TFF columns O G B M A Y AV P and a place for every team.

Points and the tie-break order are values the tournament chose (`PointsRule`,
`domain.tiebreak.TieBreak`), so the same results can be ranked the TFF, UEFA, FIFA or the
article's way. A tie that no criterion separates is never settled silently: it stays in
`Table.unresolved` until the organiser records a drawn lot, and the knockout slots it
decides stay open (`Table.team_at` gives None).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from domain.errors import DomainError
from domain.model import Result
from domain.tiebreak import UEFA_DISCIPLINE, CardKind, Criterion, DisciplineRule, TieBreak, preset


class StandingsError(DomainError, ValueError):
    """Results, cards or lots that do not fit the teams of the table."""


@dataclass(frozen=True)
class PointsRule:
    """Points per match outcome; 3/1/0 today, 2/1/0 for an old-style or youth event.

    `forfeit_deduction`: a team that loses hükmen also loses as many points as a win gives
    (TFF Futbol Müsabaka Talimatı Madde 24(1)a, for a team that did not turn up).
    """

    win: int = 3
    draw: int = 1
    loss: int = 0
    forfeit_deduction: bool = False


DEFAULT_POINTS = PointsRule()
TFF = preset("tff")


@dataclass(frozen=True)
class Card:
    """One card event against a team; `kind` is a `CardKind` value ("yellow", "red", ...)."""

    team: str
    kind: str

    def __post_init__(self) -> None:
        if self.kind not in {k.value for k in CardKind}:
            valid = ", ".join(k.value for k in CardKind)
            raise StandingsError(f"unknown card kind {self.kind!r}; valid: {valid}")


def disciplinary_points(
    teams: Sequence[str], cards: Sequence[Card], rule: DisciplineRule = UEFA_DISCIPLINE
) -> dict[str, int]:
    """Penalty points per team (0 for a clean team); fewer is better under fair play."""
    totals = dict.fromkeys(teams, 0)
    for card in cards:
        if card.team not in totals:
            raise StandingsError(f"card for {card.team!r}, who is not in this table")
        totals[card.team] += rule.points_for(card.kind)
    return totals


@dataclass(frozen=True)
class Row:
    """One line of the table.

    `tie` names the teams this one is still level with after every criterion (empty when
    its place is settled); `decided_by_lot` says a recorded lot settled it, so the table
    can show why.
    """

    team: str
    played: int
    won: int
    drawn: int
    lost: int
    goals_for: int
    goals_against: int
    points: int
    disciplinary: int
    rank: int
    tie: tuple[str, ...] = ()
    decided_by_lot: bool = False
    forfeit_losses: int = 0  # matches lost hükmen: the table marks them (H)
    deducted: int = 0  # points taken off for those forfeits (already out of `points`)

    @property
    def goal_difference(self) -> int:
        """AV (averaj)."""
        return self.goals_for - self.goals_against


@dataclass(frozen=True)
class Table:
    """Rows in final order (ranks 1..n) and the ties nothing has separated yet.

    `decider` is how those ties end under the tie-break rule: "lot" (kura) or "playoff"
    (TFF: a play-off match between the level teams, never a lot).
    """

    rows: tuple[Row, ...]
    unresolved: tuple[tuple[str, ...], ...]
    decider: str = "lot"

    @property
    def teams(self) -> tuple[str, ...]:
        """Team names from first to last."""
        return tuple(r.team for r in self.rows)

    def row(self, team: str) -> Row:
        """The row of `team`; `KeyError` if it is not in the table."""
        for r in self.rows:
            if r.team == team:
                return r
        raise KeyError(team)

    def team_at(self, place: int) -> str | None:
        """The team at 1-based `place`, or None while that place is inside an unresolved tie.

        None keeps a knockout slot such as "2A" open instead of filling it by table order.
        """
        if not 1 <= place <= len(self.rows):
            raise IndexError(f"place {place} outside 1..{len(self.rows)}")
        r = self.rows[place - 1]
        return None if r.tie else r.team


@dataclass(frozen=True)
class _Line:
    """Raw tallies of one team over some set of matches."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0
    forfeit_losses: int = 0

    def deduction(self, rule: PointsRule) -> int:
        return self.forfeit_losses * rule.win if rule.forfeit_deduction else 0

    def points(self, rule: PointsRule, *, deduct: bool = True) -> int:
        earned = self.won * rule.win + self.drawn * rule.draw + self.lost * rule.loss
        return earned - (self.deduction(rule) if deduct else 0)

    def plus(self, scored: int, conceded: int, *, forfeited: bool = False) -> _Line:
        return _Line(
            played=self.played + 1,
            won=self.won + (scored > conceded),
            drawn=self.drawn + (scored == conceded),
            lost=self.lost + (scored < conceded),
            goals_for=self.goals_for + scored,
            goals_against=self.goals_against + conceded,
            forfeit_losses=self.forfeit_losses + forfeited,
        )


def _tally(teams: Sequence[str], results: Sequence[Result]) -> dict[str, _Line]:
    """Lines of `teams` over the matches played among them only (penalties never count)."""
    lines = dict.fromkeys(teams, _Line())
    for r in results:
        if r.home in lines and r.away in lines:
            side = r.score.forfeit
            lines[r.home] = lines[r.home].plus(
                r.score.home_goals, r.score.away_goals, forfeited=side == "home"
            )
            lines[r.away] = lines[r.away].plus(
                r.score.away_goals, r.score.home_goals, forfeited=side == "away"
            )
    return lines


@dataclass(frozen=True)
class _Context:
    """Everything the ranking needs besides the block being split."""

    results: tuple[Result, ...]
    overall: Mapping[str, _Line]
    disciplinary: Mapping[str, int]
    points: PointsRule
    reapply_h2h: bool
    position: Mapping[str, int]  # given order: keeps a tie's listing deterministic


def _value(criterion: Criterion, team: str, line: _Line, ctx: _Context) -> int:
    """The criterion as a number where higher is better; `line` is overall or mini-table."""
    sign = -1 if criterion.lower_is_better else 1
    return sign * _raw(criterion, team, line, ctx)


def _raw(criterion: Criterion, team: str, line: _Line, ctx: _Context) -> int:
    """The criterion as shown in the table (disciplinary points as penalties)."""
    match criterion:
        case Criterion.POINTS:
            return line.points(ctx.points)
        case Criterion.H2H_POINTS:  # a deduction is off the table, not off the match
            return line.points(ctx.points, deduct=False)
        case Criterion.GOAL_DIFFERENCE | Criterion.H2H_GOAL_DIFFERENCE:
            return line.goals_for - line.goals_against
        case Criterion.GOALS_FOR | Criterion.H2H_GOALS_FOR:
            return line.goals_for
        case Criterion.WINS:
            return line.won
        case Criterion.DISCIPLINARY:
            return ctx.disciplinary[team]
        case Criterion.FORFEIT_LOSSES:
            return ctx.overall[team].forfeit_losses
    raise AssertionError(criterion)  # pragma: no cover - every Criterion is handled


def _group_by(
    block: tuple[str, ...], key: Callable[[str], tuple[int, ...]], ctx: _Context
) -> list[tuple[str, ...]]:
    """Split `block` into runs of equal key, best first; each run in the given team order."""
    ordered = sorted(block, key=lambda t: (tuple(-v for v in key(t)), ctx.position[t]))
    groups: list[tuple[str, ...]] = []
    for team in ordered:
        if groups and key(groups[-1][0]) == key(team):
            groups[-1] = (*groups[-1], team)
        else:
            groups.append((team,))
    return groups


def _order(
    block: tuple[str, ...], criteria: tuple[Criterion, ...], ctx: _Context
) -> list[tuple[str, ...]]:
    """Rank a block of teams by `criteria`; returns groups best first, level teams together.

    A criterion splits the block, and each part goes on with the remaining criteria. A
    run of consecutive H2H criteria is judged on one mini-table of the matches inside the
    block; with `reapply_h2h` a smaller part still level gets the run again on its own
    matches (UEFA d), otherwise it moves on to the criteria after the run (TFF).
    """
    if len(block) < 2 or not criteria:
        return [block]
    if not criteria[0].is_h2h:
        head, rest = criteria[0], criteria[1:]
        overall = ctx.overall
        parts = _group_by(block, lambda t: (_value(head, t, overall[t], ctx),), ctx)
        return [g for part in parts for g in _order(part, rest, ctx)]

    run_length = next((i for i, c in enumerate(criteria) if not c.is_h2h), len(criteria))
    run, rest = criteria[:run_length], criteria[run_length:]
    mini = _tally(block, ctx.results)
    parts = _group_by(block, lambda t: tuple(_value(c, t, mini[t], ctx) for c in run), ctx)
    groups: list[tuple[str, ...]] = []
    for part in parts:
        again = ctx.reapply_h2h and 1 < len(part) < len(block)
        groups.extend(_order(part, criteria if again else rest, ctx))
    return groups


def settle(group: Sequence[str], lots: Sequence[Sequence[str]]) -> tuple[str, ...] | None:
    """The group ordered by the latest lot that covers all of it, or None if none does.

    A lot drawn among more teams (say three, before a corrected result settled one of
    them) still orders the rest fairly; a lot among only part of a tie cannot place the
    others, so it is not used and the tie stays open.
    """
    for lot in reversed(lots):
        if set(group) <= set(lot):
            return tuple(sorted(group, key=list(lot).index))
    return None


def _validate(
    teams: Sequence[str], results: Sequence[Result], lots: Sequence[Sequence[str]]
) -> None:
    known = set(teams)
    if len(known) != len(teams):
        raise StandingsError("a team appears twice in the table")
    for r in results:
        for side in (r.home, r.away):
            if side not in known:
                raise StandingsError(f"result {r.home}-{r.away}: {side!r} is not in this table")
        if r.home == r.away:
            raise StandingsError(f"result {r.home}-{r.away}: a team cannot play itself")
        if r.score.home_goals < 0 or r.score.away_goals < 0:
            raise StandingsError(f"result {r.home}-{r.away}: goals cannot be negative")
        if r.score.forfeit not in (None, "home", "away"):
            raise StandingsError(f"result {r.home}-{r.away}: forfeit side {r.score.forfeit!r}")
    for lot in lots:
        if len(set(lot)) != len(lot):
            raise StandingsError("a team appears twice in one lot")
        for team in lot:
            if team not in known:
                raise StandingsError(f"lot names {team!r}, who is not in this table")


def standings(
    teams: Sequence[str],
    results: Sequence[Result],
    *,
    points: PointsRule = DEFAULT_POINTS,
    tiebreak: TieBreak = TFF,
    cards: Sequence[Card] = (),
    lots: Sequence[Sequence[str]] = (),
) -> Table:
    """The table of `teams` after `results`, ranked by `tiebreak`.

    Only goals count: knockout penalties never matter here. Teams still level after every
    criterion are listed in the given `teams` order, marked in `Row.tie` and
    `Table.unresolved` — including before any match, when everyone is level on nothing,
    because no place is decided yet. `lots` are the organiser's recorded draws (first =
    higher); one settles a tie it fully covers, the latest recorded winning.
    Raises `StandingsError` (a `ValueError`) for results, cards or lots naming a team
    outside `teams`.
    """
    _validate(teams, results, lots)
    ctx = _Context(
        results=tuple(results),
        overall=_tally(teams, results),
        disciplinary=disciplinary_points(teams, cards, tiebreak.discipline),
        points=points,
        reapply_h2h=tiebreak.reapply_h2h,
        position={t: i for i, t in enumerate(teams)},
    )
    rows: list[Row] = []
    unresolved: list[tuple[str, ...]] = []
    for group in _order(tuple(teams), tiebreak.criteria, ctx):
        settled = settle(group, lots) if len(group) > 1 else group
        if settled is None:
            unresolved.append(group)
        for team in settled or group:
            line = ctx.overall[team]
            rows.append(
                Row(
                    team=team,
                    played=line.played,
                    won=line.won,
                    drawn=line.drawn,
                    lost=line.lost,
                    goals_for=line.goals_for,
                    goals_against=line.goals_against,
                    points=line.points(points),
                    disciplinary=ctx.disciplinary[team],
                    rank=len(rows) + 1,
                    tie=() if settled else tuple(t for t in group if t != team),
                    decided_by_lot=settled is not None and len(group) > 1,
                    forfeit_losses=line.forfeit_losses,
                    deducted=line.deduction(points),
                )
            )
    return Table(rows=tuple(rows), unresolved=tuple(unresolved), decider=tiebreak.decider)
