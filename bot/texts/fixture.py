"""The fixture as text (/fikstur metin) and what may follow /fikstur and /takvim."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, time

from bot.texts.common import MONTHS, day, hm, pairing, side, stage_label
from bot.texts.files import NEXT, NO_MATCHES, WAITING, fixture_head, week_day, week_heading
from bot.texts.parts import quoted
from domain.model import Group, PlannedMatch, Score
from domain.selection import UnknownSelection, Week, by_week, main_day

Row = tuple[PlannedMatch, Score | None]


def fixture(
    name: str,
    rows: Sequence[Row],
    title: str | None = None,
    *,
    upcoming: datetime | None = None,
    waiting: Sequence[PlannedMatch] = (),
) -> str:
    """The matches one a line in kick-off order; the next slot by the clock (`upcoming`)
    marked ▶, matches over without a result listed apart; unknown sides in words. A
    season league's matches over several weeks go under a heading per match week with
    its date (`season_weeks`)."""
    if not rows:
        return NO_MATCHES
    late = {m.no for m in waiting}

    def mark(m: PlannedMatch, r: Score | None) -> str:
        return "▶ " if m.start == upcoming and r is None else "⏳ " if m.no in late else ""

    weeks = by_week(rows)
    if weeks:
        last = max(m.start for m, _ in rows)
        lines = [fixture_head(name, rows[0][0].start, title, last)]
        lines += season_weeks(weeks, mark)
        if upcoming is not None or waiting:
            lines.append("")
    else:
        # one week of a league: a match moved to another day says its date, not just a time
        on = main_day(rows) if all(m.week is not None for m, _ in rows) else None
        first = next(m.start for m, _ in rows if on is None or m.start.date() == on)
        lines = [fixture_head(name, first, title)]
        lines += [mark(m, r) + match_line(m, r, day_of=on) for m, r in rows]
    if upcoming is not None:
        when = f"{week_day(upcoming.date())} {hm(upcoming)}" if weeks else hm(upcoming)
        lines.append(f"{NEXT} ({when})")
    if waiting:
        lines.append(f"{WAITING}: {missing_list(waiting, dated=bool(weeks))}")
    return "\n".join(lines)


def season_weeks(
    weeks: Sequence[Week], mark: Callable[[PlannedMatch, Score | None], str] | None = None
) -> list[str]:
    """Each match week's heading ("3. hafta · 31 Ocak Pazar") over its matches, a blank
    line before each; a match moved off its week's day shows its own date."""
    lines: list[str] = []
    for week in weeks:
        lines += ["", week_heading(week.number, week.day)]
        for m, r in week.rows:
            moved = m.start.date() != week.day
            when = f"{week_day(m.start.date())} {hm(m.start)}" if moved else hm(m.start)
            score = f"  {score_text(r)}" if r else ""
            line = f"{m.no}. {when} {m.pitch}: {side(m, True)} - {side(m, False)}{score}"
            lines.append((mark(m, r) if mark else "") + line)
    return lines


def _choices(groups: Sequence[str], pitches: Sequence[str]) -> list[str]:
    ways = ["/fikstur bugün", "/fikstur yarın", "/fikstur cumartesi", "/fikstur 6 Aralık"]
    if len(groups) > 1:
        ways.append(f"/fikstur {groups[0]} (gruplar: {', '.join(groups)})")
    if len(pitches) > 1:
        ways.append(f"/fikstur {pitches[1].lower()}")
    return ways


def unknown(exc: UnknownSelection, command: str = "/fikstur") -> str:
    """ "/fikstur xyz": what may be typed instead; never a result example."""
    head = f'"{quoted(exc.text)}" bir gün, grup, saha ya da takım adı değil.'
    if exc.closest:
        head += f" Şunu mu demek istediniz: {', '.join(quoted(t) for t in exc.closest[:3])}?"
    team = exc.closest[0] if exc.closest else (exc.teams[0] if exc.teams else "Kartallar")
    ways = [*_choices(exc.groups, exc.pitches), f"/fikstur {team}"]
    return head + "\nŞöyle yazabilirsiniz: " + " · ".join(ways) + ". Metin için sona: metin"


def unknown_team(text: str, teams: Sequence[str], closest: Sequence[str] = ()) -> str:
    """ "/takvim xyz": which teams exist."""
    head = f'"{quoted(text)}" adında bir takım yok.'
    if closest:
        head += f" Şunu mu demek istediniz: {', '.join(quoted(t) for t in closest[:3])}?"
    shown = ", ".join(teams[:24]) + (f" (+{len(teams) - 24})" if len(teams) > 24 else "")
    example = closest[0] if closest else (teams[0] if teams else "Kartallar")
    return f"{head}\nTakımlar: {shown}.\nŞöyle yazın: /takvim {example} (tüm maçlar için: /takvim)"


def no_matches_on(asked: str, days: Sequence[date]) -> str:
    """ "/fikstur bugün" on a day without matches: which days have them."""
    shown = ", ".join(day(datetime.combine(d, time(12))) for d in days[:5])
    first = days[0] if days else None
    example = f"/fikstur {first.day} {MONTHS[first.month - 1]}" if first else "/fikstur"
    return f"{asked[:1].upper()}{asked[1:]} maç yok. Maç günleri: {shown}. Örnek: {example}"


def score_text(score: Score) -> str:
    text = f"{score.home_goals}-{score.away_goals}"
    if score.home_penalties is not None:
        text += f" (pen. {score.home_penalties}-{score.away_penalties})"
    return text + (" (H)" if score.forfeit else "")


def match_line(
    m: PlannedMatch,
    result: Score | None = None,
    *,
    show_day: bool = False,
    day_of: date | None = None,
) -> str:
    """One match a line; its date with `show_day`, or when it is off `day_of` (the day
    the list is headed with)."""
    when = f"{day(m.start)} {hm(m.start)}" if show_day else hm(m.start)
    if day_of is not None and m.start.date() != day_of:
        when = f"{week_day(m.start.date())} {hm(m.start)}"
    score = f"  {score_text(result)}" if result else ""
    return f"{m.no}. {when} {m.pitch} · {stage_label(m)}: {side(m, True)} - {side(m, False)}{score}"


def draw(groups: Sequence[Group]) -> str:
    if len(groups) < 2:
        return ""
    return "Kura: " + " · ".join(f"{g.label}: {', '.join(g.teams)}" for g in groups)


def created(
    name: str, groups: Sequence[Group], matches: Sequence[PlannedMatch], end: datetime
) -> str:
    """A summary, not the whole fixture (64 teams' fixture is 9 messages): the draw, the
    first slot's matches and where the rest is."""
    parts = [f"✅ {name} kuruldu: {len(matches)} maç, gün sonu {hm(end)}."]
    if drawn := draw(groups):
        parts.append(drawn)
    if matches:
        first = min(m.start for m in matches)
        opening = [m for m in matches if m.start == first]
        lines = [f"İlk maçlar ({day(first)} {hm(first)}):"]
        lines += [match_line(m) for m in opening[:8]]
        if len(opening) > 8:
            lines.append(f"… ve {len(opening) - 8} maç daha")
        parts.append("\n".join(lines))
    parts.append("Tüm fikstür: /fikstur (resim), /fikstur metin, /yazdir (PDF).")
    parts.append(
        'Kaptanlar /kaptan TakımAdı yazsın; sonra "ne zaman oynuyoruz?" diye sorabilirler.'
    )
    return "\n\n".join(parts)


def missing_list(matches: Sequence[PlannedMatch], *, dated: bool | None = None) -> str:
    """ "3. maç A1 – A4 (10:00), 4. maç A2 – A3 (10:00)": matches over without a result;
    `dated` (a season's weeks; by default when they span several days) with the day:
    "(17 Ocak Pazar 14:00)"."""
    if dated is None:
        dated = len({m.start.date() for m in matches}) > 1

    def when(m: PlannedMatch) -> str:
        return f"{week_day(m.start.date())} {hm(m.start)}" if dated else hm(m.start)

    return ", ".join(f"{m.no}. maç {pairing(m)} ({when(m)})" for m in matches)
