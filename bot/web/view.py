"""What a public page shows, from a tournament snapshot and the time: plain values the
templates lay out. Pure: no database, no HTTP, no Telegram names or ids."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from bot.texts.common import STAGES, day, goal_difference, hm, side, stage_label, tie_rule
from bot.texts.files import days_span, week_heading
from bot.texts.fixture import score_text
from bot.texts.table import tie_note
from bot.usecases.snapshots import Snapshot
from domain.model import PlannedMatch, Score, Stage
from domain.selection import by_week
from domain.standings import Table

COMING = 6  # matches listed under "Sıradaki maçlar" besides the ones under way


@dataclass(frozen=True)
class MatchView:
    no: int
    day: str
    time: str
    end: str
    pitch: str
    stage: str
    home: str  # a team, or what decides it ("A Grubu 1.si", "1. yarı finalin galibi")
    away: str
    home_team: str | None  # set when the side is a known team: its page is linked
    away_team: str | None
    score: str | None
    live: bool  # kicked off, not over, no result yet: "şimdi oynanıyor"
    start_ts: int


@dataclass(frozen=True)
class RowView:
    rank: int
    team: str
    cells: tuple[str, ...]  # O G B M A Y AV P
    mark: str  # "*" level after every criterion, "kura" settled by lot, ""


@dataclass(frozen=True)
class TableView:
    title: str
    rows: tuple[RowView, ...]
    unresolved: tuple[str, ...]  # each tie no criterion breaks, in words (tie_note)


@dataclass(frozen=True)
class Section:
    title: str
    matches: tuple[MatchView, ...]


@dataclass(frozen=True)
class TournamentView:
    name: str
    when: str
    ended: bool
    champion: str | None
    live: tuple[MatchView, ...]
    coming: tuple[MatchView, ...]
    by_time: tuple[Section, ...]
    by_week: tuple[Section, ...]
    week_word: str
    week_label: str  # the fixture's second order: "Tura göre", "Maç haftasına göre"
    multi_day: bool  # matches on more than one day: each shows its day
    tables: tuple[TableView, ...]
    rule: str
    bracket: tuple[Section, ...]
    teams: tuple[str, ...]
    played: int
    total: int
    undated: tuple[MatchView, ...] = ()  # /ertele N belirsiz: "Tarihi belli değil"


@dataclass(frozen=True)
class TeamView:
    name: str
    tournament: str
    group: str | None
    place: str | None
    row: RowView | None
    next_match: MatchView | None
    opponent: str | None
    provisional: bool  # the knockout match its group place would give, group not over
    matches: tuple[MatchView, ...]
    ended: bool
    multi_day: bool
    undated: tuple[MatchView, ...] = ()


COLUMNS = ("O", "G", "B", "M", "A", "Y", "AV", "P")


def _sides(snap: Snapshot) -> dict[str, tuple[str | None, str | None]]:
    try:
        return snap.knockout_sides()
    except (KeyError, ValueError):  # a plan the progress rules cannot read: codes stay
        return {}


def match_view(
    match: PlannedMatch,
    result: Score | None,
    now: datetime,
    sides: dict[str, tuple[str | None, str | None]],
) -> MatchView:
    home, away = match.home, match.away
    if match.key and match.key in sides:
        known = sides[match.key]
        home, away = home or known[0], away or known[1]
    return MatchView(
        no=match.no,
        day=day(match.start),
        time=hm(match.start),
        end=hm(match.end),
        pitch=match.pitch,
        stage=stage_label(match),
        home=home or side(match, True),
        away=away or side(match, False),
        home_team=home,
        away_team=away,
        score=score_text(result) if result else None,
        live=result is None and match.start <= now < match.end,
        start_ts=int(match.start.timestamp()),
    )


def _table_view(title: str, tab: Table, finished: bool) -> TableView:
    """A group's table; a tie no criterion breaks is flagged (and a lot announced) only
    once the group is over: mid-group the next match may separate the teams."""
    started = finished and any(r.played for r in tab.rows)
    rows = tuple(
        RowView(
            rank=r.rank,
            team=r.team,
            cells=tuple(
                str(v)
                for v in (
                    r.played,
                    r.won,
                    r.drawn,
                    r.lost,
                    r.goals_for,
                    r.goals_against,
                    goal_difference(r.goal_difference),
                    r.points,
                )
            ),
            mark="*" if r.tie and started else ("kura" if r.decided_by_lot else ""),
        )
        for r in tab.rows
    )
    unresolved = tuple(tie_note(t, tab.decider) for t in tab.unresolved) if started else ()
    return TableView(title, rows, unresolved)


def tables(snap: Snapshot) -> tuple[TableView, ...]:
    found = snap.tables()
    single = len(snap.groups) < 2
    return tuple(
        _table_view("Puan durumu" if single else f"{label} Grubu", tab, snap.group_finished(label))
        for label, tab in found.items()
    )


def _by_day(matches: Sequence[MatchView]) -> tuple[Section, ...]:
    sections: dict[str, list[MatchView]] = {}
    for m in sorted(matches, key=lambda m: (m.start_ts, m.pitch, m.no)):
        sections.setdefault(m.day, []).append(m)
    return tuple(Section(title, tuple(ms)) for title, ms in sections.items())


def _by_week(snap: Snapshot, views: dict[int, MatchView], week_word: str) -> tuple[Section, ...]:
    """By round or stage; a season league by match week, each under its heading with its
    day ("3. hafta · 31 Ocak Pazar"), as /fikstur tümü says it."""
    weeks = by_week([(s.match, s.result) for s in snap.matches], snap.zone)
    if weeks:
        return tuple(
            Section(week_heading(w.number, w.day), tuple(views[m.no] for m, _ in w.rows))
            for w in weeks
        )
    sections: dict[str, list[MatchView]] = {}
    for stored in sorted(snap.matches, key=lambda s: (s.match.start, s.match.no)):
        m = stored.match
        if m.stage.is_knockout:
            title = STAGES[m.stage]
        else:
            title = f"{m.round}. {week_word}" if m.round is not None else stage_label(m)
        sections.setdefault(title, []).append(views[m.no])
    return tuple(Section(title, tuple(ms)) for title, ms in sections.items())


UNDATED = "Tarihi belli değil"


def undated_views(snap: Snapshot, now: datetime, team: str | None = None) -> tuple[MatchView, ...]:
    """The matches waiting for a date, without the day, time and pitch they no longer
    have: their time column says "Tarihi belli değil" (the macro's day, shown)."""
    return tuple(
        replace(match_view(m, None, now, {}), day=UNDATED, time="", end="", pitch="", live=False)
        for m in snap.waiting(team)
    )


KNOCKOUT_ORDER = (Stage.ROUND_OF_16, Stage.QUARTER, Stage.SEMI, Stage.THIRD, Stage.FINAL)


def tournament(snap: Snapshot, now: datetime) -> TournamentView:
    now = now.astimezone(snap.zone)
    sides = _sides(snap)
    views = {s.match.no: match_view(s.match, s.result, now, sides) for s in snap.matches}
    ordered = sorted(snap.matches, key=lambda s: (s.match.start, s.match.pitch, s.match.no))
    live = tuple(views[s.match.no] for s in ordered if views[s.match.no].live)
    coming = tuple(views[s.match.no] for s in ordered if s.result is None and s.match.start > now)[
        :COMING
    ]
    days = {s.match.start.date() for s in snap.matches}
    week_word = "hafta" if len(days) > 1 else "tur"
    bracket = tuple(
        Section(STAGES[stage], tuple(views[s.match.no] for s in ordered if s.match.stage is stage))
        for stage in KNOCKOUT_ORDER
        if any(s.match.stage is stage for s in snap.matches)
    )
    first = min((s.match.start for s in snap.matches), default=None)
    season = any(s.match.week is not None for s in snap.matches)
    last = max(s.match.start for s in snap.matches) if season else None
    return TournamentView(
        name=snap.tournament.name,
        when=days_span(first, last) if first else "",
        ended=snap.tournament.status != "active",
        champion=snap.champion(),
        live=live,
        coming=coming,
        by_time=_by_day(list(views.values())),
        by_week=_by_week(snap, views, week_word),
        week_word=week_word,
        week_label="Maç haftasına göre" if len(days) > 1 else "Tura göre",
        multi_day=len(days) > 1,
        tables=tables(snap) if snap.groups else (),
        rule=tie_rule(snap.rules.tiebreak),
        bracket=bracket,
        teams=snap.teams,
        played=sum(1 for s in snap.matches if s.result is not None),
        total=len(snap.matches) + len(snap.tournament.settings.undated),
        undated=undated_views(snap, now),
    )


def team(snap: Snapshot, name: str, now: datetime) -> TeamView | None:
    """A team's page; None when the tournament has no such team."""
    if name not in snap.teams:
        return None
    now = now.astimezone(snap.zone)
    sides = _sides(snap)
    mine = [
        match_view(s.match, s.result, now, sides)
        for s in sorted(snap.matches, key=lambda s: (s.match.start, s.match.no))
    ]
    mine = [m for m in mine if name in (m.home_team, m.away_team)]
    group = snap.group_of(name)
    row = place = None
    if group is not None:
        tab = snap.table(group.label)
        found = _table_view(group.label, tab, snap.group_finished(group.label))
        row = next(r for r in found.rows if r.team == name)
        where = f"{group.label} Grubu" if len(snap.groups) > 1 else "ligde"
        place = f"{where} {row.rank}. sırada, {row.cells[-1]} puan"
    following = next(
        (m for m in mine if m.score is None and (m.live or m.start_ts >= now.timestamp())), None
    )
    opponent = None
    if following is not None:
        opponent = following.away if following.home_team == name else following.home
    provisional = False
    if following is None and group is not None and row is not None:
        stays = _if_it_stays(snap, f"{row.rank}{group.label}", now, sides)
        if stays is not None:
            following, opponent = stays
            provisional = True
    return TeamView(
        name=name,
        tournament=snap.tournament.name,
        group=group.label if group else None,
        place=place,
        row=row,
        next_match=following,
        opponent=opponent,
        provisional=provisional,
        matches=tuple(mine),
        ended=snap.tournament.status != "active",
        multi_day=len({s.match.start.date() for s in snap.matches}) > 1,
        undated=undated_views(snap, now, name),
    )


def _if_it_stays(
    snap: Snapshot, code: str, now: datetime, sides: dict[str, tuple[str | None, str | None]]
) -> tuple[MatchView, str] | None:
    """The first unplayed knockout match the group place `code` ("1A") leads to, and who
    stands on its other side, while the group is still being played."""
    for stored in sorted(snap.matches, key=lambda s: (s.match.start, s.match.no)):
        m = stored.match
        if not m.stage.is_knockout or stored.result is not None:
            continue
        if code in (m.home_from, m.away_from) and None in (m.home, m.away):
            shown = match_view(m, None, now, sides)
            return shown, shown.away if m.home_from == code else shown.home
    return None
