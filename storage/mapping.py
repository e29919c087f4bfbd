"""Row <-> domain/record conversions, kept in one place so neither side imports the other."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from datetime import UTC, date, datetime, time, tzinfo
from typing import Any

from domain.forfeits import WithdrawalRule
from domain.formseason import Season
from domain.model import Group, PlannedMatch, Score, Stage
from domain.settings import TournamentSettings, UndatedMatch, Withdrawal
from storage.records import StoredMatch, Tournament
from storage.rows import TournamentRow

# A planned match kept in a settings column (a withdrawal's removed matches, an undated
# one): these fields, names and not team ids, as it was when it left the plan.
_PLANNED_JSON = ("no", "stage", "group", "round", "pitch", "start", "end", "home", "away")


def planned_json(m: PlannedMatch) -> dict[str, Any]:
    d: dict[str, Any] = {name: getattr(m, name) for name in _PLANNED_JSON}
    d |= {"stage": m.stage.value, "start": m.start.isoformat(), "end": m.end.isoformat()}
    return d | {"key": m.key, "week": m.week}


def planned_from_json(d: dict[str, Any]) -> PlannedMatch:
    fields_ = {name: d[name] for name in _PLANNED_JSON} | {"stage": Stage(d["stage"])}
    fields_ |= {
        "start": datetime.fromisoformat(d["start"]),
        "end": datetime.fromisoformat(d["end"]),
    }
    return PlannedMatch(**fields_, key=d.get("key"), week=d.get("week"))


def season_json(season: Season) -> dict[str, Any]:
    """A season's rhythm as stored (the set-up answers' form, bot.usecases.drafts)."""
    return {
        "every_days": season.every_days,
        "weekday": season.weekday,
        "opens": season.opens.strftime("%H:%M"),
        "closes": season.closes.strftime("%H:%M"),
        "first": season.first_day.isoformat(),
        "skip": [d.isoformat() for d in season.skip],
    }


def season_from_json(d: Mapping[str, Any]) -> Season:
    first = date.fromisoformat(d["first"])
    return Season(
        every_days=int(d["every_days"]),
        weekday=int(d.get("weekday", first.weekday())),
        opens=time.fromisoformat(d["opens"]),
        closes=time.fromisoformat(d["closes"]),
        first_day=first,
        skip=tuple(date.fromisoformat(x) for x in d.get("skip") or ()),
    )


def _withdrawn_json(withdrawn: tuple[Withdrawal, ...]) -> dict[str, Any]:
    """{team: {"annulled", "by", "at", "after", "awarded", "removed"}}"""
    return {
        w.team: {
            "annulled": w.annulled,
            "by": w.by,
            "at": w.at.isoformat(),
            "after": w.after,
            "awarded": list(w.awarded),
            "removed": [planned_json(m) for m in w.removed],
        }
        for w in withdrawn
    }


def _withdrawn_from_json(d: dict[str, Any]) -> tuple[Withdrawal, ...]:
    return tuple(
        Withdrawal(
            team=team,
            annulled=bool(w.get("annulled")),
            by=int(w["by"]),
            at=datetime.fromisoformat(w["at"]),
            after=w.get("after"),
            awarded=tuple(int(no) for no in w.get("awarded") or ()),
            removed=tuple(planned_from_json(m) for m in w.get("removed") or ()),
        )
        for team, w in d.items()
    )


def _undated_json(undated: tuple[UndatedMatch, ...]) -> dict[str, Any]:
    """{"14": {"match", "at", "by"}}"""
    return {
        str(u.match.no): {"match": planned_json(u.match), "at": u.at.isoformat(), "by": u.by}
        for u in undated
    }


def _undated_from_json(d: dict[str, Any]) -> tuple[UndatedMatch, ...]:
    return tuple(
        UndatedMatch(planned_from_json(u["match"]), datetime.fromisoformat(u["at"]), int(u["by"]))
        for u in d.values()
    )


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
    "withdrawn": _withdrawn_json,
    "undated": _undated_json,
}
_FROM_COLUMN: dict[str, Callable[[Any], Any]] = {
    "pitches": tuple,
    "reminder_leads": tuple,
    "season": _optional(season_from_json),
    "group_leads": _optional(_ints),
    "captain_leads": _optional(_ints),
    "withdrawal_rule": WithdrawalRule,
    "withdrawn": lambda d: _withdrawn_from_json(d or {}),
    "undated": lambda d: _undated_from_json(d or {}),
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
PLANNED_COLUMNS = tuple(_COLUMN_OF.get(f.name, f.name) for f in fields(PlannedMatch))
SCORE_COLUMNS = tuple(f.name for f in fields(Score))
# What `stored_match` reads, as one JSON array per match (storage.repositories.matches):
# the match's id and version, its plan, its result (nulls when unplayed), who entered it.
STORED_MATCH_COLUMNS = ("id", "version", *PLANNED_COLUMNS, *SCORE_COLUMNS, "entered_by")


def match_columns(match: PlannedMatch, team_ids: dict[str, int]) -> dict[str, object]:
    """Columns of a planned match; team names must already be resolved to ids."""
    row = {_COLUMN_OF.get(f.name, f.name): getattr(match, f.name) for f in fields(match)}
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
    """The matches of `sql.json_rows` over STORED_MATCH_COLUMNS, in match-number order."""
    return tuple(sorted((stored_match(v, zone) for v in from_json(value)), key=_number))


def groups_from_json(value: Any) -> tuple[Group, ...]:
    """The draw from `sql.json_rows` over (group label, team, draw position): groups by
    label, teams in draw order; teams outside any group are not in it."""
    rows = sorted(from_json(value), key=lambda t: (t[0], t[2]))
    return draw((label, name) for label, name, _ in rows)


def draw(pairs: Iterable[tuple[str, str]]) -> tuple[Group, ...]:
    """The groups of (label, team) pairs that come in draw order."""
    return tuple(Group(label, teams) for label, teams in grouped(pairs).items())


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
