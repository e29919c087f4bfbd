"""The standings table with TFF columns, the tie-break rule in words, and open ties."""

from __future__ import annotations

from typing import Any

from bot.texts.common import goal_difference, tie_rule
from domain.standings import Table
from domain.tiebreak import TieBreak

COLUMNS = ("O", "G", "B", "M", "A", "Y", "AV", "P")


def table(tab: Table, rule: TieBreak, *, title: str | None = None, ties: bool = True) -> str:
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
        if tab.decider == "playoff":
            lines.append(
                "* Eşitlik bozulamadı: " + ", ".join(tied) + ". Aralarında ayrı bir maç"
                " (play-off) oynanmalı; planlamak için: /playoff (sıradaki maç günü) ya da"
                " /playoff 7 Mart 15:00."
            )
            continue
        lines.append(
            "* Eşitlik bozulamadı: " + ", ".join(tied) + ". Sıra kurayla belirlenecek"
            " (düzenleyen kurayı kaydeder)."
        )
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
