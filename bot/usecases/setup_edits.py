"""A typed choice at the set-up's "Neyi değiştirelim?" that carries its answer too ("2
saha", "3 saha", "saat 9", "20+5"): the question is chosen and answered at once. It chose
the pitch question and asked "Kaç saha var?" as if the 2 had not been typed, and "20+5",
naming no question, was refused."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from bot.usecases.errors import UnclearAnswer
from bot.usecases.setup_steps import EDIT_WORDS, Answers, Next, edit_field, edit_fields, take
from domain import names, timewords
from domain.errors import DomainError
from domain.when import BadDateTime, DateTimeProblem

# The questions whose answer is a number or a time that cannot be mistaken for the word
# choosing them; a name or a team list could ("isim" is no new name).
_ANSWERED = ("pitches", "groups", "kickoff", "slot")
_SLOT = re.compile(r"[0-9]\s*(?:\+\s*[0-9]|dk\b|dak)")  # "20+5", "25 dk": a match's length


def answered(a: Answers, text: str, moment: datetime) -> Next | None:
    """What follows `text` taken as the answer to the question it names, as if typed after
    that button; None when it names the question alone, or does not answer it (the
    question is then asked, as before)."""
    if names.loose_key(text) in EDIT_WORDS:
        return None
    try:
        field_ = edit_field(a, text, button=False)
    except UnclearAnswer:
        field_ = "slot" if _SLOT.search(names.fold_plain(text)) else ""
    if field_ not in _ANSWERED or field_ not in edit_fields(a):
        return None
    try:
        return take(field_, replace(a, editing=True), _on_its_day(a, field_, text, moment), moment)
    except DomainError:
        return None


def _on_its_day(a: Answers, field_: str, text: str, moment: datetime) -> str:
    """ "saat 9" for a day's kick-off: that day at 9 (its question wants the day too)."""
    if field_ != "kickoff" or a.kickoff is None:
        return text
    try:
        timewords.read_kickoff(text, moment)
    except BadDateTime as refused:
        if refused.reason is DateTimeProblem.MISSING_DATE:
            return f"{a.kickoff.astimezone(moment.tzinfo):%d.%m.%Y} {text}"
    return text
