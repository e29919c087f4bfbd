"""A tournament's settings as one typed value: what set-up chose and what the organisers
changed since (/ayarlar, /hatirlatma, /cekil, /ertele 14 belirsiz, ...).

Every field has the default a tournament has when nobody set it; `None` says "not
recorded" where the reader falls back on another setting (a match's minutes on the slot).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from domain.forfeits import WithdrawalRule
from domain.formseason import Season
from domain.model import PlannedMatch, Stage

DEFAULT_EVENING = time(20, 0)  # a season league: the group hears of a match day the evening before


@dataclass(frozen=True)
class UndatedMatch:
    """A match out of the plan until it gets a date again (/ertele 14 belirsiz);
    `version` is the stored match's when it left (its calendar event's SEQUENCE)."""

    match: PlannedMatch
    at: datetime
    by: int
    version: int = 1


@dataclass(frozen=True)
class Withdrawal:
    """A team out of the league (/cekil) with what /geri_al needs to take it back:
    `after` is the audit id of the organiser's last result write before it (None: none),
    `awarded` the matches stored 3-0 against it, `removed` the matches taken out of the
    plan (its results annulled), `undated` the matches that were waiting for a date (out
    of the plan already: awarded, or dropped with the rest)."""

    team: str
    annulled: bool
    by: int
    at: datetime
    after: int | None = None
    awarded: tuple[int, ...] = ()
    removed: tuple[PlannedMatch, ...] = ()
    undated: tuple[UndatedMatch, ...] = ()


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
    # /ayarlar sari_ceza N: every N-th caution bans for one match (None: off, the default).
    yellow_limit: int | None = None
    has_lots: bool = False  # most tournaments never draw lots: it spares a read per action
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
            undated=tuple(
                dataclasses.replace(u, match=_renamed_match(u.match, old, new)) for u in w.undated
            ),
        )
        for w in settings.withdrawn
    )
    undated = tuple(
        dataclasses.replace(u, match=_renamed_match(u.match, old, new)) for u in settings.undated
    )
    return dataclasses.replace(settings, withdrawn=withdrawn, undated=undated)


# --- the settings that keep matches out of the plan, as plain JSON values (the tournament
# row stores them so; storage.mapping reads and writes its columns with these)

# A planned match kept out of the plan (a withdrawal's removed matches, an undated one):
# these fields, team names and not ids, as it was when it left the plan.
_PLANNED_JSON = ("no", "stage", "group", "round", "pitch", "start", "end", "home", "away")


def planned_json(m: PlannedMatch) -> dict[str, Any]:
    d: dict[str, Any] = {name: getattr(m, name) for name in _PLANNED_JSON}
    d |= {"stage": m.stage.value, "start": m.start.isoformat(), "end": m.end.isoformat()}
    return d | {"key": m.key, "week": m.week}


def planned_from_json(d: dict[str, Any]) -> PlannedMatch:
    fields_ = {name: d[name] for name in _PLANNED_JSON} | {"stage": Stage(d["stage"])}
    fields_ |= {
        "start": datetime.fromisoformat(d["start"]),
        "end": datetime.fromisoformat(d["end"]),
    }
    return PlannedMatch(**fields_, key=d.get("key"), week=d.get("week"))


def withdrawn_json(withdrawn: tuple[Withdrawal, ...]) -> dict[str, Any]:
    """{team: {"annulled", "by", "at", "after", "awarded", "removed", "undated"}}"""
    return {
        w.team: {
            "annulled": w.annulled,
            "by": w.by,
            "at": w.at.isoformat(),
            "after": w.after,
            "awarded": list(w.awarded),
            "removed": [planned_json(m) for m in w.removed],
            "undated": undated_json(w.undated),
        }
        for w in withdrawn
    }


def withdrawn_from_json(d: dict[str, Any] | None) -> tuple[Withdrawal, ...]:
    """The withdrawals of `withdrawn_json`'s form; keys an older row lacks take their
    defaults (None: none)."""
    return tuple(
        Withdrawal(
            team=team,
            annulled=bool(w.get("annulled")),
            by=int(w["by"]),
            at=datetime.fromisoformat(w["at"]),
            after=w.get("after"),
            awarded=tuple(int(no) for no in w.get("awarded") or ()),
            removed=tuple(planned_from_json(m) for m in w.get("removed") or ()),
            undated=undated_from_json(w.get("undated")),
        )
        for team, w in (d or {}).items()
    )


def undated_json(undated: tuple[UndatedMatch, ...]) -> dict[str, Any]:
    """{"14": {"match", "at", "by", "version"}}"""
    return {
        str(u.match.no): {
            "match": planned_json(u.match),
            "at": u.at.isoformat(),
            "by": u.by,
            "version": u.version,
        }
        for u in undated
    }


def undated_from_json(d: dict[str, Any] | None) -> tuple[UndatedMatch, ...]:
    return tuple(
        UndatedMatch(
            planned_from_json(u["match"]),
            datetime.fromisoformat(u["at"]),
            int(u["by"]),
            int(u.get("version", 1)),
        )
        for u in (d or {}).values()
    )
