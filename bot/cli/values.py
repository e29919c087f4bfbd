"""Option values read into domain values: teams, groups, pitches, time zone, first
kick-off, durations, time windows, dates and clock times.

Shared by `plan` and `puan`; each reader refuses a bad value with its Turkish line and
an example, so the subcommands only combine what these return.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.cli.refused import Refused
from bot.texts.common import EXAMPLES
from bot.texts.errors import kickoff_why
from domain import counts, draw, names, when
from domain.dayplan import Pitch, TeamWindow
from domain.model import Group


def team_list(text: str) -> list[str]:
    raw = text.replace("\n", ",").split(",")
    teams = [" ".join(t.split()) for t in raw if t.strip()]
    if len(teams) < 2:
        raise Refused(f"En az 2 takım gerekli. Örnek: {EXAMPLES['teams']}")
    for first, second in names.duplicates(teams):
        raise Refused(
            f'"{first}" ve "{second}" aynı takım sayılır (büyük/küçük harf farkı).'
            f" Her takıma farklı ad verin. Örnek: {EXAMPLES['teams']}"
        )
    return teams


def explicit_groups(spec: str, teams: Sequence[str]) -> tuple[Group, ...]:
    """'A1,A2 / B1,B2' (or ';'): groups as the organiser drew them."""
    parts = [p for p in spec.replace(";", "/").split("/") if p.strip()]
    labels = draw.group_labels(len(parts))
    groups = tuple(Group(lbl, tuple(team_list(p))) for lbl, p in zip(labels, parts, strict=True))
    listed = [names.resolve(t, teams) for g in groups for t in g.teams]
    if sorted(listed) != sorted(teams):
        missing = [t for t in teams if t not in listed]
        raise Refused(
            f"Gruplar takım listesiyle uyuşmuyor (eksik: {', '.join(missing) or 'yok'})."
            f" Örnek: {EXAMPLES['groups']}"
        )
    return tuple(Group(g.label, tuple(names.resolve(t, teams) for t in g.teams)) for g in groups)


def drawn_groups(args: argparse.Namespace, teams: list[str]) -> tuple[Group, ...] | None:
    if not args.groups:
        return None
    if not counts.ascii_digits(args.groups.strip()):
        return explicit_groups(args.groups, teams)
    k = int(args.groups)
    if k < 1:
        raise Refused(f"Grup sayısı en az 1 olmalı. Örnek: {EXAMPLES['groups']}")
    method = args.draw or ("random" if args.seed is not None else "order")
    return draw.draw_groups(teams, k, method=method, seed=args.seed, pot_size=args.pot_size)


def pitch_list(text: str) -> tuple[Pitch, ...]:
    if counts.ascii_digits(text.strip().lstrip("-")):
        count = int(text)
        if count < 1:
            raise Refused(f"Saha sayısı en az 1 olmalı. Örnek: {EXAMPLES['pitches']}")
        return tuple(Pitch(f"Saha {i}") for i in range(1, count + 1))
    named = [" ".join(p.split()) for p in text.split(",") if p.strip()]
    if not named:
        raise Refused(f"Saha sayısı en az 1 olmalı. Örnek: {EXAMPLES['pitches']}")
    return tuple(Pitch(n) for n in named)


def time_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError) as exc:
        raise Refused(f'"{name}" bir saat dilimi değil. Örnek: --tz Europe/Istanbul') from exc


def first_kickoff(text: str | None, zone: ZoneInfo) -> datetime:
    """The first kick-off; a past one is fine (a fixture reprinted), one more than
    when.MAX_DAYS_AHEAD days ahead is a typo that must never reach the planner."""
    now = datetime.now(zone)
    try:
        moment = when.parse_kickoff(text or "yarın 10:00", now)
    except when.BadDateTime as exc:
        why = kickoff_why(exc)
        raise Refused(f'Başlangıç zamanı "{exc.text}": {why}. Örnek: {EXAMPLES["start"]}') from None
    if moment.date() > now.date() + timedelta(days=when.MAX_DAYS_AHEAD):
        raise Refused(
            f'"{text}" {when.MAX_DAYS_AHEAD} günden daha ileride; yılı kontrol edin.'
            f" Örnek: {EXAMPLES['start']}"
        )
    return moment


def check_minutes(args: argparse.Namespace) -> None:
    if args.match < 1 or args.changeover < 0 or not 0 <= args.half_time < args.match:
        raise Refused(f"Süreler geçersiz. Örnek: {EXAMPLES['minutes']}")
    for value in (args.ko_break, args.group_rest, args.knockout_rest):
        if value < 0:
            raise Refused(f"Ara ve dinlenme süreleri negatif olamaz. Örnek: {EXAMPLES['minutes']}")


def _window(text: str, start: datetime) -> tuple[str, datetime | None, datetime | None]:
    """'Name=HH:MM-HH:MM' (either side may be empty) on the tournament's day."""
    example = 'Örnek: --team-hours "Kartallar=11:00-" ya da --pitch-hours "Saha 2=12:00-16:00"'
    name, sep, span = text.rpartition("=")
    lo_text, dash, hi_text = span.partition("-")
    if not sep or not name.strip() or not dash:
        raise Refused(f'"{text}" saat aralığı olarak okunamadı. {example}')

    def moment(clock: str) -> datetime | None:
        if not clock.strip():
            return None
        hour, colon, minute = clock.strip().replace(".", ":").partition(":")
        if not (counts.ascii_digits(hour) and (not colon or counts.ascii_digits(minute))):
            raise Refused(f'"{clock}" bir saat değil. {example}')
        if int(hour) > 23 or int(minute or 0) > 59:
            raise Refused(f'"{clock}" bir saat değil. {example}')
        return start.replace(hour=int(hour), minute=int(minute or 0))

    return " ".join(name.split()), moment(lo_text), moment(hi_text)


def pitch_windows(
    pitches: tuple[Pitch, ...], specs: list[str], start: datetime
) -> tuple[Pitch, ...]:
    by_name = {names.key(p.name): p for p in pitches}
    for spec in specs:
        name, opens, closes = _window(spec, start)
        pitch = by_name.get(names.key(name))
        if pitch is None:
            known = ", ".join(p.name for p in pitches)
            raise Refused(f'"{name}" adında saha yok (sahalar: {known}).')
        by_name[names.key(name)] = Pitch(pitch.name, opens, closes)
    return tuple(by_name[names.key(p.name)] for p in pitches)


def team_windows(teams: list[str], specs: list[str], start: datetime) -> dict[str, TeamWindow]:
    windows = {}
    for spec in specs:
        name, lo, hi = _window(spec, start)
        windows[names.resolve(name, teams)] = TeamWindow(lo, hi)
    return windows


def iso_dates(text: str, flag: str) -> list[date]:
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            out.append(date.fromisoformat(part))
        except ValueError:
            raise Refused(
                f'"{part}" bir tarih değil (YYYY-AA-GG). Örnek: {flag} 2027-02-07,2027-03-21'
            ) from None
    return out


def clock_time(text: str, flag: str) -> time:
    hour, colon, minute = text.strip().replace(".", ":").partition(":")
    if not (
        hour.isascii() and hour.isdigit() and (not colon or (minute.isascii() and minute.isdigit()))
    ):
        raise Refused(f'"{text}" bir saat değil. Örnek: {flag} 17:00')
    if int(hour) > 23 or int(minute or 0) > 59:
        raise Refused(f'"{text}" bir saat değil. Örnek: {flag} 17:00')
    return time(int(hour), int(minute or 0))
