"""Which matches `/fikstur <word>` means: a day, a group, a pitch or a team.

    bugün · yarın · cumartesi · 6 Aralık · 06.12 · A · a grubu · grup A · saha 2 · Kartallar

Pure: the matches, the teams, the timezone and the clock come in; a Selection (rows in
kick-off order and a title) or UnknownSelection (what the word could not be) goes out.
`/puan <word>`'s groups: `groups_named` (or UnknownGroup).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from enum import StrEnum

from domain import names, when
from domain.counts import ascii_digits
from domain.errors import DomainError
from domain.model import PlannedMatch, Score

Row = tuple[PlannedMatch, Score | None]

_GROUP_WORDS = frozenset({"grup", "grubu", "grubunun", "grubu'nun"})
_PITCH_WORDS = frozenset({"saha", "sahası", "sahasi"})
# "/puan durumu", "/puan tablosu", "/puan tümü": the whole table, said in words.
_TABLE_WORDS = frozenset(
    {"durum", "durumu", "tablo", "tablosu", "cetveli", "tümü", "tumu", "hepsi", "genel"}
)


class Kind(StrEnum):
    ALL = "all"
    DAY = "day"
    GROUP = "group"
    PITCH = "pitch"
    TEAM = "team"
    WEEK = "week"  # a season league's match week ("hafta 3"; the coming one by default)


@dataclass(frozen=True)
class Selection:
    """The chosen rows in kick-off order; `title` names the choice (None: all matches)."""

    kind: Kind
    rows: tuple[Row, ...]
    title: str | None = None
    day: date | None = None  # Kind.DAY: the day asked for


class UnknownSelection(DomainError):
    """`text` is no day, group, pitch or team of the tournament. `closest` are teams it
    may be a typo of; `groups` and `pitches` what may be typed instead."""

    def __init__(
        self,
        text: str,
        groups: tuple[str, ...],
        pitches: tuple[str, ...],
        teams: tuple[str, ...],
        closest: tuple[str, ...] = (),
    ) -> None:
        self.text = text
        self.groups = groups
        self.pitches = pitches
        self.teams = teams
        self.closest = closest
        super().__init__(text, groups, pitches, closest)


class UnknownGroup(DomainError):
    """`/puan <text>`: `text` names none of the tournament's `groups`; `label` is the
    group it asks for ("C" of "c grubu"), None when it does not read as a group at all."""

    def __init__(self, text: str, groups: tuple[str, ...], label: str | None = None) -> None:
        self.text = text
        self.groups = groups
        self.label = label
        super().__init__(text, groups, label)


def by_kickoff(rows: Sequence[Row]) -> list[Row]:
    """Rows by kick-off, then pitch, then match number: a match moved to 07:00 comes first."""
    return sorted(rows, key=lambda r: (r[0].start, r[0].pitch, r[0].no))


def _words(text: str) -> list[str]:
    return names.tr_lower(text).replace("'", " ").replace("’", " ").split()


def _group(text: str, groups: Sequence[str]) -> str | None:
    words = _words(text)
    rest = [w for w in words if w not in _GROUP_WORDS]
    if len(rest) != 1 or (len(words) == 1 and len(rest[0]) != 1):
        return None
    wanted = names.tr_upper(rest[0])
    return next((g for g in groups if names.tr_upper(g) == wanted or g.upper() == wanted), None)


def groups_named(wanted: str, groups: Sequence[str]) -> tuple[str, ...]:
    """The groups `/puan <wanted>` shows: all for no word, the one it names ("A", "a
    grubu", "grup A"). Raises UnknownGroup for any other word."""
    text = " ".join(w for w in wanted.split() if names.tr_lower(w) not in _TABLE_WORDS)
    if not text:
        return tuple(groups)
    if (label := _group(text, groups)) is not None:
        return (label,)
    rest = [w for w in _words(text) if w not in _GROUP_WORDS]
    asked = len(rest) == 1 and len(rest[0]) <= 2  # a label: "Z", "c grubu"
    raise UnknownGroup(text, tuple(groups), names.tr_upper(rest[0]) if asked else None)


def _pitch(text: str, pitches: Sequence[str]) -> str | None:
    wanted = names.key(text)
    exact = next((p for p in pitches if names.key(p) == wanted), None)
    if exact is not None:
        return exact
    words = _words(text)
    rest = [w.rstrip(".") for w in words if w not in _PITCH_WORDS]
    if len(rest) != 1 or len(rest) == len(words):
        return None
    for p in pitches:  # "saha 2" on pitches named "Saha 2", or the second of "Çim, Toprak"
        if names.key(p).split()[-1:] == [names.key(rest[0])]:
            return p
    if ascii_digits(rest[0]) and 1 <= int(rest[0]) <= len(pitches):
        return pitches[int(rest[0]) - 1]
    return None


def _day(text: str, days: Sequence[date], today: date) -> date | None:
    """The day `text` names; a weekday alone is the first match day on that weekday from
    today on (else the last one before)."""
    try:
        found = when.parse_date(text, today)
    except DomainError:
        return None
    words = [names.fold(w) for w in _words(text)]
    if len(words) == 1 and words[0] in when.WEEKDAYS:
        same = sorted(d for d in days if d.weekday() == found.weekday())
        ahead = [d for d in same if d >= today]
        return ahead[0] if ahead else (same[-1] if same else found)
    return found


def select(
    rows: Sequence[Row],
    wanted: str,
    *,
    teams: Sequence[str],
    groups: Sequence[str],
    zone: tzinfo,
    now: datetime,
) -> Selection:
    """The rows `wanted` names, in kick-off order. Teams spelled exactly win over other
    readings (a team called "Pazar"); then groups, pitches, days, and a team's nickname
    or typo. Raises UnknownSelection."""
    ordered = by_kickoff(rows)
    text = " ".join(wanted.split())
    if (week := _season_week(ordered, text, now)) is not None:
        return week
    if not text:
        return Selection(Kind.ALL, tuple(ordered))
    teams = tuple(teams)
    exact = [t for t in teams if names.key(t) == names.key(text)]
    if len(exact) == 1:
        return _team(ordered, exact[0])
    if (label := _group(text, groups)) is not None:
        chosen = tuple(r for r in ordered if r[0].group == label)
        return Selection(Kind.GROUP, chosen, f"{label} Grubu")
    pitches = tuple(dict.fromkeys(r[0].pitch for r in ordered))
    if (pitch := _pitch(text, pitches)) is not None:
        return Selection(Kind.PITCH, tuple(r for r in ordered if r[0].pitch == pitch), pitch)
    local = [r[0].start.astimezone(zone).date() for r in ordered]
    today = now.astimezone(zone).date()
    if (found := _day(text, sorted(set(local)), today)) is not None:
        chosen = tuple(r for r, d in zip(ordered, local, strict=True) if d == found)
        return Selection(Kind.DAY, chosen, text, found)
    try:
        team = names.resolve(text, teams)
    except names.UnknownTeam as exc:
        raise UnknownSelection(text, tuple(groups), pitches, teams, exc.candidates) from None
    except names.AmbiguousTeam as exc:
        raise UnknownSelection(text, tuple(groups), pitches, teams, exc.candidates) from None
    return _team(ordered, team)


_ALL_WORDS = frozenset({"tumu", "hepsi", "tamami", "tum", "butun", "sezon", "tum sezon"})
_WEEK = re.compile(r"(?:hafta\s*([0-9]{1,3})|([0-9]{1,3})\s*\.?\s*hafta(?:nin|si)?)")


def _season_week(ordered: list[Row], text: str, now: datetime) -> Selection | None:
    """A season league (rows with `week`): no word is the coming match week, "hafta 3" or
    "3. hafta" that week, "tümü" every match; None for anything else, or one day."""
    weeks = sorted({r[0].week for r in ordered if r[0].week is not None})
    if not weeks:
        return None
    folded = names.fold_plain(text)
    if folded in _ALL_WORDS:
        return Selection(Kind.ALL, tuple(ordered))
    if not folded:
        coming = [r[0].week for r in ordered if r[0].end > now and r[0].week is not None]
        week = coming[0] if coming else weeks[-1]
    elif (found := _WEEK.fullmatch(folded)) is not None:
        week = int(found.group(1) or found.group(2))
    else:
        return None
    chosen = tuple(r for r in ordered if r[0].week == week)
    return Selection(Kind.WEEK, chosen, f"{week}. hafta")


@dataclass(frozen=True)
class Week:
    """A season league's match week in a view: its number, the match day most of its
    matches are on (a match moved to another day keeps its week), and its rows."""

    number: int
    day: date
    rows: tuple[Row, ...]


def by_week(rows: Sequence[Row], zone: tzinfo | None = None) -> list[Week]:
    """The rows of a season league grouped by match week, weeks in order, each in kick-off
    order; [] when the rows are not a league's over weeks or all fall in one week."""
    weeks: dict[int, list[Row]] = {}
    for row in by_kickoff(rows):
        if row[0].week is None:
            return []
        weeks.setdefault(row[0].week, []).append(row)
    if len(weeks) < 2:
        return []
    return [Week(n, main_day(weeks[n], zone), tuple(weeks[n])) for n in sorted(weeks)]


def main_day(rows: Sequence[Row], zone: tzinfo | None = None) -> date:
    """The day most of `rows` are on, the earliest on a tie: a match week's day, which a
    match moved off it (/ertele 8 7 Mart 15:10) must not take over in a view of the week."""
    days = Counter(_local(r[0].start, zone) for r in rows)
    most = max(days.values())
    return min(d for d, c in days.items() if c == most)


def _local(moment: datetime, zone: tzinfo | None) -> date:
    return (moment.astimezone(zone) if zone is not None else moment).date()


def _team(ordered: list[Row], team: str) -> Selection:
    chosen = tuple(r for r in ordered if r[0].involves(team))
    return Selection(Kind.TEAM, chosen, team)
