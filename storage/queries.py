"""The hot statements, built once at import time as Core statements with bind parameters.

The bot runs these on nearly every message (the next-match look-up) or every result;
building them per call and going through ORM entity loading cost more than the
database work itself. Names of bind parameters are the keyword arguments callers pass.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    Select,
    Table,
    and_,
    bindparam,
    exists,
    literal_column,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.dml import Insert

from storage.rows import (
    CaptainRow,
    MatchRow,
    ProcessedUpdateRow,
    ResultRow,
    TeamRow,
    TournamentRow,
)


def table(row: type) -> Table:
    """The Core table of a mapped row class, for prebuilt statements."""
    found = row.__table__  # type: ignore[attr-defined]
    assert isinstance(found, Table)
    return found


matches = table(MatchRow)
results = table(ResultRow)
captains = table(CaptainRow)
processed_updates = table(ProcessedUpdateRow)
tournaments = table(TournamentRow)
home = table(TeamRow).alias("home")
away = table(TeamRow).alias("away")

# `status = 'active'` spelled in the SQL, not bound: the one-active-tournament-per-chat
# index is partial (WHERE status = 'active'), and SQLite plans a statement that binds the
# status anew on every execution to find out whether that index may serve it (a
# re-prepare: about three times the cost of the look-up itself).
ACTIVE = literal_column("'active'")

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


def insert_ignoring_duplicates(table: Table, *key: str) -> dict[str, Insert]:
    """INSERT ... ON CONFLICT (key) DO NOTHING, spelled for each engine, by dialect name.

    The rowcount says whether this statement inserted the row: one trip both writes and
    detects a duplicate. On PostgreSQL a concurrent, uncommitted insert of the same key
    makes it wait for that transaction and then insert nothing, so the first one wins.
    """
    return {
        "sqlite": sqlite.insert(table).on_conflict_do_nothing(index_elements=key),
        "postgresql": postgresql.insert(table).on_conflict_do_nothing(index_elements=key),
    }


# A Telegram update id, written in the transaction of the change it causes; rowcount 0
# means the update was applied before.
CLAIM_UPDATE = insert_ignoring_duplicates(processed_updates, "update_id")

# Claim a match for one result write, in one statement instead of a read and a write: the
# version goes up only if the match exists and both sides are known; RETURNING hands back
# its id and new version, and no row means "refused, look why". On PostgreSQL the UPDATE
# takes the row lock, so concurrent writers of one match queue here.
CLAIM_MATCH = (
    update(matches)
    .where(
        # Bind names differ from column names: in an UPDATE those would mean "SET it".
        matches.c.tournament_id == bindparam("in_tournament"),
        matches.c.no == bindparam("match_no"),
        matches.c.home_team_id.is_not(None),
        matches.c.away_team_id.is_not(None),
    )
    .values(version=matches.c.version + 1)
    .returning(matches.c.id, matches.c.version)
)
# ... and only if the version is still the one the writer saw (optimistic locking). On
# PostgreSQL a writer that waited for the row lock re-checks this against the committed
# row, sees the version moved on and updates nothing.
CLAIM_MATCH_AT_VERSION = CLAIM_MATCH.where(matches.c.version == bindparam("expected"))

# A first entry: rowcount 0 means the match has a result already (first one wins; on
# PostgreSQL the results primary key makes a racing insert wait, then do nothing).
INSERT_RESULT_IF_ABSENT = insert_ignoring_duplicates(results, "match_id")

# The columns a result write sets besides match_id.
_RESULT_VALUES = (
    "home_goals",
    "away_goals",
    "home_penalties",
    "away_penalties",
    "entered_by",
    "entered_at",
    "source_chat_id",
    "source_message_id",
)


def _first_entry_in_one_statement() -> Select[Any]:
    """PostgreSQL: CLAIM_UPDATE, CLAIM_MATCH[_AT_VERSION] and INSERT_RESULT_IF_ABSENT as
    one statement of data-modifying CTEs: one round trip instead of three.

    Each step runs only if the one before succeeded (the match claim needs a new update
    id, the insert needs the claimed match); locks, waits and the first-one-wins rules are
    those of the three statements. The row says how far it got: `first_time` (false: the
    update was applied before), `version` (null: the match claim was refused) and `stored`
    (false: the match has a result already).
    """
    update_id = bindparam("update_id", type_=processed_updates.c.update_id.type)
    at = bindparam("at", type_=processed_updates.c.processed_at.type)
    new_update = (
        postgresql.insert(processed_updates)
        .from_select(
            ["update_id", "processed_at"], select(update_id, at).where(update_id.is_not(None))
        )
        .on_conflict_do_nothing(index_elements=["update_id"])
        .returning(processed_updates.c.update_id)
        .cte("new_update")
    )
    first_time = or_(update_id.is_(None), exists(new_update.select()))
    expected = bindparam("expected", type_=matches.c.version.type)
    claimed = CLAIM_MATCH.where(
        or_(expected.is_(None), matches.c.version == expected), first_time
    ).cte("claimed")
    values = select(
        claimed.c.id, *(bindparam(name, type_=results.c[name].type) for name in _RESULT_VALUES)
    )
    stored = (
        postgresql.insert(results)
        .from_select(["match_id", *_RESULT_VALUES], values)
        .on_conflict_do_nothing(index_elements=["match_id"])
        .returning(results.c.match_id)
        .cte("stored")
    )
    return select(
        first_time.label("first_time"),
        select(claimed.c.version).scalar_subquery().label("version"),
        exists(stored.select()).label("stored"),
    )


FIRST_ENTRY_POSTGRESQL = _first_entry_in_one_statement()

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
        matches.c.week,
    )
    .select_from(
        captains.join(
            tournaments,
            and_(
                tournaments.c.id == captains.c.tournament_id,
                tournaments.c.chat_id == bindparam("chat_id"),
                tournaments.c.status == ACTIVE,
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
