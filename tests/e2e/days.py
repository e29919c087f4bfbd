"""The calendar of the end-to-end tests: the shared bot's clock, and the match day they type.

The session's bot (conftest.py `bot`) reads SESSION_START as the time when it starts, and
its clock runs on from there: what its tests type without a year ("iki haftada bir pazar",
"17 ocakta") and the dates they expect back ("3. hafta: 3 Ocak → 17 Ocak") mean the same
days whenever the suite runs. On its real clock they did not: a fixed "6 Aralık" is a
kick-off already past on 6 December after its hour; a league created on a Saturday
evening got the evening-before message of its first Sunday in the middle of a test.
SESSION_START is a Wednesday noon: the next Sunday is four days off, no reminder falls
due while the suite runs, and SOON (a week on) is a match day ahead of every test.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.texts.common import MONTHS

IST = ZoneInfo("Europe/Istanbul")
SESSION_START = datetime(2026, 12, 2, 12, 0, tzinfo=IST)


def days_ahead(days: int, start: datetime = SESSION_START) -> str:
    """The day `days` after `start`, as an organiser types it: "9 Aralık"."""
    moment = start + timedelta(days=days)
    return f"{moment.day} {MONTHS[moment.month - 1]}"


SOON = days_ahead(7)  # the tests' match day, where they once said "6 Aralık"
