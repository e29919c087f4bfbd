"""The guided set-up's buttons: a step's keyboard, and what a pressed button's data says.

A step's buttons carry the id of whoever started the set-up (su:<owner>:<step>:<value>);
which step follows which, and what an answer means, is bot.usecases.setup_steps'; the
questions and the buttons' labels are bot.texts.setup's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.texts import setup as texts
from bot.usecases.setup_steps import STEPS, Next

# The summary's buttons; "…_long": [Yine de Oluştur] of a day past midnight or over 12 hours.
CHOICES = ("create", "replace", "create_long", "replace_long", "edit", "cancel")


def buttons(
    owner: int, step: str, options: Iterable[tuple[str, str]], per_row: int = 2
) -> InlineKeyboardMarkup:
    keys = [
        InlineKeyboardButton(label, callback_data=f"su:{owner}:{step}:{v}") for v, label in options
    ]
    return InlineKeyboardMarkup([keys[i : i + per_row] for i in range(0, len(keys), per_row)])


def parse_button(data: str) -> tuple[int, str, str] | None:
    """su:<owner>:<step>:<value>; None for anything else (an old or forged button)."""
    parts = data.split(":", 3)
    digits = parts[1].removeprefix("-") if len(parts) == 4 else ""  # not "²": int() refuses
    if parts[0] != "su" or not (digits.isascii() and digits.isdigit() and len(digits) < 20):
        return None
    owner, step, value = int(parts[1]), parts[2], parts[3]
    if step not in (*STEPS, "confirm", "edit") or (step == "confirm" and value not in CHOICES):
        return None
    if step == "edit" and value not in STEPS:
        return None
    return owner, step, value


def keyboard(asked: Next, owner: int) -> InlineKeyboardMarkup | None:
    """The buttons under the question that asks `asked.step` (None: the answer is typed)."""
    options, per_row = texts.options(asked.step, asked.answers, asked.fields)
    return buttons(owner, asked.step, options, per_row) if options else None


def summary_buttons(owner: int, replaces: bool, long: bool = False) -> InlineKeyboardMarkup:
    """[Oluştur] (or, when the summary replaces the running tournament, [Evet, yerine
    kur]), [Değiştir], [İptal]; a day past midnight or over 12 hours (`long`) is made
    only by its own button, [Yine de Oluştur] ([Yine de yerine kur])."""
    go = ("replace", texts.REPLACE) if replaces else ("create", texts.CREATE)
    if long:
        go = (f"{go[0]}_long", texts.REPLACE_LONG if replaces else texts.CREATE_LONG)
    choices: Sequence[tuple[str, str]] = (go, ("edit", texts.EDIT), ("cancel", texts.CANCEL))
    return buttons(owner, "confirm", choices, per_row=3)
