"""Row <-> domain/record conversions, kept in one place so neither side imports the other."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import tzinfo
from typing import Any

from domain.model import PlannedMatch, Score, Stage
from storage.records import StoredMatch, Tournament, TournamentSettings
from storage.rows import TournamentRow


def settings_columns(settings: TournamentSettings) -> dict[str, object]:
    return {
        "format": settings.format,
        "pitches": list(settings.pitches),
        "day": settings.day,
        "first_kickoff": settings.first_kickoff,
        "slot_minutes": settings.slot_minutes,
        "break_minutes": settings.break_minutes,
        "rest_minutes": settings.rest_minutes,
        "tie_break": settings.tie_break,
        "reminder_leads": list(settings.reminder_leads),
        "time_zone": settings.time_zone,
        "captains_may_enter_results": settings.captains_may_enter_results,
        "extra": dict(settings.extra),
    }


def tournament_from_row(row: TournamentRow) -> Tournament:
    settings = TournamentSettings(
        format=row.format,
        pitches=tuple(row.pitches),
        day=row.day,
        first_kickoff=row.first_kickoff,
        slot_minutes=row.slot_minutes,
        break_minutes=row.break_minutes,
        rest_minutes=row.rest_minutes,
        tie_break=row.tie_break,
        reminder_leads=tuple(row.reminder_leads),
        time_zone=row.time_zone,
        captains_may_enter_results=row.captains_may_enter_results,
        extra=dict(row.extra),
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
