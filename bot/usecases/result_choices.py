"""The answer, by button, to a result line's question: a typo's team, or [Değiştir] /
[Vazgeç] under a played match's correction. The line is entered again in the same unit of
work, as bot.usecases.results enters any line."""

from __future__ import annotations

from dataclasses import dataclass

from bot.usecases import event_messages, events, roles, snapshots
from bot.usecases.errors import NotYourButton
from bot.usecases.pending_results import Correction, TypoChoice, pending_of
from bot.usecases.results import Answer, Entered, answer, effects_of
from bot.usecases.runner import Actor, Outcome, claim_update, writes
from storage import UnitOfWork


@dataclass(frozen=True)
class Fix:
    """fix:<asker>:<choice> under a line's question: a typo's team (its index), [Değiştir]
    ("c") or [Vazgeç] ("x"); `asker` None: the button's data named nobody."""

    asker: int | None
    choice: str


@dataclass(frozen=True)
class Fixed:
    """What the press did: nothing (`cancelled`), or the line entered again, with the
    `team` chosen (None: as the correction); `answer` is that line's."""

    cancelled: bool = False
    team: str | None = None
    answer: Answer = None


@writes(claim=False, rerun=True)
async def fix(uow: UnitOfWork, command: Fix, actor: Actor) -> Outcome[Fixed]:
    """The asker's answer to a typo's or a played match's question: the question is used
    up, and the line is entered again (with the team chosen, or as a correction) in the
    same unit of work; its refusal is its answer, as for a line of a message."""
    if command.asker is None:
        raise NotYourButton("stale")
    roles.own_button(command.asker, actor)
    pending = pending_of(await uow.setups.get(actor.chat_id, actor.user_id))
    choice = command.choice
    typed = ""  # a correction's events lines, placed
    events_typed = ""  # a typo's events lines, as typed under the line
    if isinstance(pending, TypoChoice) and choice.isascii() and choice.isdigit():
        index = int(choice) if len(choice) < 4 else len(pending.options)
        if index >= len(pending.options):
            raise NotYourButton("stale")
        team: str | None = pending.options[index]
        text, correct = pending.text.replace(pending.wrong, str(team), 1), False
        events_typed = pending.events
    elif isinstance(pending, Correction) and choice == "c":
        text, correct, team = pending.text, True, None
        typed = pending.events  # the scorers typed with the correction replace the match's
    elif isinstance(pending, TypoChoice | Correction) and choice == "x":
        await uow.setups.delete(actor.chat_id, actor.user_id)
        await claim_update(uow, actor)
        return Outcome(Fixed(cancelled=True))
    else:
        raise NotYourButton("stale")
    await uow.setups.delete(actor.chat_id, actor.user_id)
    snap = await snapshots.active(uow, actor.chat_id)
    # A correction's own scorers replace the match's: nothing to settle or ask first.
    answered = await answer(uow, snap, text, actor, correct=correct, settle=not typed)
    if correct and typed and isinstance(answered, Entered) and not answered.outcome.duplicate:
        first = getattr(pending, "first", "") or None
        placed = await events.replace_all(
            uow, answered.snapshot, answered.match, typed, first, actor
        )
        answered = await event_messages.entered_with(uow, answered, placed)
    elif events_typed:  # entered as under the line in its message (or kept with its next question)
        notes = event_messages.notes_of(events_typed, snap.teams)
        answered = await event_messages.attach(uow, answered, notes, text, actor, snap)
    return Outcome(Fixed(team=team, answer=answered), effects_of(answered))
