"""Snapshot.knockout_sides leaves the tables of open groups out: the same sides as when
every group's table goes through progress.places, for any mix of open and finished groups.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.usecases import drafts, snapshots
from domain import progress
from domain.model import Score
from domain.settings import TournamentSettings
from storage.records import StoredMatch, Tournament

KICKOFF = datetime(2026, 12, 6, 10, 0, tzinfo=ZoneInfo("Europe/Istanbul"))
TEAMS = tuple(f"T{n:02d}" for n in range(1, 25))


def snapshot(teams: int, groups: int, seed: int, tie_break: str) -> snapshots.Snapshot:
    """A stored-looking tournament with a random share of its group matches played."""
    spec = drafts.Spec(
        name="Kupa",
        teams=TEAMS[:teams],
        kickoff=KICKOFF,
        groups=groups,
        pitches=("Saha 1", "Saha 2"),
        seed=seed,
        tiebreak=tie_break,
    )
    _, planned = drafts.build(spec)
    rng = random.Random(seed)
    finish = {g.label: rng.random() < 0.6 for g in planned.groups}
    matches = []
    for n, m in enumerate(planned.matches):
        score = None
        if not m.stage.is_knockout and (finish[m.group] or rng.random() < 0.5):
            score = Score(rng.randrange(3), rng.randrange(3))
        matches.append(StoredMatch(m, score, id=n + 1))
    tournament = Tournament(
        id=1,
        chat_id=-1,
        name="Kupa",
        status="active",
        created_by=1,
        created_at=datetime(2026, 12, 1, tzinfo=UTC),
        settings=TournamentSettings(tie_break=tie_break),
    )
    return snapshots.Snapshot(tournament, planned.groups, tuple(matches))


def every_table(snap: snapshots.Snapshot) -> dict[str, tuple[str | None, str | None]]:
    """What knockout_sides computed before: progress.places over all groups."""
    ties = progress.ties_from_plan(snap.planned)
    per_group = {
        g.label: sum(
            1 for m in snap.matches if not m.match.stage.is_knockout and m.match.home in g.teams
        )
        for g in snap.groups
    }
    best = [s for t in ties for s in (t.home, t.away) if isinstance(s, progress.BestOfPlace)]
    known = progress.places(snap.groups, snap.group_results(), per_group, snap.rules, best)
    played = {
        m.match.key: (m.match.home, m.match.away, m.result)
        for m in snap.matches
        if m.match.key and m.result is not None and m.match.home and m.match.away
    }
    return progress.sides(ties, known, played)  # type: ignore[arg-type]


@pytest.mark.parametrize(("teams", "groups"), [(8, 2), (12, 3), (16, 4), (10, 2), (24, 6), (9, 3)])
@pytest.mark.parametrize("tie_break", ["tff", "uefa"])
def test_knockout_sides_match_the_sides_from_every_groups_table(teams, groups, tie_break):
    seen_open = seen_all_done = 0
    for seed in range(20):
        snap = snapshot(teams, groups, seed, tie_break)
        finished = [snap.group_finished(g.label) for g in snap.groups]
        seen_open += not all(finished)
        seen_all_done += all(finished)
        assert snap.knockout_sides() == every_table(snap), seed
    assert seen_open and seen_all_done  # both branches exercised
