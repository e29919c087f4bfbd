"""Answers about the tournament as a whole, from the stored plan and table: a season's
match weeks, how many matches, when it ends, the postponed matches, the teams met, a
team's place and points.

Pure functions of a `snapshots.Snapshot` (the question's use case, `bot.usecases.questions`, loads
it and picks the team); `bot.texts.facts` words them. Never the next match by default:
each answer says what was asked, or that the plan has nothing for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from bot.usecases import snapshots
from domain import intents, names, questions, weekmoves
from domain.model import PlannedMatch, Score
from domain.morphology import analyse
from domain.tournament import final_place
from storage import UnitOfWork

__all__ = [
    "INTENTS",
    "CountAnswer",
    "DatesAnswer",
    "FactAnswer",
    "NoWeeks",
    "OpponentsAnswer",
    "PlaceAnswer",
    "PostponedAnswer",
    "WeekAnswer",
    "count_answer",
    "dates_answer",
    "opponents_answer",
    "place_answer",
    "postponed_answer",
    "respond",
    "stray",
    "team_named",
    "week_answer",
]

COUNTS = ("today", "left", "group", "played", "total", "teams")


@dataclass(frozen=True)
class CountAnswer:
    """ "bugün kaç maç var": `count` matches of `what` (COUNTS), the team's or, with `team`
    None, the tournament's; `played` of them have a result."""

    what: str
    team: str | None
    count: int
    played: int = 0
    day: date | None = None  # "today": the day counted
    undated: int = 0  # of `count`, matches waiting for a date (/ertele 14 belirsiz)
    awaiting: int = 0  # of "left", matches over by the clock, their result not typed yet


@dataclass(frozen=True)
class DatesAnswer:
    """ "lig ne zaman bitiyor" (`what` "end"), "son maç ne zaman" ("last_match"): the last
    match of the tournament, or of `team`; None: no match planned (a knockout side open)."""

    what: str
    name: str
    team: str | None
    match: PlannedMatch | None
    seasonal: bool  # a league over match weeks, not one day
    over: bool = False  # that match has been played
    undated: tuple[PlannedMatch, ...] = ()  # still to play, no date yet: after `match`


@dataclass(frozen=True)
class PostponedAnswer:
    """ "ertelenen maç ne zaman": the matches out of the plan until they get a date (of
    `team`, or all), and the team's next match as planned now."""

    team: str | None
    undated: tuple[PlannedMatch, ...]
    next_match: PlannedMatch | None = None
    # A season's matches moved off their week's match day to a date of their own
    # ("/ertele 5 14 Şubat 15:10"), still to play.
    moved: tuple[PlannedMatch, ...] = ()
    # Whole weeks off the day the season's rhythm gave them (/hafta_ertele), still to play.
    weeks: tuple[weekmoves.MovedWeek, ...] = ()


@dataclass(frozen=True)
class OpponentsAnswer:
    """ "gruptaki rakiplerimiz kimler": the other teams of `team`'s group (or league)."""

    team: str | None
    group: str | None  # None: one league (one group), named by the tournament
    teams: tuple[str, ...]
    name: str = ""


@dataclass(frozen=True)
class PlaceAnswer:
    """ "kaçıncıyız": `team`'s place and points, and the gap to the place above; once the
    team plays no more, `final` is where it finished (ask.Answer.place's values)."""

    team: str
    rank: int
    points: int
    played: int
    group: str | None
    teams: int
    above: str | None = None  # the team one place up
    behind: int = 0  # points behind the leader
    final: str | None = None


@dataclass(frozen=True)
class WeekAnswer:
    """A season league's match week: "3. hafta ne zaman", "bu hafta kiminle", "kaç hafta
    kaldı". `week` None: no such week (`asked` as the question named it); `team` the
    asker's (or named) team and `match` its match that week (None: a bye, or no team)."""

    asked: int | str | None
    week: int | None
    matches: tuple[PlannedMatch, ...]
    team: str | None = None
    match: PlannedMatch | None = None
    weeks: int = 0  # the season's match weeks
    left: int = 0  # match weeks with a match still to play
    left_matches: int = 0
    next_week: int | None = None  # the coming match week
    next_day: date | None = None  # its match day ("haftaya maç yok": the one after)
    # The week's results so far (a forfeit too: a match decided, not one to come).
    scores: tuple[tuple[int, Score], ...] = ()
    # Matches waiting for a date (/ertele 14 belirsiz): the week's, and the season's.
    undated: tuple[PlannedMatch, ...] = ()
    waiting: tuple[PlannedMatch, ...] = ()

    @property
    def postponed(self) -> PlannedMatch | None:
        """The team's match of the week when it waits for a date (not a bye)."""
        mine = (m for m in self.undated if self.team is not None and m.involves(self.team))
        return next(mine, None)

    def score(self, match: PlannedMatch) -> Score | None:
        return next((s for no, s in self.scores if no == match.no), None)


def week_answer(
    snap: snapshots.Snapshot, asked: int | str | None, team: str | None, now: datetime
) -> WeekAnswer:
    """`asked` a week number, questions.THIS_WEEK / NEXT_WEEK, or None (the coming week)."""
    weeks: dict[int, list[PlannedMatch]] = {}
    for m in snap.matches:
        if m.match.week is not None:
            weeks.setdefault(m.match.week, []).append(m.match)
    played = {m.match.no for m in snap.matches if m.result is not None}
    to_come = [w for w in sorted(weeks) if any(m.end > now for m in weeks[w])]
    # Weeks to play: a match still to come and to play (a past week's missing result is no
    # week left to play).
    still = [w for w in to_come if any(m.no not in played for m in weeks[w])]
    coming = to_come[0] if to_come else None
    today = now.astimezone(snap.zone).date()
    monday = today - timedelta(days=today.weekday())

    def dated(lo: date, hi: date, among: list[int] = to_come) -> int | None:
        return next((w for w in among if lo <= weeks[w][0].start.date() <= hi), None)

    waiting = snap.waiting()
    if isinstance(asked, int):  # a week whose every match waits for a date is a week too
        week = asked if asked in weeks or any(m.week == asked for m in waiting) else None
    elif asked in (questions.THIS_WEEK, questions.NEXT_WEEK):
        lo = monday + timedelta(days=0 if asked == questions.THIS_WEEK else 7)
        week = dated(lo, lo + timedelta(days=6), sorted(weeks))  # this week's, played too
        if week is None:  # "haftaya maç yok": the one after it, not the coming one
            coming = dated(lo, date.max)
    elif asked == questions.LAST_WEEK:
        week = max(weeks, default=None)
    else:
        week = coming
    day = tuple(sorted(weeks.get(week, ()), key=lambda m: (m.start, m.no))) if week else ()
    match = next((m for m in day if team is not None and m.involves(team)), None)
    return WeekAnswer(
        asked=asked,
        week=week,
        matches=day,
        team=team,
        match=match,
        weeks=len(set(weeks) | {m.week for m in waiting if m.week is not None}),
        left=len(still),
        left_matches=sum(1 for w in still for m in weeks[w] if m.no not in played),
        next_week=coming,
        next_day=_first_day(snap, weeks[coming]) if coming else None,
        scores=tuple(
            (m.match.no, m.result)
            for m in snap.matches
            if m.result is not None and m.match.week == week and week is not None
        ),
        undated=tuple(m for m in waiting if week is not None and m.week == week),
        waiting=waiting,
    )


def _first_day(snap: snapshots.Snapshot, matches: list[PlannedMatch]) -> date:
    return min(m.start for m in matches).astimezone(snap.zone).date()


@dataclass(frozen=True)
class NoWeeks:
    """A match week asked about in a tournament played in one day."""

    name: str


def _today(snap: snapshots.Snapshot, now: datetime) -> date:
    return now.astimezone(snap.zone).date()


def count_answer(
    snap: snapshots.Snapshot, team: str | None, what: str, now: datetime
) -> CountAnswer:
    """`what` one of COUNTS; with `team` None, the tournament's matches ("teams": its
    teams)."""
    if what == "teams":  # "ligde kaç takım var"
        return CountAnswer(what, None, len(snap.teams))
    rows = [m for m in snap.matches if team is None or m.match.involves(team)]
    day = None
    if what == "today":
        day = _today(snap, now)
        rows = [m for m in rows if m.match.start.astimezone(snap.zone).date() == day]
    elif what == "left":
        rows = [m for m in rows if m.result is None]
    elif what == "group":
        rows = [m for m in rows if not m.match.stage.is_knockout]
    elif what == "played":
        rows = [m for m in rows if m.result is not None]
    played = sum(1 for m in rows if m.result is not None)
    # A match waiting for a date is still one of the tournament's, and still to play.
    undated = 0
    if what in ("left", "group", "total"):
        waits = snap.waiting(team)
        undated = sum(1 for m in waits if what != "group" or not m.stage.is_knockout)
    over = sum(1 for m in rows if m.result is None and m.match.end <= now) if what == "left" else 0
    return CountAnswer(what, team, len(rows) + undated, played, day, undated, over)


def dates_answer(snap: snapshots.Snapshot, team: str | None, what: str) -> DatesAnswer:
    """The last match of the tournament, or with `team` the team's last known match."""
    seasonal = any(m.match.week is not None for m in snap.matches)
    rows = [m for m in snap.matches if team is None or m.match.involves(team)]
    last = max(rows, key=lambda m: (m.match.end, m.match.no), default=None)
    waiting = snap.waiting(team)
    if last is None:
        return DatesAnswer(what, snap.tournament.name, team, None, seasonal, undated=waiting)
    over = last.result is not None
    return DatesAnswer(what, snap.tournament.name, team, last.match, seasonal, over, waiting)


def postponed_answer(snap: snapshots.Snapshot, team: str | None, now: datetime) -> PostponedAnswer:
    undated = snap.waiting(team)
    coming = [
        m.match
        for m in snap.matches
        if m.result is None and m.match.end > now and (team is None or m.match.involves(team))
    ]
    first = min(coming, key=lambda m: (m.start, m.no), default=None)
    moved = tuple(m for m in weekmoves.off_their_week(snap.planned, snap.zone) if m in coming)
    season = snap.tournament.settings.season
    rhythm = None if season is None else season.calendar()
    weeks = [] if rhythm is None else weekmoves.moved_weeks(snap.planned, rhythm, snap.zone)
    ahead = {m.week for m in coming}  # `coming`: the team's, when one is asked about
    return PostponedAnswer(team, undated, first, moved, tuple(w for w in weeks if w.week in ahead))


def opponents_answer(
    snap: snapshots.Snapshot, team: str | None, label: str | None = None
) -> OpponentsAnswer:
    """The group named by `label` ("A"), else `team`'s group, else every team."""
    named = next((g for g in snap.groups if g.label == label), None)
    if named is not None and (team is None or team not in named.teams):
        return OpponentsAnswer(None, named.label, named.teams, snap.tournament.name)
    group = snap.group_of(team) if team else None
    if group is None:
        group = snap.groups[0] if len(snap.groups) == 1 else None
    if group is None:
        return OpponentsAnswer(team, None, snap.teams, snap.tournament.name)
    label = group.label if len(snap.groups) > 1 else None
    others = tuple(t for t in group.teams if t != team)
    return OpponentsAnswer(team, label, others, snap.tournament.name)


def place_answer(snap: snapshots.Snapshot, team: str) -> PlaceAnswer | None:
    """None for a team in no group (a pure knockout): the table has no place for it."""
    group = snap.group_of(team)
    if group is None:
        return None
    table = snap.table(group.label)
    row = table.row(team)
    above = table.rows[row.rank - 2].team if row.rank > 1 else None
    plays_on = any(m.result is None and m.match.involves(team) for m in snap.matches)
    knockout = any(m.match.stage.is_knockout for m in snap.matches)
    final = None
    if not plays_on and snap.group_finished(group.label):  # else the others may pass it
        final = final_place(snap.play, team)
        if final is None and not knockout and snap.group_finished(group.label):
            final = f"group:{row.rank}"
    leader = table.rows[0].points if table.rows else row.points
    return PlaceAnswer(
        team=team,
        rank=row.rank,
        points=row.points,
        played=row.played,
        group=group.label if len(snap.groups) > 1 else None,
        teams=len(table.rows),
        above=above,
        behind=leader - row.points,
        final=final,
    )


FactAnswer = CountAnswer | DatesAnswer | PostponedAnswer | OpponentsAnswer | PlaceAnswer | NoWeeks
# The questions answered here rather than from the team's next match.
INTENTS = frozenset(
    {intents.Intent.COUNT, intents.Intent.DATES, intents.Intent.POSTPONED, intents.Intent.OPPONENTS}
)
# Counted over the tournament unless asked in the first person ("kaç maçımız kaldı").
_OURS_BY_DEFAULT = frozenset({"left", "group", "played"})


def team_named(hint: str, teams: tuple[str, ...]) -> str:
    """'Kartalların maçı kaçta' names Kartallar: the hint, then without its case ending."""
    for form in questions.hint_forms(hint):
        try:
            return names.resolve(form, teams)
        except names.UnknownTeam:
            continue
    raise names.UnknownTeam(hint, ())


def stray(hint: str, teams: tuple[str, ...]) -> bool:
    """Whether a knockout question's other words are chat, not a team: "sizce final kim
    alır" (a word of three letters or more that is neither known nor a team's)."""
    if not any(len(w) >= 3 and analyse(w) is None for w in hint.split()):
        return False  # "finalin saati belli mi", "final e kim kaldı"
    try:
        team_named(hint, teams)
    except names.UnknownTeam:
        return True
    except names.AmbiguousTeam:
        return False
    return False


async def respond(
    uow: UnitOfWork,
    snap: snapshots.Snapshot,
    user_id: int,
    question: questions.Question,
    now: datetime,
) -> FactAnswer:
    """The answer to a question of INTENTS about the named team, else the asker's team
    when the question is theirs ("maçımız ertelendi mi"), else the tournament's."""
    team: str | None = None
    if question.team_hint:
        try:
            team = team_named(question.team_hint, snap.teams)
        except names.UnknownTeam:
            team = None  # "yağmur yüzünden maç iptal mi": the words name no team
    ours = question.personal or question.detail in _OURS_BY_DEFAULT
    if team is None and (ours or question.intent is intents.Intent.OPPONENTS):
        team = await uow.teams.captain_of(snap.id, user_id)
    match question.intent:
        case intents.Intent.COUNT:
            return count_answer(snap, team, question.detail or "total", now)
        case intents.Intent.DATES:
            return dates_answer(snap, team, question.detail or "end")
        case intents.Intent.POSTPONED:
            return postponed_answer(snap, team, now)
    return opponents_answer(snap, team, question.detail)


def finished_place(snap: snapshots.Snapshot, team: str) -> str | None:
    """final_place, its group's rank "open:3" while the group's other matches go on, and
    "league:3" for a league's (one group, no knockout)."""
    place = final_place(snap.play, team)
    group = snap.group_of(team)
    if place is None or not place.startswith("group:") or group is None:
        return place
    if not snap.group_finished(group.label):
        return f"open:{place[6:]}"
    league = len(snap.groups) == 1 and not any(m.match.stage.is_knockout for m in snap.matches)
    return f"league:{place[6:]}" if league else place
