"""`turnuva oner`: which format fits the teams, pitches and hours (or a season's rhythm).

The domain's advice, worded by `bot.texts.advice`.
"""

from __future__ import annotations

import argparse
import json

from bot.cli.refused import Refused
from bot.texts.advice import advice, season_advice
from bot.texts.common import EXAMPLES
from domain.advice import advise, advise_season


def cmd_oner(args: argparse.Namespace) -> str:
    if args.teams < 2:
        raise Refused("En az 2 takım gerekli. Örnek: turnuva oner --teams 8 --pitches 2")
    if args.pitches < 1:
        raise Refused(f"Saha sayısı en az 1 olmalı. Örnek: {EXAMPLES['pitches']}")
    if args.slot <= args.changeover or args.hours <= 0:
        raise Refused("Dilim maçtan uzun, süre pozitif olmalı. Örnek: --slot 30 --hours 5")
    shape = (args.teams, args.pitches, args.slot, args.hours)
    if args.every is not None:
        if args.every < 1:
            raise Refused("--every en az 1 gün olmalı. Örnek: --every 7 (haftalık), --every 14")
        seasons = advise_season(*shape, changeover=args.changeover, every_days=args.every)
        if args.json:
            return json.dumps([c.__dict__ for c in seasons], ensure_ascii=False, indent=2)
        return season_advice(seasons, *shape, args.every)
    found = advise(*shape, changeover=args.changeover)
    if args.json:
        return json.dumps([c.__dict__ for c in found], ensure_ascii=False, indent=2)
    league = None
    if found and not found[0].fits:
        league = next(
            (c for c in advise_season(*shape, changeover=args.changeover) if c.kind == "league"),
            None,
        )
    return advice(found, *shape, season=league)
