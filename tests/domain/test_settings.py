"""The typed settings: a renamed team keeps its withdrawal and its matches kept out of the plan."""

from __future__ import annotations

from datetime import UTC, datetime

from domain.model import PlannedMatch, Stage
from domain.settings import TournamentSettings, UndatedMatch, Withdrawal, rename_team_in

AT = datetime(2027, 1, 10, 11, tzinfo=UTC)


def match(no: int, home: str, away: str) -> PlannedMatch:
    return PlannedMatch(no, Stage.GROUP, "A", 1, "Saha 1", AT, AT, home, away)


def test_a_renamed_team_keeps_its_withdrawal_and_its_undated_matches():
    settings = TournamentSettings(
        withdrawn=(
            Withdrawal("A4", True, 11, AT, removed=(match(3, "A4", "A1"),)),
            Withdrawal("A2", False, 11, AT, awarded=(5,)),
        ),
        undated=(UndatedMatch(match(6, "A3", "A4"), AT, 11),),
    )

    after = rename_team_in(settings, "A4", "Kartallar")

    assert after.withdrawal("A4") is None
    assert after.withdrawal("Kartallar").removed == (match(3, "Kartallar", "A1"),)
    assert after.withdrawal("A2") == settings.withdrawal("A2")
    assert after.undated_match(6).match == match(6, "A3", "Kartallar")
    assert rename_team_in(settings, "B1", "Şahinler") == settings
