"""Forfeits ("hükmen") and withdrawals in the chat: /hukmen, /cekil, their /ayarlar keys and
the /geri_al that takes a withdrawal back whole.

A forfeit is an ordinary stored result carrying the forfeit marker (`Score.forfeit`,
`domain.forfeits`): it claims its update id and leaves its audit row like any result, so
the plain /geri_al undoes it. A withdrawal follows the league's rule (`/ayarlar cekilme`):
its remaining matches are stored as forfeits against the team (TFF), or its results are
annulled (the team leaves the tables, its unplayed matches leave the plan). The
withdrawal's own record sits in the settings (`TournamentSettings.withdrawn`) with what
/geri_al needs to take it back.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from bot.usecases import reminders, results, roles, snapshots
from bot.usecases.errors import NotOrganiser
from bot.usecases.forfeit_choice import BadForfeit, NoOpenMatch, chosen
from bot.usecases.runner import Actor, Effects, Outcome, writes
from domain import forfeits, names
from domain.errors import DomainError
from domain.forfeits import WithdrawalRule
from domain.model import Pairing, PlannedMatch, Result, Score
from domain.settings import Withdrawal
from domain.standings import Table
from storage import UnitOfWork
from storage.errors import NoActiveTournament
from storage.records import RecordOutcome, RecordResult

# The rows of roles.TABLE these use cases ask.
FORFEIT = "record a forfeit"
WITHDRAW = "withdraw a team"
SETTING = "change a setting"

# What an organiser types after /ayarlar cekilme, and the rule it means.
RULE_WORDS = {
    "tff": WithdrawalRule.AWARD,
    "hukmen": WithdrawalRule.AWARD,
    "hükmen": WithdrawalRule.AWARD,
    "iptal": WithdrawalRule.ANNUL,
    "sil": WithdrawalRule.ANNUL,
    "yari": WithdrawalRule.ANNUL_UNDER_HALF,
    "yarı": WithdrawalRule.ANNUL_UNDER_HALF,
    "yarim": WithdrawalRule.ANNUL_UNDER_HALF,
    "yarım": WithdrawalRule.ANNUL_UNDER_HALF,
}
_SCORE = re.compile(r"([0-9]{1,2})\s*[-:]\s*([0-9]{1,2})\s*$")
_NUMBER = re.compile(r"^\s*([0-9]{1,4})\s+")


class AlreadyWithdrawn(DomainError):
    def __init__(self, team: str) -> None:
        super().__init__(f"{team} has withdrawn already")
        self.team = team


class NoShowReported(NotOrganiser):
    """A captain's "Şahinler gelmedi" about the opponent of their own match that is due
    (`match`): not theirs to record, yet not chat either, so the reply says who records
    it and how. Still NotOrganiser: a captain who administers the chat records it."""

    def __init__(self, team: str, reporter: str, match: PlannedMatch) -> None:
        super().__init__(f"{reporter}'s captain reports {team} absent", action=FORFEIT)
        self.team, self.reporter, self.match = team, reporter, match


class BadRule(DomainError):
    """/ayarlar cekilme with a word that names no withdrawal rule."""

    def __init__(self, text: str) -> None:
        super().__init__(f"no withdrawal rule {text!r}")
        self.text = text


@dataclass(frozen=True)
class Forfeited:
    """A match recorded hükmen: the score stored, the one it replaced, the group's table."""

    match: PlannedMatch
    loser: str
    score: Score
    previous: Score | None
    table: tuple[str, Table] | None
    snapshot: snapshots.Snapshot
    duplicate: bool = False


@dataclass(frozen=True)
class Withdrawn:
    """A team out of the league: `awarded` matches stored 3-0 against it, or (`annulled`)
    its results out of the tables and `removed` matches out of the plan."""

    team: str
    annulled: bool
    awarded: tuple[PlannedMatch, ...]
    removed: tuple[PlannedMatch, ...]
    table: tuple[str, Table] | None
    snapshot: snapshots.Snapshot


# --- parsing -------------------------------------------------------------------------------


def parse(
    text: str, teams: tuple[str, ...], *, fuzzy: bool = True
) -> tuple[int | None, str, Score | None]:
    """'[14] Kartallar [5-1]': the match number named, the team, the played score."""
    words = " ".join(text.split())
    number = None
    if found := _NUMBER.match(words + " "):
        number, words = int(found.group(1)), words[found.end() :].strip()
    played = None
    if found := _SCORE.search(words):
        played = Score(int(found.group(1)), int(found.group(2)))
        words = words[: found.start()].strip()
    if not words:
        raise BadForfeit(text, "missing")
    return number, names.resolve(words, teams, fuzzy=fuzzy), played


def _score(match: PlannedMatch, loser: str, typed: Score | None, stored: Score | None) -> Score:
    """The forfeit's score: 3-0, or the winner's goals when more than three. A typed score
    gives the winner the higher number (the no-show's goals never count); without one, a
    stored result of the match is the played score."""
    side = "home" if loser == match.home else "away"
    if typed is not None:
        high = max(typed.home_goals, typed.away_goals)
        played = Score(0, high) if side == "home" else Score(high, 0)
    else:
        played = stored
    return forfeits.forfeit_score(side, played)


def _table(snap: snapshots.Snapshot, match: PlannedMatch) -> tuple[str, Table] | None:
    if match.stage.is_knockout:
        return None
    group = snap.group_of(match.home or "")
    return None if group is None else (group.label, snap.table(group.label))


def _replaced(
    snap: snapshots.Snapshot, no: int, score: Score | None, version: int
) -> snapshots.Snapshot:
    matches = tuple(
        dataclasses.replace(m, result=score, version=version) if m.match.no == no else m
        for m in snap.matches
    )
    return dataclasses.replace(snap, matches=matches)


# --- /hukmen -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Forfeit:
    """/hukmen Kartallar, /hukmen 14 Kartallar, /hukmen Kartallar 5-1, as typed; `plain`:
    the group line "Kartallar hükmen" / "Kartallar gelmedi", whose team must be named as
    spelled and which is chat in a chat without a tournament."""

    text: str
    plain: bool = False


@writes(claim=False)
async def record_forfeit(
    uow: UnitOfWork, command: Forfeit, actor: Actor
) -> Outcome[Forfeited | None]:
    """The team's match that is due (`due_match`; or the one named, even a played one,
    whose score turns into the forfeit's, or one waiting for a date) is stored as lost
    hükmen. Organisers only. The
    result write claims the update id. A typo of a team's name is corrected, except on a
    plain line (None: a plain line in a chat without a tournament)."""
    tournament = await uow.tournaments.active_for_chat(actor.chat_id)
    if tournament is None:
        if command.plain:
            return Outcome(None)
        raise NoActiveTournament(actor.chat_id)
    snap = await snapshots.load(uow, tournament.id, tournament)
    text = command.text
    if not command.plain:  # a member's /hukmen is refused before its team is read
        roles.require(FORFEIT, await roles.of(uow, snap.tournament, actor))
    number, team, typed = parse(text, snap.teams, fuzzy=not command.plain)
    if command.plain:  # "Hakem gelmedi" is no team's: chat, whoever says it
        try:
            roles.require(FORFEIT, await roles.of(uow, snap.tournament, actor))
        except NotOrganiser as refused:
            raise await _reported(uow, snap, text, number, team, actor) or refused from None
    waiting = None if number is None else snap.tournament.settings.undated_match(number)
    if waiting is not None and waiting.match.involves(team):  # awarded without a date
        await uow.matches.replan(snap.id, [*snap.planned, waiting.match])
        await uow.matches.raise_version(snap.id, waiting.match.no, waiting.version)
        undated = tuple(u for u in snap.tournament.settings.undated if u is not waiting)
        tournament = await uow.tournaments.update_settings(snap.id, undated=undated)
        snap = await snapshots.load(uow, snap.id, tournament)
    stored = chosen(snap, text, number, team, actor.now)
    score = _score(stored.match, team, typed, stored.result)
    cmd = RecordResult(
        tournament_id=snap.id,
        match_no=stored.match.no,
        score=score,
        entered_by=actor.user_id,
        at=actor.now,
        update_id=actor.update_id,
        source_chat_id=actor.chat_id,
    )
    write = uow.results.correct if stored.result is not None else uow.results.record_first
    outcome: RecordOutcome = await write(cmd)
    after = _replaced(snap, stored.match.no, outcome.score, outcome.version)
    if await results.fill_knockout(uow, after):
        after = await snapshots.load(uow, snap.id, snap.tournament, snap.groups)
    await reminders.sync(uow, snap.id, actor.now, after)
    forfeited = Forfeited(
        stored.match,
        team,
        outcome.score or score,
        outcome.previous,
        _table(after, stored.match),
        after,
        outcome.duplicate,
    )
    return Outcome(forfeited, Effects(reminders=True, live=(actor.chat_id,)))  # replanned


# --- /cekil --------------------------------------------------------------------------------


async def _reported(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    text: str,
    number: int | None,
    team: str,
    actor: Actor,
) -> NoShowReported | None:
    """The report, if the actor captains the opponent in `team`'s match that is due."""
    reporter = await uow.teams.captain_of(snap.id, actor.user_id)
    if reporter is None or reporter == team:
        return None
    try:
        stored = chosen(snap, text, number, team, actor.now)
    except DomainError:  # no match of theirs due: chat
        return None
    return NoShowReported(team, reporter, stored.match) if stored.match.involves(reporter) else None


@dataclass(frozen=True)
class Withdraw:
    """/cekil Kartallar, as typed."""

    text: str


@writes(replanned=True)
async def withdraw_team(uow: UnitOfWork, command: Withdraw, actor: Actor) -> Withdrawn:
    """/cekil Kartallar: the team leaves by the league's rule (/ayarlar cekilme): its
    remaining matches 3-0 to the opponents (TFF, the default), or all its results annulled
    (`iptal`; `yari`: annulled when it played less than half). Organisers only."""
    text = command.text
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(WITHDRAW, await roles.of(uow, snap.tournament, actor))
    words = " ".join(text.split())
    if not words:
        raise BadForfeit(text, "missing")
    team = names.resolve(words, snap.teams)
    settings = snap.tournament.settings
    if settings.withdrawal(team) is not None:
        raise AlreadyWithdrawn(team)
    group = snap.group_of(team)
    members = group.teams if group is not None else snap.teams
    league = [m for m in snap.matches if not m.match.stage.is_knockout and m.match.home in members]
    played = [
        Result(m.match.home, m.match.away, m.result)  # type: ignore[arg-type]
        for m in league
        if m.result is not None
    ]
    remaining = [m.match for m in league if m.result is None and m.match.involves(team)]
    # Its matches waiting for a date (/ertele 14 belirsiz) are remaining matches too.
    waiting = tuple(
        u
        for u in settings.undated
        if u.match.involves(team) and not u.match.stage.is_knockout and u.match.home in members
    )
    remaining += [u.match for u in waiting]
    if not remaining and not any(team in (r.home, r.away) for r in played):
        raise NoOpenMatch(team)
    pairings = [Pairing(m.home, m.away) for m in remaining]  # type: ignore[arg-type]
    outcome = forfeits.withdraw(team, members, played, pairings, settings.withdrawal_rule)
    awarded: list[PlannedMatch] = []
    removed: list[PlannedMatch] = []
    if waiting:  # out of the waiting list, whatever the rule
        gone_no = {u.match.no for u in waiting}
        undated = tuple(u for u in settings.undated if u.match.no not in gone_no)
        await uow.tournaments.update_settings(snap.id, undated=undated)
    if outcome.annulled:
        removed = [m for m in remaining if m not in {u.match for u in waiting}]
        keep = [m.match for m in snap.matches if m.match not in removed]
        await uow.matches.replan(snap.id, keep)
    else:
        if waiting:  # back in the plan at the day they had, to carry their 3-0
            await uow.matches.replan(snap.id, [*snap.planned, *(u.match for u in waiting)])
            for u in waiting:  # its calendar event comes back newer than phones last saw
                await uow.matches.raise_version(snap.id, u.match.no, u.version)
        for m in remaining:
            cmd = RecordResult(
                tournament_id=snap.id,
                match_no=m.no,
                score=forfeits.forfeit_score("home" if m.home == team else "away"),
                entered_by=actor.user_id,
                at=actor.now,
                source_chat_id=actor.chat_id,
            )
            await uow.results.record_first(cmd)
            awarded.append(m)
    last = await uow.results.last_write(snap.id, actor.user_id)
    gone = Withdrawal(
        team=team,
        annulled=outcome.annulled,
        by=actor.user_id,
        at=actor.now,
        after=None if last is None else last.audit_id,
        awarded=tuple(m.no for m in awarded),
        removed=tuple(removed),
        undated=waiting,
    )
    withdrawn = (*settings.withdrawn, gone)
    tournament = await uow.tournaments.update_settings(snap.id, withdrawn=withdrawn)
    after = await snapshots.load(uow, snap.id, tournament, snap.groups)
    if await results.fill_knockout(uow, after):  # its group ended: the knockout sides
        after = await snapshots.load(uow, snap.id, tournament, snap.groups)
    await reminders.sync(uow, snap.id, actor.now, after)
    table = None
    if group is not None:
        table = (group.label, after.table(group.label))
    dropped = (*removed, *(u.match for u in waiting)) if outcome.annulled else tuple(removed)
    return Withdrawn(team, outcome.annulled, tuple(awarded), dropped, table, after)


# --- /ayarlar hukmen_puan_sil, /ayarlar cekilme --------------------------------------------


@dataclass(frozen=True)
class SetDeduction:
    """/ayarlar hukmen_puan_sil acik|kapali."""

    on: bool


@writes
async def set_deduction(uow: UnitOfWork, command: SetDeduction, actor: Actor) -> Outcome[bool]:
    """/ayarlar hukmen_puan_sil acik|kapali: a forfeit also costs a win's points (Madde 24)."""
    return await _set(uow, actor, "forfeit_deduction", command.on)


@dataclass(frozen=True)
class SetWithdrawalRule:
    """/ayarlar cekilme tff|iptal|yari, the word as typed."""

    word: str


@writes
async def set_withdrawal_rule(
    uow: UnitOfWork, command: SetWithdrawalRule, actor: Actor
) -> Outcome[WithdrawalRule]:
    """/ayarlar cekilme tff|iptal|yari."""
    rule = RULE_WORDS.get(names.tr_lower(command.word.strip()))
    if rule is None:
        raise BadRule(command.word)
    return await _set(uow, actor, "withdrawal_rule", rule)


async def _set(uow: UnitOfWork, actor: Actor, field: str, value: Any) -> Outcome[Any]:
    """One field of the settings (a name of TournamentSettings) to `value`; the chat's
    live message shows the settings."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(SETTING, await roles.of(uow, snap.tournament, actor))
    await uow.tournaments.update_settings(snap.id, **{field: value})
    return Outcome(value, Effects(live=(actor.chat_id,)))
