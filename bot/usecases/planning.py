"""A set-up's plan, the formats that would fit its day and the format hint, each run in a
worker process under a time budget (bot.runtime.offload), so that no chat waits on a plan
or a search and no search runs for ever (issue 20).

`drafts()` is the bot process's one way to the planner: bot.usecases.drafts loads the
one-day planner and the format advice (domain.planner, domain.advice), which the bot
process needs only at its first plan; the workers import it ahead (bot.app.WORKER_IMPORTS).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from types import ModuleType
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from bot.runtime import offload
from bot.usecases.setup_spec import PlanWarning, Spec, day_warning

if TYPE_CHECKING:  # for annotations only: the planner's side
    from domain import advice
    from domain.dayplan import Draft, Plan


def drafts() -> ModuleType:
    """bot.usecases.drafts, imported at the first plan (see the module docstring)."""
    from bot.usecases import drafts  # here, not at the top: see the module docstring

    return drafts


async def build_off_loop(spec: Spec) -> tuple[Draft, Plan]:
    """`drafts.build` in the worker process, within the plan budget: a large plan neither
    stalls other chats nor runs for ever (offload.TooSlow), and one a chat cannot carry is
    refused before any planning (offload.PlanTooLarge)."""
    groups = 1 if spec.format in ("league", "double") else max(1, spec.groups)
    offload.check_plan(
        offload.league_matches(len(spec.teams), groups, double=spec.format == "double")
    )
    return await offload.run(drafts().build, spec, budget=offload.PLAN_BUDGET, what="plan")


async def warning_off_loop(
    data: Mapping[str, Any], built: Plan, now: datetime, zone: ZoneInfo
) -> PlanWarning | None:
    """`drafts.plan_warning`, its slow part (the formats that would fit a day) in the worker
    process within the advice budget: past it the warning comes without them (`searched`
    False), so the summary is still shown and no chat waits on this process."""
    found = day_warning(data, built, now, zone)
    if found is None or not found.wants_alternatives:
        return found
    try:
        return await offload.run(
            drafts().alternatives, data, found, budget=offload.ADVICE_BUDGET, what="alternatives"
        )
    except offload.TooSlow:
        return replace(found, searched=False)


async def format_hint_off_loop(teams: int, pitches: int) -> advice.Candidate | None:
    """`drafts.format_hint` in the worker process within the advice budget; past it, no
    hint (the format question is asked without its "Öneri")."""
    try:
        return await offload.run(
            drafts().format_hint, teams, pitches, budget=offload.ADVICE_BUDGET, what="advice"
        )
    except offload.TooSlow:
        return None
