"""The organisers' own commands: /yetkili, /kura, /ayarlar (esitlik too), /takim_adi.

Each checks that the actor organises the chat's running tournament (creator, /yetkili,
chat administrator) before it changes anything, and says what must follow its commit.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import reminders, results, roles, state, units
from bot.usecases.units import Actor, Done, Effects
from domain import names, tiebreak
from domain.errors import DomainError
from domain.model import PlannedMatch
from domain.settings import rename_team_in
from storage import Database, UnitOfWork
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


async def _organised(uow: UnitOfWork, actor: Actor, admin: bool, action: str) -> state.Snapshot:
    snap = await state.active(uow, actor.chat_id)
    roles.require(
        action, await roles.of_user(uow, snap.tournament, actor.user_id, chat_admin=admin)
    )
    return snap


async def add_organiser(db: Database, actor: Actor, user_id: int) -> Done[None]:
    """/yetkili as a reply: that person organises the tournament from now on."""

    async def action(uow: UnitOfWork, admin: bool) -> None:
        snap = await _organised(uow, actor, admin, "add an organiser")
        await uow.tournaments.add_organiser(snap.id, user_id, actor.now)

    await units.write(db, actor, action)
    return Done(None)


async def record_lot(db: Database, actor: Actor, words: str) -> Done[Lot]:
    """/kura Kartallar[, Şahinler]: the lot's order for a tie no criterion broke; the
    knockout ties it decides fill at once, and their reminders follow in the same commit."""

    async def action(uow: UnitOfWork, admin: bool) -> Lot:
        snap = await _organised(uow, actor, admin, "record a drawing of lots")
        first = [names.resolve(w.strip(), snap.teams) for w in words.split(",") if w.strip()]
        if not first:
            raise NoTie(words.strip())
        scope, tie = _tie_of(snap, first[0])
        if tie is None:
            raise NoTie(first[0])
        order = tuple(dict.fromkeys(first + [t for t in tie if t not in first]))
        await uow.tiebreak.record_lot(snap.id, scope, list(order), actor.user_id, actor.now)
        await uow.tournaments.update_settings(snap.id, has_lots=True)
        after = await state.load(uow, snap.id)
        filled = await results.fill_knockout(uow, after)
        if filled:  # the semi-finals' captains get their reminders
            await reminders.sync(uow, snap.id, actor.now, await state.load(uow, snap.id))
        return Lot(order, tuple(filled))

    lot = await units.write(db, actor, action)
    return Done(lot, Effects(reminders=bool(lot.filled), live=(actor.chat_id,)))


def _tie_of(snap: state.Snapshot, team: str) -> tuple[str, tuple[str, ...] | None]:
    for label, table in snap.tables().items():
        for tied in table.unresolved:
            if team in tied:
                return label, tied
    return "", None


async def settings_of(db: Database, chat_id: int) -> Tournament:
    """/ayarlar without arguments: anyone may look."""
    return (await units.read(db, lambda uow: state.active(uow, chat_id))).tournament


async def captains_enter_results(db: Database, actor: Actor, on: bool) -> Done[bool]:
    """/ayarlar kaptan_sonuc acik|kapali."""

    async def action(uow: UnitOfWork, admin: bool) -> bool:
        snap = await _organised(uow, actor, admin, "change a setting")
        await uow.tournaments.update_settings(snap.id, captains_may_enter_results=on)
        return on

    return Done(await units.write(db, actor, action))


async def rename_team(db: Database, actor: Actor, old_text: str, new: str) -> Done[tuple[str, str]]:
    """/takim_adi 3 Kartallar: (old, new) names; reminders and the live message follow."""

    async def action(uow: UnitOfWork, admin: bool) -> tuple[str, str]:
        snap = await _organised(uow, actor, admin, "rename a team")
        old = names.resolve(old_text, snap.teams, fuzzy=False)
        clean = names.clean_name(new)
        await uow.teams.rename(snap.id, old, clean)
        settings = snap.tournament.settings
        if settings.withdrawn or settings.undated:  # they name the team, not its id
            after = rename_team_in(settings, old, clean)
            await uow.tournaments.update_settings(
                snap.id, withdrawn=after.withdrawn, undated=after.undated
            )
        return old, clean

    renamed = await units.write(db, actor, action)
    return Done(renamed, Effects(reminders=True, live=(actor.chat_id,)))


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


async def change_tiebreak(db: Database, actor: Actor, words: str) -> Done[tiebreak.TieBreak]:
    """/ayarlar esitlik averaj, atılan gol, aralarındaki maç (or a preset's name): the
    tournament's tie-break order, for organisers, and only while no group or league match
    has a result (RuleLocked). The live message and the pictures follow."""

    async def action(uow: UnitOfWork, admin: bool) -> tiebreak.TieBreak:
        snap = await _organised(
            uow, actor, admin, "change the tie-break rule, before the first result"
        )
        stored, rule = tie_rule_of(words)
        played = sum(
            1 for m in snap.matches if m.result is not None and not m.match.stage.is_knockout
        )
        if played:
            raise RuleLocked(snap.rules.tiebreak, played)
        await uow.tournaments.update_settings(snap.id, tie_break=stored)
        return rule

    rule = await units.write(db, actor, action)
    return Done(rule, Effects(live=(actor.chat_id,)))
