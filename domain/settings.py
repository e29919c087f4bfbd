"""A tournament's settings as one typed value: what set-up chose and what the organisers
changed since (/ayarlar, /hatirlatma, /cekil, /ertele 14 belirsiz, ...).

Every field has the default a tournament has when nobody set it; `None` says "not
recorded" where the reader falls back on another setting (a match's minutes on the slot).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date, datetime, time

from domain.forfeits import WithdrawalRule
from domain.formseason import Season
from domain.model import PlannedMatch

DEFAULT_EVENING = time(20, 0)  # a season league: the group hears of a match day the evening before


@dataclass(frozen=True)
class Withdrawal:
    """A team out of the league (/cekil) with what /geri_al needs to take it back:
    `after` is the audit id of the organiser's last result write before it (None: none),
    `awarded` the matches stored 3-0 against it, `removed` the matches taken out of the
    plan (its results annulled)."""

    team: str
    annulled: bool
    by: int
    at: datetime
    after: int | None = None
    awarded: tuple[int, ...] = ()
    removed: tuple[PlannedMatch, ...] = ()


@dataclass(frozen=True)
class UndatedMatch:
    """A match out of the plan until it gets a date again (/ertele 14 belirsiz)."""

    match: PlannedMatch
    at: datetime
    by: int


@dataclass(frozen=True)
class TournamentSettings:
    format: str = "groups"
    pitches: tuple[str, ...] = ("Saha 1",)
    day: date | None = None
    first_kickoff: datetime | None = None
    slot_minutes: int = 60
    break_minutes: int = 0
    rest_minutes: int = 0
    tie_break: str = "tff"
    reminder_leads: tuple[int, ...] = (60, 15)
    time_zone: str = "Europe/Istanbul"
    captains_may_enter_results: bool = False
    # As planned at set-up: on the pitch (half-time included), half-time, between two
    # matches; None for a tournament that did not record them (the slot is the match).
    match_minutes: int | None = None
    half_time: int | None = None
    changeover: int | None = None
    group_rest: int = 0  # minutes a team rests between two group matches
    # The draw as set up: the knockout stage, a third-place match, how many groups, the seed.
    knockout: str | None = None
    third_place: bool | None = None
    groups: int | None = None
    seed: int | None = None
    # A league over match weeks: its rhythm, so later changes can plan it again.
    season: Season | None = None
    # Reminders (/hatirlatma): leads in minutes, None for the defaults, () when off; a
    # season's evening-before message to the group, None when off.
    group_leads: tuple[int, ...] | None = None
    captain_leads: tuple[int, ...] | None = None
    evening: time | None = DEFAULT_EVENING
    squad: int | None = None  # /ayarlar kadro: a headcount below this warns the organiser
    live_message_id: int | None = None  # the pinned live message (/canli)
    # Most tournaments never record a card or a lot: the flags spare two reads per action.
    has_cards: bool = False
    has_lots: bool = False
    # Forfeits and withdrawals: a forfeit also costs a win's points (FMT Madde 24), what
    # happens to a team that leaves, the teams that left.
    forfeit_deduction: bool = False
    withdrawal_rule: WithdrawalRule = WithdrawalRule.AWARD
    withdrawn: tuple[Withdrawal, ...] = ()
    undated: tuple[UndatedMatch, ...] = ()

    def withdrawal(self, team: str) -> Withdrawal | None:
        return next((w for w in self.withdrawn if w.team == team), None)

    def undated_match(self, no: int) -> UndatedMatch | None:
        return next((u for u in self.undated if u.match.no == no), None)


def _renamed_match(match: PlannedMatch, old: str, new: str) -> PlannedMatch:
    home = new if match.home == old else match.home
    away = new if match.away == old else match.away
    return dataclasses.replace(match, home=home, away=away)


def rename_team_in(settings: TournamentSettings, old: str, new: str) -> TournamentSettings:
    """The settings after team `old` became `new`: its withdrawal and the matches kept out
    of the plan (withdrawn, undated) name it by its new name."""
    withdrawn = tuple(
        dataclasses.replace(
            w,
            team=new if w.team == old else w.team,
            removed=tuple(_renamed_match(m, old, new) for m in w.removed),
        )
        for w in settings.withdrawn
    )
    undated = tuple(
        dataclasses.replace(u, match=_renamed_match(u.match, old, new)) for u in settings.undated
    )
    return dataclasses.replace(settings, withdrawn=withdrawn, undated=undated)
