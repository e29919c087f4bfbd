"""What the bot waits for from one person in one chat: a set-up step, a typo's choice, a
captain's result awaiting the other captain. One stored state per (chat, user), so it
survives a restart, written by the use case in the unit of work of the question it asks.

A state is a typed frozen dataclass: it is stored as its fields plus a "kind" (`stored`),
and read back by the use case that knows that kind (which also reads the rows an older
version stored)."""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.usecases.runner import Actor
from storage import UnitOfWork

SETUP = "setup"  # a guided set-up's kind (bot.usecases.setup_steps)


class Talking(Exception):
    """A guided set-up waits for this person's typed answer, so their plain message is
    that answer, not a question or a result: the handler hands it to the set-up. Raised
    by the message's own first read (snapshots.running with a talker), which found the
    conversation in the same statement as the tournament."""


def awaits_answer(state: Any) -> bool:
    """The stored conversation is a set-up asking a question (its summary waits for
    buttons, and lets messages pass)."""
    return bool(state) and state.get("kind") == SETUP and state.get("step") != "confirm"


def stored(kind: str, state: Any) -> dict[str, Any]:
    """The row of a state: its fields (dataclasses.asdict) and its kind."""
    return {"kind": kind, **dataclasses.asdict(state)}


async def keep(uow: UnitOfWork, actor: Actor, kind: str, state: Any) -> None:
    """Store the actor's state in their chat (replacing any other), in this unit of work."""
    await uow.setups.put(actor.chat_id, actor.user_id, stored(kind, state), actor.now)
