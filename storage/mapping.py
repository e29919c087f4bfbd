"""Row <-> domain/record conversions, kept in one place so neither side imports the other."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from datetime import date, datetime, time, tzinfo
from typing import Any

from domain.forfeits import WithdrawalRule
from domain.formseason import Season
from domain.model import PlannedMatch, Score, Stage
from domain.settings import TournamentSettings, UndatedMatch, Withdrawal
from storage.records import StoredMatch, Tournament
from storage.rows import TournamentRow


def planned_json(m: PlannedMatch) -> dict[str, Any]:
    """A planned match kept in a settings column (a withdrawal's removed matches, an
    undated one): names, not team ids, as it was when it left the plan."""
    return {
        "no": m.no,
        "stage": m.stage.value,
        "group": m.group,
        "round": m.round,
        "pitch": m.pitch,
        "start": m.start.isoformat(),
        "end": m.end.isoformat(),
        "home": m.home,
        "away": m.away,
        "key": m.key,
        "week": m.week,
    }


def planned_from_json(d: dict[str, Any]) -> PlannedMatch:
    return PlannedMatch(
        no=d["no"],
        stage=Stage(d["stage"]),
        group=d["group"],
        round=d["round"],
        pitch=d["pitch"],
        start=datetime.fromisoformat(d["start"]),
        end=datetime.fromisoformat(d["end"]),
        home=d["home"],
        away=d["away"],
        key=d.get("key"),
        week=d.get("week"),
    )


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


def settings_columns(settings: TournamentSettings) -> dict[str, object]:
    """The tournament row's settings columns, one per field of the settings."""
    return {name: _TO_COLUMN.get(name, _as_is)(getattr(settings, name)) for name in SETTINGS}


def tournament_from_row(row: TournamentRow) -> Tournament:
    settings = TournamentSettings(
        **{name: _FROM_COLUMN.get(name, _as_is)(getattr(row, name)) for name in SETTINGS}
    )
    return Tournament(
        id=row.id,
        chat_id=row.chat_id,
        name=row.name,
        status=row.status,
        created_by=row.created_by,
        created_at=row.created_at,
        settings=settings,
    )


# A planned match's columns as `planned_match` reads them, in this order (the team names
# as `home`/`away`): a statement selects them in this order, so a row unpacks by position,
# several times cheaper per row than reading twenty attributes of a Row by name.
PLANNED_COLUMNS = (
    "no",
    "stage",
    "group_label",
    "round",
    "pitch",
    "start_at",
    "end_at",
    "home",
    "away",
    "home_from",
    "away_from",
    "key",
    "week",
)
SCORE_COLUMNS = ("home_goals", "away_goals", "home_penalties", "away_penalties", "forfeit")
# What `stored_match` reads: the match's id and version, its plan, its result (NULL when
# unplayed) and who entered it.
STORED_MATCH_COLUMNS = ("id", "version", *PLANNED_COLUMNS, *SCORE_COLUMNS, "entered_by")


def match_columns(match: PlannedMatch, team_ids: dict[str, int]) -> dict[str, object]:
    """Columns of a planned match; team names must already be resolved to ids."""
    return {
        "no": match.no,
        "stage": match.stage.value,
        "group_label": match.group,
        "round": match.round,
        "pitch": match.pitch,
        "start_at": match.start,
        "end_at": match.end,
        "home_team_id": None if match.home is None else team_ids[match.home],
        "away_team_id": None if match.away is None else team_ids[match.away],
        "home_from": match.home_from,
        "away_from": match.away_from,
        "key": match.key,
        "week": match.week,
    }


def planned_match(values: Sequence[Any], zone: tzinfo | None = None) -> PlannedMatch:
    """The match of PLANNED_COLUMNS values; times in UTC, or on the clock of `zone`."""
    no, stage, group, round_, pitch, start, end, *rest = values
    if zone is not None:
        start, end = start.astimezone(zone), end.astimezone(zone)
    return PlannedMatch(no, _STAGES[stage], group, round_, pitch, start, end, *rest)


def score_columns(score: Score, prefix: str = "") -> dict[str, int | str | None]:
    """A score's columns, named as its fields (with `prefix`: the audit trail's)."""
    return {
        f"{prefix}home_goals": score.home_goals,
        f"{prefix}away_goals": score.away_goals,
        f"{prefix}home_penalties": score.home_penalties,
        f"{prefix}away_penalties": score.away_penalties,
        f"{prefix}forfeit": score.forfeit,
    }


def score_from(*values: Any) -> Score | None:
    """The Score of SCORE_COLUMNS values; None for a match without a result."""
    return None if values[0] is None else Score(*values)


def stored_match(row: Sequence[Any], zone: tzinfo | None = None) -> StoredMatch:
    """A planned match from a row of STORED_MATCH_COLUMNS, with its version and result."""
    id_, version, *values, entered_by = row
    planned, score = values[: len(PLANNED_COLUMNS)], values[len(PLANNED_COLUMNS) :]
    return StoredMatch(id_, version, planned_match(planned, zone), score_from(*score), entered_by)


_STAGES = {stage.value: stage for stage in Stage}
