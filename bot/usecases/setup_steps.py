"""The guided set-up's state: its answers, the step it waits for, and how an answer moves it.

`Answers` is what the organiser told the set-up so far and `SetUp` the conversation as it
is stored per (chat, user) (bot.usecases.setup stores it): the dict rows already stored
have, {"kind": "setup", "step": ..., "data": ..., "at": ..., "replaces": ...}, is read and
written as they are. `take` is the state machine: an answer (typed, or a button's value)
in, the answers with it and the step asked next out; no database, no Telegram, no Turkish
text (the questions and refusals are bot.texts.setup's). The words here are what people
type instead of pressing a button.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.usecases import conversations, setup_season, setup_spec
from bot.usecases.errors import UnclearAnswer
from bot.usecases.setup_words import (
    EDIT_WORDS,
    FORMAT_WORDS,
    KIND_WORDS,
    RHYTHM_KEYS,
    RHYTHMS,
    TIEBREAK_WORDS,
    YES_NO,
)
from domain import names, setupform, setupwords, teamlists, timewords, weekly, when

ZONE = ZoneInfo("Europe/Istanbul")
KIND = conversations.SETUP  # the stored conversation's kind (a captain's claim, a result: others)
TIMEOUT = timedelta(minutes=30)  # a set-up silent this long is gone
STEPS = (
    *("name", "teams", "pitches", "format", "groups", "kickoff", "rhythm", "first", "skip"),
    *("slot", "third", "tiebreak"),
)
EDITABLE = ("name", "teams", "pitches", "format", "groups", "kickoff", "slot", "third", "tiebreak")
# A league over match weeks: its rhythm, first match day and skipped days instead of a kick-off.
SEASON_EDITABLE = ("name", "teams", "pitches", "format", "rhythm", "first", "skip", "slot")
SEASON_EDITABLE += ("tiebreak",)
SEASON_FORMATS = ("league", "double")  # a league over weeks is one table


@dataclass(frozen=True)
class Answers:
    """What the set-up was told so far; None: not asked (yet). Stored as the dict rows
    already stored have (`data`, `of`): these names as keys, unset ones left out, the
    kick-off as ISO text."""

    name: str | None = None
    teams: tuple[str, ...] | None = None
    pitches: int | None = None
    format: str | None = None  # league, double, groups, knockout
    groups: int | None = None
    kind: str | None = None  # a league's "tek gün mü?": "day", or "season" (over weeks)
    kickoff: datetime | None = None
    season: Mapping[str, Any] | None = None  # the rhythm, as setup_spec.season_data keeps it
    match: int | None = None
    changeover: int | None = None
    third: bool | None = None
    tiebreak: str | None = None
    seed: int | None = None  # the draw's, set by the first summary
    editing: bool = False  # one answer changed from the summary: back to it afterwards
    told: tuple[str, ...] = ()  # a season's parts said ("first", "skip"): not asked again

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Answers:
        """The answers a stored (or typed-in) dict holds; keys it does not know are left."""
        known = {f.name for f in fields(cls)}
        found = {k: v for k, v in data.items() if k in known and v is not None}
        if "teams" in found:
            found["teams"] = tuple(found["teams"])
        if "told" in found:
            found["told"] = tuple(found["told"])
        if isinstance(found.get("kickoff"), str):
            found["kickoff"] = datetime.fromisoformat(found["kickoff"])
        if "season" in found:
            found["season"] = dict(found["season"])
        if "editing" in found:
            found["editing"] = True  # stored as a key that is there or not
        return cls(**found)

    def data(self) -> dict[str, Any]:
        """The stored form: what setup_spec and drafts read (spec_of, data_key, plan_warning)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or (f.name in ("editing", "told") and not value):
                continue
            if f.name in ("teams", "told"):
                value = list(value)
            elif f.name == "kickoff":
                value = value.isoformat()
            elif f.name == "season":
                value = dict(value)
            out[f.name] = value
        return out

    def spec(self) -> setup_spec.Spec:
        return setup_spec.spec_of(self.data())

    def key(self) -> str:
        """What the summary's plan is kept under until [Oluştur] (setup_spec.data_key)."""
        return setup_spec.data_key(self.data())

    def seeded(self, now: datetime) -> Answers:
        """With the draw's seed: the one it has, else the moment of its first summary."""
        return self if self.seed is not None else replace(self, seed=int(now.timestamp()))


@dataclass(frozen=True)
class SetUp:
    """A stored set-up: the step it waits for (one of STEPS, "edit": which answer to
    change, "confirm": the summary's buttons), the answers, when it last moved, and for a
    summary the running tournament it said it replaces (None: none)."""

    step: str
    answers: Answers
    at: datetime
    replaces: int | None = None

    @property
    def data(self) -> dict[str, Any]:
        return self.answers.data()

    def timed_out(self, now: datetime) -> bool:
        return now - self.at > TIMEOUT

    def stored(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "kind": KIND,
            "step": self.step,
            "data": self.answers.data(),
            "at": self.at.isoformat(),
        }
        if self.step == "confirm":
            state["replaces"] = self.replaces
        return state

    @classmethod
    def read(cls, state: Mapping[str, Any] | None) -> SetUp | None:
        """The set-up a stored conversation is; None for none, or one of another kind."""
        if state is None or state.get("kind") != KIND:
            return None
        at = datetime.fromisoformat(state["at"])
        return cls(state["step"], Answers.of(state.get("data") or {}), at, state.get("replaces"))


@dataclass(frozen=True)
class Next:
    """What follows an answer: the step asked next, or "confirm" (the summary: built, then
    stored by bot.usecases.setup.summarise). `edited`: the summary after a changed answer.
    `fields`: for "edit", the answers that may be changed."""

    step: str
    answers: Answers
    edited: bool = False
    fields: tuple[str, ...] = ()


# --- the state machine ------------------------------------------------------------------


def take(step: str, answers: Answers, text: str, moment: datetime) -> Next:
    """`text` (typed, or a button's value) as the answer to `step`, at `moment` (the chat's
    clock); the answers with it and the step that follows. A refused answer raises its
    DomainError (UnclearAnswer: none of the options)."""
    if step == "kickoff" and answers.editing and answers.season:
        step = "first"  # a season's [İlk maç] is its first match day: it stays a season
    told = _told(step, answers, text, moment)
    if told.editing:
        told, following = after_edit(step, told)
    else:
        told, following = next_step(step, told)
    if following == "confirm":
        return Next(following, replace(told, editing=False), edited=told.editing)
    return Next(following, told)


def _told(step: str, a: Answers, text: str, moment: datetime) -> Answers:
    match step:
        case "name":
            return replace(a, name=" ".join(text.split())[:80])
        case "teams":
            return replace(a, teams=tuple(teamlists.parse_teams(text)))
        case "pitches":
            return replace(a, pitches=setupwords.read_count(text, "pitches", 1, 16))
        case "format":
            chosen = choice(text, FORMAT_WORDS, "format", setupwords.read_format)
            if a.season and chosen not in SEASON_FORMATS:
                raise UnclearAnswer(text, "season format")
            return replace(a, format=chosen)
        case "groups":
            most = max(2, len(a.teams or ()) // 2)
            return replace(a, groups=setupwords.read_count(text, "groups", 2, most))
        case "kickoff" if season_asked(text, a) and not (a.editing and a.kind == "day"):
            if KIND_WORDS.get(names.loose_key(text)) == "season":  # a league over weeks
                return replace(a, kind="season")  # the rhythm is asked next
            return _rhythm(a, text, moment, kind="season")  # the rhythm typed at once
        case "kickoff":  # past or a year ahead: refused in Turkish
            kickoff = when.check_horizon(timewords.read_kickoff(text, moment), moment, text)
            return replace(a, kickoff=kickoff, season=None, kind="day")
        case "slot":
            match_, changeover = timewords.read_slot(text)
            return replace(a, match=match_, changeover=changeover)
        case "third":
            return replace(a, third=choice(text, YES_NO, "third", _yes_no) == "yes")
        case "tiebreak":
            chosen = choice(text, TIEBREAK_WORDS, "tiebreak", setupwords.read_tiebreak)
            return replace(a, tiebreak=chosen)
        case "rhythm":
            return _rhythm(a, RHYTHMS[int(text)] if text in RHYTHM_KEYS else text, moment)
        case "first" if a.season:
            season, whole = setup_season.with_first(a.season, text, moment)
            known = {*a.told, "first"} - (set() if whole else {"skip"})
            return _with_season(a, season, known)
        case "skip" if a.season:
            return _with_season(
                a, setup_season.with_skip(a.season, text, moment), {*a.told, "skip"}
            )
    return a


def _rhythm(a: Answers, text: str, moment: datetime, kind: str | None = None) -> Answers:
    """A rhythm answer ("her pazar 14:00-17:00", perhaps "| 15 Ocak'tan itibaren | 1 Şubat
    hariç"): the season, keeping an earlier first day and skipped days that still fit."""
    typed = timewords.rhythm_text(text)
    new = setup_spec.season_answer(typed, moment)
    season, known = setup_season.merged(a.season, new, setup_season.told(typed), moment)
    return _with_season(replace(a, kind=kind or a.kind), season, set(known))


def _with_season(a: Answers, season: Mapping[str, Any], known: set[str]) -> Answers:
    told = tuple(p for p in setup_season.PARTS if p in known)
    return replace(a, season=dict(season), kickoff=_first_day(season), told=told)


def _first_day(rhythm: Mapping[str, Any]) -> datetime:
    return setup_spec.season_kickoff(rhythm, ZONE)


def after_edit(step: str, a: Answers) -> tuple[Answers, str]:
    """After a changed answer: back to the summary, unless the change needs another one
    (groups chosen without a count, more groups than the teams allow)."""
    fmt = a.format or "groups"
    if fmt not in SEASON_FORMATS:  # groups or a knockout are played in one day
        a = replace(a, season=None)
    if step == "kickoff" and a.kind == "season" and not a.season:
        return a, "rhythm"
    if a.season and step in ("rhythm", "first", "skip"):  # a part it dropped is asked again
        missing = [p for p in setup_season.PARTS if p not in a.told]
        if missing:
            return a, missing[0]
    if fmt != "groups":
        a = replace(a, groups=1)
    if fmt in ("league", "double"):
        a = replace(a, third=False)
    groups = 1 if a.groups is None else a.groups
    if fmt == "groups" and step != "groups" and not 2 <= groups <= len(a.teams or ()) // 2:
        return a, "groups"
    return a, "confirm"


def next_step(step: str, a: Answers) -> tuple[Answers, str]:
    """The step after `step` in the guided order, skipping what the answers settle (with
    what skipping them settles: one group, no third-place match in a league)."""
    for candidate in STEPS[STEPS.index(step) + 1 :]:
        if candidate == "rhythm" and (a.kind != "season" or a.season):
            continue  # asked only after [Haftalara yayılan lig] without a rhythm
        if candidate in setup_season.PARTS and (not a.season or candidate in a.told):
            continue  # a season's first day and skipped days, unless its rhythm said them
        if candidate == "groups" and a.format != "groups":
            a = replace(a, groups=1)
            continue
        if candidate == "third" and a.format in ("league", "double"):
            a = replace(a, third=False)
            continue
        return a, candidate
    return a, "confirm"


def edit_fields(a: Answers) -> tuple[str, ...]:
    """The answers [Değiştir] offers: no group count but for groups, no third-place match
    in a league; a league over match weeks its rhythm, first day and skipped days."""
    if a.season:
        return SEASON_EDITABLE
    fmt = a.format or "groups"
    skip = {"groups"} if fmt != "groups" else set()
    skip |= {"third"} if fmt in ("league", "double") else set()
    return tuple(f for f in EDITABLE if f not in skip)


def edit_field(a: Answers, text: str, button: bool) -> str:
    """The answer [Değiştir] is to change: a button's value, or the typed word
    (UnclearAnswer for none). A season's "İlk maç" is its first match day, so the edit
    keeps it a season; a day's "Gün ve saat" is its kick-off."""
    field_ = text if button else choice(text, EDIT_WORDS, "edit", setupwords.read_field)
    if a.season and field_ == "kickoff":
        return "first"
    if not a.season and field_ in ("rhythm", "first"):
        return "kickoff"
    if not a.season and field_ == "skip":
        raise UnclearAnswer(text, "edit")
    return field_


def season_asked(text: str, a: Answers) -> bool:
    """A league's "tek gün mü, haftalara yayılan lig mi?" answered with the league: its
    button, the words, or a rhythm typed at once ("her pazar 14:00-17:00")."""
    if a.format not in SEASON_FORMATS:
        return False
    first = timewords.rhythm_text(text.replace("\n", "|").split("|")[0])
    return KIND_WORDS.get(names.loose_key(text)) == "season" or weekly.looks_like_rhythm(first)


def choice(
    text: str,
    words: Mapping[str, str],
    question: str,
    reader: Callable[[str], str | None] | None = None,
) -> str:
    """A button's value or its typed word, else what `reader` reads in the typed answer
    ("lig usulü", "tff olsun"); anything else is refused with the options of `question`
    (UnclearAnswer)."""
    found = words.get(names.loose_key(text))
    if found is None and reader is not None:
        found = reader(text)
    if found is None:
        raise UnclearAnswer(text, question)
    return found


def _yes_no(text: str) -> str | None:
    said = setupwords.read_yes_no(text)
    return None if said is None else ("yes" if said else "no")


# --- the one-message form -----------------------------------------------------------------


def form_answers(form: setupform.Form, now: datetime) -> Answers:
    """A one-message form's answers: all of them at once, with a kick-off tomorrow at 10
    when it gave none, a season league's first match day when it is one."""
    kickoff = form.kickoff or when.parse_kickoff("yarın 10:00", now.astimezone(ZONE))
    found = Answers(
        name=form.name,
        teams=tuple(form.teams),
        pitches=form.pitches,
        format=str(form.format),
        groups=form.groups or 1,
        kickoff=kickoff,
        match=form.match_minutes,
        changeover=form.changeover,
        third=form.third_place,
        tiebreak=form.tiebreak,
    )
    if form.season is None:
        return found
    rhythm = setup_spec.season_data(form.season)  # a league over match weeks, told whole
    return replace(found, season=rhythm, kickoff=_first_day(rhythm), told=setup_season.PARTS)
