"""Which reminders a plan wants, as rows keyed by (match, recipient, kind).

The set is *derived*: storage writes it in the same transaction as any change to the plan,
the captains, the leads or the reachable users, so a delay or a new captain can never leave
a stale reminder behind. See docs/reminders.md for the kinds and who receives them.

Time arithmetic goes through UTC: an aware datetime minus a timedelta in the same zone is
wall-clock arithmetic in Python, which a DST change would bend.

A season league (matches carrying their `week`) adds, per match day: the group's message
the evening before (`aksam`, at `Audience.evening` on the day before, keyed on the day's
first match; a match dated onto a day of its own gets its own), one result nudge after
the day's last match (`sonuclar`, keyed on it) and the unreachable-captains list of that
day's teams (keyed on its first match).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from domain.model import PlannedMatch

GROUP, CAPTAIN, NUDGE, UNREACHABLE = "grup", "kaptan", "sonuc", "ulasilamaz"
EVENING, DAY_NUDGE = "aksam", "sonuclar"  # a season's match day: the evening before, after it
UNDATED = "tarihsiz"  # "tarihsiz:14": match 14 has waited a week for a date (/ertele 14 belirsiz)
UNDATED_AFTER = timedelta(days=7)


@dataclass(frozen=True, order=True)
class Wanted:
    """One reminder row; (match_no, recipient, kind) is its unique key."""

    match_no: int
    recipient: int
    kind: str  # "grup:30", "kaptan:60", "sonuc", "ulasilamaz"
    due: datetime  # aware; the nominal time, late ones keep it (the claim checks it)


@dataclass(frozen=True)
class Audience:
    """Who may be told what: the tournament's chat, people and lead times (minutes)."""

    chat_id: int  # the group chat
    organiser: int  # the tournament's creator
    captains: Mapping[str, Sequence[int]]  # team name (as in the plan) -> captain user ids
    reachable: Set[int]  # users who started the bot in private
    group_leads: tuple[int, ...] = (30,)
    captain_leads: tuple[int, ...] = (60,)
    nudge_after: int = 10  # minutes after the planned end
    evening: time | None = None  # a season: the group's message the evening before, at this

    @property
    def organiser_or_group(self) -> int:
        """Nudges and the unreachable list go privately when possible, else to the group."""
        return self.organiser if self.organiser in self.reachable else self.chat_id


def wanted(
    matches: Sequence[PlannedMatch],
    played: Set[int],
    audience: Audience,
    now: datetime,
    undated: Sequence[tuple[int, datetime]] = (),
) -> list[Wanted]:
    """Every reminder the plan wants at `now`, sorted, one per (match, recipient, kind).

    Group and captain reminders only for unplayed matches that have not kicked off; of the
    leads already past for a match and recipient only the smallest is kept, so a late plan
    sends at most one late reminder instead of a pile. Nudges for every unplayed match. The
    unreachable-captains list once per tournament, due with its first reminder; in a
    season league (`week` set) see `_season` instead for the evening, nudge and list.
    `undated`: (number, since) of the matches out of the plan until they get a date; see
    `undated_nudges`.
    """
    if any(m.week is not None for m in matches):
        rows = _season(matches, played, audience, now)
    else:
        rows = _one_day(matches, played, audience, now)
    return sorted([*rows, *undated_nudges(matches, undated, audience)])


def undated_nudges(
    matches: Sequence[PlannedMatch], undated: Sequence[tuple[int, datetime]], audience: Audience
) -> list[Wanted]:
    """One nudge per match waiting for a date, UNDATED_AFTER after it was left so, to the
    organiser (else the group): kind "tarihsiz:14". The match itself is out of the plan,
    so the row is keyed on the plan's first match, which stays in it; the key is the same
    at every sync, so the nudge goes once (a sent row is never added again)."""
    if not matches:
        return []
    anchor = min(m.no for m in matches)
    return [
        Wanted(
            anchor,
            audience.organiser_or_group,
            f"{UNDATED}:{no}",
            _plus(since, UNDATED_AFTER // timedelta(minutes=1)),
        )
        for no, since in sorted(set(undated))
    ]


def _one_day(
    matches: Sequence[PlannedMatch],
    played: Set[int],
    audience: Audience,
    now: datetime,
) -> list[Wanted]:
    now_utc = now.astimezone(UTC)
    open_matches = [m for m in matches if m.no not in played]
    upcoming = [m for m in open_matches if m.start.astimezone(UTC) > now_utc]
    out: dict[tuple[int, int, str], Wanted] = {}

    def add(item: Wanted) -> None:
        out.setdefault((item.match_no, item.recipient, item.kind), item)

    slot_owner: dict[datetime, PlannedMatch] = {}
    for m in upcoming:
        start = m.start.astimezone(UTC)
        if start not in slot_owner or m.no < slot_owner[start].no:
            slot_owner[start] = m
    for m in slot_owner.values():
        for lead, due in _kept_leads(m.start, audience.group_leads, now_utc):
            add(Wanted(m.no, audience.chat_id, f"{GROUP}:{lead}", due))

    first_due = _earliest(w.due for w in out.values())
    for m in upcoming:
        if m.home is None or m.away is None:
            continue  # a knockout tie gets its captain reminders once both sides are known
        leads = _kept_leads(m.start, audience.captain_leads, now_utc)
        for captain in sorted(set(_captains_of(audience, (m.home, m.away)))):
            for lead, due in leads:
                first_due = _earliest((first_due, due))
                if captain in audience.reachable:
                    add(Wanted(m.no, captain, f"{CAPTAIN}:{lead}", due))

    nudged = audience.organiser_or_group
    for m in open_matches:
        add(Wanted(m.no, nudged, NUDGE, _plus(m.end, audience.nudge_after)))

    if (
        matches
        and first_due is not None
        and audience.captain_leads
        and unreachable(matches, played, audience, now=now)
    ):
        first_no = min(m.no for m in matches)
        add(Wanted(first_no, nudged, UNREACHABLE, first_due))
    return sorted(out.values())


def _season(
    matches: Sequence[PlannedMatch],
    played: Set[int],
    audience: Audience,
    now: datetime,
) -> list[Wanted]:
    """A season league's rows: the slot and captain reminders as on one day (only the
    leads set), plus per match day the evening message, one nudge and one list."""
    single = [m for m in matches if m.week is None]
    out = {(w.match_no, w.recipient, w.kind): w for w in _one_day(single, played, audience, now)}
    weeks: dict[int, list[PlannedMatch]] = {}
    for m in matches:
        if m.week is not None:
            weeks.setdefault(m.week, []).append(m)
    nudged = audience.organiser_or_group
    for week in sorted(weeks):
        day = sorted(weeks[week], key=lambda m: (m.start.astimezone(UTC), m.no))
        first = day[0]
        for w in _one_day(day, played, audience, now):
            if w.kind not in (NUDGE, UNREACHABLE):
                out.setdefault((w.match_no, w.recipient, w.kind), w)
        open_ = [m for m in day if m.no not in played]
        if open_:
            last = max(day, key=lambda m: (m.end.astimezone(UTC), m.no))
            due = _plus(last.end, audience.nudge_after)
            out.setdefault((last.no, nudged, DAY_NUDGE), Wanted(last.no, nudged, DAY_NUDGE, due))
        dues = [w.due for w in out.values() if w.match_no in {m.no for m in day}]
        first_due = _earliest(dues)
        if (
            first_due is not None
            and audience.captain_leads
            and unreachable(day, played, audience, now=now)
        ):
            out.setdefault(
                (first.no, nudged, UNREACHABLE), Wanted(first.no, nudged, UNREACHABLE, first_due)
            )
    for w in _evenings([m for m in matches if m.week is not None], played, audience, now):
        out.setdefault((w.match_no, w.recipient, w.kind), w)
    return sorted(out.values())


def _evenings(
    matches: Sequence[PlannedMatch], played: Set[int], audience: Audience, now: datetime
) -> list[Wanted]:
    """The evening message before each day with a match still to play: per calendar day,
    not per week, so a match dated onto a day of its own is announced too; keyed on the
    day's first match of the week most of its matches belong to."""
    if audience.evening is None:
        return []
    now_utc = now.astimezone(UTC)
    days: dict[date, list[PlannedMatch]] = {}
    for m in matches:
        days.setdefault(m.start.date(), []).append(m)
    out = []
    for on, day in sorted(days.items()):
        day.sort(key=lambda m: (m.start.astimezone(UTC), m.no))
        first = day[0]
        if first.start.astimezone(UTC) <= now_utc or all(m.no in played for m in day):
            continue
        weeks = [m.week for m in day]
        week = max(dict.fromkeys(weeks), key=weeks.count)  # ties: the earliest kick-off's
        keyed = next(m for m in day if m.week == week)
        eve = datetime.combine(on - timedelta(days=1), audience.evening, first.start.tzinfo)
        # Late (the set-up came after that evening): still sent, unless it is match day.
        late = eve.astimezone(UTC) < now_utc and now.astimezone(eve.tzinfo).date() >= on
        if eve.astimezone(UTC) < first.start.astimezone(UTC) and not late:
            out.append(Wanted(keyed.no, audience.chat_id, EVENING, eve))
    return out


def kind_lead(kind: str) -> int | None:
    """The lead in minutes of a "grup:30" / "kaptan:60" kind; None for kinds without one."""
    _, sep, lead = kind.partition(":")
    if not sep or not (lead.isascii() and lead.isdigit()):
        return None
    return int(lead)


def unreachable(
    matches: Sequence[PlannedMatch],
    played: Set[int],
    audience: Audience,
    *,
    now: datetime | None = None,
) -> list[tuple[str, int]]:
    """(team, captain id) of captains who would miss reminders because the bot cannot write
    to them in private, for the organiser's list; sorted, each pair once.

    Only teams of unplayed matches (and, given `now`, not yet kicked off) count: a captain
    whose matches are all over needs no reminder.
    """
    now_utc = now.astimezone(UTC) if now is not None else None
    teams: set[str] = set()
    for m in matches:
        if m.no in played or (now_utc is not None and m.start.astimezone(UTC) <= now_utc):
            continue
        teams.update(t for t in (m.home, m.away) if t is not None)
    return sorted(
        {
            (team, captain)
            for team in teams
            for captain in audience.captains.get(team, ())
            if captain not in audience.reachable
        }
    )


def _captains_of(audience: Audience, teams: Iterable[str]) -> list[int]:
    return [c for team in teams for c in audience.captains.get(team, ())]


def _kept_leads(
    start: datetime, leads: Iterable[int], now_utc: datetime
) -> list[tuple[int, datetime]]:
    """(lead, due) for the leads still to come plus the smallest one already past.

    Non-positive leads are ignored: a reminder at or after kick-off is never useful (the
    sender drops reminders of matches that have kicked off).
    """
    kept: list[tuple[int, datetime]] = []
    late: tuple[int, datetime] | None = None
    for lead in sorted({lead for lead in leads if lead > 0}):
        due = _plus(start, -lead)
        if due.astimezone(UTC) >= now_utc:
            kept.append((lead, due))
        elif late is None:
            late = (lead, due)
    if late is not None:
        kept.append(late)
    return kept


def _earliest(moments: Iterable[datetime | None]) -> datetime | None:
    """The first instant (compared in UTC, so a DST fold cannot fool it); None if none."""
    return min((m for m in moments if m is not None), key=lambda m: m.astimezone(UTC), default=None)


def _plus(moment: datetime, minutes: int) -> datetime:
    """`moment` + minutes of real time, in `moment`'s zone."""
    return (moment.astimezone(UTC) + timedelta(minutes=minutes)).astimezone(moment.tzinfo)
