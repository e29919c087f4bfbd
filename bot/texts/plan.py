"""The fixture as the organiser prints or posts it, and its JSON form."""

from __future__ import annotations

from typing import Any

from bot.texts.common import (
    LEGEND,
    day,
    duration,
    hm,
    number,
    side,
    stage_label,
    yes,
)
from domain.planner import Plan
from domain.report import checklist, pitch_lines, team_lines


def fixture(plan: Plan, *, title: str = "Fikstür", players: int = 7, breaks: bool = False) -> str:
    """Matches by time with pitches, byes, the checklist and per-team figures."""
    rules = plan.rules
    teams = {t for g in plan.groups for t in g.teams} | {
        t for m in plan.matches for t in (m.home, m.away) if t
    }
    head = [
        f"{title} · {len(teams)} takım · {len(rules.pitches)} saha · {day(rules.start)}",
        f"Maç {rules.match_minutes} dk ({rules.play_minutes} oyun + {rules.half_time} devre arası)"
        f" + {rules.changeover} dk değişim = {rules.slot} dk'lık dilim",
    ]
    if len(plan.groups) > 1:
        head += [f"{g.label} Grubu: {', '.join(g.teams)}" for g in plan.groups]
    lines = [*head, ""]
    width = max((len(m.pitch) for m in plan.matches), default=0)
    label_width = max((len(stage_label(m)) for m in plan.matches), default=0)
    for m in plan.matches:
        lines.append(
            f"{m.no:>3}. {hm(m.start)}-{hm(m.end)}  {m.pitch:<{width}}  "
            f"{stage_label(m):<{label_width}}  {side(m, True)} - {side(m, False)}"
        )
    if plan.byes:
        lines.append("")
        lines.append(
            "Bay geçenler: "
            + " · ".join(
                (f"{b.group} Grubu " if b.group else "") + f"{b.round}. tur: {b.team}"
                for b in plan.byes
            )
        )
    if any(m.stage.is_knockout for m in plan.matches):
        lines += ["", LEGEND]
    return "\n".join([*lines, "", *checks(plan, players), "", *per_team(plan, breaks)])


def checks(plan: Plan, players: int) -> list[str]:
    """The article's pre-print checklist."""
    c = checklist(plan)
    group_matches = sum(1 for m in plan.matches if not m.stage.is_knockout)
    low, high = c.player_minutes(players)
    out = [
        "Kontrol listesi",
        f"{yes(c.pairs_once)} Her eşleşme grubunda bir kez ({group_matches} grup/lig maçı)",
        f"{yes(not c.overlaps)} Hiçbir takım aynı anda iki sahada değil",
        f"• Toplam {c.matches} maç · takım başına {_span(c.fewest_matches, c.most_matches)} maç"
        f" · oyun süresi {_span(c.fewest_play_minutes, c.most_play_minutes)} dk",
        f"• Oyuncu-dakika ({players}x{players}): {_span(low, high)}"
        f" · kişi başı 10 kişilik kadroda {_span(low / 10, high / 10)} dk,"
        f" 12 kişilikte {_span(low / 12, high / 12)} dk",
    ]
    if plan.group_slots:
        out.append(
            f"• Grup aşaması {plan.group_slots} zaman diliminde (en az {plan.group_slot_bound})"
            f" · arka arkaya maç: {plan.back_to_backs}"
        )
    out.append(
        "• Sahalar: "
        + " · ".join(f"{p.pitch} {hm(p.first_use)}-{hm(p.last_use)}" for p in pitch_lines(plan))
    )
    out.append(f"• Gün sonu: {hm(c.day_end)}")
    return out


def per_team(plan: Plan, breaks: bool = False) -> list[str]:
    lines = team_lines(plan)
    if not lines:
        return []
    width = max(len(t.team) for t in lines)
    out = ["Takımlar (bilinen maçlar)"]
    for t in lines:
        if not t.matches:
            continue
        rest = (
            f"en kısa dinlenme {duration(t.smallest_rest)}" if t.smallest_rest is not None else ""
        )
        bye = f" · bay {t.byes}" if t.byes else ""
        if breaks:
            bye += f" · üst üste iç saha/deplasman: {t.breaks}"
        out.append(
            f"{t.team:<{width}}  {t.matches} maç  {hm(t.first_kickoff)}-{hm(t.last_kickoff)}"  # type: ignore[arg-type]
            f"  {rest}{bye}".rstrip()
        )
    return out


def _span(low: float, high: float) -> str:
    return number(low) if low == high else f"{number(low)}-{number(high)}"


def as_json(plan: Plan) -> dict[str, Any]:
    """The documented JSON shape: matches, byes, groups."""
    league = all(m.stage.value == "league" for m in plan.matches if not m.stage.is_knockout)
    return {
        "matches": [
            {
                "no": m.no,
                "stage": m.stage.value,
                "group": m.group,
                "round": m.round,
                "pitch": m.pitch,
                "start": m.start.strftime("%Y-%m-%dT%H:%M"),
                "end": m.end.strftime("%Y-%m-%dT%H:%M"),
                "home": m.home,
                "away": m.away,
                "home_from": m.home_from,
                "away_from": m.away_from,
            }
            for m in plan.matches
        ],
        "byes": [{"group": b.group, "round": b.round, "team": b.team} for b in plan.byes],
        "groups": {} if league else {g.label: list(g.teams) for g in plan.groups},
    }
