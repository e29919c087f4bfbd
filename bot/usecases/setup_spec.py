"""A set-up's Spec: what its answers describe, as the set-up conversation keeps them, and
the summary's quick look at a plan (`day_warning`). What the bot process needs of a draft
without the planner: drawing and planning it, and searching the formats that fit a day, is
bot.usecases.drafts, which the worker processes import ahead (bot.app.WORKER_IMPORTS) and
the bot process only at its first plan (bot.usecases.planning), so that starting the bot
does not load the one-day planner and its slot search (issue 20: a light bot process).
Pure: nothing here reads or writes the database.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from domain import formseason, setuperrors, setupform, setupparts

if TYPE_CHECKING:  # for annotations only: domain.advice is the planner's side
    from domain import advice
    from domain.dayplan import Plan


DEFAULT_KNOCKOUT = {1: "none", 2: "semi", 3: "semi", 4: "quarter"}


def default_knockout(groups: int) -> str:
    """The article's shapes: two or three groups feed semi-finals, four quarter-finals."""
    return DEFAULT_KNOCKOUT.get(groups, "quarter" if groups < 8 else "round_of_16")


@dataclass(frozen=True)
class Spec:
    """What the organiser chose, from the guided set-up or the one-message form."""

    name: str
    teams: tuple[str, ...]
    kickoff: datetime
    format: str = "groups"  # league, double, groups, knockout
    groups: int = 1
    pitches: tuple[str, ...] = ("Saha 1",)
    match_minutes: int = 24  # play, as typed ("24+6"); setupform.slot_times adds half-time
    changeover: int = 6  # between matches: half-time and changeover
    knockout: str | None = None  # None: the default for the number of groups
    third_place: bool = True
    tiebreak: str = "tff"
    seed: int = 0
    group_lists: tuple[tuple[str, ...], ...] = field(default=())  # a draw made by hand
    zone: str = "Europe/Istanbul"
    # A league over match weeks (season_data's keys); None: one day from `kickoff`.
    season: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        # A kick-off read back from JSON carries a bare offset; the plan needs the zone.
        object.__setattr__(self, "kickoff", self.kickoff.astimezone(ZoneInfo(self.zone)))

    @property
    def knockout_stage(self) -> str:
        if self.format in ("league", "double"):
            return self.knockout or "none"
        return self.knockout or default_knockout(self.groups)


def season_data(found: formseason.Season) -> dict[str, Any]:
    """A form's season as the set-up answers keep it (as the settings' column stores it):
    every N days on a weekday, the window, the first match day and the dates skipped."""
    return formseason.season_json(found)


def season_answer(text: str, now: datetime) -> dict[str, Any]:
    """The guided set-up's rhythm answer ("iki haftada bir pazar 14:00-17:00", with
    "| 15 Ocak'tan itibaren | 1 Şubat hariç" if wanted) read as the one-message form reads
    it, so both refuse alike; the season as `season_data` stores it."""
    parts = " | ".join(p.strip() for p in text.replace("\n", "|").split("|") if p.strip())
    form = setupform.parse_form(f"Turnuva | 2 takım | {parts}", now)
    if form.season is None:
        raise setuperrors.MissingPart(setupparts.Part.RHYTHM, text)
    return season_data(form.season)


def season_kickoff(rhythm: Mapping[str, Any], zone: ZoneInfo) -> datetime:
    """The first match day's opening: what a season's answers keep as their kick-off."""
    first, opens = date.fromisoformat(rhythm["first"]), time.fromisoformat(rhythm["opens"])
    return datetime.combine(first, opens, zone)


def spec_of(data: dict[str, Any]) -> Spec:
    """The Spec a set-up's answers describe (defaults for what was not asked)."""
    pitches = int(data.get("pitches", 1))
    return Spec(
        name=data["name"],
        teams=tuple(data["teams"]),
        kickoff=datetime.fromisoformat(data["kickoff"]),
        format=data.get("format", "groups"),
        groups=int(data.get("groups", 1)),
        pitches=tuple(f"Saha {i}" for i in range(1, pitches + 1)),
        match_minutes=int(data.get("match", 24)),
        changeover=int(data.get("changeover", 6)),
        third_place=bool(data.get("third", True)),
        tiebreak=data.get("tiebreak", "tff"),
        seed=int(data.get("seed", 0)),
        season=data.get("season"),
    )


def data_key(data: Mapping[str, Any]) -> str:
    """The answers as one string: what a built plan is kept under until [Oluştur]."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


# --- the summary's warning ---------------------------------------------------------------

LONG_DAY = timedelta(hours=12)  # a one-day plan longer than this gets a warning


@dataclass(frozen=True)
class PlanWarning:
    """What is wrong with a summarised plan, and the formats that would fit a day.

    `past`: the first match is before now. `midnight`: the last match ends on a later day.
    `long`: the day runs over LONG_DAY. `alternatives`: up to two day formats that fit
    LONG_DAY (domain.advice.advise); `season`: a season league over weeks, offered when
    no day format fits. `searched`: False when the search for both ran out of its time
    budget (bot.runtime.offload), so that none were found says nothing."""

    past: bool
    midnight: bool
    long: bool
    minutes: int
    alternatives: tuple[advice.Candidate, ...] = ()
    season: advice.SeasonCandidate | None = None
    searched: bool = True

    @property
    def wants_alternatives(self) -> bool:
        """A day past midnight or over LONG_DAY: formats that fit a day are searched."""
        return self.midnight or self.long


def day_warning(
    data: Mapping[str, Any], built: Plan, now: datetime, zone: ZoneInfo
) -> PlanWarning | None:
    """`drafts.plan_warning` without the search for alternatives: quick, a look at the plan's
    first and last match."""
    if not built.matches:
        return None
    if data.get("season"):  # over weeks: "past midnight" and "over 12 hours" say nothing
        return None
    start = min(m.start for m in built.matches)
    end = built.day_end
    minutes = int((end - start) / timedelta(minutes=1))
    past = start < now
    midnight = (end - timedelta(minutes=1)).astimezone(zone).date() > start.astimezone(zone).date()
    long = end - start > LONG_DAY
    if not (past or midnight or long):
        return None
    return PlanWarning(past, midnight, long, minutes)
