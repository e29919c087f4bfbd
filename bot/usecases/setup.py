"""Creating a tournament: draw, plan and store, all in one unit of work."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from zoneinfo import ZoneInfo

from domain import draw, formats
from domain.model import Group
from domain.planner import Pitch, Plan, TimeRules, plan
from storage import UnitOfWork
from storage import api as store
from storage.records import NewTournament, TournamentSettings

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
    match_minutes: int = 24  # on the pitch, half-time included ("24+6")
    changeover: int = 6
    knockout: str | None = None  # None: the default for the number of groups
    third_place: bool = True
    tiebreak: str = "tff"
    seed: int = 0
    group_lists: tuple[tuple[str, ...], ...] = field(default=())  # a draw made by hand
    zone: str = "Europe/Istanbul"

    def __post_init__(self) -> None:
        # A kick-off read back from JSON carries a bare offset; the plan needs the zone.
        object.__setattr__(self, "kickoff", self.kickoff.astimezone(ZoneInfo(self.zone)))

    @property
    def knockout_stage(self) -> str:
        if self.format in ("league", "double"):
            return self.knockout or "none"
        return self.knockout or default_knockout(self.groups)


def build(spec: Spec) -> tuple[formats.Draft, Plan]:
    """Draw and plan; pure, so the summary can show the plan before [Oluştur]."""
    options = formats.Options(
        double=spec.format == "double",
        third_place=spec.third_place,
        knockout=spec.knockout_stage,
    )
    if spec.format == "knockout":
        draft = formats.pure_knockout(spec.teams, options)
    elif spec.format in ("league", "double") or spec.groups < 2:
        draft = formats.league(spec.teams, options)
    else:
        if spec.group_lists:
            labels = draw.group_labels(len(spec.group_lists))
            groups = tuple(Group(lbl, g) for lbl, g in zip(labels, spec.group_lists, strict=True))
        else:
            groups = draw.draw_groups(spec.teams, spec.groups, method="random", seed=spec.seed)
        draft = formats.groups_then_knockout(groups, options)
    rules = TimeRules(
        start=spec.kickoff,
        pitches=tuple(Pitch(p) for p in spec.pitches),
        match_minutes=spec.match_minutes,
        half_time=min(2, spec.match_minutes - 1),
        changeover=spec.changeover,
    )
    return draft, plan(draft, rules)


@dataclass(frozen=True)
class Created:
    tournament_id: int
    plan: Plan


async def create(
    uow: UnitOfWork,
    spec: Spec,
    *,
    chat_id: int,
    user_id: int,
    now: datetime,
    chat_title: str | None = None,
) -> Created:
    """Store the tournament with its draw and plan; an older one in the chat is archived."""
    _, planned = build(spec)
    groups = planned.groups or (Group("A", spec.teams),)
    settings = TournamentSettings(
        format=spec.format,
        pitches=spec.pitches,
        day=date(spec.kickoff.year, spec.kickoff.month, spec.kickoff.day),
        first_kickoff=spec.kickoff,
        slot_minutes=spec.match_minutes + spec.changeover,
        break_minutes=planned.rules.knockout_break,
        rest_minutes=planned.rules.knockout_rest,
        tie_break=spec.tiebreak,
        time_zone=spec.zone,
        extra={
            "match_minutes": spec.match_minutes,
            "changeover": spec.changeover,
            "knockout": spec.knockout_stage,
            "third_place": spec.third_place,
            "groups": spec.groups,
            "seed": spec.seed,
        },
    )
    new = NewTournament(
        chat_id=chat_id,
        name=spec.name,
        created_by=user_id,
        settings=settings,
        teams=spec.teams,
        groups=groups,
        plan=planned.matches,
        chat_title=chat_title,
    )
    tournament_id = await store.create_tournament(uow, new, now, replace_active=True)
    return Created(tournament_id, planned)
