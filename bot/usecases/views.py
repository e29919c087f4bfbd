"""What anyone in the chat may read: the running tournament as a snapshot, its captains,
the live message's id. Read-only units of work: on SQLite they never queue behind writers."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.usecases import roles, snapshots, undated
from bot.usecases.runner import Actor, reads, writes
from domain.intents import Intent
from domain.model import PlannedMatch
from domain.questions import Question
from domain.selection import Selection
from storage import UnitOfWork

SEE = "see the fixture, table, files"


@dataclass(frozen=True)
class Running:
    """/fikstur, /puan, /eleme, /yazdir, /takvim, /disa_aktar: the chat's tournament."""


@dataclass(frozen=True)
class Tables:
    """Every group's table (a league's one): "puan durumu" asked by someone who captains
    no team, as /puan shows them."""

    snapshot: snapshots.Snapshot
    label: str | None = None  # "a grubu puan durumu": that group's alone


@dataclass(frozen=True)
class Fixture:
    """The fixture as /fikstur metin shows it (a league's coming week): "maçlar ne zaman"
    asked by someone who captains no team."""

    snapshot: snapshots.Snapshot
    chosen: Selection
    waits: tuple[PlannedMatch, ...]


def for_bystander(
    snap: snapshots.Snapshot, question: Question, now: datetime
) -> Tables | Fixture | None:
    """What a question about the table or the fixture shows to someone who captains no
    team: all of it, as /puan and /fikstur metin do; None for any other question."""
    if question.intent is Intent.STANDING:
        return Tables(snap, question.detail)  # "puan durumu", "a grubu puan durumu"
    if question.intent is not Intent.FIXTURE:
        return None
    return chosen_fixture(snap, "", now)


def chosen_fixture(snap: snapshots.Snapshot, wanted: str, now: datetime) -> Fixture:
    """The matches `wanted` names (a day, group, pitch, week or team; "" all) and the
    undated ones listed with them, as /fikstur, /yazdir and a question in words show them:
    a team's fixture asked as "fikstürümüz" is /fikstur Kartallar's, a league's weeks each
    under its date. Raises selection.UnknownSelection."""
    chosen = snap.select(wanted, now)
    return Fixture(snap, chosen, tuple(undated.shown_with(snap, chosen, wanted, now)))


@reads
async def snapshot(uow: UnitOfWork, command: Running, actor: Actor) -> snapshots.Snapshot:
    """The chat's running tournament (NoActiveTournament where none runs, as in a private
    chat: a group's tournament is read only in its group). Nothing but the tournament's
    own reads: /fikstur metin is this and its reply."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.anyone(SEE, snap.tournament, actor)
    return snap


@dataclass(frozen=True)
class Captained:
    """/takimlar: the teams and whether each has a captain."""


@reads
async def with_captains(
    uow: UnitOfWork, command: Captained, actor: Actor
) -> tuple[snapshots.Snapshot, dict[str, tuple[int, ...]]]:
    """The snapshot and each team's captains (/takimlar)."""
    snap = await snapshot(uow, Running(), actor)
    return snap, await uow.teams.captains(snap.id)


@dataclass(frozen=True)
class Live:
    """The live message of the chat's tournament."""


@reads
async def snapshot_if_any(
    uow: UnitOfWork, command: Live, actor: Actor
) -> snapshots.Snapshot | None:
    """The running tournament, or None (the live message of an ended one stays as it is)."""
    return await snapshots.running(uow, actor.chat_id)


@dataclass(frozen=True)
class KeepLiveMessage:
    """The pinned live message just posted."""

    message_id: int


@writes(claim=False)
async def keep_live_message(uow: UnitOfWork, command: KeepLiveMessage, actor: Actor) -> None:
    """The pinned live message's id, stored so later edits find it. No claim: it follows
    the change (a set-up, a restore) whose update claimed the id already."""
    snap = await snapshots.active(uow, actor.chat_id)
    await uow.tournaments.update_settings(snap.id, live_message_id=command.message_id)
