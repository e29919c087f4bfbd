"""The match day of the end-to-end tests that set a day up on the bot's real clock.

A fixed day without a year ("6 Aralık") means the next such day, today included
(domain/when.py): typed on that very day after its hour it is a kick-off already past, so
the set-up is refused and every test built on it fails for the rest of that day, once a
year. A week from today (Istanbul time, the bot's) is always ahead, and never today.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

MONTHS = (
    "Ocak",
    "Şubat",
    "Mart",
    "Nisan",
    "Mayıs",
    "Haziran",
    "Temmuz",
    "Ağustos",
    "Eylül",
    "Ekim",
    "Kasım",
    "Aralık",
)


def days_ahead(days: int) -> str:
    """The day `days` from today in Istanbul, as an organiser types it: "13 Aralık"."""
    moment = datetime.now(ZoneInfo("Europe/Istanbul")) + timedelta(days=days)
    return f"{moment.day} {MONTHS[moment.month - 1]}"


SOON = days_ahead(7)  # the tests' match day, where they once said "6 Aralık"
