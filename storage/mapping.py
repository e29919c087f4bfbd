"""Row <-> domain/record conversions, kept in one place so neither side imports the other."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields, replace
from datetime import UTC, datetime, tzinfo
from typing import Any

from domain.forfeits import WithdrawalRule
from domain.formseason import season_from_json, season_json
from domain.model import Group, PlannedMatch, Score, Stage
from domain.settings import (
    TournamentSettings,
    undated_from_json,
    undated_json,
    withdrawn_from_json,
    withdrawn_json,
)
from domain.sidewords import worded
from storage.records import StoredMatch, Tournament
from storage.rows import TournamentRow


def _optional(convert: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else convert(value)


def _as_is(value: Any) -> Any:
    return value


def _ints(value: list[int]) -> tuple[int, ...]:
    return tuple(int(x) for x in value)


# The tournament row has one column per field of the settings, of the same name; these
# fields need converting on the way in (to the column) and out (to the setting), the
# others are stored as they are.
_TO_COLUMN: dict[str, Callable[[Any], Any]] = {
    "pitches": list,
    "reminder_leads": list,
    "season": _optional(season_json),
    "group_leads": _optional(list),
    "captain_leads": _optional(list),
    "withdrawal_rule": lambda rule: rule.value,
    "withdrawn": withdrawn_json,
    "undated": undated_json,
}
_FROM_COLUMN: dict[str, Callable[[Any], Any]] = {
    "pitches": tuple,
    "reminder_leads": tuple,
    "season": _optional(season_from_json),
    "group_leads": _optional(_ints),
    "captain_leads": _optional(_ints),
    "withdrawal_rule": WithdrawalRule,
    "withdrawn": withdrawn_from_json,
    "undated": undated_from_json,
}
SETTINGS = tuple(f.name for f in fields(TournamentSettings))
_TOURNAMENT = tuple(f.name for f in fields(Tournament) if f.name != "settings")  # as columns


def settings_columns(settings: TournamentSettings) -> dict[str, object]:
    """The tournament row's settings columns, one per field of the settings."""
    return {name: _TO_COLUMN.get(name, _as_is)(getattr(settings, name)) for name in SETTINGS}


def tournament_from_row(row: TournamentRow) -> Tournament:
    settings = TournamentSettings(
        **{name: _FROM_COLUMN.get(name, _as_is)(getattr(row, name)) for name in SETTINGS}
    )
    return Tournament(**{name: getattr(row, name) for name in _TOURNAMENT}, settings=settings)


# A planned match's columns, in the order of PlannedMatch's fields (the team names as
# `home`/`away`): a statement selects them in this order, so a row unpacks by position,
# several times cheaper per row than reading twenty attributes of a Row by name.
_COLUMN_OF = {"group": "group_label", "start": "start_at", "end": "end_at"}
_SAID = frozenset({"home_words", "away_words"})  # derived from the plan, not columns
_PLANNED_FIELDS = tuple(f.name for f in fields(PlannedMatch) if f.name not in _SAID)
PLANNED_COLUMNS = tuple(_COLUMN_OF.get(name, name) for name in _PLANNED_FIELDS)
SCORE_COLUMNS = tuple(f.name for f in fields(Score))
# What `stored_match` reads, as one JSON array per match (storage.repositories.matches):
# the match's id and version, its plan, its result (nulls when unplayed), who entered it.
STORED_MATCH_COLUMNS = ("id", "version", *PLANNED_COLUMNS, *SCORE_COLUMNS, "entered_by")


def match_columns(match: PlannedMatch, team_ids: dict[str, int]) -> dict[str, object]:
    """Columns of a planned match; team names must already be resolved to ids."""
    row = {_COLUMN_OF.get(name, name): getattr(match, name) for name in _PLANNED_FIELDS}
    for side in ("home", "away"):
        team = row.pop(side)
        row[f"{side}_team_id"] = None if team is None else team_ids[team]
    return row | {"stage": match.stage.value}


def planned_match(values: Sequence[Any], zone: tzinfo | None = None) -> PlannedMatch:
    """The match of PLANNED_COLUMNS values; times in UTC, or on the clock of `zone`."""
    no, stage, group, round_, pitch, start, end, *rest = values
    if zone is not None:
        start, end = start.astimezone(zone), end.astimezone(zone)
    return PlannedMatch(no, _STAGES[stage], group, round_, pitch, start, end, *rest)


def score_columns(score: Score, prefix: str = "") -> dict[str, int | str | None]:
    """A score's columns, named as its fields (with `prefix`: the audit trail's)."""
    return {prefix + name: getattr(score, name) for name in SCORE_COLUMNS}


def score_from(*values: Any) -> Score | None:
    """The Score of SCORE_COLUMNS values; None for a match without a result."""
    return None if values[0] is None else Score(*values)


def stored_match(values: Sequence[Any], zone: tzinfo = UTC) -> StoredMatch:
    """The match of a JSON array of STORED_MATCH_COLUMNS, its times on the clock of `zone`.

    A time comes as its text: SQLite's stored UTC text ("2026-12-06 07:00:00.000000"), or
    PostgreSQL's JSON of a timestamptz ("2026-12-06T07:00:00+00:00")."""
    id_, version, no, stage, group, round_, pitch, start, end, *rest = values
    start, end = _instant(start).astimezone(zone), _instant(end).astimezone(zone)
    planned = PlannedMatch(no, _STAGES[stage], group, round_, pitch, start, end, *rest[:6])
    score, entered_by = score_from(*rest[6:11]), rest[11]
    return StoredMatch(planned, score, id=id_, version=version, entered_by=entered_by)


def stored_matches(value: Any, zone: tzinfo = UTC) -> tuple[StoredMatch, ...]:
    """The matches of `sql.json_rows` over STORED_MATCH_COLUMNS, in match-number order;
    unknown knockout sides in words where the whole plan is read (`sidewords.worded`)."""
    found = sorted((stored_match(v, zone) for v in from_json(value)), key=_number)
    if not any(s.match.home_from or s.match.away_from for s in found):
        return tuple(found)
    said = worded([s.match for s in found])
    return tuple(replace(s, match=m) for s, m in zip(found, said, strict=True))


def groups_from_json(value: Any) -> tuple[Group, ...]:
    """The draw from `sql.json_rows` over (group label, team, draw position): groups by
    label, teams in draw order; teams outside any group are not in it."""
    rows = sorted(from_json(value), key=lambda t: (t[0], t[2]))
    by_label = grouped((label, name) for label, name, _ in rows)
    return tuple(Group(label, teams) for label, teams in by_label.items())


def grouped(pairs: Iterable[tuple[Any, Any]]) -> dict[Any, tuple[Any, ...]]:
    """key -> its values, of (key, value) pairs; keys and values in the order they come."""
    by_key: dict[Any, list[Any]] = {}
    for key, value in pairs:
        by_key.setdefault(key, []).append(value)
    return {key: tuple(values) for key, values in by_key.items()}


def from_json(value: Any) -> list[Any]:
    """An aggregate's JSON: text on SQLite and asyncpg, NULL (PostgreSQL) over no rows."""
    return [] if value is None else json.loads(value) if isinstance(value, str) else value


def _number(m: StoredMatch) -> int:
    return m.match.no


def _instant(text: str) -> datetime:
    at = datetime.fromisoformat(text)
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at


_STAGES = {stage.value: stage for stage in Stage}
