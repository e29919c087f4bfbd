"""`turnuva plan`: a one-day fixture, or with `--every`/`--dates` a league over match days.

Reads the options through `values`, hands plain values to the domain's formats, planner
and season, and words the answer with `bot.texts.plan`.
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.cli.parser import DEFAULT_ZONE
from bot.cli.refused import Refused
from bot.cli.values import (
    check_minutes,
    clock_time,
    drawn_groups,
    first_kickoff,
    iso_dates,
    pitch_list,
    pitch_windows,
    team_list,
    team_windows,
    time_zone,
)
from bot.texts.common import EXAMPLES
from bot.texts.plan import as_json, fixture, season_fixture, season_json, season_refusal
from domain.dayplan import TimeRules
from domain.formats import Options, groups_then_knockout, league, pure_knockout
from domain.matchdays import Calendar, CalendarError
from domain.planner import plan
from domain.season import BadSeason, PitchHours, RoundDoesNotFit, SeasonRules, season


def season_plan(args: argparse.Namespace, teams: list[str], start: datetime) -> str:
    """`plan --every N` (or `--dates`): the league over match days."""
    if args.format not in (None, "league") or args.groups or args.knockout != "none":
        raise Refused(
            "Sezon ligi tek grup, elemesiz bir lig: --groups ve --knockout kullanılmaz."
            " Örnek: --format league --every 14 --until 17:00"
        )
    if args.every is not None and args.every < 1:
        raise Refused("--every en az 1 gün olmalı. Örnek: --every 7 (haftalık), --every 14")
    if args.rounds_per_day < 1 or args.days_per_round < 1 or args.spare < 0:
        raise Refused("Maç günü seçenekleri geçersiz. Örnek: --rounds-per-day 1 --spare 30")
    skip = iso_dates(args.skip, "--skip")
    if args.dates:
        calendar = Calendar.listed(iso_dates(args.dates, "--dates"))
        calendar = Calendar(dates=calendar.dates, skip=frozenset(skip))
    else:
        calendar = Calendar.every(start.date(), args.every, skip)
    closes = clock_time(args.until, "--until") if args.until else None
    if closes is not None and closes <= start.timetz().replace(tzinfo=None):
        raise Refused(
            f"Kapanış ({args.until}) ilk maçtan ({start:%H:%M}) sonra olmalı. Örnek: --until 17:00"
        )
    pitches = pitch_list(args.pitches)
    rules = SeasonRules(
        calendar=calendar,
        pitches=tuple(PitchHours(p.name, start.time(), closes) for p in pitches),
        zone=start.tzinfo or ZoneInfo(DEFAULT_ZONE),
        match_minutes=args.match,
        half_time=args.half_time,
        changeover=args.changeover,
        spare=args.spare,
        rounds_per_day=args.rounds_per_day,
        days_per_round=args.days_per_round,
    )
    balance = True if args.balance else None
    try:
        result = season(teams, rules, double=args.double, system=args.system, balance=balance)
    except (RoundDoesNotFit, CalendarError, BadSeason) as exc:
        raise Refused(season_refusal(exc)) from None
    if args.json:
        return json.dumps(season_json(result), ensure_ascii=False, indent=2)
    return season_fixture(result)


def cmd_plan(args: argparse.Namespace) -> str:
    if args.team_count is not None and args.team_count < 2:
        raise Refused(f"En az 2 takım gerekli. Örnek: --team-count 8 ya da {EXAMPLES['teams']}")
    teams = (
        team_list(args.teams)
        if args.teams
        else [f"Takım {i}" for i in range(1, args.team_count + 1)]
    )
    check_minutes(args)
    pitches = pitch_list(args.pitches)
    zone = time_zone(args.tz)
    start = first_kickoff(args.start, zone)
    if args.every is not None or args.dates:
        return season_plan(args, teams, start)
    if args.until or args.skip or args.rounds_per_day != 1 or args.days_per_round != 1:
        raise Refused(
            "--until, --skip, --rounds-per-day ve --days-per-round sezon ligi içindir:"
            " maç günlerini de verin. Örnek: --every 14 --until 17:00"
        )
    options = Options(
        double=args.double,
        system=args.system,
        balance=args.balance,
        third_place=args.third_place,
        knockout=args.knockout,
    )
    groups = drawn_groups(args, teams)
    fmt = args.format or ("groups" if groups and len(groups) > 1 else "league")
    if fmt == "knockout":
        draft = pure_knockout(teams, options)
    elif fmt == "groups" and groups:
        draft = groups_then_knockout(groups, options)
    else:
        draft = league(teams, options)
    rules = TimeRules(
        start=start,
        pitches=pitch_windows(pitches, args.pitch_hours, start),
        team_windows=team_windows(teams, args.team_hours, start),
        match_minutes=args.match,
        half_time=args.half_time,
        changeover=args.changeover,
        knockout_break=args.ko_break,
        group_rest=args.group_rest,
        knockout_rest=args.knockout_rest,
        final_alone=not args.final_not_last,
    )
    result = plan(draft, rules)
    if args.json:
        return json.dumps(as_json(result), ensure_ascii=False, indent=2)
    return fixture(result, players=args.players, breaks=args.balance)
