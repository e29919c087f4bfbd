"""`turnuva puan`: results read from standard input, the groups' tables written out.

Forfeits marked "(H)" or "hükmen", withdrawn teams and the tie-break rule named on the
command line; the tables themselves are the domain's standings, worded by `bot.texts.table`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from bot.cli.refused import Refused
from bot.cli.values import explicit_groups, team_list
from bot.texts.common import EXAMPLES
from bot.texts.table import rows_json, table
from domain import forfeits, names, scores, standings, tiebreak
from domain.forfeits import WithdrawalRule
from domain.model import Group, Pairing, Result


def cmd_puan(args: argparse.Namespace) -> str:
    teams = team_list(args.teams)
    groups = explicit_groups(args.groups, teams) if args.groups else (Group("A", tuple(teams)),)
    rule = _tiebreak(args.tiebreak)
    group_of = {t: g.label for g in groups for t in g.teams}
    legs = 2 if args.double else 1
    played: dict[frozenset[str], int] = {}
    results: dict[str, list[Result]] = {g.label: [] for g in groups}
    for line in sys.stdin.read().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        line, forfeited = _forfeit_mark(line)
        parsed = scores.parse_result(line, teams)
        pair = frozenset((parsed.home, parsed.away))
        if group_of[parsed.home] != group_of[parsed.away]:
            raise Refused(
                f"{parsed.home} ({group_of[parsed.home]} Grubu) ile {parsed.away}"
                f" ({group_of[parsed.away]} Grubu) aynı grupta değil: aralarında grup maçı yok."
                f" Her satıra aynı gruptan iki takım yazın. Örnek: {EXAMPLES['result']}"
            )
        played[pair] = played.get(pair, 0) + 1
        if played[pair] > legs:
            raise Refused(
                f"{parsed.home} ile {parsed.away} arasında oynanacak maç kalmadı"
                f" ({legs} kez oynadılar). Skoru düzeltmek için eski satırı değiştirin,"
                f" yeni satır eklemeyin. Örnek: {parsed.home} 2-1 {parsed.away}"
            )
        result = parsed.to_result()
        if forfeited:
            result = _forfeit(result, line)
        results[group_of[parsed.home]].append(result)
    points = standings.PointsRule(forfeit_deduction=args.forfeit_deduction)
    members = {g.label: tuple(g.teams) for g in groups}
    for name in args.withdrawn:
        team = names.resolve(name, teams)
        label = group_of[team]
        gone = forfeits.withdraw(
            team,
            members[label],
            results[label],
            _unplayed(members[label], results[label], legs),
            WithdrawalRule(args.withdrawal),
        )
        members[label], results[label] = gone.teams, list(gone.results)
    tables = [
        (g, standings.standings(members[g.label], results[g.label], points=points, tiebreak=rule))
        for g in groups
    ]
    if args.json:
        rows = [row for g, tab in tables for row in rows_json(tab, g.label)]
        return json.dumps(rows, ensure_ascii=False, indent=2)
    titled = len(groups) > 1
    return "\n\n".join(
        table(tab, rule, title=f"{g.label} Grubu puan durumu" if titled else "Puan durumu")
        for g, tab in tables
    )


_FORFEIT_MARKS = ("(h)", "hükmen", "hukmen")


def _forfeit_mark(line: str) -> tuple[str, bool]:
    """ "Kartallar 3-0 Şahinler (H)" or "... hükmen": the line and whether it is a forfeit."""
    stripped = line.rstrip()
    lowered = stripped.lower()
    for mark in _FORFEIT_MARKS:
        if lowered.endswith(mark):
            return stripped[: -len(mark)].rstrip(), True
    return line, False


def _forfeit(result: Result, line: str) -> Result:
    """The side with fewer goals lost hükmen; its goals go, the winner's above 3 stand."""
    score = result.score
    if score.home_goals == score.away_goals:
        raise Refused(
            f'"{line}": hükmen maçta bir kazanan olmalı (kaybeden hükmen kaybeder).'
            f" Örnek: {result.home} 3-0 {result.away} (H)"
        )
    loser = result.away if score.home_goals > score.away_goals else result.home
    return forfeits.forfeit(result.home, result.away, loser, score)


def _unplayed(teams: Sequence[str], results: Sequence[Result], legs: int) -> list[Pairing]:
    """The pairings of a group still to play, each pair `legs` times in all."""
    played: dict[frozenset[str], int] = {}
    for r in results:
        pair = frozenset((r.home, r.away))
        played[pair] = played.get(pair, 0) + 1
    out = []
    for i, home in enumerate(teams):
        for away in teams[i + 1 :]:
            for _ in range(legs - played.get(frozenset((home, away)), 0)):
                out.append(Pairing(home, away))
    return out


def _tiebreak(text: str) -> tiebreak.TieBreak:
    if "," in text:
        return tiebreak.custom([c for c in text.split(",") if c.strip()])
    try:
        return tiebreak.preset(text)
    except tiebreak.UnknownPreset:
        return tiebreak.custom([text])
