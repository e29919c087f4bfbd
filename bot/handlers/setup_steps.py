"""The guided set-up's steps: their order, the words typed instead of a button, each
step's question and buttons, and how an answer changes the answers so far.

Apart from the handlers (`setup`) and the summary (`setup_summary`) because none of this
needs an update, a database or the bot: an answer in, the answers and the next step out.
A step's buttons carry the id of whoever started the set-up (su:<owner>:<step>:<value>).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.texts import season
from bot.texts.advice import describe
from bot.texts.setup import (
    ASK_FORMAT,
    ASK_GROUPS,
    ASK_KICKOFF,
    ASK_NAME_AGAIN,
    ASK_PITCHES,
    ASK_SLOT,
    ASK_TEAMS,
    ASK_THIRD,
    ASK_TIEBREAK,
    EDIT_FIELDS,
    FORMAT_HOW,
    FORMATS,
    THIRD_HOW,
    TIEBREAK_HOW,
    TIEBREAKS,
)
from bot.usecases import drafts
from bot.usecases.errors import UnclearAnswer
from domain import advice, counts, names, teamlists, weekly, when

ZONE = ZoneInfo("Europe/Istanbul")
STEPS = (
    *("name", "teams", "pitches", "format", "groups", "kickoff", "rhythm", "slot", "third"),
    "tiebreak",
)
CHOICES = ("create", "replace", "edit", "cancel")  # the summary's buttons


def buttons(
    owner: int, step: str, options: list[tuple[str, str]], per_row: int = 2
) -> InlineKeyboardMarkup:
    keys = [
        InlineKeyboardButton(label, callback_data=f"su:{owner}:{step}:{v}") for v, label in options
    ]
    return InlineKeyboardMarkup([keys[i : i + per_row] for i in range(0, len(keys), per_row)])


def parse_button(data: str) -> tuple[int, str, str] | None:
    """su:<owner>:<step>:<value>; None for anything else (an old or forged button)."""
    parts = data.split(":", 3)
    if len(parts) != 4 or parts[0] != "su" or not parts[1].removeprefix("-").isdigit():
        return None
    owner, step, value = int(parts[1]), parts[2], parts[3]
    if step not in (*STEPS, "confirm", "edit") or (step == "confirm" and value not in CHOICES):
        return None
    if step == "edit" and value not in STEPS:
        return None
    return owner, step, value


def take_answer(step: str, data: dict[str, Any], text: str, moment: datetime) -> str:
    """`text` (typed, or a button's value) as the answer to `step`, written into `data`;
    the step that follows. A refused answer raises its DomainError."""
    if step == "name":
        data["name"] = " ".join(text.split())[:80]
    elif step == "teams":
        data["teams"] = list(teamlists.parse_teams(text))
    elif step == "pitches":
        data["pitches"] = counts.parse_count(text, "pitches", 1, 16)
    elif step == "format":
        data["format"] = choice(text, FORMAT_WORDS, FORMAT_HOW)
        if data.get("season") and data["format"] not in SEASON_FORMATS:
            raise UnclearAnswer(text, season.FORMAT_HOW)
    elif step == "groups":
        data["groups"] = counts.parse_count(text, "groups", 2, max(2, len(data["teams"]) // 2))
    elif step == "kickoff" and season_asked(text, data):  # a league: over weeks
        data["kind"] = "season"
        if KIND_WORDS.get(names.loose_key(text)) != "season":
            data["season"] = drafts.season_answer(text, moment)  # typed at once
            data["kickoff"] = drafts.season_kickoff(data["season"], ZONE).isoformat()
    elif step == "kickoff":
        kickoff = when.check_horizon(when.parse_kickoff(text, moment), moment, text)
        data["kickoff"] = kickoff.isoformat()  # past or a year ahead: refused in Turkish
        data.pop("season", None)
        data["kind"] = "day"
    elif step == "slot":
        data["match"], data["changeover"] = when.parse_slot(text)
    elif step == "third":
        data["third"] = choice(text, YES_NO, THIRD_HOW) == "yes"
    elif step == "tiebreak":
        data["tiebreak"] = choice(text, TIEBREAK_WORDS, TIEBREAK_HOW)
    elif step == "rhythm":
        typed = season.RHYTHMS[int(text)] if text in RHYTHM_KEYS else text
        data["season"] = drafts.season_answer(typed, moment)
        data["kickoff"] = drafts.season_kickoff(data["season"], ZONE).isoformat()
    return after_edit(step, data) if data.get("editing") else next_step(step, data)


def after_edit(step: str, data: dict[str, Any]) -> str:
    """After a changed answer: back to the summary, unless the change needs another one
    (groups chosen without a count, more groups than the teams allow)."""
    fmt = data.get("format", "groups")
    if fmt not in SEASON_FORMATS:  # groups or a knockout are played in one day
        data.pop("season", None)
    if step == "kickoff" and data.get("kind") == "season" and not data.get("season"):
        return "rhythm"
    if fmt != "groups":
        data["groups"] = 1
    if fmt in ("league", "double"):
        data["third"] = False
    groups = int(data.get("groups", 1))
    if fmt == "groups" and step != "groups" and not 2 <= groups <= len(data["teams"]) // 2:
        return "groups"
    return "confirm"


def edit_fields(data: dict[str, Any]) -> list[tuple[str, str]]:
    fmt = data.get("format", "groups")
    skip = {"groups"} if fmt != "groups" else set()
    skip |= {"third"} if fmt in ("league", "double") else set()
    return [(f, label) for f, label in EDIT_FIELDS if f not in skip]


# Typed answers, for those who write instead of pressing a button (keys: names.loose_key).
FORMAT_WORDS = {
    "groups": "groups",
    "gruplar eleme": "groups",
    "gruplar": "groups",
    "grup": "groups",
    "league": "league",
    "lig": "league",
    "double": "double",
    "cift devreli lig": "double",
    "cift devreli": "double",
    "knockout": "knockout",
    "eleme": "knockout",
}
EDIT_WORDS = {names.loose_key(label): field for field, label in EDIT_FIELDS} | {
    "isim": "name",
    "grup": "groups",
    "gruplar": "groups",
    "saat": "kickoff",
    "tarih": "kickoff",
    "sure": "slot",
    "sahalar": "pitches",
    "format": "format",
}
KIND_WORDS = {
    "season": "season",
    "haftalara yayilan lig": "season",
    "haftalara yayilan": "season",
    "haftalik lig": "season",
    "haftalik": "season",
    "sezon": "season",
    "sezon ligi": "season",
}
RHYTHM_KEYS = tuple(str(i) for i in range(len(season.RHYTHMS)))
SEASON_FORMATS = ("league", "double")  # a league over weeks is one table
YES_NO = {"yes": "yes", "evet": "yes", "var": "yes", "no": "no", "hayir": "no", "yok": "no"}
TIEBREAK_WORDS = {
    "tff": "tff",
    "uefa": "uefa",
    "fifa": "fifa",
    "makale": "makale",
    "averaj once": "makale",
}


def choice(text: str, words: dict[str, str], how: str) -> str:
    """A button's value or its typed word; anything else is refused with the options."""
    found = words.get(names.loose_key(text))
    if found is None:
        raise UnclearAnswer(text, how)
    return found


def season_asked(text: str, data: dict[str, Any]) -> bool:
    """A league's "tek gün mü, haftalara yayılan lig mi?" answered with the league: its
    button, the words, or a rhythm typed at once ("her pazar 14:00-17:00")."""
    if data.get("format") not in SEASON_FORMATS:
        return False
    first = text.replace("\n", "|").split("|")[0]
    return KIND_WORDS.get(names.loose_key(text)) == "season" or weekly.looks_like_rhythm(first)


def next_step(step: str, data: dict[str, Any]) -> str:
    later = STEPS[STEPS.index(step) + 1 :]
    for candidate in later:
        if candidate == "rhythm" and (data.get("kind") != "season" or data.get("season")):
            continue  # asked only after [Haftalara yayılan lig] without a rhythm
        if candidate == "groups" and data.get("format") != "groups":
            data["groups"] = 1
            continue
        if candidate == "third" and data.get("format") in ("league", "double"):
            data["third"] = False
            continue
        return candidate
    return "confirm"


def question(
    step: str, data: dict[str, Any], owner: int, hint: advice.Candidate | None = None
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The question that asks `step`, and its buttons (None: the answer is typed); `hint`:
    the format the format question suggests (drafts.format_hint, planned in a worker)."""
    markup = None
    asked = {
        "name": ASK_NAME_AGAIN,
        "teams": ASK_TEAMS,
        "pitches": ASK_PITCHES,
        "groups": ASK_GROUPS,
        "kickoff": ASK_KICKOFF,
        "slot": ASK_SLOT,
        "third": ASK_THIRD,
        "tiebreak": ASK_TIEBREAK,
        "rhythm": season.ASK_RHYTHM,
    }.get(step, ASK_FORMAT)
    if step == "format":
        if hint is not None and not data.get("season"):
            asked += f"\nÖneri: {describe(hint)}"
        formats = [f for f in FORMATS if not data.get("season") or f[0] in SEASON_FORMATS]
        markup = buttons(owner, step, formats)
    elif step == "kickoff" and data.get("format") in SEASON_FORMATS:
        asked = season.ASK_KIND
        markup = buttons(owner, step, [season.SEASON_BUTTON], per_row=1)
    elif step == "rhythm":
        markup = buttons(owner, step, list(enumerate(season.RHYTHMS)), per_row=1)
    elif step == "pitches":
        markup = buttons(owner, step, [(str(n), str(n)) for n in (1, 2, 3, 4)], per_row=4)
    elif step == "groups":
        markup = buttons(owner, step, [(str(n), str(n)) for n in (2, 3, 4)], per_row=3)
    elif step == "slot":
        slots = [(s, s) for s in ("24+6", "26+4", "40+5", "50+10")]
        markup = buttons(owner, step, slots, per_row=4)
    elif step == "third":
        markup = buttons(owner, step, [("yes", "Evet"), ("no", "Hayır")])
    elif step == "tiebreak":
        markup = buttons(owner, step, list(TIEBREAKS))
    return asked, markup
