"""A question naming two teams, "Kartallar Şahinler maçı ne zaman", "kartallar-şahinler
maçı kaçta": their match, not either team's next one (the two names read as one team
name none has, and the question met silence); and "6. maç ne zaman", a match by its
number (the fixture's, /fikstur metin)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.usecases import snapshots
from domain.counts import ascii_digits
from domain.errors import DomainError
from domain.mentions import mentioned
from domain.model import PlannedMatch, Score
from domain.names import fold_plain
from storage.records import StoredMatch


@dataclass(frozen=True)
class PairAnswer:
    """The match of `teams` still to play (else the last played, with `score`); `match`
    None: they have no match together; `undated`: it waits for a date."""

    teams: tuple[str, str]
    match: PlannedMatch | None
    score: Score | None = None
    undated: bool = False
    no: int | None = None  # asked by its number ("6. maç ne zaman")
    nth: int | None = None  # asked as the n-th of `teams[0]`'s ("2. maçımız kaçta")


def numbered(snap: snapshots.Snapshot, no: int) -> PairAnswer:
    """Match `no`: to play, waiting for a date, or played; `match` None: no such number."""
    stored = [m for m in snap.matches if m.match.no == no]
    if stored:
        m = stored[0]
        return PairAnswer((m.match.home or "", m.match.away or ""), m.match, m.result, no=no)
    undated = [m for m in snap.waiting() if m.no == no]
    match = undated[0] if undated else None
    return PairAnswer(
        (match.home or "", match.away or "") if match else ("", ""), match, None, bool(undated), no
    )


def two_named(snap: snapshots.Snapshot, hint: str) -> tuple[str, str] | None:
    """The two teams of the tournament `hint` names ("Kartallar Şahinler",
    "kartallar-şahinler"), else None."""
    named = mentioned(hint, snap.teams)
    if len(named) != 2:  # "kartallar-şahinler": the dash between the names
        named = mentioned(hint.replace("-", " "), snap.teams)
    return (named[0], named[1]) if len(named) == 2 else None


def matches_of(
    snap: snapshots.Snapshot, teams: tuple[str, str]
) -> tuple[list[StoredMatch], list[PlannedMatch]]:
    """The two teams' matches: those in the plan, and those waiting for a date."""
    pair = set(teams)
    ours = [m for m in snap.matches if {m.match.home, m.match.away} == pair]
    return ours, [m for m in snap.waiting(teams[0]) if {m.home, m.away} == pair]


def between(snap: snapshots.Snapshot, hint: str) -> PairAnswer | None:
    """The answer when `hint` names exactly two teams of the tournament (or is a match's
    number and no team's name), else None."""
    if ascii_digits(hint.strip()) and len(hint.strip()) <= 3:  # not "²" (int() refuses it)
        return numbered(snap, int(hint))
    teams = two_named(snap, hint)
    if teams is None:
        return None
    ours, undated = matches_of(snap, teams)
    to_play = [m.match for m in ours if m.result is None]
    if to_play:
        return PairAnswer(teams, min(to_play, key=lambda m: m.start))
    if undated:
        return PairAnswer(teams, undated[0], undated=True)
    played = [m for m in ours if m.result is not None]
    if played:
        last = max(played, key=lambda m: m.match.start)
        return PairAnswer(teams, last.match, last.result)
    return PairAnswer(teams, None)


def nth_of(snap: snapshots.Snapshot, team: str, nth: int) -> PairAnswer:
    """`team`'s n-th match in its own order (by kick-off, played ones included; those
    waiting for a date after the dated ones), as match `no` is answered; `match` None:
    the team has fewer matches."""
    dated = sorted((m.match for m in snap.matches if m.match.involves(team)), key=_order)
    ordered = [*dated, *(m for m in snap.waiting(team) if m.involves(team))]
    if nth > len(ordered):
        return PairAnswer((team, ""), None, nth=nth)
    match = ordered[nth - 1]
    other = match.away if match.home == team else match.home
    return dataclasses.replace(numbered(snap, match.no), teams=(team, other or ""), nth=nth)


def _order(match: PlannedMatch) -> tuple[object, int]:
    return (match.start, match.no)


class PairMove(DomainError):
    """/ertele naming two teams whose match to move is not one: `numbers` empty, they
    have no match left to play together; several, which one to move."""

    def __init__(self, teams: tuple[str, str], numbers: tuple[int, ...], rest: str) -> None:
        super().__init__(f"/ertele {teams}: matches {numbers}")
        self.teams, self.numbers, self.rest = teams, numbers, rest


_MATCH_WORDS = frozenset({"mac", "maci", "macini", "macinin"})


def numbered_move(snap: snapshots.Snapshot, text: str, *, to_undated: bool = False) -> str:
    """/ertele's text with a match's number for two team names ("Kartallar Şahinler 14:00"
    is "7 14:00"): their match still to play, the next one when all are dated (a league
    played twice), else PairMove asks which. `to_undated` ("Kartallar Şahinler belirsiz"):
    only a dated match can lose its date, so their next dated one; none, the first waiting
    (refused as already waiting). Text starting with a number, or naming no two teams
    before its time, as typed (parse_postpone refuses it)."""
    words = text.split()
    if not words or ascii_digits(words[0].lstrip("#").rstrip(".")):
        return text
    cut = next((k for k in range(1, len(words) + 1) if two_named(snap, " ".join(words[:k]))), 0)
    if not cut:
        return text
    teams = two_named(snap, " ".join(words[:cut]))
    assert teams is not None
    named = {w for t in teams for w in fold_plain(t).split()}
    while cut < len(words) and fold_plain(words[cut]).strip(".,:") in named | _MATCH_WORDS:
        cut += 1  # "Gençlik Spor Kulübü" named by its first words; "maçı" after the names
    rest = " ".join(words[cut:])
    ours, undated = matches_of(snap, teams)
    dated = sorted((m.match for m in ours if m.result is None), key=_order)
    left = [*dated, *undated]
    if left and (to_undated or len(left) == 1 or not undated):
        return f"{left[0].no} {rest}"
    raise PairMove(teams, tuple(m.no for m in left), rest)
