"""A Snapshot straight from the planner, without storage: for tests, benchmarks and previews."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from bot.usecases.snapshots import Snapshot
from domain.dayplan import Pitch, TimeRules
from domain.formats import Options, groups_then_knockout, league
from domain.model import Group, Score
from domain.planner import plan
from domain.settings import TournamentSettings
from storage.records import StoredMatch, Tournament

IST = ZoneInfo("Europe/Istanbul")
EIGHT = (
    "Kartallar",
    "Şahinler",
    "Aslanlar",
    "Kaplanlar",
    "Kurtlar",
    "Ayılar",
    "Boğalar",
    "İğneler",
)
KICKOFF = datetime(2026, 12, 6, 10, 0, tzinfo=IST)


def names(count: int) -> tuple[str, ...]:
    """`count` team names with Turkish letters: the eight above, then numbered ones."""
    if count <= len(EIGHT):
        return EIGHT[:count]
    return EIGHT + tuple(f"Gençlik Ş{i}" for i in range(len(EIGHT) + 1, count + 1))


def snapshot(
    teams: tuple[str, ...] = EIGHT,
    group_size: int = 4,
    pitches: int = 2,
    name: str = "Bahar Kupası",
    tournament_id: int = 7,
    knockout: str | None = None,
) -> Snapshot:
    """Groups of `group_size` (one league when it is all of them), semi-finals or more and a
    third-place match, planned on `pitches` pitches from 6 December 10:00 in Istanbul.
    `knockout` ("semi", "quarter"): the first knockout round, else as the groups give it
    (three groups and "semi": the group winners and the best runner-up)."""
    rules = TimeRules(
        start=KICKOFF, pitches=tuple(Pitch(f"Saha {i}") for i in range(1, pitches + 1))
    )
    count = len(teams) // group_size
    if count < 2:
        draft = league(teams, Options())
    else:
        labels = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        groups = tuple(
            Group(labels[i], teams[i * group_size : (i + 1) * group_size]) for i in range(count)
        )
        stage = knockout or {2: "semi", 4: "quarter"}.get(count, "round_of_16")
        draft = groups_then_knockout(groups, Options(knockout=stage, third_place=True))
    planned = plan(draft, rules)
    settings = TournamentSettings(
        pitches=tuple(p.name for p in rules.pitches),
        first_kickoff=KICKOFF,
        slot_minutes=rules.slot,
        match_minutes=rules.match_minutes,
        changeover=rules.changeover,
    )
    tournament = Tournament(
        tournament_id, -1001, name, "active", 1, datetime(2026, 12, 1, tzinfo=UTC), settings
    )
    groups_ = planned.groups or (Group("A", teams),)
    stored = tuple(StoredMatch(m, None, id=i + 1) for i, m in enumerate(planned.matches))
    return Snapshot(tournament, groups_, stored)


def with_result(snap: Snapshot, no: int, score: Score) -> Snapshot:
    """The snapshot after match `no` got `score` (its stored version goes up, as in storage)."""
    matches = tuple(
        replace(m, result=score, version=m.version + 1) if m.match.no == no else m
        for m in snap.matches
    )
    return replace(snap, matches=matches)
