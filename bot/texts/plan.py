"""The fixture as the organiser prints or posts it, and its JSON form."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.texts.common import (
    day,
    duration,
    hm,
    number,
    side,
    since,
    stage_label,
    yes,
)
from domain import matchdays
from domain.dayplan import Plan
from domain.errors import DomainError
from domain.matchdays import months, season_days
from domain.report import checklist, pitch_lines, team_lines
from domain.season import BadSeason, MatchDay, RoundDoesNotFit, SeasonPlan


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


# --- season leagues ---------------------------------------------------------------------


def rhythm(every_days: int | None) -> str:
    """ "haftada bir", "iki haftada bir", "10 günde bir"."""
    if every_days is None:
        return "verilen tarihlerde"
    if every_days % 7 == 0:
        weeks = every_days // 7
        return "haftada bir" if weeks == 1 else f"{WEEKS.get(weeks, str(weeks))} haftada bir"
    return f"{every_days} günde bir"


WEEKS = {2: "iki", 3: "üç", 4: "dört"}


def months_text(value: float) -> str:
    return f"≈ {number(value)} ay"


def season_fixture(plan: SeasonPlan, *, title: str = "Sezon ligi") -> str:
    """Match days with their matches, byes and spare time; the season's checks."""
    rules = plan.rules
    every = None if rules.calendar.dates else rules.calendar.every_days
    first = plan.days[0]
    window = f"{hm(first.opens)}-{hm(first.closes)}" if first.closes else since(first.opens)
    legs = "çift devreli" if plan.double else "tek devreli"
    head = [
        f"{title} · {len(plan.teams)} takım · {legs} · {len(rules.pitches)} saha"
        f" · {plan.weeks} maç haftası, {rhythm(every)} {window}",
        f"Maç {rules.match_minutes} dk ({rules.match_minutes - rules.half_time} oyun"
        f" + {rules.half_time} devre arası) + {rules.changeover} dk değişim"
        f" = {rules.slot} dk'lık dilim",
        "",
    ]
    lines = list(head)
    width = max((len(m.pitch) for m in plan.matches), default=0)
    for d in plan.days:
        lines.append(f"{d.week}. hafta · {day(d.opens)} · {_rounds(d.rounds)}")
        for m in d.matches:
            lines.append(
                f"  {m.no:>3}. {hm(m.start)}-{hm(m.end)}  {m.pitch:<{width}}  {m.home} - {m.away}"
            )
        if d.byes:
            lines.append(f"  Bay: {', '.join(d.byes)}")
        if d.spare_minutes is not None and d.closes is not None:
            lines.append(
                f"  Boş süre: {duration(d.spare_minutes)} ({hm(d.last_end)}-{hm(d.closes)})"
            )
        lines.append("")
    return "\n".join([*lines, *season_checks(plan)])


def _rounds(numbers: tuple[int, ...]) -> str:
    return ", ".join(f"{n}." for n in numbers) + " tur"


def season_checks(plan: SeasonPlan) -> list[str]:
    per_team: dict[str, int] = dict.fromkeys(plan.teams, 0)
    for m in plan.matches:
        for t in (m.home, m.away):
            if t is not None:
                per_team[t] += 1
    counts = sorted(set(per_team.values()))
    span = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    weeks = {(m.week, t) for m in plan.matches for t in (m.home, m.away)}
    once = len(weeks) == 2 * len(plan.matches)
    rules = plan.rules
    every = None if rules.calendar.dates else rules.calendar.every_days
    length = season_days(plan.weeks, every) if every else (plan.last_day - plan.first_day).days
    return [
        "Kontrol listesi",
        f"{yes(once)} Her takım bir maç haftasında en fazla bir maç",
        f"• Toplam {len(plan.matches)} maç · takım başına {span} maç · {plan.weeks} maç haftası",
        f"• İç saha/deplasman üst üste: {sum(plan.breaks().values())}",
        f"• Sezon: {day(plan.days[0].opens)} – {day(plan.days[-1].opens)}"
        f" ({months_text(months(length))})",
    ]


def season_json(plan: SeasonPlan) -> dict[str, Any]:
    """{"matches": [...], "byes": [...], "weeks": [...]}; times ISO with the zone."""
    return {
        "matches": [
            {
                "no": m.no,
                "week": m.week,
                "round": m.round,
                "start": m.start.isoformat(),
                "end": m.end.isoformat(),
                "pitch": m.pitch,
                "home": m.home,
                "away": m.away,
            }
            for m in plan.matches
        ],
        "byes": [
            {"week": d.week, "round": r, "team": bye}
            for d in plan.days
            for r, bye in _round_byes(plan, d)
        ],
        "weeks": [
            {
                "week": d.week,
                "date": d.date.isoformat(),
                "rounds": list(d.rounds),
                "opens": d.opens.isoformat(),
                "closes": d.closes.isoformat() if d.closes else None,
                "spare": d.spare_minutes,
            }
            for d in plan.days
        ],
        "breaks": sum(plan.breaks().values()),
    }


def _round_byes(plan: SeasonPlan, d: MatchDay) -> list[tuple[int, str]]:
    by_number = {r.number: r.bye for r in plan.rounds}
    return [(n, by_number[n]) for n in d.rounds if by_number.get(n) and by_number[n] in d.byes]


def season_refusal(exc: DomainError) -> str:
    """The command line's words for a season that cannot be laid out."""
    match exc:
        case matchdays.SkipOffRhythm():
            example = exc.first + timedelta(days=exc.every_days)
            return (
                f"{exc.day:%d.%m.%Y} bir maç günü değil (ilk maç günü {exc.first:%d.%m.%Y},"
                f" {exc.every_days} günde bir). Örnek: --skip {example:%Y-%m-%d}"
            )
        case matchdays.TooFewDates():
            return (
                f"Lig {exc.needed} maç günü istiyor, {exc.given} tarih verildi."
                " Örnek: --every 14 ya da daha çok --dates"
            )
        case matchdays.CalendarError():
            return "Maç günleri kurulamadı. Örnek: --every 7 (haftalık) ya da --every 14"
        case BadSeason():
            return "Maç günü seçenekleri geçersiz. Örnek: --rounds-per-day 1 --until 17:00"
        case RoundDoesNotFit():
            return _overrun(exc)
    return "Sezon kurulamadı. Örnek: --every 14 --until 17:00"


def _overrun(exc: RoundDoesNotFit) -> str:
    return (
        f"{exc.week}. maç haftası ({exc.day:%d.%m.%Y}): {exc.matches} maç {exc.pitches} sahada"
        f" kapanışa ({exc.closes:%H:%M}) sığmıyor, {duration(exc.shortfall)} eksik."
        " Saha ekleyin, maçları kısaltın ya da bir turu iki maç gününe bölün."
        " Örnek: --pitches 2, --match 24 ya da --days-per-round 2"
    )
