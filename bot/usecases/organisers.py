"""The organisers' own commands: /yetkili, /kura, /ayarlar (esitlik too), /takim_adi.

Each checks that the actor organises the chat's running tournament (creator, /yetkili,
chat administrator) before it changes anything, and says what must follow its commit.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import reminders, results, roles, snapshots
from bot.usecases.runner import Actor, Effects, Outcome, reads, writes
from domain import names, teamlists, tiebreak
from domain.errors import DomainError
from domain.model import PlannedMatch
from domain.settings import rename_team_in
from storage import UnitOfWork
from storage.records import Tournament


class NoTie(DomainError):
    """/kura names a team that is in no tie a lot must break."""

    def __init__(self, team: str) -> None:
        super().__init__(f"no unresolved tie holds {team}")
        self.team = team


@dataclass(frozen=True)
class Lot:
    order: tuple[str, ...]
    filled: tuple[PlannedMatch, ...]  # knockout ties the lot decided


async def _organised(uow: UnitOfWork, actor: Actor, action: str) -> snapshots.Snapshot:
    snap = await snapshots.active(uow, actor.chat_id)
    roles.require(action, await roles.of(uow, snap.tournament, actor))
    return snap


@dataclass(frozen=True)
class AddOrganiser:
    """/yetkili as a reply: the person replied to."""

    user_id: int


@writes
async def add_organiser(uow: UnitOfWork, command: AddOrganiser, actor: Actor) -> None:
    """/yetkili as a reply: that person organises the tournament from now on."""
    snap = await _organised(uow, actor, "add an organiser")
    await uow.tournaments.add_organiser(snap.id, command.user_id, actor.now)


@dataclass(frozen=True)
class RecordLot:
    """/kura Kartallar[, Şahinler]: the words after the command."""

    words: str


@writes
async def record_lot(uow: UnitOfWork, command: RecordLot, actor: Actor) -> Outcome[Lot]:
    """/kura Kartallar[, Şahinler]: the lot's order for a tie no criterion broke; the
    knockout ties it decides fill at once, and their reminders follow in the same commit."""
    words = command.words
    snap = await _organised(uow, actor, "record a drawing of lots")
    first = [names.resolve(w.strip(), snap.teams) for w in words.split(",") if w.strip()]
    if not first:
        raise NoTie(words.strip())
    scope, tie = _tie_of(snap, first[0])
    if tie is None:
        raise NoTie(first[0])
    order = tuple(dict.fromkeys(first + [t for t in tie if t not in first]))
    await uow.tiebreak.record_lot(snap.id, scope, list(order), actor.user_id, actor.now)
    tournament = await uow.tournaments.update_settings(snap.id, has_lots=True)
    after = await snapshots.load(uow, snap.id, tournament)
    filled = await results.fill_knockout(uow, after)
    if filled:  # the semi-finals' captains get their reminders
        after = await snapshots.load(uow, snap.id, tournament)
        await reminders.sync(uow, snap.id, actor.now, after)
    lot = Lot(order, tuple(filled))
    return Outcome(lot, Effects(reminders=bool(filled), live=(actor.chat_id,), drawn=(after,)))


def _tie_of(snap: snapshots.Snapshot, team: str) -> tuple[str, tuple[str, ...] | None]:
    for label, table in snap.tables().items():
        for tied in table.unresolved:
            if team in tied:
                return label, tied
    return "", None


@dataclass(frozen=True)
class ShowSettings:
    """/ayarlar without arguments."""


@reads
async def settings(uow: UnitOfWork, command: ShowSettings, actor: Actor) -> Tournament:
    """/ayarlar without arguments: anyone may look."""
    snap = await snapshots.active(uow, actor.chat_id)
    roles.anyone("see the settings and reminders", snap.tournament, actor)
    return snap.tournament


@dataclass(frozen=True)
class CaptainsResults:
    """/ayarlar kaptan_sonuc acik|kapali."""

    on: bool


@writes
async def captains_enter_results(uow: UnitOfWork, command: CaptainsResults, actor: Actor) -> bool:
    """/ayarlar kaptan_sonuc acik|kapali."""
    snap = await _organised(uow, actor, "change a setting")
    await uow.tournaments.update_settings(snap.id, captains_may_enter_results=command.on)
    return command.on


@dataclass(frozen=True)
class RenameTeam:
    """/takim_adi 3 Kartallar: the team as typed ("Takım 3"), and its new name. `words`:
    the whole text typed without "=" ("Kara Kartallar Kartallar"), where the longest
    opening that is a team's full name is the old name (else its first word, `old`)."""

    old: str
    new: str
    words: str = ""


def _split_rename(command: RenameTeam, teams: tuple[str, ...]) -> tuple[str, str]:
    """The old name as typed and the new name: "/takim_adi Kara Kartallar Kartallar" renames
    Kara Kartallar, not the team its first word names."""
    words = command.words.split()
    full = {names.loose_key(team) for team in teams}
    for cut in range(len(words) - 1, 1, -1):
        if names.loose_key(" ".join(words[:cut])) in full:
            return " ".join(words[:cut]), " ".join(words[cut:])
    return command.old, command.new


@writes
async def rename_team(
    uow: UnitOfWork, command: RenameTeam, actor: Actor
) -> Outcome[tuple[str, str]]:
    """/takim_adi 3 Kartallar: (old, new) names; reminders and the live message follow."""
    snap = await _organised(uow, actor, "rename a team")
    typed, new = _split_rename(command, snap.teams)
    old = names.resolve(typed, snap.teams, fuzzy=False)
    clean = teamlists.cased(names.clean_name(new))
    await uow.teams.rename(snap.id, old, clean)
    settings = snap.tournament.settings
    if settings.withdrawn or settings.undated:  # they name the team, not its id
        after = rename_team_in(settings, old, clean)
        await uow.tournaments.update_settings(
            snap.id, withdrawn=after.withdrawn, undated=after.undated
        )
    return Outcome((old, clean), Effects(reminders=True, live=(actor.chat_id,)))


class RuleLocked(DomainError):
    """/ayarlar esitlik after the first result: the rule is stated before the first match
    (a table must not change order because the rule changed on the day)."""

    def __init__(self, rule: tiebreak.TieBreak, played: int) -> None:
        super().__init__(f"{played} results stand under {rule.name}")
        self.rule = rule
        self.played = played


def tie_rule_of(words: str) -> tuple[str, tiebreak.TieBreak]:
    """A preset's name ("tff", "halisaha") or criteria in order ("averaj, atılan gol,
    aralarındaki maç"): the stored setting and the rule. UnknownPreset/UnknownCriterion."""
    parts = [p.strip() for p in words.replace(";", ",").split(",") if p.strip()]
    if len(parts) == 1 and names.loose_key(parts[0]) in tiebreak.PRESET_NAMES:
        key = names.loose_key(parts[0])
        return key, tiebreak.preset(key)
    if len(parts) == 1 and " " not in parts[0]:
        try:
            tiebreak.parse_criterion(parts[0])
        except tiebreak.UnknownCriterion:
            raise tiebreak.UnknownPreset(parts[0], tiebreak.PRESET_NAMES) from None
    rule = tiebreak.custom(parts)
    stored = ",".join(c.value for c in rule.criteria)
    return stored, tiebreak.custom(stored.split(","))


@dataclass(frozen=True)
class TieBreakRule:
    """/ayarlar esitlik averaj, atılan gol, aralarındaki maç: the words after "esitlik"."""

    words: str


@writes
async def change_tiebreak(
    uow: UnitOfWork, command: TieBreakRule, actor: Actor
) -> Outcome[tiebreak.TieBreak]:
    """/ayarlar esitlik averaj, atılan gol, aralarındaki maç (or a preset's name): the
    tournament's tie-break order, for organisers, and only while no group or league match
    has a result (RuleLocked). The live message and the pictures follow."""
    snap = await _organised(uow, actor, "change the tie-break rule, before the first result")
    stored, rule = tie_rule_of(command.words)
    played = sum(1 for m in snap.matches if m.result is not None and not m.match.stage.is_knockout)
    if played:
        raise RuleLocked(snap.rules.tiebreak, played)
    await uow.tournaments.update_settings(snap.id, tie_break=stored)
    return Outcome(rule, Effects(live=(actor.chat_id,)))
