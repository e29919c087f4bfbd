"""Moments as people say them, on the tournament's clock: "bugün 14:30", "yarın 09:00".

Nobody in a group chat wants to work out what "(96 sa 42 dk sonra)" means, so a kick-off
is named by its day and clock time; a count is added only while it is short enough to
be useful (under MAX_COUNTED_HOURS), and a match under way is "şimdi oynanıyor".

    same day                 bugün 14:30           (45 dk sonra) / (2 sa 15 dk sonra)
    the next day             yarın 09:00
    within the coming week   Cumartesi 09:50
    later, or in the past    12 Aralık Cumartesi 09:50 (with the year if not this one)
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, tzinfo

from bot.texts.common import MONTHS, WEEKDAYS, duration, hm

__all__ = ["MAX_COUNTED_HOURS", "day_word", "kickoff", "when"]

# Beyond this, "(13 sa sonra)" is arithmetic for the reader: the day word says it better.
MAX_COUNTED_HOURS = 12
# Within this many days ahead the weekday alone is clear ("Cumartesi").
WEEK_DAYS = 6


def day_word(moment: datetime, now: datetime, zone: tzinfo) -> str:
    """ "bugün", "yarın", "dün", the weekday within the coming week, else the date."""
    day, today = moment.astimezone(zone).date(), now.astimezone(zone).date()
    ahead = (day - today).days
    if ahead == 0:
        return "bugün"
    if ahead == 1:
        return "yarın"
    if ahead == -1:
        return "dün"
    if 1 < ahead <= WEEK_DAYS:
        return WEEKDAYS[day.weekday()]
    date = f"{day.day} {MONTHS[day.month - 1]}"
    if day.year != today.year:
        date += f" {day.year}"
    return f"{date} {WEEKDAYS[day.weekday()]}"


def kickoff(moment: datetime, now: datetime, zone: tzinfo) -> str:
    """The day word and the clock time: "bugün 14:30", "yarın 09:00", "Cumartesi 09:50"."""
    return f"{day_word(moment, now, zone)} {hm(moment.astimezone(zone))}"


def when(start: datetime, now: datetime, zone: tzinfo, end: datetime | None = None) -> str:
    """A match's start relative to `now`: "şimdi oynanıyor" between `start` and `end`,
    else `kickoff`, with "(45 dk sonra)" while fewer than MAX_COUNTED_HOURS remain."""
    if end is not None and start <= now < end:
        return "şimdi oynanıyor"
    said = kickoff(start, now, zone)
    left = start - now
    if timedelta(0) < left < timedelta(hours=MAX_COUNTED_HOURS):
        minutes = max(1, int(left.total_seconds() // 60))
        said += f" ({duration(minutes)} sonra)"
    return said


def zone_of(moment: datetime) -> tzinfo:
    """The time zone a match's times are told in (UTC for a naive moment)."""
    return moment.tzinfo or UTC
