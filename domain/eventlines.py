"""The lines under a result line, and the arguments of /gol and /kart: who scored, who was
booked. The values (`GoalNote`, `CardNote`, `EventNotes`, `Side`) and the checks on them
(`place`, `goals_fit`, `credited_side`, `event_lines`) live in `domain.eventnotes`; the
marks around one name ("2", "x2", "kk", "sarı") in `domain.eventitems`.

API (stable; the use cases build on it):

* `read_event_line(line, *, teams=()) -> EventNotes | None`. None: not an events line
  (chat, or another result line). Raises `UnreadableEvents` for a line that starts like
  one but cannot be read. A line is an events line when it starts with a label:

  =========  =====================================================================
  goals      goller, gol, golcüler, gol atanlar, atanlar, ⚽
  yellows    sarı, sarılar, sarı kart(lar), 🟨
  reds       kırmızı, kırmızılar, kırmızı kart(lar), 🟥
  cards      kart, kartlar (each name then says its colour: `Veli sarı`)
  =========  =====================================================================

  followed by ":" (or "="). Without the colon only the unmistakable labels count (plurals,
  "sarı kart", the emojis), and only when the rest looks like names (a comma, a count, a
  side separator, a team in parentheses, or capitalised names; no "?"): "gol kralı kim"
  and "goller harikaydı" stay chat. Several labels may share a line: `sarı: Veli kırmızı:
  Mehmet`. With `teams`, a line `Kartallar: Ali 2, Veli` (a team, a colon, names) lists
  that team's scorers.

* Sides: `goller: Ali 2, Veli - Mehmet`: the first-named side's names, then the other's,
  separated by "-", ";", "/" or "|" (a hyphen between two letters, "Ali-Can", is part of
  a name). `goller: - Mehmet` and `goller: Ali -` leave one side empty. Without a
  separator every name's side is None (the squads or a team in parentheses decide). A
  side may start with its team: `goller: Kartallar: Ali 2 - Şahinler: Mehmet`.

* Names within a side: separated by ",", and for goals also "+" (not in a minute, 90+2'),
  "&", " ve ", or a count or minute that more name words follow ("Ali 2 Veli" is Ali 2
  and Veli; "Ali Yılmaz 2" one player; `eventitems.scorers`). A name
  repeated counts again (`Ali, Ali` is Ali 2), within one line; so is a card (`sarı:
  Veli` and `kırmızı: Veli` on one line are a yellow then a red).

* `read_goal_args(text) -> (match_no, EventNotes)` for `/gol 7 Ali 2, Veli; Mehmet`
  (`text` is what follows the command), `read_card_args(text)` for `/kart 7 Veli sarı`,
  `/kart 7 Hasan 2 sarı, Mehmet kırmızı`. The match number comes first ("7", "#7", "M7",
  "maç 7", "7. maç"); the rest may also be a labelled line (`/gol 7 goller: Ali`).

Deterministic, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NamedTuple

from domain.eventitems import Default, Item, folded, read_card_item, read_goal_item, scorers
from domain.eventnotes import (
    CardNote,
    Colour,
    EventNotes,
    EventProblem,
    GoalNote,
    Side,
    UnreadableEvents,
)
from domain.names import AmbiguousTeam, UnknownTeam, loose_key, normalize, resolve

__all__ = [
    "MAX_EVENT_LINE",
    "Carried",
    "inline_events",
    "read_card_args",
    "read_event_line",
    "read_goal_args",
]

# A round's scorers fit easily; longer text is a message, not a line of names.
MAX_EVENT_LINE = 400

_GOALS, _YELLOWS, _REDS, _CARDS = "goals", "yellows", "reds", "cards"
# Folded labels, longest first within a kind; `True`: read without a colon too.
_LABELS: dict[str, dict[str, bool]] = {
    _GOALS: {
        **{"gol atanlar": True, "gol atan": False, "golculer": True, "golcular": True},
        **{"goller": True, "gollar": True, "goals": False, "goal": False, "gol": False},
        **{"atanlar": False, "⚽": True},
    },
    _YELLOWS: {
        **{"sari kartlari": True, "sari kartlar": True, "sari kart": True},
        **{"sarilar": True, "sari": False, "\U0001f7e8": True},
    },
    _REDS: {
        **{"kirmizi kartlari": True, "kirmizi kartlar": True, "kirmizi kart": True},
        **{"kirmizilar": True, "kirmizi": False, "\U0001f7e5": True},
    },
    _CARDS: {"kartlar": True, "kart": False, "cards": False},
}
_KIND_OF = {label: kind for kind, labels in _LABELS.items() for label in labels}
_BARE = frozenset(label for labels in _LABELS.values() for label, bare in labels.items() if bare)
_ALTERNATIVES = "|".join(re.escape(lb) for lb in sorted(_KIND_OF, key=len, reverse=True))
_AT_START = re.compile(rf"^[\s\-•*·>]*({_ALTERNATIVES})(?![^\W_])(\s*[:=])?\s*")
_INSIDE = re.compile(rf"(?<=[\s,;.]|\))({_ALTERNATIVES})(?![^\W_])\s*[:=]\s*")
_SIDE_HEAD = re.compile(r"^\s*([^0-9:,()]+?)\s*:\s*")
_DIGIT_BEFORE = re.compile(r"[0-9]\s*$")
_DIGIT_AFTER = re.compile(r"\s*[0-9]")
_DASHES = "-–—"
_SIDE_MARKS = ";/|"
_VE = re.compile(r"\s+ve\s+")
_COLOUR_NEXT = re.compile(r"\s*(?:sari|kirmizi|krmz|direkt|direk|dogrudan)")
_MATCH_NO = re.compile(
    r"^\s*(?:mac\s*(?:no\s*)?[:.]?\s*)?[#m]?\s*([0-9]{1,4})(?![0-9])\s*\.?\s*"
    r"(?:(?:nolu|numarali|no)\s*)?(?:mac(?:i|ta|in|inda)?(?![^\W_]))?\s*[:,]?\s*"
)
_DEFAULT: dict[str, Default] = {_YELLOWS: "yellow", _REDS: "red", _CARDS: None}
# A side told to have none: "goller: yok", "gol: -", "kart: yok", "goller: yok - Mehmet".
_NOTHING = re.compile(r"^(?:yok|yoktu|hic|hic yok|hicbiri|kimse|bos)?$")
_NOT_WORD = re.compile(r"[^\w\s]|_")


def _nothing(side_text: str) -> bool:
    """Whether a side's text says nobody: empty, a dash, "yok", "hiç" (emojis aside)."""
    return _NOTHING.match(" ".join(_NOT_WORD.sub(" ", folded(side_text)).split())) is not None


def _split(text: str, marks: Callable[[str, int], bool]) -> list[str]:
    """`text` cut at the positions `marks` accepts, outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth = max(depth - 1, 0)
        elif depth == 0 and marks(text, i):
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _side_mark(text: str, i: int) -> bool:
    c = text[i]
    if c in _SIDE_MARKS:
        return True
    if c not in _DASHES:
        return False
    before = text[i - 1] if i else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    return not (before.isalpha() and after.isalpha())


def _sides(body: str, whole: str) -> list[tuple[Side | None, str]]:
    parts = _split(body, _side_mark)
    if len(parts) > 2:
        raise UnreadableEvents(whole, EventProblem.TOO_MANY_SIDES, body.strip())
    if len(parts) == 1:
        return [(None, parts[0])]
    return [("home", parts[0]), ("away", parts[1])]


def _name_mark(goals: bool) -> Callable[[str, int], bool]:
    """Where a side's names part: ",", "&", and for goals "+" (not in a minute: 90+2')."""

    def mark(text: str, i: int) -> bool:
        if text[i] in ",&":
            return True
        if text[i] != "+" or not goals:
            return False
        return not (_DIGIT_BEFORE.search(text, 0, i) and _DIGIT_AFTER.match(text, i + 1))

    return mark


def _pieces(side_text: str, goals: bool, whole: str) -> list[str]:
    """The names of one side, each with its marks; a piece without letters ("56'") goes
    with the name before it; for goals, a count that more words follow ends its scorer
    ("Ali 2 Veli", eventitems.scorers)."""
    text = _VE.sub(
        lambda m: m.group(0) if not goals and _starts_colour(side_text, m.end()) else " , ",
        side_text,
    )
    pieces: list[str] = []
    for piece in _split(text, _name_mark(goals)):
        if not piece.strip():
            continue
        if pieces and not any(c.isalpha() for c in piece):
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    if goals:
        return [part for piece in pieces for part in scorers(piece, whole)]
    return pieces


def _starts_colour(text: str, at: int) -> bool:
    return _COLOUR_NEXT.match(folded(text[at : at + 12])) is not None


def _head(side_text: str) -> tuple[str | None, str]:
    """A side's leading "Kartallar:" as its team, and the rest."""
    m = _SIDE_HEAD.match(side_text)
    if m is None or not any(c.isalpha() for c in m.group(1)):
        return None, side_text
    return normalize(m.group(1)), side_text[m.end() :]


def _goal_note(item: Item, side: Side | None, hint: str | None) -> GoalNote:
    return GoalNote(
        item.player, side, item.team_hint or hint, item.count, item.own_goal, item.shirt
    )


def _card_note(item: Item, side: Side | None, hint: str | None) -> CardNote:
    colour: Colour = "red" if item.red or item.yellows >= 2 else "yellow"
    return CardNote(item.player, side, item.team_hint or hint, colour, item.yellows, item.shirt)


def _segment(kind: str, body: str, whole: str, hint: str | None = None) -> EventNotes:
    goals: list[GoalNote] = []
    cards: list[CardNote] = []
    for side, side_text in _sides(body, whole):
        head, rest = _head(side_text)
        if _nothing(rest):
            continue
        for piece in _pieces(rest, kind == _GOALS, whole):
            if kind == _GOALS:
                goals.append(_goal_note(read_goal_item(piece, whole), side, head or hint))
            else:
                item = read_card_item(piece, whole, _DEFAULT[kind])
                cards.append(_card_note(item, side, head or hint))
    if not goals and not cards and not body.strip():
        raise UnreadableEvents(whole, EventProblem.EMPTY, body.strip())
    return EventNotes(tuple(goals), tuple(cards))


def _merged(notes: EventNotes, whole: str) -> EventNotes:
    """A name repeated within one line counts again: goals add up, cards combine."""
    goals: dict[tuple[object, ...], GoalNote] = {}
    for g in notes.goals:
        k = (g.side, loose_key(g.player), g.team_hint and loose_key(g.team_hint), g.own_goal)
        seen = goals.get(k)
        goals[k] = g if seen is None else replace(seen, count=seen.count + g.count)
    cards: dict[tuple[object, ...], CardNote] = {}
    for c in notes.cards:
        k = (c.side, loose_key(c.player), c.team_hint and loose_key(c.team_hint))
        seen = cards.get(k)
        if seen is not None:
            yellows = seen.yellows + c.yellows
            if yellows > 2:
                raise UnreadableEvents(whole, EventProblem.TOO_MANY_YELLOWS, c.player)
            red = yellows >= 2 or seen.colour == "red" or c.colour == "red"
            c = replace(seen, colour="red" if red else "yellow", yellows=yellows)
        cards[k] = c
    return EventNotes(tuple(goals.values()), tuple(cards.values()))


def _looks_like_names(notes: EventNotes, body: str) -> bool:
    """For a label without a colon: the rest has the shape of a list of names."""
    if "?" in body:
        return False
    if any(c in body for c in ",;/|()+&'’") or any(c.isdigit() for c in body):
        return True
    if any(_side_mark(body, i) for i in range(len(body))):
        return True
    if any(g.own_goal for g in notes.goals):
        return True
    players = [n.player for n in (*notes.goals, *notes.cards)]
    return all(w[:1].isupper() for p in players for w in p.split())


def _segments(fold: str, start: int) -> list[tuple[str, int, int]]:
    """(kind, label start, body start) of each further labelled segment from `start` on."""
    return [(_KIND_OF[m.group(1)], m.start(), m.end()) for m in _INSIDE.finditer(fold, start)]


def _team_line(line: str, teams: Sequence[str]) -> EventNotes | None:
    head, rest = _head(line)
    if head is None or not rest.strip() or not teams:
        return None
    try:
        team = resolve(head, teams)
    except (UnknownTeam, AmbiguousTeam):
        return None
    try:
        notes = _segment(_GOALS, rest, line, team)
    except UnreadableEvents:
        return None
    if not notes:
        return None  # "Kartallar: yok" is chat
    players = [g.player for g in notes.goals]
    if "?" in rest or not all(w[:1].isupper() for p in players for w in p.split()):
        return None  # "Kartallar: bugün 5 kişiyiz" is chat
    return _merged(notes, line)


def read_event_line(line: str, *, teams: Sequence[str] = ()) -> EventNotes | None:
    """The goals and cards `line` lists; None if it is no events line. See the module
    docstring for the shapes. Raises UnreadableEvents."""
    line = normalize(line.replace("\ufe0f", ""))
    fold = folded(line)
    m = _AT_START.match(fold)
    if m is None:
        return _team_line(line, teams) if ":" in line else None
    label = m.group(1)
    colon = m.group(2) is not None
    if not colon and label not in _BARE:
        return None
    if len(line) > MAX_EVENT_LINE:
        raise UnreadableEvents(line[:60], EventProblem.TOO_LONG)
    bounds = [(_KIND_OF[label], m.start(1), m.end())]
    bounds += _segments(fold, m.end())
    notes = EventNotes()
    try:
        for (kind, _, begin), nxt in zip(bounds, [*bounds[1:], None], strict=True):
            end = len(line) if nxt is None else nxt[1]
            notes += _segment(kind, line[begin:end], line)
    except UnreadableEvents:
        if colon:
            raise
        return None
    if not colon and not _looks_like_names(notes, line[m.end() :]):
        return None
    return _merged(notes, line)


# Names in a closing parenthesis after a score: "Kartallar 1-0 Şahinler (Veli)", "(Ali 2,
# Can; Mehmet)". Each word capitalised or a count, and none that tells something else
# ("(pen 4-3)", "(hükmen)", "(Yarı Final)", "(uzatmada)").
_TAIL = re.compile(r"\(([^()]+)\)\s*$")
_MARK_WORD = re.compile(r"^(?:[0-9]{1,3}['’]?|x[0-9]|[0-9]x|kk)$")  # a count, minute, own goal
_NOT_NAMES = re.compile(
    r"pen|hukmen|uzatma|seri|iptal|ertele|yarida|final|yari|ceyrek|grup|mac|saha|dakika|dk\b"
)


class Carried(NamedTuple):
    """A result line's own result part and the events line it carries; `labelled`: they
    followed a label ("goller:"), not a parenthesis, whose names may be something else."""

    result: str
    events: str
    labelled: bool


def inline_events(line: str) -> Carried | None:
    """A result line that carries its events itself, as its result part and the events
    line to read: "Kartallar 3-1 Şahinler goller: Ali 2, Veli", "…, gol: Mert; sarı:
    Hasan" (a label with its colon after the score), or "Kartallar 1-0 Şahinler (Veli)"
    (as "goller: Veli"). None when the line carries none: the result reader must not
    take the names for part of the score, and they must not be dropped."""
    text = normalize(line.replace("\ufe0f", ""))
    fold = folded(text)
    m = _INSIDE.search(fold)
    if m is not None and any(c.isdigit() for c in fold[: m.start()]):
        return Carried(text[: m.start()].rstrip(" ,;.-–—"), text[m.start() :], True)
    tail = _TAIL.search(text)
    if tail is None or not any(c.isdigit() for c in text[: tail.start()]):
        return None
    inside = tail.group(1)
    words = [w for w in re.split(r"[\s,;/&+]+", inside) if w]
    if not all(_MARK_WORD.match(folded(w)) or (w[0].isupper() and w.isalpha()) for w in words):
        return None
    if _NOT_NAMES.search(folded(inside)):
        return None
    return Carried(text[: tail.start()].rstrip(), f"goller: {inside}", False)


def _match_no(text: str) -> tuple[int, str]:
    text = normalize(text)
    m = _MATCH_NO.match(folded(text))
    if m is None or int(m.group(1)) == 0:
        raise UnreadableEvents(text, EventProblem.NO_MATCH_NUMBER)
    return int(m.group(1)), text[m.end() :]


def _args(text: str, kind: str) -> tuple[int, EventNotes]:
    match_no, rest = _match_no(text)
    if len(rest) > MAX_EVENT_LINE:
        raise UnreadableEvents(rest[:60], EventProblem.TOO_LONG)
    if not rest.strip():
        raise UnreadableEvents(normalize(text), EventProblem.EMPTY)
    labelled = read_event_line(rest)
    if labelled is None:
        labelled = _merged(_segment(kind, rest, rest), rest)
    if not labelled:  # "/gol 7 yok": nothing to add
        raise UnreadableEvents(normalize(text), EventProblem.EMPTY)
    return match_no, labelled


def read_goal_args(text: str) -> tuple[int, EventNotes]:
    """The match number and scorers of `/gol 7 Ali 2, Veli; Mehmet` (`text` = "7 Ali 2,
    Veli; Mehmet"). Raises UnreadableEvents (`NO_MATCH_NUMBER` when it does not start
    with one)."""
    return _args(text, _GOALS)


def read_card_args(text: str) -> tuple[int, EventNotes]:
    """The match number and bookings of `/kart 7 Veli sarı, Hasan 2 sarı`; every name
    needs its colour (`NO_COLOUR`). Raises UnreadableEvents."""
    return _args(text, _CARDS)
