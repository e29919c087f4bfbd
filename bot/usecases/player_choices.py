"""A scorer's or a carded player's name the bot will not guess: one that fits several
players, or a near-typo of one ("Mehmt"), gets buttons to choose, as a team name's typo
does (bot.usecases.results' TypoChoice).

The refused message (nothing of it was stored) is kept with its name and the players it
may mean (`PlayerChoice`, one per chat and person, bot.usecases.conversations); the press
(`pl:<asker>:<index>`, or `pl:<asker>:x` to drop it) puts the chosen player's full name in
place of the typed one and enters the message again, in the press's unit of work. A
second unclear name in it asks again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.usecases import conversations, events, match_events, result_messages, roles
from bot.usecases.errors import NotYourButton
from bot.usecases.runner import NOTHING, Actor, Outcome, claim_update, writes
from domain.errors import DomainError
from storage import UnitOfWork

CHOICE = "player_choice"
MAX_OPTIONS = 6  # buttons besides [Vazgeç]
# Where the name was typed: a plain message (a result line with its events lines), /gol,
# /kart, or a reply to the bot's "Kaydedildi".
SOURCES = ("message", "goals", "cards", "reply")


@dataclass(frozen=True)
class PlayerChoice:
    source: str
    text: str
    typed: str
    options: tuple[tuple[str, str], ...]  # (player, team), best first
    replied: str = ""  # a reply's "Kaydedildi" message
    typo: bool = False


@dataclass(frozen=True)
class AskPlayer:
    """Ask which player `error` (events.AmbiguousPlayer) means, for the message `text`."""

    source: str
    text: str
    error: events.AmbiguousPlayer
    replied: str = ""


@writes
async def ask(uow: UnitOfWork, command: AskPlayer, actor: Actor) -> PlayerChoice:
    """Keep the refused message and its candidates for the asker's press; the update is
    claimed with it (the message's own try stored nothing)."""
    if command.source not in SOURCES:
        raise ValueError(command.source)
    err = command.error
    choice = PlayerChoice(
        command.source,
        command.text,
        err.typed,
        tuple(err.candidates[:MAX_OPTIONS]),
        command.replied,
        err.typo,
    )
    await conversations.keep(uow, actor, CHOICE, choice)
    return choice


def choice_of(row: dict[str, Any] | None) -> PlayerChoice | None:
    if row is None or row.get("kind") != CHOICE:
        return None
    options = tuple((str(p), str(t)) for p, t in row.get("options") or ())
    return PlayerChoice(
        str(row.get("source") or ""),
        str(row.get("text") or ""),
        str(row.get("typed") or ""),
        options,
        str(row.get("replied") or ""),
        bool(row.get("typo")),
    )


class StillUnclear(DomainError):
    """The message entered again with the chosen player has another unclear name: ask
    about it (`error`) for `text`, the message with the first one chosen."""

    def __init__(
        self,
        typed: str,
        candidates: tuple[tuple[str, str], ...],
        source: str,
        text: str,
        replied: str = "",
        typo: bool = False,
    ) -> None:
        super().__init__(f"another unclear name: {typed!r}")
        self.typed, self.candidates, self.typo = typed, candidates, typo
        self.source, self.text, self.replied = source, text, replied

    @property
    def error(self) -> events.AmbiguousPlayer:
        return events.AmbiguousPlayer(self.typed, self.candidates, self.typo)


@dataclass(frozen=True)
class Choose:
    """pl:<asker>:<choice>: the index of a player, or "x"; `asker` None: forged data."""

    asker: int | None
    choice: str


@dataclass(frozen=True)
class Chosen:
    """Dropped (`cancelled`), or the player chosen and what entering the message again
    gave: a plain message's answers (result_messages.record's value) or the events
    recorded (/gol, /kart, a reply)."""

    cancelled: bool = False
    player: str = ""
    team: str = ""
    source: str = ""
    value: Any = None


def with_name(text: str, typed: str, player: str, *, skip_first: bool) -> str | None:
    """`text` with the first `typed` (any case) that is a whole item of its list replaced
    by `player` (in "Ali Yılmaz, Ali" the second); a plain message's first line (its
    result line) left alone. None: not found."""
    name = rf"(?<!\w){re.escape(typed)}(?!\w)"
    for pattern in (re.compile(name + _ITEM_END, re.IGNORECASE), re.compile(name, re.I)):
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if skip_first and i == 0 and len(lines) > 1:
                continue
            new, found = pattern.subn(lambda _m: player, line, count=1)
            if found:
                lines[i] = new
                return "\n".join(lines)
    return None


# What may follow a name that ends its item: a separator, a count, a side, a card's word.
_ITEM_END = r"(?=\s*(?:$|[,;/\-–(]|[0-9]|(?:sarı|sari|kırmızı|kirmizi|kk|kendi)\b))"


@writes(claim=False, rerun=True)
async def choose(uow: UnitOfWork, command: Choose, actor: Actor) -> Outcome[Chosen]:
    if command.asker is None:
        raise NotYourButton("stale")
    roles.own_button(command.asker, actor)
    pending = choice_of(await uow.setups.get(actor.chat_id, actor.user_id))
    if pending is None:
        raise NotYourButton("stale")
    await uow.setups.delete(actor.chat_id, actor.user_id)
    choice = command.choice
    if choice == "x":
        await claim_update(uow, actor)
        return Outcome(Chosen(cancelled=True, source=pending.source))
    index = int(choice) if choice.isascii() and choice.isdigit() and len(choice) < 3 else -1
    if not 0 <= index < len(pending.options):
        raise NotYourButton("stale")
    player, team = pending.options[index]
    # A namesake of another team's player is written with his team: "Ali (A4)".
    namesakes = sum(p == player for p, _ in pending.options) > 1
    written = f"{player} ({team})" if namesakes else player
    text = with_name(pending.text, pending.typed, written, skip_first=pending.source == "message")
    if text is None:
        raise NotYourButton("stale")
    chosen = Chosen(player=player, team=team, source=pending.source)
    try:
        return await _again(uow, pending, text, chosen, actor)
    except events.AmbiguousPlayer as exc:  # nothing of it stays: the unit of work rolls back
        raise StillUnclear(
            exc.typed, exc.candidates, pending.source, text, pending.replied, exc.typo
        ) from None


async def _again(
    uow: UnitOfWork, pending: PlayerChoice, text: str, chosen: Chosen, actor: Actor
) -> Outcome[Chosen]:
    """The message entered again, as its own verb enters it."""
    if pending.source == "message":
        done = await result_messages.record(uow, result_messages.Message(text), actor)
        return Outcome(_with(chosen, done.value), done.effects)
    await claim_update(uow, actor)
    if pending.source == "goals":
        value = await match_events.goals(uow, match_events.Goals(text), actor)
    elif pending.source == "cards":
        value = await match_events.cards(uow, match_events.Cards(text), actor)
    else:
        value = await match_events.reply(uow, match_events.Reply(text, pending.replied), actor)
    return Outcome(_with(chosen, value), NOTHING)


def _with(chosen: Chosen, value: Any) -> Chosen:
    return Chosen(False, chosen.player, chosen.team, chosen.source, value)
