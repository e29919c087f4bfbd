"""Who may act, decided once: the actor's role in a tournament, and one table of rules.

`TABLE` is the table `docs/permissions.md` shows (a test holds the two equal, cell by
cell), so a permission is changed in one place and the doc cannot drift. A use case works
out the actor's role once (`of`) and asks `require(action, role)`: allowed, waits (a
captain's claim or result that someone else confirms), or refused with the action named,
so the refusal can say what was refused. A refusal that a chat administrator would not
get is NotOrganiser, on which the runner asks Telegram and runs the verb once more.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from bot.usecases.errors import NotAllowed, NotOrganiser, NotYourButton
from bot.usecases.runner import Actor
from storage import UnitOfWork
from storage.records import Tournament


class Role(StrEnum):
    CREATOR = "creator"
    ORGANISER = "organiser"
    ADMIN = "admin"
    CAPTAIN = "captain"
    OTHER_CAPTAIN = "other captain"
    MEMBER = "member"
    PRIVATE = "private"


ROLES = tuple(Role)
ORGANISERS = frozenset({Role.CREATOR, Role.ORGANISER, Role.ADMIN})

Cell = Literal["allowed", "refused", "waits"] | None


@dataclass(frozen=True)
class Rule:
    """One row: the command it is about, and each role's cell (None: does not apply)."""

    command: str
    cells: tuple[Cell, ...]  # in the order of ROLES

    def cell(self, role: Role) -> Cell:
        return self.cells[ROLES.index(role)]


def _row(command: str, marks: str) -> Rule:
    symbols: dict[str, Cell] = {"✓": "allowed", "✗": "refused", "⏳": "waits", "—": None}
    cells = tuple(symbols[m] for m in marks.split())
    assert len(cells) == len(ROLES), command
    return Rule(command, cells)


# action: Rule(command, cells for creator organiser admin captain other-captain member private)
TABLE: dict[str, Rule] = {
    "create a tournament where none runs": _row("`/yeni_turnuva` + [Oluştur]", "— — ✓ — — ✓ ✓"),
    "create one that replaces the running one": _row(
        "`/yeni_turnuva` + [Evet, yerine kur]", "✓ ✓ ✓ ✗ ✗ ✗ —"
    ),
    "end the tournament": _row("`/turnuva_bitir` + [Evet, bitir]", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "list the chat's tournaments": _row("`/turnuvalar`", "✓ ✓ ✓ ✓ ✓ ✓ ✓"),
    "bring an ended or replaced one back": _row("`/geri_yukle N`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "enter a result": _row("`Kartallar 3-1 Şahinler`, `/sonuc`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "enter a result, captains' results on": _row(
        "`/ayarlar kaptan_sonuc acik` first", "✓ ✓ ✓ ⏳ ⏳ ✗ ✗"
    ),
    "confirm or reject a captain's result": _row("[Onayla] / [Reddet]", "✗ ✗ ✗ ✗ ✓ ✗ —"),
    "correct a stored result": _row("[Değiştir]", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "undo the last result": _row("`/geri_al`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "record a forfeit": _row(
        "`/hukmen Kartallar`, `Kartallar hükmen`, `Kartallar gelmedi`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"
    ),
    "withdraw a team": _row("`/cekil Kartallar`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "see a squad": _row("`/kadro Kartallar`", "✓ ✓ ✓ ✓ ✓ ✓ ✗"),
    "change a squad": _row(
        "`/kadro Kartallar: Ali, Veli`, `/kadro_sil Kartallar Veli`", "✓ ✓ ✓ ✓ ✗ ✗ ✗"
    ),
    "record scorers and cards": _row(
        "`goller: Ali 2 - Mehmet` under a result, `/gol 7 Ali`, `/kart 7 Veli sarı`, "
        "`/gol_sil 7 Ali`, `/kart_sil 7 Veli`",
        "✓ ✓ ✓ ✗ ✗ ✗ ✗",
    ),
    "scorers with a captain's result, captains' results on": _row(
        "`Kartallar 3-1 Şahinler` + `goller: Ali 2, Veli -` by a captain", "✓ ✓ ✓ ⏳ ✗ ✗ ✗"
    ),
    "set or lift a ban": _row("`/ceza Mehmet 3`, `/ceza Mehmet 0`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "see scorers, cards and fair play": _row(
        '`/goller`, `/kartlar`, `/fairplay`, "gol kralı kim"', "✓ ✓ ✓ ✓ ✓ ✓ ✗"
    ),
    "claim a team that has no captain": _row("`/kaptan Takım`, the team buttons", "✓ ✓ ✓ — ✓ ✓ ✗"),
    "claim a team that has a captain": _row("`/kaptan Takım`", "✓ ✓ ✓ ✓ ⏳ ⏳ ✗"),
    "claim any team, captains' results on": _row("`/kaptan Takım`", "✓ ✓ ✓ ✓ ⏳ ⏳ ✗"),
    "approve or reject a captain's claim": _row("[Onayla] / [Reddet]", "✓ ✓ ✓ ✗ ✗ ✗ —"),
    "make someone a captain": _row("`/kaptan Takım` as a reply", "✓ ✓ ✓ ✗ ✗ ✗ —"),
    "remove captains": _row("`/kaptan_sil Takım`, or as a reply", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "add an organiser": _row("`/yetkili` as a reply", "✓ ✓ ✓ ✗ ✗ ✗ —"),
    "record a drawing of lots": _row("`/kura Takım`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "plan a play-off": _row("`/playoff`, `/playoff 7 Mart 15:00`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "change a setting": _row(
        "`/ayarlar kaptan_sonuc acik`, `/ayarlar kadro 7`, `/ayarlar hukmen_puan_sil acik`, "
        "`/ayarlar cekilme iptal`, `/ayarlar sari_ceza 4`",
        "✓ ✓ ✓ ✗ ✗ ✗ ✗",
    ),
    "change the tie-break rule, before the first result": _row(
        "`/ayarlar esitlik averaj, atılan gol, aralarındaki maç`, `/ayarlar esitlik halisaha`",
        "✓ ✓ ✓ ✗ ✗ ✗ ✗",
    ),
    "rename a team": _row("`/takim_adi 3 Kartallar`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "delay or move matches": _row(
        "`/gecikme 15`, `/ertele 7 11:30`, `/ertele 14 belirsiz`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"
    ),
    "move a match week": _row("`/hafta_ertele 3`, `/hafta_ertele 3 7 Şubat`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "set the reminders": _row("`/hatirlatma 60 15`, `/hatirlatma aksam 20:00`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "see the settings and reminders": _row("`/ayarlar`, `/hatirlatma`", "✓ ✓ ✓ ✓ ✓ ✓ ✗"),
    "see the fixture, table, files": _row(
        "`/fikstur`, `/puan`, `/eleme`, `/yazdir`, `/takvim`, `/disa_aktar`, `/takimlar`",
        "✓ ✓ ✓ ✓ ✓ ✓ ✗",
    ),
    "see the tournament's link": _row("`/baglanti`", "✓ ✓ ✓ ✓ ✓ ✓ ✗"),
    "make a new link": _row("`/baglanti yenile`", "✓ ✓ ✓ ✗ ✗ ✗ ✗"),
    "ask about a match": _row('"ne zaman oynuyoruz?"', "✓ ✓ ✓ ✓ ✓ ✓ ✓"),
    "say how many players came": _row("the reminder's [7] [8] … buttons", "✗ ✗ ✗ ✓ ✗ ✗ —"),
    "press a button someone else asked for": _row(
        "[Evet, bitir], [Evet, geri yükle], the set-up's, the typo's and the goals' buttons",
        "✗ ✗ ✗ ✗ ✗ ✗ ✗",
    ),
}


async def of(
    uow: UnitOfWork,
    tournament: Tournament | None,
    actor: Actor,
    *,
    team: str | None = None,
    sides: tuple[str, ...] = (),
) -> Role:
    """The actor's role for an action in `tournament` (None: the chat runs none).

    `team`: the team the action is about (a claim, a head count): its captain is CAPTAIN,
    another team's OTHER_CAPTAIN. `sides`: a match's two teams (a captain's result): a
    captain of either side is CAPTAIN. Organisers come first: a creator, organiser or
    administrator who captains a team acts as an organiser. PRIVATE is a private chat
    about no tournament of its own (a group's cannot be reached from there); a tournament
    set up in the private chat itself is its creator's, as in a group."""
    if actor.private and (tournament is None or tournament.chat_id != actor.chat_id):
        return Role.PRIVATE
    role = await of_user(uow, tournament, actor.user_id, chat_admin=actor.chat_admin)
    if role is Role.MEMBER and tournament is not None and (team is not None or sides):
        mine = await uow.teams.captain_of(tournament.id, actor.user_id)
        if mine is not None:
            return Role.CAPTAIN if mine == team or mine in sides else Role.OTHER_CAPTAIN
    return role


async def of_user(
    uow: UnitOfWork, tournament: Tournament | None, user_id: int, *, chat_admin: bool
) -> Role:
    """`of` for a group chat's user without the captains' roles: creator, organiser,
    administrator or member. For the use cases that hold a user id and the chat-admin
    flag where an actor would be, until they move onto the runner's shape."""
    if tournament is not None:
        if tournament.created_by == user_id:
            return Role.CREATOR
        if await uow.tournaments.is_organiser(tournament.id, user_id):
            return Role.ORGANISER
    return Role.ADMIN if chat_admin else Role.MEMBER


def is_organiser(role: Role) -> bool:
    return role in ORGANISERS


def require(action: str, role: Role, *, actor: Actor | None = None) -> Cell:
    """The cell for `role` in `action`'s row: "allowed" or "waits", else the refusal.

    A refusal an administrator would not get is NotOrganiser (the runner then asks
    Telegram, unless `actor` says it knows the answer already); any other is NotAllowed."""
    cell = TABLE[action].cell(role)
    if cell in ("allowed", "waits"):
        return cell
    admin_may = TABLE[action].cell(Role.ADMIN) == "allowed"
    if admin_may and role not in ORGANISERS and role is not Role.PRIVATE:
        raise NotOrganiser(f"{action}: not for a {role}", action=action)
    raise NotAllowed(action, role)


def anyone(action: str, tournament: Tournament, actor: Actor) -> Cell:
    """`require` for a row every role in a group may do (the "see ..." rows), settled
    without a query: being an organiser or a captain cannot change it, so the actor counts
    as a member, or as PRIVATE in a private chat that is not the tournament's own."""
    rule = TABLE[action]
    assert all(rule.cell(r) == "allowed" for r in ROLES if r is not Role.PRIVATE), action
    elsewhere = actor.private and tournament.chat_id != actor.chat_id
    return require(action, Role.PRIVATE if elsewhere else Role.MEMBER)


def own_button(asker: int | None, actor: Actor) -> None:
    """A question's buttons belong to who asked it (None: to anyone): another person's
    press is refused with a toast, whatever their role (the table's last row)."""
    if asker is not None and asker != actor.user_id:
        raise NotYourButton("asker")


async def of_side(
    uow: UnitOfWork, tournament: Tournament, actor: Actor, *, sides: tuple[str, ...]
) -> Role:
    """The actor's role for a captain's own errand about a match (a head count), wherever
    the button is pressed (the reminder that carries it is private): a captain of either
    side is CAPTAIN, one who organises too included (the count is their team's); anyone
    else has the role `of` gives them in the tournament's group."""
    mine = await uow.teams.captain_of(tournament.id, actor.user_id)
    if mine is not None and mine in sides:
        return Role.CAPTAIN
    in_group = dataclasses.replace(actor, chat_id=tournament.chat_id, private=False)
    return await of(uow, tournament, in_group, sides=sides)


def doc_table() -> str:
    """The table of docs/permissions.md, as that page shows it."""
    marks = {"allowed": "✓", "refused": "✗", "waits": "⏳", None: "—"}
    head = "| action | command | " + " | ".join(ROLES) + " |"
    lines = [head, "|" + "---|" * (2 + len(ROLES))]
    for action, rule in TABLE.items():
        cells = " | ".join(marks[c] for c in rule.cells)
        lines.append(f"| {action} | {rule.command} | {cells} |")
    return "\n".join(lines)
