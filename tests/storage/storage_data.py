"""Shared test data for the storage suite: a small two-group cup and its plan."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from domain.model import Group, PlannedMatch, Result, Score, Stage
from domain.settings import TournamentSettings
from storage.mapping import SCORE_COLUMNS, score_from
from storage.records import NewTournament, StoredMatch
from storage.rows import ResultAuditRow
from storage.uow import UnitOfWork

T0 = datetime(2026, 12, 6, 7, 0, tzinfo=UTC)  # 10:00 in Istanbul
CHAT = -1001234567890  # a supergroup id: more than 32 bits
ORGANISER = 7_000_000_001


def group_plan(groups: tuple[Group, ...], start: datetime = T0) -> tuple[PlannedMatch, ...]:
    """A simple plan: each group's round robin, one match per slot, two pitches."""
    matches: list[PlannedMatch] = []
    for group in groups:
        teams = group.teams
        for i, home in enumerate(teams):
            for away in teams[i + 1 :]:
                n = len(matches)
                kickoff = start + timedelta(minutes=30 * (n // 2))
                matches.append(
                    PlannedMatch(
                        no=n + 1,
                        stage=Stage.GROUP,
                        group=group.label,
                        round=None,
                        pitch=f"Saha {n % 2 + 1}",
                        start=kickoff,
                        end=kickoff + timedelta(minutes=26),
                        home=home,
                        away=away,
                    )
                )
    final_at = start + timedelta(minutes=30 * (len(matches) // 2 + 1))
    matches.append(
        PlannedMatch(
            no=len(matches) + 1,
            stage=Stage.FINAL,
            group=None,
            round=None,
            pitch="Saha 1",
            start=final_at,
            end=final_at + timedelta(minutes=26),
            home=None,
            away=None,
            home_from="1A",
            away_from="1B",
            key="F",
        )
    )
    return tuple(matches)


GROUPS = (
    Group("A", ("Kartallar", "Şimşekler", "Yıldızspor", "Çınar FK")),
    Group("B", ("Ağaçlar", "Işıkspor", "Gökçe Gençlik", "Öztürk United")),
)


def new_tournament(chat_id: int = CHAT, name: str = "Kış Kupası") -> NewTournament:
    return NewTournament(
        chat_id=chat_id,
        name=name,
        created_by=ORGANISER,
        settings=TournamentSettings(
            format="groups+knockout",
            pitches=("Saha 1", "Saha 2"),
            day=T0.date(),
            first_kickoff=T0,
            slot_minutes=30,
            break_minutes=4,
            rest_minutes=30,
            tie_break="tff",
            reminder_leads=(60, 15),
            captains_may_enter_results=True,
            knockout="final",
            third_place=False,
        ),
        teams=tuple(team for group in GROUPS for team in group.teams),
        groups=GROUPS,
        plan=group_plan(GROUPS),
        co_organisers=(7_000_000_002,),
        chat_title="Halı Saha Ligi",
    )


def played(plan: list[StoredMatch]) -> list[tuple[str | None, Result]]:
    """(group label, result) of every played match of `plan`, in match-number order."""
    return [
        (m.match.group, Result(m.match.home, m.match.away, m.result))  # type: ignore[arg-type]
        for m in plan
        if m.result is not None
    ]


@dataclass(frozen=True)
class AuditEntry:
    """One write of a result: `old` is None for the first entry, `new` None when the
    result was deleted; `undo` when the write was an undo of an earlier one."""

    old: Score | None
    new: Score | None
    changed_by: int
    changed_at: datetime
    undo: bool = False


async def audit_history(uow: UnitOfWork, match_id: int) -> list[AuditEntry]:
    """Every write of the match's result, oldest first, as the database's triggers keep
    them (the bot reads the trail only to undo: ResultRepository.last_write)."""
    a = ResultAuditRow
    stmt = select(a).where(a.match_id == match_id).order_by(a.changed_at, a.id)

    def score(row: ResultAuditRow, prefix: str) -> Score | None:
        return score_from(*(getattr(row, prefix + name) for name in SCORE_COLUMNS))

    return [
        AuditEntry(
            score(row, "old_"),
            score(row, "new_"),
            row.changed_by,
            row.changed_at,
            row.undoes_id is not None,
        )
        for row in await uow.session.scalars(stmt)
    ]
