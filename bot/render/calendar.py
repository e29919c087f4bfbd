"""iCalendar (RFC 5545) of a team's matches or all of them, in the tournament's time zone.

Each event's UID is the tournament id and match number, so a phone re-importing the file
updates its events instead of doubling them; SEQUENCE is the match's stored version, which
grows whenever a delay moves the match (or a result is written).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.texts import files, season
from bot.texts.common import side, stage_label
from bot.texts.fixture import score_text
from bot.usecases.snapshots import Snapshot
from domain.selection import by_week


def uid(tournament_id: int, match_no: int) -> str:
    return f"{tournament_id}-{match_no}@turnuva"


REFRESH = "PT15M"  # how often a subscribed calendar asks again (RFC 7986, and Outlook's)
REFRESH_EVERY = timedelta(minutes=15)


def ics(snap: Snapshot, stamp: datetime, team: str | None = None) -> bytes:
    """`stamp` (aware) is DTSTAMP: when the file was made. The same file is the /takvim
    attachment and the webcal:// subscription, which phones re-read every REFRESH: a
    delay, /ertele or a postponed week keeps each event's UID and raises its SEQUENCE, and
    an ended tournament keeps its past events."""
    # Imported on the first calendar, not with this module: the bot process imports the
    # module with /takvim's handler and the web app, and most runs never make a calendar.
    from icalendar import Calendar, Event

    zone = snap.zone
    cal = Calendar()
    cal.add("prodid", "-//Turnuva Botu//tr")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    name = snap.tournament.name
    title = files.CALENDAR_TEAM_NAME.format(name=name, team=team) if team else name
    cal.add("x-wr-calname", title)
    cal.add("x-wr-timezone", str(zone.key))
    cal.add("refresh-interval", REFRESH_EVERY, parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", REFRESH)
    weeks = {
        m.no: files.week_heading(w.number, w.day)
        for w in by_week([(s.match, s.result) for s in snap.matches], zone)
        for m, _ in w.rows
    }
    for stored in snap.matches:
        m = stored.match
        if team is not None and not m.involves(team):
            continue
        event = Event()
        event.add("uid", uid(snap.id, m.no))
        event.add("sequence", stored.version)
        event.add("dtstamp", stamp)
        event.add("dtstart", m.start.astimezone(zone))
        event.add("dtend", m.end.astimezone(zone))
        label = stage_label(m) if m.week is None else season.week_label(m.week)
        event.add("summary", files.event_summary(side(m, True), side(m, False), label))
        event.add("location", m.pitch)
        score = score_text(stored.result) if stored.result else None
        event.add("description", files.event_description(name, m.no, score, weeks.get(m.no)))
        cal.add_component(event)
    cal.add_missing_timezones()
    return cal.to_ical()


def count(snap: Snapshot, team: str | None = None) -> int:
    return sum(1 for s in snap.matches if team is None or s.match.involves(team))
