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

from bot.usecases import drafts
from bot.usecases.errors import UnclearAnswer
from domain import names, setupform, setupwords, teamlists, timewords, weekly, when

ZONE = ZoneInfo("Europe/Istanbul")
KIND = "setup"  # the stored conversation's kind (a captain's claim, a result: others)
TIMEOUT = timedelta(minutes=30)  # a set-up silent this long is gone
STEPS = (
    *("name", "teams", "pitches", "format", "groups", "kickoff", "rhythm", "slot", "third"),
    "tiebreak",
)
EDITABLE = ("name", "teams", "pitches", "format", "groups", "kickoff", "slot", "third", "tiebreak")
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
    season: Mapping[str, Any] | None = None  # the rhythm, as drafts.season_data keeps it
    match: int | None = None
    changeover: int | None = None
    third: bool | None = None
    tiebreak: str | None = None
    seed: int | None = None  # the draw's, set by the first summary
    editing: bool = False  # one answer changed from the summary: back to it afterwards

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Answers:
        """The answers a stored (or typed-in) dict holds; keys it does not know are left."""
        known = {f.name for f in fields(cls)}
        found = {k: v for k, v in data.items() if k in known and v is not None}
        if "teams" in found:
            found["teams"] = tuple(found["teams"])
        if isinstance(found.get("kickoff"), str):
            found["kickoff"] = datetime.fromisoformat(found["kickoff"])
        if "season" in found:
            found["season"] = dict(found["season"])
        if "editing" in found:
            found["editing"] = True  # stored as a key that is there or not
        return cls(**found)

    def data(self) -> dict[str, Any]:
        """The stored form: what drafts reads (spec_of, data_key, plan_warning)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or (f.name == "editing" and not value):
                continue
            if f.name == "teams":
                value = list(value)
            elif f.name == "kickoff":
                value = value.isoformat()
            elif f.name == "season":
                value = dict(value)
            out[f.name] = value
        return out

    def spec(self) -> drafts.Spec:
        return drafts.spec_of(self.data())

    def key(self) -> str:
        """What the summary's plan is kept under until [Oluştur] (drafts.data_key)."""
        return drafts.data_key(self.data())

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
        case "kickoff" if season_asked(text, a):  # a league: over weeks
            if KIND_WORDS.get(names.loose_key(text)) == "season":
                return replace(a, kind="season")  # the rhythm is asked next
            rhythm = drafts.season_answer(timewords.rhythm_text(text), moment)  # at once
            return replace(a, kind="season", season=rhythm, kickoff=_first_day(rhythm))
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
            typed = RHYTHMS[int(text)] if text in RHYTHM_KEYS else timewords.rhythm_text(text)
            rhythm = drafts.season_answer(typed, moment)
            return replace(a, season=rhythm, kickoff=_first_day(rhythm))
    return a


def _first_day(rhythm: Mapping[str, Any]) -> datetime:
    return drafts.season_kickoff(rhythm, ZONE)


def after_edit(step: str, a: Answers) -> tuple[Answers, str]:
    """After a changed answer: back to the summary, unless the change needs another one
    (groups chosen without a count, more groups than the teams allow)."""
    fmt = a.format or "groups"
    if fmt not in SEASON_FORMATS:  # groups or a knockout are played in one day
        a = replace(a, season=None)
    if step == "kickoff" and a.kind == "season" and not a.season:
        return a, "rhythm"
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
    in a league."""
    fmt = a.format or "groups"
    skip = {"groups"} if fmt != "groups" else set()
    skip |= {"third"} if fmt in ("league", "double") else set()
    return tuple(f for f in EDITABLE if f not in skip)


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
    rhythm = drafts.season_data(form.season)  # a league over match weeks
    return replace(found, season=rhythm, kickoff=_first_day(rhythm))


# --- what people type instead of pressing a button (keys: names.loose_key) ---------------

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
EDIT_WORDS = {  # the [Değiştir] buttons' labels (bot.texts.setup.EDIT_FIELDS), and more
    "ad": "name",
    "takimlar": "teams",
    "saha": "pitches",
    "bicim": "format",
    "grup sayisi": "groups",
    "ilk mac": "kickoff",
    "sure": "slot",
    "ucunculuk": "third",
    "esitlik": "tiebreak",
    "isim": "name",
    "grup": "groups",
    "gruplar": "groups",
    "saat": "kickoff",
    "tarih": "kickoff",
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
RHYTHMS = (  # the rhythm question's buttons: their value is the index
    "her pazar 14:00-17:00",
    "iki haftada bir pazar 14:00-17:00",
    "her cumartesi 10:00-13:00",
    "her salı 21:00-23:00",
)
RHYTHM_KEYS = tuple(str(i) for i in range(len(RHYTHMS)))
YES_NO = {"yes": "yes", "evet": "yes", "var": "yes", "no": "no", "hayir": "no", "yok": "no"}
TIEBREAK_WORDS = {
    "tff": "tff",
    "uefa": "uefa",
    "fifa": "fifa",
    "makale": "makale",
    "averaj once": "makale",
    "halisaha": "halisaha",
}
