"""Bans (ceza) derived from bookings, the organiser's decisions and the plan; never stored.

Inputs, all plain values the storage already holds:

* `plan`: the tournament's matches in plan order (`PlanMatch`: number, sides, whether it
  has a result or a forfeit (`played`), whether it is postponed or undated).
* `bookings`: `domain.bookings.Booking` (read through `match_cards`: one per player and
  match).
* `decisions`: the organiser's `/ceza` (`Decision(player, team, matches, after)`), in the
  order they were taken; `decision_after` says what `after` a new one gets.
* `yellow_limit`: every N-th caution bans for one match (None: no accumulation).
* `withdrawn`: teams out of the tournament; their bans lapse.

The rules (TFF Futbol Disiplin Talimatı md. 94/5, 92/1; FIFA FDC art. 69):

1. A sending-off (second yellow, direct red, yellow then red) bans the player from his
   team's next match: a one-match ban `after` the match he was sent off in.
2. With a yellow limit N, the N-th, 2N-th, ... caution bans for one match `after` the
   match of that caution: the count restarts after each accumulation ban. Cautions are
   counted in plan order; `domain.bookings` says which yellows are cautions.
3. A decision with `matches` > 0 sets the length of his ban `after` the same match (a
   sending-off's ban first, then an accumulation ban); with no ban there it is a ban of its
   own. A later decision for the same `after` replaces an earlier one. `matches` = 0
   lifts every ban of his starting at or before `after`: only the matches up to `after`
   that he sat out stay served; the rest are free for his next ban.
4. A ban covers the team's next `matches` matches in plan order after its start, skipping
   postponed and undated matches (they serve nothing). Covered matches with a result (a
   forfeit counts) are `served`; the others are `ahead`, the first of them is the match he
   `misses` next. Fewer matches left in the plan than the ban is long: the rest waits for
   the next round's matches (misses is None while the ban stays active).
5. A player's bans are served one after another: each starts after the previous one's last
   covered match, so no match serves two bans.
6. A withdrawn team's unfinished bans lapse. Bans never carry into another tournament.

`bans(...)` returns one `Ban` per ban in plan order of their start; `ban_for` /
`is_banned` say whether a player was banned for a match (the "cezalıydı" warning),
`missing(bans, match_no)` who misses a match (the captain's "Cezalı: ..."). Fair play and
cards per player: `domain.fairplay` (re-exported). Deterministic, no I/O.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from domain.bookings import SENDING_OFF, Booking, CardKind, cautions, kind_of, match_cards
from domain.fairplay import FairPlayRow, PlayerCards, cleanest, fair_play, player_cards, team_cards

__all__ = [
    "Ban",
    "BanReason",
    "BanState",
    "Booking",
    "CardKind",
    "Decision",
    "FairPlayRow",
    "PlanMatch",
    "PlayerCards",
    "ban_for",
    "bans",
    "cleanest",
    "decision_after",
    "fair_play",
    "is_banned",
    "kind_of",
    "match_cards",
    "missing",
    "player_cards",
    "team_cards",
]


@dataclass(frozen=True)
class PlanMatch:
    """A match of the plan as the rules need it; sides None while a knockout tie waits."""

    number: int
    home: str | None
    away: str | None
    played: bool = False  # a result, or a forfeit
    postponed: bool = False  # postponed or undated: serves no ban


@dataclass(frozen=True)
class Decision:
    """The organiser's `/ceza player matches`: a ban of `matches` matches served by
    `team`'s matches after match `after` (None: from its first match); 0 lifts."""

    player: str
    team: str
    matches: int
    after: int | None


class BanReason(StrEnum):
    SECOND_YELLOW = "second_yellow"
    RED = "red"
    YELLOW_RED = "yellow_red"
    YELLOWS = "yellows"  # the yellow-card limit
    DECISION = "decision"  # the organiser's, with no card behind it


class BanState(StrEnum):
    ACTIVE = "active"
    SERVED = "served"
    LIFTED = "lifted"
    LAPSED = "lapsed"  # his team withdrew


@dataclass(frozen=True)
class Ban:
    """One ban: `matches` long, `after` the match it comes from (None: from the team's
    first match), `served` by these matches, still to miss `ahead` (`misses` first; a
    match ahead may come before one served when results came out of order), `covers`
    both in plan order. `decided`: the organiser set its length."""

    player: str
    team: str
    matches: int
    served: tuple[int, ...]
    misses: int | None
    reason: BanReason
    after: int | None
    ahead: tuple[int, ...] = ()
    state: BanState = BanState.ACTIVE
    decided: bool = False
    covers: tuple[int, ...] = ()  # served and ahead together, in plan order

    @property
    def active(self) -> bool:
        return self.state is BanState.ACTIVE


_REASON = {
    CardKind.SECOND_YELLOW: BanReason.SECOND_YELLOW,
    CardKind.RED: BanReason.RED,
    CardKind.YELLOW_RED: BanReason.YELLOW_RED,
}
# Within one match: the sending-off's ban first, then the accumulation's, then a decision's.
_ORDER = {BanReason.YELLOWS: 1, BanReason.DECISION: 2}


class _Draft:
    """A ban being worked out: where it starts and how long it is."""

    def __init__(self, reason: BanReason, after: int | None, pos: int, length: int) -> None:
        self.reason, self.after, self.pos, self.length = reason, after, pos, length
        self.decided = False
        self.lifted_at: int | None = None  # plan position up to which it was served

    def sort_key(self) -> tuple[int, int]:
        return (self.pos, _ORDER.get(self.reason, 0))


Who = tuple[str, str]  # (team, player)


def _from_cards(
    cards: Sequence[Booking], order: dict[int, int], yellow_limit: int | None
) -> dict[Who, list[_Draft]]:
    drafts: dict[Who, list[_Draft]] = {}
    counted: dict[Who, int] = {}
    for b in sorted((b for b in cards if b.match_no in order), key=lambda b: order[b.match_no]):
        who, pos = (b.team, b.player), order[b.match_no]
        if b.kind in SENDING_OFF:
            drafts.setdefault(who, []).append(_Draft(_REASON[b.kind], b.match_no, pos, 1))
        if yellow_limit and cautions(b.kind):
            counted[who] = counted.get(who, 0) + cautions(b.kind)
            if counted[who] >= yellow_limit:
                counted[who] = 0
                drafts.setdefault(who, []).append(_Draft(BanReason.YELLOWS, b.match_no, pos, 1))
    return drafts


def _decide(
    drafts: dict[Who, list[_Draft]], decisions: Iterable[Decision], order: dict[int, int]
) -> None:
    for d in decisions:
        if d.after is not None and d.after not in order:
            continue  # a match no longer in the plan: nothing to count from
        pos = -1 if d.after is None else order[d.after]
        own = drafts.setdefault((d.team, d.player), [])
        if d.matches <= 0:
            for draft in own:
                if draft.pos <= pos and draft.lifted_at is None:
                    draft.lifted_at = pos
            continue
        there = sorted((x for x in own if x.after == d.after), key=_Draft.sort_key)
        target = there[0] if there else _Draft(BanReason.DECISION, d.after, pos, d.matches)
        if not there:
            own.append(target)
        target.length, target.decided, target.lifted_at = d.matches, True, None


def _team_matches(plan: Sequence[PlanMatch]) -> dict[str, list[tuple[int, PlanMatch]]]:
    found: dict[str, list[tuple[int, PlanMatch]]] = {}
    for pos, m in enumerate(plan):
        if m.postponed:
            continue
        for team in (m.home, m.away):
            if team is not None:
                found.setdefault(team, []).append((pos, m))
    return found


def _cover(
    who: Who,
    drafts: list[_Draft],
    matches: list[tuple[int, PlanMatch]],
    positions: list[int],
    withdrawn: bool,
) -> list[Ban]:
    team, player = who
    out: list[Ban] = []
    last = -1  # plan position of the previous ban's last covered match
    blocked = False  # the previous ban needs matches the plan does not have yet
    for d in sorted(drafts, key=_Draft.sort_key):
        start = max(d.pos, last)
        first = bisect_right(positions, start)
        covered = [] if blocked else matches[first : first + d.length]
        if d.lifted_at is not None:  # lifted: only what he sat out before stays
            covered = [(p, m) for p, m in covered if p <= d.lifted_at and m.played]
        elif len(covered) < d.length:
            blocked = True
        if covered:
            last = covered[-1][0]
        served = tuple(m.number for _, m in covered if m.played)
        ahead = tuple(m.number for _, m in covered if not m.played)
        covers = tuple(m.number for _, m in covered)
        if len(served) >= d.length:
            state = BanState.SERVED
        elif withdrawn:
            state, ahead, covers = BanState.LAPSED, (), served
        elif d.lifted_at is not None:
            state = BanState.LIFTED
        else:
            state = BanState.ACTIVE
        misses = ahead[0] if ahead and state is BanState.ACTIVE else None
        out.append(
            Ban(
                *(player, team, d.length, served, misses, d.reason, d.after, ahead, state),
                decided=d.decided,
                covers=covers,
            )
        )
    return out


def bans(
    plan: Sequence[PlanMatch],
    bookings: Iterable[Booking],
    *,
    yellow_limit: int | None = None,
    decisions: Iterable[Decision] = (),
    withdrawn: Iterable[str] = (),
) -> tuple[Ban, ...]:
    """Every ban of the tournament, in plan order of where it starts; see the module
    docstring for the rules."""
    order = {m.number: pos for pos, m in enumerate(plan)}
    drafts = _from_cards(match_cards(bookings), order, yellow_limit)
    _decide(drafts, decisions, order)
    per_team = _team_matches(plan)
    positions = {team: [p for p, _ in matches] for team, matches in per_team.items()}
    out_teams = frozenset(withdrawn)
    found: list[tuple[tuple[int, int], Ban]] = []
    for who, own in drafts.items():
        team = who[0]
        covered = _cover(
            who, own, per_team.get(team, []), positions.get(team, []), team in out_teams
        )
        keys = [d.sort_key() for d in sorted(own, key=_Draft.sort_key)]
        found.extend(zip(keys, covered, strict=True))
    found.sort(key=lambda pair: (pair[0], pair[1].team, pair[1].player))
    return tuple(ban for _, ban in found)


def ban_for(
    bans: Iterable[Ban], player: str, match_no: int, *, team: str | None = None
) -> Ban | None:
    """The ban that keeps `player` out of match `match_no`, if any (lapsed bans keep no
    one out)."""
    for ban in bans:
        mine = ban.player == player and (team is None or ban.team == team)
        if mine and ban.state is not BanState.LAPSED and match_no in ban.covers:
            return ban
    return None


def is_banned(bans: Iterable[Ban], player: str, match_no: int, *, team: str | None = None) -> bool:
    """Whether `player` was (or is) banned for match `match_no`: "Veli Demir cezalıydı"."""
    return ban_for(bans, player, match_no, team=team) is not None


def missing(bans: Iterable[Ban], match_no: int) -> tuple[Ban, ...]:
    """The bans that keep players out of match `match_no` (one per player)."""
    seen: dict[Who, Ban] = {}
    for ban in bans:
        if ban.state is not BanState.LAPSED and match_no in ban.covers:
            seen.setdefault((ban.team, ban.player), ban)
    return tuple(seen.values())


def decision_after(
    plan: Sequence[PlanMatch],
    bans: Iterable[Ban],
    player: str,
    team: str,
    *,
    lifting: bool = False,
) -> int | None:
    """The `after` of a new `/ceza player N` decision: "from his last sending-off or from
    now". His last sending-off if its ban is still running or ended with the team's last
    played match (the committee decides a week later); otherwise now: after the team's
    last played match in plan order (None before any). Lifting (`N` = 0) takes now, or the
    start of his latest active ban if that is later."""
    order = {m.number: pos for pos, m in enumerate(plan)}

    def position(no: int | None) -> int:
        return -1 if no is None else order.get(no, -1)

    played = [m.number for m in plan if m.played and team in (m.home, m.away)]
    now = played[-1] if played else None
    own = [b for b in bans if b.player == player and b.team == team]
    if lifting:
        return max([now, *(b.after for b in own if b.active)], key=position)
    sent_off = [b for b in own if b.reason in _REASON.values()]
    if sent_off:
        last = max(sent_off, key=lambda b: position(b.after))
        if last.active or (last.served and last.served[-1] == now):
            return last.after
    return now
