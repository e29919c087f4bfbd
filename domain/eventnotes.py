"""What a scorers or cards line says, before any name is matched: the values `eventlines`
reads and the checks made on them before anything is stored.

* `GoalNote`: a scorer as typed. `side` is the side the name was listed under ("home" is
  the first-named team of the result line, "away" the other; None when the line gave no
  sides, e.g. `gol: Ali (Kartallar)`), `team_hint` the team typed in parentheses.
  An own goal (`own_goal`) is listed under the scorer's own side and counts for the other:
  `credited_side(note)` says which side a goal counts for.
* `CardNote`: a booking as typed. `colour` is the card the player ended the match with
  and `yellows` the yellows he was shown before or as it:

  =======================  ========  =======  =====================================
  typed                    colour    yellows  `kind` (`domain.tiebreak.CardKind`)
  =======================  ========  =======  =====================================
  sarı                     yellow    1        yellow
  2 sarı, çift sarı,       red       2        second_yellow (sent off)
  sarıdan kırmızı
  kırmızı, direkt kırmızı  red       0        red
  sarı + kırmızı           red       1        yellow_red (a yellow, then direct red)
  =======================  ========  =======  =====================================

* `EventNotes`: the goals and cards of one line (or of one `/gol`, `/kart` command).
* `place(notes, home, away, teams)`: every team hint turned into a side (`names.resolve`
  against the match's two teams, so "Kartal" finds "Kartallar"); a hint that contradicts
  the side the name was listed under raises `SideConflict`, one naming another of the
  tournament's `teams` `NotInMatch`.
* `goals_fit(goals, home_goals, away_goals)`: None when the goals fit the score, else the
  goals counted per side (own goals for the other side): the refusal's numbers. Goals
  without a side count against the total only.
* `event_lines(notes)`: the lines `eventlines.read_event_line` reads back as `notes`.

`UnreadableEvents` is the one refusal of a line that starts like an events line (a label
such as "goller:" or "kart:") but cannot be read; `problem` says what was wrong.
Deterministic, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from domain.errors import DomainError
from domain.names import AmbiguousTeam, UnknownTeam, resolve
from domain.tiebreak import CardKind

__all__ = [
    "CardNote",
    "Colour",
    "EventNotes",
    "EventProblem",
    "GoalNote",
    "Side",
    "SideConflict",
    "UnreadableEvents",
    "cards_line",
    "credited_side",
    "event_lines",
    "goals_fit",
    "goals_line",
    "other_side",
    "place",
]

Side = Literal["home", "away"]
Colour = Literal["yellow", "red"]


def other_side(side: Side) -> Side:
    return "away" if side == "home" else "home"


@dataclass(frozen=True)
class GoalNote:
    """`count` goals of `player` (as typed); see the module docstring for the fields."""

    player: str
    side: Side | None = None
    team_hint: str | None = None
    count: int = 1
    own_goal: bool = False
    shirt: int | None = None  # a number typed before the name: "10 Ali"


def credited_side(note: GoalNote) -> Side | None:
    """The side `note`'s goals count for: its own side, the other one for an own goal."""
    if note.side is None:
        return None
    return other_side(note.side) if note.own_goal else note.side


@dataclass(frozen=True)
class CardNote:
    """A booking of `player` in one match; see the module docstring for the fields."""

    player: str
    side: Side | None = None
    team_hint: str | None = None
    colour: Colour = "yellow"
    yellows: int = 1
    shirt: int | None = None

    @property
    def kind(self) -> CardKind:
        """The booking as `domain.discipline` and the fair-play count take it."""
        if self.colour == "yellow":
            return CardKind.YELLOW
        if self.yellows >= 2:
            return CardKind.SECOND_YELLOW
        return CardKind.YELLOW_RED if self.yellows == 1 else CardKind.RED

    @property
    def sent_off(self) -> bool:
        return self.colour == "red"


@dataclass(frozen=True)
class EventNotes:
    goals: tuple[GoalNote, ...] = ()
    cards: tuple[CardNote, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.goals or self.cards)

    def __add__(self, other: EventNotes) -> EventNotes:
        return EventNotes(self.goals + other.goals, self.cards + other.cards)


def sides_reversed(notes: EventNotes, first_scored: int, second_scored: int) -> bool:
    """Whether an events line lists its sides the other way round from its result line
    ("Aslanlar 1-3 Kartallar" over "goller: Ali 2, Veli - Mehmet", the winner's scorers
    first): as typed, a side has more goals than its team scored, and turned, every goal
    of the score is named. The counts alone decide; a name typed with its team, or an own
    goal (listed under either side), leaves the line as typed, and so does a line whose
    goals fit as typed."""
    counted = {"home": 0, "away": 0}
    for note in notes.goals:
        if note.side is None or note.team_hint or note.own_goal:
            return False
        counted[note.side] += note.count
    as_typed = counted["home"] <= first_scored and counted["away"] <= second_scored
    return not as_typed and (counted["home"], counted["away"]) == (second_scored, first_scored)


class EventProblem(StrEnum):
    """Why a line that starts like an events line could not be read."""

    EMPTY = "empty"  # "goller:" and nothing after it
    NO_NAME = "no_name"  # a count, a card or a marker without a player: "goller: 2"
    OWN_GOAL_NO_NAME = "own_goal_no_name"  # "goller: Ali 3, kk": whose own goal?
    TOO_MANY_SIDES = "too_many_sides"  # "goller: Ali - Veli - Mehmet": three sides
    NO_COLOUR = "no_colour"  # "kart: Veli" or "/kart 7 Veli": sarı or kırmızı?
    BAD_COUNT = "bad_count"  # "Ali 0", "Ali 120", "Ali 2 3", "kırmızı: Hasan 2"
    TOO_MANY_YELLOWS = "too_many_yellows"  # "Veli 3 sarı": two yellows are a sending-off
    NO_MATCH_NUMBER = "no_match_number"  # "/gol Ali": which match?
    TOO_LONG = "too_long"  # a line or a name beyond any real one


class UnreadableEvents(DomainError):
    """`text` starts like an events line (or is a /gol, /kart argument) but `problem`;
    `part` is the piece that could not be read ("" for the whole text)."""

    def __init__(self, text: str, problem: EventProblem, part: str = "") -> None:
        super().__init__(text, problem, part)
        self.text = text
        self.problem = problem
        self.part = part

    def __str__(self) -> str:
        where = f" at {self.part!r}" if self.part else ""
        return f"unreadable events line {self.text!r}: {self.problem.value}{where}"


class SideConflict(DomainError):
    """`player` was listed under `side` but typed with the other team, `team_hint`."""

    def __init__(self, player: str, team_hint: str, side: str) -> None:
        super().__init__(player, team_hint, side)
        self.player = player
        self.team_hint = team_hint
        self.side = side

    def __str__(self) -> str:
        return (
            f"{self.player!r} is listed for the {self.side} side but typed with {self.team_hint!r}"
        )


class NotInMatch(DomainError):
    """`player` was typed with `team`, a team of the tournament that does not play in the
    match `home` - `away`; `example`: the events line with his name and the home side."""

    def __init__(self, player: str, team: str, home: str, away: str, example: str) -> None:
        super().__init__(player, team, home, away, example)
        self.player, self.team, self.home, self.away = player, team, home, away
        self.example = example


def example_line(note: GoalNote | CardNote, team: str) -> str:
    """The events line of `note` alone, typed with `team`: "goller: Ali (A1) 2",
    "kart: Veli (A1) sarı"."""
    label = "goller" if isinstance(note, GoalNote) else "kart"
    return f"{label}: {item(note, team)}"


def item(note: GoalNote | CardNote, team: str | None = None) -> str:
    """`note` as one item of a line (or of /gol, /kart), with `team` in parentheses if
    given: "Ali (A1) 2", "Mehmet kk", "Veli (A1) sarı"."""
    if isinstance(note, GoalNote):
        return _goal_item(replace(note, side=None, team_hint=team))
    return _card_item(replace(note, side=None, team_hint=team))


def _placed_side(
    note: GoalNote | CardNote, home: str, away: str, teams: Sequence[str]
) -> Side | None:
    hint, side = note.team_hint, note.side
    if hint is None:
        return side
    try:
        named = resolve(hint, teams, fuzzy=False) if teams else None
    except (UnknownTeam, AmbiguousTeam):
        named = None
    if named is not None and named not in (home, away):
        raise NotInMatch(note.player, named, home, away, example_line(note, home))
    hinted: Side = "home" if resolve(hint, (home, away)) == home else "away"
    if side is not None and side != hinted:
        if isinstance(note, GoalNote) and note.own_goal:
            return hinted  # "Ali, Hasan (Şahinler) kk - …": listed where it counts
        raise SideConflict(note.player, hint, side)
    return hinted


def place(notes: EventNotes, home: str, away: str, teams: Sequence[str] = ()) -> EventNotes:
    """`notes` with each team hint read as a side of the match `home` - `away`.

    Raises `NotInMatch` for a hint naming another of the tournament's `teams`,
    `names.UnknownTeam` / `names.AmbiguousTeam` for a hint naming neither team,
    `SideConflict` for a hint contradicting the side the name was listed under.
    """
    goals = tuple(replace(g, side=_placed_side(g, home, away, teams)) for g in notes.goals)
    cards = tuple(replace(c, side=_placed_side(c, home, away, teams)) for c in notes.cards)
    return EventNotes(goals, cards)


def goals_fit(
    goals: Iterable[GoalNote], home_goals: int, away_goals: int
) -> tuple[int, int] | None:
    """None if the goals fit the score (fewer is fine), else the goals per side as
    credited (own goals for the other side). Goals without a side count only against the
    total: they can fit neither side once the total is over."""
    home = away = unplaced = 0
    for note in goals:
        side = credited_side(note)
        if side == "home":
            home += note.count
        elif side == "away":
            away += note.count
        else:
            unplaced += note.count
    if home > home_goals or away > away_goals or home + away + unplaced > home_goals + away_goals:
        return (home, away)
    return None


def _goal_item(note: GoalNote) -> str:
    parts = [note.player if note.shirt is None else f"{note.shirt} {note.player}"]
    if note.team_hint is not None:
        parts.append(f"({note.team_hint})")
    if note.count > 1:
        parts.append(str(note.count))
    if note.own_goal:
        parts.append("kk")
    return " ".join(parts)


_CARD_WORDS = {
    CardKind.YELLOW: "sarı",
    CardKind.SECOND_YELLOW: "2 sarı",
    CardKind.RED: "kırmızı",
    CardKind.YELLOW_RED: "sarı kırmızı",
}


def _card_item(note: CardNote) -> str:
    parts = [note.player if note.shirt is None else f"{note.shirt} {note.player}"]
    if note.team_hint is not None:
        parts.append(f"({note.team_hint})")
    parts.append(_CARD_WORDS[note.kind])
    return " ".join(parts)


def _sided(label: str, items: Sequence[tuple[Side | None, str]]) -> str:
    sides = {side for side, _ in items}
    if sides == {None}:
        return f"{label}: " + ", ".join(text for _, text in items)
    if None in sides:
        raise ValueError("a line lists every name under a side or none")
    home = ", ".join(text for side, text in items if side == "home")
    away = ", ".join(text for side, text in items if side == "away")
    return f"{label}: {home} - {away}".replace(":  -", ": -").rstrip()


def goals_line(goals: Sequence[GoalNote]) -> str:
    """ "goller: Ali 2, Veli - Mehmet kk" for these goals; sides all set or all None."""
    return _sided("goller", [(g.side, _goal_item(g)) for g in goals])


def cards_line(cards: Sequence[CardNote]) -> str:
    """ "kart: Veli sarı - Mehmet kırmızı" for these cards; sides all set or all None."""
    return _sided("kart", [(c.side, _card_item(c)) for c in cards])


def event_lines(notes: EventNotes) -> tuple[str, ...]:
    """The goals line and the cards line (each only if there is something to say)."""
    lines = []
    if notes.goals:
        lines.append(goals_line(notes.goals))
    if notes.cards:
        lines.append(cards_line(notes.cards))
    return tuple(lines)
