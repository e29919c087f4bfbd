"""The standings table with TFF columns, the tie-break rule in words, and open ties."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.texts.common import MONTHS, WEEKDAYS, goal_difference, hm, tie_rule
from bot.texts.parts import quoted
from domain.selection import UnknownGroup
from domain.standings import Table
from domain.tiebreak import TieBreak

COLUMNS = ("O", "G", "B", "M", "A", "Y", "AV", "P")


def playoff_how(at: datetime | None) -> str:
    """How to plan a play-off: `/playoff` alone and the kick-off it gives (the
    tournament's next free day, bot.usecases.weeks.playoff_kickoff), or a typed one."""
    if at is None:
        return "/playoff"
    day = f"{at.day} {MONTHS[at.month - 1]}"
    return (
        f"/playoff ({day} {WEEKDAYS[at.weekday()]} {hm(at)}) ya da istediğiniz gün ve saat:"
        f" /playoff {day} {hm(at)}"
    )


def unknown_group(exc: UnknownGroup) -> str:
    """ "/puan Z", "/puan c grubu": no such group; the groups there are, and what to type."""
    head = (
        f"Bu turnuvada {exc.label} grubu yok."
        if exc.label
        else f'"{quoted(exc.text)}" bir grup adı değil.'
    )
    if len(exc.groups) < 2:
        return f"{head} Bu turnuvada tek tablo var: /puan (metin için: /puan metin)"
    other = exc.groups[1]
    return (
        f"{head} Gruplar: {', '.join(exc.groups)}. Şöyle yazın: /puan {exc.groups[0]}"
        f" · /puan {other.lower()} grubu · tüm gruplar: /puan (metin için sona: metin)"
    )


def tie_note(tied: tuple[str, ...], decider: str) -> str:
    """A tie no criterion breaks, as the page says it: a play-off between two teams under
    the TFF rule (more than two: /playoff refuses, a lot decides), else a lot."""
    head = f"Eşitlik bozulamadı: {', '.join(tied)}."
    if decider == "playoff" and len(tied) == 2:
        return f"{head} Aralarında ayrı bir maç (play-off) oynanmalı."
    if decider == "playoff":
        return f"{head} Play-off iki takım arasında oynanır; sıra kurayla belirlenecek."
    return f"{head} Sıra kurayla belirlenecek."


def table(
    tab: Table,
    rule: TieBreak,
    *,
    title: str | None = None,
    ties: bool = True,
    playoff: datetime | None = None,
) -> str:
    """`playoff`: the kick-off `/playoff` would give, told when a tie needs one."""
    title = title or "Puan durumu"
    started = ties and any(r.played for r in tab.rows)  # before kick-off all are level
    width = max([len(r.team) for r in tab.rows] + [5])
    lines = [title, f"{'#':>2}  {'Takım':<{width}} " + " ".join(f"{c:>3}" for c in COLUMNS)]
    for r in tab.rows:
        cells = (
            r.played,
            r.won,
            r.drawn,
            r.lost,
            r.goals_for,
            r.goals_against,
            goal_difference(r.goal_difference),
            r.points,
        )
        mark = " *" if r.tie and started else (" (kura)" if r.decided_by_lot else "")
        mark += (
            f" (H{r.forfeit_losses if r.forfeit_losses > 1 else ''})" if r.forfeit_losses else ""
        )
        mark += f" (-{r.deducted} puan)" if r.deducted else ""
        lines.append(
            f"{r.rank:>2}  {r.team:<{width}} " + " ".join(f"{c!s:>3}" for c in cells) + mark
        )
    lines.append(tie_rule(rule))
    if any(r.forfeit_losses for r in tab.rows):
        lines.append("(H) hükmen mağlubiyet: rakip en az 3-0 kazanmış sayılır (TFF FMT Madde 23).")
    for tied in tab.unresolved if started else ():
        if tab.decider == "playoff" and len(tied) == 2:
            lines.append(
                "* Eşitlik bozulamadı: " + ", ".join(tied) + ". Aralarında ayrı bir maç"
                f" (play-off) oynanmalı; planlamak için: {playoff_how(playoff)}."
            )
            continue
        # More than two level: /playoff refuses (a play-off is between two), /kura decides.
        lines.append(f"* {tie_note(tied, tab.decider)[:-1]} (düzenleyen kurayı kaydeder).")
    return "\n".join(lines)


def rows_json(tab: Table, group: str | None) -> list[dict[str, Any]]:
    return [
        {
            "group": group,
            "rank": r.rank,
            "team": r.team,
            "O": r.played,
            "G": r.won,
            "B": r.drawn,
            "M": r.lost,
            "A": r.goals_for,
            "Y": r.goals_against,
            "AV": r.goal_difference,
            "P": r.points,
            "tie": list(r.tie),
            "lot": r.decided_by_lot,
            "H": r.forfeit_losses,
            "deducted": r.deducted,
        }
        for r in tab.rows
    ]
