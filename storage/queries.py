"""The hot statements, built once at import time as Core statements with bind parameters.

The bot runs these on nearly every message (the next-match look-up) or every result;
building them per call and going through ORM entity loading cost more than the
database work itself. Names of bind parameters are the keyword arguments callers pass.
"""

from __future__ import annotations

from sqlalchemy import Table, and_, bindparam, insert, or_, select, update

from storage.rows import CaptainRow, MatchRow, ResultAuditRow, ResultRow, TeamRow, TournamentRow


def _table(row: type) -> Table:
    table = row.__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


matches = _table(MatchRow)
results = _table(ResultRow)
audit = _table(ResultAuditRow)
captains = _table(CaptainRow)
tournaments = _table(TournamentRow)
home = _table(TeamRow).alias("home")
away = _table(TeamRow).alias("away")

# A match's state for a result write: version, whether both sides are known, result.
MATCH_STATE = (
    select(
        matches.c.id,
        matches.c.version,
        matches.c.home_team_id,
        matches.c.away_team_id,
        results.c.home_goals,
        results.c.away_goals,
        results.c.home_penalties,
        results.c.away_penalties,
        results.c.entered_by,
    )
    .select_from(matches.outerjoin(results, results.c.match_id == matches.c.id))
    .where(matches.c.tournament_id == bindparam("tournament_id"), matches.c.no == bindparam("no"))
)

# Optimistic claim: bump the version only if it is still the one the writer saw.
BUMP_VERSION = (
    update(matches)
    .where(matches.c.id == bindparam("match_id"), matches.c.version == bindparam("expected"))
    .values(version=matches.c.version + 1)
)

INSERT_RESULT = insert(results)
INSERT_AUDIT = insert(audit)

# "Ne zaman oynuyoruz?": captains PK -> active-tournament index -> (team, start) indexes.
NEXT_MATCH = (
    select(
        tournaments.c.id.label("tournament_id"),
        tournaments.c.time_zone,
        captains.c.team_id,
        matches.c.no,
        matches.c.stage,
        matches.c.group_label,
        matches.c.round,
        matches.c.pitch,
        matches.c.start_at,
        matches.c.end_at,
        matches.c.home_team_id,
        home.c.name.label("home"),
        away.c.name.label("away"),
        matches.c.home_from,
        matches.c.away_from,
    )
    .select_from(
        captains.join(
            tournaments,
            and_(
                tournaments.c.id == captains.c.tournament_id,
                tournaments.c.chat_id == bindparam("chat_id"),
                tournaments.c.status == "active",
            ),
        )
        .join(
            matches,
            or_(
                matches.c.home_team_id == captains.c.team_id,
                matches.c.away_team_id == captains.c.team_id,
            ),
        )
        .outerjoin(results, results.c.match_id == matches.c.id)
        .outerjoin(home, home.c.id == matches.c.home_team_id)
        .outerjoin(away, away.c.id == matches.c.away_team_id)
    )
    .where(
        captains.c.user_id == bindparam("user_id"),
        matches.c.end_at > bindparam("now"),
        results.c.match_id.is_(None),
    )
    .order_by(matches.c.start_at, matches.c.no)
    .limit(1)
)
