"""Read-only views: /fikstur, /puan, /takimlar."""

from __future__ import annotations

import html
from datetime import date

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers.common import actor, now, refuse, reply, run
from bot.texts import fixture, results, table
from bot.texts.weeks import fixture_text, waiting
from bot.usecases import snapshots, views
from bot.usecases.weeks import playoff_kickoff
from domain import selection
from domain.errors import DomainError
from domain.selection import UnknownGroup, UnknownSelection


async def fikstur(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if update.effective_chat is None:
        return
    wanted = " ".join(context.args or []).strip()
    moment = now(context)
    try:
        snap = await running(update, context)
        shown = views.chosen_fixture(snap, wanted, moment)
    except UnknownSelection as exc:
        await reply(update, fixture.unknown(exc))
        return
    except DomainError as exc:
        await refuse(update, exc)
        return
    chosen, waits = shown.chosen, shown.waits  # waits: /ertele N belirsiz, listed apart
    rows = list(chosen.rows)
    if not rows and chosen.kind is selection.Kind.DAY:
        await reply(update, fixture.no_matches_on(wanted, match_days(snap)))
        return
    if not rows and waits:
        await reply(update, waiting(waits))
        return
    played = [(m.match, m.result) for m in snap.matches]
    await reply(update, fixture_text(snap.tournament.name, played, chosen, waits, moment))


async def running(update: Update, context: ContextTypes.DEFAULT_TYPE) -> snapshots.Snapshot:
    """The chat's running tournament, for a view or a file (one read use case)."""
    return (await run(context, views.snapshot, views.Running(), actor(update, context))).value


def match_days(snap: snapshots.Snapshot) -> list[date]:
    """The days the tournament has matches on, on its clock."""
    return sorted({m.match.start.astimezone(snap.zone).date() for m in snap.matches})


def table_labels(snap: snapshots.Snapshot, wanted: str) -> tuple[str, ...]:
    """The groups `/puan <wanted>` shows (domain/selection.py). Raises UnknownGroup."""
    return selection.groups_named(wanted, tuple(snap.tables()))


async def puan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if update.effective_chat is None:
        return
    wanted = " ".join(context.args or [])
    try:
        snap = await running(update, context)
        labels = table_labels(snap, wanted)
    except UnknownGroup as exc:
        await reply(update, table.unknown_group(exc))
        return
    except DomainError as exc:
        await refuse(update, exc)
        return
    tables = snap.tables()
    single = len(snap.groups) < 2
    at = playoff_kickoff(snap)  # a tie a play-off settles: the day /playoff gives
    text = "\n\n".join(
        results.group_table(
            lbl, tables[lbl], snap.rules.tiebreak, single, snap.group_finished(lbl), at
        )
        for lbl in labels
    )
    await reply(update, f"<pre>{html.escape(text)}</pre>", parse_mode="HTML")


async def takimlar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if update.effective_chat is None:
        return
    try:
        who = actor(update, context)
        snap, captains = (await run(context, views.with_captains, views.Captained(), who)).value
    except DomainError as exc:
        await refuse(update, exc)
        return
    lines = [f"👥 {snap.tournament.name}: takımlar"]
    for group in snap.groups:
        if len(snap.groups) > 1:
            lines.append(f"{group.label} Grubu")
        for team in group.teams:
            mark = " (kaptan var)" if captains.get(team) else ""
            lines.append(f"• {team}{mark}")
    await reply(update, "\n".join(lines))
