"""Round-robin fixtures: the article's circle method, FIDE Berger tables, double legs.

The circle method is written exactly as the reference article draws it (first team fixed,
the others turning one place clockwise), so its 5- and 6-team fixtures come out pair for
pair. Berger follows the FIDE Handbook C.05 Annex 1 formula, colour for colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import DomainError
from domain.model import Pairing, Round


class TooFewTeams(DomainError):
    """A round robin needs at least two teams."""

    def __init__(self, count: int) -> None:
        super().__init__(f"round robin needs at least 2 teams, got {count}")
        self.count = count


def _check(teams: Sequence[str]) -> None:
    if len(teams) < 2:
        raise TooFewTeams(len(teams))


def circle(teams: Sequence[str], *, balance: bool = False) -> list[Round]:
    """Single round robin by the circle method, as the article draws it.

    Top row: the fixed team then the next ones; bottom row: the rest, right to left. Each
    column is a pairing, top team first. An odd field gets a ghost team: its partner rests.

    `balance` orients the pairs for home/away leagues: the fixed team is at home in even
    rounds and board k has its top team at home when k is even. That is de Werra's
    canonical orientation: n-2 breaks for even n, the proven minimum (de Werra 1981), with
    every round's pairs kept. An odd field puts its ghost in the fixed place instead, so
    the rest is the fixed team's partner and ends each run where it would break: no breaks
    at all (a bye ends a run), for a double league n-2.
    """
    _check(teams)
    field: list[str | None] = list(teams)
    if len(field) % 2:
        field.insert(0 if balance else len(field), None)
    n = len(field)
    half = n // 2
    fixed, ring = field[0], field[1:]
    rounds: list[Round] = []
    for number in range(1, n):
        top = [fixed, *ring[: half - 1]]
        bottom = list(reversed(ring[half - 1 :]))
        columns = list(zip(top, bottom, strict=True))
        if balance:
            columns = [
                (t, b) if (number % 2 == 0 if board == 0 else board % 2 == 0) else (b, t)
                for board, (t, b) in enumerate(columns)
            ]
        rounds.append(_round(number, columns))
        ring = [ring[-1], *ring[:-1]]
    return rounds


def berger(teams: Sequence[str]) -> list[Round]:
    """FIDE Berger table: `teams` are start numbers 1..N; home is White.

    Round r, s = (r-1)·N/2: board 1 is N against 1+(s mod (N-1)), N Black in odd rounds;
    board k is 1+((k-1+s) mod (N-1)) (White) against 1+((N-k+s) mod (N-1)).
    Odd N plays the table of N+1, whose last number is the bye.
    """
    _check(teams)
    field: list[str | None] = list(teams)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    rounds: list[Round] = []
    for r in range(1, n):
        s = (r - 1) * n // 2
        other = 1 + s % (n - 1)
        boards = [(other, n) if r % 2 else (n, other)]
        for k in range(2, n // 2 + 1):
            boards.append((1 + (k - 1 + s) % (n - 1), 1 + (n - k + s) % (n - 1)))
        rounds.append(_round(r, ((field[w - 1], field[b - 1]) for w, b in boards)))
    return rounds


def double(first_leg: Sequence[Round], *, fide: bool = False) -> list[Round]:
    """Second leg repeats the first with home and away swapped (çift devreli).

    FIDE swaps the last two rounds of the first cycle before mirroring, so that nobody
    gets three games with the same colour across the turn.
    """
    leg = list(first_leg)
    if fide and len(leg) >= 2:
        leg[-2], leg[-1] = leg[-1], leg[-2]
    count = len(leg)
    renumbered = [Round(i + 1, r.pairings, r.bye) for i, r in enumerate(leg)]
    mirrored = [
        Round(count + i + 1, tuple(p.swapped() for p in r.pairings), r.bye)
        for i, r in enumerate(leg)
    ]
    return renumbered + mirrored


def fixtures(
    teams: Sequence[str],
    *,
    system: str = "circle",
    double_leg: bool = False,
    balance: bool = False,
) -> list[Round]:
    """The rounds of a league in the requested system."""
    first = berger(teams) if system == "berger" else circle(teams, balance=balance)
    return double(first, fide=system == "berger") if double_leg else first


def breaks(rounds: Sequence[Round]) -> dict[str, int]:
    """Per team, how often it plays two home or two away games in a row (a rest resets)."""
    last: dict[str, str] = {}
    counts: dict[str, int] = {}
    for rnd in rounds:
        playing: set[str] = set()
        for p in rnd.pairings:
            for team, side in ((p.home, "H"), (p.away, "A")):
                counts.setdefault(team, 0)
                if last.get(team) == side:
                    counts[team] += 1
                last[team] = side
                playing.add(team)
        if rnd.bye is not None:
            counts.setdefault(rnd.bye, 0)
            last.pop(rnd.bye, None)
    return counts


def _round(number: int, columns: object) -> Round:
    pairings: list[Pairing] = []
    bye: str | None = None
    for home, away in columns:  # type: ignore[attr-defined]
        if home is None or away is None:
            bye = away if home is None else home
        else:
            pairings.append(Pairing(home, away))
    return Round(number, tuple(pairings), bye)
