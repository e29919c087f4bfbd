"""Row <-> domain/record conversions, kept in one place so neither side imports the other."""

from __future__ import annotations

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
    }


def score_columns(score: Score, prefix: str = "") -> dict[str, int | None]:
    return {
        f"{prefix}home_goals": score.home_goals,
        f"{prefix}away_goals": score.away_goals,
        f"{prefix}home_penalties": score.home_penalties,
        f"{prefix}away_penalties": score.away_penalties,
    }


def stored_match(row: Any, zone: tzinfo | None = None) -> StoredMatch:
    """A planned match read with plain columns: the match's own, the team names as
    `home`/`away`, and the result's columns (NULL when unplayed). Times are in UTC, or
    on the clock of `zone` when given."""
    start, end = row.start_at, row.end_at
    if zone is not None:
        start, end = start.astimezone(zone), end.astimezone(zone)
    planned = PlannedMatch(
        no=row.no,
        stage=_STAGES[row.stage],
        group=row.group_label,
        round=row.round,
        pitch=row.pitch,
        start=start,
        end=end,
        home=row.home,
        away=row.away,
        home_from=row.home_from,
        away_from=row.away_from,
        key=row.key,
    )
    result = (
        None
        if row.home_goals is None
        else Score(row.home_goals, row.away_goals, row.home_penalties, row.away_penalties)
    )
    return StoredMatch(row.id, row.version, planned, result, row.entered_by)


_STAGES = {stage.value: stage for stage in Stage}
